"""One implementation per rule: ``tableside decide`` and the game's steps give the same result,
and that result is the rule text's.

Each property draws a situation, runs it through the decision kind (the JSON
path) and through a game state at the matching step (the play path: the very
``prompt``/``advance`` the session calls), and requires the same result. Both
paths call the same rule function, so where the text is simple enough each
property also checks the result against an oracle written here from the rule
text alone (``expected_*``): the comparison alone could not fail on a wrong rule.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.games.marauders import hexmap
from rules.games.marauders.catalogue import board_of
from rules.games.marauders.model import ACTIONS, COLOURS
from rules.games.marauders.situations import DECISIONS
from tests.rules.marauders.support import GAME, PRICING

BASE = GAME.new_state(GAME.coerce_options({"players": 2}), seed=1)

counts = st.fixed_dictionaries({c: st.integers(0, 7) for c in COLOURS})
sides = st.integers(0, 5)
tiles = st.tuples(st.permutations(list(ACTIONS)), st.sampled_from([2, 3]))


def state_at(step: str, **values: Any) -> dict[str, Any]:
    state = copy.deepcopy(BASE)
    state.update(step=step, **values)
    return state


def tile_of(actions: list[str], number: int) -> dict[str, Any]:
    return {
        "id": None,
        "face": number,
        "number": number,
        "actions": list(actions),
        "example": False,
    }


def without(result: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k not in keys}


#: The example control board's trays by side, clockwise from the top (printed data).
TRAY_AT = {s["side"]: s["tray"] for s in board_of(BASE)["sides"]}


def expected_spring(
    trays: dict[str, int], marker: int, actions: list[str], full: set[str], number: int
) -> dict[str, Any]:
    """The text: "executes the action on the marauder tile which is next to the tray that
    contains the most markers (and at least 2). When there is no clear majority, the first
    tray clockwise from the priority marker is chosen. If the actual action's columns are
    already occupied, then the next tray is chosen using the previous majority rules. From
    the chosen tray it places 1 marker into the general supply and 1 onto an empty column";
    with no tray that fits, "the marauder tribe gets as many VPs as the number shown in the
    middle of the marauder tile". The tile's action at side ``i`` is ``actions[i]``."""
    pool = [side for side, colour in TRAY_AT.items() if colour and trays[colour] >= 2]
    skipped = []
    while pool:
        most = max(trays[TRAY_AT[side]] for side in pool)
        side = next(
            s
            for s in ((marker + k) % 6 for k in range(6))
            if s in pool and trays[TRAY_AT[s]] == most
        )
        pool.remove(side)
        if actions[side] in full:
            skipped.append(side)
            continue
        colour = TRAY_AT[side]
        return {
            "outcome": "action",
            "side": side,
            "action": actions[side],
            "pay": {colour: 2},
            "skipped": skipped,
        }
    return {"outcome": "vp", "vp": number, "skipped": skipped}


@settings(max_examples=120, deadline=None)
@given(counts, sides, tiles, st.sets(st.sampled_from(ACTIONS)), st.integers(0, 2))
def test_spring(trays: dict[str, int], marker: int, tile: Any, full: set[str], done: int) -> None:
    actions, number = tile
    done = min(done, number - 1)
    situation = {
        "trays": trays,
        "priority_marker": marker,
        "tile": {"actions": list(actions), "number": number},
        "full_actions": sorted(full),
        "action_number": done + 1,
    }
    decided = DECISIONS["spring"](situation)
    oracle = expected_spring(trays, marker, list(actions), full, number)
    got = dict(decided.result)
    assert {k: got[k] for k in oracle if k != "skipped"} == without(oracle, "skipped")
    assert [t["side"] for t in got["skipped"]] == oracle["skipped"]
    state = state_at(
        "spring-action",
        trays=dict(trays),
        marker=marker,
        tile=tile_of(actions, number),
        full=sorted(full),
        spring_done=done,
    )
    shown = GAME.prompt(state).decision
    assert shown is not None and without(shown.result, "carry_out") == decided.result
    _, returned = GAME.advance(copy.deepcopy(state), {"blocked": False, "trays_now": trays})
    assert returned is not None and without(returned.result, "carry_out") == decided.result
    assert shown.reason == decided.reason


