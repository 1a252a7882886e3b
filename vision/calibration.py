"""Calibration: one picture of the table, checked and measured once, saved as JSON, reused.

The calibration picture shows the control board with exactly **one cube of each
tray's colour in that tray** (tray colours come from the board data) and
nothing else in the trays, from where the camera will stay, at any tilt up to
60 degrees. Calibration

1. registers every board from its stickers and refuses a registration from
   fewer than three stickers or stickers in a line (it would be unsure);
2. checks, in the same light-corrected tray crops the reader uses, that each
   coloured tray holds exactly one cube of its colour and that the tray without
   a colour is empty. The tray counter the reader uses looks first: a tray it
   reads as expected, or to whose expected counts it gives a probability of at
   least :data:`EXPECTED_LIKELY`, passes; a tray it is sure holds something else
   is refused, naming what it sees ("it holds 2 red"). Otherwise a colour-blind
   check decides: exactly one thing unlike the floor (a cube with its sides and
   shadow, whatever their size up to eight cube tops, and thicker than the
   printed rim line), nothing in the tray without a colour;
3. measures the colour of each tray's floor and of each cube's lit top after
   light correction (to notice later that the camera sees another board or
   other trays), and the frame size.

Nothing here measures one cube's area for the reader: the tray counter
(:mod:`vision.counter`) is trained, not calibrated, so calibration and reading
cannot disagree about what one cube looks like. Problems are said in words
(:class:`~vision.errors.CalibrationFailed`), and when the board was found the
error carries the picture with the tray outlines (the trays at fault in red)
for the players to see.

The file embeds the board geometry and token catalogue it was made with, so a
saved calibration is complete on its own. Several pictures may be given (each
is checked; their measurements are combined by median).
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from rules.errors import SituationError
from rules.text import Msg, msg
from vision.colour import bgr_to_lab, weighted_distance
from vision.counter import CubeCounter
from vision.errors import CalibrationFailed, CalibrationMismatch
from vision.geometry import COLOURS, Board, TokenCatalogue, parse_board, parse_tokens
from vision.registration import FiducialFinder, Registration
from vision.tray_crops import PX_PER_MM, camera_pose, tray_crops, tray_lifts, tray_mask

VERSION = 2


@dataclass
class Calibration:
    boards: list[Board]
    tokens: TokenCatalogue
    image_size: tuple[int, int]
    created: str
    cubes_lab: dict[str, list[float]] = field(default_factory=dict)
    """Lab of each colour's lit cube top, after light correction (for the record)."""
    floors_lab: dict[str, list[float]] = field(default_factory=dict)
    """Lab of each tray's floor (by side), after light correction."""

    @property
    def example_data(self) -> bool:
        return self.tokens.example or any(b.example for b in self.boards)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "created": self.created,
            "image_size": list(self.image_size),
            "cubes_lab": {k: [round(v, 2) for v in lab] for k, lab in self.cubes_lab.items()},
            "floors_lab": {k: [round(v, 2) for v in lab] for k, lab in self.floors_lab.items()},
            "boards": [b.raw for b in self.boards],
            "tokens": self.tokens.raw,
        }

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1), "utf-8")
        tmp.replace(path)
        return path

    def check_frame(self, image: np.ndarray) -> None:
        h, w = image.shape[:2]
        if (w, h) != tuple(self.image_size):
            raise CalibrationMismatch(
                msg(
                    "The calibration was made for {cw}x{ch} pictures but this one is {w}x{h}: "
                    "calibrate again for this camera mode",
                    cw=self.image_size[0],
                    ch=self.image_size[1],
                    w=w,
                    h=h,
                )
            )


def from_json(data: Any, source: str = "calibration") -> Calibration:
    """Rebuild a calibration; errors name the field that is wrong."""
    if not isinstance(data, dict):
        raise SituationError(source, "a calibration file holds a JSON object")
    if data.get("version") != VERSION:
        raise SituationError(
            "version",
            f"this calibration was made by another tableside version (expected {VERSION}): "
            "run 'tableside vision calibrate' again",
        )
    try:
        size = data["image_size"]
        cal = Calibration(
            boards=[parse_board(b, f"boards[{i}]") for i, b in enumerate(data["boards"])],
            tokens=parse_tokens(data["tokens"]),
            image_size=(int(size[0]), int(size[1])),
            created=str(data.get("created", "")),
            cubes_lab={k: [float(x) for x in v] for k, v in data.get("cubes_lab", {}).items()},
            floors_lab={k: [float(x) for x in v] for k, v in data.get("floors_lab", {}).items()},
        )
    except KeyError as exc:
        raise SituationError(str(exc.args[0]), "is missing") from exc
    except (TypeError, ValueError, IndexError) as exc:
        raise SituationError(source, f"malformed calibration: {exc}") from exc
    for key, lab in (*cal.cubes_lab.items(), *cal.floors_lab.items()):
        if len(lab) != 3:
            raise SituationError(key, "a Lab colour has three numbers")
    return cal


