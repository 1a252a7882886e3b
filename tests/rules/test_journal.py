"""The SQLite journal: durability under SIGKILL, damage and foreign files."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.journal import Journal, JournalError, open_journal
from rules.session import Session
from tests.support.toy_game import ToyGame

ROOT = Path(__file__).resolve().parents[2]


def test_events_round_trip(tmp_path: Path) -> None:
    journal, notice = open_journal(tmp_path / "j.sqlite3")
    assert notice is None
    sid = journal.create_session("toy", {"length": 5}, 1)
    session = Session(ToyGame(), {"length": 5}, 1, sink=journal.sink(sid))
    session.answer({"add": 2})
    session.answer({"add": 3})
    session.undo()
    journal.close()
    reopened = Journal(tmp_path / "j.sqlite3")
    events = reopened.events(sid)
    assert [e["kind"] for e in events] == ["answer", "answer", "undo"]
    again = Session(ToyGame(), {"length": 5}, 1, events=events)
    assert again.state == session.state
    assert reopened.latest_unfinished().id == sid


def test_wal_and_full_sync(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    assert journal._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_foreign_sqlite_file_is_not_touched_without_recover(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER)")
    before = path.read_bytes()
    with pytest.raises(JournalError, match="another program"):
        open_journal(path, recover=False)
    assert path.read_bytes() == before


def test_garbage_file_is_moved_aside_and_backup_restored(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal, _ = open_journal(path)
    sid = journal.create_session("toy", {"length": 5}, 1)
    session = Session(ToyGame(), {"length": 5}, 1, sink=journal.sink(sid))
    session.answer({"add": 2})
    journal.backup()
    journal.close()
    for side in ("-wal", "-shm"):
        path.with_name(path.name + side).unlink(missing_ok=True)
    path.write_bytes(b"this is not a database at all" * 100)
    recovered, notice = open_journal(path)
    assert notice is not None
    assert "not an SQLite database" in str(notice) and "last good copy" in str(notice)
    assert [e["kind"] for e in recovered.events(sid)] == ["answer"]
    assert list(tmp_path.glob("j.sqlite3.damaged-*"))


def test_truncated_file_salvages_what_it_can(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    journal, _ = open_journal(path)
    sid = journal.create_session("toy", {"length": 50}, 1)
    session = Session(ToyGame(), {"length": 50}, 1, sink=journal.sink(sid))
    for _ in range(30):
        session.answer({"add": 1})
    journal._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # a torn write
    recovered, notice = open_journal(path)
    assert notice is not None
    # Whatever survives must replay cleanly; nothing is invented.
    events = recovered.events(sid)
    replay = Session(ToyGame(), {"length": 50}, 1, events=events)
    assert replay.step_count == len(events) >= 20  # backups run every 10 events


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_no_confirmed_step(tmp_path: Path) -> None:
    """Kill the writer at random instants, many times; every printed step survives."""
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(1234)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    confirmed_total = 0
    rounds_killed = 0
    for _round in range(25):
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.support.crash_writer", str(path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        start = proc.stdout.readline()
        assert start.startswith("start"), start
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(proc.pid, signal.SIGKILL)
        out = proc.stdout.read()
        proc.wait()
        lines = [line for line in out.splitlines() if line.startswith("confirmed")]
        journal, notice = open_journal(path)
        assert notice is None, notice
        record = journal.sessions()[0]
        events = journal.events(record.id)
        if lines:
            confirmed_total = int(lines[-1].split()[1])
        # Every event the writer reported as confirmed is in the journal.
        assert len(events) >= confirmed_total
        Session(ToyGame(), {"length": 1000}, 99, events=events)  # replays without error
        journal.close()
        rounds_killed = _round + 1
        if record.finished:
            break
    assert rounds_killed >= 10, "the writer finished too early to test anything"


def test_the_last_good_copy_refreshes_every_tenth_event_or_at_rest_when_deferred(
    tmp_path: Path,
) -> None:
    from rules.journal.store import BACKUP_EVERY

    def backed_up_events(journal: Journal, sid: int) -> int:
        copy = Journal(journal.backup_path)
        try:
            return len(copy.events(sid))
        finally:
            copy.close()

    for deferred in (False, True):
        journal, _ = open_journal(tmp_path / f"j-{deferred}.sqlite3")
        journal.defer_backups = deferred
        sid = journal.create_session("toy", {"length": 30}, 1)
        session = Session(ToyGame(), {"length": 30}, 1, sink=journal.sink(sid))
        for _ in range(BACKUP_EVERY):
            session.answer({"add": 1})
        if deferred:
            assert not journal.backup_path.exists()  # nothing copied inside the steps
            assert journal.backup_if_due() is True  # the app's rest
        assert backed_up_events(journal, sid) == BACKUP_EVERY
        assert journal.backup_if_due() is False  # not due again until ten more
        journal.close()
