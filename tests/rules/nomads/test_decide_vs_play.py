"""One implementation per rule: ``tableside decide`` and play give the same result, the rule
text's.

Hypothesis generates situations; each runs once through its decide kind and
once through the game's own step path (``NomadsGame.prompt`` -> the prompt's
fields -> ``NomadsGame.advance``) on a game state holding the same facts, as
a table that answers the screens would. Both must agree; as both call the same rule
function, properties also check the result against the rule text where it is simple
(the sacred stone the big arrow picks, the action column).
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.registry import get_game
from rules.session import Session
from tests.rules.nomads.helpers import EXAMPLE, decide, options, set_up

GAME = get_game("nomads")
ANIMALS = sorted(EXAMPLE.animals)
LIMITS = EXAMPLE.limits

_BASE: dict[str, Any] = {}


def base_state() -> dict[str, Any]:
    """A game state after set-up, at the start of the Nomads' first turn."""
    if not _BASE:
        session = Session(GAME, options(), seed=1)
        set_up(session)
        _BASE.update(session.state)
    return copy.deepcopy(_BASE)


arrows = st.fixed_dictionaries(
    {"big": st.sampled_from(["left", "right"]), "small": st.sampled_from(["up", "down"])}
)
nomads = st.fixed_dictionaries(
    {
        "food": st.integers(0, LIMITS["food"]),
        "tools": st.integers(0, LIMITS["tools"]),
        "sacrifice_pile": st.integers(0, 10),
        "megaliths_built": st.integers(0, LIMITS["megaliths"]),
        "sacred_stones": st.integers(0, LIMITS["sacred_stones"]),
    }
)


def grid(cells: st.SearchStrategy[Any]) -> st.SearchStrategy[list[list[Any]]]:
    shape = EXAMPLE.board["hunting_area"]
    row = st.lists(cells, min_size=shape["columns"], max_size=shape["columns"])
    return st.lists(row, min_size=shape["rows"], max_size=shape["rows"])


def holding(state: dict[str, Any], n: dict[str, int], arrow: dict[str, str]) -> None:
    held = state["nomads"]
    held.update(food=n["food"], tools=n["tools"], megaliths=n["megaliths_built"])
    held["sacrifice"] = ["I"] * n["sacrifice_pile"]
    held["stones"] = [{"food": 0, "tools": 0}] * n["sacred_stones"]
    state["arrows"] = dict(arrow)


def play(state: dict[str, Any], action: str, facts: dict[str, Any]) -> list[Any]:
    """Carry out ``action`` through the game's screens; every decision made on the way."""
    state["queue"] = [{"a": action, "src": {"t": "test"}, "inline": False}]
    state["after"] = "turn_end"
    decisions = []
    while state["queue"] and state["queue"][0]["inline"] is False:
        prompt = GAME.prompt(state)
        answer = {f.key: facts.get(f.key, f.default) for f in prompt.fields}
        state, decision = GAME.advance(state, prompt.coerce(answer))
        decisions.append(decision)
        if decision is not None and "substitute" not in decision.result:
            break
    return decisions


@settings(max_examples=60, deadline=None)
@given(
    area=grid(st.one_of(st.none(), st.sampled_from(ANIMALS))),
    owned=st.dictionaries(st.sampled_from(ANIMALS), st.integers(0, 6), max_size=4),
    arrow=arrows,
    n=nomads,
)
def test_get_animal(area, owned, arrow, n) -> None:
    decided = decide(
        "get-animal", {"hunting_area": area, "owned": owned, "arrows": arrow, "nomads": n}
    )
    state = base_state()
    holding(state, n, arrow)
    state["hunt"] = [[cell or "" for cell in row] for row in area]
    state["nomads"]["animals"] = dict(owned)
    played = play(state, "animal", {})[-1]
    if decided.result["animal"] is None:
        assert played.result["received"] == decided.result["received"]
    else:
        assert played.result["animal"] == {k: decided.result[k] for k in ("animal", "row", "col")}


@settings(max_examples=60, deadline=None)
@given(display=grid(st.one_of(st.none(), st.just("card"))), arrow=arrows, n=nomads)
def test_progress(display, arrow, n) -> None:
    decided = decide("progress", {"display": display, "arrows": arrow, "nomads": n})
    state = base_state()
    holding(state, n, arrow)
    state["display"] = [[cell or "" for cell in row] for row in display]
    played = play(state, "progress", {})[-1]
    if decided.result["card"] is None:
        assert played.result["received"] == decided.result["received"]
    else:
        taken = played.result["progress"]
        assert (taken["row"], taken["col"]) == (decided.result["row"], decided.result["col"])


