"""The whole game through the generic terminal front end, as `tableside play targi` runs it."""

from __future__ import annotations

from pathlib import Path

from ui.service import TableService
from ui.terminal import Terminal

ANSWERS = [
    "", "", "",  # set-up options: secret choice, own tiles, blue starts
    "1 2 3",  # blue keeps joker, Targi tile, tribe-marker tile
    "2 3 4",  # white keeps Targi tile, tribe-marker tile, renounce tile
    "",  # reveal (no joker now)
    "c1", "", "",  # robber, start player, joker
    "b1 a3 e2", "d1 e4 a4", "",  # Targi positions, joker
    "c5", "",  # blue's Targi tile
    "", "",  # white passes
    "b2", "d4", "",  # tribe markers
    "c3", "",  # blue's tribe-marker tile
    "", "",  # white passes
    "card:white", "",
    "", "yes", "blue:salt",  # white's first tribe card, renounced; blue spends the joker
    "game-end",
    "20", "25",
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
    assert "White renounces tribe card number 1" in text
    assert "Blue uses the joker goods tile as 1 salt" in text
    assert "White: 27 points" in text and "Blue: 20 points" in text
    service.close()
