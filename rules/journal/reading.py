"""Reading a journal file into memory without changing anything on disk.

:func:`inspect` reads the file and its ``-wal`` as bytes, applies the WAL in
Python (:func:`rules.journal.integrity.apply_wal`) and opens the image as an
in-memory SQLite database. So a journal on a read-only or full disk can still
be read, and a ``-wal`` that does not belong to the file is noticed (it
would remove or change rows) before SQLite could checkpoint it into the
original. :func:`read_rows` pulls every row it can out of a damaged file:
a table scan, then each game through the index, then single-row look-ups,
so rows behind a broken page are still found.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.journal.files import sidecar
from rules.journal.integrity import (
    WAL_HEADER,
    Contents,
    EventRow,
    SessionRow,
    apply_wal,
    event_checksum,
    extends,
    session_checksum,
    without_wal_flag,
)
from rules.journal.pages import records
from rules.text import N_

APPLICATION_ID = 0x7AB1E51D  # "tableside", as far as hex allows
SQLITE_HEADER = b"SQLite format 3\x00"


def read_image(image: bytes, label: str) -> Contents:
    """Every session and event row an in-memory copy of ``image`` yields, tolerating damage."""
    found = Contents(label)
    try:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.deserialize(without_wal_flag(image))
    except (sqlite3.Error, OverflowError, MemoryError) as exc:
        found.problem, found.detail = N_("it cannot be read"), str(exc)
        return found
    with closing(conn):
        conn.text_factory = bytes
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            result = conn.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.Error as exc:
            found.problem, found.detail = N_("it is damaged"), str(exc)
            tables, app_id, result = set(), APPLICATION_ID, b"ok"
        if result != b"ok":
            found.problem = N_("it is damaged")
            found.detail = result.decode("utf-8", "replace")[:200]
        if app_id != APPLICATION_ID and not {b"sessions", b"events"} <= tables:
            found.foreign = bool(tables) or app_id != 0
            if found.foreign:
                found.problem = N_("it belongs to another program")
            return found
        read_rows(conn, found)
    if found.problem:
        read_pages(image, found)
    return found


def read_pages(image: bytes, found: Contents) -> None:
    """Add the rows SQLite could not reach: every leaf page, decoded (:mod:`.pages`).

    Only rows of the current shape are taken (a session: 9 columns; an event:
    6 columns with a checksum), and only where no query found that row; each
    is still verified by its checksum when merged. Index entries of the
    events (session, seq) tell which steps existed, so a loss can be counted.
    """
    for record in records(image):
        v = record.values
        try:
            if record.rowid is None:
                if len(v) == 3 and all(type(x) is int for x in v):
                    found.known.setdefault(int(v[0] or 0), set()).add(int(v[1] or 0))
            elif len(v) == 6 and type(v[0]) is int and type(v[1]) is int:
                body, checksum = v[2], v[5]
                if isinstance(body, bytes) and isinstance(checksum, bytes) and len(checksum) == 32:
                    created = float(v[3]) if isinstance(v[3], int | float) else 0.0
                    row = EventRow(
                        seq=v[1],
                        body=body,
                        created=created,
                        finished=bool(v[4]),
                        checksum=checksum.decode("ascii"),
                    )
                    found.add_event(v[0], row)
            elif len(v) == 9 and v[0] is None and isinstance(v[8], bytes) and len(v[8]) == 32:
                session = SessionRow(
                    id=record.rowid,
                    uid=_text(v[7]),
                    game=_text(v[1]),
                    options=_text(v[2]),
                    seed=int(v[3]),  # type: ignore[arg-type]
                    created=float(v[4]),  # type: ignore[arg-type]
                    updated=float(v[5]),  # type: ignore[arg-type]
                    checksum=_text(v[8]),
                )
                if session.uid not in found.sessions and session.intact():
                    found.sessions[session.uid] = session
        except (TypeError, ValueError, UnicodeDecodeError):
            continue


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, str):
        return value
    raise TypeError("not text")


def _rows(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """The rows a query yields before any damage stops it."""
    rows: list[Any] = []
    try:
        for row in conn.execute(sql, params):
            rows.append(row)
    except sqlite3.Error:
        pass
    return rows


def read_rows(conn: sqlite3.Connection, found: Contents) -> None:
    try:
        columns = {r[1] for r in conn.execute("PRAGMA table_info(events)")}
    except sqlite3.Error:
        columns = set()
    legacy = b"checksum" not in columns and "checksum" not in columns
    last_finished: dict[int, bool] = {}
    select = (
        "SELECT id, game, options, seed, created, updated, finished FROM sessions"
        if legacy
        else "SELECT id, game, options, seed, created, updated, uid, checksum FROM sessions"
    )
    for row in _rows(conn, select):
        try:
            if legacy:
                sid, game, options, seed, created = row[0], row[1], row[2], row[3], row[4]
                uid = f"v1:{sid}:{created!r}"
                options_text = _text(options)
                checksum = session_checksum(
                    id=sid,
                    uid=uid,
                    game=_text(game),
                    options=options_text,
                    seed=seed,
                    created=created,
                )
                last_finished[sid] = bool(row[6])
            else:
                sid, game, options, seed, created, _u, uid_raw, checksum_raw = row
                uid, checksum = _text(uid_raw), _text(checksum_raw)
                options_text = _text(options)
            found.add_session(
                SessionRow(
                    id=int(sid),
                    uid=uid,
                    game=_text(game),
                    options=options_text,
                    seed=int(seed),
                    created=float(created),
                    updated=float(row[5]),
                    checksum=checksum,
                )
            )
        except (TypeError, ValueError, UnicodeDecodeError):
            found.bad_sessions += 1
    by_id = {s.id: s for s in found.sessions.values()}
    ev_cols = "session_id, seq, body, created" + ("" if legacy else ", finished, checksum")

    def add(row: Any) -> None:
        try:
            sid, seq, body = int(row[0]), int(row[1]), row[2]
            body = body if isinstance(body, bytes) else str(body).encode()
            if legacy:
                session = by_id.get(sid)
                if session is None:
                    return
                finished = False
                checksum = event_checksum(session.uid, seq, body, finished)
            else:
                finished, checksum = bool(row[4]), _text(row[5])
            created = float(row[3]) if isinstance(row[3], int | float) else 0.0
            found.add_event(
                sid,
                EventRow(seq=seq, body=body, created=created, finished=finished, checksum=checksum),
            )
        except (TypeError, ValueError, UnicodeDecodeError):
            return

    scanned = _rows(conn, f"SELECT {ev_cols} FROM events")
    for row in scanned:
        add(row)
    # Damage may stop the table scan early: also walk each session through the index,
    # then look single rows up, so events behind a broken page are still found.
    for sid in {*by_id, *found.events}:
        for row in _rows(
            conn, f"SELECT {ev_cols} FROM events WHERE session_id=? ORDER BY seq", (sid,)
        ):
            add(row)
        known = found.events.get(sid, {})
        top = max(known, default=-1)
        for seq in range(top + 2):
            if seq not in known:
                for row in _rows(
                    conn, f"SELECT {ev_cols} FROM events WHERE session_id=? AND seq=?", (sid, seq)
                ):
                    add(row)
    if legacy:  # v1 kept "finished" on the session: it belongs to its last event
        for sid, done in last_finished.items():
            events = found.events.get(sid)
            session = by_id.get(sid)
            if done and events and session is not None:
                seq = max(events)
                row = events[seq]
                events[seq] = EventRow(
                    seq=seq,
                    body=row.body,
                    created=row.created,
                    finished=True,
                    checksum=event_checksum(session.uid, seq, row.body, True),
                )


@dataclass
class Found:
    """What reading one journal file (and its ``-wal``) showed, with the bytes read."""

    state: str  # missing | empty | unreadable | garbage | sqlite
    contents: Contents | None = None
    error: BaseException | None = None
    wal_rejected: str | None = None
    db: bytes = b""
    wal: bytes = b""


def inspect(path: Path, label: str, use_wal: bool = True) -> Found:
    """Read ``path`` (and its ``-wal``) into memory and check it; changes nothing on disk."""
    try:
        db: bytes | None = path.read_bytes()
    except FileNotFoundError:
        db = None
    except OSError as exc:
        return Found("unreadable", error=exc)
    wal = b""
    if use_wal:
        try:
            wal = sidecar(path, "-wal").read_bytes()
        except FileNotFoundError:
            pass
        except OSError as exc:
            return Found("unreadable", error=exc)
    if db is None and len(wal) <= WAL_HEADER:
        return Found("missing")
    db = db or b""
    if not db and len(wal) <= WAL_HEADER:
        return Found("empty", db=db, wal=wal)
    if db and (len(db) < 100 or not db.startswith(SQLITE_HEADER)):
        problem = N_("it is not an SQLite database") if len(db) >= 100 else N_("it is cut short")
        return Found("garbage", Contents(label, problem=problem), db=db, wal=wal)
    plain = read_image(db, label) if db else None
    if len(wal) > WAL_HEADER:
        applied = apply_wal(db, wal)
        if applied.stranded_commits:
            contents = read_image(applied.image, label) if applied.frames else plain
            contents = contents or Contents(label)
            contents.problem = N_("its -wal file is damaged")
            n = applied.stranded_commits
            contents.detail = (
                f"{n} saved change{'s lie' if n != 1 else ' lies'} behind a broken frame"
            )
            return Found("sqlite", contents, db=db, wal=wal)
        if applied.frames:
            with_wal = read_image(applied.image, label)
            if not db and with_wal.problem:
                with_wal.problem = N_("it is empty (cut short)")
            why: str | None = None
            if plain is not None and not plain.problem:
                why = "the journal would be unreadable with it" if with_wal.problem else None
                why = why or extends(plain, with_wal)
            if why is None:
                return Found("sqlite", with_wal, db=db, wal=wal)
            return Found("sqlite", plain, wal_rejected=why, db=db, wal=wal)
    if plain is None:
        return Found("empty", db=db, wal=wal)
    return Found("sqlite", plain, db=db, wal=wal)


def salvage_sources(found: Found, backup: Found) -> list[Contents]:
    """More ways to read a damaged journal, each checked row by row when merged.

    The file with every ``-wal`` frame applied (even behind a broken one);
    the file with its first page (header and schema) taken from the last good
    copy; and the last good copy with the ``-wal`` applied on top. Pages may
    disagree in such images, but no row is used unless its checksum holds.
    """
    db, wal, good = found.db, found.wal, backup.db
    images: list[tuple[str, bytes]] = []
    if db and wal:
        images.append(("the journal with its whole -wal", apply_wal(db, wal, salvage=True).image))
    if good.startswith(SQLITE_HEADER) and len(good) >= 100:
        page = int.from_bytes(good[16:18], "big")
        page = 65536 if page == 1 else page
        if len(db) > page and db[:page] != good[:page]:
            grafted = good[:page] + db[page:]
            images.append(("the journal with a repaired first page", grafted))
            if wal:
                images.append(
                    ("the same with its -wal", apply_wal(grafted, wal, salvage=True).image)
                )
        if wal:
            images.append(
                ("the last good copy with the -wal", apply_wal(good, wal, salvage=True).image)
            )
    seen = {db}
    sources = []
    for label, image in images:
        if image not in seen:
            seen.add(image)
            sources.append(read_image(image, label))
    return sources
