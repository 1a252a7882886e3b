"""Opening the journal: look first, then open, repair, or show it read-only.

See :mod:`rules.journal` for the policy. Nothing here changes the original
file before a repaired journal has been completely written beside it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from rules.journal.errors import (
    BUSY,
    DAMAGED,
    JournalDamaged,
    JournalUnavailable,
    damaged_message,
    foreign_message,
    reason_of,
    unavailable,
)
from rules.journal.files import (
    backup_path,
    damaged_copies,
    move_aside,
    move_aside_wal,
    sidecar,
    storage_error,
    sync_dir,
)
from rules.journal.integrity import Contents, EventRow, SessionOutcome, merge
from rules.journal.locks import opening
from rules.journal.reading import Found, inspect, read_rows, salvage_sources
from rules.journal.store import Journal, build
from rules.text import N_, Msg, msg, msgn

log = logging.getLogger("tableside.journal")


@dataclass(frozen=True, kw_only=True)
class GameCheck:
    """One game as :func:`check_journal` found it."""

    id: int
    game: str
    intact: int  # events from step 0 that verify
    rows: int  # event rows stored for it
    first_bad: tuple[int, str] | None  # (seq, why) of the first damaged or missing event


@dataclass(frozen=True)
class JournalCheck:
    """What :func:`check_journal` found; ``problems`` is empty for a healthy journal.

    ``unreadable`` is set (and nothing else) when the file cannot even be
    read (permissions, an I/O error): that is the storage, not damage.
    """

    path: Path
    problems: tuple[str, ...]
    games: tuple[GameCheck, ...]
    unreadable: JournalUnavailable | None = None

    @property
    def healthy(self) -> bool:
        return not self.problems and self.unreadable is None


def check_journal(path: Path) -> JournalCheck:
    """Verify every row of the journal at ``path`` (and its -wal) without changing anything."""
    path = Path(path)
    with opening(path) as (alone, lease):
        # Alone (behind the gate) the raw bytes hold still; else another process may be
        # writing, and only SQLite's own locks give a consistent view.
        found = inspect(path, "the journal") if alone else _read_live(path)
        if lease is not None:
            lease.release()
    problems: list[str] = []
    if found.state == "unreadable":
        return JournalCheck(path, (), (), storage_error(found.error or OSError(), path))
    if found.state in ("missing", "empty") and (backup_path(path).exists() or damaged_copies(path)):
        problems.append(f"it is {found.state} but its last good copy or a damaged copy exists")
    contents = found.contents
    if contents is not None and contents.problem:
        detail = f" ({contents.detail})" if contents.detail else ""
        problems.append(contents.problem + detail)
    if found.wal_rejected:
        problems.append(f"its -wal does not belong to it ({found.wal_rejected})")
    games: list[GameCheck] = []
    if contents is not None:
        if contents.bad_sessions:
            bad = contents.bad_sessions
            problems.append(f"{bad} game record{'s are' if bad != 1 else ' is'} damaged")
        for outcome in merge([contents]):
            rows = len(contents.events.get(outcome.session.id, {}))
            games.append(
                GameCheck(
                    id=outcome.session.id,
                    game=outcome.session.game,
                    intact=len(outcome.events),
                    rows=rows,
                    first_bad=outcome.first_bad,
                )
            )
            if outcome.first_bad is not None:
                seq, why = outcome.first_bad
                problems.append(
                    f"game {outcome.session.id} ({outcome.session.game}): event {seq + 1} "
                    f"of {rows} cannot be used ({why}); the game resumes after step {seq}"
                )
    return JournalCheck(path, tuple(problems), tuple(games))


def _read_live(path: Path) -> Found:
    """The journal as SQLite shows it to a reader while another process has it open."""
    contents = Contents("the journal")
    try:
        with contextlib.closing(
            sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True, timeout=10)
        ) as conn:
            conn.text_factory = bytes
            result = conn.execute("PRAGMA quick_check").fetchone()[0]
            if result != b"ok":
                contents.problem = N_("it is damaged")
                contents.detail = result.decode("utf-8", "replace")[:200]
            read_rows(conn, contents)
    except sqlite3.Error as exc:
        if reason_of(exc) != DAMAGED:
            return Found("unreadable", error=exc)
        contents.problem, contents.detail = N_("it is damaged"), str(exc)
    return Found("sqlite", contents)


@dataclass
class _Recovery:
    """What recovery found and did, for the one-paragraph notice."""

    problem: str
    aside: list[str] = field(default_factory=list)
    outcomes: list[SessionOutcome] = field(default_factory=list)
    from_backup: bool = False


def open_journal(path: Path, recover: bool = True) -> tuple[Journal, Msg | None]:
    """Open (or create) the journal at ``path`` after checking it; returns it with a notice.

    With ``recover`` (the default journal), damage is repaired as described
    in the module docstring. Without it (a file named with ``--journal``)
    nothing is ever moved or rewritten: damage raises :class:`JournalDamaged`.
    Storage problems never raise here: the journal opens read-only with
    :attr:`Journal.problem` set (it raises only when there is nothing to show).
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # nothing to show, but nothing to crash about either
        return Journal.view(path, [], storage_error(exc, path.parent)), None
    with opening(path) as (alone, lease):
        if alone:
            journal, notice = _open_alone(path, recover)
        else:
            journal, notice = _open_shared(path, recover)
        if lease is not None:
            if journal.writable:
                journal._lease = lease  # kept while open: nobody repairs it under us
            else:
                lease.release()
    return journal, notice


