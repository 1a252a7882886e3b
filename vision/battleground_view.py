"""Ante Portas on camera: the battleground's sticker grid and the units read on its hexes.

The grid is generated from the rules' battleground data (the example kit's,
``rules/games/anteportas/data/battleground.json``, or a game's own
``Battleground``) through :meth:`Battleground.centre`, so the camera's hex
numbers are the rules' hex numbers: a flat-top hex grid of :data:`HEX_MM`
corner radius with eight board stickers (ids 24-31) around it. The shipped
geometry is example data like the battleground file itself: measure the
printed board and pass ``hex_mm`` (and your own sticker places, if needed, as
a board file).

Pieces carry a small sticker each (``vision/data/anteportas-units.example.json``:
sticker id -> kind ``farmer``, ``citizen``, ``basic``, ``elite``,
``building:<kind>``, ``mine:<kind>``, ``trap``, ``bomb``).
:func:`read_battleground` turns a :class:`~vision.reader.Reading` into a
*proposed* battleground state for the players to confirm (plain data)::

    {"status": "ok",
     "hexes": {"7": {"farmer": 1, "building:guard_post": 1}, "12": {"basic": 2}},
     "state": {"7": {"side": {"soldiers": [{"kind": "farmer", "exhausted": false}],
                              "tile": {"type": "building", "kind": "guard_post", "rotation": 2}},
                     "troop": null}, "12": {"side": ..., "troop": {"basic": 2, "elite": 0}}},
     "unsure": ["9"], "off_board": [83]}

``hexes`` counts kinds per hex (what :func:`vision.closed_loop.check_step`
compares); ``state`` is in the rules' formats (``rules.games.anteportas.units``:
a hex's own ``side`` as ``side_spec`` checks it, the Invaders as a ``troop`` as
``troop_spec`` checks it; a building's ``rotation`` in 60 degree steps clockwise, from
its sticker);
``unsure`` are hexes with a piece read with too little confidence (ask);
``off_board`` are stickers seen outside every hex. Whether a Soldier is
exhausted cannot be seen from a sticker: it is proposed as not exhausted.

:func:`field_answer` answers the Ante Portas "Correct hexes" fields
(``soldiers-N``, ``invaders-N``, ``tile-N`` with ``camera="battleground"``,
docs/anteportas.md "Camera seam") from a proposal, for
:class:`vision.feed.VisionFeed`: only for a hex the camera saw pieces on
surely (a hex with no sticker seen may be empty or hidden: the players say).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rules.games.anteportas.board import Battleground
from rules.games.anteportas.kit import example_kit
from rules.text import Msg, msg
from vision.board_views import register_view
from vision.geometry import (
    Board,
    TokenCatalogue,
    _data_text,
    _loads,
    parse_board,
    parse_tokens,
    register_board,
)
from vision.reader import Reading

HEX_MM = 26.0
"""Corner radius of a battleground hex (example; measure your board)."""
MARGIN_MM = 30.0
"""Board around the hexes, where the board stickers sit."""
FIDUCIAL_IDS = tuple(range(24, 32))
BOARD_NAME = "anteportas-battleground"


def battleground_board(bg: Battleground | None = None, hex_mm: float = HEX_MM) -> Board:
    """The battleground as a camera board (kind ``hex-grid``), from the rules' data."""
    bg = bg or example_kit().board
    centres = {h: bg.centre(h, hex_mm) for h in bg.hexes}
    xs = [c[0] for c in centres.values()]
    ys = [c[1] for c in centres.values()]
    # Shift so the hexes (corners included) start MARGIN_MM from the board's top-left.
    ox = MARGIN_MM + hex_mm - min(xs)
    oy = MARGIN_MM + hex_mm * 0.8660254 - min(ys)
    width = max(xs) - min(xs) + 2 * hex_mm + 2 * MARGIN_MM
    height = max(ys) - min(ys) + 2 * hex_mm * 0.8660254 + 2 * MARGIN_MM
    m = MARGIN_MM / 2
    spots = [
        (m, m),
        (width / 2, m),
        (width - m, m),
        (m, height / 2),
        (width - m, height / 2),
        (m, height - m),
        (width / 2, height - m),
        (width - m, height - m),
    ]
    data = {
        "example": True,
        "note": "Generated from the Ante Portas battleground file (example data): "
        "hex size and sticker places are not measured from the printed board.",
        "name": BOARD_NAME,
        "kind": "hex-grid",
        "size_mm": [round(width, 2), round(height, 2)],
        "dictionary": "DICT_4X4_100",
        "fiducials": [
            {"id": fid, "centre_mm": [round(x, 2), round(y, 2)], "size_mm": 18.0, "margin_mm": 3.0}
            for fid, (x, y) in zip(FIDUCIAL_IDS, spots, strict=True)
        ],
        "token_grids": [
            {
                "name": "battleground",
                "type": "hex",
                "orientation": "flat",
                "origin_mm": [round(ox, 3), round(oy, 3)],
                "size_mm": hex_mm,
                "rotation_step_deg": 60,
                "cells": [{"id": h, "q": q, "r": r} for h, (q, r) in sorted(bg.hexes.items())],
            }
        ],
    }
    return parse_board(data, BOARD_NAME)


