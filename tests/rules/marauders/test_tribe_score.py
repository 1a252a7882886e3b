"""Where the tribe's VP are kept (reading 40): on the score track (the default) or added up.

"There isn't any change in the calculation of the victory points": the tribe's marker on
the score track keeps its VP like a player's, so by default the news panels ask no VP, the
VP the rules give are instructions to move that marker, and the final step asks the
tribe's VP off the track. The option ``"assistant"`` keeps today's count; a journal
stored before the option existed replays as it was played.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ui.benchmarks.tables.marauders as scripted
from rules.errors import IllegalInput
from rules.session import Session
from tests.rules.marauders.support import GAME, busy_answers, to_step
from tests.rules.marauders.test_game import ceremony_session
from ui.benchmarks.answers import play
from ui.service import TableService

OLD_JOURNAL = Path(__file__).parent / "journals" / "before-tribe-score.json"
MOVE = "Move the tribe's score marker on the score track by the VP it scored."


def new(**options: Any) -> Session:
    return Session(GAME, {"players": 2, **options}, seed=11)


def field(session: Session, key: str) -> Any:
    return next(f for f in session.prompt().fields if f.key == key)


def lines(session: Session) -> list[str]:
    return [line.english() for line in session.prompt().lines]


def test_the_score_track_is_the_default_option() -> None:
    option = next(f for f in GAME.setup_fields() if f.key == "tribe_score")
    assert option.kind == "choice" and option.default == "board"
    assert [c.value for c in option.choices] == ["board", "assistant"]
    assert option.choices[0].label.english() == (
        "on the score track: we move the tribe's score marker"
    )
    session = new()
    assert session.options["tribe_score"] == "board" and session.state["tribe_score"] == "board"


def test_the_news_asks_no_vp_on_the_score_track_and_asks_them_when_the_assistant_counts() -> None:
    board, assistant = new(), new(tribe_score="assistant")
    to_step(board, "spring-turn")
    to_step(assistant, "spring-turn")
    on_track, counted = field(board, "news"), field(assistant, "news")
    assert [c.value for c in on_track.choices] == ["white", "brown", "red", "yellow", "blue", "dev"]
    assert "vp" not in on_track.default and on_track.default["dev"] == 0
    assert on_track.label.english() == (
        "Since the tribe's last step: markers onto its trays, development points"
    )
    assert [c.value for c in counted.choices][-2:] == ["vp", "dev"] and counted.default["vp"] == 0
    with pytest.raises(IllegalInput) as info:
        board.answer({"news": {"vp": 2}})
    assert info.value.field == "news"


def test_after_an_action_the_news_says_to_move_the_score_marker() -> None:
    board, assistant = new(), new(tribe_score="assistant")
    for session in (board, assistant):
        to_step(session, "spring-turn")
        session.answer({"news": {"red": 2, "yellow": 2}})
        assert session.prompt().step == "spring-action"
        session.answer({})  # the tribe carries out its first spring action
    action = board.history[-1].decision
    assert action is not None and action.result["outcome"] == "action"
    shown = lines(board)
    assert MOVE in shown
    assert not any("VP, development points" in line for line in shown)
    assert MOVE not in lines(assistant)
    assert any("VP, development points" in line for line in lines(assistant))


def test_the_ceremony_fallback_tells_to_move_the_marker_and_records_the_vp() -> None:
    session = ceremony_session(tribe_score="board")
    keys = [f.key for f in session.prompt().fields]
    assert keys == ["news", "any_vp", "order", "trays_now"]
    session.answer({"any_vp": False, "order": ["2", "1", "tribe"]})
    assert session.state["vp"] == 3  # the tile's number, recorded for the history
    assert "Move the tribe's score marker 3 spaces forward (no ceremony card gave VP)." in (
        lines(session)
    )
    assert not any("the tribe scores" in line for line in lines(session))


def final_step(**options: Any) -> Session:
    session = new(**options)
    while session.prompt().step != "final":
        session.answer(busy_answers(session))
    return session


def test_the_final_vp_of_the_tribe_come_off_the_track_without_a_default() -> None:
    session = final_step()
    tribe = field(session, "tribe_vp")
    assert tribe.default is None
    assert tribe.label.english() == "The tribe's final VP (where its score marker stands)"
    assert lines(session)[1] == (
        "Read the tribe's final VP off its score marker on the score track, after the usual "
        "final scoring."
    )
    with pytest.raises(IllegalInput) as info:
        session.answer({"p1": 50, "p2": 30})
    assert info.value.field == "tribe_vp"
    assert info.value.message.english() == (
        "The tribe's final VP (where its score marker stands): give a whole number"
    )
    assert session.prompt().step == "final"  # nothing lost: the step is still there
    decision = session.answer({"p1": 50, "p2": 30, "tribe_vp": 41})
    assert decision is not None and decision.result["tribe_vp"] == 41
    assert decision.result["victory"] is True and decision.result["lost"] == ["2"]


def test_the_assistant_count_stays_the_final_default() -> None:
    session = final_step(tribe_score="assistant")
    tribe = field(session, "tribe_vp")
    assert tribe.default == session.state["vp"] > 0
    assert tribe.label.english() == "The tribe's final VP"


def test_status_and_picture_show_only_the_vp_the_rules_gave_labelled_so() -> None:
    session = ceremony_session(tribe_score="board")
    session.answer({"any_vp": False})
    state = session.state
    status = [m.english() for m in GAME.status(state)]
    assert "Tribe VP its rules gave: 3 (its score is on the score track)" in status
    assert not any(line.startswith("Tribe VP tracked") for line in status)
    facts = {json.dumps(label): value for label, value in GAME.board(state)["facts"]}
    labels = [json.loads(k)["t"] for k in facts]
    assert "Tribe VP its rules gave" in labels and "Tribe VP (tracked)" not in labels


def test_a_journal_stored_before_the_option_replays_as_it_was_played(tmp_path: Path) -> None:
    """Recorded by main 040b1e8 (bench answers' scripted game, VP entered in the news):
    its stored options lack ``tribe_score``; resumed from the journal it replays every
    step to the same VP and the same final result, with the VP entries it had."""
    old = json.loads(OLD_JOURNAL.read_text("utf-8"))
    assert "tribe_score" not in old["options"]
    service = TableService(tmp_path / "journal.sqlite3", recover=False)
    session_id = service.journal.create_session("marauders", old["options"], old["seed"])
    for event in old["events"]:
        service.journal.append(session_id, event)
    session = service.resume(session_id)
    try:
        assert session.replay_problem is None
        assert session.options["tribe_score"] == "assistant"
        assert session.step_count == len(old["events"]) == 181
        assert [session.state_at(i)["vp"] for i in range(182)] == old["vp"]
        steps = [session.state_at(i)["step"] for i in range(182)]
        assert steps == old["steps"]
        assert session.state["final"]["result"] == old["final"]
        spring_turn = next(i for i, step in enumerate(steps) if step == "spring-turn")
        news = next(f for f in GAME.prompt(session.state_at(spring_turn)).fields)
        assert "vp" in news.default
    finally:
        service.close()


def test_a_state_without_the_option_counts_as_the_assistants() -> None:
    """A journal snapshot of an old game holds a state without ``tribe_score``."""
    session = new(tribe_score="assistant")
    to_step(session, "spring-turn")
    state = {k: v for k, v in session.state.items() if k != "tribe_score"}
    news = next(f for f in GAME.prompt(state).fields if f.key == "news")
    assert "vp" in news.default and "vp" in [c.value for c in news.choices]


def test_a_new_journal_keeps_its_option_when_resumed(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    service = TableService(journal, recover=False)
    session = service.start("marauders", {"players": 2}, seed=4)
    session_id = service.session_id
    assert session.options["tribe_score"] == "board"
    service.close()
    again = TableService(journal, recover=False)
    assert session_id is not None
    assert again.resume(session_id).options["tribe_score"] == "board"
    again.close()


def scripted_game(options: dict[str, Any]) -> tuple[list[Any], scripted.Table, Session]:
    """Play bench answers' scripted table with ``options``; its decisions, table, session."""
    session = Session(GAME, options, seed=scripted.SEED)
    table = scripted.Table()
    decisions = []
    while not session.prompt().finished:
        prompt = session.prompt()
        values = table.answer(prompt, session.state)
        decision = session.answer(values)
        table.observe(prompt, values, decision)
        decisions.append(None if decision is None else decision.to_json())
    return decisions, table, session


def test_the_scripted_table_plays_both_ways_to_the_same_game_and_result() -> None:
    """Nothing the tribe decides uses the running VP total: both ways make every decision
    alike, and the final result names the VP the table's score track shows."""
    on_track, table, session = scripted_game(scripted.OPTIONS)
    counted, table2, session2 = scripted_game(scripted.VARIANTS["tribe VP entered here"])
    assert on_track == counted
    assert session.state["final"]["result"]["tribe_vp"] == table.world.vp == 28
    assert session2.state["final"]["result"]["tribe_vp"] == table2.world.vp == 28
    assert session.state["vp"] == 5 < session2.state["vp"] == 28  # the rules' VP only
    board, assistant = play(scripted), play(scripted, scripted.VARIANTS["tribe VP entered here"])
    assert board["steps"] == assistant["steps"] == 181
    assert board["bot_steps"] == assistant["bot_steps"]
