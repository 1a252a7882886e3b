"""The printed components of one Ante Portas game, read from its state.

What the rule text does not print is component data the players enter once
(docs/anteportas.md, "Components"): the Battleground layout, the Defensive
Works' values and the 88 Movement cards. One object holds all three::

    {"schema": "anteportas-components/1", "example": true,
     "battleground": {...}, "defences": {...}, "cards": {...}}

:func:`component_schema` checks it (the same check for the shipped example,
a players' catalogue and a situation's ``components``); the game copies the
checked record into its state at set-up (``rules.components``), and every rule
reads it through :func:`kit_of` (a game) or :func:`kit_from` (a situation).
The parsed :class:`Kit` is remembered per digest, so the same data is parsed
once; a different set in another state gets its own kit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from rules.components import components_of, digest_of
from rules.errors import SituationError
from rules.games.anteportas.board import BATTLEGROUND_SPEC, Battleground
from rules.games.anteportas.cards import CATALOGUE_SPEC, check_spawn_hexes
from rules.games.anteportas.units import DEFENCES_SPEC, Defences
from rules.schema import Bool, Obj, Str

SCHEMA = "anteportas-components/1"


def _spawns_in_area(data: dict[str, Any], path: str) -> None:
    area = tuple(data["battleground"]["spawn_area"])
    for i, card in enumerate(data["cards"]["cards"]):
        check_spawn_hexes(card, area, f"{path}.cards.cards[{i}]" if path else f"cards.cards[{i}]")


COMPONENTS_SPEC = Obj(
    {
        "schema": Str(choices=(SCHEMA,)),
        "example": Bool(),
        "battleground": BATTLEGROUND_SPEC,
        "defences": DEFENCES_SPEC,
        "cards": CATALOGUE_SPEC,
    },
    required=frozenset({"battleground", "defences", "cards"}),
    defaults={"schema": SCHEMA, "example": False},
    check_whole=_spawns_in_area,
)


@dataclass(frozen=True, kw_only=True)
class Kit:
    """Board, Defensive Works and Movement cards of one game; ``example`` marks example data."""

    board: Battleground
    defences: Defences
    cards: dict[str, dict[str, Any]]
    example: bool


def _load(name: str) -> Any:
    """One of this package's data files (read-only data shipped with the code)."""
    text = (
        resources.files("rules.games.anteportas").joinpath("data").joinpath(name).read_text("utf-8")
    )
    return json.loads(text)


def example_components() -> dict[str, Any]:
    """The shipped EXAMPLE set, assembled from the three package data files."""
    return {
        "schema": SCHEMA,
        "example": True,
        "battleground": _load("battleground.json"),
        "defences": _load("defences.json"),
        "cards": _load("cards.json"),
    }


_KITS: dict[str, Kit] = {}


def kit_from(
    data: Mapping[str, Any], example: bool | None = None, digest: str | None = None
) -> Kit:
    """The kit for component data already checked by :data:`COMPONENTS_SPEC`.

    ``digest``: the data's digest when already known (a state's record carries it).
    """
    digest = digest or digest_of(data)
    flag = bool(data.get("example", False)) if example is None else example
    key = f"{digest}:{flag}"
    if key not in _KITS:
        _KITS[key] = Kit(
            board=Battleground.from_data(data["battleground"]),
            defences=Defences.from_data(data["defences"]),
            cards={c["id"]: c for c in data["cards"]["cards"]},
            example=flag,
        )
    return _KITS[key]


def kit_of(state: Mapping[str, Any]) -> Kit:
    """The kit of a game state (its ``components`` record)."""
    record = state.get("components")
    if isinstance(record, Mapping) and isinstance(record.get("digest"), str):
        key = f"{record['digest']}:{bool(record.get('example', False))}"
        if key in _KITS:
            return _KITS[key]
        return kit_from(components_of(state), bool(record.get("example", False)), record["digest"])
    return kit_from(components_of(state))


_EXAMPLE: list[Kit] = []


def example_kit() -> Kit:
    """The kit of the shipped example set (situations without ``components``, tests)."""
    if not _EXAMPLE:
        _EXAMPLE.append(kit_from(COMPONENTS_SPEC.check(example_components(), "components")))
    return _EXAMPLE[0]


def situation_kit(situation: Mapping[str, Any]) -> Kit:
    """A situation's own ``components`` (already checked), else the example set."""
    data = situation.get("components")
    if data is None:
        return example_kit()
    if not isinstance(data, Mapping):
        raise SituationError("components", "must be an object")
    return kit_from(data)
