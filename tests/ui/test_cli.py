"""The `tableside` command: help, games, decide error handling."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.cli import main


def test_help_lists_core_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("play", "decide", "games", "bench"):
        assert command in out


def test_decide_rejects_bad_json_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "s.json"
    bad.write_text("{ not json")
    assert main(["decide", "nosuchgame", str(bad)]) == 2
    assert "unknown game 'nosuchgame'" in capsys.readouterr().err


def test_decide_unreadable_file(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.registry import all_games

    games = list(all_games())
    if not games:  # the registry is empty only before any game module exists
        pytest.fail("no game registered")
    assert main(["decide", games[0], "/nonexistent/situation.json"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_bench_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--list"]) == 0
