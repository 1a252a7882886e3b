"""The steps of a round: robber, Targi, Targi tiles, tribe markers, tribe-marker tiles, actions.

Each step offers only what the rules allow now (the ``legal_*`` functions of
:mod:`rules.games.targi.legality`), so a legal answer is never refused after
confirming. The Targi of both players are asked one player at a time, the
start player first: the second player's choices already leave out the first
player's cards and the cards facing them (base game). The tribe markers
follow from the Targi (base game: on the crossings of one's own Targi's
lines) and are not asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.camera import Unread
from rules.errors import IllegalInput
from rules.game import State
from rules.games.targi import legality as L
from rules.games.targi.steps import Out, Step, board, place_field, round_prompt, step, table
from rules.games.targi.terms import PLAYERS, card_list, other, who
from rules.machine import Edge, answered
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

# -- robber and start player ----------------------------------------------------------------


def robber_default(state: State) -> str:
    """Round 1: the robber's start card (component data); later one card further clockwise."""
    b = board(state)
    return b.robber_start if state["round"] == 1 else b.next_clockwise(table(state)["robber"])


def start_default(state: State) -> str:
    """Round 1: the set-up option; later the other player (the start player changes each round)."""
    start: str = table(state)["start"]
    return start if state["round"] == 1 else other(start)


def prompt_robber(state: State) -> Prompt:
    return round_prompt(
        state,
        step="robber",
        title=msg("Where is the robber?"),
        lines=(msg("Move the robber one card on, as in the base game, and confirm its card."),),
        fields=(
            place_field(
                "robber",
                msg("Robber's card"),
                board(state).border,
                default=robber_default(state),
                camera=Unread("targi_robber"),
            ),
            Field(
                key="start",
                label=msg("Start player this round"),
                kind="choice",
                default=start_default(state),
                choices=tuple(Choice(p, who(p)) for p in PLAYERS),
            ),
        ),
    )


