"""The versus state and the bookkeeping every phase shares.

State is plain data. Each player (by colour id) keeps::

    {"id": "red", "hearts": 9, "weapon": 0, "roof": 0, "palisade": 0,
     "shelter": false, "determination": 0, "pawns": 2, "camp": "10",
     "alive": true, "cards": {"knife": {"kind": "invention", "markers": null}}}

``cards`` are the item cards a player owns: built inventions, the 2 starting
items and mystery cards (``kind`` ``invention``/``starting``/``mystery``;
``markers`` counts the uses left on starting and mystery cards).
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput
from rules.game import State
from rules.games.robinson.catalogue import CATALOGUE
from rules.text import Msg, msg

COLOURS = ("red", "blue", "green", "yellow")
LEVELS = ("weapon", "roof", "palisade")
TRACKS = ("hearts", "weapon", "roof", "palisade", "determination", "pawns")


def player(state: State, pid: str) -> dict[str, Any]:
    for p in state["players"]:
        if p["id"] == pid:
            return p
    raise IllegalInput(f"there is no player '{pid}' (players: {', '.join(ids(state))})", "player")


def ids(state: State) -> list[str]:
    return [p["id"] for p in state["players"]]


def alive(state: State) -> list[str]:
    return [p["id"] for p in state["players"] if p["alive"]]


def in_order(state: State) -> list[str]:
    """Living players clockwise, starting with the first player."""
    seats = ids(state)
    start = seats.index(state["first"])
    turn = seats[start:] + seats[:start]
    return [pid for pid in turn if player(state, pid)["alive"]]


def owner_of(state: State, card: str) -> str | None:
    for p in state["players"]:
        if card in p["cards"]:
            return str(p["id"])
    return None


def camp_owner(state: State, tile: str) -> str | None:
    for p in state["players"]:
        if p["alive"] and p["camp"] == tile:
            return str(p["id"])
    return None


def transfer(state: State, card: str, giver: str, taker: str, notes: list[Msg]) -> None:
    """Move a card between players: it stays built; markers stay; bonus at the end of the phase.

    "a carta fica do lado do item e não precisa ser construída novamente";
    "mantenha o número de marcadores nele".
    """
    source = player(state, giver)["cards"]
    if card not in source:
        raise IllegalInput(f"{giver} has no card '{card}'", "card")
    entry = source.pop(card)
    player(state, taker)["cards"][card] = entry
    notes.append(
        msg(
            "{taker} takes {card} from {giver}: it stays built and keeps its markers.",
            taker=taker,
            card=card,
            giver=giver,
        )
    )
    invention = CATALOGUE.inventions.get(card)
    if entry["kind"] == "invention" and invention is not None and invention.one_time_bonus:
        state["pending_bonus"].append({"player": taker, "card": card})


def change_hearts(
    state: State, pid: str, delta: int, notes: list[Msg], killer: str | None = None
) -> None:
    """Add ``delta`` hearts; at 0 the character dies and its owner is eliminated."""
    p = player(state, pid)
    if not p["alive"]:
        return
    p["hearts"] = max(0, p["hearts"] + delta)
    if p["hearts"] == 0:
        eliminate(state, pid, notes, killer)


def eliminate(state: State, pid: str, notes: list[Msg], killer: str | None) -> None:
    """Death: the owner leaves the game; inventions go back unless a fight winner takes all.

    Readings: outside a fight, starting and mystery cards leave with the player;
    in a fight, either side's winner may take everything (the ``spoils`` step).
    """
    p = player(state, pid)
    p["alive"] = False
    p["camp"] = None
    # The queue holds player ids (set-up, night) or resolution items (action phase).
    state["queue"] = [
        item
        for item in state.get("queue", [])
        if (item.get("player") if isinstance(item, dict) else item) != pid
    ]
    notes.append(msg("{p}'s character dies: {p} is eliminated.", p=pid))
    if killer is not None and player(state, killer)["alive"]:
        state["spoils"] = {"winner": killer, "loser": pid}
    else:
        return_inventions(state, pid, notes)
    if len(alive(state)) <= 1:
        state["winner"] = alive(state)[0] if alive(state) else None


def return_inventions(state: State, pid: str, notes: list[Msg]) -> None:
    p = player(state, pid)
    back = sorted(c for c, e in p["cards"].items() if e["kind"] == "invention")
    p["cards"] = {}
    if back:
        notes.append(
            msg("{p}'s inventions go back to the main board: {cards}", p=pid, cards=", ".join(back))
        )
