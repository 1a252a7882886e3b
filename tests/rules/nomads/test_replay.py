"""A whole solo game through the journal: replay and resume give the same final score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.registry import get_game
from rules.session import Session
from tests.rules.nomads.helpers import fill, options
from ui.cli import main
from ui.service import TableService
from ui.terminal import Terminal

EXAMPLES = Path(__file__).parents[3] / "examples" / "nomads"


def _play(service: TableService) -> None:
    session = service.session
    assert session is not None
    for _ in range(3000):
        prompt = session.prompt()
        if prompt.finished:
            return
        service.answer(fill(prompt))
    raise AssertionError("the game did not end")


def test_whole_game_replays_from_the_journal(tmp_path: Path) -> None:
    file = tmp_path / "journal.sqlite3"
    opts = options(hard_reveal=True, modules=["ritual_sites", "rivers", "mammoth"])
    service = TableService(file, recover=False)
    service.start("nomads", opts, seed=2024)
    _play(service)
    played = service.session.state
    session_id = service.session_id
    service.close()
    assert played["final"]["total"] > 0

    again = TableService(file, recover=False)
    resumed = again.resume(session_id)
    assert resumed.replay_problem is None
    assert resumed.state["final"] == played["final"]
    assert resumed.state == played
    assert again.journal.session(session_id).finished
    # Undo into the last round and redo: the same final score again.
    resumed.undo(resumed.step_count - 3)
    for _ in range(3):
        resumed.redo()
    assert resumed.state["final"] == played["final"]
    # A fresh session from the raw events, without snapshots, agrees as well.
    fresh = Session(get_game("nomads"), opts, 2024, events=again.journal.events(session_id))
    assert fresh.state["final"]["total"] == played["final"]["total"]
    again.close()


def test_terminal_plays_scripted_turns(tmp_path: Path) -> None:
    lines = iter(
        [
            "",
            "",
            "",
            "",  # options: digital, no harder options, no modules
            "2",  # the Nomads' first animal: the second in the list
        ]
        + ["", "1"] * 8  # each space of the hunting area: the preset space, the first animal
        + ["", ""]  # done
        + [""] * 12
        + ["status", "quit"]
    )
    out: list[str] = []
    service = TableService(tmp_path / "t.sqlite3", recover=False)
    Terminal(service, read=lambda _q: next(lines), write=out.append).run("nomads", seed=5)
    service.close()
    text = "\n".join(out)
    assert "The Nomads take" in text
    assert "Round 1 of 4" in text  # the status command
    assert "EXAMPLE component data" in text


def test_decide_names_the_bad_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "s.json"
    bad.write_text(
        json.dumps({"decision": "column", "occupied": ["nowhere"], "marked": "hunt", "big": "left"})
    )
    assert main(["decide", "nomads", str(bad)]) == 2
    assert "occupied[0]" in capsys.readouterr().err