def registration_problem(board: Board, reg: Registration | None, seen: list[int]) -> Msg | None:
    """Why a board cannot be used from this picture, in words (None: it can)."""
    if reg is None:
        return msg(
            "Cannot find the {board} in the picture: need at least 3 of its stickers "
            "{expected}, saw {seen}",
            board=board.name,
            expected=sorted(board.fiducial_ids),
            seen=seen,
        )
    if reg.unsure:
        return msg(
            "The {board} is seen only by the stickers {seen}, too few or in one line: "
            "make at least three stickers around the board visible",
            board=board.name,
            seen=reg.seen,
        )
    return None


def calibrate(
    frames: Sequence[np.ndarray],
    boards: list[Board],
    tokens: TokenCatalogue,
) -> Calibration:
    """Check and measure calibration pictures (see the module docstring)."""
    if not frames:
        raise CalibrationFailed(msg("No calibration picture was given"))
    size = (frames[0].shape[1], frames[0].shape[0])
    finder = FiducialFinder(boards)
    control = {b.name for b in boards if b.kind == "control-board"}
    cubes: dict[str, list[np.ndarray]] = {c: [] for c in COLOURS}
    floors: dict[str, list[np.ndarray]] = {}
    for image in frames:
        if (image.shape[1], image.shape[0]) != size:
            raise CalibrationFailed(msg("All calibration pictures must have the same size"))
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        found = finder.detect(grey)
        for board in boards:
            reg = finder.register(grey, found, board)
            problem = registration_problem(board, reg, sorted(found.ids))
            if problem is not None:
                raise CalibrationFailed(problem, _outlined(image, reg, board, ()))
            assert reg is not None
            if board.name not in control:
                continue
            crops = tray_crops(image, found, reg, board)
            mask = tray_mask(board) > 0
            lifts = tray_lifts(board, camera_pose(reg, (image.shape[1], image.shape[0])))
            wrong = _tray_problems(board, crops, lifts, mask)
            if wrong:
                first = wrong[0][1]
                if len(wrong) > 1:
                    first = msg(
                        "Calibration: {problem} (and {n} more trays)",
                        problem=first,
                        n=len(wrong) - 1,
                    )
                else:
                    first = msg("Calibration: {problem}", problem=first)
                raise CalibrationFailed(first, _outlined(image, reg, board, [s for s, _ in wrong]))
            for tray in board.trays:
                floor, top = _measure(crops[tray.side], mask)
                floors.setdefault(str(tray.side), []).append(floor)
                if tray.colour is not None and top is not None:
                    cubes[tray.colour].append(top)
    return Calibration(
        boards=boards,
        tokens=tokens,
        image_size=size,
        created=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        cubes_lab={c: np.median(v, axis=0).tolist() for c, v in cubes.items() if v},
        floors_lab={k: np.median(v, axis=0).tolist() for k, v in floors.items()},
    )


CUBE_PX = (8.0 * PX_PER_MM) ** 2
"""One cube's top in a tray crop, in pixels."""

EXPECTED_LIKELY = 0.05
"""A tray passes when the counter gives what calibration wants at least this probability.
On 500 calibration pictures of train set-ups no counter was trained on (issue 11's sixth
round), the trays holding what they should but not read so had 0.024-0.60; the same
pictures with a second cube in one tray had at most 0.043, with its cube taken away at
most 0.001 (and those the counter reads surely as they are)."""

CORE_PX = 5
"""A thing must hold a CORE_PX x CORE_PX square: a cube's top is 12 px wide, the dark line
printed along a tray's rim (which light and tilt can set apart from the floor) thinner."""


