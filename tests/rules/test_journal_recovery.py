"""Integrity, recovery and storage errors of the journal, one behaviour per test."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

from rules.journal import (
    JournalDamaged,
    JournalUnavailable,
    check_journal,
    open_journal,
)
from rules.journal.files import sidecar
from rules.session import Session
from tests.support.toy_game import ToyGame
from ui.cli import main


def play(path: Path, steps: int, length: int = 50) -> tuple[int, list[dict]]:
    """A toy game of ``steps`` answers in a cleanly closed journal; (session id, events)."""
    journal, _ = open_journal(path)
    sid = journal.create_session("toy", {"length": length}, 1)
    session = Session(ToyGame(), {"length": length}, 1, sink=journal.sink(sid))
    for n in range(steps):
        session.answer({"add": n % 6})
    journal.close()
    return sid, session.events


def tamper(path: Path, seq: int, body: str) -> None:
    """Change one stored event behind the journal's back (what a flipped bit does)."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("UPDATE events SET body=? WHERE seq=?", (body, seq))
        conn.commit()


def files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in directory.iterdir() if p.is_file()}


# -- integrity --------------------------------------------------------------------------


def test_every_event_and_game_carries_a_checksum(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    play(path, 3)
    with closing(sqlite3.connect(path)) as conn:
        sums = [r[0] for r in conn.execute("SELECT checksum FROM events")]
        game = conn.execute("SELECT uid, checksum FROM sessions").fetchone()
    assert len(sums) == 3 and all(len(s) == 32 for s in sums) and len(set(sums)) == 3
    assert len(game[0]) == 16 and len(game[1]) == 32


def test_check_names_the_first_bad_event_and_changes_nothing(tmp_path: Path, capsys):
    path = tmp_path / "j.sqlite3"
    sid, _ = play(path, 20)
    tamper(path, 7, '{"kind": "answer", "values": {"add": 4}}')  # was add 1: valid JSON, wrong
    report = check_journal(path)
    assert not report.healthy
    assert report.problems == (
        f"game {sid} (toy): event 8 of 20 cannot be used (its checksum does not match); "
        "the game resumes after step 7",
    )
    before = files(tmp_path)
    assert main(["journal", "--journal", str(path), "check"]) == 1
    out = capsys.readouterr().out
    assert "DAMAGED" in out and "event 8 of 20" in out and "Nothing was changed" in out
    assert files(tmp_path) == before


def test_check_of_a_healthy_journal(tmp_path: Path, capsys):
    path = tmp_path / "j.sqlite3"
    play(path, 4)
    assert main(["journal", "--journal", str(path), "check"]) == 0
    assert "ok, 1 game, 4 events, every checksum verified" in capsys.readouterr().out


def test_a_changed_answer_is_never_replayed(tmp_path: Path):
    """The game resumes from the last intact event, with a notice, never from a changed one."""
    path = tmp_path / "j.sqlite3"
    sid, events = play(path, 20)
    sidecar(path, ".bak").unlink()  # no last good copy to take the intact event from
    tamper(path, 12, '{"kind": "answer", "values": {"add": 5}}')
    journal, notice = open_journal(path)
    assert journal.events(sid) == events[:12]
    assert f"Game {sid} lost 8 steps and resumes after step 12: event 13 is damaged" in str(notice)
    assert "its checksum does not match" in str(notice)


def test_unreadable_bytes_in_an_event_are_damage_not_a_crash(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    sid, events = play(path, 8)
    with closing(sqlite3.connect(path)) as conn:  # invalid UTF-8 stored as TEXT
        conn.execute("UPDATE events SET body=CAST(X'7B22FF22' AS TEXT) WHERE seq=5")
        conn.commit()
    sidecar(path, ".bak").unlink(missing_ok=True)
    journal, notice = open_journal(path)
    assert journal.events(sid) == events[:5]
    assert "event 6 is damaged" in str(notice)


def test_salvage_keeps_intact_events_beyond_the_last_good_copy(tmp_path: Path):
    """Event 3 is damaged in the file but intact in the copy; events after the copy are not."""
    path = tmp_path / "j.sqlite3"
    sid, events = play(path, 25)  # the copy was refreshed after 20 events
    tamper(path, 2, '{"kind": "redo"}')
    journal, notice = open_journal(path)
    assert journal.events(sid) == events  # 0-19 from the copy where needed, 20-24 from the file
    assert "25 intact steps of 1 game were recovered" in str(notice)


# -- never a new journal by mistake ---------------------------------------------------------


@pytest.mark.parametrize("size", [0, 1, 99])
def test_a_cut_short_journal_beside_its_copy_is_restored(tmp_path: Path, size: int):
    path = tmp_path / "j.sqlite3"
    sid, events = play(path, 10)
    path.write_bytes(path.read_bytes()[:size])
    journal, notice = open_journal(path)
    assert journal.events(sid) == events
    assert notice is not None and "kept as j.sqlite3.damaged-" in str(notice)
    assert [p.stat().st_size for p in tmp_path.glob("j.sqlite3.damaged-*")] == [size]


def test_a_missing_journal_beside_its_copy_is_restored(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    sid, events = play(path, 10)
    path.unlink()
    journal, notice = open_journal(path)
    assert journal.events(sid) == events
    assert "the file is missing" in str(notice)


def test_an_empty_file_with_no_copies_is_a_new_journal(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    path.write_bytes(b"")
    journal, notice = open_journal(path)
    assert notice is None and journal.sessions() == []


def test_two_recoveries_in_one_second_keep_both_originals(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(time, "strftime", lambda _fmt: "20260101-120000")
    path = tmp_path / "j.sqlite3"
    play(path, 10)
    for text in (b"first garbage" * 20, b"second garbage" * 20):
        path.write_bytes(text)
        open_journal(path)[0].close()
    copies = sorted(p.name for p in tmp_path.glob("j.sqlite3.damaged-*"))
    assert copies == ["j.sqlite3.damaged-20260101-120000", "j.sqlite3.damaged-20260101-120000-2"]
    assert (tmp_path / copies[0]).read_bytes() == b"first garbage" * 20
    assert (tmp_path / copies[1]).read_bytes() == b"second garbage" * 20


# -- the -wal -------------------------------------------------------------------------------


def crashed(path: Path, steps: int) -> tuple[int, list[dict], dict[str, bytes]]:
    """A journal as SIGKILL leaves it: the files copied while the writer is still open."""
    journal, _ = open_journal(path)
    sid = journal.create_session("toy", {"length": 50}, 1)
    session = Session(ToyGame(), {"length": 50}, 1, sink=journal.sink(sid))
    for n in range(steps):
        session.answer({"add": n % 6})
    snapshot = {s: sidecar(path, s).read_bytes() for s in ("", "-wal", "-shm")}
    journal.close()
    return sid, session.events, snapshot


def test_a_foreign_wal_never_touches_the_original(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    sid, events = play(path, 6)
    _, _, other = crashed(tmp_path / "other.sqlite3", 9)
    sidecar(path, "-wal").write_bytes(other["-wal"])
    before = path.read_bytes()
    journal, notice = open_journal(path)
    assert journal.events(sid) == events
    assert "did not belong to this journal" in str(notice)
    assert "The journal itself was not changed" in str(notice)
    assert path.read_bytes() == before
    [kept] = tmp_path.glob("j.sqlite3.foreign-*-wal")
    assert kept.read_bytes() == other["-wal"]


def test_without_recovery_nothing_is_changed_and_it_says_so_truthfully(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    play(path, 6)
    _, _, other = crashed(tmp_path / "other.sqlite3", 9)
    sidecar(path, "-wal").write_bytes(other["-wal"])
    (tmp_path / "other.sqlite3").unlink()
    before = files(tmp_path)
    with pytest.raises(JournalDamaged, match=r"does not belong.*Nothing was changed"):
        open_journal(path, recover=False)
    assert files(tmp_path) == before


def test_the_steps_of_a_lost_wal_come_back_from_the_copy(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    sid, events, snapshot = crashed(path, 23)
    path.write_bytes(snapshot[""])  # the database as the crash left it, without its -wal
    sidecar(path, "-wal").unlink(missing_ok=True)
    journal, notice = open_journal(path)
    assert journal.events(sid) == events[:20]  # all the copy had; 21-23 were only in the -wal
    assert "put back from its last good copy" in str(notice)


def test_a_crash_leaves_nothing_to_repair(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    sid, events, snapshot = crashed(path, 13)
    for suffix, data in snapshot.items():
        sidecar(path, suffix).write_bytes(data)
    journal, notice = open_journal(path)
    assert notice is None and journal.events(sid) == events


# -- the finished mark ----------------------------------------------------------------------


def test_finished_is_written_with_the_step_that_ends_the_game_redo_too(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    journal, _ = open_journal(path)
    sid = journal.create_session("toy", {"length": 2}, 1)
    session = Session(ToyGame(), {"length": 2}, 1, sink=journal.sink(sid))
    session.answer({"add": 1})
    session.answer({"add": 2})
    assert journal.latest_unfinished() is None
    session.undo()
    assert journal.latest_unfinished().id == sid
    session.redo()
    assert journal.latest_unfinished() is None  # redo finishes it again
    with closing(sqlite3.connect(path)) as conn:
        marks = [r[0] for r in conn.execute("SELECT finished FROM events ORDER BY seq")]
    assert marks == [0, 1, 0, 1]  # one row per step: no separate write to lose


# -- the storage refuses ---------------------------------------------------------------------


def test_a_full_database_is_a_storage_problem_and_loses_nothing(tmp_path: Path):
    path = tmp_path / "j.sqlite3"
    journal, _ = open_journal(path)
    sid = journal.create_session("toy", {"length": 500}, 1)
    session = Session(ToyGame(), {"length": 500}, 1, sink=journal.sink(sid))
    pages = journal._conn.execute("PRAGMA page_count").fetchone()[0]
    journal._conn.execute(f"PRAGMA max_page_count={pages}")
    with pytest.raises(JournalUnavailable) as caught:
        for n in range(400):
            session.answer({"add": n % 6})
    assert caught.value.reason == "full"
    assert "storage is full" in str(caught.value.message)
    saved = session.step_count
    assert journal.events(sid) == session.events  # the refused step left no trace anywhere
    assert journal.problem is caught.value
    journal._conn.execute("PRAGMA max_page_count=1073741823")
    session.answer({"add": 1})  # space again: play continues by itself
    assert journal.problem is None and session.step_count == saved + 1
    assert journal.events(sid) == session.events


def test_a_read_only_journal_says_so_at_start_and_stays_viewable(tmp_path: Path, monkeypatch):
    path = tmp_path / "j.sqlite3"
    sid, events = play(path, 5)
    import rules.journal.store as store

    def read_only(where: Path | str) -> sqlite3.Connection:  # what a remounted card gives
        return sqlite3.connect(f"file:{where}?mode=ro", uri=True, isolation_level=None)

    monkeypatch.setattr(store, "connect", read_only)
    journal, _notice = open_journal(path)
    assert journal.problem is not None and journal.problem.reason == "read-only"
    assert "read-only" in str(journal.problem.message)
    assert journal.events(sid) == events
    with pytest.raises(JournalUnavailable):
        journal.append(sid, {"kind": "answer", "values": {"add": 1}})
    assert journal.events(sid) == events


def test_schema_1_journals_are_upgraded_in_place(tmp_path: Path):
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(
            """
            PRAGMA application_id=2058478877;
            PRAGMA user_version=1;
            CREATE TABLE sessions (id INTEGER PRIMARY KEY, game TEXT NOT NULL,
                options TEXT NOT NULL, seed INTEGER NOT NULL, created REAL NOT NULL,
                updated REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE events (session_id INTEGER NOT NULL, seq INTEGER NOT NULL,
                body TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (session_id, seq));
            CREATE TABLE snapshots (session_id INTEGER NOT NULL, steps INTEGER NOT NULL,
                digest TEXT NOT NULL, state TEXT NOT NULL,
                PRIMARY KEY (session_id, steps, digest));
            INSERT INTO sessions VALUES (1, 'toy', '{"length": 1}', 3, 1.5, 2.5, 1);
            INSERT INTO events VALUES (1, 0, '{"kind": "answer", "values": {"add": 2}}', 2.0);
            INSERT INTO sessions VALUES (2, 'toy', '{"length": 9}', 4, 3.5, 4.5, 0);
            INSERT INTO events VALUES (2, 0, '{"kind": "answer", "values": {"add": 1}}', 4.0);
            """
        )
    journal, notice = open_journal(path)
    assert notice is None
    assert [(r.id, r.finished) for r in journal.sessions()] == [(2, False), (1, True)]
    journal.append(2, {"kind": "answer", "values": {"add": 3}})
    journal.close()
    assert check_journal(path).healthy
    journal, _ = open_journal(path)
    assert journal.events(2) == [
        {"kind": "answer", "values": {"add": 1}},
        {"kind": "answer", "values": {"add": 3}},
    ]
