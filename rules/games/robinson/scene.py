"""The Robinson table picture: the island (``hex-grid``) and the players' panels (``tracks``).

Players tap island spaces (layer ``hexes``, ids = space ids) to answer camp,
gathering, exploring and night steps. A space with an island tile on it is
shaded ``explored``, the others ``unexplored`` (still to be found). Each
camp is marked with its player's number marker ("marcadores numéricos para
marcar a localização de cada acampamento") in the player's colour. A
player's panel keeps two short rows (hearts and weapon: life and fights) and
the cards as chips, so four panels stay legible at 800x480; the status lines
give every tracked value.
"""

from __future__ import annotations

from typing import Any

from rules.game import State
from rules.games.robinson.components import catalogue_of
from rules.games.robinson.model import card_label, player
from rules.games.robinson.terms import CATEGORY, TRACK, who
from rules.text import Msg, msg

#: Two short rows: what decides life and fights at a glance; every value is in the status.
PANEL_ROWS = ("hearts", "weapon")


def island(state: State) -> dict[str, Any]:
    cat = catalogue_of(state)
    seats = [p["id"] for p in state["players"]]
    camps = {p["camp"]: p["id"] for p in state["players"] if p["alive"] and p["camp"]}
    hexes = []
    for space_id, (q, r) in cat.spaces.items():
        tokens = []
        if space_id in camps:
            owner = camps[space_id]
            tokens.append({"text": str(seats.index(owner) + 1), "colour": owner})
        hexes.append(
            {
                "id": space_id,
                "q": q,
                "r": r,
                "label": space_id,
                "tokens": tokens,
                "shade": "explored" if space_id in state["island"] else "unexplored",
                "highlight": False,
            }
        )
    return {
        "kind": "hex-grid",
        "title": msg("Island").to_json(),
        "hexes": hexes,
        "example_data": cat.example,
    }


def panels(state: State, active: str | None) -> dict[str, Any]:
    cat = catalogue_of(state)
    players = []
    for p in state["players"]:
        rows = [[TRACK[t].to_json(), str(p[t])] for t in PANEL_ROWS]
        if not p["alive"]:
            rows = [[msg("Eliminated").to_json(), ""]]
        players.append(
            {
                "id": p["id"],
                "name": who(p["id"]).to_json(),
                "colour": p["id"],
                "active": p["id"] == active,
                "rows": rows,
                "tokens": [
                    {"text": card_label(cat, card, entry).to_json(), "used": False}
                    for card, entry in sorted(p["cards"].items())
                ],
            }
        )
    return {"kind": "tracks", "title": msg("Players").to_json(), "players": players}


def scene(state: State, active: str | None) -> dict[str, Any]:
    cat = catalogue_of(state)
    tokens = [CATEGORY[t] for t in state["adventure_tokens"]]
    facts: list[list[Any]] = [  # the round and phase are in every step's title
        [msg("First player").to_json(), who(state["first"]).to_json()],
    ]
    if tokens:
        joined: Msg = tokens[0]
        for t in tokens[1:]:
            joined = msg("{a}, {b}", a=joined, b=t)
        facts.append([msg("Adventure tokens").to_json(), joined.to_json()])
    return {
        "kind": "hex-grid",  # drawn as its parts (docs/board-scenes.md)
        "title": msg("Robinson Crusoe — versus").to_json(),
        "facts": facts,
        "example_data": cat.example,
        "parts": [island(state), panels(state, active)],
    }


def status_lines(state: State) -> tuple[Msg, ...]:
    lines = [msg("Round {n}, first player {p}", n=state["round"], p=who(state["first"]))]
    for p in state["players"]:
        pid = p["id"]
        if not player(state, pid)["alive"]:
            lines.append(msg("{p}: eliminated", p=who(pid)))
            continue
        lines.append(
            msg(
                "{p}: {h} hearts, weapon {w}, roof {r}, palisade {pa}, {d} determination, "
                "{f} food, {wo} wood, {hi} hide",
                p=who(pid),
                h=p["hearts"],
                w=p["weapon"],
                r=p["roof"],
                pa=p["palisade"],
                d=p["determination"],
                f=p["food"],
                wo=p["wood"],
                hi=p["hide"],
            )
        )
    return tuple(lines)
