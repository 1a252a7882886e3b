"""When Invaders spawn and how many cards are drawn: half-years and Final Wave rounds."""

from __future__ import annotations

from rules.game import State

FINAL_SPAWN_ROUNDS = {1: 2, 2: 3, 3: 4}


def cards_per_spawn(players: int, variant: str) -> int:
    """Movement cards drawn at the start of a half-year (Twice as Strong: one)."""
    if players == 1 or variant == "twice":
        return 1
    return 2


def spawns_this_half(players: int, year: int, season: str) -> bool:
    """No spawn in the 1st Winter of an Era; solo: not in the 1st and 2nd Winter."""
    if season != "winter":
        return True
    return year > (2 if players == 1 else 1)


def turns_per_player(players: int, variant: str) -> int:
    """Turns each player takes per half-year: two in a 3-player game (three with the
    three-turn Twice as Strong variant), otherwise the usual three."""
    return 2 if players == 3 and variant != "twice_plus" else 3


def spawn_count(state: State) -> int:
    """Movement cards to draw at this spawn (half-year or Final Wave round)."""
    if state["stage"] == "spawn" and state["final_round"]:
        r = state["final_round"]
        supply = state["field"]["supply"]
        if state["final_wave"] == "crescendo":
            # "Once all Basic Units are on the Battleground, skip step 1."
            out = state.get("all_basic_out") or supply["basic"] == 0
            return 0 if out else r
        if state["final_wave"] == "all_dead":
            # "... until you run out of Basic or Elite Units": either kind.
            return 0 if min(supply["basic"], supply["elite"]) == 0 else final_cards(state)
        return final_cards(state) if r <= FINAL_SPAWN_ROUNDS[state["players"]] else 0
    if not spawns_this_half(state["players"], state["year"], state["season"]):
        return 0
    return cards_per_spawn(state["players"], state["variant"])


def final_cards(state: State) -> int:
    """As at the start of a half-year: 1 solo (or Twice as Strong), else 2."""
    return cards_per_spawn(state["players"], state["variant"])
