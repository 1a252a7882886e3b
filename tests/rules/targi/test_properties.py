"""Properties over random games: decide and play agree; tiles and figures never appear or vanish.

Random games are played with random *legal* answers (drawn from the options a
step offers). At every tile step the options the step offers are compared
with what ``tableside decide targi legality`` says about every card of the
board, from a situation written from the same table: one implementation per
rule means both paths give the same answer.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.games.targi.board import board_of
from rules.games.targi.terms import PLAYERS, TILES
from rules.prompt import Prompt
from rules.session import Session
from tests.rules.targi.helpers import GAME

decide = GAME.decisions()["legality"]


def situation(state: dict[str, Any], use: str, player: str, **extra: Any) -> dict[str, Any]:
    """The table of a game state written as a decide situation (docs/targi.md)."""
    table = state["table"]
    return {
        "use": use,
        "player": player,
        "start_player": table["start"],
        "robber": table["robber"] or board_of(state).robber_start,  # none yet at the reveal
        "targi": {p: list(table["targi"][p]) for p in PLAYERS},
        "markers": {p: list(table["markers"][p]) for p in PLAYERS},
        "targi_tiles": {p: c for p, c in table["targi_tiles"].items() if c},
        "tribe_tiles": {p: c for p, c in table["tribe_tiles"].items() if c},
        "tiles": {p: dict(table["tiles"][p]) for p in PLAYERS},
        "start_player_pending": False,
        **extra,
    }


def offered(prompt: Prompt, key: str) -> set[str]:
    field = next(f for f in prompt.fields if f.key == key)
    return {c.value for c in field.choices}


def legal_by_decide(state: dict[str, Any], use: str, player: str, cards: list[str]) -> set[str]:
    return {c for c in cards if decide(situation(state, use, player, card=c)).result["legal"]}


def check_invariants(state: dict[str, Any]) -> None:
    table, board = state["table"], board_of(state)
    # Each player holds exactly 3 tiles after the choice; the 4th is in the box.
    if state["stage"] not in ("secret", "agree"):
        for p in PLAYERS:
            statuses = [table["tiles"][p][t] for t in TILES]
            assert statuses.count("absent") == 1
    # No card holds two things; no more figures than the box has.
    taken: list[str] = [table["robber"]] if table["robber"] else []
    for p in PLAYERS:
        assert len(table["targi"][p]) in (0, board.targi_per_player)
        assert len(table["markers"][p]) <= board.markers_per_player
        taken += table["targi"][p] + table["markers"][p]
        taken += [c for c in (table["targi_tiles"][p], table["tribe_tiles"][p]) if c]
    assert len(taken) == len(set(taken))
    # A used tile was used on the table: the jokers spent are the jokers marked used.
    spent = {j["player"] for j in state["jokers"]}
    assert spent == {p for p in PLAYERS if table["tiles"][p]["joker"] == "used"}
    for p in PLAYERS:
        assert (table["tiles"][p]["renounce"] == "used") == bool(state["renounced"][p])


def random_answer(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    for field in prompt.fields:
        values = [c.value for c in field.choices]
        if field.kind == "choice":
            answer[field.key] = rng.choice(values)
        elif field.kind == "multi":
            low = field.minimum or 0
            high = min(field.maximum or len(values), len(values))
            answer[field.key] = rng.sample(values, rng.randint(low, high))
        elif field.kind == "counts":
            answer[field.key] = {v: rng.randint(0, 60) for v in values}
        elif field.kind == "int":
            answer[field.key] = rng.randint(field.minimum or 0, field.maximum or 12)
    if prompt.step == "actions" and rng.random() < 0.6:
        answer["event"] = "end-round"  # keep games going round by round
    return answer


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), options=st.sampled_from([{}, {"selection": "random"}]))
def test_decide_and_play_agree_and_nothing_appears_or_vanishes(
    seed: int, options: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    session = Session(GAME, options, seed=seed)
    for _ in range(160):
        prompt = session.prompt()
        if prompt.finished:
            break
        state = session.state
        check_invariants(state)
        board = board_of(state)
        if prompt.step in ("targi-tile", "tribe-tile"):
            player = state["queue"][0]
            use = prompt.step
            cards = board.border if use == "targi-tile" else board.inner
            assert offered(prompt, "card") == legal_by_decide(state, use, player, cards)
        if prompt.step == "fata":
            player = state["pending"]
            pairs = {
                (a, b)
                for a in state["table"]["markers"][player]
                for b in board.inner
                if decide(situation(state, "fata-morgana", player, **{"from": a, "to": b})).result[
                    "legal"
                ]
            }
            assert offered(prompt, "from") == {a for a, _ in pairs}
            assert offered(prompt, "to") == {b for _, b in pairs}
        if prompt.step == "actions":
            for p in PLAYERS:
                laid = state["table"]["tribe_cards"][p] + 1
                if laid > board.tribe_cards_max:  # a full display: no card to lay
                    assert f"card:{p}" not in offered(prompt, "event")
                    continue
                ruling = decide(situation(state, "renounce", p, tribe_cards=laid, just_laid=True))
                assert (f"renounce:{p}" in offered(prompt, "event")) == ruling.result["legal"]
        if any(f.key == "joker" for f in prompt.fields):
            for p in PLAYERS:
                ruling = decide(situation(state, "joker", p, good="salt"))
                assert (f"{p}:salt" in offered(prompt, "joker")) == ruling.result["legal"]
        session.answer(random_answer(prompt, rng))
