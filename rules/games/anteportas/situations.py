"""Strict schemas of the situations ``tableside decide anteportas`` reads.

A situation may carry its own ``components`` (the same schema as a game's
component set); its bounds come from them (or from the example set): hex
numbers of its Battleground, Invaders and Colonists the box holds, card
numbers of its catalogue. :class:`WithKit` checks ``components`` first and
then the rest against a spec built for that kit; the checked situation holds
the kit under ``"kit"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.errors import SituationError
from rules.games.anteportas.cards import CARD_SPEC, check_spawn_hexes
from rules.games.anteportas.kit import COMPONENTS_SPEC, Kit, example_kit, kit_from
from rules.games.anteportas.units import side_spec, troop_spec
from rules.schema import Bool, Int, List, Map, Obj, OneOf, Spec, Str, join_path

ANSWER_KEY = re.compile(r"^(battle|damage|support|gunfire|replace)-([1-9][0-9]{0,2})$")


@dataclass(frozen=True)
class WithKit(Obj):
    """A situation whose bounds depend on its components (checked first).

    It is the :class:`Obj` of the example components (so generators and docs
    read it like any spec); checking builds the spec for the situation's own
    ``components`` when it carries them.
    """

    build: Callable[[Kit], Obj] | None = None

    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        assert self.build is not None
        if not isinstance(value, Mapping):
            raise SituationError(path, "must be an object")
        data = value.get("components")
        if data is None:
            kit = example_kit()
        else:
            checked = COMPONENTS_SPEC.check(data, join_path(path, "components"))
            kit = kit_from(checked)
        rest = {k: v for k, v in value.items() if k != "components"}
        out: dict[str, Any] = self.build(kit).check(rest, path)
        out["kit"] = kit
        return out


def with_kit(build: Callable[[Kit], Obj]) -> WithKit:
    """The situation spec built by ``build`` for each situation's components."""
    base = build(example_kit())
    return WithKit(base.fields, base.required, base.defaults, base.check_whole, build=build)


def hex_spec(kit: Kit) -> Int:
    return Int(min(kit.board.hexes), max(kit.board.hexes))


class _HexNumber(Int):
    """A hex number of this Battleground (whole number or its digits as text)."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(min(kit.board.hexes), max(kit.board.hexes))
        object.__setattr__(self, "hexes", frozenset(kit.board.hexes))

    def check(self, value: Any, path: str = "") -> int:
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        number: int = super().check(value, path)
        if number not in self.hexes:  # type: ignore[attr-defined]
            raise SituationError(path, f"there is no hex #{number}")
        return number


def hex_keys(kit: Kit) -> Str:
    return Str(choices=tuple(str(h) for h in sorted(kit.board.hexes)))


def card_spec(kit: Kit) -> Spec:
    """A card by its number in the components' catalogue, or written out."""

    class _Card(Spec):
        def check(self, value: Any, path: str = "") -> dict[str, Any]:
            if isinstance(value, str):
                if value not in kit.cards:
                    raise SituationError(path, f"'{value}' is not in the card catalogue")
                return dict(kit.cards[value])
            card: dict[str, Any] = CARD_SPEC.check(value, path)
            check_spawn_hexes(card, kit.board.spawn_area, path)
            return card

        def describe(self) -> str:
            return "a card number or a card object"

    return _Card()


def _answers_whole(answers: dict[str, Any], path: str) -> None:
    for key, value in answers.items():
        match = ANSWER_KEY.match(key)
        where = join_path(path, key)
        if match is None:
            raise SituationError(
                where, "answer keys are battle-N, damage-N, support-N, gunfire-N or replace-N"
            )
        kind = match.group(1)
        if kind in ("battle", "damage") and value not in ("mine", "soldiers"):
            raise SituationError(where, "must be 'mine' or 'soldiers'")
        if kind in ("support", "gunfire", "replace") and not isinstance(value, list):
            raise SituationError(where, "must be a list of Building hexes")
        if kind == "replace" and len(value) > 1:
            raise SituationError(where, "one Guard Post replaces a Mine (or none)")


def answers_spec(kit: Kit) -> Map:
    """``{"battle-1": "soldiers", "support-1": [7, 7], "replace-1": [4]}``."""
    return _Answers(
        OneOf((Str(choices=("mine", "soldiers")), List(_HexNumber(kit), max_length=12))),
        max_length=50,
    )


class _Answers(Map):
    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        out = super().check(value, path)
        _answers_whole(out, path)
        return out


def _field_whole(kit: Kit) -> Callable[[dict[str, Any], str], None]:
    """Totals within the box; the supply defaults to what the box holds beyond the board."""

    def check(value: dict[str, Any], path: str) -> None:
        defs = kit.defences
        for kind in ("farmer", "citizen"):
            used = value["sickbay"][kind] + sum(
                1
                for s in value["battleground"].values()
                for x in s["soldiers"]
                if x["kind"] == kind
            )
            if used > defs.box(kind):
                raise SituationError(
                    join_path(path, "battleground"),
                    f"{used} {kind}s: the box holds {defs.box(kind)}",
                )
        given = value.get("supply") is not None
        if not given:
            value["supply"] = {"basic": 0, "elite": 0}
        for kind in ("basic", "elite"):
            on_board = sum(t[kind] for t in value["troops"].values())
            if not given:
                left = defs.box(kind) - on_board
                if left < 0:
                    raise SituationError(
                        join_path(path, "troops"),
                        f"{on_board} {kind} Units: the box holds {defs.box(kind)}",
                    )
                value["supply"][kind] = left
            elif on_board + value["supply"][kind] > defs.box(kind):
                raise SituationError(
                    join_path(path, f"supply.{kind}"),
                    f"{on_board} on the board and {value['supply'][kind]} in the supply: "
                    f"the box holds {defs.box(kind)}",
                )

    return check


