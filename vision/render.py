"""Synthetic table scenes with ground truth, for the tests and the accuracy benchmark.

A scene is drawn top-down at :data:`PX_PER_MM` from the board geometry (the same
data the reader uses), then projected into a 1280x720 camera frame with a random
perspective, and spoiled the way a café table spoils pictures: coloured light
(warm, cool, or mixed across the frame) of varying strength, soft shadows, a
hand covering fiducials or a tray, blur and sensor noise. The reader then reads
these real images back with the real pipeline.

The palette is synthetic (plausible wooden cubes on a green tray floor); real
boards are handled by calibration, not by these numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.geometry import COLOURS, Board
from vision.registration import dictionary_for

PX_PER_MM = 4.0
FRAME_SIZE = (1280, 720)
CUBE_MM = 8.0

# RGB, synthetic.
PALETTE: dict[str, tuple[int, int, int]] = {
    "red": (196, 38, 36),
    "yellow": (238, 196, 40),
    "blue": (36, 86, 176),
    "brown": (116, 72, 40),
    "white": (236, 233, 222),
}
BOARD_RGB = (214, 203, 178)
FLOOR_RGB = (70, 128, 88)
RIM_RGB = (58, 66, 52)
HEXAGON_RGB = (150, 128, 100)
SKIN_RGB = (222, 168, 136)
LIGHTS: dict[str, tuple[float, float, float]] = {
    "warm": (1.0, 0.80, 0.56),
    "cool": (0.80, 0.92, 1.06),
    "neutral": (1.0, 1.0, 1.0),
}


@dataclass
class Scene:
    """What to draw. ``counts[side][colour]`` markers; tokens as ``(id, cell_id, rotation)``."""

    board: Board
    counts: dict[int, dict[str, int]] = field(default_factory=dict)
    tokens: list[tuple[int, str, int]] = field(default_factory=list)
    priority_side: int | None = None
    light: str = "neutral"
    strength: float = 1.0
    noise: float = 1.5
    blur: float = 0.5
    shadows: int = 0
    lean: float = 0.0
    """Share of touching markers drawn leaning on their neighbour (stacked against it)."""
    hand: str | None = None
    """``"fiducials"`` (cover half of them), ``"tray"`` (a hand on a tray) or ``None``."""
    seed: int = 0
    token_sticker: tuple[float, float] = (12.0, 2.5)
    """Token sticker black-square size and white margin, mm (as in the token catalogue)."""
    priority_id: int = 40


@dataclass
class Rendered:
    image: np.ndarray
    truth: dict[str, Any]
    board_to_image: np.ndarray


def _bgr(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return (rgb[2], rgb[1], rgb[0])


def _px(points: Any) -> np.ndarray:
    return np.round(np.asarray(points, np.float64) * PX_PER_MM * 16).astype(np.int32)


def _sticker(marker_id: int, fid_size: float, margin: float, dictionary: str) -> np.ndarray:
    side = round((fid_size + 2 * margin) * PX_PER_MM)
    inner = round(fid_size * PX_PER_MM)
    img = np.full((side, side), 245, np.uint8)
    marker = cv2.aruco.generateImageMarker(dictionary_for(dictionary), marker_id, inner)
    off = (side - inner) // 2
    img[off : off + inner, off : off + inner] = np.where(marker > 0, 245, 18)
    return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)


def _paste(
    canvas: np.ndarray, patch: np.ndarray, centre: tuple[float, float], angle: float
) -> None:
    """Paste ``patch`` rotated ``angle`` degrees clockwise, centred on board point ``centre``."""
    h, w = patch.shape[:2]
    cx, cy = centre[0] * PX_PER_MM, centre[1] * PX_PER_MM
    half = math.hypot(w, h) / 2 + 2
    x0, y0 = max(0, int(cx - half)), max(0, int(cy - half))
    size = int(2 * half) + 1
    m = cv2.getRotationMatrix2D((w / 2, h / 2), -angle, 1.0)
    m[0, 2] += cx - w / 2 - x0
    m[1, 2] += cy - h / 2 - y0
    roi = canvas[y0 : y0 + size, x0 : x0 + size]
    warped = cv2.warpAffine(patch, m, (roi.shape[1], roi.shape[0]), flags=cv2.INTER_LINEAR)
    mask = cv2.warpAffine(
        np.full((h, w), 255, np.uint8), m, (roi.shape[1], roi.shape[0]), flags=cv2.INTER_LINEAR
    )
    alpha = (mask.astype(np.float32) / 255)[..., None]
    roi[:] = (warped * alpha + roi * (1 - alpha)).astype(np.uint8)


@lru_cache(maxsize=8)
def _board_base(board: Board) -> np.ndarray:
    """The printed board with its fiducials, no movable pieces (cached per board)."""
    w, h = round(board.size[0] * PX_PER_MM), round(board.size[1] * PX_PER_MM)
    img = np.full((h, w, 3), _bgr(BOARD_RGB), np.uint8)
    if "hexagon" in board.raw:
        cv2.fillPoly(img, [_px(board.raw["hexagon"]["polygon_mm"])], _bgr(HEXAGON_RGB), 16, 4)
    for tray in board.trays:
        pts = _px(tray.polygon)
        cv2.fillPoly(img, [pts], _bgr(FLOOR_RGB), cv2.LINE_AA, 4)
        cv2.polylines(img, [pts], True, _bgr(RIM_RGB), round(1.2 * PX_PER_MM), cv2.LINE_AA, 4)
    for grid in board.grids:
        if grid.type == "single":
            continue
        for _, _, (x, y) in grid.cell_centres():
            outline = _cell_outline(grid.type, grid.size, (x, y), 1.0)
            cv2.polylines(img, [_px(outline)], True, (120, 120, 120), 2, cv2.LINE_AA, 4)
    for f in board.fiducials:
        _paste(img, _sticker(f.id, f.size, f.margin, board.dictionary), f.centre, 0.0)
    return img


def _cell_outline(kind: str, size: float, c: tuple[float, float], scale: float) -> list:
    if kind == "square":
        h = size * scale / 2
        return [
            (c[0] - h, c[1] - h),
            (c[0] + h, c[1] - h),
            (c[0] + h, c[1] + h),
            (c[0] - h, c[1] + h),
        ]
    r = size * scale
    return [
        (
            c[0] + r * math.cos(math.radians(30 + 60 * k)),
            c[1] + r * math.sin(math.radians(30 + 60 * k)),
        )
        for k in range(6)
    ]


def _square(centre: tuple[float, float], side: float, angle: float) -> np.ndarray:
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    h = side / 2
    return np.array(
        [
            (centre[0] + ca * x - sa * y, centre[1] + sa * x + ca * y)
            for x, y in ((-h, -h), (h, -h), (h, h), (-h, h))
        ]
    )


def _rect(
    centre: tuple[float, float], length: float, width: float, angle: float, start: float
) -> np.ndarray:
    """A rectangle ``length`` along direction ``angle`` (degrees, image coordinates) from
    ``start`` (offset along that direction from ``centre``), ``width`` across."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    h = width / 2
    pts = []
    for along, across in ((start, -h), (start + length, -h), (start + length, h), (start, h)):
        pts.append((centre[0] + ux * along + vx * across, centre[1] + uy * along + vy * across))
    return np.array(pts)


