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


def test_every_field_kind_by_numbers_no_typed_language(tmp_path: Path):
    """counts by line=count, choice/multi/order by list numbers, bool y/n; only a name typed."""
    from tests.ui.support.kinds_game import ensure_kinds

    ensure_kinds()
    lines = [
        "1=5",  # red is at most 2 here: refused
        "1=2 2=1",
        "9",  # above the maximum 5
        "3",
        "2",  # which side: the second on the list
        "1 2 3",  # at most 2
        "1 3",
        "3 1",  # an order needs all three
        "3 1 2",
        "y",
        "Wolves",
        "why",
        "",  # the step that asks nothing
        "history",
        "quit",
    ]
    script, service = run(tmp_path / "j.sqlite3", lines, game_name="kinds", new=True)
    text = script.text
    assert "5 is above the 2 possible here" in text
    assert "above the maximum 5" in text
    assert "choose at most 2" in text and "choose at least 3" in text
    assert "1) red  [1]  (at most 2)" in text and "Type the numbers in their order" in text
    session = service.session
    assert session is not None
    assert session.state["answers"] == {
        "markers": {"red": 2, "blue": 1},
        "moved": 3,
        "where": "1",
        "keep": ["ann", "cy"],
        "order": ["cy", "ann", "bo"],
        "attacked": True,
        "name": "Wolves",
    }
    # History and trace in the players' words: labels, no keys, no Python reprs.
    assert "-- Round 1 --" in text and "Player order: Cy, Ann, Bo" in text
    assert "red 2, blue 0 counted" in text and "Ann goes first (ann, bo)" in text
    for raw in ("{'", "['", "order=", "keep="):
        assert raw not in text


def test_unfinished_games_list_counts_players_in_proper_plurals(tmp_path: Path):
    journal = tmp_path / "j.sqlite3"
    service = TableService(journal)
    for players in (1, 2):
        service.start("marauders", {"players": players, "hard_tiles": 6}, seed=1)
    service.close()
    script, _ = run(journal, ["quit"], game_name="marauders")
    assert "Unfinished games:" in script.text
    assert ", 1 player, " in script.text
    assert ", 2 players, " in script.text
    assert "(s)" not in script.text
