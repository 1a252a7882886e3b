"""A resumed game's trays read from scratch once (``tableside bench resume``).

On a resume the app follows the trays from the journal's counts, which are not sure until
the players confirm them or the camera reads them from scratch: at the first still moment
:class:`ui.app.follow_feed.FollowFeed` counts every tray once with the agreement counter
(``RESUME_COUNTER``) and makes sure the trays it is sure of that hold the journal's counts
(issue 28 item 1; docs/vision.md "A counter that sees cubes", sixth round).

Each set-up of the seeded set ``resume`` (:mod:`vision.table_sets`: 37 000 000 + k, never
tuned on) is calibrated from its own picture; each of its frames is one resume: the table
as rendered (hands, light, tilt 20-60 degrees, stacks as the set draws them), and a
journal that says what the table holds except on about one tray in seven, where a marker
came or went while the app was off (:data:`CHANGED`). The real FollowFeed and follower are
fed the frame until the still moment. Printed: trays the resume makes sure, and of the easy
ones (tilt <= 40 degrees, light not dim, no hand over the tray), sure but wrong (the
followed state, and the read from scratch alone), changed trays caught, the CPU of the
still moment that reads from scratch against the same moment without that read, the read
alone, and the memory its two networks take.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ui.commands.bench import Figure
from vision.calibration import calibrate
from vision.errors import CalibrationFailed
from vision.geometry import COLOURS, load_board, load_tokens
from vision.table_sets import RESUME, walk

NAME = "resume"
DESCRIPTION = "camera: a resumed game's trays read from scratch once (sure, wrong, CPU)"

CHANGED = 0.15
"""Share of trays whose journal count differs from the table by one marker."""
EASY_TILT = 40.0


class Frames:
    """A frame source that gives one picture again and again."""

    name = "resume frame"

    def __init__(self, image: np.ndarray) -> None:
        self.image = image

    def read(self) -> np.ndarray:
        return self.image.copy()

    def close(self) -> None:
        pass


def journal_of(truth: dict[str, dict[str, int]], rng: np.random.Generator) -> dict[str, Any]:
    """The journal's tray counts: the table's, one marker more or fewer on some trays."""
    out = {}
    for side, counts in truth.items():
        mine = {c: int(counts.get(c, 0)) for c in COLOURS}
        if rng.random() < CHANGED:
            held = [c for c in COLOURS if mine[c]]
            if held and rng.random() < 0.5:
                mine[str(rng.choice(held))] -= 1
            else:
                mine[str(rng.choice(COLOURS))] += 1
        out[side] = mine
    return out


def status_mb(key: str) -> float:
    """``VmRSS`` or ``VmHWM`` (the peak) of this process, MB."""
    status = Path("/proc/self/status").read_text("utf-8")
    line = next(x for x in status.splitlines() if x.startswith(f"{key}:"))
    return int(line.split()[1]) / 1024


def resume_memory(board: Any) -> tuple[float, float]:
    """(peak, kept) MB that a resume's read from scratch adds to a process that reads with
    the app's own counter: its two networks loaded and run on six trays, then dropped.
    Measured first, before any frame is rendered (the peak is the process's)."""
    from ui.app.follow_feed import RESUME_COUNTER
    from vision.counter import CounterModel, CubeCounter
    from vision.tray_crops import CROP_SIZE

    crops = {s: np.full((CROP_SIZE[1], CROP_SIZE[0], 3), 128, np.uint8) for s in range(6)}
    lifts = {s: (0.05, 84.0, 200.0) for s in range(6)}
    CubeCounter(board).read(crops, lifts)
    before = status_mb("VmRSS")
    peak = status_mb("VmHWM")
    name, point, journal = RESUME_COUNTER
    counter = CubeCounter(board, CounterModel.shipped(name, point))
    counter.read_agreeing(crops, lifts, CounterModel.shipped(name, journal).agreement or ())
    del counter
    return status_mb("VmHWM") - max(before, peak), status_mb("VmRSS") - before


def resume_once(
    reader: Any, image: np.ndarray, start: dict[str, Any], sure: bool
) -> tuple[Any, float]:
    """A FollowFeed started from ``start`` fed ``image`` until its still moment; (the feed,
    the CPU ms of the step that saw the still moment)."""
    from ui.app.follow_feed import FollowFeed
    from vision.feed import VisionFeed

    feed = FollowFeed(VisionFeed(reader, Frames(image)))  # type: ignore[arg-type]
    feed.start(start, sure=sure)
    follower = feed.follower
    assert follower is not None
    ms = 0.0
    for i in range(3):
        moments = follower.moments
        t0 = time.process_time()
        feed.step(image, float(i))
        if follower.moments > moments:
            ms = (time.process_time() - t0) * 1000
    return feed, ms


def run(quick: bool) -> list[Figure]:
    from vision.reader import TableReader

    cv2.setNumThreads(1)
    board, tokens = load_board("control-board"), load_tokens()
    setups = 8 if quick else RESUME.setups
    tally: Counter[str] = Counter()
    memory = resume_memory(board)
    with_read, without_read, read_ms = [], [], []
    for k, got in enumerate(walk(RESUME, board, tokens, setups=setups)):
        try:
            cal = calibrate([got.calibration], [board], tokens)
        except CalibrationFailed:
            tally["calibrations refused"] += 1
            continue
        reader = TableReader(cal)
        rng = np.random.default_rng(RESUME.setup_base + 500_000 + k)
        dim = got.setup.light == "dim"
        for image, truth in got.frames:
            table = {s: {c: int(n) for c, n in v.items()} for s, v in truth["counts"].items()}
            journal = journal_of(table, rng)
            feed, ms = resume_once(reader, image, journal, sure=False)
            tally["resumes"] += 1
            tally["resumes read"] += bool(feed.resume_outcome)
            _, base = resume_once(reader, image, journal, sure=True)
            with_read.append(ms)
            without_read.append(base)
            if feed.resume_ms is not None:
                read_ms.append(feed.resume_ms)
            shown = feed.snapshot()
            for side, outcome in feed.resume_outcome.items():
                right = {c: table[side].get(c, 0) for c in COLOURS}
                changed = journal[side] != right
                easy = (
                    got.setup.tilt_deg <= EASY_TILT
                    and not dim
                    and int(side) not in truth["hand_over_trays"]
                )
                tray = shown[side]
                tally["trays"] += 1
                tally[f"outcome {outcome}"] += 1
                tally["easy"] += easy
                tally["easy, journal right"] += easy and not changed
                tally["easy, sure"] += easy and tray.sure
                tally["sure"] += tray.sure
                tally["sure but wrong"] += tray.sure and dict(tray.counts) != right
                if tray.sure and dict(tray.counts) != right:
                    print(
                        f"sure but wrong: set-up {k} side {side} ({got.setup.light}, "
                        f"{got.setup.tilt_deg:.0f} deg, easy {easy}): followed "
                        f"{ {c: n for c, n in tray.counts.items() if n} }, table "
                        f"{ {c: n for c, n in right.items() if n} }",
                        file=sys.stderr,
                    )
                scratch_sure = feed.resume_scratch.get(side, False)
                scratch = dict(tray.counts) if outcome == "resume-differs" else journal[side]
                tally["easy, sure but wrong"] += easy and tray.sure and dict(tray.counts) != right
                tally["easy, sure from scratch"] += easy and scratch_sure
                tally["sure from scratch"] += scratch_sure
                tally["sure from scratch, wrong"] += scratch_sure and scratch != right
                tally["easy, sure from scratch, wrong"] += (
                    easy and scratch_sure and scratch != right
                )
                tally["changed"] += changed
                tally["changed, caught"] += changed and outcome == "resume-differs"
                tally["changed, shown right"] += changed and dict(tray.counts) == right
    return figures(tally, with_read, without_read, read_ms, memory)


def figures(
    tally: Counter[str],
    with_read: list[float],
    without_read: list[float],
    read_ms: list[float],
    memory: tuple[float, float],
) -> list[Figure]:
    def share(a: str, b: str) -> float:
        return round(100 * tally[a] / max(1, tally[b]), 2)

    wrong = share("sure but wrong", "sure")
    return [
        Figure(
            "resumes read from scratch (the board registered at the still moment)",
            tally["resumes read"],
            "resumes",
            note=f"of {tally['resumes']}; {dict(tally)}",
        ),
        Figure("trays read on resume", tally["trays"], "trays"),
        Figure("easy trays sure after the resume read", share("easy, sure", "easy"), "%"),
        Figure(
            "... of easy trays whose journal count is right",
            share("easy, sure", "easy, journal right"),
            "%",
        ),
        Figure(
            "easy trays the read from scratch is sure of (target >= 50 %)",
            share("easy, sure from scratch", "easy"),
            "%",
            ">= 50 %",
            share("easy, sure from scratch", "easy") >= 50,
        ),
        Figure(
            "followed trays sure but wrong after the resume",
            wrong,
            "% of sure",
            "<= 0.2 %",
            wrong <= 0.2,
        ),
        Figure(
            "followed easy trays sure but wrong after the resume",
            share("easy, sure but wrong", "easy, sure"),
            "% of sure",
            "<= 0.5 %",
            share("easy, sure but wrong", "easy, sure") <= 0.5,
        ),
        Figure(
            "read from scratch: sure but wrong, easy trays",
            share("easy, sure from scratch, wrong", "easy, sure from scratch"),
            "% of sure",
            "<= 0.5 %",
            share("easy, sure from scratch, wrong", "easy, sure from scratch") <= 0.5,
        ),
        Figure(
            "read from scratch: sure but wrong, all trays",
            share("sure from scratch, wrong", "sure from scratch"),
            "% of sure",
        ),
        Figure(
            "trays changed while the app was off, caught", share("changed, caught", "changed"), "%"
        ),
        Figure(
            "still moment with the read from scratch: CPU (median, one core)",
            round(float(np.median(with_read)), 1) if with_read else 0.0,
            "ms",
            note=f"max {max(with_read, default=0):.1f} ms; once per resume",
        ),
        Figure(
            "the same still moment without it (median)",
            round(float(np.median(without_read)), 1) if without_read else 0.0,
            "ms",
            "<= 30 ms",
            bool(without_read) and float(np.median(without_read)) <= 30,
        ),
        Figure(
            "the read from scratch alone (median: six trays, its two networks loaded)",
            round(float(np.median(read_ms)), 1) if read_ms else 0.0,
            "ms",
        ),
        Figure(
            "memory the read from scratch adds: peak / kept after it",
            round(memory[0], 1),
            "MB",
            note=f"kept {memory[1]:.1f} MB (its networks are dropped after the read)",
        ),
    ]