def field_fields(kit: Kit, *, troops_required: bool = True) -> dict[str, Spec]:
    defs = kit.defences
    soldiers = defs.box("farmer") + defs.box("citizen")
    return {
        "battleground": Map(side_spec(soldiers), keys=hex_keys(kit)),
        "troops": Map(
            troop_spec(defs.box("basic"), defs.box("elite")),
            keys=hex_keys(kit),
            min_length=1 if troops_required else 0,
        ),
        "sickbay": Obj(
            {"farmer": Int(0, defs.box("farmer")), "citizen": Int(0, defs.box("citizen"))},
            required=frozenset(),
            defaults={"farmer": 0, "citizen": 0},
        ),
        "supply": Obj({"basic": Int(0, defs.box("basic")), "elite": Int(0, defs.box("elite"))}),
    }


def field_of(situation: dict[str, Any], kit: Kit) -> dict[str, Any]:
    """The Battleground part of a checked situation as a game field."""
    hexes: dict[str, dict[str, Any]] = {
        str(h): {"soldiers": [], "tile": None} for h in sorted(kit.board.hexes)
    }
    for key, value in situation.get("battleground", {}).items():
        hexes[key] = {"soldiers": list(value["soldiers"]), "tile": value["tile"]}
    return {
        "hexes": hexes,
        "troops": {k: dict(v) for k, v in situation.get("troops", {}).items()},
        "sickbay": dict(situation["sickbay"]),
        "supply": dict(situation["supply"]),
    }


def _scenario_whole(value: dict[str, Any], path: str) -> None:
    cards = [value["card"]] if "card" in value else list(value.get("cards", {}).values())
    scenarios = {c["scenario"] for c in cards}
    if "scenario" not in value:
        if len(scenarios) > 1:
            raise SituationError(
                join_path(path, "scenario"), "the cards are of both scenarios: name one"
            )
        value["scenario"] = scenarios.pop() if scenarios else "raiders"


def _with_field(kit: Kit, extra: dict[str, Spec], required: set[str], troops: bool = True) -> Obj:
    fields = {**field_fields(kit, troops_required=troops), **extra}
    field_check = _field_whole(kit)

    def whole(value: dict[str, Any], path: str) -> None:
        value.setdefault("battleground", {})
        value.setdefault("troops", {})
        field_check(value, path)
        if "card" in value or "cards" in value:
            _scenario_whole(value, path)

    return Obj(
        fields,
        required=frozenset(required),
        defaults={"sickbay": {"farmer": 0, "citizen": 0}},
        check_whole=whole,
    )


def battle_situation(kit: Kit) -> Obj:
    defs = kit.defences
    soldiers = defs.box("farmer") + defs.box("citizen")
    return Obj(
        {
            "hex": _HexNumber(kit),
            "defence": side_spec(soldiers),
            "troop": troop_spec(defs.box("basic"), defs.box("elite")),
            "twice": Bool(),
            "troop_modifier": Int(-50, 50),
            "defence_bonus": Int(0, 50),
            "gunfire_bonus": Int(0, 50),
            "flying": Bool(),
            "mine_first": Bool(),
        },
        required=frozenset({"hex", "defence", "troop"}),
        defaults={
            "twice": False,
            "troop_modifier": 0,
            "defence_bonus": 0,
            "gunfire_bonus": 0,
            "flying": False,
            "mine_first": True,
        },
    )


def move_situation(kit: Kit) -> Obj:
    return _with_field(
        kit,
        {
            "hex": _HexNumber(kit),
            "card": card_spec(kit),
            "scenario": Str(choices=("raiders", "dragons")),
            "twice": Bool(),
            "choices": answers_spec(kit),
        },
        {"hex", "card", "troops"},
    )


def phase_situation(kit: Kit) -> Obj:
    return _with_field(
        kit,
        {
            "cards": Map(card_spec(kit), keys=hex_keys(kit), min_length=1),
            "scenario": Str(choices=("raiders", "dragons")),
            "twice": Bool(),
            "choices": Map(answers_spec(kit), keys=hex_keys(kit)),
        },
        {"cards", "troops"},
    )


def sight_situation(kit: Kit) -> Obj:
    return _with_field(kit, {}, set(), troops=False)


def _team(kit: Kit, fields: dict[str, Spec]) -> Obj:
    return Obj(fields, required=frozenset(fields))


def area_situation(kit: Kit) -> Obj:
    defs = kit.defences
    soldiers = defs.box("farmer") + defs.box("citizen")
    team = _team(
        kit,
        {
            "spawn_point": _HexNumber(kit),
            "battleground": Map(side_spec(soldiers), keys=hex_keys(kit)),
        },
    )

    def whole(value: dict[str, Any], path: str) -> None:
        both = sorted(
            set(value["teams"]["A"]["battleground"]) & set(value["teams"]["B"]["battleground"])
        )
        if both:
            raise SituationError(
                join_path(path, f"teams.B.battleground.{both[0]}"), "both teams hold Units there"
            )

    return Obj({"teams": Obj({"A": team, "B": team})}, check_whole=whole)


def flag_situation(kit: Kit) -> Obj:
    team = _team(kit, {"mobile_units": List(_HexNumber(kit), max_length=99)})
    return Obj(
        {
            "teams": Obj({"A": team, "B": team}),
            "crossed": OneOf((Str(choices=("A", "B")), _Null())),
        },
        required=frozenset({"teams"}),
        defaults={"crossed": None},
    )


class _Null(Spec):
    def check(self, value: Any, path: str = "") -> None:
        if value is not None:
            raise SituationError(path, "must be A, B or null")

    def describe(self) -> str:
        return "null"


def layout_situation(kit: Kit) -> Obj:
    return Obj({})
