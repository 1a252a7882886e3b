"""Movement cards (component data ``cards``): spawn placements, arrows, Special Powers.

The printed cards are not in the rule text, so the shipped catalogue is EXAMPLE
data: its card numbers and which card has which Special Power follow the text's
lists; spawns, arrows and values are invented. One card, checked by
:data:`CARD_SPEC` (the same check for the catalogue and for a card written into a
situation)::

    {"id": "R116", "scenario": "raiders", "era": 1,
     "spawn": [{"hex": 26, "basic": 1, "elite": 0}],
     "arrows": ["down", {"dir": "left", "fire": true}, {"dodge": ["left", "down", "right"]}],
     "powers": [{"power": "weaker", "value": 1},
                {"power": "press_ahead", "steps": [4, 3, 2, 1, 0]}]}

Arrows come out normalised as ``{"dir": ..., "fire": bool}`` or
``{"dodge": [...], "fire": bool}``; a missing ``scenario`` follows the number's
letter (``D``: dragons), a missing ``era`` its digit (else 1).
"""

from __future__ import annotations

from typing import Any

from rules.errors import SituationError
from rules.games.anteportas.board import CARD_ARROWS, DIRECTIONS
from rules.games.anteportas.units import BUILDING_KINDS
from rules.schema import Bool, Int, List, Obj, OneOf, Spec, Str

SCENARIOS = ("raiders", "dragons")
ARROWS = (*CARD_ARROWS, *DIRECTIONS)
STEALTH_UNITS = ("farmer", "citizen", "trap", "mine", "bomb", "building")
#: Most Invaders one spawn place, Increase or Regroup names.
MAX_UNITS = 12
#: Most arrows a card (or one half of a Split) carries.
MAX_ARROWS = 8

_DIR = Str(choices=ARROWS)


def _dodge_or_plain(value: Any) -> int:
    if isinstance(value, dict):
        return 2 if "dodge" in value else 1
    return 0


class _ArrowSpec(Spec):
    """``"down"``, ``{"dir": "left", "fire": true}`` or ``{"dodge": [...]}``, normalised."""

    _plain = Obj(
        {"dir": _DIR, "fire": Bool()}, required=frozenset({"dir"}), defaults={"fire": False}
    )
    _dodge = Obj(
        {"dodge": List(_DIR, min_length=1, max_length=6, unique=True), "fire": Bool()},
        required=frozenset({"dodge"}),
        defaults={"fire": False},
    )

    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        checked = OneOf((_DIR, self._plain, self._dodge), hint=_dodge_or_plain).check(value, path)
        if isinstance(checked, str):
            return {"dir": checked, "fire": False}
        return dict(checked)

    def describe(self) -> str:
        return "an arrow: a direction, {dir, fire} or {dodge}"


ARROW_SPEC = _ArrowSpec()
_ARROWS = List(ARROW_SPEC, max_length=MAX_ARROWS)
_COUNT = Int(0, MAX_UNITS)
UNITS_SPEC = Obj(
    {"basic": _COUNT, "elite": _COUNT}, required=frozenset(), defaults={"basic": 0, "elite": 0}
)
_VALUE = Int(0, 20)

#: Each Special Power and the fields it needs (all required).
POWER_FIELDS: dict[str, dict[str, Spec]] = {
    "regroup": {"remove": UNITS_SPEC, "add": UNITS_SPEC},
    "increase": {"add": UNITS_SPEC},
    "merge": {},
    "remove_citizens": {},
    "weaker": {"value": _VALUE},
    "stronger": {"value": _VALUE},
    "destroy_trap": {},
    "decrease_in_trap": {},
    # 4/3/2/1/0 hexes for 1/2/3/4/5+ Units: exactly five entries.
    "press_ahead": {"steps": List(Int(0, MAX_ARROWS), min_length=5, max_length=5)},
    "shoot": {"targets": List(_DIR, min_length=1, max_length=6)},
    "killed_by_citizens": {},
    "split": {
        "left": List(ARROW_SPEC, min_length=1, max_length=MAX_ARROWS),
        "right": List(ARROW_SPEC, min_length=1, max_length=MAX_ARROWS),
    },
    "fire": {"targets": List(Obj({"dir": _DIR, "damage": Int(0, 20)}), min_length=1, max_length=6)},
    "temporarily_weaker": {"value": _VALUE},
    "destroy_building": {"kinds": List(Str(choices=BUILDING_KINDS), min_length=1, unique=True)},
    "dodge": {},
    "stealth": {"unit": Str(choices=STEALTH_UNITS)},
}


class _PowerSpec(Spec):
    """One Special Power: ``{"power": name, ...its fields}``, every field required."""

    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        if not isinstance(value, dict):
            raise SituationError(path, "a Special Power is an object with 'power'")
        name = Str(choices=tuple(POWER_FIELDS)).check(value.get("power"), f"{path}.power")
        spec = Obj({"power": Str(), **POWER_FIELDS[name]})
        checked: dict[str, Any] = spec.check(value, path)
        return checked

    def describe(self) -> str:
        return "a Special Power"


def _card_whole(card: dict[str, Any], path: str) -> None:
    letter = card["id"][:1].upper()
    card.setdefault("scenario", "dragons" if letter == "D" else "raiders")
    digit = card["id"][1:2]
    card.setdefault("era", int(digit) if digit in ("1", "2") else 1)


#: The most hexes one Movement card spawns on (a schema bound on the printed cards).
MOST_SPAWNS = 10

CARD_SPEC = Obj(
    {
        "id": Str(max_length=12),
        "scenario": Str(choices=SCENARIOS),
        "era": Int(1, 2),
        "spawn": List(
            Obj(
                {"hex": Int(1, 99), "basic": _COUNT, "elite": _COUNT},
                required=frozenset({"hex"}),
                defaults={"basic": 0, "elite": 0},
            ),
            max_length=MOST_SPAWNS,
        ),
        "arrows": _ARROWS,
        "powers": List(_PowerSpec(), max_length=6, key=lambda p: p["power"]),
    },
    required=frozenset({"id"}),
    defaults={"spawn": [], "arrows": [], "powers": []},
    check_whole=_card_whole,
)

CATALOGUE_SPEC = Obj(
    {
        "schema": Str(choices=("anteportas-cards/1",)),
        "example": Bool(),
        "source": Str(),
        "cards": List(CARD_SPEC, min_length=1, key=lambda c: c["id"]),
    },
    required=frozenset({"cards"}),
    defaults={"example": False},
)


def check_spawn_hexes(card: dict[str, Any], spawn_area: tuple[int, ...], path: str) -> None:
    """Invaders spawn only in the Spawn Area."""
    for i, place in enumerate(card["spawn"]):
        if place["hex"] not in spawn_area:
            area = ", ".join(f"#{h}" for h in spawn_area)
            raise SituationError(
                f"{path}.spawn[{i}].hex", f"Invaders spawn in the Spawn Area ({area})"
            )


def deck_ids(cards: dict[str, dict[str, Any]], scenario: str, era: int) -> list[str]:
    """The card numbers of one scenario's deck for one Era, in catalogue order."""
    return [c["id"] for c in cards.values() if c["scenario"] == scenario and c["era"] == era]


def power(card: dict[str, Any], name: str) -> dict[str, Any] | None:
    for p in card["powers"]:
        if p["power"] == name:
            found: dict[str, Any] = p
            return found
    return None
