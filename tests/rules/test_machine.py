"""The one step machine (rules/machine.py) and the games that run on it (issue 25)."""

from __future__ import annotations

import copy

import pytest

from rules.games.targi.game import MACHINE as TARGI
from rules.machine import Edge, Machine, Phase, Step, Where, answered, copy_state
from rules.prompt import Prompt
from rules.registry import get_game
from rules.session import Session
from rules.text import msg


def _step(name: str, *edges: Edge) -> Step[list[str], None]:
    def advance(state, answer, out) -> None:
        out.append(name)
        state["count"] += 1

    return Step(
        prompt=lambda s: Prompt(step=name, title=msg(name), phase=msg("play")),
        advance=advance,
        next=edges,
    )


TOY: Machine[list[str], None] = Machine(
    [
        Phase("play", {"ask": _step("ask", Edge("done", when=answered("go", True)))}),
        Phase("end", {"done": _step("done")}),
    ],
    where=Where(round=None),
)


def test_advance_is_pure_and_follows_the_first_edge_that_holds() -> None:
    start = {"step": "ask", "count": 0, "notes": [msg("shown once").to_json()]}
    kept = copy.deepcopy(start)
    out: list[str] = []
    stay, _ = TOY.advance(start, {"go": False}, out)
    assert start == kept  # the state given is never changed
    assert stay["step"] == "ask" and stay["count"] == 1 and stay["notes"] == []
    done, _ = TOY.advance(stay, {"go": True}, out)
    assert done["step"] == "done" and out == ["ask", "ask"]
    assert TOY.position(done).phase == "end"


def test_notes_open_the_next_prompt() -> None:
    state = {"step": "ask", "count": 0, "notes": [msg("a note").to_json()]}
    assert [m.english() for m in TOY.prompt(state).lines] == ["a note"]


def test_check_refuses_a_transition_to_an_unknown_step() -> None:
    broken = Machine([Phase("p", {"a": _step("a", Edge("nowhere"))})])
    with pytest.raises(ValueError, match="nowhere"):
        broken.check()


def test_copy_state_shares_the_component_record_only() -> None:
    record = {"digest": "x", "data": {}}
    state = {"components": record, "table": {"a": [1]}}
    copied = copy_state(state)
    assert copied["components"] is record and copied["table"] == state["table"]
    assert copied["table"] is not state["table"]


def test_targi_declares_its_transitions_as_data() -> None:
    TARGI.check()
    edges = set(TARGI.edges())
    assert {
        ("secret", "reveal"),
        ("agree", "reveal"),
        ("reveal", "robber"),
        ("robber", "targi"),
        ("actions", "robber"),
        ("actions", "scoring"),
        ("actions", "fata"),
        ("actions", "count"),
        ("fata", "actions"),
        ("count", "actions"),
        ("scoring", "tie"),
        ("scoring", "over"),
        ("tie", "over"),
    } <= edges
    assert [p.name for p in TARGI.phases] == ["set-up", "round", "end"]


def test_the_session_reads_the_position_of_a_game_on_the_machine() -> None:
    session = Session(get_game("targi"), {"selection": "random"}, seed=4)
    assert session.position is not None and session.position.step == "reveal"
    session.answer({})
    position = session.position
    assert position is not None
    assert (position.step, position.phase, position.round) == ("robber", "round", 1)
    versus = Session(get_game("anteportas"), {"mode": "capture_the_flag", "players": 2}, seed=1)
    assert versus.position is None  # the team variants' referee keeps its own stages


def test_robinson_declares_the_round_order_as_data() -> None:
    from rules.games.robinson.game import MACHINE as ROBINSON

    ROBINSON.check()
    assert {
        ("setup", "event"),
        ("event", "book"),
        ("event", "morale"),
        ("book", "morale"),
        ("morale", "production"),
        ("weather", "night"),
    } <= set(ROBINSON.edges())
    phases = [p.name for p in ROBINSON.phases]
    assert phases[:7] == ["setup", "event", "morale", "production", "action", "weather", "night"]


def test_marauders_runs_on_the_machine_with_its_seasons_as_phases() -> None:
    from rules.games.marauders.game import MACHINE as MARAUDERS

    MARAUDERS.check()
    assert [p.name for p in MARAUDERS.phases] == ["set-up", "spring", "summer", "autumn"]
    assert {
        ("spring-turn", "spring-action"),
        ("spring-end", "summer-start"),
        ("spring-start", "tile-entry"),
        ("spring-start", "spring-turn"),
        ("summer-start", "tile-entry"),
        ("summer-start", "summer-pillar"),
        ("autumn-member", "autumn-move"),
        ("final", "end"),
    } <= set(MARAUDERS.edges())
    session = Session(get_game("marauders"), {}, seed=1)
    position = session.position
    assert position is not None and (position.step, position.phase) == ("setup", "set-up")


def test_nomads_runs_on_the_machine_every_step_in_a_phase() -> None:
    from rules.games.nomads.game import MACHINE as NOMADS
    from rules.games.nomads.game import STEPS

    NOMADS.check()
    assert set(NOMADS.steps()) == set(STEPS)
    assert {("setup", "area"), ("card", "face"), ("final", "over")} <= set(NOMADS.edges())
    position = Session(get_game("nomads"), {}, seed=1).position
    assert position is not None and (position.step, position.phase) == ("setup", "set-up")


def test_ante_portas_reads_its_step_from_the_state_and_declares_no_transitions() -> None:
    from rules.games.anteportas.game import MACHINE as ANTE_PORTAS

    ANTE_PORTAS.check()
    assert ANTE_PORTAS.edges() == []
    session = Session(get_game("anteportas"), {"players": 2}, seed=9)
    position = session.position
    assert position is not None
    assert (position.step, position.phase, position.round) == ("spawn", "half-year", 1)
    with pytest.raises(TypeError):
        ANTE_PORTAS.goto(dict(session.state), "battle")


def test_a_machine_that_reads_its_step_refuses_declared_transitions() -> None:
    broken = Machine(
        [Phase("p", {"a": _step("a", Edge("a"))})],
        where=Where(step_of=lambda state: "a"),
    )
    with pytest.raises(ValueError, match="declares no transitions"):
        broken.check()
