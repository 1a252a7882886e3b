"""The reader the app calls: frames in, a voted :class:`Reading` out.

::

    reader = TableReader(from_json(data))      # builds the detector once
    reading = reader.read(frames)                     # a few frames from the camera
    if reading.needs_confirmation: ask the players (reading.reasons says why)

``read`` keeps only *still* frames (:mod:`vision.motion`); if hands move,
nothing is read. Each still frame is read on its own (trays by the tray counter,
:mod:`vision.counter`), then every tray x colour count, token place and the
priority marker side are voted over the frames. A count's confidence is (share
of frames agreeing) x (mean per-frame confidence). A tray is *sure* when it is
not covered, its board was registered surely (three or more stickers, not in a
line), every colour reaches the counter's tuned threshold and the counter's stack
guard saw no likely stacked cube in it in any frame; the app fills a tray's field
only when it is sure. Vision proposes; the players confirm
everything else ("please check").
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from rules.text import Msg, msg
from vision.calibration import Calibration, floor_mismatch
from vision.counter import CounterModel, CubeCounter, TrayRead
from vision.errors import CalibrationMismatch, CameraUnavailable
from vision.geometry import COLOURS
from vision.motion import MotionGate
from vision.registration import FiducialFinder, Registration
from vision.sources import FrameSource, grab
from vision.tokens import TokenRead, locate_tokens
from vision.tray_crops import camera_pose, tray_crops, tray_lifts, tray_mask


@dataclass
class FrameRead:
    """Everything read from one frame (before voting)."""

    registrations: dict[str, Registration]
    trays: dict[str, list[TrayRead]]
    tokens: list[TokenRead]


@dataclass
class TrayReading:
    board: str
    side: int
    colour: str | None
    counts: dict[str, int] | None
    confidence: dict[str, float]
    occluded: bool
    sure: bool = False
    """Read with enough confidence to fill the tray's field; otherwise "please check"."""

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "side": self.side,
            "colour": self.colour,
            "counts": self.counts,
            "total": None if self.counts is None else sum(self.counts.values()),
            "confidence": {k: round(v, 3) for k, v in self.confidence.items()},
            "occluded": self.occluded,
            "sure": self.sure,
        }


@dataclass
class Reading:
    """The voted result. ``status``: ``ok``, ``moving`` (hands moved: nothing read),
    ``no-board`` (no board's stickers seen), ``no-frames``, ``no-camera``; from
    :class:`vision.feed.VisionFeed` also ``mismatch`` (recalibrate) and ``error``."""

    status: str
    needs_confirmation: bool
    reasons: list[Msg] = field(default_factory=list)
    trays: list[TrayReading] = field(default_factory=list)
    tokens: list[TokenRead] = field(default_factory=list)
    priority_side: int | None = None
    priority_confidence: float = 0.0
    boards: dict[str, dict[str, Any]] = field(default_factory=dict)
    frames_total: int = 0
    frames_used: int = 0
    example_data: bool = False

    def counts(self, board: str | None = None) -> dict[int, dict[str, int] | None]:
        """``{side: {colour: n}}`` (``None`` for a tray that could not be read)."""
        return {t.side: t.counts for t in self.trays if board in (None, t.board)}

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "needs_confirmation": self.needs_confirmation,
            "reasons": [r.to_json() for r in self.reasons],
            "reasons_text": [r.english() for r in self.reasons],
            "frames_total": self.frames_total,
            "frames_used": self.frames_used,
            "boards": self.boards,
            "trays": [t.to_json() for t in self.trays],
            "priority_marker": None
            if self.priority_side is None
            else {"side": self.priority_side, "confidence": round(self.priority_confidence, 3)},
            "tokens": [t.to_json() for t in self.tokens],
            "example_data": self.example_data,
        }


FLOOR_MISMATCH = 30.0
"""Weighted Lab distance of a tray floor from its calibrated colour that counts as "not the
calibrated trays" (when five or more trays are that far off: another board, new floors)."""


