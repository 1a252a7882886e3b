"""What stands on a hex, as glyphs with counts: Invaders, Soldiers and the tile on it.

A hex of the Ante Portas battleground carries ``units`` (docs/board-scenes.md)::

    {"invaders": {"basic": 2, "elite": 1},
     "soldiers": {"farmer": 1, "farmer_exhausted": 0, "citizen": 1, "citizen_exhausted": 0},
     "tile": "guard_post", "rotation": 1}

or, in the confrontational variants, ``teams`` (``{"A": units, "B": units}``).
Each kind becomes one glyph: a shape telling the kind, the count in bold at
16 px inside it.

=================  ====================================================
glyph              what
=================  ====================================================
red disc           Basic Invaders (Raiders; purple for Dragons)
disc, yellow ring  Elite Invaders
blue square        Farmers standing upright (light blue: Citizens)
hollow square      the same, exhausted (laid down)
brown tag          the tile (its short code: GP Guard Post, Tr Trench, …)
=================  ====================================================

A hex is small (about 60x35 px at 800x480), so :func:`glyphs_for` steps down
until the glyphs fit the room given: all kinds apart; then each side's
units in one glyph (the count of all, a ring when any is Elite, hollow when
all are exhausted); then without the tile's tag (the tile stays visible as
the hex's brown frame, and the facts beside the picture name it); at last
only the glyphs that fit, Invaders first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ui.painters.places import Point
from ui.painters.style import RGBA, TEXT_MIN, ink_for

if TYPE_CHECKING:
    from ui.painters.pen import Pen

#: Height of a glyph: a 16-px digit with a little margin.
GLYPH_H = 20.0
GAP = 3.0
RAIDERS: RGBA = (0.82, 0.16, 0.14, 1)
DRAGONS: RGBA = (0.55, 0.22, 0.75, 1)
ELITE_RING: RGBA = (1.0, 0.84, 0.2, 1)
FARMER: RGBA = (0.18, 0.42, 0.92, 1)
CITIZEN: RGBA = (0.62, 0.8, 1.0, 1)
TILE: RGBA = (0.55, 0.36, 0.16, 1)
#: Team colours of the confrontational variants (team A plays from the bottom).
TEAMS: dict[str, RGBA] = {"A": FARMER, "B": (0.9, 0.45, 0.1, 1)}
#: The tiles' short codes (two letters, the same in every language: they are shapes on the
#: picture; the facts beside it name the tile in words).
TILE_CODES = {
    "guard_post": "GP",
    "guard_tower": "GT",
    "trench": "Tr",
    "bunker": "Bu",
    "catapult": "Ca",
    "howitzer": "Hw",
    "pressure": "PM",
    "bounding": "BM",
    "dummy": "DM",
    "trap": "Tp",
    "bomb": "Bo",
}


@dataclass(frozen=True)
class Glyph:
    """One glyph: a ``shape`` (``disc``, ``square``, ``tag``), its fill and its text."""

    shape: str
    fill: RGBA
    text: str
    ring: RGBA | None = None
    hollow: bool = False


def _invaders(units: Mapping[str, Any], colour: RGBA, merged: bool) -> list[Glyph]:
    troop = units.get("invaders") or {}
    basic, elite = int(troop.get("basic", 0)), int(troop.get("elite", 0))
    if merged and basic + elite:
        return [Glyph("disc", colour, str(basic + elite), ELITE_RING if elite else None)]
    out = []
    if basic:
        out.append(Glyph("disc", colour, str(basic)))
    if elite:
        out.append(Glyph("disc", colour, str(elite), ELITE_RING))
    return out


def _soldiers(units: Mapping[str, Any], team: RGBA | None, merged: bool) -> list[Glyph]:
    counts = {k: int(v) for k, v in (units.get("soldiers") or {}).items()}
    if merged:
        total = sum(counts.values())
        upright = counts.get("farmer", 0) + counts.get("citizen", 0)
        fill = team or (FARMER if counts.get("farmer", 0) else CITIZEN)
        return [Glyph("square", fill, str(total), hollow=not upright)] if total else []
    out = []
    for kind, colour in (("farmer", FARMER), ("citizen", CITIZEN)):
        fill = team or colour
        if counts.get(kind):
            out.append(Glyph("square", fill, str(counts[kind])))
        if counts.get(f"{kind}_exhausted"):
            out.append(Glyph("square", fill, str(counts[f"{kind}_exhausted"]), hollow=True))
    return out


def _tile(units: Mapping[str, Any], team: RGBA | None) -> list[Glyph]:
    kind = units.get("tile")
    if not kind:
        return []
    return [Glyph("tag", TILE, TILE_CODES.get(str(kind), "?"), ring=team)]


def _candidates(hx: Mapping[str, Any], invader: RGBA) -> list[list[Glyph]]:
    """The glyph rows to try, from the most detailed to the most compact."""
    sides: list[tuple[Mapping[str, Any], RGBA | None]]
    teams = hx.get("teams")
    if isinstance(teams, Mapping) and teams:
        sides = [(units, TEAMS.get(str(team))) for team, units in sorted(teams.items())]
    elif isinstance(hx.get("units"), Mapping):
        sides = [(hx["units"], None)]
    else:
        return []
    rows = []
    for merged, tiles in ((False, True), (True, True), (True, False)):
        row: list[Glyph] = []
        for units, team in sides:
            row += _invaders(units, invader, merged) + _soldiers(units, team, merged)
            if tiles:
                row += _tile(units, team)
        rows.append(row)
    return rows


def glyph_width(pen: Pen, glyph: Glyph) -> float:
    text_w = pen.measure(glyph.text, TEXT_MIN, bold=True)[0]
    return max(GLYPH_H, text_w + 8)


def row_width(pen: Pen, row: list[Glyph]) -> float:
    return sum(glyph_width(pen, g) for g in row) + GAP * max(0, len(row) - 1)


def glyphs_for(pen: Pen, hx: Mapping[str, Any], invader: RGBA, room: float) -> list[Glyph]:
    """The most detailed glyph row of the hex that fits ``room`` px.

    When even the most compact row is too wide, its first glyphs that fit
    (Invaders come first: the threat), at least one.
    """
    rows = _candidates(hx, invader)
    for row in rows:
        if row_width(pen, row) <= room:
            return row
    row = list(rows[-1]) if rows else []
    while len(row) > 1 and row_width(pen, row) > room:
        row.pop()
    return row


def has_units(hx: Mapping[str, Any]) -> bool:
    """Whether a hex has anything to draw as glyphs (``units`` or ``teams`` with something)."""
    rows = _candidates(hx, RAIDERS)
    return bool(rows and rows[0])


def tile_of(hx: Mapping[str, Any]) -> tuple[str | None, int | None, RGBA | None]:
    """``(tile kind, rotation, team colour)`` of the first tile on the hex, or Nones."""
    teams = hx.get("teams")
    sides = (
        [(u, TEAMS.get(str(t))) for t, u in sorted(teams.items())]
        if isinstance(teams, Mapping)
        else [(hx.get("units") or {}, None)]
    )
    for units, team in sides:
        if units.get("tile"):
            rotation = units.get("rotation")
            return str(units["tile"]), None if rotation is None else int(rotation), team
    return None, None, None


def draw_row(pen: Pen, row: list[Glyph], centre: Point) -> None:
    """Draw ``row`` centred on ``centre``, left to right."""
    x = centre[0] - row_width(pen, row) / 2
    for glyph in row:
        w = glyph_width(pen, glyph)
        draw_glyph(pen, glyph, (x, centre[1] - GLYPH_H / 2, w, GLYPH_H))
        x += w + GAP


def draw_glyph(pen: Pen, glyph: Glyph, box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    centre = (x + w / 2, y + h / 2)
    ink = ink_for(glyph.fill)
    if glyph.shape == "disc":  # a disc, or a pill for a two-digit count
        inset = 0.0
        if glyph.ring is not None:
            pen.rounded(x, y, w, h, glyph.ring, h / 2)
            inset = 2.5
        pen.rounded(x + inset, y + inset, w - 2 * inset, h - 2 * inset, glyph.fill, h / 2 - inset)
    elif glyph.shape == "square":
        if glyph.hollow:
            pen.rect(x, y, w, h, (0.08, 0.08, 0.1, 1))
            pen.outline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], glyph.fill, 2.0)
            ink = glyph.fill
        else:
            pen.rect(x, y, w, h, glyph.fill)
    else:  # tag: the tile, with its team's colour as a border in the confrontational game
        pen.rect(x, y, w, h, glyph.fill)
        if glyph.ring is not None:
            pen.outline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], glyph.ring, 2.0)
    pen.text(glyph.text, centre, TEXT_MIN, w + 1, ink, bold=True)