def _open_shared(path: Path, recover: bool) -> tuple[Journal, Msg | None]:
    """Another process has the journal open (and checked it): open it through SQLite only.

    Its raw bytes may be mid-write, so they are not judged, and nothing is
    repaired or moved while that process may be writing.
    """
    try:
        journal = Journal(path)
    except (JournalUnavailable, JournalDamaged) as exc:
        if not recover and isinstance(exc, JournalDamaged):
            raise
        found = inspect(path, "the journal")
        outcomes = merge([found.contents]) if found.contents is not None else []
        problem = exc if isinstance(exc, JournalUnavailable) else unavailable(BUSY, path, str(exc))
        log.warning("journal %s opened read-only beside another program: %s", path, exc)
        return Journal.view(path, outcomes, problem), None
    if not journal.probe():
        log.warning("journal %s cannot be written: %s", path, journal.problem)
    return journal, None


def _open_alone(path: Path, recover: bool) -> tuple[Journal, Msg | None]:
    """Nobody else has the journal open: look at its bytes, then open, repair or view it."""
    found = inspect(path, "the journal")
    if found.state == "unreadable":
        assert found.error is not None
        return _unreadable(path, found.error)
    bak = inspect(backup_path(path), "the last good copy", use_wal=False)
    earlier = damaged_copies(path)
    have_copies = bak.state == "sqlite" or bool(earlier)

    if found.state in ("missing", "empty") and not have_copies:
        return _open_writable(path, None, bak)
    if found.state == "sqlite" and found.contents is not None and found.contents.healthy():
        if found.wal_rejected is None:
            return _open_writable(path, None, bak)
        return _reject_wal(path, found, bak, recover)

    # Damaged, foreign, truncated, or gone while copies exist: never taken as a new journal.
    contents = found.contents
    if found.state in ("missing", "empty"):
        problem = (
            N_("the file is missing") if found.state == "missing" else N_("it is empty (cut short)")
        )
    elif contents is not None and contents.foreign:
        problem = N_("it belongs to another program")
    elif contents is not None and contents.problem:
        problem = contents.problem
    else:
        problem = N_("some of its steps are damaged")
    if contents is not None and contents.detail:
        log.warning("journal %s: %s (%s)", path, problem, contents.detail)
    if not recover:
        if contents is not None and contents.foreign:
            raise JournalDamaged(foreign_message(path))
        detail = f" ({contents.detail})" if contents is not None and contents.detail else ""
        raise JournalDamaged(damaged_message(path, problem + detail))
    sources = [c for c in (contents,) if c is not None]
    sources += salvage_sources(found, bak)
    if bak.contents is not None:
        sources.append(bak.contents)
    if found.state in ("missing", "empty"):  # e.g. a recovery cut short: use its copies
        for copy in reversed(earlier):
            got = inspect(copy, copy.name)
            if got.contents is not None:
                sources.append(got.contents)
    recovery = _Recovery(problem=problem, outcomes=merge(sources))
    recovery.from_backup = bak.contents is not None and bool(bak.contents.sessions)
    return _rebuild(path, recovery, found.state)


