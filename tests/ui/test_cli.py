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


def test_bench_sizes_are_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "journal", "--set", "kills=many"]) == 2
    assert "--set wants NAME=NUMBER, not 'kills=many'" in capsys.readouterr().err


def test_every_command_is_in_the_table_with_its_own_help() -> None:
    """ui.cli.COMMANDS (what --help lists without importing) agrees with each module."""
    import argparse
    import importlib
    import pkgutil

    import ui.commands as package
    from ui.cli import COMMANDS

    modules = {i.name for i in pkgutil.iter_modules(package.__path__)}
    assert {module for module, _ in COMMANDS.values()} == {
        m for m in modules if hasattr(importlib.import_module(f"ui.commands.{m}"), "register")
    }
    for name, (module, help_text) in COMMANDS.items():
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"ui.commands.{module}").register(sub)
        assert name in sub.choices
        assert sub._choices_actions[0].help == help_text


def test_decide_loads_neither_the_camera_nor_the_app_nor_the_kit(tmp_path: Path) -> None:
    """A CLI command imports only its own implementation (issue 15: decide <= 40 MB)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    example = root / "examples" / "marauders" / "spring-rock-painting-example.json"
    code = (
        "import sys; from ui.cli import main; main(['decide', 'marauders', sys.argv[1]]); "
        "print(sorted(m for m in ('cv2', 'numpy', 'fpdf', 'kivy', 'vision') if m in sys.modules),"
        " file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(example)], capture_output=True, text=True, cwd=root
    )
    assert done.stderr.strip().splitlines()[-1] == "[]"


def test_the_apps_camera_loads_the_reader_but_neither_the_kit_nor_the_renderer(
    tmp_path: Path,
) -> None:
    """``tableside app --camera`` reads the table; making PDFs and rendering test tables
    (fpdf, its fontTools and Pillow: 200 modules, 19 MB) stay out of the app."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    (tmp_path / "pictures").mkdir()
    code = (
        "import sys; from pathlib import Path; from ui.commands.app import camera_feed; "
        "camera_feed(sys.argv[1], Path(sys.argv[2])); "
        "print(sorted(m for m in ('cv2', 'fpdf', 'fontTools', 'PIL', 'vision.reader', "
        "'vision.table_render') if m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "pictures"), str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        cwd=root,
    )
    assert done.stderr.strip().splitlines()[-1] == "['cv2', 'vision.reader']"


def test_kit_has_the_button_card_in_three_languages(tmp_path: Path) -> None:
    from ui.button_card import card_texts

    out = tmp_path / "kit.pdf"
    assert main(["kit", str(out), "--board", "control-board"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") >= 2
    title, rows = card_texts("de")
    assert title == "Die Knöpfe" and rows[2][0] == "UNDO" and "Halten: das Menü" in rows[2][1]
