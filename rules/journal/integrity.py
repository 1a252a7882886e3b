"""Integrity of the journal's contents, independent of SQLite's own checks.

SQLite notices a broken page, not a flipped bit inside a stored value. So
every row that matters carries a checksum (BLAKE2b, 128 bits) over what it
means: a session over its id, its random ``uid``, game, options and seed; an
event over its session's ``uid``, its sequence number, its body and the
"game over after it" flag. Binding events to the session's ``uid`` means an
event copied in from another journal (a foreign ``-wal``) never verifies.

Recovery reads every source it has (the file, its last good copy, damaged
copies) into :class:`Contents`, keeps only rows that verify, and
:func:`merge` takes, per session, the longest run of intact events from
step 0: a game can only be replayed in order, so it resumes from the last
intact event, and intact events after a gap are counted as *stranded*
(they stay in the damaged copy, which is never deleted).

:func:`apply_wal` reads SQLite's write-ahead log in pure Python, so a
journal can be viewed on a read-only or full disk without SQLite creating
any file beside it.

Pure: no I/O here; :mod:`rules.journal` does the reading and writing.
"""

from __future__ import annotations

import hashlib
import json
import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.text import N_

EVENT_KINDS = ("answer", "undo", "redo")


def _digest(*parts: bytes) -> str:
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)
    return h.hexdigest()


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def session_checksum(
    *, id: int, uid: str, game: str, options: str, seed: int, created: float
) -> str:
    return _digest(_canonical([id, uid, game, seed, created]), options.encode())


def event_checksum(uid: str, seq: int, body: bytes, finished: bool) -> str:
    return _digest(_canonical([uid, seq, finished]), body)


def snapshot_checksum(uid: str, steps: int, digest: str, state: str) -> str:
    return _digest(_canonical([uid, steps, digest]), state.encode())


@dataclass(frozen=True, kw_only=True)
class SessionRow:
    """One row of the ``sessions`` table, as read (not yet trusted)."""

    id: int
    uid: str
    game: str
    options: str
    seed: int
    created: float
    updated: float
    checksum: str

    def intact(self) -> bool:
        expected = session_checksum(
            id=self.id,
            uid=self.uid,
            game=self.game,
            options=self.options,
            seed=self.seed,
            created=self.created,
        )
        if self.checksum != expected:
            return False
        try:
            return isinstance(json.loads(self.options), dict)
        except ValueError:
            return False


@dataclass(frozen=True, kw_only=True)
class EventRow:
    """One row of the ``events`` table; ``body`` is the raw bytes as stored."""

    seq: int
    body: bytes
    created: float
    finished: bool
    checksum: str

    def problem(self, uid: str) -> str | None:
        """Why this event cannot be trusted, or ``None`` when it verifies."""
        if self.checksum != event_checksum(uid, self.seq, self.body, self.finished):
            return N_("its checksum does not match")
        try:
            event = json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return N_("it is not readable text")
        return shape_problem(event)

    def event(self) -> dict[str, Any]:
        decoded: dict[str, Any] = json.loads(self.body.decode("utf-8"))
        return decoded


def shape_problem(event: Any) -> str | None:
    """``None`` when ``event`` has the shape :class:`rules.session.Session` replays."""
    if not isinstance(event, dict) or event.get("kind") not in EVENT_KINDS:
        return N_("it is not a step, undo or redo")
    if event["kind"] == "answer" and not isinstance(event.get("values"), dict):
        return N_("its answer has no values")
    if event["kind"] == "undo" and type(event.get("to")) is not int:
        return N_("its undo has no target step")
    return None


