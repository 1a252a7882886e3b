"""The whole game through the generic terminal front end, as `tableside play targi` runs it.

Only numbers and values from the printed lists are typed (issue 10).
"""

from __future__ import annotations

from pathlib import Path

from ui.service import TableService
from ui.terminal import Terminal

ANSWERS = [
    "", "", "",  # set-up options: secret choice, own tiles, blue starts
    "4",  # blue puts the renounce tile back: keeps joker, Targi tile, tribe-marker tile
    "1",  # white puts the joker back: keeps Targi tile, tribe-marker tile, renounce tile
    "",  # reveal (no joker now)
    "3", "", "",  # robber on card 3 of the list (c1), start player, joker
    "b1 a3 e2", "",  # blue's Targi, joker
    "d1 e4 a4", "",  # white's Targi, joker
    "c5", "",  # blue's Targi tile
    "", "",  # white passes
    "c3", "",  # blue's tribe-marker tile
    "", "",  # white passes
    "renounce:white", "",  # white lays a tribe card and renounces its text
    "card:blue", "blue:salt",  # blue lays one; blue spends the joker
    "game-end",  # nobody holds a joker any more: no joker question
    "blue=20 white=25",
    "quit",
]  # fmt: skip


def test_targi_plays_through_the_terminal(tmp_path: Path) -> None:
    lines = iter(ANSWERS)
    out: list[str] = []
    service = TableService(tmp_path / "j.sqlite3", recover=False)
    Terminal(service, read=lambda _q: next(lines), write=out.append).run("targi", new=True, seed=1)
    text = "\n".join(out)
    assert "Not accepted" not in text
    assert "Blue places the Targi tile on c5" in text
    assert "Tribe markers: Blue on b2, b3; White on d4." in text
    assert "White renounces tribe card number 1" in text
    assert "Blue uses the joker goods tile as 1 salt" in text
    assert "White: 27 points" in text and "Blue: 20 points" in text
    assert "White wins." in text
    service.close()
