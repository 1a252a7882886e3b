"""TableService when the storage fails: one family of errors, the game kept, play resumes."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules.journal.store as store
from rules import registry
from rules.journal import JournalError, JournalUnavailable
from rules.text import Msg
from tests.support.toy_game import ToyGame
from ui.service import TableService


@pytest.fixture
def toy() -> Iterator[None]:
    registry._load_all()
    registry.register(ToyGame())
    yield
    registry._GAMES.pop("toy", None)


class Refusing:
    """The journal's connection on a storage that refuses every write with ``name``."""

    def __init__(self, conn: sqlite3.Connection, name: str, text: str) -> None:
        self._conn, self.name, self.text = conn, name, text

    def execute(self, sql: str, *args):
        if sql.startswith(("BEGIN", "INSERT", "UPDATE")):
            error = sqlite3.OperationalError(self.text)
            error.sqlite_errorname = self.name
            raise error
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self._conn, name)


@pytest.mark.parametrize(
    ("name", "text", "reason", "words"),
    [
        ("SQLITE_FULL", "database or disk is full", "full", "storage is full"),
        ("SQLITE_READONLY", "attempt to write a readonly database", "read-only", "read-only"),
        ("SQLITE_IOERR", "disk I/O error", "io", "storage reported an error"),
        ("SQLITE_BUSY", "database is locked", "busy", "Another tableside program"),
    ],
)
def test_every_storage_failure_is_one_family_with_a_message(
    toy, tmp_path: Path, monkeypatch, name, text, reason, words
):
    service = TableService(tmp_path / "j.sqlite3")
    session = service.start("toy", {"length": 9}, seed=1)
    service.answer({"add": 1})
    before = (session.step_count, list(session.events), session.state)
    # The storage refuses: the open connection and any opened again.
    monkeypatch.setattr(service.journal, "_conn", Refusing(service.journal._conn, name, text))
    real_connect = store.connect
    monkeypatch.setattr(store, "connect", lambda p: Refusing(real_connect(p), name, text))
    for action in (lambda: service.answer({"add": 2}), service.undo):
        with pytest.raises(JournalUnavailable) as caught:
            action()
        assert caught.value.reason == reason
        assert isinstance(caught.value.message, Msg) and words in str(caught.value.message)
        assert (session.step_count, session.events, session.state) == before  # nothing moved
    assert service.problem is not None and words in str(service.problem)
    assert not service.can_save
    monkeypatch.undo()  # the condition clears
    service.answer({"add": 2})  # the same step, and play goes on
    assert service.can_save and service.problem is None
    assert service.journal.events(service.session_id) == session.events
    service.close()


def test_stray_os_errors_become_the_family_too(toy, tmp_path: Path, monkeypatch):
    service = TableService(tmp_path / "j.sqlite3")
    service.start("toy", {"length": 9}, seed=1)

    def broken(*_args, **_kwargs):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(service.journal, "append", broken)
    with pytest.raises(JournalError) as caught:
        service.answer({"add": 1})
    assert "Input/output error" in str(caught.value.message)
    service.close()


def test_a_read_only_journal_is_viewable_and_play_resumes_by_itself(
    toy, tmp_path: Path, monkeypatch
):
    path = tmp_path / "j.sqlite3"
    service = TableService(path)
    session = service.start("toy", {"length": 9}, seed=1)
    for n in range(4):
        service.answer({"add": n})
    events = list(session.events)
    service.close()

    def read_only(where):  # what a card remounted read-only gives
        return sqlite3.connect(f"file:{where}?mode=ro", uri=True, isolation_level=None)

    monkeypatch.setattr(store, "connect", read_only)
    service = TableService(path)
    assert service.problem is not None and "read-only" in str(service.problem)
    record = service.resumable("toy")
    assert record is not None
    resumed = service.resume(record.id)  # the game can be viewed
    assert resumed.events == events and resumed.step_count == 4
    with pytest.raises(JournalUnavailable):
        service.answer({"add": 5})
    assert resumed.step_count == 4
    assert not service.recheck()
    monkeypatch.undo()  # writable again
    assert service.recheck() and service.can_save
    service.answer({"add": 5})
    assert service.session is not None and service.session.step_count == 5
    service.close()
    assert TableService(path).journal.events(record.id) == [*events, service.session.events[-1]]


def test_the_finished_mark_follows_undo_and_redo(toy, tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    service = TableService(path)
    service.start("toy", {"length": 2}, seed=1)
    service.answer({"add": 1})
    service.answer({"add": 2})
    assert service.resumable("toy") is None
    service.undo()
    assert service.resumable("toy") is not None
    service.redo()
    service.close()
    assert TableService(path).resumable("toy") is None  # redo finished it again, durably
