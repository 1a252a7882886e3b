"""The real app when the storage fills up during play: a message, the game kept, play goes on.

Where the tests may mount a small tmpfs (root), the disk really fills up;
elsewhere the journal's write fails with the same storage error.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


@contextlib.contextmanager
def storage(tmp_path: Path, real: bool) -> Iterator[tuple[Path, bool]]:
    from ui.benchmarks import journal_damage as jd

    if real and not jd.can_mount():
        pytest.skip("a real full disk needs root to mount a small tmpfs")
    if real:
        with jd.small_filesystem(tmp_path / "card", 4096) as mounted:
            yield mounted, True
    else:
        yield tmp_path, False


class FullDisk:
    """The journal's SQLite connection on a disk with no space left: every event insert fails."""

    def __init__(self, conn):
        self._conn = conn

    def execute(self, sql, *args):
        if sql.startswith("INSERT INTO events"):
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorname = "SQLITE_FULL"
            raise error
        return self._conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)


@pytest.mark.parametrize("real", [True, False], ids=["tmpfs", "simulated"])
def test_disk_full_during_play(kivy_window, tmp_path: Path, monkeypatch, real: bool):
    from tests.ui.support.driving import button_with_text, shown, tap
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app
    from ui.app.settings import Settings
    from ui.benchmarks import journal_damage as jd
    from ui.service import TableService

    with storage(tmp_path, real) as (card, real):
        service = TableService(card / "journal.sqlite3")
        controller = AppController(service, Settings(), settings_path=tmp_path / "settings.json")
        app = open_app(controller, use_hardware=False)
        try:
            tap(button_with_text(app, "Scene test game"))
            tap(button_with_text(app, "Start the game"))
            tap(button_with_text(app, "All done"))
            assert app.manager.current == "play" and shown(app, "Markers on the fishing tray")
            assert service.session is not None
            steps = service.session.step_count
            if real:
                filler = jd.fill(card)
            else:
                monkeypatch.setattr(service.journal, "_conn", FullDisk(service.journal._conn))

            tap(button_with_text(app, "Confirm"))
            assert app.manager.current == "play"  # no crash, same screen
            assert shown(app, "The storage is full, so new steps cannot be saved")
            assert shown(app, "Markers on the fishing tray")  # the game is still there
            assert service.session.step_count == steps and not service.can_save
            assert service.journal.events(service.session_id) == service.session.events

            if real:
                filler.unlink()  # space again
            else:
                monkeypatch.undo()
            tap(button_with_text(app, "Confirm"))
            assert shown(app, "Take the yellow tray")  # the same press now counts
            assert not shown(app, "storage is full")
            assert service.session.step_count == steps + 1 and service.can_save
            assert service.journal.events(service.session_id) == service.session.events
        finally:
            close_app(app)
            service.close()


@pytest.mark.parametrize("held", ["read-only file", "copy in memory"])
def test_read_only_card_play_continues_by_itself(
    kivy_window, tmp_path: Path, monkeypatch, held: str
):
    """A card remounted read-only: the game is viewable, steps are refused with the reason;
    once it is writable again the app notices on its own (a Kivy clock interval, no press),
    the red note goes, and the next Confirm is saved.

    ``read-only file``: SQLite opens the file but cannot write it; ``copy in memory``: the
    journal cannot even be set up for writing, so the service shows a read-only copy
    (``TableService.read_only``)."""
    import time

    from rules.journal import store
    from tests.ui.support.driving import button_with_text, shown, tap
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    path = tmp_path / "journal.sqlite3"
    service = TableService(path)
    session = service.start("scenes", {}, seed=1)
    service.answer({})  # the set-up checklist
    steps = session.step_count
    service.close()

    def read_only(where):  # what an SD card remounted read-only gives
        return sqlite3.connect(f"file:{where}?mode=ro", uri=True, isolation_level=None)

    def refused(_journal):
        error = sqlite3.OperationalError("attempt to write a readonly database")
        error.sqlite_errorname = "SQLITE_READONLY"
        raise error

    monkeypatch.setattr(store, "connect", read_only)
    if held == "copy in memory":
        monkeypatch.setattr(store.Journal, "_setup", refused)
    service = TableService(path)
    assert not service.can_save and service.read_only == (held == "copy in memory")
    controller = AppController(service, Settings(), settings_path=tmp_path / "settings.json")
    app = open_app(controller, use_hardware=False)
    app.storage_recheck_seconds = 0.2  # the kiosk checks every 5 s
    try:
        assert app.manager.current == "resume"
        assert shown(app, "read-only")  # the note on the first screen and the status bar
        tap(button_with_text(app, "Scene test game"))  # the game can be viewed
        assert app.manager.current == "play" and shown(app, "Markers on the fishing tray")
        tap(button_with_text(app, "Confirm"))
        assert app.manager.current == "play" and service.session.step_count == steps
        assert controller.error is not None and shown(app, "read-only")
        assert app._storage_check is not None  # rechecked on a clock interval

        for _ in range(10):  # still read-only: the interval keeps the game as it is
            pump(1)
            time.sleep(0.05)
        assert not service.can_save and shown(app, "read-only")

        monkeypatch.undo()  # writable again; nobody presses anything
        deadline = time.monotonic() + 10
        while not service.can_save:
            assert time.monotonic() < deadline, "the app never noticed"
            pump(1)
            time.sleep(0.05)
        pump(3)
        assert service.can_save and app._storage_check is None
        assert controller.error is None and not shown(app, "read-only")
        assert app.manager.current == "play" and shown(app, "Markers on the fishing tray")
        tap(button_with_text(app, "Confirm"))  # the next press is saved
        assert shown(app, "Take the yellow tray")
        assert service.session.step_count == steps + 1
        assert service.journal.events(service.session_id) == service.session.events
    finally:
        close_app(app)
        service.close()