def _open_writable(path: Path, notice: Msg | None, bak: Found) -> tuple[Journal, Msg | None]:
    try:
        journal = Journal(path)
    except JournalUnavailable as exc:
        found = inspect(path, "the journal")
        outcomes = merge([found.contents]) if found.contents is not None else []
        log.warning("journal %s opened read-only: %s", path, exc)
        return Journal.view(path, outcomes, exc), notice
    if not journal.probe():  # e.g. a full or read-only disk: say so now, not at the first step
        log.warning("journal %s cannot be written: %s", path, journal.problem)
        return journal, notice
    restored = _restore_missing_steps(journal, bak)
    if restored:
        notice = _join(
            notice,
            msgn(
                "{n} step missing from the journal was put back from its last good copy.",
                "{n} steps missing from the journal were put back from its last good copy.",
                n=restored,
            ),
        )
        journal.backup()
    return journal, notice


def _restore_missing_steps(journal: Journal, bak: Found) -> int:
    """Append steps the last good copy has beyond the journal (a lost ``-wal``); how many."""
    if bak.contents is None or not bak.contents.sessions:
        return 0
    try:
        mine = Contents("the journal")
        with journal._storage():
            journal._conn.text_factory = bytes
            try:
                read_rows(journal._conn, mine)
            finally:
                journal._conn.text_factory = str
        have = {o.session.uid: o for o in merge([mine])}
        added = 0
        for outcome in merge([bak.contents]):
            current = have.get(outcome.session.uid)
            if current is None:
                if outcome.session.id in {o.session.id for o in have.values()}:
                    continue  # another game has that number now: leave it in the copy
                with journal._tx() as conn:
                    _insert_session(conn, outcome, outcome.events)
                added += len(outcome.events)
                continue
            n = len(current.events)
            extra = outcome.events[n:]
            if not extra or [e.body for e in current.events] != [
                e.body for e in outcome.events[:n]
            ]:
                continue
            with journal._tx() as conn:
                conn.executemany(
                    "INSERT INTO events (session_id, seq, body, created, finished, checksum)"
                    " VALUES (?,?,?,?,?,?)",
                    [
                        (
                            current.session.id,
                            e.seq,
                            e.body.decode(),
                            e.created,
                            int(e.finished),
                            e.checksum,
                        )
                        for e in extra
                    ],
                )
            added += len(extra)
        return added
    except JournalUnavailable:
        return 0  # nothing written; the steps stay in the copy for the next start


def _insert_session(
    conn: sqlite3.Connection, outcome: SessionOutcome, events: tuple[EventRow, ...]
) -> None:
    s = outcome.session
    conn.execute(
        "INSERT INTO sessions (id, game, options, seed, created, updated, uid, checksum)"
        " VALUES (?,?,?,?,?,?,?,?)",
        (s.id, s.game, s.options, s.seed, s.created, s.updated, s.uid, s.checksum),
    )
    conn.executemany(
        "INSERT INTO events (session_id, seq, body, created, finished, checksum)"
        " VALUES (?,?,?,?,?,?)",
        [(s.id, e.seq, e.body.decode(), e.created, int(e.finished), e.checksum) for e in events],
    )


def _reject_wal(path: Path, found: Found, bak: Found, recover: bool) -> tuple[Journal, Msg | None]:
    """The ``-wal`` beside a healthy journal belongs elsewhere: set it aside, untouched."""
    wal = sidecar(path, "-wal")
    why = found.wal_rejected or ""
    if not recover:
        raise JournalDamaged(
            msg(
                "{wal} does not belong to the journal {path} ({why}). Nothing was changed; "
                "move that file away and start again.",
                wal=wal.name,
                path=str(path),
                why=why,
            )
        )
    try:
        aside = move_aside_wal(path)
    except OSError as exc:
        error = storage_error(exc, path)
        contents = found.contents
        return Journal.view(path, merge([contents]) if contents else [], error), None
    log.warning("%s set aside: %s", wal, why)
    notice = msg(
        "A leftover {wal} did not belong to this journal; it was moved aside as {aside}. "
        "The journal itself was not changed.",
        wal=wal.name,
        aside=aside,
    )
    return _open_writable(path, notice, bak)