@dataclass
class Contents:
    """What one source (a file, a copy) yielded, not yet trusted.

    ``sessions`` holds the session rows that verify, by uid; ``events`` every
    event row read, by session id and seq (verified when merged, against the
    uid of the session they belong to). ``problem`` says why the source could
    not be read at all, or only in part; ``foreign`` marks another program's file.
    """

    label: str
    sessions: dict[str, SessionRow] = field(default_factory=dict)
    events: dict[int, dict[int, EventRow]] = field(default_factory=dict)
    bad_sessions: int = 0
    #: Sequence numbers known to have been stored per session id (from index entries
    #: read off the pages), even where the event row itself is lost.
    known: dict[int, set[int]] = field(default_factory=dict)
    #: Why the source is not healthy, as a short English phrase marked for translation.
    problem: str | None = None
    #: The technical detail behind ``problem`` (SQLite's words), for the log and ``check``.
    detail: str = ""
    foreign: bool = False

    def add_session(self, row: SessionRow) -> None:
        if row.intact() and row.uid not in self.sessions:
            self.sessions[row.uid] = row
        else:
            self.bad_sessions += 1

    def add_event(self, session_id: int, row: EventRow) -> None:
        self.events.setdefault(session_id, {}).setdefault(row.seq, row)

    def rows_of(self, uid: str, fallback_id: int) -> dict[int, EventRow]:
        """The event rows this source holds for the session ``uid``."""
        session = self.sessions.get(uid)
        if session is not None:
            return self.events.get(session.id, {})
        owners = {s.id for s in self.sessions.values()}
        return {} if fallback_id in owners else self.events.get(fallback_id, {})

    def known_of(self, uid: str, fallback_id: int) -> set[int]:
        """The sequence numbers this source's index says the session ``uid`` had."""
        session = self.sessions.get(uid)
        if session is not None:
            return self.known.get(session.id, set())
        owners = {s.id for s in self.sessions.values()}
        return set() if fallback_id in owners else self.known.get(fallback_id, set())

    def healthy(self) -> bool:
        """Readable, ours, and every row verifies with no gap: nothing to repair."""
        if self.problem or self.foreign or self.bad_sessions:
            return False
        ids = {s.id for s in self.sessions.values()}
        if set(self.events) - ids:
            return False
        for outcome in merge([self]):
            rows = self.events.get(outcome.session.id, {})
            if outcome.first_bad is not None or len(outcome.events) != len(rows):
                return False
        return True


@dataclass(frozen=True, kw_only=True)
class SessionOutcome:
    """One session after merging: the intact run from step 0 and what lies beyond it."""

    session: SessionRow
    events: tuple[EventRow, ...]
    #: ``(seq, why)`` of the first event that is missing or damaged after the run, if any.
    first_bad: tuple[int, str] | None
    #: Intact events after the first bad one: kept in the damaged copy, not replayed.
    stranded: int
    #: Events known to have been stored after the run (rows or index entries seen),
    #: i.e. the steps this game lost; 0 when none is known.
    lost: int = 0
    #: The session row was updated after the run's last event: at least its newest
    #: step is gone without a trace (how many is unknown).
    newest_missing: bool = False


def merge(sources: Iterable[Contents]) -> list[SessionOutcome]:
    """Per session (by uid), the longest intact run of events from step 0 over all sources.

    Sources come best first; where two hold the same event, the first wins
    (they agree: events are append-only and checksummed).
    """
    sources = list(sources)
    outcomes: list[SessionOutcome] = []
    seen: set[str] = set()
    for source in sources:
        for uid, session in source.sessions.items():
            if uid in seen:
                continue
            seen.add(uid)
            intact: dict[int, EventRow] = {}
            bad: dict[int, str] = {}
            known: set[int] = set()
            for other in sources:
                for seq, row in other.rows_of(uid, session.id).items():
                    why = row.problem(uid)
                    if why is None:
                        intact.setdefault(seq, row)
                    else:
                        bad.setdefault(seq, why)
                known |= other.known_of(uid, session.id)
            run: list[EventRow] = []
            while len(run) in intact:
                run.append(intact[len(run)])
            beyond = [seq for seq in intact if seq > len(run)]
            stored = max({*intact, *bad, *known}, default=-1) + 1
            first_bad: tuple[int, str] | None = None
            if len(run) in bad:
                first_bad = (len(run), bad[len(run)])
            elif stored > len(run):
                first_bad = (len(run), N_("it is missing"))
            last = run[-1].created if run else session.created
            outcomes.append(
                SessionOutcome(
                    session=session,
                    events=tuple(run),
                    first_bad=first_bad,
                    stranded=len(beyond),
                    lost=max(0, stored - len(run)),
                    newest_missing=not session.uid.startswith("v1:") and session.updated > last,
                )
            )
    return outcomes


