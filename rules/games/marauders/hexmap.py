"""The map around the starting camp: where tribe members stand, and the 3-line lane.

The control board is placed "in line with the map", so its six sides point
along the map's six neighbour directions: side 0 straight up, then clockwise.
Spaces are hexes in axial coordinates ``(q, r)`` (q to the right, r
downwards, flat-top hexes) with the starting camp at ``(0, 0)``.

Every space has an id the players never read but the screens use to let
them tap it: ``"0"`` is the starting camp; ``"d@s"`` is the space ``d``
steps from the camp straight toward side ``s``; ``"d@s+j"`` lies ``j``
spaces further clockwise on the same ring (between the lines toward ``s``
and ``s + 1``). So ``"2@1"`` is two spaces out toward side 1.

>>> hex_id((0, -2)), hex_id((1, -2)), hex_at("2@1")
('2@0', '2@0+1', (2, -2))
>>> [hex_id(h) for _, _, h in lane((0, 0), 0, length=1)]
['1@5', '1@0', '1@1']
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from rules.games.marauders.model import SIDES

Hex = tuple[int, int]
CAMP: Hex = (0, 0)
CAMP_ID = "0"
#: Neighbour directions clockwise from the top (control-board sides 0-5).
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
#: Lines of the 3-line lane, in the order the indicator line meets them turning
#: clockwise (seen from the member looking along the direction: left to right).
LINES = ("left", "centre", "right")
#: How far the lane picture reaches (the text: "regardless of the distance").
LANE_LENGTH = 8
#: Largest distance from the starting camp a position can have.
MAX_DISTANCE = 30


def step(hex_: Hex, side: int, times: int = 1) -> Hex:
    """The space ``times`` steps from ``hex_`` toward ``side``."""
    dq, dr = DIRECTIONS[side % SIDES]
    return hex_[0] + dq * times, hex_[1] + dr * times


def distance(a: Hex, b: Hex = CAMP) -> int:
    """Spaces between two hexes (from the starting camp by default)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@lru_cache(maxsize=4096)
def ring_position(hex_: Hex) -> tuple[int, int, int]:
    """``(d, s, j)``: ``d`` spaces from the camp, ``j`` spaces clockwise past the line to ``s``."""
    d = distance(hex_)
    if d == 0:
        return 0, 0, 0
    for side in range(SIDES):
        corner = step(CAMP, side, d)
        offset = (hex_[0] - corner[0], hex_[1] - corner[1])
        edge = DIRECTIONS[(side + 2) % SIDES]
        for j in range(d):
            if offset == (edge[0] * j, edge[1] * j):
                return d, side, j
    raise ValueError(f"no ring position for {hex_}")  # unreachable for a valid hex


@lru_cache(maxsize=4096)
def hex_id(hex_: Hex) -> str:
    d, side, j = ring_position(hex_)
    if d == 0:
        return CAMP_ID
    return f"{d}@{side}" + (f"+{j}" if j else "")


@lru_cache(maxsize=4096)
def hex_at(text: str) -> Hex:
    """The hex of an id (``"0"``, ``"2@1"``, ``"3@4+2"``); ``ValueError`` if it is none."""
    if text == CAMP_ID:
        return CAMP
    d_text, at, rest = text.partition("@")
    side_text, plus, j_text = rest.partition("+")
    if not at or not d_text.isdigit() or not side_text.isdigit():
        raise ValueError(f"'{text}' is not a space id")
    if plus and not j_text.isdigit():
        raise ValueError(f"'{text}' is not a space id")
    d, side, j = int(d_text), int(side_text), int(j_text) if plus else 0
    if not 1 <= d <= MAX_DISTANCE or side >= SIDES or j >= d or (plus and j == 0):
        raise ValueError(f"'{text}' is not a space id")
    return step(step(CAMP, side, d), side + 2, j)


def is_hex_id(text: str) -> bool:
    try:
        hex_at(text)
    except ValueError:
        return False
    return True


def clockwise_key(hex_: Hex, marker: int) -> Fraction:
    """How far the indicator line turns clockwise from the priority marker to reach ``hex_``.

    The starting camp itself is 0 (its members come first anyway).
    """
    d, side, j = ring_position(hex_)
    if d == 0:
        return Fraction(0)
    return (side - marker) % SIDES + Fraction(j, d)


def rotate(hex_: Hex, sixths: int) -> Hex:
    """``hex_`` (as a vector from the camp) turned clockwise by ``sixths`` x 60 degrees."""
    q, r = hex_
    for _ in range(sixths % SIDES):
        q, r = -r, q + r
    return q, r


def lane(start: Hex, side: int, length: int = LANE_LENGTH) -> list[tuple[int, int, Hex]]:
    """The 3-line lane from ``start`` toward ``side``: ``(distance, line, hex)`` by distance.

    The centre line runs straight toward ``side``; the left and right lines run
    beside it, starting on the spaces next to ``start`` at sides ``side - 1``
    and ``side + 1``, so every space of row ``k`` is ``k`` spaces from ``start``.
    """
    out = []
    for k in range(1, length + 1):
        out.append((k, 0, step(step(start, side - 1), side, k - 1)))
        out.append((k, 1, step(start, side, k)))
        out.append((k, 2, step(step(start, side + 1), side, k - 1)))
    return out


def neighbours(hex_: Hex) -> list[Hex]:
    """The six spaces next to ``hex_``, clockwise from the top."""
    return [step(hex_, side) for side in range(SIDES)]


def disc(radius: int, centre: Hex = CAMP) -> list[Hex]:
    """Every space within ``radius`` of ``centre``, ring by ring, clockwise from the top."""
    out = [centre]
    for d in range(1, radius + 1):
        for side in range(SIDES):
            corner = step(centre, side, d)
            out.extend(step(corner, side + 2, j) for j in range(d))
    return out
