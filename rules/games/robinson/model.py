"""The versus state and the bookkeeping every phase shares.

State is plain data. ``state["players"]`` lists the players in seat order
(clockwise); each keeps::

    {"id": "red", "hearts": 9, "life": 9, "weapon": 0, "roof": 0, "palisade": 0,
     "shelter": false, "determination": 0, "food": 0, "wood": 0, "hide": 0,
     "pawns": 2, "camp": "10", "alive": true,
     "cards": {"knife": {"kind": "invention", "markers": null}}}

``cards`` are the item cards a player owns: built inventions, the 2 starting
items and mystery cards (``kind`` ``invention``/``starting``/``mystery``;
``markers`` counts the uses left on starting and mystery cards). ``life`` is
the character's hearts at set-up: hearts never rise above it. Every other
value stays within the components' limits (``limits``): a change beyond them
is capped, and the notes say so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import IllegalInput
from rules.game import State as State
from rules.games.robinson.components import RESOURCES, Catalogue, catalogue_of
from rules.games.robinson.terms import TRACK_WORD, text, who
from rules.text import Msg, msg


def player(state: State, pid: str) -> dict[str, Any]:
    for p in state["players"]:
        if p["id"] == pid:
            found: dict[str, Any] = p
            return found
    raise IllegalInput(msg("there is no such player in this game"), "player")


def ids(state: State) -> list[str]:
    return [p["id"] for p in state["players"]]


def alive(state: State) -> list[str]:
    return [p["id"] for p in state["players"] if p["alive"]]


def in_order(state: State) -> list[str]:
    """Living players clockwise (seat order), starting with the first player."""
    seats = ids(state)
    start = seats.index(state["first"])
    turn = seats[start:] + seats[:start]
    return [pid for pid in turn if player(state, pid)["alive"]]


def owner_of(state: State, card: str) -> str | None:
    for p in state["players"]:
        if card in p["cards"]:
            return str(p["id"])
    return None


def camp_owner(state: State, space: str) -> str | None:
    for p in state["players"]:
        if p["alive"] and p["camp"] == space:
            return str(p["id"])
    return None


def card_label(cat: Catalogue, card: str, entry: Mapping[str, Any]) -> Msg:
    """A card as the players read it: its printed name, markers left if it has markers."""
    if entry["kind"] == "mystery":
        name = msg("mystery card {n}", n=card.rpartition("-")[2])
    else:
        name = text(cat.card_name(card))
    if entry["markers"] is None:
        return name
    return msg("{card} ({n})", card=name, n=entry["markers"])


# -- tracked values -------------------------------------------------------------------------


def set_track(
    state: State, pid: str, track: str, value: int, notes: list[Msg], killer: str | None = None
) -> None:
    """Set one tracked value within 0..its limit; hearts at 0 eliminate the player."""
    p = player(state, pid)
    if not p["alive"]:
        return
    limit = p["life"] if track == "hearts" else catalogue_of(state).limits[track]
    capped = max(0, min(limit, value))
    if capped != value and value > limit:
        notes.append(
            msg("{p}: {track} stops at its limit {n}", p=who(pid), track=TRACK_WORD[track], n=limit)
        )
    p[track] = capped
    if track == "hearts" and capped == 0:
        eliminate(state, pid, notes, killer)


def change_tracks(
    state: State,
    pid: str,
    changes: Mapping[str, int],
    notes: list[Msg],
    killer: str | None = None,
) -> None:
    """Add each change (``{"weapon": 1, "hearts": -2}``) to the player's tracked values."""
    p = player(state, pid)
    for track, delta in changes.items():
        if delta and p["alive"]:
            set_track(state, pid, track, p[track] + delta, notes, killer)


def change_hearts(
    state: State, pid: str, delta: int, notes: list[Msg], killer: str | None = None
) -> None:
    change_tracks(state, pid, {"hearts": delta}, notes, killer)


# -- cards ------------------------------------------------------------------------------------


def transfer(state: State, card: str, giver: str, taker: str, notes: list[Msg]) -> None:
    """Move a card between players: it stays built, keeps its markers, and a one-time bonus
    comes to the new owner at the end of the phase.

    "a carta fica do lado do item e não precisa ser construída novamente"; "Se a carta
    também der um bônus de uma vez, o novo dono o receberá no final da fase"; "mantenha o
    número de marcadores nele".
    """
    source = player(state, giver)["cards"]
    if card not in source:
        raise IllegalInput(
            msg(
                "{p} has no card {card}",
                p=who(giver),
                card=text(catalogue_of(state).card_name(card)),
            ),
            "card",
        )
    entry = source.pop(card)
    player(state, taker)["cards"][card] = entry
    cat = catalogue_of(state)
    notes.append(
        msg(
            "{taker} takes {card} from {giver}: it stays built and keeps its markers.",
            taker=who(taker),
            card=card_label(cat, card, entry),
            giver=who(giver),
        )
    )
    invention = cat.inventions.get(card)
    if entry["kind"] == "invention" and invention is not None and invention.one_time_bonus:
        state["pending_bonus"].append({"player": taker, "card": card})


