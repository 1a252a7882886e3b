"""The open journal: sessions, events (each with its checksum), snapshots, the last good copy.

:class:`Journal` writes each event in one ``BEGIN IMMEDIATE`` transaction
with its checksum and the "game over after it" mark, so the finished flag
and the steps can never disagree. Every SQLite or OS error leaves as a
:class:`~rules.journal.errors.JournalError`; a storage problem is kept in
:attr:`Journal.problem` until a later write (or :meth:`Journal.probe`)
succeeds. :meth:`Journal.view` is the read-only journal held in memory that
recovery offers when the storage refuses writes.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.journal.errors import (
    GameInUse,
    JournalDamaged,
    JournalError,
    JournalUnavailable,
    damaged_message,
    detail_of,
    foreign_message,
)
from rules.journal.files import as_journal_error, backup_path, connect, sidecar, sync_dir
from rules.journal.integrity import (
    Contents,
    EventRow,
    SessionOutcome,
    event_checksum,
    merge,
    option_text,
    session_checksum,
    shape_problem,
    snapshot_checksum,
)
from rules.journal.locks import GameLock, Holder, Lease, claim_game, exclusive, in_use_message
from rules.journal.reading import APPLICATION_ID, read_rows
from rules.session import Event
from rules.text import msg

log = logging.getLogger("tableside.journal")

SCHEMA_VERSION = 2
BACKUP_EVERY = 10  # events between refreshes of the last good copy

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    uid TEXT NOT NULL DEFAULT '',
    checksum TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS events (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    checksum TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    steps INTEGER NOT NULL,
    digest TEXT NOT NULL,
    state TEXT NOT NULL,
    checksum TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (session_id, steps, digest)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


@dataclass(frozen=True, kw_only=True)
class SessionRecord:
    id: int
    game: str
    options: dict[str, Any]
    seed: int
    created: float
    updated: float
    #: Whether the game is over after its last event (stored with that event).
    finished: bool
    event_count: int


class JournalSink:
    """What :class:`rules.session.Session` journals through: each event, durably.

    ``record`` also stores whether the game is over after the event, in the
    same transaction, so the "finished" mark can never disagree with the steps.
    ``journal`` is the journal, or a function that returns the one to write to
    now (a front end that may reopen its journal file, ``ui.service``).
    """

    def __init__(self, journal: Journal | Callable[[], Journal], session_id: int) -> None:
        self._journal = journal
        self.session_id = session_id

    @property
    def journal(self) -> Journal:
        held = self._journal
        return held if isinstance(held, Journal) else held()

    def __call__(self, event: Event) -> None:
        self.journal.append(self.session_id, event)

    def record(self, event: Event, *, finished: bool) -> None:
        self.journal.append(self.session_id, event, finished=finished)


class Journal:
    """An open journal. Use :func:`open_journal` to get one with checks and recovery.

    ``Journal(path)`` opens (or creates) the file for writing, with SQLite's
    own checks only; :class:`JournalError` says why it cannot.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.backup_path = backup_path(self.path)
        #: Why nothing can be written now (a :class:`JournalUnavailable`), or ``None``.
        self.problem: JournalUnavailable | None = None
        #: ``False`` for a read-only view held in memory (see :meth:`view`).
        self.writable = True
        #: When set, a due refresh of the last good copy waits for :meth:`backup_if_due`
        #: (the app calls it once the screen rests: copying a long journal takes 100 ms
        #: and more, too long inside a press). Every step is in the journal meanwhile.
        self.defer_backups = False
        self._since_backup = 0
        self._uids: dict[int, str] = {}
        #: How this process names itself to another that wants to play the same game
        #: (``app``, ``play``; see :func:`rules.journal.locks.in_use_message`).
        self.role = ""
        self._claims: dict[str, GameLock] = {}
        self._lease: Lease | None = None
        try:
            self._conn = connect(self.path)
        except sqlite3.Error as exc:
            raise as_journal_error(exc, self.path) from exc
        try:
            self._setup()
        except BaseException as exc:
            self._conn.close()
            if isinstance(exc, sqlite3.Error | OSError):
                raise as_journal_error(exc, self.path) from exc
            raise

    @classmethod
    def view(
        cls, path: Path, outcomes: list[SessionOutcome], problem: JournalUnavailable
    ) -> Journal:
        """A read-only journal held in memory (the storage refuses writes): viewable only."""
        journal = cls.__new__(cls)
        journal.path = Path(path)
        journal.backup_path = backup_path(journal.path)
        journal.problem = problem
        journal.writable = False
        journal.defer_backups = False
        journal._since_backup = 0
        journal._uids = {}
        journal.role = ""
        journal._claims = {}
        journal._lease = None
        journal._conn = sqlite3.connect(":memory:", isolation_level=None)
        journal._conn.executescript(_SCHEMA)
        write_outcomes(journal._conn, outcomes)
        return journal

    def _setup(self) -> None:
        conn = self._conn
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app_id == 0 and not tables:
            conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        elif app_id != APPLICATION_ID:
            raise JournalDamaged(foreign_message(self.path))
        result = conn.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise JournalDamaged(damaged_message(self.path, f"integrity check: {result[:200]}"))
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION and "events" in tables:
            _migrate(conn)
        else:
            conn.executescript(_SCHEMA)

    def close(self) -> None:
        try:
            self._conn.close()
        except sqlite3.Error as exc:  # closing cannot lose a committed step
            log.warning("closing the journal: %s", exc)
        for lock in self._claims.values():
            lock.release()
        self._claims.clear()
        if self._lease is not None:
            self._lease.release()
            self._lease = None

    # -- one writer per game -----------------------------------------------------------

    def claim(self, session_id: int) -> None:
        """Make this journal the only writer of the game, or raise :class:`GameInUse`.

        Every write to a game claims it first (append, undo and redo are
        appends); a front end claims when it resumes, so the players hear at
        once that the game is being played elsewhere. The claim lasts until
        :meth:`release` or :meth:`close`, or the process's end.
        """
        if self.writable:
            self._claim(self._uid(session_id), session_id)

    def _claim(self, uid: str, number: int) -> None:
        if uid in self._claims:
            return
        got = claim_game(self.path, uid, self.role)
        if isinstance(got, Holder):
            raise GameInUse(in_use_message(number, got), number, got.pid)
        if got is not None:
            self._claims[uid] = got

    def release(self, session_id: int) -> None:
        """Let another process play the game (this one left it)."""
        lock = self._claims.pop(self._uids.get(session_id, ""), None)
        if lock is not None:
            lock.release()

    def hand_over(self, other: Journal) -> None:
        """Take ``other``'s claims (the same process reopened the journal)."""
        self._uids.update(other._uids)
        for uid, lock in other._claims.items():
            if uid in self._claims:
                lock.release()  # the same process lock, counted twice
            else:
                self._claims[uid] = lock
        other._claims = {}

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- errors -------------------------------------------------------------------------

    @contextmanager
    def _storage(self) -> Iterator[None]:
        """Turn every SQLite and OS error into a :class:`JournalError` (logged once)."""
        try:
            yield
        except JournalError:
            raise
        except (sqlite3.Error, OSError) as exc:
            error = as_journal_error(exc, self.path)
            if isinstance(error, JournalUnavailable):
                self.problem = error
            log.warning("journal %s: %s (%s)", self.path, error, detail_of(exc))
            raise error from exc

    def _writing(self) -> None:
        if not self.writable:
            assert self.problem is not None
            raise self.problem

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self._writing()
        with self._storage():
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    with suppress(sqlite3.Error):  # SQLite may have rolled back by itself
                        self._conn.execute("ROLLBACK")
                raise
        self.problem = None

    # -- sessions -----------------------------------------------------------------------

    def create_session(self, game: str, options: Mapping[str, Any], seed: int) -> int:
        now = time.time()
        uid = secrets.token_hex(8)
        text = option_text(options)
        self._writing()
        self._claim(uid, 0)  # a fresh uid: nobody else can hold it; taken before the row exists
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO sessions (game, options, seed, created, updated, uid)"
                " VALUES (?,?,?,?,?,?)",
                (game, text, int(seed), now, now, uid),
            )
            sid = int(cur.lastrowid or 0)
            check = session_checksum(
                id=sid, uid=uid, game=game, options=text, seed=int(seed), created=now
            )
            conn.execute("UPDATE sessions SET checksum=? WHERE id=?", (check, sid))
        self._uids[sid] = uid
        return sid

    def sessions(self, include_finished: bool = True) -> list[SessionRecord]:
        with self._storage():
            rows = self._conn.execute(
                "SELECT s.id, s.game, s.options, s.seed, s.created, s.updated,"
                " COALESCE((SELECT e.finished FROM events e WHERE e.session_id = s.id"
                "           ORDER BY e.seq DESC LIMIT 1), 0),"
                " (SELECT COUNT(*) FROM events e WHERE e.session_id = s.id)"
                " FROM sessions s ORDER BY s.updated DESC, s.id DESC"
            ).fetchall()
        records = [
            SessionRecord(
                id=r[0],
                game=r[1],
                options=json.loads(r[2]),
                seed=r[3],
                created=r[4],
                updated=r[5],
                finished=bool(r[6]),
                event_count=r[7],
            )
            for r in rows
        ]
        return [r for r in records if include_finished or not r.finished]

    def session(self, session_id: int) -> SessionRecord:
        for record in self.sessions():
            if record.id == session_id:
                return record
        raise JournalError(
            msg("There is no game number {number} in the journal.", number=session_id)
        )

    def latest_unfinished(self, game: str | None = None) -> SessionRecord | None:
        for record in self.sessions(include_finished=False):
            if game is None or record.game == game:
                return record
        return None

    def _uid(self, session_id: int) -> str:
        if session_id not in self._uids:
            with self._storage():
                row = self._conn.execute(
                    "SELECT uid FROM sessions WHERE id=?", (session_id,)
                ).fetchone()
            if row is None:
                raise JournalError(
                    msg("There is no game number {number} in the journal.", number=session_id)
                )
            self._uids[session_id] = row[0]
        return self._uids[session_id]

    def set_finished(self, session_id: int, finished: bool = True) -> None:
        """Mark the game over (or not) after its last event; sinks that can, say so per step."""
        uid = self._uid(session_id)
        self.claim(session_id)
        with self._tx() as conn:
            row = conn.execute(
                "SELECT seq, body FROM events WHERE session_id=? ORDER BY seq DESC LIMIT 1",
                (session_id,),
            ).fetchone()
            if row is None:
                return
            check = event_checksum(uid, row[0], row[1].encode(), finished)
            conn.execute(
                "UPDATE events SET finished=?, checksum=? WHERE session_id=? AND seq=?",
                (int(finished), check, session_id, row[0]),
            )

    # -- events -------------------------------------------------------------------------

    def append(self, session_id: int, event: Event, *, finished: bool = False) -> int:
        """Append one event durably (and whether the game is over after it); returns its seq."""
        problem = shape_problem(event)
        if problem is not None:
            raise JournalError(msg("This step cannot be saved: {why}.", why=problem))
        uid = self._uid(session_id)
        self._writing()
        self.claim(session_id)
        body = json.dumps(event, sort_keys=True)
        now = time.time()
        with self._tx() as conn:
            seq = conn.execute(
                "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE session_id=?",
                (session_id,),
            ).fetchone()[0]
            check = event_checksum(uid, seq, body.encode(), finished)
            conn.execute(
                "INSERT INTO events (session_id, seq, body, created, finished, checksum)"
                " VALUES (?,?,?,?,?,?)",
                (session_id, seq, body, now, int(finished), check),
            )
            conn.execute("UPDATE sessions SET updated=? WHERE id=?", (now, session_id))
        self._since_backup += 1
        if not self.defer_backups:
            self.backup_if_due()
        return int(seq)

    def events(self, session_id: int) -> list[Event]:
        """The session's events, each verified; damage found now raises :class:`JournalDamaged`."""
        uid = self._uid(session_id)
        with self._storage():
            rows = self._conn.execute(
                "SELECT seq, CAST(body AS BLOB), finished, checksum FROM events"
                " WHERE session_id=? ORDER BY seq",
                (session_id,),
            ).fetchall()
        events: list[Event] = []
        for seq, body, finished, checksum in rows:
            row = EventRow(
                seq=seq, body=body, created=0.0, finished=bool(finished), checksum=checksum
            )
            why = row.problem(uid) if seq == len(events) else "an earlier event is missing"
            if why is not None:
                raise JournalDamaged(
                    damaged_message(self.path, f"game {session_id}, event {seq + 1}: {why}")
                )
            events.append(row.event())
        return events

    def sink(self, session_id: int) -> JournalSink:
        """What :class:`rules.session.Session` journals each event through."""
        return JournalSink(self, session_id)

    # -- snapshots ----------------------------------------------------------------------

    def put_snapshot(self, session_id: int, steps: int, digest: str, state: Any) -> None:
        """Store a state snapshot (a cache: failing to store one loses nothing)."""
        if not self.writable:
            return
        uid = self._uid(session_id)
        self.claim(session_id)
        text = json.dumps(state, sort_keys=True)
        try:
            with self._tx() as conn:
                conn.execute(
                    "INSERT OR REPLACE INTO snapshots (session_id, steps, digest, state, checksum)"
                    " VALUES (?,?,?,?,?)",
                    (session_id, steps, digest, text, snapshot_checksum(uid, steps, digest, text)),
                )
        except JournalUnavailable:
            pass  # the next step's own write reports the problem

    def snapshot_lookup(self, session_id: int) -> Any:
        uid = self._uid(session_id)

        def lookup(steps: int, digest: str) -> Any:
            try:
                row = self._conn.execute(
                    "SELECT state, checksum FROM snapshots"
                    " WHERE session_id=? AND steps=? AND digest=?",
                    (session_id, steps, digest),
                ).fetchone()
                if row is None or row[1] != snapshot_checksum(uid, steps, digest, row[0]):
                    return None
                return json.loads(row[0])
            except (sqlite3.Error, ValueError):
                return None  # a bad snapshot only costs speed: replay instead

        return lookup

    # -- storage health -----------------------------------------------------------------

    def probe(self) -> bool:
        """Try one small durable write; ``True`` (and :attr:`problem` cleared) if it worked."""
        if not self.writable:
            return False
        try:
            with self._tx() as conn:
                conn.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('probe', ?)",
                    (repr(time.time()),),
                )
        except JournalError:
            return False
        return True

    # -- last good copy -----------------------------------------------------------------

    def backup_if_due(self) -> bool:
        """Refresh the last good copy if :data:`BACKUP_EVERY` events came since the last."""
        return self._since_backup >= BACKUP_EVERY and self.backup()

    def backup(self) -> bool:
        """Refresh the last good copy next to the journal (atomic replace).

        A failure (e.g. a full disk) is logged and costs nothing: every step
        is already in the journal itself.
        """
        if not self.writable:
            return False
        tmp = sidecar(self.backup_path, ".tmp")
        with exclusive(self.path, "backup") as mine:
            if not mine:  # another process is refreshing it now; ours waits for the next turn
                return False
            try:
                tmp.unlink(missing_ok=True)
                with closing(connect(tmp)) as dest:
                    self._conn.backup(dest)
                os.replace(tmp, self.backup_path)
                sync_dir(self.path.parent)
            except (sqlite3.Error, OSError) as exc:
                log.warning("the last good copy %s was not refreshed: %s", self.backup_path, exc)
                with suppress(OSError):
                    tmp.unlink(missing_ok=True)
                return False
        self._since_backup = 0
        return True


