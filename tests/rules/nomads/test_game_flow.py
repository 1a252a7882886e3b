"""Rounds, eclipse, preparation, modules and final scoring through a session."""

from __future__ import annotations

import copy

from rules.games.nomads.flow import dispatch
from tests.rules.nomads.helpers import EXAMPLE, fill, new_session, play_out, set_up, step


def _to_eclipse(session) -> None:
    while session.state["phase"] != "eclipse":
        step(session)


def test_eclipse_workforce_stone_points_and_preparation() -> None:
    session = new_session(seed=9)
    _to_eclipse(session)
    st = session.state
    assert st["step"] == "ecl_order" and not st["queue"]
    expected = sum(EXAMPLE.cards[c]["workforce"] for c in st["eclipse_pile"])
    expected += st["discard"][-1]["workforce"]
    decision = step(session, position="2")
    assert decision.result["workforce"] == expected
    step(session, income={"food": 0})  # step 1
    step(session)  # step 3
    session_state = session.state
    session_state_stones = len(session_state["nomads"]["stones"])
    score = session_state["nomads"]["score"]
    step(session, income={"points": 1})  # step 4
    while session.state["queue"]:
        step(session)
    st = session.state
    assert st["nomads"]["score"] == score + 1 + 2 * session_state_stones
    # Preparation: a new round, all 16 cards reshuffled, the player starts (position 2).
    assert st["round"] == 2 and st["deck_count"] == 16 and sorted(st["deck"]) == list(range(1, 17))
    assert st["discard"] == [] and st["eclipse_pile"] == [] and st["step"] == "player"


def test_ritual_sites_remove_one_per_eclipse_and_all_when_taken() -> None:
    session = new_session(seed=2, modules=["ritual_sites"])
    _to_eclipse(session)
    for _ in range(4):  # workforce, steps 1, 3 and 4
        step(session)
    while session.state["queue"]:
        step(session)
    assert session.state["step"] == "ecl_modules"
    score = session.state["nomads"]["score"]
    step(session)
    assert session.state["ritual_sites"] == 3
    assert session.state["nomads"]["score"] == score + 5
    while session.prompt().step != "player":
        step(session)
    step(session, placed="rest", event="ritual")
    assert session.state["ritual_sites"] == 0


def test_strife_costs_two_points_before_the_main_action() -> None:
    session = new_session(seed=3, modules=["ancestors"])
    while session.prompt().step != "player":
        step(session)
    game, state = session.game, session.state
    answer = {"placed": "rest", "event": "strife"}
    rich = dict(state, nomads=dict(state["nomads"], score=5))
    after, decision = game.advance(rich, answer)
    assert after["nomads"]["score"] == 3 and after["step"] == "event_income"
    assert decision.kind == "strife"
    poor = dict(state, nomads=dict(state["nomads"], score=1))
    after, _ = game.advance(poor, answer)
    assert after["nomads"]["score"] == 1 and after["step"] != "event_income"


def test_cave_painting_column_is_blocked_on_the_board() -> None:
    session = new_session(seed=3, modules=["cave_painting"])
    board = session.game.board(session.state)
    assert board["kind"] == "columns"
    assert [c["blocked"] for c in board["columns"]].count(True) == 1
    assert board["example_data"] is True
    step(session)
    assert "cave" in session.state["blocked"]
    assert session.state["column"] != "cave"


def test_whole_game_ends_with_final_scoring() -> None:
    session = new_session(
        seed=11,
        hard_reveal=True,
        hard_settlement=True,
        modules=["rivers", "mammoth", "ritual_sites"],
    )
    play_out(session)
    final = session.state["final"]
    assert final["total"] == sum(final["parts"].values())
    assert session.state["round"] == 4
    assert session.prompt().finished


def test_arrows_before_the_first_card_of_a_round_are_the_last_cards() -> None:
    session = new_session(seed=9)
    _to_eclipse(session)
    last = session.state["last_arrows"]
    step(session, position="2")  # you go first in round 2
    while session.prompt().step != "player":
        step(session)
    assert session.state["arrows"] is None and session.state["discard"] == []
    step(session, placed="rest", event="income")
    step(session, income={"camp": 1})  # a camp income: the special action asks
    prompt = session.prompt()
    assert prompt.step == "action" and session.state["queue"][0]["a"] == "settlement"
    side = "easternmost" if last["big"] == "right" else "westernmost"
    text = " ".join(str(line) for line in prompt.lines)
    assert f"the {side}" in text


def test_empty_nomad_deck_ends_their_turns() -> None:
    session = new_session(seed=3)
    set_up(session)
    state = copy.deepcopy(dict(session.state))
    state["deck_count"] = 0
    dispatch(state)
    assert state["step"] == "player"


def test_step_4_scores_two_points_per_sacred_stone() -> None:
    session = new_session(seed=9)
    _to_eclipse(session)
    game, state = session.game, copy.deepcopy(dict(session.state))
    state["step"] = "ecl_board"
    state["nomads"]["stones"] = [{"food": 1, "tools": 0}, {"food": 0, "tools": 2}]
    score = state["nomads"]["score"]
    income = {item: 0 for item in ("points", "food")}
    prompt = game.prompt(state)
    answer = prompt.coerce({"income": {**income, "food": 1}})
    after, decision = game.advance(state, answer)
    assert after["nomads"]["score"] == score + 4
    assert decision.trace[0].data == {"stones": 2}


MODULE_IDS = [
    "rest_tiles",
    "ice_find",
    "ancestors",
    "rivers",
    "cave_painting",
    "four_legged",
    "ritual_sites",
    "mammoth",
]


def _random_answer(prompt, state, r) -> dict:
    over = {}
    for f in prompt.fields:
        if f.key == "card":
            seen = {c["id"] for c in state["discard"]}
            over["card"] = str(r.choice([c for c in range(1, 17) if c not in seen]))
        elif f.key in ("placed", "event", "drawn", "built", "taken"):
            over[f.key] = r.choice([c.value for c in f.choices])
        elif f.key in ("connection", "available"):
            over[f.key] = r.random() < 0.6
        elif f.key in ("income", "tile_income"):
            item = r.choice(
                [
                    "food",
                    "tool",
                    "idol",
                    "points",
                    "camp",
                    "tribe_member",
                    "sacred_stone",
                    "megalith",
                    "progress",
                    "animal",
                    "hunt",
                ]
            )
            over[f.key] = {item: r.randint(0, 2)}
        elif f.key == "cost_food":
            over[f.key] = r.randint(0, 3)
        elif f.key == "cell" and f.default != "done" and r.random() < 0.3:
            over[f.key] = r.choice([c.value for c in f.choices])
            over["animal"] = r.choice([c.value for c in prompt.fields[1].choices])
    return fill(prompt, **over)


def test_random_table_answers_always_reach_final_scoring() -> None:
    import random

    for seed in range(6):
        r = random.Random(seed)
        session = new_session(
            seed=seed,
            cards=r.choice(["digital", "physical"]),
            hard_reveal=r.random() < 0.5,
            hard_settlement=r.random() < 0.5,
            modules=[m for m in MODULE_IDS if r.random() < 0.4],
        )
        for _ in range(3000):
            prompt = session.prompt()
            if prompt.finished:
                break
            session.answer(_random_answer(prompt, session.state, r))
        final = session.state["final"]
        assert final is not None and final["total"] == sum(final["parts"].values())
        n = session.state["nomads"]
        assert 0 <= n["food"] <= 10 and 0 <= n["tools"] <= 5 and len(n["stones"]) <= 3
        assert n["settlements"] <= 3 and len(n["sacrifice"]) + len(n["buried"]) >= 10
