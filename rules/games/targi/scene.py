"""The Targi table picture: the card square (``card-grid``) and the players' panel (``tracks``).

Players tap cards on the square (layer ``cells``, ids = card labels) to
answer the robber, Targi, tile and Fata Morgana steps. Texts are short: the
card label (with "robber" on the robber's card), one word under it for an
action tile, one-letter figure chips (T = Targi, M = tribe marker) in the
player's colour. Nothing of the secret choice shows before the reveal.
"""

from __future__ import annotations

from typing import Any

from rules.game import State
from rules.games.targi.board import Board, board_of
from rules.games.targi.terms import PLAYERS, SHORT_TILE, TILES, who
from rules.text import Msg, msg

HIDDEN_STAGES = ("secret", "agree")


def _cell(state: State, b: Board, label: str) -> dict[str, Any]:
    table = state["table"]
    cell = b.cells[label]
    tokens: list[dict[str, str]] = []
    sub: Msg | None = None
    name: Msg = Msg(label)
    if label == table["robber"]:
        name = msg("{card} robber", card=label)  # the name's second line: always drawn
    for player in PLAYERS:
        if label in table["targi"][player]:
            tokens.append({"text": "T", "colour": player})
        if label in table["markers"][player]:
            tokens.append({"text": "M", "colour": player})
        if table["targi_tiles"][player] == label:
            tokens.append({"text": "T", "colour": player})
            sub = msg("tile")
        if table["tribe_tiles"][player] == label:
            tokens.append({"text": "M", "colour": player})
            sub = msg("tile")
    return {
        "id": label,
        "row": cell.row,
        "col": cell.col,
        "label": name.to_json(),
        "sub": sub.to_json() if sub is not None else None,
        "tokens": tokens,
        "shade": cell.kind if cell.kind != "corner" else None,
        "highlight": False,
    }


def card_square(state: State, b: Board) -> dict[str, Any]:
    return {
        "kind": "card-grid",
        "title": msg("Card square").to_json(),
        "rows": b.size,
        "cols": b.size,
        "cells": [_cell(state, b, label) for label in b.labels],
        "example_data": b.example,
    }


def players_panel(state: State, active: str | None) -> dict[str, Any]:
    hidden = state["stage"] in HIDDEN_STAGES
    table = state["table"]
    players = []
    for p in PLAYERS:
        tiles = table["tiles"][p]
        players.append(
            {
                "id": p,
                "name": who(p).to_json(),
                "colour": p,
                "active": p == active,
                "rows": [
                    [msg("Tribe cards").to_json(), str(table["tribe_cards"][p])],
                    [msg("Renounced").to_json(), str(len(state["renounced"][p]))],
                ],
                "tokens": []
                if hidden
                else [
                    {"text": SHORT_TILE[t].to_json(), "used": tiles[t] == "used"}
                    for t in TILES
                    if tiles[t] != "absent"
                ],
            }
        )
    return {"kind": "tracks", "title": msg("Players").to_json(), "players": players}


def scene(state: State, active: str | None) -> dict[str, Any]:
    b = board_of(state)
    table = state["table"]
    facts = [[msg("Round").to_json(), str(state["round"])]]
    if table["robber"]:
        facts.append([msg("Robber").to_json(), table["robber"]])
        facts.append([msg("Start player").to_json(), who(table["start"]).to_json()])
    return {
        "kind": "card-grid",  # drawn as its parts (docs/board-scenes.md)
        "title": msg("Targi — action tiles").to_json(),
        "facts": facts,
        "example_data": b.example,
        "parts": [card_square(state, b), players_panel(state, active)],
    }