def write_outcomes(conn: sqlite3.Connection, outcomes: list[SessionOutcome]) -> None:
    """Insert the merged sessions and their intact events into an empty journal."""
    used: set[int] = set()
    conn.execute("BEGIN IMMEDIATE")
    try:
        top = max((o.session.id for o in outcomes), default=0)
        for outcome in outcomes:
            s = outcome.session
            sid = s.id
            if sid in used:
                top += 1
                sid = top
            used.add(sid)
            check = session_checksum(
                id=sid, uid=s.uid, game=s.game, options=s.options, seed=s.seed, created=s.created
            )
            # "updated" is the time of the last event kept: a later check must not take the
            # steps this repair could not bring back for newly missing ones.
            updated = max(s.created, outcome.events[-1].created) if outcome.events else s.created
            conn.execute(
                "INSERT INTO sessions (id, game, options, seed, created, updated, uid, checksum)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (sid, s.game, s.options, s.seed, s.created, updated, s.uid, check),
            )
            conn.executemany(
                "INSERT INTO events (session_id, seq, body, created, finished, checksum)"
                " VALUES (?,?,?,?,?,?)",
                [
                    (sid, e.seq, e.body.decode("utf-8"), e.created, int(e.finished), e.checksum)
                    for e in outcome.events
                ],
            )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _migrate(conn: sqlite3.Connection) -> None:
    """Schema 1 -> 2: add uids, checksums and the per-event "finished" mark, in one transaction."""
    found = Contents("the journal")
    conn.text_factory = bytes
    try:
        read_rows(conn, found)
    finally:
        conn.text_factory = str
    outcomes = merge([found])
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("ALTER TABLE sessions ADD COLUMN uid TEXT NOT NULL DEFAULT ''")
        conn.execute("ALTER TABLE sessions ADD COLUMN checksum TEXT NOT NULL DEFAULT ''")
        conn.execute("ALTER TABLE events ADD COLUMN finished INTEGER NOT NULL DEFAULT 0")
        conn.execute("ALTER TABLE events ADD COLUMN checksum TEXT NOT NULL DEFAULT ''")
        conn.execute("ALTER TABLE snapshots ADD COLUMN checksum TEXT NOT NULL DEFAULT ''")
        for outcome in outcomes:
            s = outcome.session
            conn.execute(
                "UPDATE sessions SET uid=?, checksum=? WHERE id=?", (s.uid, s.checksum, s.id)
            )
            conn.executemany(
                "UPDATE events SET finished=?, checksum=? WHERE session_id=? AND seq=?",
                [(int(e.finished), e.checksum, s.id, e.seq) for e in outcome.events],
            )
        conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def build(target: Path, outcomes: list[SessionOutcome]) -> None:
    """Write a fresh journal holding ``outcomes`` at ``target`` (synced, closed)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        sidecar(target, suffix).unlink(missing_ok=True)
    with closing(connect(target)) as conn:
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("PRAGMA synchronous=FULL")
        conn.executescript(_SCHEMA)
        write_outcomes(conn, outcomes)
    sync_dir(target.parent)
