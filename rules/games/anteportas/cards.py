"""Movement cards (``data/cards.json``): spawn placements, arrows, Special Powers.

The printed cards are not in the rule text, so the shipped catalogue is EXAMPLE
data (``"example": true``): its card numbers and which card has which Special
Power follow the text's lists; spawns, arrows and values are invented. Schema
(docs/anteportas.md, "Movement cards"):

``{"id": "R116", "scenario": "raiders", "era": 1,
  "spawn": [{"hex": 26, "basic": 1, "elite": 0}],
  "arrows": ["down", {"dir": "left", "fire": true}, {"dodge": ["left", "down", "right"]}],
  "powers": [{"power": "weaker", "value": 1}]}``
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.errors import SituationError
from rules.games.anteportas.board import DIRECTIONS, battleground, load_json

SCENARIOS = ("raiders", "dragons")
ARROWS = ("left", "right", "down", *DIRECTIONS)
#: Every Special Power and the parameters it takes.
POWERS: dict[str, tuple[str, ...]] = {
    "regroup": ("remove", "add"),
    "increase": ("add",),
    "merge": (),
    "remove_citizens": (),
    "weaker": ("value",),
    "stronger": ("value",),
    "destroy_trap": (),
    "decrease_in_trap": (),
    "press_ahead": ("steps",),
    "shoot": ("targets",),
    "killed_by_citizens": (),
    "split": ("left", "right"),
    "fire": ("targets",),
    "temporarily_weaker": ("value",),
    "destroy_building": ("kinds",),
    "dodge": (),
    "stealth": ("unit",),
}
STEALTH_UNITS = ("farmer", "citizen", "trap", "mine", "bomb", "building")


def _arrow(value: Any, field: str) -> dict[str, Any]:
    if isinstance(value, str):
        value = {"dir": value}
    if not isinstance(value, dict):
        raise SituationError(field, "an arrow is a direction or an object with dir/fire/dodge")
    if "dodge" in value:
        options = value["dodge"]
        if not isinstance(options, list) or not options or any(a not in ARROWS for a in options):
            raise SituationError(f"{field}.dodge", f"a list of arrows among {', '.join(ARROWS)}")
        return {"dodge": list(options), "fire": bool(value.get("fire", False))}
    if value.get("dir") not in ARROWS:
        raise SituationError(f"{field}.dir", f"must be one of {', '.join(ARROWS)}")
    return {"dir": value["dir"], "fire": bool(value.get("fire", False))}


def _units(value: Any, field: str) -> dict[str, int]:
    if not isinstance(value, dict) or set(value) - {"basic", "elite"}:
        raise SituationError(field, 'units are an object like {"basic": 1, "elite": 0}')
    out = {"basic": value.get("basic", 0), "elite": value.get("elite", 0)}
    for k, v in out.items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise SituationError(f"{field}.{k}", "must be a whole number >= 0")
    return out


def parse_card(value: Any, field: str = "card") -> dict[str, Any]:
    """Check one card against the schema and return it normalised."""
    if not isinstance(value, dict):
        raise SituationError(field, "a card is an object with id, scenario, era, spawn, arrows")
    cid = value.get("id")
    if not isinstance(cid, str) or not cid:
        raise SituationError(f"{field}.id", "a card number like 'R116' is needed")
    scenario = value.get("scenario", "dragons" if cid.startswith("D") else "raiders")
    if scenario not in SCENARIOS:
        raise SituationError(f"{field}.scenario", "must be 'raiders' or 'dragons'")
    board = battleground()
    spawn = []
    for i, s in enumerate(value.get("spawn", [])):
        where = f"{field}.spawn[{i}]"
        if not isinstance(s, dict):
            raise SituationError(where, 'a spawn is {"hex": 26, "basic": 1, "elite": 0}')
        hex_id = board.check_hex(s.get("hex"), f"{where}.hex")
        if hex_id not in board.spawn_area:
            raise SituationError(f"{where}.hex", "Invaders spawn in the Spawn Area (#24-28)")
        spawn.append({"hex": hex_id, **_units({k: v for k, v in s.items() if k != "hex"}, where)})
    arrows_raw = value.get("arrows", [])
    if not isinstance(arrows_raw, list):
        raise SituationError(f"{field}.arrows", "must be a list")
    arrows = [_arrow(a, f"{field}.arrows[{i}]") for i, a in enumerate(arrows_raw)]
    powers = []
    for i, p in enumerate(value.get("powers", [])):
        where = f"{field}.powers[{i}]"
        if not isinstance(p, dict) or p.get("power") not in POWERS:
            raise SituationError(f"{where}.power", f"must be one of {', '.join(POWERS)}")
        for key in POWERS[p["power"]]:
            if key not in p:
                raise SituationError(f"{where}.{key}", f"'{p['power']}' needs '{key}'")
        if p["power"] == "stealth" and p["unit"] not in STEALTH_UNITS:
            raise SituationError(f"{where}.unit", f"one of {', '.join(STEALTH_UNITS)}")
        if p["power"] in ("weaker", "stronger", "temporarily_weaker") and not isinstance(
            p["value"], int
        ):
            raise SituationError(f"{where}.value", "must be a whole number")
        if p["power"] in ("increase", "regroup"):
            for key in POWERS[p["power"]]:
                _units(p[key], f"{where}.{key}")
        if p["power"] == "split":
            for key in ("left", "right"):
                for j, a in enumerate(p[key]):
                    _arrow(a, f"{where}.{key}[{j}]")
        powers.append(dict(p))
    era = value.get("era", 1)
    if era not in (1, 2):
        raise SituationError(f"{field}.era", "must be 1 or 2")
    return {
        "id": cid,
        "scenario": scenario,
        "era": era,
        "spawn": spawn,
        "arrows": arrows,
        "powers": powers,
    }


@lru_cache(maxsize=1)
def catalogue() -> tuple[bool, dict[str, dict[str, Any]]]:
    """``(example, cards by id)`` from the shipped catalogue."""
    data = load_json("cards.json")
    cards = {}
    for i, raw in enumerate(data["cards"]):
        card = parse_card(raw, f"cards[{i}]")
        cards[card["id"]] = card
    return bool(data.get("example", False)), cards


def deck_ids(scenario: str, era: int) -> list[str]:
    """The card numbers of one scenario's deck for one Era, in catalogue order."""
    _, cards = catalogue()
    return [c["id"] for c in cards.values() if c["scenario"] == scenario and c["era"] == era]


def power(card: dict[str, Any], name: str) -> dict[str, Any] | None:
    for p in card["powers"]:
        if p["power"] == name:
            return p
    return None
