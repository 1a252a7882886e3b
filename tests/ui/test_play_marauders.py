"""Drive the terminal front end through a whole Marauders game with scripted input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ui.service import TableService
from ui.terminal import Terminal


class Table:
    """Scripted players: answer by the question asked, with a few detours (bad input, undo)."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.asked: list[str] = []
        self.done: set[str] = set()

    def write(self, text: str) -> None:
        self.out.append(text)

    def once(self, tag: str) -> bool:
        if tag in self.done:
            return False
        self.done.add(tag)
        return True

    def read(self, question: str) -> str:
        self.asked.append(question)
        if len(self.asked) > 3000:
            raise AssertionError("the game does not end")
        if question.startswith("  Number of players"):
            return "2"
        if "The tribe's final VP" in question:
            return "40"
        if "Player 1's final VP" in question:
            return "75"
        if "Player 2's final VP" in question:
            return "5"
        if question.startswith("> "):  # the game is over
            raise EOFError
        if "Starting resources" in question:
            return "red=1 yellow=2 blue=1 brown=1 white=1"
        if "Resources the tribe earns now" in question:
            if self.once("status"):
                return "status"
            return "red=2 brown=2"
        if "markers onto its trays, " in question:  # the news (VP on the score track)
            if self.once("bad counts"):
                return "yellow=-1"
            if self.once("why"):
                return "why"
            if self.once("undo"):
                return "undo"
            return "yellow=2 blue=1 white=1"
        if "Most action markers on one pillar" in question and self.once("pillar"):
            return "hunting=3"
        if "gathering tile (fruit) in the lane" in question and self.once("lane"):
            return "2"
        return ""


def test_whole_game_in_the_terminal(tmp_path: Path) -> None:
    table = Table()
    service = TableService(tmp_path / "journal.sqlite3", recover=False)
    code = Terminal(service, read=table.read, write=table.write).run("marauders", new=True, seed=7)
    assert code == 0
    text = "\n".join(table.out)
    session = service.session
    assert session is not None and session.prompt().finished
    assert session.state["round"] == 5
    # Bad input was refused with a reason, and the game went on.
    assert "Not accepted" in text and "below the minimum" in text
    # Undo went back a step; 'why' printed a trace; 'status' listed what is tracked.
    assert "Back to step" in text
    assert "How the bot decided" in text
    assert "Trays:" in text and "Priority marker: side" in text
    # Every season and the verdict were shown with the bot's reasons.
    for words in (
        "Set-up checklist",
        "Spring begins",
        "Summer begins",
        "Autumn · The tribe members move",
        "End of round 5",
        "Final scoring",
        "BOT: The tribe takes",
        "Why:",
        "Victory! Player 1 beat the marauder tribe",
        "Lost (behind the tribe): Player 2",
        "EXAMPLE",
        "Trays now:",
    ):
        assert words in text, words
    service.close()


def test_resume_after_quitting_mid_game(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    answers = iter(["1", "", "", "", "", "", "", "", "", "quit"])
    service = TableService(journal, recover=False)
    Terminal(service, read=lambda q: next(answers), write=lambda t: None).run(
        "marauders", new=True, seed=3
    )
    assert service.session is not None
    steps = service.session.step_count
    state = service.session.state
    service.close()
    out: list[str] = []
    again = TableService(journal, recover=False)
    script = iter(["", "quit"])  # resume? Enter = yes
    Terminal(again, read=lambda q: next(script), write=out.append).run("marauders")
    assert again.session is not None
    assert again.session.step_count == steps and again.session.state == state
    assert any("Resumed at step" in line for line in out)
    again.close()


@pytest.mark.gui
def test_marauders_screens_fit_at_800x480(kivy_window, tmp_path: Path) -> None:
    """The touchscreen shows every Marauders step without clipped text (German: longest)."""
    from tests.rules.marauders.support import busy_answers
    from ui.commands.screenshots import Shooter

    shots = Path(os.environ.get("MARAUDERS_SHOTS", tmp_path / "de"))
    shooter = Shooter(shots, tmp_path / "journal.sqlite3", "de")
    try:
        c = shooter.controller
        c.choose_game("marauders")
        c.setup_form.values.update({"players": 2})
        c.start_game(seed=4)
        seen = set()
        for step in range(60):
            prompt = c.prompt
            if prompt.finished:
                break
            if prompt.step not in seen or prompt.decision is not None:
                shooter.shot(f"{c.screen}-{step}-{prompt.step}")
                seen.add(prompt.step)
            values = busy_answers(c.service.session)
            c.form.values.update(values)
            c.confirm()
            assert c.error is None, c.text(c.error)
        assert c.play_view().scene.get("kind") == "control-board"
    finally:
        shooter.close()
    assert shooter.count >= 10
    problems = [f.problem for f in shooter.findings]
    assert problems == []