class TableReader:
    """Reads trays, tokens and the priority marker with one calibration; reuse per frame."""

    def __init__(
        self,
        calibration: Calibration,
        *,
        min_still: int = 2,
        confirm_below: float = 0.75,
        model: CounterModel | None = None,
    ) -> None:
        self.calibration = calibration
        self.boards = {b.name: b for b in calibration.boards}
        self.finder = FiducialFinder(calibration.boards)
        self.gate = MotionGate()
        self.min_still = min_still
        self.confirm_below = confirm_below
        self.counters: dict[str, CubeCounter] = {
            b.name: CubeCounter(b, model) for b in calibration.boards if b.kind == "control-board"
        }
        self.tray_threshold = max(
            (c.model.threshold for c in self.counters.values()), default=confirm_below
        )
        self._masks = {name: tray_mask(c.board) > 0 for name, c in self.counters.items()}
        self._known_ids = {i for b in calibration.boards for i in b.fiducial_ids} | set(
            calibration.tokens.tokens
        )

    def read_frame(self, image: np.ndarray) -> FrameRead:
        """Read one frame as it is (no motion gate, no voting)."""
        self.calibration.check_frame(image)
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        found = self.finder.detect(grey)
        regs: dict[str, Registration] = {}
        for board in self.calibration.boards:
            reg = self.finder.register(grey, found, board)
            if reg is not None:
                regs[board.name] = reg
        if not regs:
            strangers = sorted(set(found.ids) - self._known_ids)
            if len(strangers) >= 2:
                raise CalibrationMismatch(
                    msg(
                        "The camera sees stickers {seen} but the calibration expects {expected}: "
                        "calibrate again for this board",
                        seen=strangers,
                        expected=sorted(i for b in self.calibration.boards for i in b.fiducial_ids),
                    )
                )
        tokens = locate_tokens(found, regs, self.boards, self.calibration.tokens)
        for token in tokens:
            if regs[token.board].unsure:
                token.confidence = min(token.confidence, 0.5)
        trays: dict[str, list[TrayRead]] = {}
        for name, counter in self.counters.items():
            if name not in regs:
                continue
            crops = tray_crops(image, found, regs[name], counter.board)
            far = [
                floor_mismatch(self.calibration, side, crop, self._masks[name]) > FLOOR_MISMATCH
                for side, crop in crops.items()
            ]
            if sum(far) >= 5:
                raise CalibrationMismatch(
                    msg(
                        "The trays of the {board} do not look like the calibrated ones: "
                        "calibrate again",
                        board=name,
                    )
                )
            pose = camera_pose(regs[name], (image.shape[1], image.shape[0]))
            reads = counter.read(crops, tray_lifts(counter.board, pose))
            if regs[name].unsure:
                for r in reads:
                    r.occluded, r.covered_by = True, "registration"
            trays[name] = reads
        return FrameRead(regs, trays, tokens)

    def read(self, frames: Sequence[np.ndarray]) -> Reading:
        """Gate, read every still frame and vote (see module docstring)."""
        example = self.calibration.example_data
        if not frames:
            return Reading(
                "no-frames", True, [msg("No picture from the camera")], example_data=example
            )
        flags = self.gate.still_flags(frames) if len(frames) > 1 else [True]
        still = [f for f, ok in zip(frames, flags, strict=True) if ok]
        need = min(self.min_still, len(frames))
        if len(still) < need:
            return Reading(
                "moving",
                True,
                [msg("Hands are moving over the table: nothing was read; hold still")],
                frames_total=len(frames),
                example_data=example,
            )
        reads = [self.read_frame(f) for f in still]
        return self._vote(reads, len(frames), example)

    def _vote(self, reads: list[FrameRead], total: int, example: bool) -> Reading:
        reasons: list[Msg] = []
        boards: dict[str, dict[str, Any]] = {}
        for name in self.boards:
            regs = [r.registrations[name] for r in reads if name in r.registrations]
            boards[name] = {
                "registered_frames": len(regs),
                "fiducials_seen": sorted({i for g in regs for i in g.seen}),
                "fiducials_recovered": sorted({i for g in regs for i in g.recovered}),
                "error_mm": round(float(np.median([g.error_mm for g in regs])), 3)
                if regs
                else None,
                "unsure": bool(regs) and all(g.unsure for g in regs),
            }
            if not regs:
                reasons.append(msg("Cannot see the {board}: its stickers are covered", board=name))
        trays: list[TrayReading] = []
        for name, counter in self.counters.items():
            for tray in counter.board.trays:
                per_frame = [
                    next(t for t in r.trays[name] if t.side == tray.side)
                    for r in reads
                    if name in r.trays
                ]
                usable = [t for t in per_frame if not t.occluded]
                if not usable:
                    trays.append(TrayReading(name, tray.side, tray.colour, None, {}, True))
                    if any(t.covered_by == "registration" for t in per_frame):
                        reasons.append(
                            msg(
                                "Too few board stickers seen to be sure of tray {side}: "
                                "please check",
                                side=tray.side,
                            )
                        )
                    else:
                        reasons.append(
                            msg("Tray {side} is covered: count it by hand", side=tray.side)
                        )
                    continue
                counts: dict[str, int] = {}
                conf: dict[str, float] = {}
                for colour in COLOURS:
                    votes: dict[int, list[float]] = defaultdict(list)
                    for t in usable:
                        votes[t.counts[colour]].append(t.confidence[colour])
                    best = max(votes, key=lambda n: (len(votes[n]), sum(votes[n])))
                    counts[colour] = best
                    conf[colour] = len(votes[best]) / len(usable) * float(np.mean(votes[best]))
                if len(usable) < len(per_frame):
                    conf = {c: v * len(usable) / len(per_frame) for c, v in conf.items()}
                sure = min(conf.values()) >= self.tray_threshold and not any(
                    t.stack_suspect for t in usable
                )
                trays.append(TrayReading(name, tray.side, tray.colour, counts, conf, False, sure))
                if not sure:
                    reasons.append(
                        msg("Not sure about tray {side}: please check its count", side=tray.side)
                    )
        tokens: list[TokenRead] = []
        priority, priority_conf = None, 0.0
        by_id: dict[int, list[TokenRead]] = defaultdict(list)
        for r in reads:
            for t in r.tokens:
                by_id[t.id].append(t)
        for tid in sorted(by_id):
            seen = by_id[tid]
            key, n = Counter(t.vote_key() for t in seen).most_common(1)[0]
            agree = [t for t in seen if t.vote_key() == key]
            best = agree[0]
            best.confidence = n / len(reads) * float(np.mean([t.confidence for t in agree]))
            if best.kind == "priority-marker" and best.side is not None:
                priority, priority_conf = best.side, best.confidence
            tokens.append(best)
            if best.confidence < self.confirm_below:
                reasons.append(msg("Not sure where {name} lies: please check", name=best.name))
        wants_priority = any(
            t.kind == "priority-marker" for t in self.calibration.tokens.tokens.values()
        )
        if (
            wants_priority
            and priority is None
            and any(
                boards[b.name]["registered_frames"]
                for b in self.boards.values()
                if b.kind == "control-board"
            )
        ):
            reasons.append(msg("Cannot see the priority marker: where is it?"))
        status = "ok" if any(b["registered_frames"] for b in boards.values()) else "no-board"
        return Reading(
            status=status,
            needs_confirmation=bool(reasons),
            reasons=reasons,
            trays=trays,
            tokens=tokens,
            priority_side=priority,
            priority_confidence=priority_conf,
            boards=boards,
            frames_total=total,
            frames_used=len(reads),
            example_data=example,
        )


def outline(
    reader: TableReader, image: np.ndarray, highlight_side: int | None = None
) -> np.ndarray:
    """``image`` with every registered board's trays and fiducials drawn (chosen tray thick)."""
    from vision.overlay import draw_board

    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found = reader.finder.detect(grey)
    out = image
    for board in reader.calibration.boards:
        reg = reader.finder.register(grey, found, board)
        if reg is not None:
            out = draw_board(out, reg, board, highlight_side)
    return out if out is not image else image.copy()


def read_camera(
    reader: TableReader, source: FrameSource, frames: int = 4, interval_s: float = 0.1
) -> Reading:
    """Take ``frames`` pictures from ``source`` and read them. A missing or unplugged camera
    gives ``status="no-camera"`` with the camera's message: the app offers manual entry and
    simply calls again later (live sources reconnect by themselves)."""
    try:
        pictures = grab(source, frames, interval_s)
    except CameraUnavailable as exc:
        return Reading(
            "no-camera", True, [exc.message], example_data=reader.calibration.example_data
        )
    return reader.read(pictures)
