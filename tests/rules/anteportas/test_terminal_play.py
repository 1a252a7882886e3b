"""`tableside play anteportas` through the generic terminal front end: numbers only."""

from __future__ import annotations

import re
from pathlib import Path

from ui.service import TableService
from ui.terminal import Terminal


def play(tmp_path: Path, lines: list[str]) -> str:
    answers = iter(lines)
    out: list[str] = []
    service = TableService(tmp_path / "journal.sqlite3")
    try:
        Terminal(service, read=lambda _prompt: next(answers), write=out.append).run(
            "anteportas", new=True, seed=3
        )
    finally:
        service.close()
    return "\n".join(out)


def test_a_half_year_by_numbers_from_the_lists(tmp_path: Path) -> None:
    text = play(
        tmp_path,
        [
            "",  # Game: cooperative
            "1",  # Players
            "",  # Scenario: Raiders
            "",  # the assistant draws
            "",  # Variant
            "",  # Final Wave
            "",  # spawn: confirm what the screen says
            "2",  # What happened? -> Recruiting Officer: Enlist (the first action after done)
            "citizen=1",  # the generic terminal's entry for a counts field
            "",  # done: start the Battle Phase
            "status",
            "quit",
        ],
    )
    assert re.search(r"\b1 card drawn|\b\d+ cards drawn", text)
    assert "Enlisted: 0 Farmers, 1 Citizen on #2" in text
    assert "Battle Phase: troop on" in text
    assert "{'" not in text  # no Python reprs


def test_a_digital_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    first = play(tmp_path, ["", "2", "2", "", "", "", "", "quit"])
    assert re.search(r"\b1 card drawn|\b\d+ cards drawn", first)
    answers = iter(["y", "status", "quit"])
    out: list[str] = []
    service = TableService(tmp_path / "journal.sqlite3")
    try:
        Terminal(service, read=lambda _p: next(answers), write=out.append).run("anteportas")
    finally:
        service.close()
    text = "\n".join(out)
    assert "Resumed at step 2" in text
    assert "Invaders on the Battleground" in text
