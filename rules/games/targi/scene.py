"""The Targi table picture: the card square (``card-grid``) and the players' panel (``tracks``).

Players tap cards on the square (layer ``cells``, ids = card labels) to
answer the robber, Targi, tile and Fata Morgana steps. Texts are short: the
card label (with "robber" on the robber's card), figures as round chips
with one letter (T = Targi, M = tribe marker) and action tiles as square
tags with the tile's short name ("Targi", "Tribe"), both in the player's
colour. Nothing of the secret choice shows before the reveal.
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
    tokens: list[dict[str, Any]] = []
    name: Msg = Msg(label)
    if label == table["robber"]:
        name = msg("{card} robber", card=label)  # the name's second line: always drawn
    for player in PLAYERS:
        if label in table["targi"][player]:
            tokens.append({"text": "T", "colour": player, "shape": "figure"})
        if label in table["markers"][player]:
            tokens.append({"text": "M", "colour": player, "shape": "figure"})
        for tile, where in (("targi", "targi_tiles"), ("tribe", "tribe_tiles")):
            if table[where][player] == label:
                tokens.append(
                    {"text": SHORT_TILE[tile].to_json(), "colour": player, "shape": "tile"}
                )
    return {
        "id": label,
        "row": cell.row,
        "col": cell.col,
        "label": name.to_json(),
        "sub": None,
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
