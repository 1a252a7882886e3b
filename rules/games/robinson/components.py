"""Printed components the versus text does not give: the schema, the example, a checked view.

The text says book effects, the special adventure event and the fight
rewards are "descritas em cada cenário" and prints no island, tile or card.
So they are component data (schema :data:`SCHEMA`, docs/robinson.md
"Components"; shipped example ``data/components.json``), copied into each
game's state at set-up and read only from there (:func:`catalogue_of`).

- ``island``: the spaces of the island (axial hex coordinates; distance =
  hex steps), its terrains, and the island tiles with their terrain and
  resource icons;
- ``cards``: invention cards (terrain and items needed, one-time bonus as
  changes of tracked values) and starting items (markers);
- ``limits``: the highest value of every tracked value (tracks, supplies);
- ``night``: what a night costs (food per player, hearts per missing food,
  hearts without a shelter);
- ``scenarios``: rounds, hearts, pawns, start levels and camps, the book
  effect (its choices), the special adventure event, the fight rewards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from rules.components import components_of
from rules.errors import SituationError
from rules.schema import Bool, Int, List, Map, Maybe, Obj, Str
from rules.text import msg, verbatim

RESOURCES = ("food", "wood", "hide")
LEVELS = ("weapon", "roof", "palisade")
#: Every tracked number of a player, in the order the screens list them.
TRACKS = ("hearts", "weapon", "roof", "palisade", "determination", "food", "wood", "hide", "pawns")
CARD_KINDS = ("invention", "starting", "mystery")

ID = Str(max_length=40)
CHANGES = Map(Int(-20, 20), keys=Str(choices=TRACKS[:-1]), max_length=8)


def _check_whole(data: dict[str, Any], path: str) -> None:
    """References between the parts: terrains, tiles, items, start camps, reward kinds."""
    island = data["island"]
    spaces = {s["id"] for s in island["spaces"]}
    tiles = {t["id"] for t in island["tiles"]}
    for i, tile in enumerate(island["tiles"]):
        if tile["terrain"] not in island["terrains"]:
            raise SituationError(
                f"island.tiles[{i}].terrain",
                msg("{terrain} is no terrain of the island", terrain=verbatim(tile["terrain"])),
            )
    coords = [(s["q"], s["r"]) for s in island["spaces"]]
    if len(set(coords)) != len(coords):
        raise SituationError("island.spaces", msg("two spaces share their coordinates"))
    inventions = {c["id"] for c in data["cards"]["inventions"]}
    items = {c["id"] for c in data["cards"]["starting_items"]}
    if inventions & items:
        both = verbatim(sorted(inventions & items)[0])
        raise SituationError(
            "cards", msg("{card} is both an invention and a starting item", card=both)
        )
    for i, inv in enumerate(data["cards"]["inventions"]):
        where = f"cards.inventions[{i}]"
        for terrain in inv["requires_terrain"]:
            if terrain not in island["terrains"]:
                raise SituationError(
                    f"{where}.requires_terrain",
                    msg("unknown terrain {terrain}", terrain=verbatim(terrain)),
                )
        for item in inv["requires_items"]:
            if item not in inventions | items:
                raise SituationError(
                    f"{where}.requires_items", msg("unknown card {card}", card=verbatim(item))
                )
    for i, scenario in enumerate(data["scenarios"]):
        where = f"scenarios[{i}]"
        if scenario["hearts"] > data["limits"]["hearts"]:
            limit = data["limits"]["hearts"]
            raise SituationError(
                f"{where}.hearts",
                msg(
                    "{n} hearts are more than the limit of {limit}",
                    n=scenario["hearts"],
                    limit=limit,
                ),
            )
        if scenario["pawns"] > data["limits"]["pawns"]:
            limit = data["limits"]["pawns"]
            raise SituationError(
                f"{where}.pawns",
                msg(
                    "{n} pawns are more than the limit of {limit}", n=scenario["pawns"], limit=limit
                ),
            )
        for level, value in scenario["start_levels"].items():
            if value > data["limits"][level]:
                raise SituationError(
                    f"{where}.start_levels.{level}",
                    msg(
                        "{value} is above its limit of {limit}",
                        value=value,
                        limit=data["limits"][level],
                    ),
                )
        seen: set[tuple[str, str]] = set()
        for j, camp in enumerate(scenario.get("start_camps", [])):
            if camp["space"] not in spaces:
                raise SituationError(
                    f"{where}.start_camps[{j}].space",
                    msg("a start camp is on no space of the island"),
                )
            if camp["tile"] not in tiles:
                raise SituationError(
                    f"{where}.start_camps[{j}].tile", msg("a start camp is on no island tile")
                )
            if ("space", camp["space"]) in seen or ("tile", camp["tile"]) in seen:
                raise SituationError(
                    f"{where}.start_camps[{j}]", msg("two start camps share a space or a tile")
                )
            seen |= {("space", camp["space"]), ("tile", camp["tile"])}
        ids = [r["id"] for r in scenario["rewards"]]
        if len(set(ids)) != len(ids):
            raise SituationError(f"{where}.rewards", msg("two rewards share an id"))


REWARD = Obj(
    {
        "id": ID,
        "text": Str(max_length=300),
        "steal": List(Str(choices=CARD_KINDS), min_length=1, unique=True),
        "take": Obj(
            {
                "amount": Int(1, 20),
                "of": List(Str(choices=(*RESOURCES, "determination")), min_length=1, unique=True),
            }
        ),
    },
    required=frozenset({"id", "text"}),
)
SCENARIO = Obj(
    {
        "id": ID,
        "title": Str(max_length=80),
        "rounds": Int(1, 30),
        "hearts": Int(1, 30),
        "pawns": Int(1, 6),
        "start_levels": Map(Int(0, 20), keys=Str(choices=LEVELS)),
        "start_camps": List(Obj({"space": ID, "tile": ID}), max_length=4),
        "book": Obj(
            {
                "text": Str(max_length=300),
                "choices": List(
                    Obj({"id": ID, "text": Str(max_length=120), "changes": CHANGES}),
                    min_length=1,
                    max_length=4,
                    key=lambda c: c["id"],
                ),
            }
        ),
        "adventure_event": Str(max_length=300),
        "rewards": List(REWARD, max_length=8),
    },
    required=frozenset(
        {"id", "title", "rounds", "hearts", "pawns", "start_levels", "book", "adventure_event"}
        | {"rewards"}
    ),
)
SCHEMA = Obj(
    {
        "example": Bool(),
        "island": Obj(
            {
                "terrains": List(ID, min_length=1, max_length=12, unique=True),
                "spaces": List(
                    Obj({"id": ID, "q": Int(-20, 20), "r": Int(-20, 20)}),
                    min_length=2,
                    max_length=60,
                    key=lambda s: s["id"],
                ),
                "tiles": List(
                    Obj(
                        {
                            "id": ID,
                            "terrain": ID,
                            "resources": List(Str(choices=RESOURCES), max_length=3, unique=True),
                        }
                    ),
                    min_length=2,
                    max_length=60,
                    key=lambda t: t["id"],
                ),
            }
        ),
        "cards": Obj(
            {
                "inventions": List(
                    Obj(
                        {
                            "id": ID,
                            "name": Str(max_length=24),
                            "requires_terrain": List(ID, max_length=5, unique=True),
                            "requires_items": List(ID, max_length=5, unique=True),
                            "one_time_bonus": Maybe(CHANGES),
                        }
                    ),
                    max_length=60,
                    key=lambda c: c["id"],
                ),
                "starting_items": List(
                    Obj({"id": ID, "name": Str(max_length=24), "markers": Int(0, 9)}),
                    min_length=2,
                    max_length=40,
                    key=lambda c: c["id"],
                ),
            }
        ),
        "limits": Obj(
            {key: Int(1, 99) for key in TRACKS} | {"markers": Int(0, 9)},
        ),
        "night": Obj(
            {
                "food_per_player": Int(0, 5),
                "hearts_per_missing_food": Int(0, 10),
                "hearts_without_shelter": Int(0, 10),
            }
        ),
        "scenarios": List(SCENARIO, min_length=1, max_length=20, key=lambda s: s["id"]),
    },
    required=frozenset({"island", "cards", "limits", "night", "scenarios"}),
    check_whole=_check_whole,
)


@dataclass(frozen=True, kw_only=True)
class Invention:
    id: str
    name: str
    requires_terrain: tuple[str, ...]
    requires_items: tuple[str, ...]
    one_time_bonus: dict[str, int]


@dataclass(frozen=True, kw_only=True)
class Tile:
    id: str
    terrain: str
    resources: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Catalogue:
    """A checked component set, as the rules read it."""

    spaces: dict[str, tuple[int, int]]
    tiles: dict[str, Tile]
    terrains: tuple[str, ...]
    inventions: dict[str, Invention]
    starting_items: dict[str, dict[str, Any]]
    limits: dict[str, int]
    night: dict[str, int]
    scenarios: dict[str, dict[str, Any]]
    example: bool

    def distance(self, a: str, b: str) -> int:
        """Hex steps between two spaces of the island."""
        (q1, r1), (q2, r2) = self.spaces[a], self.spaces[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs((q1 + r1) - (q2 + r2))) // 2

    def card_name(self, card: str) -> str:
        """The printed name of a card (component text), or its id for a mystery card."""
        if card in self.inventions:
            return self.inventions[card].name
        if card in self.starting_items:
            return str(self.starting_items[card]["name"])
        return card


def catalogue_from_data(data: Mapping[str, Any]) -> Catalogue:
    """The view of component data already checked by :data:`SCHEMA`."""
    island, cards = data["island"], data["cards"]
    return Catalogue(
        spaces={s["id"]: (s["q"], s["r"]) for s in island["spaces"]},
        tiles={
            t["id"]: Tile(id=t["id"], terrain=t["terrain"], resources=tuple(t["resources"]))
            for t in island["tiles"]
        },
        terrains=tuple(island["terrains"]),
        inventions={
            c["id"]: Invention(
                id=c["id"],
                name=c["name"],
                requires_terrain=tuple(c["requires_terrain"]),
                requires_items=tuple(c["requires_items"]),
                one_time_bonus=dict(c["one_time_bonus"] or {}),
            )
            for c in cards["inventions"]
        },
        starting_items={c["id"]: dict(c) for c in cards["starting_items"]},
        limits=dict(data["limits"]),
        night=dict(data["night"]),
        scenarios={s["id"]: s for s in data["scenarios"]},
        example=bool(data.get("example", False)),
    )


def catalogue_of(state: Mapping[str, Any]) -> Catalogue:
    """The components this game was set up with (kept in its state).

    A record's digest names its data exactly, so the view is built once per digest.
    """
    record = state.get("components")
    if isinstance(record, Mapping) and isinstance(record.get("digest"), str):
        return _catalogue_by_digest(record["digest"], record)
    return catalogue_from_data(components_of(state))


_BY_DIGEST: dict[str, Catalogue] = {}


def _catalogue_by_digest(digest: str, record: Mapping[str, Any]) -> Catalogue:
    found = _BY_DIGEST.get(digest)
    if found is None:
        found = _BY_DIGEST[digest] = catalogue_from_data(record["data"])
    return found


def example_data() -> dict[str, Any]:
    """The shipped EXAMPLE components (``data/components.json``), unchecked."""
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def example_checked() -> dict[str, Any]:
    """The shipped example, checked (package data: read once; do not change it)."""
    checked: dict[str, Any] = SCHEMA.check(example_data())
    return checked


@cache
def example_catalogue() -> Catalogue:
    """The shipped example as the rules read it."""
    return catalogue_from_data(example_checked())
