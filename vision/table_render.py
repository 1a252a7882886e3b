"""Photo-like frames of a real table, with ground truth: the hard test set for the camera.

Written from the board geometry files and the kit's sticker artwork
(:func:`vision.kit.sticker_artwork`) only, not from anything the reader assumes.
The scene is 3-D and lit:

* **Camera**: pinhole at any azimuth, tilted 20-60 degrees from straight down
  (``Setup.tilt_deg``), horizontal field of view 58-78 degrees, a little roll,
  barrel distortion.
* **Board**: printed artwork (mottled card, painted shapes), light or mid-grey
  tray floors with a rim, the kit's stickers stuck slightly crooked, glossy
  boards with a glare spot.
* **Cubes**: 3-D boxes (7.6-8.4 mm) of five colours from one print run, some
  frames with cubes of a second run (shifted shade); lit tops, darker sides, a
  cast shadow per light; scattered, touching, leaning on a neighbour (tilted
  15-35 degrees) and stacked two high.
* **Light**: warm 2700 K, cool 6500 K, mixed (lamp and window from two sides),
  neutral, dim; ambient light and bounce from a coloured tablecloth; a person's
  soft shadow; imperfect auto white balance and exposure; vignetting.
* **Hands** of light to dark skin, some with sleeves, over a tray or reaching
  over the board's edge, with their shadow.
* **Sensor**: defocus or motion blur (with rolling-shutter skew), shot and read
  noise (more in dim light), sharpening, JPEG quality 60-90.

Lighting is computed in linear RGB and encoded to sRGB at the end. The scene is
drawn anti-aliased on an undistorted canvas a little larger than the frame,
then the lens distortion is applied.

Sets: a :class:`Setup` is one table under one camera and light (fixed for a
game); :func:`random_frame` makes one moment of play on it. :mod:`vision.table_sets`
names the seeded development, training and held-out sets.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.geometry import COLOURS, Board, TokenCatalogue
from vision.kit import sticker_artwork

ART_PX_PER_MM = 4.0
"""Resolution of the board's artwork (top-down, before the camera)."""
SUPERSAMPLE = 1
"""Canvas pixels per output pixel (polygons are drawn anti-aliased; the artwork is
filtered before it is warped, so 1 suffices)."""
UP = np.array([0.0, 0.0, -1.0])
"""World coordinates: board x (right), board y (down), z into the table; up is -z."""

LIGHT_KINDS = ("warm", "cool", "mixed", "neutral", "dim")
TEMPERATURE_RGB = {  # sRGB of a white surface under black-body light (normalised later)
    2700: (255, 169, 87),
    4000: (255, 209, 163),
    5000: (255, 228, 206),
    6500: (255, 249, 253),
    7500: (235, 238, 255),
}
CUBE_SRGB = {  # nominal print run, sRGB albedo
    "red": (178, 34, 30),
    "yellow": (236, 188, 36),
    "blue": (32, 78, 158),
    "brown": (112, 68, 38),
    "white": (228, 224, 210),
}
SKIN_SRGB = (
    (236, 192, 165),
    (222, 170, 140),
    (198, 140, 105),
    (160, 105, 72),
    (110, 70, 48),
    (72, 46, 34),
)
SLEEVE_SRGB = (
    (40, 40, 48),
    (150, 30, 35),
    (30, 60, 120),
    (200, 200, 195),
    (90, 110, 70),
    (120, 90, 60),
)
CLOTH_SRGB = ((40, 90, 50), (140, 30, 35), (35, 55, 110), (70, 70, 75), (170, 150, 110))
ARRANGEMENTS = ("scattered", "touching", "leaning", "stacked")
BLURS = ("sharp", "defocus", "motion")
HANDS = ("none", "tray", "edge")


def _linear(srgb: Any) -> np.ndarray:
    return (np.asarray(srgb, np.float64) / 255.0) ** 2.2


def _light_rgb(kelvin: int) -> np.ndarray:
    rgb = _linear(TEMPERATURE_RGB[kelvin])
    return rgb / rgb[1]


