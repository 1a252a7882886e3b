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
