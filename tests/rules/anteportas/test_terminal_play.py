"""`tableside play anteportas` through the generic terminal front end, scripted."""

from __future__ import annotations

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


def test_a_typed_card_game_with_the_mine_choice(tmp_path: Path) -> None:
    text = play(
        tmp_path,
        [
            "",  # Game: cooperative
            "1",  # Players
            "",  # Scenario: Raiders
            "2",  # we draw the printed cards
            "",  # Variant
            "",  # Final Wave
            "R101 spawn=24,24,24 arrows=down",
            "set 19 C bounding",
            "done",
            "",  # no Soldier actions
            "R101 arrows=down",
            "2",  # the Soldiers take the damage
            "status",
            "quit",
        ],
    )
    assert "Card R101: place 3 Basic and 0 Elite Unit(s) on #24" in text
    assert "Battle on #19: your choice" in text
    assert "1 Citizen on #19 wounded -> Sickbay" in text
    assert "Bounding Mine on #19 prevails" in text
    assert "Sickbay: 0 Farmer(s), 1 Citizen(s)" in text


def test_a_digital_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    first = play(tmp_path, ["", "2", "2", "", "", "", "", "quit"])
    assert "card(s) drawn" in first
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
