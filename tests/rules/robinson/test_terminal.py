"""A whole round through the generic terminal front end (`tableside play robinson`)."""

from __future__ import annotations

from pathlib import Path

from ui.service import TableService
from ui.terminal import Terminal

ANSWERS = [
    "", "", "",  # 2 players, red first, example scenario
    "10", "beach", "axe pistol", "",  # red's set-up
    "11", "hills", "biscuits blanket", "",  # blue's set-up
    "book", "red weapon +2",  # event
    "",  # morale
    "",  # production
    "attack", "blue", "explore", "5", "rest", "", "roof", "",  # placement
    "",  # the fight (blue has no palisade: no bonus question)
    "steal-invention", "biscuits",  # red's reward
    "", "", "",  # blue's roof: success, no adventure icon, no changes
    "", "river", "", "",  # blue explores tile 5
    "",  # red rests
    "", "",  # weather
    "", "", "",  # red's night: stays
    "1", "5", "",  # blue's night: loses a heart, moves to tile 5
    "quit",
]  # fmt: skip


def test_robinson_round_through_the_terminal(tmp_path: Path) -> None:
    lines = iter(ANSWERS)
    out: list[str] = []
    service = TableService(tmp_path / "j.sqlite3", recover=False)
    Terminal(service, read=lambda _q: next(lines), write=out.append).run(
        "robinson", new=True, seed=1
    )
    text = "\n".join(out)
    assert "Not accepted" not in text
    assert "red wins the fight against blue" in text
    assert "red takes biscuits from blue" in text
    assert "blue moves the camp to tile 5" in text
    session = service.session
    assert session is not None
    assert session.state["round"] == 2 and session.state["first"] == "blue"
    red, blue = session.state["players"]
    assert blue["hearts"] == 9 - 2 - 1 and blue["roof"] == 1 and red["weapon"] == 2
    service.close()