@settings(max_examples=120, deadline=None)
@given(counts, tiles, st.integers(0, 5))
def test_summer_action(trays: dict[str, int], tile: Any, index: int) -> None:
    actions, number = tile
    location = PRICING["actions"][index]
    situation = {
        "trays": trays,
        "tile": {"actions": list(actions), "number": number},
        "current_action": location,
    }
    decided = DECISIONS["summer-actions"](situation)
    state = state_at(
        "summer-action", trays=dict(trays), tile=tile_of(actions, number), summer_index=index
    )
    after, returned = GAME.advance(copy.deepcopy(state), {"news": {}, "trays_now": trays})
    if returned is None:  # it executes: the bot step shows the decision
        assert after["step"] == "summer-do"
        returned = GAME.prompt(after).decision
    assert returned is not None and without(returned.result, "carry_out") == decided.result


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=6, max_size=6), tiles)
def test_summer_pillar(most: list[int], tile: Any) -> None:
    actions, number = tile
    pillars = dict(zip(PRICING["actions"], most, strict=True))
    situation = {"framed": actions[0], "pillars": {a: [n] for a, n in pillars.items()}}
    decided = DECISIONS["summer-pillar"](situation)
    state = state_at("summer-pillar", tile=tile_of(actions, number))
    after, returned = GAME.advance(
        copy.deepcopy(state), {"pillars": pillars, "news": {}, "trays_now": state["trays"]}
    )
    if returned is None:
        returned = GAME.prompt(after).decision
    assert returned is not None and returned.result == decided.result


spaces = st.sampled_from([hexmap.hex_id(h) for h in hexmap.disc(4)])


@settings(max_examples=100, deadline=None)
@given(st.lists(spaces, min_size=1, max_size=6), sides)
def test_autumn_order(positions: list[str], marker: int) -> None:
    members = []
    for i, space in enumerate(positions):
        d, side, j = hexmap.ring_position(hexmap.hex_at(space))
        member: dict[str, Any] = {"id": str(i + 1), "distance": d, "side": side if d else None}
        if j:
            member["steps_clockwise"] = j
        members.append(member)
    decided = DECISIONS["autumn-order"]({"priority_marker": marker, "members": members})
    state = state_at("autumn-start", marker=marker, members=list(positions))
    state["trays"] = {c: 0 for c in COLOURS}
    answer = {f"m{i + 1}": space for i, space in enumerate(positions)}
    _, returned = GAME.advance(
        copy.deepcopy(state),
        {"members": len(positions), **answer, "news": {}, "trays_now": state["trays"]},
    )
    assert returned is not None and returned.result == decided.result


KINDS = ["campsite", "hunting-tile", "gathering-tile", "fishing-tile", "megalith", "action-marker"]


