"""The SQLite journal: every confirmed step, durable before it counts.

One file holds many sessions. It runs in WAL mode with ``synchronous=FULL``,
so a step whose ``append`` returned survives a pulled plug. The file carries
SQLite's ``application_id`` so a foreign file is recognised rather than
overwritten. A damaged file is moved aside, the last good copy (made with
SQLite's online backup after every few steps) is restored, and every event
still readable from the damaged file is salvaged into it; the caller gets a
plain-language notice of what happened.

This is the only I/O the rules core does.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.session import Event

APPLICATION_ID = 0x7AB1E51D  # "tableside", as far as hex allows
SCHEMA_VERSION = 1
BACKUP_EVERY = 10  # events between refreshes of the last good copy

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    steps INTEGER NOT NULL,
    digest TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (session_id, steps, digest)
);
"""


class JournalError(Exception):
    """The journal cannot be used; the message says why and what to do."""


@dataclass(frozen=True)
class SessionRecord:
    id: int
    game: str
    options: dict[str, Any]
    seed: int
    created: float
    updated: float
    finished: bool
    event_count: int


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, timeout=10)


def _configure(conn: sqlite3.Connection) -> None:
    """Durability settings; only ever applied to a file known to be ours."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")


def _check(conn: sqlite3.Connection, path: Path) -> None:
    """Raise sqlite3.DatabaseError if damaged, JournalError if foreign."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if app_id == 0 and not tables:
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    elif app_id != APPLICATION_ID:
        raise JournalError(
            f"{path} is an SQLite file of another program, not a tableside journal. "
            "Nothing was changed in it. Move it away, or start tableside with "
            "--journal pointing at another file."
        )
    result = conn.execute("PRAGMA quick_check").fetchone()[0]
    if result != "ok":
        raise sqlite3.DatabaseError(f"integrity check failed: {result}")
    _configure(conn)
    conn.executescript(_SCHEMA)


