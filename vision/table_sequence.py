"""Whole games on one rendered table: cubes that stay where they were put (for ``bench follow``).

:func:`vision.table_render.render_frame` places every tray's cubes anew for each
frame. A game is different: a cube put down stays where it lies until a hand
takes it away. :class:`TableCubes` keeps the cubes of every tray and changes
them the way hands do: new cubes dropped scattered, touching a cube already
there or (``stack`` > 0) sometimes on top of one; cubes taken away from the top
first. Frames are then drawn with ``FrameSpec(cubes=...)``.

Like the renderer, this module is written from the board geometry alone and
knows nothing of the reader or the follower.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from vision.geometry import COLOURS, Board
from vision.table_render import (
    Cube,
    _box,
    _footprint,
    _inside,
    _overlaps,
    _palette,
)


def _centre(cube: Cube) -> np.ndarray:
    return np.asarray(cube.vertices[:4, :2].mean(axis=0))


@dataclass
class TableCubes:
    """The cubes on the control board's trays during one game."""

    board: Board
    seed: int
    """The set-up's seed: the cubes' print run (as the renderer draws it for that set-up)."""
    rng: np.random.Generator
    cubes: list[Cube] = field(default_factory=list)
    made: int = 0

    @classmethod
    def empty(cls, board: Board, setup_seed: int, seed: int) -> TableCubes:
        return cls(board, setup_seed, np.random.default_rng([seed, 21]))

    def counts(self) -> dict[str, dict[str, int]]:
        """``{side: {colour: n}}`` of what lies on the trays now."""
        out = {str(t.side): dict.fromkeys(COLOURS, 0) for t in self.board.trays}
        for cube in self.cubes:
            out[str(cube.side)][cube.colour] += 1
        return out

    def stacked(self, side: int | None = None) -> bool:
        """Does a cube lie on another (in tray ``side``, or anywhere)?"""
        return any(c.stacked and side in (None, c.side) for c in self.cubes)

    def add(self, side: int, colour: str, n: int, *, touch: float, stack: float) -> int:
        """Drop ``n`` cubes of ``colour`` into tray ``side``: each touches a cube already there
        with probability ``touch`` and lies on one with probability ``stack``. Returns how
        many went on top of another cube."""
        tray = next(t for t in self.board.trays if t.side == side)
        poly = np.asarray(tray.polygon, np.float32)
        lo, hi = poly.min(axis=0), poly.max(axis=0)
        palette = _palette(np.random.default_rng([self.seed, 3]))
        stacked = 0
        for _ in range(n):
            rng = self.rng
            size = float(rng.uniform(7.6, 8.4))
            albedo = palette[colour] * rng.uniform(0.93, 1.07)
            here = [c for c in self.cubes if c.side == side]
            floor = [c for c in here if not c.stacked]
            covered = [c for c in floor if any(_near(c, s) for s in here if s.stacked)]
            free = [c for c in floor if c not in covered]
            self.made += 1
            mode = rng.random()
            cube = None
            if free and mode < stack:
                below = free[int(rng.integers(len(free)))]
                top = below.vertices[4:, :]
                centre = top[:, :2].mean(axis=0) + rng.normal(0, 0.8, 2)
                v = below.vertices
                yaw = math.atan2(v[1, 1] - v[0, 1], v[1, 0] - v[0, 0]) + rng.normal(0, 0.15)
                verts = _box(centre, yaw, size, -float(top[:, 2].mean()))
                cube = Cube(verts, albedo, side, stacked=True, colour=colour, tone_seed=self.made)
                stacked += 1
            prints = [_footprint(c.vertices) for c in floor]
            for _attempt in range(300):
                if cube is not None:
                    break
                if floor and mode < stack + touch:
                    nb = floor[int(rng.integers(len(floor)))]
                    v = nb.vertices
                    ex, ey = v[1, :2] - v[0, :2], v[2, :2] - v[0, :2]
                    ex, ey = ex / np.linalg.norm(ex), ey / np.linalg.norm(ey)
                    direction = [ex, -ex, ey, -ey][int(rng.integers(4))]
                    half = np.linalg.norm(v[1, :2] - v[0, :2]) / 2
                    centre = _centre(nb) + direction * (half + size / 2 + rng.uniform(0, 0.4))
                    centre = centre + np.array([-direction[1], direction[0]]) * rng.uniform(-3, 3)
                    yaw = math.atan2(ex[1], ex[0]) + rng.normal(0, 0.05)
                    gap = 0.05
                    others = [p for p, c in zip(prints, floor, strict=True) if c is not nb]
                else:
                    centre = rng.uniform(lo, hi)
                    yaw = rng.uniform(0, math.pi / 2)
                    gap, others = 1.2, prints
                verts = _box(centre, yaw, size)
                fp = _footprint(verts)
                if _inside(poly, fp, 0.8) and not _overlaps(fp, others, gap):
                    cube = Cube(verts, albedo, side, colour=colour, tone_seed=self.made)
            if cube is None:  # the tray is full: the cube goes on top of one
                if not free:
                    raise ValueError(f"tray {side} has no room for another cube")
                return stacked + self.add(side, colour, 1, touch=0.0, stack=1.0)
            self.cubes.append(cube)
        return stacked

    def remove(self, side: int, colour: str, n: int) -> None:
        """Take ``n`` cubes of ``colour`` out of tray ``side``, a cube on top first; a cube
        that carried another is taken with the one on it put down where it lay."""
        for _ in range(n):
            mine = [c for c in self.cubes if c.side == side and c.colour == colour]
            if not mine:
                raise ValueError(f"no {colour} cube left in tray {side}")
            tops = [c for c in mine if c.stacked]
            bare = [c for c in mine if not any(_near(c, s) for s in self.cubes if s.stacked)]
            pool = tops or bare or mine
            cube = pool[int(self.rng.integers(len(pool)))]
            self.cubes.remove(cube)
            if not cube.stacked:
                for top in [s for s in self.cubes if s.stacked and _near(cube, s)]:
                    top.vertices = top.vertices.copy()
                    top.vertices[:, 2] -= top.vertices[:4, 2].mean()
                    top.stacked = False


def _near(below: Cube, top: Cube) -> bool:
    """Does ``top`` (a stacked cube) lie on ``below``?"""
    return (
        top.stacked
        and top.side == below.side
        and bool(np.linalg.norm(_centre(top) - _centre(below)) < 4.0)
    )