@settings(max_examples=150, deadline=None)
@given(
    counts,
    sides,
    st.booleans(),
    st.data(),
)
def test_autumn_move(trays: dict[str, int], marker: int, near: bool, data: st.DataObject) -> None:
    state = state_at("autumn-member", trays=dict(trays), marker=marker, members=["0"])
    state["autumn"] = {"queue": [], "current": 0, "lane": None, "near": False}
    prompt = GAME.prompt(state) if any(trays.values()) else None
    lane_items: list[dict[str, Any]] = []
    answer: dict[str, Any] = {}
    if prompt is not None:
        choices = [c.value for c in prompt.fields[0].choices]
        where = {
            hexmap.hex_id(h): (d, hexmap.LINES[line])
            for d, line, h in hexmap.lane(hexmap.CAMP, _direction(trays, marker))
        }
        picked = data.draw(st.lists(st.sampled_from(choices), unique=True, max_size=5))
        for space in picked:
            kind = data.draw(st.sampled_from([*KINDS, "megalith-occupied"]))
            answer.setdefault(kind, []).append(space)
            d, line = where[space]
            item: dict[str, Any] = {
                "priority": "megalith" if kind.startswith("megalith") else kind,
                "distance": d,
                "line": line,
            }
            if item["priority"] == "megalith":
                item["occupied"] = kind == "megalith-occupied"
            if kind == "action-marker":
                item["colour"] = "red"
            lane_items.append(item)
        if any(f.key == "near_megalith" for f in prompt.fields):
            answer["near_megalith"] = near
        state, _ = GAME.advance(copy.deepcopy(state), answer)
    else:
        state["step"] = "autumn-move"
    near_now = bool(answer.get("near_megalith", False))
    decided = DECISIONS["autumn-move"](
        {"trays": trays, "priority_marker": marker, "lane": lane_items, "near_megalith": near_now}
    )
    shown = GAME.prompt(state).decision
    assert shown is not None
    played = without(shown.result, "from", "to", "marker")
    expected = without(decided.result, "marker")
    if "item" in played:
        played["item"] = without(played["item"], "at")
        expected["item"] = without(expected["item"], "colour")
    assert played == expected


def _direction(trays: dict[str, int], marker: int) -> int:
    from rules.decision import Tracer
    from rules.games.marauders import logic
    from rules.games.marauders.catalogue import board_of

    side = logic.autumn_direction(trays, board_of(BASE), marker, Tracer())
    assert side is not None
    return side


@settings(max_examples=60, deadline=None)
@given(sides, st.integers(0, 30))
def test_development_points(marker: int, points: int) -> None:
    decided = DECISIONS["priority-steps"]({"priority_marker": marker, "development_points": points})
    # "its priority marker moves forward in clockwise direction as many steps as the
    # received development points" (six sides).
    assert decided.result["after"] == (marker + points) % 6
    state = state_at("spring-turn", marker=marker, tile=tile_of(list(ACTIONS), 2))
    after, _ = GAME.advance(
        copy.deepcopy(state), {"news": {"dev": points}, "trays_now": state["trays"]}
    )
    assert after["marker"] == decided.result["after"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 99), st.lists(st.integers(0, 99), min_size=1, max_size=3))
def test_final(tribe: int, players: list[int]) -> None:
    scores = {str(i + 1): vp for i, vp in enumerate(players)}
    decided = DECISIONS["final"]({"tribe_vp": tribe, "players": scores})
    # The players compete against the tribe: each beats it, ties it or loses to it
    # (the tribe scores as a player: equal VP is a tie).
    assert (decided.result["winners"], decided.result["tied"], decided.result["lost"]) == (
        [p for p, vp in scores.items() if vp > tribe],
        [p for p, vp in scores.items() if vp == tribe],
        [p for p, vp in scores.items() if vp < tribe],
    )
    assert decided.result["victory"] == any(vp > tribe for vp in scores.values())
    state = state_at("final", players=len(players))
    answer = {"tribe_vp": tribe, **{f"p{p}": vp for p, vp in scores.items()}}
    _, returned = GAME.advance(copy.deepcopy(state), answer)
    assert returned is not None and returned.result == decided.result


@settings(max_examples=40, deadline=None)
@given(st.permutations(["tribe", "1", "2"]))
def test_payer(order: list[str]) -> None:
    decided = DECISIONS["payer"]({"order": list(order)})
    # "the player who occupies the first position in the player order (not necessarily
    # the 1st player) pays the expenses of his/her actions onto the control board"
    assert decided.result["payer"] == next(p for p in order if p != "tribe")
    state = state_at("spring-start", tile=None)
    state["drawn"] = tile_of(list(ACTIONS), 2)
    _, returned = GAME.advance(copy.deepcopy(state), {"income": {}, "order": list(order)})
    if list(order) != ["tribe", "1", "2"]:  # who pays is news only when the order changed
        assert returned is not None and returned.result == decided.result
