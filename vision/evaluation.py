"""Score a tray reader on a set of photo-like frames, per condition (``tableside bench vision``).

For every set-up the reader is calibrated from that set-up's calibration
picture (as a player would); a refused calibration is counted and the set-up's
frames are then read with a calibration from another set-up (the reader still
runs; its refusals are reported separately). Each frame is read on its own (no
voting), and each tray is one of:

* **declined**: no counts, or less sure than the reader's ``confirm_below``
  (the app leaves that tray's field to the players, "please check");
* **confidently wrong**: read with confidence but some colour's count is wrong
  (the dangerous case);
* **right**: read with confidence and every count right.

``cells wrong`` counts tray x colour cells whose reported number (confident or
not) differs from the truth, over cells with a reported number. A frame is
*exact* when all six trays are read with confidence and right.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from vision.errors import VisionError
from vision.geometry import COLOURS, Board
from vision.reader import TableReader
from vision.table_sets import SetupFrames

FRAME_CONDITIONS = ("tilt", "light", "blur", "hand", "floor", "table")


@dataclass
class Tally:
    trays: int = 0
    declined: int = 0
    confident: int = 0
    confident_wrong: int = 0
    cells: int = 0
    cells_wrong: int = 0
    frames: int = 0
    frames_exact: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def row(self) -> dict[str, float]:
        def pct(a: int, b: int) -> float:
            return round(100.0 * a / b, 2) if b else float("nan")

        return {
            "frames": self.frames,
            "trays": self.trays,
            "cells wrong %": pct(self.cells_wrong, self.cells),
            "frames exact %": pct(self.frames_exact, self.frames),
            "trays declined %": pct(self.declined, self.trays),
            "confidently wrong % of confident": pct(self.confident_wrong, self.confident),
            "confidently wrong (trays)": self.confident_wrong,
        }


@dataclass
class Report:
    total: Tally = field(default_factory=Tally)
    by: dict[str, dict[str, Tally]] = field(default_factory=lambda: defaultdict(dict))
    calibrations: int = 0
    calibrations_refused: int = 0
    refusals: list[str] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)

    def tally(self, condition: str, value: str) -> Tally:
        return self.by[condition].setdefault(value, Tally())


def tray_verdicts(
    reader: TableReader, image: np.ndarray, truth: dict[str, Any]
) -> tuple[dict[int, str], Tally]:
    """``{side: "declined"|"wrong"|"right"}`` for one frame, and its tally."""
    tally = Tally(frames=1)
    counts = {int(k): v for k, v in truth["counts"].items()}
    verdicts: dict[int, str] = {}
    try:
        reading = reader.read([image])
        trays = {t.side: t for t in reading.trays} if reading.status == "ok" else {}
    except VisionError:
        trays = {}
    for side, want in counts.items():
        tally.trays += 1
        tray = trays.get(side)
        got = None if tray is None else tray.counts
        if got is not None:
            tally.cells += len(COLOURS)
            tally.cells_wrong += sum(got.get(c, 0) != want.get(c, 0) for c in COLOURS)
        sure = tray is not None and got is not None and not tray.occluded
        if sure and hasattr(tray, "sure"):
            sure = tray.sure
        elif sure:  # a reader from before issue 11: what its camera feed trusted
            sure = min(tray.confidence.values(), default=0.0) >= reader.confirm_below
        if not sure:
            verdicts[side] = "declined"
            tally.declined += 1
            continue
        tally.confident += 1
        right = all(got.get(c, 0) == want.get(c, 0) for c in COLOURS)  # type: ignore[union-attr]
        verdicts[side] = "right" if right else "wrong"
        tally.confident_wrong += not right
    tally.frames_exact = int(all(v == "right" for v in verdicts.values()))
    return verdicts, tally


def evaluate(
    setups: Iterable[SetupFrames],
    board: Board,
    calibrate: Callable[[np.ndarray], TableReader],
    *,
    timing: bool = False,
) -> Report:
    """Calibrate on each set-up, read its frames, tally per condition."""
    report = Report()
    fallback: dict[tuple[str, str], TableReader] = {}
    any_reader: TableReader | None = None
    for item in setups:
        report.calibrations += 1
        cond = item.setup.conditions()
        try:
            reader = calibrate(item.calibration)
            fallback.setdefault((cond["light"], cond["floor"]), reader)
            any_reader = any_reader or reader
        except VisionError as exc:
            report.calibrations_refused += 1
            report.refusals.append(exc.message.english())
            reader = fallback.get((cond["light"], cond["floor"])) or any_reader  # type: ignore[assignment]
            if reader is None:
                continue
        for image, truth in item.frames:
            start = time.thread_time()
            verdicts, tally = tray_verdicts(reader, image, truth)
            if timing:
                report.cpu_ms.append(1000 * (time.thread_time() - start))
            report.total.add(tally)
            conditions = truth["conditions"]
            for name in FRAME_CONDITIONS:
                report.tally(name, str(conditions[name])).add(tally)
            for side, verdict in verdicts.items():
                one = Tally(trays=1)
                one.declined = int(verdict == "declined")
                one.confident = int(verdict != "declined")
                one.confident_wrong = int(verdict == "wrong")
                report.tally("arrangement", truth["arrangement"][str(side)]).add(one)
            coverage = (
                conditions["hand"] == "none"
                and conditions["light"] != "dim"
                and conditions["tilt"] in ("20-30 deg", "30-40 deg")
            )
            if coverage:
                report.tally("coverage set", "tilt <= 40, not dim, no hands").add(tally)
    return report


def format_report(report: Report, title: str) -> list[str]:
    """The report as an aligned text table, one row per condition value."""
    lines = [
        f"{title}: {report.total.frames} frames, {report.total.trays} trays; "
        f"calibrations refused {report.calibrations_refused} of {report.calibrations}"
    ]
    lines.append(
        f"{'condition':34} {'frames':>6} {'trays':>6} {'cells wrong':>11} {'frames exact':>12} "
        f"{'declined':>9} {'conf. wrong':>11} {'(trays)':>7}"
    )

    def line(name: str, t: Tally) -> str:
        r = t.row()
        return (
            f"{name:34} {r['frames']:>6} {r['trays']:>6} {_p(r['cells wrong %']):>11} "
            f"{_p(r['frames exact %']):>12} {_p(r['trays declined %']):>9} "
            f"{_p(r['confidently wrong % of confident']):>11} {r['confidently wrong (trays)']:>7}"
        )

    lines.append(line("all", report.total))
    for condition in (*FRAME_CONDITIONS, "arrangement", "coverage set"):
        for value, t in sorted(report.by.get(condition, {}).items()):
            lines.append(line(f"{condition}: {value}", t))
    return lines


def _p(v: float) -> str:
    return "-" if v != v else f"{v:.2f} %"