register_board(BOARD_NAME, battleground_board)  # load_board("anteportas-battleground")


def load_units(path: str | None = None) -> TokenCatalogue:
    """The sticker catalogue of the Ante Portas pieces (the shipped example by default)."""
    if path is None:
        text = _data_text("anteportas-units.example.json")
        return parse_tokens(_loads(text, "anteportas-units.example.json"))
    from vision.geometry import load_tokens

    return load_tokens(path)


def field_answer(proposal: dict[str, Any], key: str, default: Any = None) -> Any | None:
    """The value of the "Correct hexes" field ``key`` from ``proposal``, or None (ask).

    ``soldiers-N`` -> ``{"farmer": n, "farmer_exhausted": n, "citizen": n,
    "citizen_exhausted": n}``: the camera counts the Soldiers; how many of them
    are exhausted (not visible on a sticker) is kept from ``default`` (what the
    assistant tracks) as far as the count allows. ``invaders-N`` ->
    ``{"basic": n, "elite": n}``; ``tile-N`` -> the tile's kind or ``"none"``.
    """
    what, _, hex_id = key.rpartition("-")
    if proposal.get("status") != "ok" or hex_id in proposal.get("unsure", ()):
        return None
    place = proposal.get("state", {}).get(hex_id)
    if place is None or what not in ("soldiers", "invaders", "tile"):
        return None  # nothing seen on this hex: empty, or its stickers hidden
    if what == "invaders":
        troop = place["troop"] or {"basic": 0, "elite": 0}
        return {"basic": int(troop["basic"]), "elite": int(troop["elite"])}
    if what == "tile":
        tile = place["side"]["tile"]
        return "none" if tile is None else str(tile.get("kind") or tile["type"])
    tracked = default if isinstance(default, dict) else {}
    out: dict[str, int] = {}
    for kind in ("farmer", "citizen"):
        seen = sum(1 for s in place["side"]["soldiers"] if s["kind"] == kind)
        tired = min(seen, int(tracked.get(f"{kind}_exhausted", 0)))
        out[kind], out[f"{kind}_exhausted"] = seen - tired, tired
    return out


def read_battleground(reading: Reading, confirm_below: float = 0.75) -> dict[str, Any]:
    """The proposed battleground state from a reading (see the module docstring).

    ``status`` is the reading's, or ``no-board`` when the reading is whole but the
    battleground's own stickers were registered in no frame (the camera sees only
    the control board, say): then no hex can be told empty, and nothing is proposed."""
    seen = reading.boards.get(BOARD_NAME, {}).get("registered_frames", 0)
    if reading.status != "ok" or not seen:
        status = reading.status if reading.status != "ok" else "no-board"
        return {"status": status, "hexes": {}, "state": {}, "unsure": [], "off_board": []}
    hexes: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    state: dict[str, dict[str, Any]] = {}
    unsure: set[str] = set()
    off_board: list[int] = []
    for token in reading.tokens:
        if token.grid != "battleground" or token.cell is None:
            if token.board == BOARD_NAME:
                off_board.append(token.id)
            continue
        hex_id = token.cell
        hexes[hex_id][token.kind] += 1
        if token.confidence < confirm_below:
            unsure.add(hex_id)
        place = state.setdefault(hex_id, {"side": {"soldiers": [], "tile": None}, "troop": None})
        side = place["side"]
        kind, _, sub = token.kind.partition(":")
        if kind in ("farmer", "citizen"):
            side["soldiers"].append({"kind": kind, "exhausted": False})
        elif kind in ("basic", "elite"):
            place["troop"] = place["troop"] or {"basic": 0, "elite": 0}
            place["troop"][kind] += 1
        elif kind == "building":
            rotation = (token.rotation_deg or 0) // 60
            side["tile"] = {"type": "building", "kind": sub, "rotation": rotation}
        elif kind == "mine":
            side["tile"] = {"type": "mine", "kind": sub}
        elif kind in ("trap", "bomb"):
            side["tile"] = {"type": kind}
    order = sorted(hexes, key=int)
    return {
        "status": "ok",
        "hexes": {h: dict(hexes[h]) for h in order},
        "state": {h: state[h] for h in order},
        "unsure": sorted(unsure, key=int),
        "off_board": sorted(off_board),
    }


class BattlegroundView:
    """The battleground for the app's camera (:mod:`vision.board_views`): the pieces on
    each hex, the "Correct hexes" fields' values and why one was left to the players."""

    def proposal(self, reading: Reading, confirm_below: float) -> dict[str, Any]:
        return read_battleground(reading, confirm_below)

    def answer(self, reading: Reading, confirm_below: float, key: str, default: Any) -> Any | None:
        return field_answer(read_battleground(reading, confirm_below), key, default)

    def please_check(self, reading: Reading, confirm_below: float, key: str) -> Msg:
        hex_id = key.rpartition("-")[2]
        proposal = read_battleground(reading, confirm_below)
        if proposal["status"] != "ok":
            return msg("The camera cannot see the battleground's stickers: please check")
        if hex_id in proposal["unsure"]:
            return msg("Not sure about the pieces on #{hex}: please check", hex=hex_id)
        return msg("The camera sees no pieces on #{hex}: please check", hex=hex_id)


register_view(BOARD_NAME, BattlegroundView())