def extends(older: Contents, newer: Contents) -> str | None:
    """``None`` when ``newer`` holds everything ``older`` holds, unchanged; else why not.

    The journal only ever grows, so a genuine ``-wal`` read on top of its
    database file must keep every session and event the file alone shows.
    """
    for uid, session in older.sessions.items():
        other = newer.sessions.get(uid)
        if other is None or other.id != session.id:
            return f"game {session.id} would disappear"
        theirs = newer.events.get(other.id, {})
        for seq, row in older.events.get(session.id, {}).items():
            if seq not in theirs or theirs[seq].body != row.body:
                return f"event {seq + 1} of game {session.id} would change"
    return None


# -- SQLite's write-ahead log, read without SQLite ------------------------------------

WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_HEADER = 32
FRAME_HEADER = 24


@dataclass(frozen=True)
class WalResult:
    """The database image with the WAL's committed transactions applied."""

    image: bytes
    frames: int  # committed frames applied
    problem: str | None  # why the WAL was not used at all, if it was not
    #: Commit frames of this WAL found *after* a frame whose checksum failed: SQLite
    #: stops at the bad frame, so these transactions (confirmed steps) would be lost.
    stranded_commits: int = 0


def _wal_checksum(data: bytes, big_endian: bool, s0: int, s1: int) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def apply_wal(db: bytes, wal: bytes, *, salvage: bool = False) -> WalResult:
    """Apply the committed frames of ``wal`` to the database image ``db``.

    Follows SQLite's file format: frames count only while their salts match
    the header and their cumulative checksums verify, and only up to the last
    commit frame; a torn tail is ignored exactly as SQLite ignores it. With
    ``salvage``, frames after a failed checksum are applied too (up to the
    last commit frame with this WAL's salts): the pages may then disagree,
    but every row read from them is still checked against its own checksum.
    """
    if len(wal) < WAL_HEADER:
        return WalResult(db, 0, None if not wal else "the -wal file is too short")
    magic, _version, page_size, _ckpt, salt1, salt2, c0, c1 = struct.unpack(">8I", wal[:WAL_HEADER])
    if magic not in WAL_MAGIC or page_size < 512 or page_size & (page_size - 1):
        return WalResult(db, 0, "the -wal file has no valid header")
    big = magic & 1 == 1
    s0, s1 = _wal_checksum(wal[:24], big, 0, 0)
    if (s0, s1) != (c0, c1):
        return WalResult(db, 0, "the -wal file's header checksum does not match")
    if len(db) >= 100 and db[:16] == b"SQLite format 3\x00":
        db_page = int.from_bytes(db[16:18], "big")
        db_page = 65536 if db_page == 1 else db_page
        if db_page != page_size:
            return WalResult(db, 0, "the -wal file has another page size than the journal")
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    size_pages = len(db) // page_size
    frames = 0
    stranded = 0
    broken = False
    offset = WAL_HEADER
    frame_len = FRAME_HEADER + page_size
    while offset + frame_len <= len(wal):
        header = wal[offset : offset + FRAME_HEADER]
        page_no, commit_size, f_salt1, f_salt2, f0, f1 = struct.unpack(">6I", header)
        offset += frame_len
        if (f_salt1, f_salt2) != (salt1, salt2) or page_no == 0:
            break
        data = wal[offset - page_size : offset]
        if not broken:
            s0, s1 = _wal_checksum(header[:8], big, s0, s1)
            s0, s1 = _wal_checksum(data, big, s0, s1)
            broken = (s0, s1) != (f0, f1)
        if broken:
            stranded += 1 if commit_size else 0
            if not salvage:
                continue
        pending[page_no] = data
        if commit_size:
            pages.update(pending)
            frames += len(pending)
            pending = {}
            size_pages = commit_size
    if not pages:
        return WalResult(db, 0, None, stranded)
    image = bytearray(db[: size_pages * page_size].ljust(size_pages * page_size, b"\x00"))
    for page_no, data in pages.items():
        if page_no <= size_pages:
            image[(page_no - 1) * page_size : page_no * page_size] = data
    return WalResult(bytes(image), frames, None, stranded)


def without_wal_flag(image: bytes) -> bytes:
    """The image marked as a rollback-journal database, so an in-memory copy looks for no WAL."""
    if len(image) >= 100 and image[18:20] == b"\x02\x02":
        return image[:18] + b"\x01\x01" + image[20:]
    return image


def option_text(options: Mapping[str, Any]) -> str:
    """Options as stored: canonical JSON, so their checksum is stable."""
    return json.dumps(dict(options), sort_keys=True)