def _rebuild(path: Path, recovery: _Recovery, state: str) -> tuple[Journal, Msg | None]:
    """Build the recovered journal beside the original, then swap it in (original kept)."""
    temp = sidecar(path, ".rebuild")
    try:
        build(temp, recovery.outcomes)
        if state != "missing":
            recovery.aside.append(move_aside(path).name)
        elif sidecar(path, "-wal").exists():
            move_aside(sidecar(path, "-wal"))
        os.replace(temp, path)
        sync_dir(path.parent)
    except OSError as exc:
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                sidecar(temp, suffix).unlink(missing_ok=True)
        error = storage_error(exc, path)
        log.warning("journal %s needs repair, but: %s", path, error)
        notice = _recovery_notice(recovery, repaired=False)
        return Journal.view(path, recovery.outcomes, error), notice
    except sqlite3.Error as exc:
        error = storage_error(exc, path)
        return Journal.view(path, recovery.outcomes, error), _recovery_notice(recovery, False)
    notice = _recovery_notice(recovery, repaired=True)
    log.warning("journal %s repaired: %s", path, notice)
    try:
        journal = Journal(path)
    except JournalUnavailable as exc:
        return Journal.view(path, recovery.outcomes, exc), notice
    journal.backup()
    return journal, notice


def _recovery_notice(recovery: _Recovery, repaired: bool) -> Msg:
    steps = sum(len(o.events) for o in recovery.outcomes)
    games = len(recovery.outcomes)
    parts: list[Msg] = [
        msg(
            "The game journal could not be used as it was: {problem}.",
            problem=Msg(recovery.problem),
        )
    ]
    if recovery.aside:
        parts.append(msg("The original was kept as {name}.", name=", ".join(recovery.aside)))
    of = msgn("{n} game", "{n} games", n=games)
    if repaired and recovery.from_backup:
        parts.append(
            msgn(
                "{n} intact step of {games} was recovered from it and from its last good copy.",
                "{n} intact steps of {games} were recovered from it and from its last good copy.",
                n=steps,
                games=of,
            )
        )
    elif repaired:
        parts.append(
            msgn(
                "{n} intact step of {games} was recovered.",
                "{n} intact steps of {games} were recovered.",
                n=steps,
                games=of,
            )
        )
    else:
        parts.append(
            msgn(
                "{n} intact step of {games} can be viewed; it is repaired as soon as the "
                "storage can be written.",
                "{n} intact steps of {games} can be viewed; it is repaired as soon as the "
                "storage can be written.",
                n=steps,
                games=of,
            )
        )
    for outcome in recovery.outcomes:
        part = game_loss(outcome)
        if part is not None:
            parts.append(part)
    notice = parts[0]
    for part in parts[1:]:
        notice = _join(notice, part)
    assert notice is not None
    return notice


def game_loss(outcome: SessionOutcome) -> Msg | None:
    """What one game lost, for the notice: which game, how many steps, where it resumes."""
    last = len(outcome.events)
    if outcome.first_bad is not None:
        seq, why = outcome.first_bad
        return msgn(
            "Game {game} lost {n} step and resumes after step {last}: event {seq} is "
            "damaged ({why}).",
            "Game {game} lost {n} steps and resumes after step {last}: event {seq} is "
            "damaged ({why}).",
            game=outcome.session.id,
            n=max(1, outcome.lost),
            last=last,
            seq=seq + 1,
            why=Msg(why),
        )
    if outcome.newest_missing:
        return msg(
            "Game {game} lost what came after step {last} and resumes there.",
            game=outcome.session.id,
            last=last,
        )
    return None


def _join(first: Msg | None, second: Msg) -> Msg:
    # Two sentences side by side: a layout, not a text to translate.
    return second if first is None else Msg("{first} {second}", {"first": first, "second": second})


def _unreadable(path: Path, error: BaseException) -> tuple[Journal, Msg | None]:
    """The journal cannot be read (permission, I/O): show the last good copy, change nothing."""
    problem = storage_error(error, path)
    log.warning("journal %s cannot be read: %s", path, problem)
    bak = inspect(backup_path(path), "the last good copy", use_wal=False)
    outcomes = merge([bak.contents]) if bak.contents is not None else []
    notice = msg("Until then, the last good copy of the journal is shown.") if outcomes else None
    return Journal.view(path, outcomes, problem), notice
