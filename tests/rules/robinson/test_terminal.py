"""A whole round through the generic terminal front end (`tableside play robinson`).

Only numbers from the printed lists and counts are typed (issue 10).
"""

from __future__ import annotations

from pathlib import Path

from ui.service import TableService
from ui.terminal import Terminal

ANSWERS = [
    "", "", "",  # 2 players, red first, example scenario
    "1 7", "", "", "",  # red's set-up: axe and pistol; the scenario's camp (space 10, tile 8)
    "2 3", "", "", "",  # blue's set-up: blanket and compass; space 12, tile 1
    "1", "",  # event: the book icon; no other changes
    "", "",  # the book: both take a wound (no food yet)
    "",  # morale
    "",  # production
    "10", "",  # red: gather wood, on space 10 (the only one)
    "10", "5",  # blue: explore, space 5
    "2",  # red: roof
    "7",  # blue: hunting
    "hearts=6 weapon=0 food=2 hide=1", "",  # blue's hunt
    "", "", "",  # red's roof
    "", "", "",  # red gathers wood
    "2", "", "",  # blue explores: island tile 2
    "red=1", "",  # weather
    "", "", "",  # red eats
    "", "", "",  # blue eats
    "", "",  # red may move the camp (stays)
    "", "",  # blue may move the camp (stays)
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
    assert "Blue: hearts 8 → 6" in text
    assert "Red takes 1 wood." in text
    assert "Only Blue takes the discovery tokens" in text
    assert "The first player token passes to Blue." in text
    session = service.session
    assert session is not None
    assert session.state["round"] == 2 and session.state["first"] == "blue"
    red, blue = session.state["players"]
    assert (red["hearts"], red["roof"], red["wood"], red["food"]) == (9 - 1 - 1 - 1, 1, 2, 0)
    assert (blue["hearts"], blue["food"], blue["hide"]) == (6 - 1, 1, 1)
    assert session.state["island"] == {"10": "8", "12": "1", "5": "2"}
    service.close()
