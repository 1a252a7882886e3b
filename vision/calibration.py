"""Calibration: measure marker colours and cube size once, save as JSON, reuse.

The calibration picture shows the control board with exactly **one marker of
each tray's colour in that tray** (tray colours come from the board data) and
nothing else in the trays. From it we measure, after light correction:

* the Lab colour of each marker colour and of the tray floor,
* the area of one marker seen from above (so touching markers count by area),
* the frame size (a different camera mode is a mismatch).

The file embeds the board geometry and token catalogue it was made with, so a
saved calibration is complete on its own. Several pictures may be given (their
measurements are combined by median).
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
from rules.text import msg
from vision.colour import bgr_to_lab, weighted_distance
from vision.errors import CalibrationFailed, CalibrationMismatch
from vision.geometry import COLOURS, Board, TokenCatalogue, parse_board, parse_tokens
from vision.registration import FiducialFinder
from vision.trays import TopDown

VERSION = 1
PX_PER_MM = 2.5
"""Resolution of the top-down view; the camera sees roughly 2 px/mm at 1280x720."""
CUBE_MM = 8.0
"""Nominal marker size; only used to judge whether a calibration blob is plausible."""


@dataclass
class Calibration:
    boards: list[Board]
    tokens: TokenCatalogue
    image_size: tuple[int, int]
    px_per_mm: float
    cube_area_mm2: float
    classes: dict[str, list[float]]
    floor_bgr: list[float]
    created: str
    colour_areas: dict[str, float] = field(default_factory=dict)
    """Area of one marker of each colour, mm² (a colour's dark edges may count or not)."""
    bands: dict[str, list[list[float]]] = field(default_factory=dict)
    """Lab colours of the board strip around each tray (by side), to notice hands there."""

    @property
    def example_data(self) -> bool:
        return self.tokens.example or any(b.example for b in self.boards)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "created": self.created,
            "image_size": list(self.image_size),
            "px_per_mm": self.px_per_mm,
            "cube_area_mm2": round(self.cube_area_mm2, 3),
            "colour_area_mm2": {k: round(v, 3) for k, v in self.colour_areas.items()},
            "classes_lab": {k: [round(v, 3) for v in lab] for k, lab in self.classes.items()},
            "floor_bgr": [round(v, 2) for v in self.floor_bgr],
            "bands_lab": {
                k: [[round(v, 3) for v in lab] for lab in labs] for k, labs in self.bands.items()
            },
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
        raise SituationError("version", f"expected calibration version {VERSION}")
    try:
        classes = {k: [float(x) for x in v] for k, v in data["classes_lab"].items()}
        size = data["image_size"]
        cal = Calibration(
            boards=[parse_board(b, f"boards[{i}]") for i, b in enumerate(data["boards"])],
            tokens=parse_tokens(data["tokens"]),
            image_size=(int(size[0]), int(size[1])),
            px_per_mm=float(data["px_per_mm"]),
            cube_area_mm2=float(data["cube_area_mm2"]),
            colour_areas={k: float(v) for k, v in data.get("colour_area_mm2", {}).items()},
            classes=classes,
            floor_bgr=[float(x) for x in data["floor_bgr"]],
            created=str(data.get("created", "")),
            bands={
                k: [[float(x) for x in lab] for lab in v]
                for k, v in data.get("bands_lab", {}).items()
            },
        )
    except KeyError as exc:
        raise SituationError(str(exc.args[0]), "is missing") from exc
    except (TypeError, ValueError, IndexError) as exc:
        raise SituationError(source, f"malformed calibration: {exc}") from exc
    if classes and set(classes) != {"floor", *COLOURS}:
        raise SituationError("classes_lab", f"needs floor and {', '.join(COLOURS)}")
    return cal


def load(path: str | Path) -> Calibration:
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError as exc:
        raise SituationError(
            str(path), "no calibration here yet: run 'tableside vision calibrate' first"
        ) from exc
    except OSError as exc:
        raise SituationError(str(path), f"cannot read: {exc.strerror}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SituationError(str(path), f"not valid JSON (line {exc.lineno}: {exc.msg})") from exc
    return from_json(data, str(path))


def calibrate(
    frames: Sequence[np.ndarray],
    boards: list[Board],
    tokens: TokenCatalogue,
    px_per_mm: float = PX_PER_MM,
) -> Calibration:
    """Measure colours and marker size from calibration pictures (see module docstring)."""
    if not frames:
        raise CalibrationFailed(msg("No calibration picture was given"))
    size = (frames[0].shape[1], frames[0].shape[0])
    finder = FiducialFinder(boards)
    control = [b for b in boards if b.kind == "control-board"]
    samples: dict[str, list[np.ndarray]] = {c: [] for c in ("floor", *COLOURS)}
    floor_bgr: list[np.ndarray] = []
    areas: list[float] = []
    bands: dict[str, list[np.ndarray]] = {}
    seen_trays: list[tuple[np.ndarray, Any, Any, Board]] = []
    for image in frames:
        if (image.shape[1], image.shape[0]) != size:
            raise CalibrationFailed(msg("All calibration pictures must have the same size"))
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        found = finder.detect(grey)
        for board in boards:
            reg = finder.register(grey, found, board)
            if reg is None:
                raise CalibrationFailed(
                    msg(
                        "Cannot find the {board} in the picture: need at least 2 of its stickers "
                        "{expected}, saw {seen}",
                        board=board.name,
                        expected=sorted(board.fiducial_ids),
                        seen=sorted(found.ids),
                    )
                )
            if board in control:
                _sample_trays(image, found, reg, board, px_per_mm, samples, floor_bgr, areas, bands)
                seen_trays.append((image, found, reg, board))
    classes: dict[str, list[float]] = {}
    colour_areas: dict[str, float] = {}
    if control:
        for name, labs in samples.items():
            if not labs:
                raise CalibrationFailed(
                    msg(
                        "No tray of the board data has the colour {colour}: "
                        "give each marker colour a tray in the board file",
                        colour=msg(name),
                    )
                )
            classes[name] = np.median(np.array(labs), axis=0).tolist()
        _check_separation(classes)
        by_colour = _measured_areas(
            classes, seen_trays, px_per_mm, float(np.median(areas)), floor_bgr
        )
        colour_areas = {c: float(np.median(v)) for c, v in by_colour.items()}
        areas = [a for v in by_colour.values() for a in v]
    return Calibration(
        boards=boards,
        tokens=tokens,
        image_size=size,
        px_per_mm=px_per_mm,
        cube_area_mm2=float(np.median(areas)) if areas else CUBE_MM**2,
        classes=classes,
        floor_bgr=np.median(np.array(floor_bgr), axis=0).tolist() if floor_bgr else [0, 0, 0],
        created=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        colour_areas=colour_areas,
        bands={k: _colour_clusters(np.concatenate(v)) for k, v in bands.items()},
    )


def _sample_trays(
    image: np.ndarray,
    found: Any,
    reg: Any,
    board: Board,
    px_per_mm: float,
    samples: dict[str, list[np.ndarray]],
    floor_bgr: list[np.ndarray],
    areas: list[float],
    bands: dict[str, list[np.ndarray]],
) -> None:
    top = TopDown(board, px_per_mm)
    warped = top.warp(image, reg)
    whites = top.whites(image, found, reg)
    nominal = CUBE_MM**2 * px_per_mm**2
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    for tray in board.trays:
        crop, mask, gains = top.tray_pixels(warped, tray, whites)
        bands.setdefault(str(tray.side), []).append(top.band_lab(warped, tray.side, gains))
        lab = bgr_to_lab(crop.reshape(-1, 3)).reshape(crop.shape)
        floor = np.median(lab[mask], axis=0)
        far = (weighted_distance(lab, floor) > 18) & mask
        far = cv2.morphologyEx(far.astype(np.uint8), cv2.MORPH_OPEN, kernel)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(far, connectivity=4)
        blobs = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] > 0.3 * nominal]
        if tray.colour is None:
            if blobs:
                raise CalibrationFailed(
                    msg(
                        "Calibration: tray {side} must be empty (it has no colour of its own)",
                        side=tray.side,
                    )
                )
            continue
        if len(blobs) != 1:
            raise CalibrationFailed(
                msg(
                    "Calibration: tray {side} must hold exactly one {colour} marker; "
                    "found {n} marker-like things",
                    side=tray.side,
                    colour=msg(tray.colour),
                    n=len(blobs),
                )
            )
        area = float(stats[blobs[0], cv2.CC_STAT_AREA])
        if not 0.4 * nominal < area < 2.5 * nominal:
            raise CalibrationFailed(
                msg(
                    "Calibration: the {colour} marker in tray {side} looks {area} mm² big, "
                    "not like one marker",
                    colour=msg(tray.colour),
                    side=tray.side,
                    area=round(area / px_per_mm**2),
                )
            )
        cube = (labels == blobs[0]).astype(np.uint8)
        core = cv2.erode(cube, kernel) > 0
        samples[tray.colour].append(np.median(lab[core if core.any() else cube > 0], axis=0))
        areas.append(area / px_per_mm**2)
        floor_px = mask & (cube == 0) & (weighted_distance(lab, floor) < 12)
        samples["floor"].append(floor)
        floor_bgr.append(np.median(crop[floor_px], axis=0))


