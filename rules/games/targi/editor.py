"""Checking the Targi card square against the box, by touch (``targi-components``).

Built from the schema (:mod:`rules.schema_editor`) with the words of the
game: one page for the counts of the base game (Targi and tribe markers per
player, the tribe-card limit) and where the robber starts (tap the card on
the picture), then one page per card of the square, drawn with that card
ringed, to check its row, column and kind (corner, border or inner card).
The card labels are coordinates (``a1`` top left) and stay as they are;
the ring order (``border_clockwise``) is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.games.targi import GAME
from rules.prompt import Choice, Field
from rules.registry import register_editor
from rules.schema_editor import Leaf, Path, SchemaEditor, pattern_of, shown_text
from rules.text import Msg, msg

LABELS: dict[str, Msg] = {
    "targi_per_player": msg("Targi per player"),
    "markers_per_player": msg("Tribe markers per player"),
    "tribe_cards_max": msg("Most tribe cards in a display"),
    "robber_start": msg("The robber's first card"),
    "cells": msg("The cards of the square"),
    "cells/*/row": msg("Row (1 = top)"),
    "cells/*/col": msg("Column (1 = left)"),
    "cells/*/kind": msg("Kind of card"),
}
VALUES: dict[str, Msg] = {
    "corner": msg("corner card"),
    "border": msg("border card"),
    "inner": msg("inner card"),
}


def square(data: Mapping[str, Any], ringed: str | None) -> dict[str, Any]:
    """The card square of the data being checked (``card-grid``), card ``ringed`` marked."""
    cells = data.get("cells", [])
    size = max((max(c["row"], c["col"]) for c in cells), default=0) + 1
    return {
        "kind": "card-grid",
        "title": msg("Card square").to_json(),
        "rows": size,
        "cols": size,
        "cells": [
            {
                "id": c["label"],
                "row": c["row"],
                "col": c["col"],
                "label": Msg(c["label"]).to_json(),
                "sub": None,
                "tokens": [],
                "shade": c["kind"] if c["kind"] != "corner" else None,
                "highlight": c["label"] == ringed,
            }
            for c in cells
        ],
    }


class TargiEditor(SchemaEditor):
    labels = LABELS
    values = VALUES
    hidden = frozenset({"cells/*/label"})

    def title_of(self, path: Path, data: Mapping[str, Any]) -> Msg:
        if len(path) >= 2 and path[0] == "cells" and isinstance(path[1], int):
            return msg("Card {card}", card=data["cells"][path[1]]["label"])
        return msg("Targi: the base game")

    def group_of(self, path: Path, data: Mapping[str, Any]) -> tuple[str, Msg]:
        if path and path[0] == "cells":
            return "cells", LABELS["cells"]
        return "general", msg("Targi: the base game")

    def lines_of(self, path: Path, data: Mapping[str, Any], leaves: list[Leaf]) -> list[Msg]:
        if path and path[0] == "cells":
            return [
                msg("Check this card's place and kind against your square of cards."),
                msg("Rows count from the top, columns from the left; corners carry no action."),
            ]
        return [msg("Check these against your box and correct what differs.")]

    def scene_of(self, path: Path, data: Mapping[str, Any]) -> dict[str, Any] | None:
        if len(path) >= 2 and path[0] == "cells" and isinstance(path[1], int):
            return square(data, data["cells"][path[1]]["label"])
        return square(data, data.get("robber_start"))

    def value_label(self, value: str) -> Msg:
        """Card labels are coordinates (``a1``): the same in every language."""
        return VALUES.get(value) or shown_text(value)

    def field_of(self, leaf: Leaf, value: Any, data: Mapping[str, Any]) -> Field:
        field = super().field_of(leaf, value, data)
        pattern = pattern_of(leaf.path)
        if pattern == "robber_start":  # a card of the square, tapped on the picture
            cards = [c["label"] for c in data["cells"] if c["kind"] != "inner"]
            return replace(
                field, choices=tuple(Choice(c, shown_text(c)) for c in cards), places="cells"
            )
        if pattern in ("cells/*/row", "cells/*/col"):  # shown from 1, stored from 0
            return replace(field, default=value + 1, minimum=1, maximum=(field.maximum or 0) + 1)
        return field

    def apply(self, draft: dict[str, Any], key: str, answer: Mapping[str, Any]) -> None:
        answer = dict(answer)
        for name in ("row", "col"):
            if name in answer:
                answer[name] -= 1
        super().apply(draft, key, answer)


EDITOR = register_editor(TargiEditor(GAME))
