"""The printed components the solo text does not give: their schema, the example set, lookups.

The 16 nomad cards, the sizes and limits of the boards, the animal list and
the two idol tracks are printed in the box, not in the rule text, so they are
component data (docs/nomads.md, "Components"). A game reads them only from its
state: :func:`catalogue_of` builds a :class:`Catalogue` from the record that
set-up copied into the state (``state["components"]``), so a saved game
replays with exactly the set it was played with. The shipped example set is
``data/components.json`` (``"example": true``: the screens say so).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from rules.components import COMPONENTS_OPTION, component_record, components_of
from rules.errors import SituationError
from rules.games.nomads.terms import CARD_ACTIONS, INCOME_ITEMS
from rules.schema import Bool, Int, List, Map, Obj, Str

GAME = "nomads"
ARROW_BIG = ("left", "right")
ARROW_SMALL = ("up", "down")
SET_SIZES = (10, 5, 1)

#: Income or benefit counts, e.g. ``{"food": 1}``.
INCOME = Map(Int(0, 20), keys=Str(choices=INCOME_ITEMS))


CARD = Obj(
    {
        "id": Int(1, 16),
        "marked": Str(max_length=40),
        "big": Str(choices=ARROW_BIG),
        "small": Str(choices=ARROW_SMALL),
        "workforce": Int(0, 20),
        "actions": Map(List(Str(choices=CARD_ACTIONS), 2, 2), keys=Str(max_length=40)),
    }
)

COLUMN = Obj({"id": Str(max_length=40), "name": Str(max_length=60)})
AREA = Obj({"rows": Int(1, 4), "columns": Int(1, 8)})

BOARD = Obj(
    {
        "columns": List(COLUMN, 2, 6, key=lambda c: c["id"]),
        "cave_painting_column": Obj(
            {"id": Str(max_length=40), "name": Str(max_length=60), "index": Int(0, 6)}
        ),
        "hunting_area": AREA,
        "progress_display": AREA,
        "limits": Obj(
            {
                "food": Int(1, 30),
                "tools": Int(1, 30),
                "sacred_stones": Int(1, 6),
                "megaliths": Int(1, 10),
                "settlements": Int(1, 6),
                "camps": Int(1, 10),
            }
        ),
        "map_cards": Int(1, 20),
        "rounds": Int(1, 8),
        "figures": Int(1, 8),
        "era_by_round": List(Int(1, 2), 1, 8),
        "turn_order_income": Map(INCOME, keys=Str(choices=("1", "2"))),
    }
)

ANIMAL = Obj(
    {
        "id": Str(max_length=40),
        "name": Str(max_length=60),
        "set": Int(1, 10),
        "expansion": Str(choices=("base", "ancestors", "promo")),
    }
)

TRACK = Obj(
    {
        "top": Int(1, 30),
        "benefits": Map(INCOME),
        "rate": Map(List(Int(0, 50), 2, 2)),
    }
)


def _check_whole(data: dict[str, Any], path: str) -> None:
    """Ties between the parts: card columns exist, set sizes, track spaces, rounds and eras."""
    board = data["board"]
    columns = [c["id"] for c in board["columns"]]
    for i, card in enumerate(data["cards"]):
        where = f"{path}.cards[{i}]" if path else f"cards[{i}]"
        if card["marked"] not in columns:
            raise SituationError(f"{where}.marked", f"must be one of {', '.join(columns)}")
        for col in card["actions"]:
            if col not in columns:
                raise SituationError(f"{where}.actions.{col}", "is not an action column")
        for col in columns:
            if col not in card["actions"]:
                raise SituationError(f"{where}.actions.{col}", "is missing")
    for i, animal in enumerate(data["animals"]):
        if animal["set"] not in SET_SIZES:
            raise SituationError(f"{path}.animals[{i}].set", "a set size is 10, 5 or 1")
    for track in ("fame", "offerings"):
        spec = data["idols"][track]
        for key in (*spec["benefits"], *spec["rate"]):
            if not key.isdigit() or int(key) > spec["top"]:
                raise SituationError(
                    f"{path}.idols.{track}", f"space '{key}' is not on the track (0..{spec['top']})"
                )
        missing = [str(k) for k in range(spec["top"] + 1) if str(k) not in spec["rate"]]
        if missing:
            raise SituationError(f"{path}.idols.{track}.rate", f"space {missing[0]} has no rate")
    if len(board["era_by_round"]) != board["rounds"]:
        raise SituationError(f"{path}.board.era_by_round", "needs one era per round")


SCHEMA = Obj(
    {
        "example": Bool(),
        "cards": List(CARD, 16, 16, key=lambda c: c["id"]),
        "board": BOARD,
        "animals": List(ANIMAL, 1, 40, key=lambda a: a["id"]),
        "idols": Obj({"fame": TRACK, "offerings": TRACK}),
    },
    required=frozenset({"cards", "board", "animals", "idols"}),
    check_whole=_check_whole,
)


def example_data() -> dict[str, Any]:
    """The shipped EXAMPLE component set (package data)."""
    text = (resources.files("rules.games.nomads") / "data" / "components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@dataclass(frozen=True, kw_only=True)
class Catalogue:
    """All component data of one game, indexed for lookups."""

    cards: dict[int, dict[str, Any]]
    board: dict[str, Any]
    animals: dict[str, dict[str, Any]]
    idols: dict[str, Any]
    example: bool

    @staticmethod
    def of(data: Mapping[str, Any], example: bool) -> Catalogue:
        return Catalogue(
            cards={c["id"]: c for c in data["cards"]},
            board=dict(data["board"]),
            animals={a["id"]: a for a in data["animals"]},
            idols=dict(data["idols"]),
            example=example,
        )

    @property
    def limits(self) -> dict[str, int]:
        return dict(self.board["limits"])

    @property
    def column_ids(self) -> list[str]:
        return [c["id"] for c in self.board["columns"]]

    def column_names(self, cave: bool) -> dict[str, str]:
        names = {c["id"]: c["name"] for c in self.board["columns"]}
        if cave:
            extra = self.board["cave_painting_column"]
            names[extra["id"]] = extra["name"]
        return names

    def column_order(self, cave: bool) -> list[str]:
        order = self.column_ids
        if cave:
            extra = self.board["cave_painting_column"]
            order = [*order[: extra["index"]], extra["id"], *order[extra["index"] :]]
        return order

    def era(self, round_no: int) -> int:
        eras = self.board["era_by_round"]
        era: int = eras[min(max(round_no, 1), len(eras)) - 1]
        return era


_BUILT: dict[str, Catalogue] = {}


def catalogue_of(state: Mapping[str, Any]) -> Catalogue:
    """The catalogue of the component record in ``state`` (built once per digest)."""
    record = state[COMPONENTS_OPTION]
    digest = str(record["digest"])
    if digest not in _BUILT:
        _BUILT[digest] = Catalogue.of(components_of(state), bool(record["example"]))
    return _BUILT[digest]


def record_for(given: Any = None) -> dict[str, Any]:
    """A component record: ``given`` data (a situation's ``components``) or the example set."""
    if given is None:
        return _example_record()  # shared: game code never changes component data
    return component_record(GAME, SCHEMA, given, example_data())


@functools.cache
def _example_record() -> dict[str, Any]:
    """The checked EXAMPLE record, built once (package data never changes while running)."""
    return component_record(GAME, SCHEMA, None, example_data())