def _measured_areas(
    classes: dict[str, list[float]],
    seen: list[tuple[np.ndarray, Any, Any, Board]],
    px_per_mm: float,
    rough_area: float,
    floor_bgr: list[np.ndarray],
) -> dict[str, list[float]]:
    """One marker's area per colour, measured exactly as the counter will (same classes,
    same cleanup)."""
    from vision.colour import Classifier
    from vision.trays import TrayCounter

    names = ["floor", *COLOURS]
    classifier = Classifier(names, np.array([classes[n] for n in names]))
    floor = np.median(np.array(floor_bgr), axis=0)
    areas: dict[str, list[float]] = {}
    for image, found, reg, board in seen:
        counter = TrayCounter(board, classifier, px_per_mm, rough_area, floor)  # no band check
        for tray, read in zip(board.trays, counter.count(image, found, reg), strict=True):
            if tray.colour is not None and len(read.blobs[tray.colour]) == 1:
                areas.setdefault(tray.colour, []).append(read.blobs[tray.colour][0] * rough_area)
    missing = [c for c in COLOURS if c not in areas]
    if missing:
        raise CalibrationFailed(
            msg(
                "Calibration: the {colour} marker cannot be told from the tray floor",
                colour=msg(missing[0]),
            )
        )
    return areas


def _colour_clusters(lab: np.ndarray, k: int = 3) -> list[list[float]]:
    """The main colours of a strip of board (k-means in Lab; clusters under 5 % dropped)."""
    data = np.ascontiguousarray(lab, np.float32)
    k = min(k, len(data))
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(1)
    _, labels, centres = cv2.kmeans(data, k, None, criteria, 3, cv2.KMEANS_PP_CENTERS)
    share = np.bincount(labels.ravel(), minlength=k) / len(data)
    return [centres[i].tolist() for i in range(k) if share[i] >= 0.05]


def _check_separation(classes: dict[str, list[float]]) -> None:
    names = list(classes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = float(weighted_distance(np.array(classes[a]), np.array(classes[b])))
            if d < 15:
                raise CalibrationFailed(
                    msg(
                        "The {a} and {b} look too much alike under this light "
                        "(colour distance {d}); use more, whiter light and calibrate again",
                        a=msg(a),
                        b=msg(b),
                        d=round(d, 1),
                    )
                )