def _tray_problems(
    board: Board,
    crops: dict[int, np.ndarray],
    lifts: dict[int, tuple[float, float, float]],
    mask: np.ndarray,
) -> list[tuple[int, Msg]]:
    """``[(side, what is wrong)]`` for the trays that do not hold what calibration wants.

    The reader's own tray counter looks first (it passes what it reads as wanted or finds
    likely enough, :data:`EXPECTED_LIKELY`); where it is not sure, the colour-blind blob
    check (:func:`_one_cube_problem`) decides."""
    counter = CubeCounter(board)
    wrong: list[tuple[int, Msg]] = []
    for read in counter.read(crops, lifts):
        tray = next(t for t in board.trays if t.side == read.side)
        want = {c: int(c == tray.colour) for c in COLOURS}
        expected = float(np.prod([read.probabilities[c][want[c]] for c in COLOURS]))
        if not read.occluded and (read.counts == want or expected >= EXPECTED_LIKELY):
            continue
        sure = not read.occluded and min(read.confidence.values()) >= counter.model.threshold
        if sure:
            problem: Msg | None = _holds_problem(tray.side, tray.colour, read.counts)
        else:
            problem = _one_cube_problem(crops[tray.side], mask, tray.side, tray.colour)
        if problem is not None:
            wrong.append((tray.side, problem))
    return wrong


def _holds_problem(side: int, colour: str | None, counts: dict[str, int]) -> Msg:
    """The refusal when the counter is sure a tray holds ``counts``."""
    seen = msg("nothing")
    for i, (c, n) in enumerate((c, n) for c, n in counts.items() if n):
        some = msg("{n} {colour}", n=n, colour=msg(c))
        seen = some if i == 0 else msg("{a}, {b}", a=seen, b=some)
    return _refusal(side, colour, seen)


def _one_cube_problem(
    crop: np.ndarray, mask: np.ndarray, side: int, colour: str | None
) -> Msg | None:
    """Is there exactly one cube in this tray (none in the tray without a colour)?

    Things unlike the floor are found by colour distance, and each connected one counts
    as one thing whatever its size up to eight cube tops: a cube's sides and shadow
    grow with the camera tilt (up to about three tops at 60 degrees), a hand is bigger; a
    thin line (the rim's print) is no thing (:data:`CORE_PX`)."""
    lab = bgr_to_lab(crop.reshape(-1, 3)).reshape(crop.shape)
    inner = cv2.erode(mask.astype(np.uint8), np.ones((9, 9), np.uint8)) > 0  # not the rim
    floor = np.median(lab[inner], axis=0)
    unlike = (weighted_distance(lab, floor) > 14) | (np.abs(lab[..., 0] - floor[0]) > 12)
    far = (unlike & inner).astype(np.uint8)
    far = cv2.morphologyEx(far, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    far = cv2.morphologyEx(far, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))  # top, sides, shadow
    n, labels, stats, _ = cv2.connectedComponentsWithStats(far, connectivity=8)
    cores = np.unique(labels[cv2.erode(far, np.ones((CORE_PX, CORE_PX), np.uint8)) > 0])
    areas = [
        int(stats[i, cv2.CC_STAT_AREA])
        for i in range(1, n)
        if stats[i, cv2.CC_STAT_AREA] > 0.3 * CUBE_PX and i in cores
    ]
    if any(a > 8 * CUBE_PX for a in areas):
        return msg(
            "Tray {side}: cannot make out what lies there (a hand, a shadow, glare?)", side=side
        )
    want = 0 if colour is None else 1
    if len(areas) == want:
        return None
    return _refusal(side, colour, msg("nothing") if not areas else msg("{n} things", n=len(areas)))


def _refusal(side: int, colour: str | None, seen: Msg) -> Msg:
    if colour is None:
        return msg(
            "Tray {side} must be empty (it has no colour of its own); it holds {seen}",
            side=side,
            seen=seen,
        )
    return msg(
        "Tray {side} must hold exactly one {colour} cube and nothing else; it holds {seen}",
        side=side,
        colour=msg(colour),
        seen=seen,
    )


def _measure(crop: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """(floor Lab, lit cube top Lab or None) of one light-corrected tray crop."""
    lab = bgr_to_lab(crop.reshape(-1, 3)).reshape(crop.shape)
    inside = lab[mask]
    floor = np.median(inside, axis=0)
    far = weighted_distance(inside, floor) > 18
    if far.sum() < 10:
        return floor, None
    cube = inside[far]
    lit = cube[cube[:, 0] >= np.percentile(cube[:, 0], 60)]
    return floor, np.median(lit, axis=0)


def floor_mismatch(
    calibration: Calibration, side: int, crop: np.ndarray, mask: np.ndarray
) -> float:
    """How far (weighted Lab distance) a tray's floor is from its calibrated colour."""
    want = calibration.floors_lab.get(str(side))
    if want is None:
        return 0.0
    floor, _ = _measure(crop, mask)
    return float(weighted_distance(floor, np.array(want)))


def _outlined(
    image: np.ndarray, reg: Registration | None, board: Board, wrong: Sequence[int]
) -> np.ndarray | None:
    if reg is None:
        return None
    from vision.overlay import draw_board

    return draw_board(image, reg, board, problem_sides=list(wrong))