STONE = st.fixed_dictionaries(
    {
        "era": st.integers(1, 2),
        "food": st.integers(0, 4),
        "tools": st.integers(0, 3),
    }
)


@settings(max_examples=80, deadline=None)
@given(
    stones=st.lists(STONE, max_size=5),
    era=st.integers(1, 2),
    n=nomads,
    site=st.booleans(),
    arrow=arrows,
)
def test_sacred_stone(stones, era, n, site, arrow) -> None:
    named = [dict(s, name=f"S{i}") for i, s in enumerate(stones)]
    decided = decide(
        "sacred-stone",
        {"stones": named, "era": era, "nomads": n, "megalith_site": site, "arrows": arrow},
    )
    chosen = decided.result["stone"]
    # The table applies the big arrow itself and answers what it sees on the board.
    usable = [s for s in named if s["era"] <= era]
    pick = (usable[-1] if arrow["big"] == "right" else usable[0]) if usable else None
    if chosen is not None:
        assert chosen == pick
    facts = {
        "available": pick is not None,
        "cost_food": pick["food"] if pick else 0,
        "cost_tools": pick["tools"] if pick else 0,
        "built": "lowest" if site else "none",
    }
    state = base_state()
    holding(state, n, arrow)
    played = play(state, "sacred_stone", facts)[-1]
    assert played.result["received"] == decided.result["received"]


@settings(max_examples=80, deadline=None)
@given(
    action=st.sampled_from(
        [
            *("sacred_stone", "megalith", "progress", "draw_card", "tribe_member", "hunt"),
            *("bury", "tool", "food", "idol", "animal", "random_animal"),
        ]
    ),
    n=nomads,
    available=st.booleans(),
    cost=st.tuples(st.integers(0, 4), st.integers(0, 3)),
    site=st.booleans(),
    cards=st.integers(0, 8),
    deck=st.integers(0, 3),
)
def test_substitution(action, n, available, cost, site, cards, deck) -> None:
    table = {
        "sacred_stone_available": available,
        "sacred_stone_cost": {"food": cost[0], "tools": cost[1]},
        "megalith_site": site,
        "progress_display_cards": cards,
        "hunting_area_animals": cards,
        "animal_deck": deck,
    }
    decided = decide("substitution", {"action": action, "nomads": n, "table": table})
    state = base_state()
    holding(state, n, {"big": "left", "small": "up"})
    state["display"] = [["card" if (r * 4 + c) < cards else "" for c in range(4)] for r in range(2)]
    state["hunt"] = [["bison" if (r * 4 + c) < cards else "" for c in range(4)] for r in range(2)]
    facts = {
        "available": available,
        "cost_food": cost[0],
        "cost_tools": cost[1],
        "built": "lowest" if site else "none",
        "drawn": ANIMALS[0] if deck else "empty",
    }
    played = play(state, action, facts)[-1]
    assert played.result["received"] == decided.result["received"]
    assert played.result["chain"] == decided.result["chain"]


def expected_column(marked: str, big: str, occupied: set[str]) -> str:
    """The text (So bestimmst du die Aktionsspalte): the marked column when it is empty or
    every column is occupied; otherwise from the marked column along the big arrow to the
    first empty one, going on from the opposite side at the board's edge. The columns run
    left to right as printed: initiate, develop, migrate, hunt."""
    columns = ["initiate", "develop", "migrate", "hunt"]
    if marked not in occupied or len(occupied) == len(columns):
        return marked
    step = -1 if big == "left" else 1
    at = columns.index(marked)
    while columns[at] in occupied:
        at = (at + step) % len(columns)
    return columns[at]


@settings(max_examples=60, deadline=None)
@given(
    occupied=st.sets(st.sampled_from(EXAMPLE.column_ids)),
    card=st.sampled_from(sorted(EXAMPLE.cards)),
)
def test_column(occupied, card) -> None:
    face = EXAMPLE.cards[card]
    decided = decide("column", {"occupied": sorted(occupied), "card": face})
    assert decided.result["column"] == expected_column(face["marked"], face["big"], occupied)
    state = base_state()
    state["deck"] = [card] + [c for c in state["deck"] if c != card]
    for column in occupied:
        state["cols"][column]["player"] = 1
    prompt = GAME.prompt(state)
    assert prompt.step == "reveal"
    _, played = GAME.advance(state, prompt.coerce({}))
    assert played.result["column"] == decided.result["column"]
    assert played.result["placement"] == decided.result["placement"]