def _place_cubes(
    img: np.ndarray,
    board: Board,
    counts: dict[int, dict[str, int]],
    rng: np.random.Generator,
    lean: float = 0.0,
) -> tuple[dict[int, dict[str, int]], int]:
    """Scatter cubes in the trays, often touching, some (share ``lean`` of the touching ones)
    leaning on a neighbour; returns the counts actually placed and how many lean."""
    placed: dict[int, dict[str, int]] = {}
    leaned = 0
    occupied = np.zeros(img.shape[:2], np.uint8)
    for tray in board.trays:
        want = [c for c, n in counts.get(tray.side, {}).items() for _ in range(n)]
        rng.shuffle(want)
        poly = np.asarray(tray.polygon, np.float32)
        xs, ys = poly[:, 0], poly[:, 1]
        done: dict[str, int] = {}
        last: tuple[tuple[float, float], float] | None = None
        for colour in want:
            for _attempt in range(200):
                leaning = False
                if last is not None and rng.random() < 0.6:
                    (lx, ly), la = last
                    k = int(rng.integers(4))
                    leaning = rng.random() < lean
                    d = CUBE_MM * (rng.uniform(1.0, 1.1) if leaning else rng.uniform(0.97, 1.04))
                    a = math.radians(la + 90 * k)
                    centre = (lx + d * math.cos(a), ly + d * math.sin(a))
                    angle = la + rng.uniform(-6, 6) if not leaning else la + 90 * k
                else:
                    centre = (rng.uniform(xs.min(), xs.max()), rng.uniform(ys.min(), ys.max()))
                    angle = rng.uniform(0, 90)
                if leaning:
                    # Tilted ~30 degrees onto its neighbour: seen from above, a foreshortened
                    # top face (towards the neighbour, overlapping it) and one side face.
                    top_len, side_len = CUBE_MM * 0.87, CUBE_MM * 0.5
                    length = top_len + side_len
                    back = _rect(centre, length, CUBE_MM + 0.6, angle, -0.5 * length + 2.0)
                    corners = back
                else:
                    corners = _square(centre, CUBE_MM + 0.6, angle)
                if (
                    min(cv2.pointPolygonTest(poly, (float(x), float(y)), True) for x, y in corners)
                    < 2.0
                ):
                    continue
                mask = np.zeros_like(occupied)
                cv2.fillPoly(mask, [_px(corners)], 255, cv2.LINE_8, 4)
                overlap = cv2.countNonZero(cv2.bitwise_and(mask, occupied))
                if overlap > (0.4 if leaning else 0.06) * CUBE_MM**2 * PX_PER_MM**2:
                    continue
                occupied |= mask
                rgb = PALETTE[colour]
                shade = rng.uniform(0.92, 1.05)
                top = tuple(min(255, int(v * shade)) for v in _bgr(rgb))
                side_c = tuple(int(v * 0.72) for v in top)
                cv2.fillPoly(img, [_px(corners)], side_c, cv2.LINE_AA, 4)
                if leaning:
                    face = _rect(centre, top_len, CUBE_MM, angle, -0.5 * length + 2.0)
                    cv2.fillPoly(img, [_px(face)], top, cv2.LINE_AA, 4)
                else:
                    cv2.fillPoly(img, [_px(_square(centre, CUBE_MM, angle))], top, cv2.LINE_AA, 4)
                leaned += leaning
                done[colour] = done.get(colour, 0) + 1
                last = (centre, angle)
                break
        placed[tray.side] = {c: done.get(c, 0) for c in COLOURS}
    return placed, leaned


