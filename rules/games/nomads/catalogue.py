"""The printed components the solo text does not give, loaded from ``data/*.json``.

Four files, each with ``"example": true`` while they hold example contents:
``cards.json`` (the 16 nomad cards), ``board.json`` (column order, area sizes,
limits), ``animals.json`` (animal names and set sizes) and ``idols.json`` (the
two idol tracks). Their schemas are in docs/nomads.md and in each file's
``"schema"`` key. Reading the package's own data files is the only file access
of this game module; it happens once, at import.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from rules.errors import SituationError
from rules.games.nomads.terms import CARD_ACTIONS, INCOME_ITEMS


def _load(name: str) -> dict[str, Any]:
    text = (resources.files("rules.games.nomads") / "data" / name).read_text("utf-8")
    return json.loads(text)


@dataclass(frozen=True)
class Catalogue:
    """All component data of the Nomads, checked."""

    cards: dict[int, dict[str, Any]]
    board: dict[str, Any]
    animals: dict[str, dict[str, Any]]
    idols: dict[str, Any]
    example: bool

    @property
    def column_ids(self) -> list[str]:
        return [c["id"] for c in self.board["columns"]]

    def column_names(self, cave: bool) -> dict[str, str]:
        names = {c["id"]: c["de"] for c in self.board["columns"]}
        if cave:
            extra = self.board["cave_painting_column"]
            names[extra["id"]] = extra["de"]
        return names

    def column_order(self, cave: bool) -> list[str]:
        order = self.column_ids
        if cave:
            extra = self.board["cave_painting_column"]
            order = [*order[: extra["index"]], extra["id"], *order[extra["index"] :]]
        return order


def check_card(card: Any, where: str, columns: list[str]) -> dict[str, Any]:
    """Validate one nomad card face (catalogue entry or situation), naming the field."""
    if not isinstance(card, dict):
        raise SituationError(where, "a card must be an object")
    out: dict[str, Any] = {}
    cid = card.get("id", 0)
    if not isinstance(cid, int) or isinstance(cid, bool):
        raise SituationError(f"{where}.id", "a card number must be a whole number")
    out["id"] = cid
    if card.get("marked") not in columns:
        raise SituationError(f"{where}.marked", f"must be one of {', '.join(columns)}")
    out["marked"] = card["marked"]
    if card.get("big") not in ("left", "right"):
        raise SituationError(f"{where}.big", "the big arrow points left or right")
    if card.get("small") not in ("up", "down"):
        raise SituationError(f"{where}.small", "the small arrow points up or down")
    out["big"], out["small"] = card["big"], card["small"]
    wf = card.get("workforce", 0)
    if not isinstance(wf, int) or isinstance(wf, bool) or wf < 0:
        raise SituationError(f"{where}.workforce", "workforce is a whole number >= 0")
    out["workforce"] = wf
    actions = card.get("actions", {})
    if not isinstance(actions, dict):
        raise SituationError(f"{where}.actions", "must map column ids to [upper, lower]")
    checked: dict[str, list[str]] = {}
    for col, pair in actions.items():
        if col not in columns:
            raise SituationError(f"{where}.actions.{col}", f"unknown column (known: {columns})")
        if not isinstance(pair, list) or len(pair) != 2:
            raise SituationError(f"{where}.actions.{col}", "needs exactly [upper, lower]")
        for i, action in enumerate(pair):
            if action not in CARD_ACTIONS:
                raise SituationError(
                    f"{where}.actions.{col}[{i}]", f"'{action}' is not a nomad action"
                )
        checked[col] = list(pair)
    out["actions"] = checked
    return out


def _check_counts(data: Any, where: str) -> dict[str, int]:
    if not isinstance(data, dict):
        raise SituationError(where, "must map income items to counts")
    for key, value in data.items():
        if key not in INCOME_ITEMS:
            raise SituationError(f"{where}.{key}", "unknown income item")
        if not isinstance(value, int) or value < 0:
            raise SituationError(f"{where}.{key}", "a count is a whole number >= 0")
    return dict(data)


def load() -> Catalogue:
    cards_doc, board = _load("cards.json"), _load("board.json")
    animals_doc, idols = _load("animals.json"), _load("idols.json")
    columns = [c["id"] for c in board["columns"]]
    cards: dict[int, dict[str, Any]] = {}
    for i, raw in enumerate(cards_doc["cards"]):
        card = check_card(raw, f"cards.json: cards[{i}]", columns)
        for col in columns:
            if col not in card["actions"]:
                raise SituationError(f"cards.json: cards[{i}].actions.{col}", "missing")
        cards[card["id"]] = card
    if len(cards) != 16:
        raise SituationError("cards.json: cards", "the nomad deck has exactly 16 cards")
    for track in ("fame", "offerings"):
        for level, items in idols[track]["benefits"].items():
            _check_counts(items, f"idols.json: {track}.benefits.{level}")
    for pos, items in board["turn_order_income"].items():
        _check_counts(items, f"board.json: turn_order_income.{pos}")
    animals = {a["id"]: a for a in animals_doc["animals"]}
    for aid, animal in animals.items():
        if animal["set"] not in (10, 5, 1):
            raise SituationError(f"animals.json: {aid}.set", "a set size is 10, 5 or 1")
    example = any(d.get("example") for d in (cards_doc, board, animals_doc, idols))
    return Catalogue(cards, board, animals, idols, example)


CATALOGUE = load()
