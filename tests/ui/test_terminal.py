"""The terminal front end, driven with scripted input on a real journal file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import registry
from tests.support.toy_game import ToyGame
from ui.service import TableService
from ui.terminal import Terminal


@pytest.fixture
def toy_registered() -> Iterator[None]:
    registry._load_all()
    registry.register(ToyGame())
    yield
    registry._GAMES.pop("toy", None)


class Script:
    """Feeds prepared lines to the terminal and records what it prints."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.out: list[str] = []

    def read(self, question: str) -> str:
        self.out.append(question)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def write(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def run(journal: Path, lines: list[str], **kw: object) -> tuple[Script, TableService]:
    script = Script(lines)
    service = TableService(journal)
    Terminal(service, read=script.read, write=script.write).run(**kw)  # type: ignore[arg-type]
    return script, service


def test_plays_to_the_end_with_defaults_and_typed_values(toy_registered: None, tmp_path: Path):
    journal = tmp_path / "j.sqlite3"
    script, service = run(journal, ["3", "", "2", "oops", "4", "quit"], game_name="toy", new=True)
    assert "Not accepted: 'oops' is not a whole number" in script.text
    assert "The game is over" in script.text
    assert service.session is not None and service.session.state["total"] == 1 + 2 + 4
    assert service.journal.sessions()[0].finished


def test_undo_redo_and_history(toy_registered: None, tmp_path: Path):
    journal = tmp_path / "j.sqlite3"
    lines = ["5", "1", "2", "3", "history", "undo 2", "redo", "undo", "why", "quit"]
    script, service = run(journal, lines, game_name="toy", new=True)
    assert "Back to step 2" in script.text
    assert "Step re-applied" in script.text
    assert "How the bot decided" in script.text
    session = service.session
    # "undo 2" returns to step 2 (one answer kept), redo re-applies it, undo drops it.
    assert session is not None and session.step_count == 1
    assert session.state["total"] == 1
    assert session.can_redo


def test_quit_and_resume_keeps_every_confirmed_step(toy_registered: None, tmp_path: Path):
    journal = tmp_path / "j.sqlite3"
    _, first = run(journal, ["5", "1", "1", "quit"], game_name="toy", new=True)
    first.close()
    script, second = run(journal, ["", "quit"], game_name="toy")
    assert "An unfinished game was found" in script.text
    assert "Resumed at step 3" in script.text
    assert second.session is not None and second.session.step_count == 2


def test_end_of_input_stops_cleanly(toy_registered: None, tmp_path: Path):
    script, _ = run(tmp_path / "j.sqlite3", [], game_name="toy", new=True)
    assert "Every confirmed step is saved" in script.text
