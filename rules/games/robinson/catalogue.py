"""Printed components the versus text does not give, loaded from JSON data.

Three files under ``data/`` (schemas in docs/robinson.md), all marked
``"example": true``: the island's tile spots with hex coordinates
(``island.json``), invention and starting-item cards (``cards.json``) and
versus scenarios with their book effect, special adventure event and fight
rewards (``scenarios.json``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from rules.errors import SituationError


@dataclass(frozen=True)
class Invention:
    id: str
    name: str
    requires_terrain: tuple[str, ...]
    requires_items: tuple[str, ...]
    one_time_bonus: str | None


@dataclass(frozen=True)
class StartingItem:
    id: str
    name: str
    markers: int


@dataclass(frozen=True)
class Reward:
    id: str
    text: str
    steal: bool


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    rounds: int
    hearts: int
    pawns: int
    start_levels: dict[str, int]
    book_effect: str
    adventure_event: str
    rewards: tuple[Reward, ...]


@dataclass(frozen=True)
class Catalogue:
    """Everything printed that the referee needs, plus whether it is example data."""

    spots: dict[str, tuple[int, int]]
    terrains: tuple[str, ...]
    inventions: dict[str, Invention]
    starting_items: dict[str, StartingItem]
    scenarios: dict[str, Scenario]
    example: bool

    def distance(self, a: str, b: str) -> int:
        """Hex steps between two tile spots."""
        (q1, r1), (q2, r2) = self.spots[a], self.spots[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs((q1 + r1) - (q2 + r2))) // 2


def _get(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise SituationError(f"{where}.{key}", "is missing")
    return data[key]


def catalogue_from_data(island: Any, cards: Any, scenarios: Any) -> Catalogue:
    """Check the three data documents and build the catalogue; errors name the field."""
    spots: dict[str, tuple[int, int]] = {}
    for i, spot in enumerate(_get(island, "spots", "island")):
        where = f"island.spots[{i}]"
        try:
            spots[str(spot["id"])] = (int(spot["q"]), int(spot["r"]))
        except (KeyError, TypeError, ValueError):
            raise SituationError(where, "needs id, q and r") from None
    terrains = tuple(str(t) for t in _get(island, "terrains", "island"))
    inventions: dict[str, Invention] = {}
    for i, raw in enumerate(_get(cards, "inventions", "cards")):
        where = f"cards.inventions[{i}]"
        inv = Invention(
            str(_get(raw, "id", where)),
            str(_get(raw, "name", where)),
            tuple(_get(raw, "requires_terrain", where)),
            tuple(_get(raw, "requires_items", where)),
            raw.get("one_time_bonus"),
        )
        for terrain in inv.requires_terrain:
            if terrain not in terrains:
                raise SituationError(f"{where}.requires_terrain", f"unknown terrain '{terrain}'")
        inventions[inv.id] = inv
    for inv in inventions.values():
        for item in inv.requires_items:
            if item not in inventions:
                raise SituationError(f"cards.inventions.{inv.id}", f"requires unknown '{item}'")
    items = {
        str(_get(raw, "id", f"cards.starting_items[{i}]")): StartingItem(
            str(raw["id"]),
            str(_get(raw, "name", f"cards.starting_items[{i}]")),
            int(raw["markers"]),
        )
        for i, raw in enumerate(_get(cards, "starting_items", "cards"))
    }
    found: dict[str, Scenario] = {}
    for i, raw in enumerate(_get(scenarios, "scenarios", "scenarios")):
        where = f"scenarios.scenarios[{i}]"
        rewards = tuple(
            Reward(str(r["id"]), str(r["text"]), bool(r.get("steal", False)))
            for r in _get(raw, "rewards", where)
        )
        found[str(_get(raw, "id", where))] = Scenario(
            id=str(raw["id"]),
            title=str(_get(raw, "title", where)),
            rounds=int(_get(raw, "rounds", where)),
            hearts=int(_get(raw, "hearts", where)),
            pawns=int(_get(raw, "pawns", where)),
            start_levels={k: int(v) for k, v in _get(raw, "start_levels", where).items()},
            book_effect=str(_get(raw, "book_effect", where)),
            adventure_event=str(_get(raw, "adventure_event", where)),
            rewards=rewards,
        )
    example = any(bool(d.get("example")) for d in (island, cards, scenarios))
    return Catalogue(spots, terrains, inventions, items, found, example)


def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text("utf-8"))


def load_catalogue() -> Catalogue:
    return catalogue_from_data(_read("island.json"), _read("cards.json"), _read("scenarios.json"))


CATALOGUE = load_catalogue()