def _camera(board: Board, rng: np.random.Generator, tilt: float) -> np.ndarray:
    """A random board-pixel -> image homography keeping the board in frame."""
    fw, fh = FRAME_SIZE
    bw, bh = board.size[0] * PX_PER_MM, board.size[1] * PX_PER_MM
    for _ in range(500):
        scale = rng.uniform(0.78, 0.95) * fh / max(board.size) / PX_PER_MM
        theta = rng.uniform(0, 2 * math.pi)
        c, s = math.cos(theta), math.sin(theta)
        cx = fw / 2 + rng.uniform(-120, 120)
        cy = fh / 2 + rng.uniform(-20, 20)
        src = np.array([(0, 0), (bw, 0), (bw, bh), (0, bh)], np.float32)
        dst = []
        for x, y in src:
            x0, y0 = (x - bw / 2) * scale, (y - bh / 2) * scale
            jitter = rng.uniform(-tilt, tilt, 2) * max(bw, bh) * scale
            dst.append((cx + c * x0 - s * y0 + jitter[0], cy + s * x0 + c * y0 + jitter[1]))
        dst_a = np.array(dst, np.float32)
        if (
            dst_a[:, 0].min() > 4
            and dst_a[:, 1].min() > 4
            and dst_a[:, 0].max() < fw - 4
            and dst_a[:, 1].max() < fh - 4
        ):
            return cv2.getPerspectiveTransform(src, dst_a)
    raise RuntimeError("no camera pose fits the frame")