def bonus_text(changes: Mapping[str, int]) -> Msg:
    """``{"weapon": 1}`` as ``+1 Weapon`` (translated)."""
    parts = [msg("{d:+d} {track}", d=d, track=TRACK_WORD[t]) for t, d in changes.items() if d]
    out = parts[0] if parts else msg("nothing")
    for part in parts[1:]:
        out = msg("{a}, {b}", a=out, b=part)
    return out


def apply_pending_bonuses(state: State, notes: list[Msg]) -> None:
    """End of the phase: one-time bonuses of inventions built, stolen or received.

    "o novo dono o receberá no final da fase, como se fosse uma carta de
    invenção recém-construída" (built inventions likewise, reading 8).
    """
    cat = catalogue_of(state)
    for bonus in state["pending_bonus"]:
        pid, card = bonus["player"], bonus["card"]
        if owner_of(state, card) != pid or not player(state, pid)["alive"]:
            continue  # the card changed hands again or its owner is out: no bonus
        changes = cat.inventions[card].one_time_bonus
        notes.append(
            msg(
                "End of phase: {p} receives the one-time bonus of {card}: {bonus}",
                p=who(pid),
                card=text(cat.card_name(card)),
                bonus=bonus_text(changes),
            )
        )
        change_tracks(state, pid, changes, notes)
    state["pending_bonus"] = []


# -- death ------------------------------------------------------------------------------------


def eliminate(state: State, pid: str, notes: list[Msg], killer: str | None) -> None:
    """Death: the owner leaves the game; inventions go back unless a fight winner takes all.

    "Quando um personagem morre, seu dono é eliminado do jogo. Devolva todas as suas
    invenções para o quadro principal. Se o personagem morreu durante um ataque, o vencedor
    da luta pode levar todos os seus recursos e cartas (incluindo invenções)."
    Readings: outside a fight, starting and mystery cards leave with the player.
    """
    p = player(state, pid)
    p["alive"] = False
    # Queues hold player ids (set-up, night) or resolution items (action phase): the dead
    # player's entries go, nobody else's.
    state["queue"] = [
        item
        for item in state.get("queue", [])
        if (item.get("player") if isinstance(item, dict) else item) != pid
    ]
    notes.append(msg("{p}'s character dies: {p} is eliminated.", p=who(pid)))
    p["camp"] = None
    if killer is not None and player(state, killer)["alive"]:
        state["spoils"] = {"winner": killer, "loser": pid}
    else:
        return_inventions(state, pid, notes)
    if len(alive(state)) <= 1:
        state["winner"] = alive(state)[0] if alive(state) else None


def return_inventions(state: State, pid: str, notes: list[Msg]) -> None:
    """The dead player's inventions go back to the main board; the rest leaves with them."""
    p = player(state, pid)
    cat = catalogue_of(state)
    back = sorted(c for c, e in p["cards"].items() if e["kind"] == "invention")
    p["cards"] = {}
    for resource in RESOURCES:
        p[resource] = 0
    if back:
        notes.append(
            msg(
                "{p}'s inventions go back to the main board: {cards}",
                p=who(pid),
                cards=", ".join(cat.card_name(c) for c in back),
            )
        )


def take_everything(state: State, winner: str, loser: str, notes: list[Msg]) -> None:
    """The fight's winner takes all the loser's resources and cards (inventions included)."""
    for card in sorted(player(state, loser)["cards"]):
        transfer(state, card, loser, winner, notes)
    taken = {r: player(state, loser)[r] for r in RESOURCES}
    for resource, amount in taken.items():
        player(state, loser)[resource] = 0
        set_track(state, winner, resource, player(state, winner)[resource] + amount, notes)
    notes.append(
        msg(
            "{w} takes all of {l}'s resources: {food} food, {wood} wood, {hide} hide.",
            w=who(winner),
            l=who(loser),
            food=taken["food"],
            wood=taken["wood"],
            hide=taken["hide"],
        )
    )
