"""One writer per game: a second process is refused, named, and a killed holder blocks nobody."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.journal import GameInUse, Journal, open_journal
from ui.cli import main
from ui.service import TableService

ROOT = Path(__file__).resolve().parents[2]


def new_game(path: Path) -> int:
    service = TableService(path)
    service.start("marauders", {}, seed=3)
    for _ in range(3):
        service.answer({})
    number = service.session_id
    service.close()
    assert number is not None
    return number


class Holder:
    """A real second process holding a game (tests/support/holding_writer.py)."""

    def __init__(self, path: Path, role: str, number: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.support.holding_writer", str(path), role, str(number)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert self.readline() == "holding", self.proc.stderr.read() if self.proc.stderr else ""

    def readline(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def ask(self, command: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.readline()

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


@pytest.fixture
def holders() -> Iterator[list[Holder]]:
    made: list[Holder] = []
    yield made
    for holder in made:
        if holder.proc.poll() is None:
            holder.kill()


def test_a_second_process_is_refused_and_told_who_plays(tmp_path: Path, holders: list[Holder]):
    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    app = Holder(path, "app", number)
    holders.append(app)
    assert app.ask("step") == "ok"

    terminal = TableService(path, holder="play")
    with pytest.raises(GameInUse) as refused:
        terminal.resume(number)
    text = refused.value.message.english()
    assert text == (
        f"Game {number} is being played in the tableside app (process {app.proc.pid}). "
        "Finish or leave it there first; nothing was changed here."
    )
    assert refused.value.pid == app.proc.pid
    assert terminal.session is None
    # Lower down too: a bare journal cannot append to the game either.
    with pytest.raises(GameInUse):
        terminal.journal.append(number, {"kind": "undo", "to": 1})
    before = len(terminal.journal.events(number))
    assert app.ask("step") == "ok"  # the holder plays on
    assert app.ask("undo") == "ok"  # undo is an append too: still only the holder's
    assert len(terminal.journal.events(number)) == before + 2  # readers keep working
    # Another game can be played beside it.
    terminal.start("marauders", {}, seed=4)
    terminal.answer({})
    terminal.close()


def test_the_app_is_told_when_a_terminal_plays_and_readers_keep_working(
    tmp_path: Path, holders: list[Holder], capsys: pytest.CaptureFixture[str]
):
    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    play = Holder(path, "play", number)
    holders.append(play)
    app = TableService(path, holder="app")
    with pytest.raises(GameInUse) as refused:
        app.resume(number)
    assert "in a terminal with 'tableside play' (process" in refused.value.message.english()
    assert f"process {play.proc.pid})" in refused.value.message.english()
    app.close()
    assert main(["journal", "--journal", str(path), "list"]) == 0
    assert main(["journal", "--journal", str(path), "show", str(number)]) == 0
    assert main(["journal", "--journal", str(path), "check"]) == 0
    assert "ok, 1 game, 3 events" in capsys.readouterr().out


def test_a_killed_holder_leaves_no_lock_behind(tmp_path: Path, holders: list[Holder]):
    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    app = Holder(path, "app", number)
    holders.append(app)
    assert app.ask("step") == "ok"
    with pytest.raises(GameInUse):
        TableService(path, holder="play").resume(number)
    app.kill()
    terminal = TableService(path, holder="play")
    session = terminal.resume(number)
    steps = session.step_count
    terminal.answer({})
    assert terminal.session is not None and terminal.session.step_count == steps + 1
    terminal.close()


def test_switching_games_lets_the_old_one_go(tmp_path: Path, holders: list[Holder]):
    path = tmp_path / "journal.sqlite3"
    first, second = new_game(path), new_game(path)
    app = Holder(path, "app", first)
    holders.append(app)
    terminal = TableService(path, holder="play")
    with pytest.raises(GameInUse):
        terminal.resume(first)
    assert app.ask(f"switch {second}") == "ok"
    terminal.resume(first)  # the app left it
    answer = app.ask(f"switch {first}")
    assert answer.startswith(f"refused Game {first} is being played in a terminal")
    assert app.ask("step") == "ok"  # refused to switch: the app stays on its game
    terminal.close()


def test_a_process_repairs_only_a_journal_nobody_else_has_open(tmp_path: Path):
    """A damaged-looking journal is not moved aside while another process has it open."""
    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    first, _ = open_journal(path)
    second, notice = open_journal(path)  # the same file, another opener
    assert notice is None and second.writable
    assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name] == []
    second.close()
    first.append(number, {"kind": "undo", "to": 1})
    first.close()
    with Journal(path) as again:
        assert again.events(number)[-1] == {"kind": "undo", "to": 1}


def other_process_plays(path: Path, number: int) -> bool:
    """Whether a fresh process can take the game now (it plays one step and quits)."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.support.holding_writer", str(path), "play", str(number)],
        input="step\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    if done.stdout.split() == ["holding", "ok"]:
        return True
    assert "GameInUse" in done.stderr, done.stderr
    return False


def test_journals_of_one_process_share_the_game_and_the_last_one_lets_go(tmp_path: Path):
    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    first, second = TableService(path, holder="app"), TableService(path, holder="app")
    first.resume(number)
    second.resume(number)  # the same process: no refusal (the app reopening its journal)
    first.close()
    assert not other_process_plays(path, number)  # the second still holds it
    second.close()
    assert other_process_plays(path, number)


def test_the_last_good_copy_is_refreshed_by_one_process_at_a_time(tmp_path: Path):
    from rules.journal.files import backup_path
    from rules.journal.locks import exclusive

    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    journal, _ = open_journal(path)
    assert journal.backup() is True
    journal.append(number, {"kind": "undo", "to": 1})
    before = backup_path(path).read_bytes()
    with exclusive(path, "backup") as mine:  # another refresh is under way
        assert mine
        assert journal.backup() is False  # this one waits for its next turn
        assert backup_path(path).read_bytes() == before
    assert journal.backup() is True
    assert backup_path(path).read_bytes() != before
    journal.close()


def test_a_watcher_follows_a_held_game_without_claiming_or_writing(
    tmp_path: Path, holders: list[Holder]
):
    """``bench app``'s scripted table reads the game the app plays (the lock stays the app's)."""
    path = tmp_path / "journal.sqlite3"
    number = new_game(path)
    app = Holder(path, "app", number)
    holders.append(app)
    assert app.ask("step") == "ok"
    watcher = TableService(path, holder="bench")
    seen = watcher.watch(number)
    events = len(watcher.journal.events(number))
    assert seen.step_count == events  # no undo among them: one step per event
    seen.answer({})  # a watched session has no sink: nothing reaches the card
    assert len(watcher.journal.events(number)) == events
    assert app.ask("step") == "ok"  # the app still holds and writes its game
    assert watcher.watch(number).step_count == events + 1
    with pytest.raises(GameInUse):
        watcher.resume(number)
    watcher.close()