def _table(rng: np.random.Generator) -> np.ndarray:
    fw, fh = FRAME_SIZE
    grain = cv2.resize(rng.normal(0, 1, (fh // 40, 8)).astype(np.float32), (fw, fh))
    fine = cv2.resize(rng.normal(0, 1, (fh // 3, fw // 40)).astype(np.float32), (fw, fh))
    base = np.array(_bgr((120, 84, 58)), np.float32)
    shade = 1 + 0.10 * grain + 0.05 * fine
    return np.clip(base[None, None, :] * shade[..., None], 0, 255).astype(np.uint8)


def _to_image(h: np.ndarray, pts_mm: Any) -> np.ndarray:
    p = np.asarray(pts_mm, np.float64).reshape(-1, 1, 2) * PX_PER_MM
    return cv2.perspectiveTransform(p, h).reshape(-1, 2)


def _hand(
    img: np.ndarray, scene: Scene, h: np.ndarray, rng: np.random.Generator, offset: float
) -> tuple[list[int], list[int], np.ndarray]:
    """Draw a hand; returns (covered fiducial ids, trays it overlaps, its mask)."""
    board = scene.board
    mm = np.linalg.norm(_to_image(h, [(0, 0), (100, 0)])[1] - _to_image(h, [(0, 0)])[0]) / 100
    skin = tuple(int(v * rng.uniform(0.85, 1.05)) for v in _bgr(SKIN_RGB))
    mask = np.zeros(img.shape[:2], np.uint8)
    covered: list[int] = []
    if scene.hand == "fiducials":
        # Cover a contiguous half of the fiducials (fingers, cups, elbows).
        d = rng.uniform(0, 2 * math.pi)
        order = sorted(
            board.fiducials,
            key=lambda f: (
                (f.centre[0] - board.centre[0]) * math.cos(d)
                + (f.centre[1] - board.centre[1]) * math.sin(d)
            ),
        )
        for f in order[: len(order) // 2]:
            c = _to_image(h, [f.centre])[0]
            r = (f.size / 2 + f.margin) * 1.25 * mm
            cv2.ellipse(
                mask,
                (int(c[0]), int(c[1])),
                (int(r), int(r * 1.2)),
                float(rng.uniform(0, 180)),
                0,
                360,
                255,
                -1,
            )
            covered.append(f.id)
    else:
        if scene.hand == "tray" and board.trays:
            target = board.trays[int(rng.integers(len(board.trays)))].centroid()
        else:
            target = (
                board.centre[0] + rng.uniform(-60, 60),
                board.centre[1] + rng.uniform(-60, 60),
            )
        c = _to_image(h, [target])[0] + np.array([offset * mm, 0.3 * offset * mm])
        fw, fh = FRAME_SIZE
        edge = min(
            [(c[0], 0.0), (c[0], float(fh)), (0.0, c[1]), (float(fw), c[1])],
            key=lambda p: math.hypot(p[0] - c[0], p[1] - c[1]),
        )
        cv2.line(mask, (int(c[0]), int(c[1])), (int(edge[0]), int(edge[1])), 255, int(55 * mm))
        cv2.ellipse(
            mask,
            (int(c[0]), int(c[1])),
            (int(38 * mm), int(45 * mm)),
            float(rng.uniform(0, 180)),
            0,
            360,
            255,
            -1,
        )
        for k in range(4):
            a = math.radians(-70 + 35 * k + rng.uniform(-8, 8))
            tip = c + np.array([math.sin(a), -math.cos(a)]) * 75 * mm
            cv2.line(mask, (int(c[0]), int(c[1])), (int(tip[0]), int(tip[1])), 255, int(16 * mm))
    img[mask > 0] = skin
    # Which trays does it touch?
    touched = []
    for tray in board.trays:
        tmask = np.zeros_like(mask)
        cv2.fillPoly(tmask, [np.round(_to_image(h, tray.polygon)).astype(np.int32)], 255)
        if cv2.countNonZero(cv2.bitwise_and(tmask, mask)) > 0:
            touched.append(tray.side)
    return covered, touched, mask


def _light(
    img: np.ndarray, scene: Scene, rng: np.random.Generator, noise_rng: np.random.Generator
) -> np.ndarray:
    fw, fh = FRAME_SIZE
    out = img.astype(np.float32)
    if scene.light == "mixed":
        warm = np.array(LIGHTS["warm"][::-1], np.float32)
        cool = np.array(LIGHTS["cool"][::-1], np.float32)
        d = rng.uniform(0, 2 * math.pi)
        xx, yy = np.meshgrid(np.linspace(-1, 1, fw // 8), np.linspace(-1, 1, fh // 8))
        t = np.clip(0.5 + 0.6 * (xx * math.cos(d) + yy * math.sin(d)), 0, 1).astype(np.float32)
        small = warm * (1 - t[..., None]) + cool * t[..., None]
        tint = cv2.resize(small, (fw, fh))
    else:
        tint = np.array(LIGHTS[scene.light][::-1], np.float32)[None, None, :]
    cx, cy = rng.uniform(0, fw), rng.uniform(0, fh)
    xx, yy = np.meshgrid(
        np.arange(0, fw, 8, dtype=np.float32), np.arange(0, fh, 8, dtype=np.float32)
    )
    fall = 1 - 0.18 * ((xx - cx) ** 2 + (yy - cy) ** 2) / (fw**2)
    fall = cv2.resize(fall, (fw, fh))[..., None]
    shade = np.ones((fh, fw), np.float32)
    for _ in range(scene.shadows):
        s = np.zeros((fh // 4, fw // 4), np.float32)
        cv2.ellipse(
            s,
            (int(rng.uniform(0, fw / 4)), int(rng.uniform(0, fh / 4))),
            (int(rng.uniform(30, 90)), int(rng.uniform(15, 45))),
            float(rng.uniform(0, 180)),
            0,
            360,
            1.0,
            -1,
        )
        s = cv2.GaussianBlur(s, (0, 0), 6)
        shade *= 1 - rng.uniform(0.2, 0.4) * cv2.resize(s, (fw, fh))
    out *= tint * fall * shade[..., None] * scene.strength
    if scene.blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), scene.blur)
    out += noise_rng.normal(0, scene.noise, out.shape).astype(np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


def render(
    scene: Scene, *, hand_offset: float = 0.0, camera: np.ndarray | None = None, frame: int = 0
) -> Rendered:
    """Draw ``scene`` into a 1280x720 BGR frame; ``truth`` holds what a reader should find.

    ``camera`` (a board-pixel -> image homography) fixes the pose, to render
    several frames of one still table; ``hand_offset`` (mm) moves the hand;
    ``frame`` changes only the sensor noise (frames of one scene are otherwise equal).
    """
    rng = np.random.default_rng([scene.seed, 0])
    board = scene.board
    top = _board_base(board).copy()
    counts, leaned = (
        _place_cubes(top, board, scene.counts, rng, scene.lean) if board.trays else ({}, 0)
    )
    tokens_truth = []
    tile_colours = [(180, 150, 110), (150, 170, 190), (190, 180, 150), (120, 150, 120)]
    catalogue_sticker = scene.token_sticker
    grid_cells = {cid: (g, centre) for g in board.grids for cid, _, centre in g.cell_centres()}
    stickers: list[tuple[int, tuple[float, float]]] = []
    for tid, cell_id, rotation in scene.tokens:
        grid, centre = grid_cells[cell_id]
        tile_col = tile_colours[int(rng.integers(len(tile_colours)))]
        jitter = rng.uniform(-1.5, 1.5, 2)
        at = (centre[0] + jitter[0], centre[1] + jitter[1])
        if grid.type != "single":
            outline = _cell_outline(grid.type, grid.size, at, 0.82)
            cv2.fillPoly(top, [_px(outline)], _bgr(tile_col), cv2.LINE_AA, 4)
        angle = rotation + rng.uniform(-4, 4)
        _paste(top, _sticker(tid, *catalogue_sticker, board.dictionary), at, angle)
        stickers.append((tid, at))
        key = next(k for c, k, _ in grid.cell_centres() if c == cell_id)
        tokens_truth.append({"id": tid, "cell": cell_id, "key": key, "rotation_deg": rotation})
    if scene.priority_side is not None:
        a = scene.priority_side * 60 + rng.uniform(-10, 10)
        r = 99.0
        at = (
            board.centre[0] + r * math.sin(math.radians(a)),
            board.centre[1] - r * math.cos(math.radians(a)),
        )
        cv2.circle(
            top,
            tuple(int(v * PX_PER_MM) for v in at),
            int(9 * PX_PER_MM),
            (60, 60, 160),
            -1,
            cv2.LINE_AA,
        )
        _paste(
            top,
            _sticker(scene.priority_id, *catalogue_sticker, board.dictionary),
            at,
            rng.uniform(0, 360),
        )
        stickers.append((scene.priority_id, at))
    cam = (
        camera
        if camera is not None
        else _camera(board, np.random.default_rng([scene.seed, 1]), tilt=0.06)
    )
    canvas = _table(np.random.default_rng([scene.seed, 2]))
    cv2.warpPerspective(top, cam, FRAME_SIZE, canvas, cv2.INTER_AREA, cv2.BORDER_TRANSPARENT)
    covered: list[int] = []
    touched: list[int] = []
    hidden: list[int] = []
    if scene.hand:
        hand_rng = np.random.default_rng([scene.seed, 3])
        covered, touched, mask = _hand(canvas, scene, cam, hand_rng, hand_offset)
        for tid, (x, y) in stickers:
            half = scene.token_sticker[0] / 2 + scene.token_sticker[1]
            quad = _to_image(
                cam,
                [
                    (x - half, y - half),
                    (x + half, y - half),
                    (x + half, y + half),
                    (x - half, y + half),
                ],
            )
            sticker = np.zeros_like(mask)
            cv2.fillConvexPoly(sticker, np.round(quad).astype(np.int32), 255)
            if cv2.countNonZero(sticker & mask):
                hidden.append(tid)
    image = _light(
        canvas,
        scene,
        np.random.default_rng([scene.seed, 4]),
        np.random.default_rng([scene.seed, 5, frame]),
    )
    truth = {
        "board": board.name,
        "counts": {str(s): c for s, c in counts.items()},
        "tokens": tokens_truth,
        "priority_side": scene.priority_side,
        "leaning_markers": leaned,
        "covered_fiducials": covered,
        "covered_tokens": hidden,
        "hand_over_trays": touched,
        "light": scene.light,
        "strength": scene.strength,
    }
    return Rendered(image, truth, cam)


def random_scene(board: Board, rng: np.random.Generator, light: str, **extra: Any) -> Scene:
    """A plausible mid-game table: mostly the tray's own colour, a few strays, clusters."""
    counts: dict[int, dict[str, int]] = {}
    for tray in board.trays:
        c = {k: 0 for k in COLOURS}
        main = tray.colour or COLOURS[int(rng.integers(len(COLOURS)))]
        c[main] = int(rng.integers(0, 7))
        if rng.random() < 0.35:
            other = COLOURS[int(rng.integers(len(COLOURS)))]
            c[other] += int(rng.integers(1, 3))
        counts[tray.side] = c
    tokens = []
    grids = [g for g in board.grids if g.type != "single"]
    if grids:
        cells = [cid for g in grids for cid, _, _ in g.cell_centres()]
        picks = rng.choice(len(cells), size=min(8, len(cells)), replace=False)
        ids = [60 + int(i) for i in rng.choice(20, size=len(picks), replace=False)]
        for tid, p in zip(ids, picks, strict=True):
            g = grids[0]
            steps = 360 // g.rotation_step
            tokens.append((tid, cells[int(p)], int(rng.integers(steps)) * g.rotation_step))
    priority = None
    if board.kind == "control-board":
        priority = int(rng.integers(6))
        centre = next(g for g in board.grids if g.type == "single")
        tokens.append((41 + int(rng.integers(12)), centre.name, int(rng.integers(6)) * 60))
    return Scene(
        board=board,
        counts=counts,
        tokens=tokens,
        priority_side=priority,
        light=light,
        strength=float(rng.uniform(0.7, 1.15)),
        noise=float(rng.uniform(1.0, 3.5)),
        blur=float(rng.uniform(0.3, 1.0)),
        shadows=int(rng.integers(0, 3)),
        seed=int(rng.integers(2**31)),
        **extra,
    )


def calibration_scene(board: Board, light: str = "neutral", seed: int = 1) -> Scene:
    """The calibration picture: one marker of each tray's own colour in that tray, nothing else."""
    counts = {t.side: {t.colour: 1} for t in board.trays if t.colour}
    return Scene(board=board, counts=counts, light=light, noise=1.0, blur=0.4, seed=seed)
