"""Vocabulary of the Marauders mode: colours, actions, map priorities, the hexagon.

The control board is a hexagon whose sides are numbered 0-5 clockwise from the
top. The *indicator line* runs from the centre to the priority marker; every
tie the text breaks "clockwise from the priority marker" walks the sides
starting with the marker's own side (see :func:`clockwise_from`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.prompt import Choice, Field
from rules.text import Msg, msg, verbatim

SIDES = 6
ROUNDS = 5
#: "The number in the middle of the marauder tile shows how many actions the
#: marauder tribe will take": 2 or 3.
MOST_ACTIONS = 3

# Bounds for what the players enter and situations give. The text prints no
# supply sizes; these are generous physical limits, far above any real table,
# that still refuse typing slips such as 10^100 markers.
#: Markers in one tray of the control board.
MAX_MARKERS = 60
#: Markers stacked on one pillar of the central pricing tile.
MAX_PILLAR = 30
#: Tribe members on the map.
MAX_MEMBERS = 20
#: Victory points of one side.
MAX_VP = 999
#: Development points gained at one time.
MAX_DEVELOPMENT = 30
#: Rock-painting sections painted.
MAX_PAINTINGS = 60

#: The marker and resource colours the text names (summer example: red,
#: yellow, blue, brown and white).
COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "brown", "white")

#: The six actions of the base game, as on the marauder tiles and the central pricing tile.
ACTIONS: tuple[str, ...] = (
    "rock-painting",
    "fishing",
    "gathering",
    "hunting",
    "ceremony",
    "migration",
)

#: The map priorities of the priority track (autumn targets).
PRIORITIES: tuple[str, ...] = (
    "campsite",
    "hunting-tile",
    "gathering-tile",
    "fishing-tile",
    "megalith",
    "action-marker",
)

TRIBE = "tribe"

_LABELS: dict[str, Msg] = {
    "red": msg("red"),
    "yellow": msg("yellow"),
    "blue": msg("blue"),
    "brown": msg("brown"),
    "white": msg("white"),
    "rock-painting": msg("rock painting"),
    "fishing": msg("fishing"),
    "gathering": msg("gathering"),
    "hunting": msg("hunting"),
    "ceremony": msg("ceremony"),
    "migration": msg("migration"),
    "campsite": msg("campsite space"),
    "hunting-tile": msg("hunting tile (animal)"),
    "gathering-tile": msg("gathering tile (fruit)"),
    "fishing-tile": msg("fishing tile"),
    "megalith": msg("megalith"),
    "action-marker": msg("action marker"),
    TRIBE: msg("marauder tribe"),
    "left": msg("left"),
    "centre": msg("centre"),
    "right": msg("right"),
    "none": msg("no tray"),
}


def label(term: str) -> Msg:
    """The translatable name of a colour, action or priority (never an empty msgid)."""
    return _LABELS.get(term, verbatim(term or "-"))


def tile_symbols_field(default: Sequence[str] | None = None) -> Field:
    """A marauder tile's six symbols as the players read them: the framed one, then
    clockwise. Play (a tile drawn) and the component editor (the box's tiles) ask alike."""
    return Field(
        key="symbols",
        label=msg("Symbols from the framed one, clockwise"),
        kind="order",
        default=None if default is None else list(default),
        choices=tuple(Choice(a, label(a)) for a in ACTIONS),
    )


def clockwise_from(start: int, sides: int = SIDES) -> list[int]:
    """Sides in the order the indicator line sweeps them: ``start`` first, then clockwise."""
    return [(start + step) % sides for step in range(sides)]


def first_clockwise(candidates: Iterable[int], start: int, sides: int = SIDES) -> int:
    """The candidate side met first when turning clockwise from ``start`` (inclusive)."""
    pool = set(candidates)
    for side in clockwise_from(start, sides):
        if side in pool:
            return side
    raise ValueError("no candidates")


def half_rounded_up(n: int) -> int:
    """Autumn: half of the tray goes back to the supply, rounded up."""
    return (n + 1) // 2


def income_key(income: dict[str, int]) -> tuple[int, int, int, int]:
    """Compare incomes by VP > action marker > resource > development point (lexicographic)."""
    return (
        int(income.get("vp", 0)),
        int(income.get("action_markers", 0)),
        int(income.get("resources", 0)),
        int(income.get("development", 0)),
    )


def human_names(players: int) -> list[str]:
    """The players' ids: ``"1"`` .. ``"n"``."""
    return [str(n) for n in range(1, players + 1)]


def player_msg(who: str) -> Msg:
    """A seat of the player order as the players read it: "Player 2" or "marauder tribe"."""
    return label(TRIBE) if who == TRIBE else msg("Player {n}", n=who)


def order_msg(order: Sequence[str]) -> Msg:
    """The player order as one translated line, e.g. "marauder tribe, Player 1, Player 2"."""
    template = ", ".join("{s" + str(i) + "}" for i in range(len(order)))
    return Msg(template, {f"s{i}": player_msg(who) for i, who in enumerate(order)})