def advance_robber(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    t = table(state)
    t["robber"] = answer["robber"]
    t["start"] = answer["start"]
    state["queue"] = [t["start"], other(t["start"])]
    return None


# -- the Targi figures, one player at a time ------------------------------------------------


def prompt_targi(state: State) -> Prompt:
    player = state["queue"][0]
    b = board(state)
    lines = [msg("Place the Targi alternately as in the base game, start player first.")]
    if player != table(state)["start"]:
        lines.append(
            msg("Cards facing {p}'s Targi are left out (base game).", p=who(other(player)))
        )
    return round_prompt(
        state,
        step="targi",
        title=msg("Where do {p}'s Targi stand?", p=who(player)),
        lines=tuple(lines),
        fields=(
            place_field(
                "targi",
                msg("{p}'s {n} Targi", p=who(player), n=b.targi_per_player),
                L.legal_targi_figure_cards(table(state), b, player),
                kind="multi",
                minimum=b.targi_per_player,
                maximum=b.targi_per_player,
                camera=Unread("targi_figures"),
            ),
        ),
    )


def advance_targi(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    player = state["queue"].pop(0)
    t, b = table(state), board(state)
    cards = answer["targi"]
    if len(set(cards)) != b.targi_per_player:
        raise IllegalInput(
            msg("each player places {n} Targi (rule: base game)", n=b.targi_per_player), "targi"
        )
    for card in cards:
        L.check_targi_figure(t, b, player, card)
    t["targi"][player] = sorted(cards)
    if not state["queue"]:
        queue_tile_holders(state, "targi")
    return None


# -- Targi tile and tribe-marker tile: the start player first --------------------------------

TILE_STAGE = {"targi": "targi-tile", "tribe": "tribe-tile"}
LEGAL = {"targi": L.legal_targi_tile_cards, "tribe": L.legal_tribe_tile_cards}
CHECK = {"targi": L.check_targi_tile, "tribe": L.check_tribe_tile}


def queue_tile_holders(state: State, tile: str) -> None:
    """Ask the holders of ``tile`` in turn, the start player first."""
    start = table(state)["start"]
    state["queue"] = [
        p for p in (start, other(start)) if table(state)["tiles"][p][tile] == "unused"
    ]
    state["stage"] = TILE_STAGE[tile]
    skip_holders_without_a_place(state, tile)


def skip_holders_without_a_place(state: State, tile: str) -> None:
    """A holder with no legal card this round is not asked; the next prompt says why."""
    while state["queue"] and not LEGAL[tile](table(state), board(state), state["queue"][0]):
        player = state["queue"].pop(0)
        note = (
            msg("{p} cannot use the Targi tile this round: no free border card.", p=who(player))
            if tile == "targi"
            else msg(
                "{p} cannot use the tribe-marker tile this round: no free crossing.", p=who(player)
            )
        )
        state["notes"].append(note.to_json())
    if not state["queue"]:
        if tile == "targi":
            place_markers(state)
            queue_tile_holders(state, "tribe")
        else:
            state["stage"] = "actions"


def place_markers(state: State) -> None:
    """Base game: each player's tribe markers go on the crossings of his own Targi's lines."""
    t, b = table(state), board(state)
    for player in PLAYERS:
        t["markers"][player] = L.crossings_of(t, b, player)
    where = [
        msg("{p} on {cards}", p=who(p), cards=card_list(t["markers"][p]))
        if t["markers"][p]
        else msg("{p}: none (its Targi's lines cross nowhere)", p=who(p))
        for p in PLAYERS
    ]
    state["notes"].append(msg("Tribe markers: {a}; {b}.", a=where[0], b=where[1]).to_json())


def tile_prompt(state: State, tile: str) -> Prompt:
    player = state["queue"][0]
    if tile == "targi":
        title = msg("{p}: use the Targi tile?", p=who(player))
        lines = (
            msg("Any free border card, also the one opposite the other player's Targi."),
            msg("If both use it this round, the start player places first."),
        )
        label = msg("Card for the Targi tile (none: not this round)")
    else:
        title = msg("{p}: use the tribe-marker tile?", p=who(player))
        lines = (
            msg("A free crossing of a line of the robber and a line of one of your Targi."),
            msg("If both use it this round, the start player places first."),
        )
        label = msg("Card for the tribe-marker tile (none: not this round)")
    return round_prompt(
        state,
        step=TILE_STAGE[tile],
        title=title,
        lines=lines,
        fields=(
            place_field(
                "card",
                label,
                LEGAL[tile](table(state), board(state), player),
                kind="multi",
                minimum=0,
                maximum=1,
                default=[],
            ),
        ),
    )


def use_tile(state: State, answer: Mapping[str, Any], out: Out, tile: str) -> Msg | None:
    """The queued player places the Targi or tribe-marker tile (or passes)."""
    player = state["queue"].pop(0)
    summary = None
    if answer["card"]:
        card = answer["card"][0]
        out.walked(CHECK[tile](table(state), board(state), player, card))
        table(state)[f"{tile}_tiles"][player] = card
        table(state)["tiles"][player][tile] = "used"
        summary = (
            msg("{p} places the Targi tile on {card}", p=who(player), card=card)
            if tile == "targi"
            else msg("{p} places the tribe-marker tile on {card}", p=who(player), card=card)
        )
        out.notes.append(
            msg(
                "{p} carries out the action of {card} like the other actions; "
                "then the tile goes back in the box.",
                p=who(player),
                card=card,
            )
        )
    skip_holders_without_a_place(state, tile)
    return summary


def prompt_targi_tile(state: State) -> Prompt:
    return tile_prompt(state, "targi")


def advance_targi_tile(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    return use_tile(state, answer, out, "targi")


def prompt_tribe_tile(state: State) -> Prompt:
    return tile_prompt(state, "tribe")


def advance_tribe_tile(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    return use_tile(state, answer, out, "tribe")


# -- the actions: tribe cards, renounce tile, Fata Morgana ------------------------------------


def game_end_reached(state: State) -> Msg | None:
    """Base game: the game ends when a player has laid his 12th tribe card or the robber has
    gone round the board (the last card of the ring). Only the hub's default; players decide."""
    t, b = table(state), board(state)
    full = [p for p in PLAYERS if t["tribe_cards"][p] >= b.tribe_cards_max]
    if full:
        return msg("{p} has {n} tribe cards: the game ends.", p=who(full[0]), n=b.tribe_cards_max)
    if t["robber"] == b.clockwise[-1]:
        return msg("The robber has gone round the board: the game ends.")
    return None


def action_choices(state: State) -> list[Choice]:
    """What can happen now, the usual first: end the round (the default), a tribe card laid
    by either player (the commonest event, one press from the default), then the rarer ones
    grouped by kind: renouncing, the Fata Morgana, count corrections, the game's end."""
    t, b = table(state), board(state)
    laying = [p for p in PLAYERS if t["tribe_cards"][p] < b.tribe_cards_max]
    choices = [Choice("end-round", msg("all actions done: end the round"))]
    choices += [Choice(f"card:{p}", msg("{p} lays a tribe card", p=who(p))) for p in laying]
    choices += [
        Choice(f"renounce:{p}", msg("{p} lays a tribe card and renounces its text", p=who(p)))
        for p in laying
        if renounce_allowed(state, p)
    ]
    choices += [
        Choice(f"fata:{p}", msg("{p} uses the Fata Morgana", p=who(p)))
        for p in PLAYERS
        if L.fata_morgana_moves(t, b, p)[0]
    ]
    choices += [
        Choice(f"count:{p}", msg("correct {p}'s tribe card count", p=who(p))) for p in PLAYERS
    ]
    choices.append(Choice("game-end", msg("the game has ended: final scoring")))
    return choices


def renounce_allowed(state: State, player: str) -> bool:
    t = table(state)
    try:
        L.check_renounce(t, player, t["tribe_cards"][player] + 1)
    except L.Refused:
        return False
    return True


def prompt_actions(state: State) -> Prompt:
    t = table(state)
    ending = game_end_reached(state)
    counts = msg(
        "Tribe cards: {a} {na}, {b} {nb}.",
        a=who(PLAYERS[0]),
        na=t["tribe_cards"][PLAYERS[0]],
        b=who(PLAYERS[1]),
        nb=t["tribe_cards"][PLAYERS[1]],
    )
    lines = [msg("Tell the assistant each tribe card laid and each Fata Morgana."), counts]
    if ending is not None:
        lines.append(ending)
    return round_prompt(
        state,
        step="actions",
        title=msg("Carry out the actions"),
        lines=tuple(lines),
        fields=(
            Field(
                key="event",
                label=msg("What happens?"),
                kind="choice",
                default="game-end" if ending is not None else "end-round",
                choices=tuple(action_choices(state)),
            ),
        ),
    )


def advance_actions(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    event = answer["event"]
    t = table(state)
    if event == "end-round":
        end_round(state)
        return None
    if event == "game-end":
        return None
    kind, player = event.split(":")
    if kind in ("card", "renounce"):
        cards = t["tribe_cards"][player] + 1
        t["tribe_cards"][player] = cards
        if kind == "card":
            return msg("{p} lays tribe card number {n}", p=who(player), n=cards)
        out.walked(L.check_renounce(t, player, cards))
        t["tiles"][player]["renounce"] = "used"
        state["renounced"][player].append(cards)
        out.notes.append(
            msg(
                "Lay the renounce tile on that card; ignore its text. "
                "The tile can no longer be moved."
            )
        )
        return msg(
            "{p} renounces tribe card number {n}: 2 extra points at game end",
            p=who(player),
            n=cards,
        )
    state["pending"] = player
    return None


def end_round(state: State) -> None:
    t = table(state)
    for key in ("targi", "markers"):
        t[key] = {p: [] for p in PLAYERS}
    for key in ("targi_tiles", "tribe_tiles"):
        t[key] = {p: None for p in PLAYERS}
    state["round"] += 1


def prompt_fata(state: State) -> Prompt:
    player = state["pending"]
    sources, targets = L.fata_morgana_moves(table(state), board(state), player)
    return round_prompt(
        state,
        step="fata",
        title=msg("{p} uses the Fata Morgana", p=who(player)),
        lines=(
            msg("Neither onto the card with a tribe-marker tile, nor moving that tile itself."),
        ),
        fields=(
            place_field(
                "from",
                msg("From card"),
                sources,
                default=sources[0] if len(sources) == 1 else None,
            ),
            place_field("to", msg("To card"), targets),
        ),
    )


def advance_fata(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    player = state["pending"]
    t = table(state)
    out.walked(L.check_fata_morgana(t, board(state), player, answer["from"], answer["to"]))
    markers = t["markers"][player]
    markers[markers.index(answer["from"])] = answer["to"]
    markers.sort()
    state["pending"] = None
    return msg(
        "{p} moves a tribe marker from {a} to {b}", p=who(player), a=answer["from"], b=answer["to"]
    )


def prompt_count(state: State) -> Prompt:
    player = state["pending"]
    return round_prompt(
        state,
        step="count",
        title=msg("{p}'s tribe cards", p=who(player)),
        lines=(msg("Count the tribe cards in the display."),),
        fields=(
            Field(
                key="cards",
                label=msg("Tribe cards in {p}'s display", p=who(player)),
                kind="int",
                default=table(state)["tribe_cards"][player],
                minimum=0,
                maximum=board(state).tribe_cards_max,
            ),
        ),
    )


def advance_count(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    player = state["pending"]
    table(state)["tribe_cards"][player] = answer["cards"]
    state["pending"] = None
    return msg("{p} has {n} tribe cards", p=who(player), n=answer["cards"])


STEPS: dict[str, Step] = {
    "robber": step(prompt_robber, advance_robber, then=(Edge("targi"),)),
    # The Targi figures and the two tiles go by a queue of holders (skipped with a
    # note when they have no place): queue_tile_holders and skip_holders_without_a_place
    # name the next step themselves.
    "targi": step(prompt_targi, advance_targi),
    "targi-tile": step(prompt_targi_tile, advance_targi_tile),
    "tribe-tile": step(prompt_tribe_tile, advance_tribe_tile),
    "actions": step(
        prompt_actions,
        advance_actions,
        then=(
            Edge("robber", when=answered("event", "end-round")),
            Edge("scoring", when=answered("event", "game-end")),
            Edge("fata", when=lambda state, answer: answer["event"].startswith("fata:")),
            Edge("count", when=lambda state, answer: answer["event"].startswith("count:")),
        ),
    ),
    "fata": step(prompt_fata, advance_fata, then=(Edge("actions"),)),
    "count": step(prompt_count, advance_count, then=(Edge("actions"),)),
}