@dataclass(frozen=True, kw_only=True)
class Setup:
    """One table, camera and light, fixed while a game is played."""

    seed: int
    tilt_deg: float
    azimuth_deg: float
    light: str
    floor: str
    """``light`` or ``mid`` grey tray floors."""
    table: str
    """``wood`` or ``cloth``."""
    glossy: bool
    frame_size: tuple[int, int] = (1280, 720)
    bump: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """The camera knocked: (pitch, yaw) degrees about its own axes and a shift in mm along
    the board's x (0 for an untouched camera)."""

    def conditions(self) -> dict[str, Any]:
        band = min(int((self.tilt_deg - 20) // 10), 3)
        return {
            "tilt": f"{20 + 10 * band}-{30 + 10 * band} deg",
            "light": self.light,
            "floor": self.floor,
            "table": self.table,
            "glossy": self.glossy,
        }


@dataclass(frozen=True, kw_only=True)
class FrameSpec:
    """One moment of play on a :class:`Setup`."""

    seed: int
    counts: dict[int, dict[str, int]]
    arrangement: dict[int, str]
    hand: str = "none"
    blur: str = "sharp"
    second_run: bool = False
    person_shadow: bool = False
    tokens: tuple[tuple[int, str, int], ...] = ()
    """``(sticker id, cell id, rotation degrees)`` of components on a grid."""
    priority_side: int | None = None
    hand_seed: int | None = None
    """Draws the hand (where, what skin, sleeve) from this seed instead of ``seed``: frames
    of one still table with a hand moving over it."""
    cubes: tuple[Cube, ...] | None = None
    """Cubes already placed (:mod:`vision.table_sequence`): drawn as they are, so a table
    followed through a game keeps its cubes where they lie; ``counts`` and ``arrangement``
    are then ignored."""
    hand_tray: int | None = None
    """With ``hand="tray"``: the side of the tray the hand reaches into."""
    light_drift: float = 0.0
    """Light drifting during a game: the direct light is ``1 + drift`` times, the ambient
    light ``1 - drift`` times as strong."""
    noise_seed: int | None = None
    """Draws the sensor noise from this seed instead of ``seed``: frames of one still table
    under one camera differ only by noise."""


@dataclass
class Rendered:
    image: np.ndarray
    truth: dict[str, Any]


@dataclass(eq=False)
class Cube:
    vertices: np.ndarray  # 8 x 3 world mm
    albedo: np.ndarray  # linear RGB
    side: int
    stacked: bool = False
    leaning: bool = False
    colour: str = ""
    tone_seed: int | None = None
    """Placed cubes (``FrameSpec.cubes``) keep their faces' tones from frame to frame."""


@dataclass
class _Light:
    direction: np.ndarray  # unit, towards the light
    rgb: np.ndarray  # linear, relative intensity included


@dataclass
class _Scene:
    lights: list[_Light]
    ambient: np.ndarray
    bounce: np.ndarray
    exposure: float
    extras: dict[str, Any] = field(default_factory=dict)


# -- camera -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Camera:
    k: np.ndarray  # 3x3 at output resolution
    r: np.ndarray  # world -> camera rotation
    t: np.ndarray
    k1: float
    size: tuple[int, int]

    @property
    def centre(self) -> np.ndarray:
        return -self.r.T @ self.t

    def project(
        self, pts: np.ndarray, scale: float = 1.0, margin: tuple[float, float] = (0, 0)
    ) -> np.ndarray:
        """World points (N x 3) to ideal (undistorted) pixels of a canvas ``scale`` times the
        output size with ``margin`` output pixels added on each side."""
        cam = (self.r @ np.asarray(pts, np.float64).T).T + self.t
        uv = cam[:, :2] / cam[:, 2:3]
        f, cx, cy = self.k[0, 0], self.k[0, 2], self.k[1, 2]
        return np.stack(
            [(f * uv[:, 0] + cx + margin[0]) * scale, (f * uv[:, 1] + cy + margin[1]) * scale],
            axis=1,
        )

    def distort(self, ideal: np.ndarray) -> np.ndarray:
        """Ideal output pixels to where the lens puts them."""
        f, cx, cy = self.k[0, 0], self.k[0, 2], self.k[1, 2]
        x = (ideal[:, 0] - cx) / f
        y = (ideal[:, 1] - cy) / f
        g = 1 + self.k1 * (x * x + y * y)
        return np.stack([x * g * f + cx, y * g * f + cy], axis=1)

    def plane_homography(
        self, height_mm: float, px_per_mm: float, scale: float, margin: tuple[float, float]
    ) -> np.ndarray:
        """Art pixels of the plane ``height_mm`` above the board -> canvas pixels."""
        a = (
            np.diag([scale, scale, 1.0])
            @ np.array([[1, 0, margin[0]], [0, 1, margin[1]], [0, 0, 1]], np.float64)
            @ self.k
        )
        m = np.column_stack([self.r[:, 0], self.r[:, 1], self.r[:, 2] * (-height_mm) + self.t])
        return a @ m @ np.diag([1 / px_per_mm, 1 / px_per_mm, 1.0])


def _look_at(centre: np.ndarray, target: np.ndarray, azimuth: float, roll: float) -> np.ndarray:
    f = target - centre
    f /= np.linalg.norm(f)
    right = np.array([-math.sin(azimuth), math.cos(azimuth), 0.0])
    right -= f * (right @ f)
    right /= np.linalg.norm(right)
    down = np.cross(f, right)
    c, s = math.cos(roll), math.sin(roll)
    x = c * right + s * down
    y = -s * right + c * down
    return np.stack([x, y, f])


def _board_corners(board: Board) -> np.ndarray:
    """The board's four corners in world mm (on the table plane)."""
    w, h = board.size
    return np.array([[0, 0, 0], [w, 0, 0], [w, h, 0], [0, h, 0]], float)


@lru_cache(maxsize=16)
def _setup_camera(setup: Setup, board: Board) -> _Camera:
    cam = _make_camera(setup, board, np.random.default_rng([setup.seed, 1]))
    if setup.bump == (0.0, 0.0, 0.0):
        return cam
    pitch, yaw, shift = setup.bump
    centre = cam.centre + np.array([shift, 0.0, 0.0])
    turn, _ = cv2.Rodrigues(np.array([math.radians(pitch), math.radians(yaw), 0.0]))
    r = turn @ cam.r
    return _Camera(cam.k, r, -r @ centre, cam.k1, cam.size)


def _make_camera(setup: Setup, board: Board, rng: np.random.Generator) -> _Camera:
    w, h = setup.frame_size
    corners = _board_corners(board)
    tilt = math.radians(setup.tilt_deg)
    az = math.radians(setup.azimuth_deg)
    for _ in range(400):
        fov = math.radians(rng.uniform(58, 78))
        f = (w / 2) / math.tan(fov / 2)
        k = np.array(
            [[f, 0, w / 2 + rng.uniform(-8, 8)], [0, f, h / 2 + rng.uniform(-6, 6)], [0, 0, 1]]
        )
        k1 = float(rng.uniform(-0.16, -0.02))
        target = np.array(
            [
                board.size[0] / 2 + rng.uniform(-25, 25),
                board.size[1] / 2 + rng.uniform(-25, 25),
                0.0,
            ]
        )
        fill = rng.uniform(0.8, 0.97)
        roll = math.radians(rng.uniform(-8, 8) + (180 if rng.random() < 0.15 else 0))
        direction = np.array(
            [math.sin(tilt) * math.cos(az), math.sin(tilt) * math.sin(az), -math.cos(tilt)]
        )
        cam = None
        for _centre in range(4):
            # Come closer until the board fills the wanted share of the frame ...
            dist = 3000.0
            while dist > 250:
                centre = target + dist * direction
                r = _look_at(centre, target, az, roll)
                cam = _Camera(k, r, -r @ centre, k1, (w, h))
                pts = cam.distort(cam.project(corners))
                span = max(
                    (pts[:, 0].max() - pts[:, 0].min()) / w, (pts[:, 1].max() - pts[:, 1].min()) / h
                )
                if span >= fill:
                    break
                dist *= 0.97
            assert cam is not None
            # ... then aim so that its outline is centred in the frame.
            pts = cam.project(corners)
            mid = (pts.min(axis=0) + pts.max(axis=0)) / 2
            hom = cam.plane_homography(0.0, 1.0, 1.0, (0, 0))
            aim = cv2.perspectiveTransform(np.array([[mid]]), np.linalg.inv(hom))[0, 0]
            target = np.array([aim[0], aim[1], 0.0])
        pts = cam.distort(cam.project(corners))
        if (
            pts[:, 0].min() > 6
            and pts[:, 1].min() > 6
            and pts[:, 0].max() < w - 6
            and pts[:, 1].max() < h - 6
        ):
            return cam
    raise RuntimeError("no camera pose fits the frame")


@lru_cache(maxsize=16)
def _undistort_maps(
    k: bytes, k1: float, size: tuple[int, int], margin: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """For each output pixel, where it lies in the ideal (undistorted) canvas."""
    kk = np.frombuffer(k, np.float64).reshape(3, 3)
    w, h = size
    f, cx, cy = kk[0, 0], kk[0, 2], kk[1, 2]
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    xd, yd = (xs - cx) / f, (ys - cy) / f
    xu, yu = xd.copy(), yd.copy()
    for _ in range(8):
        g = 1 + k1 * (xu * xu + yu * yu)
        xu, yu = xd / g, yd / g
    return (xu * f + cx + margin[0]).astype(np.float32), (yu * f + cy + margin[1]).astype(
        np.float32
    )


# -- the board's artwork ---------------------------------------------------------------


def _noise(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> np.ndarray:
    small = rng.normal(0, 1, (max(2, shape[0] // cells), max(2, shape[1] // cells))).astype(
        np.float32
    )
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def _paste(
    canvas: np.ndarray, patch: np.ndarray, centre_px: tuple[float, float], angle: float
) -> None:
    """Paste ``patch`` rotated ``angle`` degrees clockwise with its centre at ``centre_px``."""
    h, w = patch.shape[:2]
    half = math.hypot(w, h) / 2 + 2
    x0, y0 = max(0, int(centre_px[0] - half)), max(0, int(centre_px[1] - half))
    x1 = min(canvas.shape[1], int(centre_px[0] + half) + 1)
    y1 = min(canvas.shape[0], int(centre_px[1] + half) + 1)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), -angle, 1.0)
    m[0, 2] += centre_px[0] - w / 2 - x0
    m[1, 2] += centre_px[1] - h / 2 - y0
    roi = canvas[y0:y1, x0:x1]
    warped = cv2.warpAffine(patch, m, (roi.shape[1], roi.shape[0]), flags=cv2.INTER_LINEAR)
    alpha = cv2.warpAffine(
        np.ones((h, w), np.float32), m, (roi.shape[1], roi.shape[0]), flags=cv2.INTER_LINEAR
    )
    if roi.ndim == 3:
        alpha = alpha[..., None]
    roi[:] = warped * alpha + roi * (1 - alpha)


def _sticker_rgb(
    dictionary: str, marker_id: int, size: float, margin: float, paper: np.ndarray, ink: np.ndarray
) -> np.ndarray:
    art = (
        sticker_artwork(dictionary, marker_id, size, margin, ART_PX_PER_MM).astype(np.float32) / 255
    )
    art = cv2.GaussianBlur(art, (0, 0), 0.5)  # print spread
    return ink[None, None, :] + (paper - ink)[None, None, :] * art[..., None]


def _art_px(pts_mm: Any) -> np.ndarray:
    return np.round(np.asarray(pts_mm, np.float64) * ART_PX_PER_MM * 16).astype(np.int32)


@lru_cache(maxsize=8)
def _board_art(board: Board, setup: Setup) -> np.ndarray:
    """Linear-RGB albedo of the printed board with its stickers (top-down, ART_PX_PER_MM)."""
    rng = np.random.default_rng([setup.seed, 11])
    w, h = round(board.size[0] * ART_PX_PER_MM), round(board.size[1] * ART_PX_PER_MM)
    base = _linear(rng.uniform([188, 172, 135], [225, 210, 180]))
    mottle = 1 + 0.07 * _noise(rng, (h, w), 60) + 0.03 * _noise(rng, (h, w), 8)
    art = (base[None, None, :] * mottle[..., None]).astype(np.float32)
    # Painted shapes: the board's illustration, in muted earth and sky tones.
    for _ in range(int(rng.integers(25, 45))):
        colour = _linear(rng.uniform([60, 50, 30], [200, 180, 160]))
        pts = rng.uniform([0, 0], [board.size[0], board.size[1]], 2)
        kind = rng.integers(3)
        layer = art.copy()
        if kind == 0:
            cv2.circle(
                layer,
                tuple(int(v) for v in pts * ART_PX_PER_MM),
                int(rng.uniform(4, 30) * ART_PX_PER_MM),
                colour.tolist(),
                -1,
                cv2.LINE_AA,
            )
        elif kind == 1:
            poly = pts + rng.normal(0, 18, (int(rng.integers(3, 7)), 2))
            cv2.fillPoly(layer, [_art_px(poly)], colour.tolist(), cv2.LINE_AA, 4)
        else:
            end = pts + rng.normal(0, 40, 2)
            cv2.line(
                layer,
                tuple(int(v) for v in pts * ART_PX_PER_MM),
                tuple(int(v) for v in end * ART_PX_PER_MM),
                colour.tolist(),
                int(rng.uniform(1, 4) * ART_PX_PER_MM),
                cv2.LINE_AA,
            )
        a = rng.uniform(0.35, 0.9)
        art = art * (1 - a) + layer * a
    if "hexagon" in board.raw:
        colour = _linear(rng.uniform([110, 90, 60], [170, 150, 120]))
        cv2.fillPoly(
            art, [_art_px(board.raw["hexagon"]["polygon_mm"])], colour.tolist(), cv2.LINE_AA, 4
        )
    grey = rng.uniform(172, 215) if setup.floor == "light" else rng.uniform(112, 160)
    floor = _linear(np.clip(grey + rng.normal(0, 4, 3), 0, 255))
    rim = _linear(rng.uniform([40, 40, 40], [95, 90, 85]))
    for tray in board.trays:
        pts = _art_px(tray.polygon)
        cv2.fillPoly(art, [pts], floor.tolist(), cv2.LINE_AA, 4)
        cv2.polylines(
            art,
            [pts],
            True,
            rim.tolist(),
            max(1, round(rng.uniform(0.8, 1.8) * ART_PX_PER_MM)),
            cv2.LINE_AA,
            4,
        )
    texture = 1 + 0.025 * _noise(rng, (h, w), 3)
    art *= texture[..., None]
    for grid in board.grids:
        if grid.type == "single":
            continue
        for _, _, centre in grid.cell_centres():
            outline = _cell_outline(grid, centre, 1.0)
            cv2.polylines(
                art, [_art_px(outline)], True, _linear((70, 70, 70)).tolist(), 2, cv2.LINE_AA, 4
            )
    paper = _linear(rng.uniform([236, 234, 226], [252, 250, 246])).astype(np.float32)
    ink = _linear(rng.uniform([18, 18, 18], [40, 40, 44])).astype(np.float32)
    for f in board.fiducials:
        sticker = _sticker_rgb(board.dictionary, f.id, f.size, f.margin, paper, ink)
        at = (np.array(f.centre) + rng.normal(0, 0.4, 2)) * ART_PX_PER_MM
        _paste(art, sticker, (float(at[0]), float(at[1])), float(rng.normal(0, 1.2)))
    return art.astype(np.float32)


def _art_shrink(hb: np.ndarray, board: Board) -> float:
    """How many art pixels fall on one canvas pixel (at the board's centre), rounded."""
    c = (
        np.array(
            [[board.size[0] / 2, board.size[1] / 2], [board.size[0] / 2 + 10, board.size[1] / 2]]
        )
        * ART_PX_PER_MM
    )
    p = cv2.perspectiveTransform(c.reshape(-1, 1, 2), hb).reshape(-1, 2)
    return round(float(10 * ART_PX_PER_MM / np.linalg.norm(p[1] - p[0])), 1)


@lru_cache(maxsize=8)
def _filtered_art(board: Board, setup: Setup, shrink: float) -> np.ndarray:
    """The artwork low-pass filtered for a warp that shrinks it ``shrink`` times."""
    art = _board_art(board, setup)
    sigma = max(0.0, 0.45 * (shrink - 1))
    return cv2.GaussianBlur(art, (0, 0), sigma) if sigma > 0.2 else art


def _cell_outline(grid: Any, c: tuple[float, float], scale: float) -> list[tuple[float, float]]:
    if grid.type == "square":
        h = grid.size * scale / 2
        return [
            (c[0] - h, c[1] - h),
            (c[0] + h, c[1] - h),
            (c[0] + h, c[1] + h),
            (c[0] - h, c[1] + h),
        ]
    r = grid.size * scale
    start = 30 if getattr(grid, "orientation", "pointy") == "pointy" else 0
    return [
        (
            c[0] + r * math.cos(math.radians(start + 60 * k)),
            c[1] + r * math.sin(math.radians(start + 60 * k)),
        )
        for k in range(6)
    ]


@lru_cache(maxsize=8)
def _table_art(setup: Setup, shape: tuple[int, int]) -> np.ndarray:
    """Linear-RGB albedo of the table around the board (canvas pixels)."""
    rng = np.random.default_rng([setup.seed, 12])
    h, w = shape
    if setup.table == "wood":
        base = _linear(rng.uniform([95, 60, 35], [175, 125, 80]))
        angle = rng.uniform(0, 180)
        grain = cv2.resize(rng.normal(0, 1, (h // 60 + 2, 6)).astype(np.float32), (w * 2, h * 2))
        m = cv2.getRotationMatrix2D((w, h), angle, 1.0)
        grain = cv2.warpAffine(grain, m, (w * 2, h * 2))[h // 2 : h // 2 + h, w // 2 : w // 2 + w]
        shade = 1 + 0.12 * grain + 0.04 * _noise(rng, (h, w), 20)
    else:
        base = _linear(CLOTH_SRGB[int(rng.integers(len(CLOTH_SRGB)))]) * rng.uniform(0.8, 1.2)
        weave = rng.normal(0, 1, (h, w)).astype(np.float32)
        shade = 1 + 0.06 * cv2.GaussianBlur(weave, (0, 0), 1.0) + 0.05 * _noise(rng, (h, w), 80)
    return np.clip(base[None, None, :] * shade[..., None], 0, 1).astype(np.float32)


# -- cubes ---------------------------------------------------------------------------------

FACES = ((0, 2, 6, 4), (1, 3, 7, 5), (0, 1, 5, 4), (2, 3, 7, 6), (0, 1, 3, 2), (4, 5, 7, 6))


def _box(centre: np.ndarray, yaw: float, size: float, base: float = 0.0) -> np.ndarray:
    """An upright cube: bottom face centred on board point ``centre`` at height ``base``."""
    c, s = math.cos(yaw), math.sin(yaw)
    out = []
    for i in range(8):
        lx = (size / 2) * (1 if i & 1 else -1)
        ly = (size / 2) * (1 if i & 2 else -1)
        lz = -(base + (size if i & 4 else 0.0))
        out.append((centre[0] + c * lx - s * ly, centre[1] + s * lx + c * ly, lz))
    return np.array(out)


def _leaning_box(pivot: np.ndarray, away: np.ndarray, size: float, phi: float) -> np.ndarray:
    """A cube standing on one bottom edge (through ``pivot``, across ``away``), its far side
    lifted and its top leaning back by ``phi`` against the neighbour behind the pivot."""
    u = away / np.linalg.norm(away)
    v = np.array([-u[1], u[0]])
    out = []
    for i in range(8):
        a = size if i & 1 else 0.0
        b = (size / 2) * (1 if i & 2 else -1)
        hgt = size if i & 4 else 0.0
        along = a * math.cos(phi) - hgt * math.sin(phi)
        up = a * math.sin(phi) + hgt * math.cos(phi)
        p = pivot + along * u + b * v
        out.append((p[0], p[1], -up))
    return np.array(out)


def _footprint(vertices: np.ndarray) -> np.ndarray:
    hull = cv2.convexHull(vertices[:, :2].astype(np.float32))
    return hull.reshape(-1, 2)


def _palette(rng: np.random.Generator) -> dict[str, np.ndarray]:
    """One print run: each colour's sRGB albedo shifted a little, as linear RGB."""
    out = {}
    for name, srgb in CUBE_SRGB.items():
        hsv = cv2.cvtColor(np.uint8([[srgb]]), cv2.COLOR_RGB2HSV).astype(np.float64)[0, 0]
        hsv[0] = (hsv[0] + rng.normal(0, 2.0)) % 180
        hsv[1] = np.clip(hsv[1] * rng.uniform(0.85, 1.1), 0, 255)
        hsv[2] = np.clip(hsv[2] * rng.uniform(0.88, 1.06), 0, 255)
        rgb = cv2.cvtColor(np.uint8([[hsv]]), cv2.COLOR_HSV2RGB)[0, 0]
        out[name] = _linear(rgb)
    return out


def _second_run(palette: dict[str, np.ndarray], rng: np.random.Generator) -> dict[str, np.ndarray]:
    out = {}
    for name, lin in palette.items():
        srgb = np.clip((lin ** (1 / 2.2)) * 255, 0, 255).astype(np.uint8)
        hsv = cv2.cvtColor(srgb.reshape(1, 1, 3), cv2.COLOR_RGB2HSV).astype(np.float64)[0, 0]
        hsv[0] = (hsv[0] + rng.choice([-1, 1]) * rng.uniform(3, 7)) % 180
        hsv[1] = np.clip(hsv[1] * rng.uniform(0.8, 1.15), 0, 255)
        hsv[2] = np.clip(hsv[2] * rng.uniform(0.85, 1.12), 0, 255)
        rgb = cv2.cvtColor(np.uint8([[hsv]]), cv2.COLOR_HSV2RGB)[0, 0]
        out[name] = _linear(rgb)
    return out


def _inside(poly: np.ndarray, pts: np.ndarray, margin: float) -> bool:
    return all(cv2.pointPolygonTest(poly, (float(x), float(y)), True) >= margin for x, y in pts)


def _overlaps(fp: np.ndarray, others: list[np.ndarray], gap: float) -> bool:
    for o in others:
        # Separating axis test on the two convex footprints, with a gap.
        for poly in (fp, o):
            n = len(poly)
            for i in range(n):
                e = poly[(i + 1) % n] - poly[i]
                axis = np.array([-e[1], e[0]])
                norm = np.linalg.norm(axis)
                if norm < 1e-9:
                    continue
                axis /= norm
                a, b = fp @ axis, o @ axis
                if a.max() + gap <= b.min() or b.max() + gap <= a.min():
                    break
            else:
                continue
            break
        else:
            return True
    return False


def place_cubes(
    board: Board, spec: FrameSpec, palettes: list[dict[str, np.ndarray]], rng: np.random.Generator
) -> tuple[list[Cube], dict[int, dict[str, int]], dict[int, dict[str, int]]]:
    """Cubes in every tray per ``spec``; returns (cubes, counts placed, arrangement tally)."""
    cubes: list[Cube] = []
    placed: dict[int, dict[str, int]] = {}
    tally: dict[int, dict[str, int]] = {}
    for tray in board.trays:
        poly = np.asarray(tray.polygon, np.float32)
        kind = spec.arrangement.get(tray.side, "scattered")
        want = [c for c, n in spec.counts.get(tray.side, {}).items() for _ in range(n)]
        rng.shuffle(want)
        floor: list[Cube] = []
        prints: list[np.ndarray] = []
        done = {c: 0 for c in COLOURS}
        stats = {"touching": 0, "leaning": 0, "stacked": 0}
        lo, hi = poly.min(axis=0), poly.max(axis=0)
        for colour in want:
            palette = palettes[1] if len(palettes) > 1 and rng.random() < 0.5 else palettes[0]
            albedo = palette[colour] * rng.uniform(0.93, 1.07)
            size = float(rng.uniform(7.6, 8.4))
            cube = None
            for _attempt in range(150):
                mode = "scatter"
                if floor and kind != "scattered" and rng.random() < 0.75:
                    mode = {"touching": "touch", "leaning": "lean", "stacked": "stack"}[kind]
                    if mode in ("lean", "stack") and rng.random() < 0.35:
                        mode = "touch"
                if mode == "stack":
                    below = floor[int(rng.integers(len(floor)))]
                    if (
                        below.stacked
                        or below.leaning
                        or any(
                            c.stacked
                            and np.allclose(
                                c.vertices[:4, :2].mean(0), below.vertices[:4, :2].mean(0), atol=3
                            )
                            for c in cubes
                        )
                    ):
                        continue
                    top = below.vertices[4:, :]
                    centre = top[:, :2].mean(axis=0) + rng.normal(0, 0.8, 2)
                    yaw = math.atan2(
                        *(below.vertices[1, 1::-1] - below.vertices[0, 1::-1])
                    ) + rng.normal(0, 0.15)
                    base = -float(top[:, 2].mean())
                    verts = _box(centre, yaw, size, base)
                    cube = Cube(verts, albedo, tray.side, stacked=True, colour=colour)
                    stats["stacked"] += 1
                    break
                if mode in ("touch", "lean"):
                    nb = floor[int(rng.integers(len(floor)))]
                    if nb.leaning:
                        continue
                    v = nb.vertices
                    ex, ey = v[1, :2] - v[0, :2], v[2, :2] - v[0, :2]
                    ex, ey = ex / np.linalg.norm(ex), ey / np.linalg.norm(ey)
                    yaw = math.atan2(ex[1], ex[0])
                    direction = [ex, -ex, ey, -ey][int(rng.integers(4))]
                    half_nb = np.linalg.norm(v[1, :2] - v[0, :2]) / 2
                    centre_nb = v[:4, :2].mean(axis=0)
                    if mode == "lean":
                        phi = math.radians(rng.uniform(15, 35))
                        pivot = centre_nb + direction * (half_nb + size * math.sin(phi) + 0.05)
                        side_shift = rng.uniform(-2, 2)
                        pivot = pivot + np.array([-direction[1], direction[0]]) * side_shift
                        verts = _leaning_box(pivot, direction, size, phi)
                    else:
                        gap = rng.uniform(0.0, 0.4)
                        centre = centre_nb + direction * (half_nb + size / 2 + gap)
                        centre = centre + np.array([-direction[1], direction[0]]) * rng.uniform(
                            -3, 3
                        )
                        verts = _box(centre, yaw + rng.normal(0, 0.05), size)
                    fp = _footprint(verts)
                    others = [p for p, c in zip(prints, floor, strict=True) if c is not nb]
                    if not _inside(poly, fp, 0.6) or _overlaps(fp, others, 0.05):
                        continue
                    cube = Cube(verts, albedo, tray.side, leaning=mode == "lean", colour=colour)
                    stats["leaning" if mode == "lean" else "touching"] += 1
                    break
                centre = rng.uniform(lo, hi)
                verts = _box(centre, rng.uniform(0, math.pi / 2), size)
                fp = _footprint(verts)
                if not _inside(poly, fp, 0.8) or _overlaps(fp, prints, 1.2):
                    continue
                cube = Cube(verts, albedo, tray.side, colour=colour)
                break
            if cube is None:
                continue
            cubes.append(cube)
            if not cube.stacked:
                floor.append(cube)
                prints.append(_footprint(cube.vertices))
            done[colour] += 1
        placed[tray.side] = done
        tally[tray.side] = stats
    return cubes, placed, tally


# -- drawing ------------------------------------------------------------------------------


def _scene_light(setup: Setup, rng: np.random.Generator) -> _Scene:
    def direction(elev_lo: float, elev_hi: float) -> np.ndarray:
        el = math.radians(rng.uniform(elev_lo, elev_hi))
        az = rng.uniform(0, 2 * math.pi)
        return np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), -math.sin(el)])

    kind = setup.light
    if kind == "mixed":
        lamp = _Light(direction(35, 80), _light_rgb(2700) * rng.uniform(0.5, 0.8))
        window = _Light(direction(20, 60), _light_rgb(6500) * rng.uniform(0.4, 0.7))
        lights = [lamp, window]
        ambient = (_light_rgb(2700) + _light_rgb(7500)) / 2 * rng.uniform(0.25, 0.4)
    else:
        kelvin = {
            "warm": 2700,
            "cool": 6500,
            "neutral": 5000,
            "dim": int(rng.choice([2700, 4000])),
        }[kind]
        lights = [_Light(direction(35, 85), _light_rgb(kelvin) * rng.uniform(0.6, 0.9))]
        ambient = _light_rgb(kelvin if kind != "cool" else 7500) * rng.uniform(0.25, 0.45)
    bounce = np.zeros(3)
    if setup.table == "cloth":
        cloth = _linear(
            CLOTH_SRGB[int(np.random.default_rng([setup.seed, 12]).integers(len(CLOTH_SRGB)))]
        )
        bounce = cloth / max(cloth.max(), 1e-3) * rng.uniform(0.08, 0.2) * lights[0].rgb
    exposure = rng.uniform(0.06, 0.14) if kind == "dim" else 1.0
    return _Scene(lights, ambient, bounce, exposure)


def _fill(buffers: list[np.ndarray], values: list[Any], pts: np.ndarray) -> None:
    p = np.round(pts * 16).astype(np.int32)
    for buf, val in zip(buffers, values, strict=True):
        cv2.fillPoly(buf, [p], val, cv2.LINE_AA, 4)


def _hand_mask(
    canvas_shape: tuple[int, int],
    at: np.ndarray,
    towards: np.ndarray,
    mm: float,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """Hand and arm (mask), and the sleeve part, coming from ``towards`` (an edge point)."""
    h, w = canvas_shape
    mask = np.zeros((h, w), np.uint8)
    sleeve = np.zeros((h, w), np.uint8)
    d = at - towards
    d /= max(np.linalg.norm(d), 1e-6)
    wrist = at - d * 70 * mm
    cv2.line(
        mask,
        tuple(int(v) for v in towards),
        tuple(int(v) for v in wrist),
        255,
        max(2, int(rng.uniform(55, 75) * mm)),
        cv2.LINE_AA,
    )
    palm_angle = math.degrees(math.atan2(d[1], d[0]))
    palm_c = at - d * 30 * mm
    cv2.ellipse(
        mask,
        (int(palm_c[0]), int(palm_c[1])),
        (int(48 * mm), int(42 * mm)),
        palm_angle,
        0,
        360,
        255,
        -1,
        cv2.LINE_AA,
    )
    spread = rng.uniform(8, 22)
    for k in range(4):
        a = math.radians(palm_angle + (k - 1.5) * spread)
        length = rng.uniform(55, 85) * mm
        base = palm_c + d * 25 * mm + np.array([-d[1], d[0]]) * (k - 1.5) * 17 * mm
        tip = base + np.array([math.cos(a), math.sin(a)]) * length
        cv2.line(
            mask,
            tuple(int(v) for v in base),
            tuple(int(v) for v in tip),
            255,
            max(2, int(rng.uniform(15, 19) * mm)),
            cv2.LINE_AA,
        )
    thumb = palm_c + np.array([-d[1], d[0]]) * rng.choice([-1, 1]) * 50 * mm + d * 10 * mm
    cv2.line(
        mask,
        tuple(int(v) for v in palm_c),
        tuple(int(v) for v in thumb),
        255,
        max(2, int(20 * mm)),
        cv2.LINE_AA,
    )
    if rng.random() < 0.5:
        cuff = wrist - d * rng.uniform(10, 40) * mm
        cv2.line(
            sleeve,
            tuple(int(v) for v in towards),
            tuple(int(v) for v in cuff),
            255,
            max(2, int(95 * mm)),
            cv2.LINE_AA,
        )
    return mask, sleeve


def render_frame(
    board: Board, setup: Setup, spec: FrameSpec, tokens: TokenCatalogue | None = None
) -> Rendered:
    """Draw one frame of ``spec`` on ``setup``; ``truth`` says what a perfect reader finds."""
    cam = _setup_camera(setup, board)
    w, h = setup.frame_size
    s = SUPERSAMPLE
    mx, my = int(0.12 * w), int(0.12 * h)
    cw, ch = (w + 2 * mx) * s, (h + 2 * my) * s
    margin = (mx, my)
    lrng = np.random.default_rng([setup.seed, 2])
    light = _scene_light(setup, lrng)
    if spec.light_drift:
        for lt in light.lights:
            lt.rgb = lt.rgb * (1 + spec.light_drift)
        light.ambient = light.ambient * (1 - spec.light_drift)
    palette = _palette(np.random.default_rng([setup.seed, 3]))
    palettes = [palette]
    frng = np.random.default_rng([spec.seed, 4])
    if spec.second_run:
        palettes.append(_second_run(palette, frng))
    if spec.cubes is None:
        cubes, counts, tally = place_cubes(board, spec, palettes, frng)
    else:
        cubes, counts, tally = list(spec.cubes), *_tally(board, spec.cubes)

    # Albedo and shading buffers (canvas at s x output).
    table = _table_art(setup, (h + 2 * my, w + 2 * mx))
    albedo = cv2.resize(table, (cw, ch), interpolation=cv2.INTER_LINEAR)
    hb = cam.plane_homography(0.0, ART_PX_PER_MM, s, margin)
    art = _filtered_art(board, setup, _art_shrink(hb, board))
    cv2.warpPerspective(art, hb, (cw, ch), albedo, cv2.INTER_LINEAR, cv2.BORDER_TRANSPARENT)
    board_mask = np.zeros((ch, cw), np.float32)
    corners = _board_corners(board)
    _fill([board_mask], [1.0], cam.project(corners, s, margin))
    n_l = len(light.lights)
    key = [np.zeros((ch, cw), np.float32) for _ in range(n_l)]
    for i, lt in enumerate(light.lights):
        key[i][:] = max(0.0, float(-lt.direction[2]))  # horizontal surfaces: n = up
    amb = np.ones((ch, cw), np.float32)
    side = np.zeros((ch, cw), np.float32)
    glare = np.zeros((ch, cw), np.float32)
    # Soft contact shadow under cubes (ambient occlusion) and cast shadows per light.
    occl = np.zeros((ch, cw), np.float32)
    shadows = [np.zeros((ch, cw), np.float32) for _ in range(n_l)]
    for cube in cubes:
        _fill(
            [occl],
            [1.0],
            cam.project(
                np.c_[_footprint(cube.vertices), np.zeros(len(_footprint(cube.vertices)))],
                s,
                margin,
            ),
        )
        for i, lt in enumerate(light.lights):
            t = cube.vertices[:, 2] / lt.direction[2]
            shade = cube.vertices - t[:, None] * lt.direction[None, :]
            hull = _footprint(shade)
            _fill([shadows[i]], [1.0], cam.project(np.c_[hull, np.zeros(len(hull))], s, margin))
    px_per_mm = (
        np.linalg.norm(
            cam.project(np.array([[150, 140, 0], [160, 140, 0]]), s, margin)[1]
            - cam.project(np.array([[150, 140, 0]]), s, margin)[0]
        )
        / 10
    )
    occl = cv2.GaussianBlur(occl, (0, 0), 2.5 * px_per_mm)
    amb *= 1 - 0.35 * occl
    for i in range(n_l):
        soft = cv2.GaussianBlur(shadows[i], (0, 0), max(0.6, frng.uniform(0.3, 1.2) * px_per_mm))
        key[i] *= 1 - soft
    if setup.glossy:
        g = np.zeros((ch // 8, cw // 8), np.float32)
        proj = cam.project(
            np.array(
                [[frng.uniform(40, board.size[0] - 40), frng.uniform(40, board.size[1] - 40), 0]]
            ),
            1 / 8 * s,
            margin,
        )[0]
        cv2.ellipse(
            g,
            (int(proj[0]), int(proj[1])),
            (int(frng.uniform(8, 30)), int(frng.uniform(5, 18))),
            frng.uniform(0, 180),
            0,
            360,
            1.0,
            -1,
        )
        g = cv2.GaussianBlur(g, (0, 0), 5)
        glare = cv2.resize(g, (cw, ch)) * board_mask * float(frng.uniform(0.3, 1.2))
    # Cubes, far to near (painter's order), visible faces only.
    eye = cam.centre
    order = sorted(cubes, key=lambda c: -np.linalg.norm(c.vertices.mean(axis=0) - eye))
    for cube in order:
        centre = cube.vertices.mean(axis=0)
        tones = np.random.default_rng([cube.tone_seed or 0, 8])
        faces = []
        for f in FACES:
            pts = cube.vertices[list(f)]
            fc = pts.mean(axis=0)
            n = fc - centre
            n /= np.linalg.norm(n)
            if n @ (eye - fc) <= 0:
                continue
            faces.append((pts, n))
        for pts, n in faces:
            img = cam.project(pts, s, margin)
            tone = 1 + 0.04 * (frng.normal() if cube.tone_seed is None else tones.normal())
            vals_key = [max(0.0, float(n @ lt.direction)) for lt in light.lights]
            horizontal = abs(float(n @ UP))
            _fill(
                [albedo, amb, side, glare, *key],
                [
                    (cube.albedo * tone).tolist(),
                    0.85 + 0.15 * horizontal,
                    1 - horizontal,
                    0.0,
                    *vals_key,
                ],
                img,
            )
            # A slightly darker edge (rounded, worn corners of wooden cubes).
            p = np.round(img * 16).astype(np.int32)
            cv2.polylines(albedo, [p], True, (cube.albedo * 0.85).tolist(), 1, cv2.LINE_AA, 4)

    # Hands and the person's shadow act on the light reaching the table.
    visible = [np.ones((ch, cw), np.float32) for _ in range(n_l)]
    hand_mask = np.zeros((ch, cw), np.uint8)
    sleeve_mask = hand_mask
    touched: list[int] = []
    hrng = np.random.default_rng([spec.seed if spec.hand_seed is None else spec.hand_seed, 5])
    if spec.person_shadow:
        p = np.zeros((ch // 8, cw // 8), np.float32)
        edge = [
            (0, hrng.uniform(0, ch // 8)),
            (cw // 8, hrng.uniform(0, ch // 8)),
            (hrng.uniform(0, cw // 8), ch // 8),
        ][int(hrng.integers(3))]
        cv2.ellipse(
            p,
            (int(edge[0]), int(edge[1])),
            (int(cw / 8 * hrng.uniform(0.25, 0.5)), int(ch / 8 * hrng.uniform(0.3, 0.6))),
            hrng.uniform(0, 180),
            0,
            360,
            1.0,
            -1,
        )
        p = cv2.resize(cv2.GaussianBlur(p, (0, 0), 12), (cw, ch))
        visible[0] *= 1 - hrng.uniform(0.3, 0.6) * p
    if spec.hand != "none":
        if spec.hand == "tray" and board.trays:
            tray = board.trays[int(hrng.integers(len(board.trays)))]
            if spec.hand_tray is not None:
                tray = next(t for t in board.trays if t.side == spec.hand_tray)
            target = np.array(tray.centroid()) + hrng.normal(0, 6, 2)
        else:
            a = hrng.uniform(0, 2 * math.pi)
            target = (
                np.array(board.centre)
                + np.array([math.cos(a), math.sin(a)]) * np.array(board.size) * 0.48
            )
        at = cam.project(np.array([[*target, -hrng.uniform(5, 40)]]), s, margin)[0]
        edges = [
            np.array([at[0], ch + 50.0]),
            np.array([at[0], -50.0]),
            np.array([-50.0, at[1]]),
            np.array([cw + 50.0, at[1]]),
        ]
        weights = np.array([3.0, 1.0, 1.0, 1.0])
        dists = np.array([np.linalg.norm(e - at) for e in edges])
        towards = edges[int(np.argmin(dists / weights))]
        hand_mask, sleeve_mask = _hand_mask((ch, cw), at, towards, px_per_mm, hrng)
        # Its shadow on the table: offset away from the main light, soft.
        ld = light.lights[0].direction
        shift = -ld[:2] / max(-ld[2], 0.3) * 30 * px_per_mm
        m = np.float32([[1, 0, shift[0]], [0, 1, shift[1]]])
        sh = cv2.warpAffine(hand_mask, m, (cw, ch)).astype(np.float32) / 255
        sh = cv2.GaussianBlur(sh, (0, 0), 6 * px_per_mm)
        for v in visible:
            v *= 1 - 0.7 * sh
        for tray in board.trays:
            tm = np.zeros((ch, cw), np.uint8)
            _fill(
                [tm],
                [255],
                cam.project(
                    np.c_[np.asarray(tray.polygon), np.zeros(len(tray.polygon))], s, margin
                ),
            )
            if cv2.countNonZero(cv2.bitwise_and(tm, hand_mask)) > 0.02 * cv2.countNonZero(tm):
                touched.append(tray.side)

    # Components with stickers (tiles, the priority marker): flat, a little above the board.
    token_truth: list[dict[str, Any]] = []
    hidden: list[int] = []
    if tokens is not None:
        token_truth, hidden = _draw_tokens(
            board,
            spec,
            tokens,
            cam,
            s,
            margin,
            albedo,
            amb,
            key,
            side,
            glare,
            frng,
            hand_mask,
            light,
        )

    radiance = albedo * (
        light.ambient[None, None, :].astype(np.float32) * amb[..., None]
        + light.bounce[None, None, :].astype(np.float32) * side[..., None]
    )
    for i, lt in enumerate(light.lights):
        radiance += albedo * (
            lt.rgb[None, None, :].astype(np.float32) * (key[i] * visible[i])[..., None]
        )
    radiance += glare[..., None] * light.lights[0].rgb[None, None, :].astype(np.float32)
    if spec.hand != "none":
        skin = _linear(SKIN_SRGB[int(hrng.integers(len(SKIN_SRGB)))]) * hrng.uniform(0.9, 1.1)
        dist = cv2.distanceTransform(hand_mask, cv2.DIST_L2, 5)
        rounded = np.clip(dist / (12 * px_per_mm), 0, 1) ** 0.5
        lit = (
            light.ambient[None, None, :] * 0.9
            + light.lights[0].rgb[None, None, :] * (0.35 + 0.55 * rounded[..., None])
        ).astype(np.float32)
        colour = skin[None, None, :].astype(np.float32) * lit
        if sleeve_mask.any():
            cloth = _linear(SLEEVE_SRGB[int(hrng.integers(len(SLEEVE_SRGB)))])
            ds = cv2.distanceTransform(sleeve_mask, cv2.DIST_L2, 5)
            folds = 1 + 0.15 * _noise(hrng, (ch, cw), 30)
            sl = (
                cloth[None, None, :].astype(np.float32)
                * (
                    light.ambient[None, None, :]
                    + light.lights[0].rgb[None, None, :]
                    * (0.3 + 0.5 * np.clip(ds / (20 * px_per_mm), 0, 1)[..., None])
                ).astype(np.float32)
                * folds[..., None]
            )
            smask = (sleeve_mask.astype(np.float32) / 255)[..., None]
            colour = colour * (1 - smask) + sl * smask
        a = (np.maximum(hand_mask, sleeve_mask).astype(np.float32) / 255)[..., None]
        radiance = radiance * (1 - a) + colour * a
    radiance *= light.exposure

    # Lens: shrink (anti-aliasing), then distortion.
    ideal = cv2.resize(radiance, (w + 2 * mx, h + 2 * my), interpolation=cv2.INTER_AREA)
    mapx, mapy = _undistort_maps(cam.k.tobytes(), cam.k1, (w, h), margin)
    image = cv2.remap(ideal, mapx, mapy, cv2.INTER_LINEAR)
    noise = None if spec.noise_seed is None else np.random.default_rng([spec.noise_seed, 7])
    image = _sensor(image, setup, spec, light, np.random.default_rng([spec.seed, 6]), noise)
    truth = {
        "board": board.name,
        "counts": {str(k): v for k, v in counts.items()},
        "arrangement": {str(k): _arrangement(v) for k, v in tally.items()},
        "tally": {str(k): v for k, v in tally.items()},
        "hand_over_trays": sorted(touched),
        "tokens": token_truth,
        "covered_tokens": hidden,
        "priority_side": spec.priority_side,
        "conditions": {**setup.conditions(), "hand": spec.hand, "blur": spec.blur},
        "setup_seed": setup.seed,
        "frame_seed": spec.seed,
    }
    return Rendered(image, truth)


def _tally(
    board: Board, cubes: tuple[Cube, ...]
) -> tuple[dict[int, dict[str, int]], dict[int, dict[str, int]]]:
    """Counts and arrangement tally of already placed cubes (as :func:`place_cubes` gives)."""
    counts = {t.side: dict.fromkeys(COLOURS, 0) for t in board.trays}
    tally = {t.side: {"touching": 0, "leaning": 0, "stacked": 0} for t in board.trays}
    for cube in cubes:
        counts[cube.side][cube.colour] += 1
        if cube.stacked:
            tally[cube.side]["stacked"] += 1
        elif cube.leaning:
            tally[cube.side]["leaning"] += 1
    return counts, tally


def _arrangement(stats: dict[str, int]) -> str:
    """The hardest arrangement present in a tray."""
    for name in ("stacked", "leaning", "touching"):
        if stats[name]:
            return name
    return "scattered"


def _draw_tokens(
    board: Board,
    spec: FrameSpec,
    tokens: TokenCatalogue,
    cam: _Camera,
    s: int,
    margin: tuple[float, float],
    albedo: np.ndarray,
    amb: np.ndarray,
    key: list[np.ndarray],
    side: np.ndarray,
    glare: np.ndarray,
    rng: np.random.Generator,
    hand_mask: np.ndarray,
    light: _Scene,
) -> tuple[list[dict[str, Any]], list[int]]:
    paper = _linear((246, 244, 238)).astype(np.float32)
    ink = _linear((28, 28, 30)).astype(np.float32)
    cells = {cid: (g, key_, c) for g in board.grids for cid, key_, c in g.cell_centres()}
    placed: list[tuple[int, tuple[float, float], float, float, np.ndarray]] = []
    truth: list[dict[str, Any]] = []
    per_cell: dict[str, int] = defaultdict(int)
    for _, cell_id, _ in spec.tokens:
        per_cell[cell_id] += 1
    nth: dict[str, int] = defaultdict(int)
    for tid, cell_id, rotation in spec.tokens:
        grid, cell_key, centre = cells[cell_id]
        kind = tokens.tokens[tid].kind if tid in tokens.tokens else "token"
        piece = kind in ("farmer", "citizen", "basic", "elite")
        at = (centre[0] + rng.uniform(-1.5, 1.5), centre[1] + rng.uniform(-1.5, 1.5))
        if per_cell[cell_id] > 1:  # several pieces on one hex: around its centre
            a = 2 * math.pi * nth[cell_id] / per_cell[cell_id] + 0.4
            at = (at[0] + 0.42 * grid.size * math.cos(a), at[1] + 0.42 * grid.size * math.sin(a))
        nth[cell_id] += 1
        r = 8.5 if piece else (grid.size * 0.82 if grid.type != "single" else 18.0)
        tile_rgb = _linear(rng.uniform([120, 100, 70], [210, 190, 160])).astype(np.float32)
        placed.append((tid, at, rotation + rng.uniform(-4, 4), r, tile_rgb))
        truth.append({"id": tid, "cell": cell_id, "key": cell_key, "rotation_deg": rotation})
    placed.sort(key=lambda p: p[3] < 10)  # tiles lie under the pieces standing on them
    if spec.priority_side is not None:
        pid = next(t.id for t in tokens.tokens.values() if t.kind == "priority-marker")
        a = spec.priority_side * 60 + rng.uniform(-10, 10)
        at = (
            board.centre[0] + 99 * math.sin(math.radians(a)),
            board.centre[1] - 99 * math.cos(math.radians(a)),
        )
        placed.append(
            (pid, at, rng.uniform(0, 360), 10.0, _linear((150, 50, 45)).astype(np.float32))
        )
    hidden = []
    thick = 2.0
    for tid, at, angle, r, tile_rgb in placed:
        size = tokens.size + 2 * tokens.margin
        half = max(r, size * 0.75)
        art_px = round(2 * half * ART_PX_PER_MM)
        patch = np.zeros((art_px, art_px, 3), np.float32)
        alpha = np.zeros((art_px, art_px), np.float32)
        c = art_px / 2
        n_sides = 6 if r > 12 else 40
        poly = (
            [
                (
                    c + r * ART_PX_PER_MM * math.cos(math.radians(60 * k + 30 * (n_sides == 6))),
                    c + r * ART_PX_PER_MM * math.sin(math.radians(60 * k + 30 * (n_sides == 6))),
                )
                for k in range(6)
            ]
            if n_sides == 6
            else None
        )
        if poly is not None:
            cv2.fillPoly(
                patch,
                [np.round(np.array(poly) * 16).astype(np.int32)],
                tile_rgb.tolist(),
                cv2.LINE_AA,
                4,
            )
            cv2.fillPoly(
                alpha, [np.round(np.array(poly) * 16).astype(np.int32)], 1.0, cv2.LINE_AA, 4
            )
        else:
            cv2.circle(
                patch, (int(c), int(c)), int(r * ART_PX_PER_MM), tile_rgb.tolist(), -1, cv2.LINE_AA
            )
            cv2.circle(alpha, (int(c), int(c)), int(r * ART_PX_PER_MM), 1.0, -1, cv2.LINE_AA)
        sticker = _sticker_rgb(tokens.dictionary, tid, tokens.size, tokens.margin, paper, ink)
        _paste(patch, sticker, (c, c), angle)
        # Sticker occupies the patch's centre; make sure its square is opaque.
        sq = np.zeros_like(alpha)
        _paste(sq, np.ones(sticker.shape[:2], np.float32), (c, c), angle)
        alpha = np.maximum(alpha, sq)
        # Place: art pixel (u, v) -> board mm (at - half + u / ART).
        shift = np.array(
            [
                [1, 0, (at[0] - half) * ART_PX_PER_MM],
                [0, 1, (at[1] - half) * ART_PX_PER_MM],
                [0, 0, 1],
            ]
        )
        hmat = cam.plane_homography(thick, ART_PX_PER_MM, s, margin) @ shift
        corners = cv2.perspectiveTransform(
            np.array([[[0, 0], [art_px, 0], [art_px, art_px], [0, art_px]]], np.float32), hmat
        )[0]
        x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 2
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, albedo.shape[1]), min(y1, albedo.shape[0])
        if x1 <= x0 or y1 <= y0:
            continue
        local = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ hmat
        wp = cv2.warpPerspective(patch, local, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
        wa = cv2.warpPerspective(alpha, local, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)[
            ..., None
        ]
        roi = albedo[y0:y1, x0:x1]
        roi[:] = wp * wa + roi * (1 - wa)
        for buf, val in ((amb, 1.0), (side, 0.0), (glare, 0.0)):
            b = buf[y0:y1, x0:x1]
            b[:] = val * wa[..., 0] + b * (1 - wa[..., 0])
        for i, lt in enumerate(light.lights):
            b = key[i][y0:y1, x0:x1]
            b[:] = max(0.0, float(-lt.direction[2])) * wa[..., 0] + b * (1 - wa[..., 0])
        if hand_mask.any():
            sq_img = cv2.warpPerspective(
                (sq > 0.5).astype(np.uint8) * 255,
                local,
                (x1 - x0, y1 - y0),
                flags=cv2.INTER_NEAREST,
            )
            if cv2.countNonZero(sq_img & hand_mask[y0:y1, x0:x1]):
                hidden.append(tid)
    return truth, hidden


_GAMMA = np.round((np.arange(4096) / 4095) ** (1 / 2.2) * 255).astype(np.uint8)


def _sensor(
    linear: np.ndarray,
    setup: Setup,
    spec: FrameSpec,
    light: _Scene,
    rng: np.random.Generator,
    noise_rng: np.random.Generator | None = None,
) -> np.ndarray:
    """Camera: auto white balance and exposure (imperfect), vignetting, blur, rolling
    shutter, noise, sRGB encoding, sharpening, JPEG. The noise comes from ``noise_rng``
    when given (the camera's settings from ``rng``)."""
    noise_rng = noise_rng or rng
    h, w = linear.shape[:2]
    img = linear.astype(np.float32)
    # Vignetting.
    xx, yy = np.meshgrid(np.linspace(-1, 1, w // 8), np.linspace(-1, 1, h // 8))
    vig = 1 - rng.uniform(0.1, 0.4) * (xx**2 + yy**2) / 2
    img *= cv2.resize(vig.astype(np.float32), (w, h))[..., None]
    # Auto white balance: grey world, only partly applied, with an error.
    mean = img[::4, ::4].reshape(-1, 3).mean(axis=0) + 1e-6
    gains = np.clip((mean[1] / mean) ** rng.uniform(0.45, 0.9), 0.6, 1.7) * rng.uniform(
        0.93, 1.07, 3
    )
    img *= gains[None, None, :].astype(np.float32)
    # Auto exposure: mean grey towards 0.18 (linear), with an error; dim light needs gain.
    level = float(np.mean(img))
    gain = 0.18 / max(level, 1e-4) * rng.uniform(0.7, 1.3)
    img *= gain
    if spec.blur == "motion":
        shear = rng.uniform(-5, 5)
        m = np.float32([[1, shear / h, -shear / 2], [0, 1, 0]])
        img = cv2.warpAffine(img, m, (w, h), borderMode=cv2.BORDER_REFLECT)
        length = int(rng.integers(3, 11))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        img = cv2.filter2D(img, -1, kernel / kernel.sum())
    elif spec.blur == "defocus":
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.9, 2.0))
    else:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 0.6))
    # Noise: shot noise grows with the gain the exposure needed; read noise.
    analogue = gain * light.exposure
    shot = 0.004 * math.sqrt(max(1.0, 1 / max(analogue, 1e-3)))
    noisy = img + noise_rng.standard_normal(img.shape, dtype=np.float32) * (
        np.sqrt(np.clip(img, 0, None)) * shot + 0.002 / max(analogue, 0.08)
    )
    levels = np.clip(noisy * 4095, 0, 4095).astype(np.uint16)
    srgb = _GAMMA[levels]  # sRGB encoding through a table
    amount = rng.uniform(0.2, 0.9)
    blurred = cv2.GaussianBlur(srgb, (0, 0), 1.2)
    sharp = cv2.addWeighted(srgb, 1 + amount, blurred, -amount, 0)
    bgr = np.ascontiguousarray(sharp[..., ::-1])
    ok, jpg = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 91))])
    assert ok
    return cv2.imdecode(jpg, cv2.IMREAD_COLOR)


# -- random sets ---------------------------------------------------------------------------


def random_setup(
    board: Board,
    seed: int,
    *,
    tilt: tuple[float, float] = (20.0, 60.0),
    light: str | None = None,
    frame_size: tuple[int, int] = (1280, 720),
) -> Setup:
    """A table, camera and light drawn from ``seed`` (``light``/``tilt`` range may be fixed)."""
    rng = np.random.default_rng([seed, 0])
    return Setup(
        seed=seed,
        tilt_deg=float(rng.uniform(*tilt)),
        azimuth_deg=float(rng.uniform(0, 360)),
        light=light or str(rng.choice(LIGHT_KINDS)),
        floor=str(rng.choice(("light", "mid"))),
        table=str(rng.choice(("wood", "cloth"))),
        glossy=bool(rng.random() < 0.3),
        frame_size=frame_size,
    )


def random_counts(board: Board, rng: np.random.Generator) -> dict[int, dict[str, int]]:
    """A mid-game table: mostly each tray's own colour, some strays, now and then a full tray."""
    counts: dict[int, dict[str, int]] = {}
    for tray in board.trays:
        c = {k: 0 for k in COLOURS}
        main = tray.colour or COLOURS[int(rng.integers(len(COLOURS)))]
        c[main] = int(
            rng.choice(
                [0, 1, 2, 3, 4, 5, 6, 7, 9], p=[0.1, 0.14, 0.16, 0.16, 0.14, 0.11, 0.09, 0.06, 0.04]
            )
        )
        for _ in range(int(rng.choice([0, 1, 2], p=[0.55, 0.3, 0.15]))):
            c[COLOURS[int(rng.integers(len(COLOURS)))]] += int(rng.integers(1, 3))
        counts[tray.side] = c
    return counts


def random_frame(
    board: Board,
    seed: int,
    *,
    hand: str | None = None,
    blur: str | None = None,
    arrangement: str | None = None,
    tokens: TokenCatalogue | None = None,
    per_cell: int = 1,
) -> FrameSpec:
    """A moment of play drawn from ``seed``; ``hand``/``blur``/``arrangement`` may be fixed;
    up to ``per_cell`` grid pieces share a cell."""
    rng = np.random.default_rng([seed, 0])
    arr = {
        t.side: arrangement or str(rng.choice(ARRANGEMENTS, p=[0.3, 0.3, 0.2, 0.2]))
        for t in board.trays
    }
    token_list: list[tuple[int, str, int]] = []
    priority = None
    if tokens is not None:
        ids = sorted(tokens.tokens)
        tiles = [i for i in ids if tokens.tokens[i].kind == "marauder-tile"]
        others = [
            i for i in ids if tokens.tokens[i].kind not in ("marauder-tile", "priority-marker")
        ]
        for grid in board.grids:
            steps = 360 // grid.rotation_step
            if grid.type == "single" and tiles:
                tid = int(rng.choice(tiles))
                token_list.append((tid, grid.name, int(rng.integers(steps)) * grid.rotation_step))
            elif grid.type != "single" and others:
                cells = [cid for cid, _, _ in grid.cell_centres()] * per_cell
                n = min(len(others), len(cells), 8 * per_cell)
                for tid, cell in zip(
                    rng.choice(others, n, replace=False),
                    rng.choice(cells, n, replace=False),
                    strict=True,
                ):
                    token_list.append(
                        (int(tid), str(cell), int(rng.integers(steps)) * grid.rotation_step)
                    )
        if board.kind == "control-board":
            priority = int(rng.integers(6))
    return FrameSpec(
        seed=seed,
        counts=random_counts(board, rng) if board.trays else {},
        arrangement=arr,
        hand=hand or str(rng.choice(HANDS, p=[0.7, 0.18, 0.12])),
        blur=blur or str(rng.choice(BLURS, p=[0.6, 0.25, 0.15])),
        second_run=bool(rng.random() < 0.3),
        person_shadow=bool(rng.random() < 0.25),
        tokens=tuple(token_list),
        priority_side=priority,
    )


def calibration_frame(board: Board, seed: int) -> FrameSpec:
    """The calibration picture: one cube of each tray's colour in that tray, nothing else
    (no hand, no blur), as docs/vision.md tells the players."""
    return FrameSpec(
        seed=seed,
        counts={t.side: {t.colour: 1} for t in board.trays if t.colour},
        arrangement={t.side: "scattered" for t in board.trays},
        hand="none",
        blur="sharp",
    )
