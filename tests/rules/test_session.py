"""Sessions: replay, undo/redo to any step, determinism, snapshots."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalInput
from rules.session import Session
from tests.support.toy_game import ToyGame


def play(session: Session, adds: list[int]) -> None:
    for n in adds:
        session.answer({"add": n})


def test_replay_gives_identical_state() -> None:
    game = ToyGame()
    first = Session(game, {}, seed=7)
    play(first, [1, 2, 3])
    again = Session(game, {}, seed=7, events=first.events)
    assert again.state == first.state
    assert again.state["drawn"] == first.state["drawn"]


def test_different_seeds_draw_differently() -> None:
    a, b = Session(ToyGame(), {}, seed=1), Session(ToyGame(), {}, seed=2)
    play(a, [0] * 5)
    play(b, [0] * 5)
    assert a.state["drawn"] != b.state["drawn"]


def test_undo_to_any_step_and_redo() -> None:
    session = Session(ToyGame(), {}, seed=3)
    play(session, [1, 2, 3, 4])
    after_two = session.state_at(2)
    session.undo(2)
    assert session.state == after_two
    assert session.step_count == 2
    session.redo()
    assert session.state["total"] == 1 + 2 + 3
    # The log only grows: undo and redo are events.
    kinds = [e["kind"] for e in session.events]
    assert kinds == ["answer"] * 4 + ["undo", "redo"]
    replayed = Session(ToyGame(), {}, seed=3, events=session.events)
    assert replayed.state == session.state
    assert replayed.can_redo


def test_new_answer_clears_redo() -> None:
    session = Session(ToyGame(), {}, seed=3)
    play(session, [1, 2])
    session.undo()
    session.answer({"add": 5})
    assert not session.can_redo
    with pytest.raises(IllegalInput):
        session.redo()


def test_illegal_answer_records_nothing() -> None:
    recorded: list[dict] = []
    session = Session(ToyGame(), {}, seed=3, sink=recorded.append)
    with pytest.raises(IllegalInput):
        session.answer({"add": 9})
    with pytest.raises(IllegalInput):
        session.answer({"nonsense": 1})
    assert recorded == [] and session.step_count == 0


def test_finished_game_refuses_answers() -> None:
    session = Session(ToyGame(), {"length": 1}, seed=3)
    session.answer({"add": 1})
    assert session.prompt().finished
    with pytest.raises(IllegalInput):
        session.answer({"add": 1})


def test_snapshot_start_matches_full_replay_and_keeps_undo() -> None:
    game = ToyGame()
    session = Session(game, {"length": 10}, seed=11)
    play(session, [1] * 6)
    steps, digest, state = session.snapshot()
    store = {(steps, digest): state}
    play(session, [2, 2])
    resumed = Session(
        game,
        {"length": 10},
        seed=11,
        events=session.events,
        snapshots=lambda n, d: store.get((n, d)),
    )
    assert resumed.state == session.state
    resumed.undo(1)  # before the snapshot: forces the lazy prefix replay
    assert resumed.state == session.state_at(1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.integers(0, 5), st.just("undo"), st.just("redo")), max_size=30))
def test_any_sequence_of_moves_replays_identically(moves: list) -> None:
    session = Session(ToyGame(), {"length": 50}, seed=5)
    for move in moves:
        if move == "undo" and session.can_undo:
            session.undo()
        elif move == "redo" and session.can_redo:
            session.redo()
        elif isinstance(move, int):
            session.answer({"add": move})
    replayed = Session(ToyGame(), {"length": 50}, seed=5, events=session.events)
    assert replayed.state == session.state
    assert replayed.step_count == session.step_count


def test_a_saved_step_that_no_longer_applies_stops_the_replay_with_a_translated_note() -> None:
    """A journal written by an older game module: replay keeps every step before the one
    that no longer applies and says which, in the players' language (it was English text)."""
    from ui.i18n import translator

    session = Session(ToyGame(), {}, seed=3)
    play(session, [1, 2])
    events = [*session.events, {"kind": "answer", "values": {"add": 1, "old": True}}]
    resumed = Session(ToyGame(), {}, seed=3, events=events)
    assert resumed.step_count == 2 and resumed.state == session.state
    problem = resumed.replay_problem
    assert problem is not None and problem.params["n"] == 3
    assert problem.english().startswith("step 3 of the saved game no longer applies (")
    german = problem.render(translator("de"))
    assert german.startswith("Schritt 3 des gespeicherten Spiels gilt nicht mehr (")


def test_the_state_is_handed_out_read_only_and_the_prompt_computed_once_per_step() -> None:
    game = ToyGame()
    session = Session(game, {}, seed=5)
    play(session, [1])
    view = session.state
    with pytest.raises(TypeError):
        view["drawn"] = []  # type: ignore[index]
    assert session.state_at(0) != view
    with pytest.raises(TypeError):
        session.state_at(0)["drawn"] = []  # type: ignore[index]
    calls = []
    real = game.prompt
    game.prompt = lambda state: calls.append(1) or real(state)  # type: ignore[method-assign]
    first = session.prompt()
    assert session.prompt() is first and len(calls) == 1
    session.answer({"add": 2})  # the step asked (cached) and the new one (recorded: shown next)
    assert session.prompt() is session.prompt()
    assert len(calls) == 2
    session.undo()
    assert session.prompt() == first and len(calls) == 3


class Careless(ToyGame):
    """A game written elsewhere whose advance changes the state it is given, in place."""

    def advance(self, state, answer):  # type: ignore[no-untyped-def]
        state["total"] += answer["add"]
        state["drawn"].append(state["bag"].pop())
        state["step"] += 1
        return state, None


def test_the_session_owns_the_copy_a_game_that_changes_its_input_gets() -> None:
    """Careless.advance changes the state it is given (total, bag, drawn) in place; the
    session hands it a copy of its own, so no earlier step of the history changes."""
    session = Session(Careless(), {}, seed=5)
    start = session.state_at(0)
    total, drawn, bag = start["total"], list(start["drawn"]), len(start["bag"])
    play(session, [3, 4])
    assert (start["total"], list(start["drawn"]), len(start["bag"])) == (total, drawn, bag)
    assert session.state_at(1)["total"] == 3 and session.state["total"] == 7
    assert len(session.state["drawn"]) == 2


def test_status_is_the_games_status_of_the_current_state() -> None:
    from rules.text import msg
    from tests.support.toy_game import ToyGame as Toy

    class Counted(Toy):
        def status(self, state):  # type: ignore[no-untyped-def]
            return (msg("total {n}", n=state["total"]),)

    session = Session(Counted(), {}, seed=1)
    play(session, [2, 5])
    assert [m.english() for m in session.status()] == ["total 7"]
