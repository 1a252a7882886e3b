"""Checking the Robinson Crusoe versus components against the box, by touch.

Built from the schema (:mod:`rules.schema_editor`) with the words of the
game (``robinson-components``): the island's spaces (each drawn on the
island, to check where it lies), the island tiles (their resource icons),
the invention cards (their one-time bonus) and starting items (their
markers), the limits of every track and supply, what a night costs, and each
scenario (rounds, hearts, pawns, start levels, the book's choices and the
rewards that take resources). Names, ids and texts are the players' own
words and are shown as entered; terrains, tracks and resources in the
players' language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.games.robinson import GAME
from rules.games.robinson.terms import TERRAIN, TRACK
from rules.registry import register_editor
from rules.schema_editor import Leaf, Path, SchemaEditor, shown_text
from rules.text import Msg, msg

LABELS: dict[str, Msg] = {
    "island": msg("Island"),
    "island/spaces": msg("Island spaces"),
    "island/tiles": msg("Island tiles"),
    "island/spaces/*/q": msg("Column (to the right)"),
    "island/spaces/*/r": msg("Row (downwards)"),
    "island/tiles/*/terrain": msg("Terrain"),
    "island/tiles/*/resources": msg("Resource icons"),
    "cards": msg("Cards"),
    "cards/inventions": msg("Invention cards"),
    "cards/starting_items": msg("Starting items"),
    "cards/inventions/*/one_time_bonus": msg("One-time bonus"),
    "cards/starting_items/*/markers": msg("Markers on the card"),
    "limits": msg("Limits of the tracks and supplies"),
    "limits/markers": msg("Most markers on a mystery card"),
    "night": msg("The night"),
    "night/food_per_player": msg("Food each player eats"),
    "night/hearts_per_missing_food": msg("Hearts lost per missing food"),
    "night/hearts_without_shelter": msg("Hearts lost without a shelter"),
    "scenarios": msg("Scenarios"),
    "scenarios/*/rounds": msg("Rounds"),
    "scenarios/*/hearts": msg("Hearts at the start"),
    "scenarios/*/pawns": msg("Pawns per player"),
    "scenarios/*/start_levels": msg("Levels at the start"),
    "scenarios/*/book/choices/*/text": msg("Choice"),
    "scenarios/*/book/choices/*/changes": msg("Changes to the player's tracks"),
    "scenarios/*/rewards/*/steal": msg("Cards the winner may steal"),
    "scenarios/*/rewards/*/take/amount": msg("How many the winner takes"),
    "scenarios/*/rewards/*/take/of": msg("Of these"),
    **{f"limits/{track}": word for track, word in TRACK.items()},
}
VALUES: dict[str, Msg] = {
    **TRACK,
    **TERRAIN,
    "invention": msg("invention card"),
    "starting": msg("starting item"),
    "mystery": msg("mystery card"),
}
#: Shown in the page's title already.
HIDDEN = frozenset(
    {
        "cards/inventions/*/name",
        "cards/starting_items/*/name",
        "scenarios/*/title",
        "scenarios/*/book/choices/*/text",
        "scenarios/*/rewards/*/text",
    }
)


def island(data: Mapping[str, Any], ringed: str | None) -> dict[str, Any]:
    """The island of the data being checked (``hex-grid``), space ``ringed`` marked."""
    return {
        "kind": "hex-grid",
        "title": msg("Island").to_json(),
        "hexes": [
            {
                "id": s["id"],
                "q": s["q"],
                "r": s["r"],
                "label": s["id"],
                "tokens": [],
                "shade": "explored" if s["id"] == ringed else "unexplored",
                "highlight": s["id"] == ringed,
            }
            for s in data["island"]["spaces"]
        ],
    }


def _named(what: Msg, text: str) -> Msg:
    return msg("{what}: {name}", what=what, name=shown_text(text))


class RobinsonEditor(SchemaEditor):
    labels = LABELS
    values = VALUES
    hidden = HIDDEN

    def title_of(self, path: Path, data: Mapping[str, Any]) -> Msg:
        parts = [p for p in path if not str(p).startswith("#")]
        top = tuple(parts[:2])
        if top == ("island", "spaces"):
            return msg("Island space {s}", s=data["island"]["spaces"][parts[2]]["id"])
        if top == ("island", "tiles"):
            return msg("Island tile {t}", t=data["island"]["tiles"][parts[2]]["id"])
        if top == ("cards", "inventions"):
            return _named(msg("Invention card"), data["cards"]["inventions"][parts[2]]["name"])
        if top == ("cards", "starting_items"):
            return _named(msg("Starting item"), data["cards"]["starting_items"][parts[2]]["name"])
        if parts and parts[0] == "scenarios":
            scenario = data["scenarios"][parts[1]]
            if "choices" in parts:
                choice = scenario["book"]["choices"][parts[parts.index("choices") + 1]]
                return _named(msg("Book choice"), choice["text"])
            if "rewards" in parts:
                reward = scenario["rewards"][parts[parts.index("rewards") + 1]]
                return _named(msg("Reward"), reward["text"])
            return _named(msg("Scenario"), scenario["title"])
        return super().title_of(path, data)

    def group_of(self, path: Path, data: Mapping[str, Any]) -> tuple[str, Msg]:
        if path and path[0] in ("island", "cards") and len(path) > 1:
            return f"{path[0]}/{path[1]}", self.label_of(path[:2])
        return super().group_of(path, data)

    def lines_of(self, path: Path, data: Mapping[str, Any], leaves: list[Leaf]) -> list[Msg]:
        lines = super().lines_of(path, data, leaves)
        if path[:2] == ("cards", "inventions"):
            card = data["cards"]["inventions"][path[2]]
            names = {c["id"]: c["name"] for part in data["cards"].values() for c in part}
            for what, ids, name in (
                (msg("Needs the terrain"), card["requires_terrain"], self._terrain),
                (msg("Needs the items"), card["requires_items"], lambda i: shown_text(names[i])),
            ):
                if ids:
                    joined = name(ids[0])
                    for more in ids[1:]:
                        joined = msg("{a}, {b}", a=joined, b=name(more))
                    lines.append(msg("{what}: {value}", what=what, value=joined))
        return lines

    def _terrain(self, terrain: str) -> Msg:
        return TERRAIN.get(terrain) or shown_text(terrain)

    def scene_of(self, path: Path, data: Mapping[str, Any]) -> dict[str, Any] | None:
        if path[:2] == ("island", "spaces"):
            return island(data, data["island"]["spaces"][path[2]]["id"])
        return None


EDITOR = register_editor(RobinsonEditor(GAME))