class Journal:
    """An open journal file. Use :func:`open_journal` to get one with recovery."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.backup_path = self.path.with_name(self.path.name + ".bak")
        self._conn = _connect(self.path)
        try:
            _check(self._conn, self.path)
        except BaseException:
            self._conn.close()
            raise
        self._since_backup = 0

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield self._conn
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    # -- sessions -------------------------------------------------------------------

    def create_session(self, game: str, options: Mapping[str, Any], seed: int) -> int:
        now = time.time()
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO sessions (game, options, seed, created, updated) VALUES (?,?,?,?,?)",
                (game, json.dumps(dict(options), sort_keys=True), int(seed), now, now),
            )
        return int(cur.lastrowid or 0)

    def sessions(self, include_finished: bool = True) -> list[SessionRecord]:
        rows = self._conn.execute(
            "SELECT s.id, s.game, s.options, s.seed, s.created, s.updated, s.finished,"
            " (SELECT COUNT(*) FROM events e WHERE e.session_id = s.id)"
            " FROM sessions s ORDER BY s.updated DESC, s.id DESC"
        ).fetchall()
        records = [
            SessionRecord(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5], bool(r[6]), r[7])
            for r in rows
        ]
        return [r for r in records if include_finished or not r.finished]

    def session(self, session_id: int) -> SessionRecord:
        for record in self.sessions():
            if record.id == session_id:
                return record
        raise JournalError(f"there is no game number {session_id} in {self.path}")

    def latest_unfinished(self, game: str | None = None) -> SessionRecord | None:
        for record in self.sessions(include_finished=False):
            if game is None or record.game == game:
                return record
        return None

    def set_finished(self, session_id: int, finished: bool = True) -> None:
        with self._tx() as conn:
            conn.execute(
                "UPDATE sessions SET finished=?, updated=? WHERE id=?",
                (int(finished), time.time(), session_id),
            )

    # -- events ---------------------------------------------------------------------

    def append(self, session_id: int, event: Event) -> int:
        """Append one event durably; returns its sequence number."""
        now = time.time()
        with self._tx() as conn:
            seq = conn.execute(
                "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE session_id=?",
                (session_id,),
            ).fetchone()[0]
            conn.execute(
                "INSERT INTO events (session_id, seq, body, created) VALUES (?,?,?,?)",
                (session_id, seq, json.dumps(event, sort_keys=True), now),
            )
            conn.execute("UPDATE sessions SET updated=? WHERE id=?", (now, session_id))
        self._since_backup += 1
        if self._since_backup >= BACKUP_EVERY:
            self.backup()
        return int(seq)

    def events(self, session_id: int) -> list[Event]:
        rows = self._conn.execute(
            "SELECT body FROM events WHERE session_id=? ORDER BY seq", (session_id,)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def sink(self, session_id: int) -> Any:
        """A callable for :class:`rules.session.Session` that journals each event."""
        return lambda event: self.append(session_id, event)

    # -- snapshots ------------------------------------------------------------------

    def put_snapshot(self, session_id: int, steps: int, digest: str, state: Any) -> None:
        with self._tx() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO snapshots (session_id, steps, digest, state)"
                " VALUES (?,?,?,?)",
                (session_id, steps, digest, json.dumps(state, sort_keys=True)),
            )

    def snapshot_lookup(self, session_id: int) -> Any:
        def lookup(steps: int, digest: str) -> Any:
            row = self._conn.execute(
                "SELECT state FROM snapshots WHERE session_id=? AND steps=? AND digest=?",
                (session_id, steps, digest),
            ).fetchone()
            try:
                return json.loads(row[0]) if row else None
            except json.JSONDecodeError:
                return None  # a bad snapshot only costs speed: replay instead

        return lookup

    # -- last good copy -------------------------------------------------------------

    def backup(self) -> None:
        """Refresh the last good copy next to the journal (atomic replace)."""
        tmp = self.backup_path.with_name(self.backup_path.name + ".tmp")
        tmp.unlink(missing_ok=True)
        with closing(sqlite3.connect(tmp)) as dest:
            self._conn.backup(dest)
        os.replace(tmp, self.backup_path)
        self._since_backup = 0


def _salvage(damaged: Path, into: Journal) -> int:
    """Copy every readable session and event of a damaged file; returns events saved."""
    saved = 0
    try:
        with closing(sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)) as old:
            sessions = old.execute(
                "SELECT id, game, options, seed, created, updated, finished FROM sessions"
            ).fetchall()
            for row in sessions:
                into._conn.execute("INSERT OR IGNORE INTO sessions VALUES (?,?,?,?,?,?,?)", row)
                try:
                    events = old.execute(
                        "SELECT session_id, seq, body, created FROM events WHERE session_id=?",
                        (row[0],),
                    ).fetchall()
                except sqlite3.DatabaseError:
                    continue
                for event in events:
                    try:
                        json.loads(event[2])
                    except (json.JSONDecodeError, TypeError):
                        continue
                    cur = into._conn.execute("INSERT OR IGNORE INTO events VALUES (?,?,?,?)", event)
                    saved += cur.rowcount
    except sqlite3.DatabaseError:
        pass
    return saved


def open_journal(path: Path, recover: bool = True) -> tuple[Journal, str | None]:
    """Open (or create) the journal at ``path``; returns it with a notice, if any.

    With ``recover``, a damaged or foreign file is moved aside to
    ``<name>.damaged-<time>`` (never deleted) and replaced by the last good
    copy plus every event still readable from it. Without ``recover`` the file
    is left untouched and :class:`JournalError` explains what to do.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return Journal(path), None
    except JournalError:
        if not recover:
            raise
        problem = "it belongs to another program"
    except sqlite3.DatabaseError as exc:
        if not recover:
            raise JournalError(
                f"{path} is not a usable tableside journal ({exc}). Nothing was changed in it. "
                "Give --journal another file, or leave --journal out to use the default "
                "journal, which repairs itself from its last good copy."
            ) from exc
        problem = f"it is damaged ({exc})"
    except OSError as exc:
        raise JournalError(f"cannot open the journal {path}: {exc.strerror or exc}") from exc

    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, aside.with_name(aside.name + suffix))
    backup = path.with_name(path.name + ".bak")
    restored = False
    if backup.exists():
        shutil.copyfile(backup, path)
        try:
            journal = Journal(path)
            restored = True
        except (sqlite3.DatabaseError, JournalError):
            path.unlink(missing_ok=True)
            journal = Journal(path)
    else:
        journal = Journal(path)
    saved = _salvage(aside, journal)
    journal.backup()
    notice = (
        f"The game journal could not be used because {problem}. "
        f"It was kept as {aside.name}. "
        + ("The last good copy was restored" if restored else "A new journal was started")
        + (f" and {saved} step(s) were rescued from the old file." if saved else ".")
    )
    return journal, notice
