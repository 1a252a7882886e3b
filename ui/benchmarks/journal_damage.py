"""The journal damage matrix: break a journal in every way a café SD card can, and open it.

:func:`build` writes a journal with several games the way play does (steps,
undos, redos, the last good copy every few steps), and captures its files as
a pulled plug would leave them: the database, an uncheckpointed ``-wal``,
the ``-shm``, the ``.bak``, plus an older ``-wal`` of the same journal and
one of another journal. Each :class:`Case` damages a copy of those files
(or the storage under them) and :func:`run_case` opens it with
:func:`rules.journal.open_journal`, recording what a person would ask:

- was there a traceback (any exception but a :class:`JournalError`)?
- is the original (damaged) file still there, byte for byte, as it was or as
  a ``.damaged-*`` copy?
- how many confirmed events came back, against how many were there before
  the damage, and did the recovered ones all match the originals?
- was a loss (or a storage problem) told, or was it silent?

The test suite runs a fixed set (tests/rules/test_journal_damage.py);
``tableside bench journal`` runs 200 random files and prints the figures.
Storage cases (full disk, read-only) need root to mount a small tmpfs and to
act as an unprivileged user; without it they use a simulation and say so.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import subprocess
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rules.journal import Journal, JournalError, open_journal
from rules.journal.files import backup_path, sidecar

NAME = "journal.sqlite3"
NOBODY = 65534


@dataclass(frozen=True, kw_only=True)
class Built:
    """A journal as a pulled plug left it, and what had been confirmed in it."""

    events: dict[int, list[dict[str, Any]]]
    files: dict[str, bytes]  # suffix ("", "-wal", "-shm", ".bak") -> bytes
    closed: dict[str, bytes]  # the same journal after a clean close: no -wal
    stale_wal: bytes  # an older -wal of this journal (before a checkpoint)
    foreign_wal: bytes  # the -wal of another journal

    @property
    def present(self) -> int:
        return sum(len(v) for v in self.events.values())


def _events(rng: random.Random, count: int) -> Iterator[dict[str, Any]]:
    answers = 0
    undone = 0
    for _ in range(count):
        roll = rng.random()
        if roll < 0.1 and answers:
            answers -= 1
            undone += 1
            yield {"kind": "undo", "to": answers}
        elif roll < 0.15 and undone:
            answers += 1
            undone -= 1
            yield {"kind": "redo"}
        else:
            answers += 1
            undone = 0
            yield {
                "kind": "answer",
                "values": {"add": rng.randrange(6), "note": "ä" * rng.randrange(3)},
            }


def _capture(path: Path) -> dict[str, bytes]:
    files = {}
    for suffix in ("", "-wal", "-shm"):
        if sidecar(path, suffix).exists():
            files[suffix] = sidecar(path, suffix).read_bytes()
    if backup_path(path).exists():
        files[".bak"] = backup_path(path).read_bytes()
    return files


def build(workdir: Path, seed: int, games: int = 3, steps: int = 60) -> Built:
    """Play ``games`` interleaved games of about ``steps`` events; capture the files mid-play."""
    rng = random.Random(seed)
    workdir.mkdir(parents=True, exist_ok=True)
    other = workdir / "other.sqlite3"
    with Journal(other) as foreign:
        sid = foreign.create_session("toy", {"length": 1000}, 7)
        for event in _events(rng, 30):
            foreign.append(sid, event)
        foreign_wal = sidecar(other, "-wal").read_bytes()
    path = workdir / NAME
    journal = Journal(path)
    ids = [
        journal.create_session("toy", {"length": 1000}, rng.randrange(1000)) for _ in range(games)
    ]
    streams = {sid: list(_events(rng, steps + rng.randrange(steps // 2))) for sid in ids}
    written: dict[int, list[dict[str, Any]]] = {sid: [] for sid in ids}
    total = sum(len(s) for s in streams.values())
    stale = b""
    checkpoint_at = total // 2
    done = 0
    while any(len(written[s]) < len(streams[s]) for s in ids):
        sid = rng.choice([s for s in ids if len(written[s]) < len(streams[s])])
        event = streams[sid][len(written[sid])]
        journal.append(sid, event)
        written[sid].append(event)
        done += 1
        if done == checkpoint_at // 2:
            stale = sidecar(path, "-wal").read_bytes()
        if done == checkpoint_at:
            journal._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    files = _capture(path)  # the power cut: the connection is still open
    journal.close()
    closed = _capture(path)
    return Built(
        events=written, files=files, closed=closed, stale_wal=stale, foreign_wal=foreign_wal
    )


# -- the storage under a case ---------------------------------------------------------------


def is_root() -> bool:
    return os.geteuid() == 0


@contextlib.contextmanager
def as_nobody(enabled: bool = True) -> Iterator[None]:
    """Act as an unprivileged user (root ignores file permissions); no-op if not root."""
    if not enabled or not is_root():
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def can_mount() -> bool:
    """Whether a small tmpfs can be mounted here (root with CAP_SYS_ADMIN, mount(8) present)."""
    if not is_root() or shutil.which("mount") is None:
        return False
    probe = Path(f"/tmp/tableside-mount-probe-{os.getpid()}")
    probe.mkdir(exist_ok=True)
    try:
        ok = _mount(probe, "size=64k")
        if ok:
            _umount(probe)
        return ok
    finally:
        probe.rmdir()


def _mount(where: Path, options: str) -> bool:
    result = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tableside-test", str(where)],
        capture_output=True,
    )
    return result.returncode == 0


def _umount(where: Path) -> None:
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


@contextlib.contextmanager
def small_filesystem(where: Path, size_kib: int) -> Iterator[Path]:
    """A tmpfs of ``size_kib`` at ``where`` (a real full disk), unmounted afterwards."""
    where.mkdir(parents=True, exist_ok=True)
    if not _mount(where, f"size={size_kib}k,mode=0777"):
        raise OSError("cannot mount a tmpfs here")
    try:
        yield where
    finally:
        _umount(where)


def fill(directory: Path) -> Path:
    """Write a filler file until the file system is full; returns it (delete it to free space)."""
    filler = directory / "filler"
    with open(filler, "wb", buffering=0) as out:
        for size in (1 << 20, 4096, 1):  # big blocks, then whatever is left
            with contextlib.suppress(OSError):
                while out.write(b"\0" * size):
                    pass
    return filler


def remount(where: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True, capture_output=True)


# -- cases ---------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Case:
    """One way to damage the files (``damage``) or the storage (``storage``)."""

    name: str
    damage: Callable[[Path, Built, random.Random], None] | None = None
    #: Damage the journal as a clean close leaves it (no -wal) rather than as a power cut does.
    closed: bool = False
    storage: str | None = None  # full | read-only-dir | read-only-fs | chmod-000 | full-play


def _write(directory: Path, built: Built, closed: bool = False) -> Path:
    path = directory / NAME
    for suffix, data in (built.closed if closed else built.files).items():
        target = backup_path(path) if suffix == ".bak" else sidecar(path, suffix)
        target.write_bytes(data)
    return path


def truncate_to(
    fraction: float | None, size: int | None = None
) -> Callable[[Path, Built, random.Random], None]:
    def damage(path: Path, built: Built, rng: random.Random) -> None:
        data = path.read_bytes()
        keep = size if size is not None else int(len(data) * (fraction or 0))
        path.write_bytes(data[:keep])

    return damage


def flip_bits(count: int, *, header: bool = False) -> Callable[[Path, Built, random.Random], None]:
    def damage(path: Path, built: Built, rng: random.Random) -> None:
        data = bytearray(path.read_bytes())
        for _ in range(count):
            at = rng.randrange(0, 100) if header else rng.randrange(100, len(data))
            data[at] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))

    return damage


def flip_in_event(path: Path, built: Built, rng: random.Random) -> None:
    """Flip one bit inside a stored event's body (SQLite's own checks cannot see it)."""
    data = bytearray(path.read_bytes())
    spots = [i for i in range(len(data) - 8) if data[i : i + 8] == b'"kind": ']
    at = rng.choice(spots) + rng.randrange(9, 14)
    data[at] ^= 1 << rng.randrange(7)
    path.write_bytes(bytes(data))


def flip_in_wal_event(path: Path, built: Built, rng: random.Random) -> None:
    wal = sidecar(path, "-wal")
    data = bytearray(wal.read_bytes())
    spots = [i for i in range(len(data) - 8) if data[i : i + 8] == b'"kind": ']
    if spots:
        at = rng.choice(spots) + rng.randrange(9, 14)
        data[at] ^= 1 << rng.randrange(7)
        wal.write_bytes(bytes(data))


def zero_page(which: str) -> Callable[[Path, Built, random.Random], None]:
    def damage(path: Path, built: Built, rng: random.Random) -> None:
        data = bytearray(path.read_bytes())
        page = int.from_bytes(data[16:18], "big") or 4096
        pages = len(data) // page
        number = 0 if which == "first" else rng.randrange(1, max(2, pages))
        data[number * page : (number + 1) * page] = bytes(page)
        path.write_bytes(bytes(data))

    return damage


def delete_wal(path: Path, built: Built, rng: random.Random) -> None:
    sidecar(path, "-wal").unlink(missing_ok=True)
    sidecar(path, "-shm").unlink(missing_ok=True)


def stale_wal(path: Path, built: Built, rng: random.Random) -> None:
    sidecar(path, "-wal").write_bytes(built.stale_wal)
    sidecar(path, "-shm").unlink(missing_ok=True)


def foreign_wal(path: Path, built: Built, rng: random.Random) -> None:
    sidecar(path, "-wal").write_bytes(built.foreign_wal)
    sidecar(path, "-shm").unlink(missing_ok=True)


def not_sqlite(path: Path, built: Built, rng: random.Random) -> None:
    for suffix in ("-wal", "-shm"):
        sidecar(path, suffix).unlink(missing_ok=True)
    path.write_bytes(b"Holiday photos, not a database.\n" * 200)


def foreign_sqlite(path: Path, built: Built, rng: random.Random) -> None:
    import sqlite3

    for suffix in ("", "-wal", "-shm"):
        sidecar(path, suffix).unlink(missing_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER, name TEXT)")
        conn.execute("INSERT INTO photos VALUES (1, 'beach')")
        conn.commit()


FILE_CASES: tuple[Case, ...] = (
    Case(name="truncated to 0 bytes", damage=truncate_to(None, 0)),
    Case(name="truncated to 1 byte", damage=truncate_to(None, 1)),
    Case(name="truncated to half", damage=truncate_to(0.5)),
    Case(name="truncated to half, closed", damage=truncate_to(0.5), closed=True),
    Case(name="last page torn, closed", damage=truncate_to(0.97), closed=True),
    Case(name="bit flips in pages", damage=flip_bits(3)),
    Case(name="bit flips in pages, closed", damage=flip_bits(3), closed=True),
    Case(name="bit flip in the header, closed", damage=flip_bits(1, header=True), closed=True),
    Case(name="bit flip in an event", damage=flip_in_event),
    Case(name="bit flip in an event, closed", damage=flip_in_event, closed=True),
    Case(name="bit flip in an event in the -wal", damage=flip_in_wal_event),
    Case(name="first page zeroed", damage=zero_page("first")),
    Case(name="first page zeroed, closed", damage=zero_page("first"), closed=True),
    Case(name="a page zeroed, closed", damage=zero_page("random"), closed=True),
    Case(name="-wal deleted", damage=delete_wal),
    Case(name="stale -wal", damage=stale_wal),
    Case(name="stale -wal, closed", damage=stale_wal, closed=True),
    Case(name="foreign -wal", damage=foreign_wal),
    Case(name="not an SQLite file", damage=not_sqlite),
    Case(name="another program's SQLite file", damage=foreign_sqlite),
)

STORAGE_CASES: tuple[Case, ...] = (
    Case(name="full disk at start", storage="full"),
    Case(name="full disk at start, closed", storage="full", closed=True),
    Case(name="full disk during play", storage="full-play"),
    Case(name="read-only directory", storage="read-only-dir"),
    Case(name="read-only file system", storage="read-only-fs"),
    Case(name="chmod 000", storage="chmod-000"),
)


# -- running a case ---------------------------------------------------------------------------


@dataclass(kw_only=True)
class Outcome:
    case: str
    present: int
    recovered: int = 0
    told: bool = False
    traceback: str | None = None
    preserved: bool = True
    invented: bool = False
    message: str = ""
    resumed_after_clearing: bool | None = None
    simulated: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def silent_loss(self) -> bool:
        return self.recovered < self.present and not self.told


def _recovered(journal: Journal, events: dict[int, list[dict[str, Any]]]) -> tuple[int, bool]:
    """Events the journal holds now, and whether all of them match the originals in order."""
    count, faithful = 0, True
    for record in journal.sessions():
        got = journal.events(record.id)
        faithful &= got == events.get(record.id, [])[: len(got)]
        count += len(got)
    return count, faithful


def _inputs(path: Path) -> dict[str, bytes]:
    return {s: sidecar(path, s).read_bytes() for s in ("", "-wal") if _readable(sidecar(path, s))}


def _preserved(directory: Path, inputs: dict[str, bytes]) -> bool:
    """Every input file is still there, byte for byte, as a file or the start of one.

    (A healthy journal's ``-wal`` only grows; a damaged file survives as a copy.)
    """
    present = [p.read_bytes() for p in directory.iterdir() if p.is_file() and _readable(p)]
    return all(any(d.startswith(data) for d in present) for data in inputs.values() if data)


def _readable(path: Path) -> bool:
    try:
        with open(path, "rb"):
            return True
    except OSError:
        return False


def run_case(case: Case, built: Built, directory: Path, seed: int) -> Outcome:
    """Set up ``case`` in the empty ``directory``, open the journal, and judge the result."""
    built = replace(built, events={k: list(v) for k, v in built.events.items()})
    outcome = Outcome(case=case.name, present=built.present)
    try:
        if case.storage is not None:
            _run_storage(case, built, directory, outcome)
            return outcome
        path = _write(directory, built, case.closed)
        assert case.damage is not None
        case.damage(path, built, random.Random(seed))
        inputs = _inputs(path)
        journal, notice = open_journal(path)
        try:
            outcome.told = notice is not None or journal.problem is not None
            outcome.message = str(notice or journal.problem or "")
            outcome.recovered, faithful = _recovered(journal, built.events)
            outcome.invented = not faithful
            outcome.preserved = _preserved(directory, inputs)
        finally:
            journal.close()
    except JournalError as exc:  # a message, not a traceback; still judged
        outcome.told = True
        outcome.message = str(exc)
    except Exception:
        outcome.traceback = traceback.format_exc()
    return outcome


def storage_available(case: Case) -> str | None:
    """``None`` if ``case`` can run here for real, else why not (then it is skipped)."""
    if case.storage in ("full", "read-only-fs") and not can_mount():
        return "needs root and mount(8) for a small tmpfs"
    if case.storage in ("read-only-dir", "chmod-000") and is_root() and not hasattr(os, "seteuid"):
        return "needs seteuid to act as an unprivileged user"
    return None


def _run_storage(case: Case, built: Built, directory: Path, outcome: Outcome) -> None:
    if case.storage in ("full", "full-play", "read-only-fs") and can_mount():
        with small_filesystem(directory / "fs", 8192) as mounted:
            _storage_on(case, built, mounted, outcome)
        return
    outcome.simulated = case.storage in ("full", "full-play", "read-only-fs")
    _storage_on(case, built, directory, outcome)


def _storage_on(case: Case, built: Built, directory: Path, outcome: Outcome) -> None:
    path = _write(directory, built, case.closed)
    mounted = os.path.ismount(directory)
    storage = case.storage
    if storage == "read-only-dir":
        sidecar(path, "-shm").unlink(missing_ok=True)  # the harder case: nothing to open it with
    if is_root():
        for p in [directory, *directory.iterdir()]:
            os.chown(p, NOBODY, NOBODY)
    directory.chmod(0o777)
    inputs = _inputs(path)
    filler: Path | None = None
    if storage == "full" and mounted:
        filler = fill(directory)
    elif storage == "read-only-dir" or (storage == "read-only-fs" and not mounted):
        directory.chmod(0o555)
    elif storage == "read-only-fs":
        remount(directory, "ro")
    elif storage == "chmod-000":
        path.chmod(0)
    try:
        with as_nobody():
            if storage == "full-play":
                _full_during_play(path, built, directory, mounted, outcome)
            else:
                journal, notice = open_journal(path)
                try:
                    outcome.told = journal.problem is not None or notice is not None
                    outcome.message = str(journal.problem or notice or "")
                    outcome.recovered, faithful = _recovered(journal, built.events)
                    outcome.invented = not faithful
                    outcome.preserved = _preserved_in_place(path, inputs)
                finally:
                    journal.close()
    finally:
        if storage == "read-only-fs" and mounted:
            remount(directory, "rw")
        directory.chmod(0o777)
        if path.exists():
            path.chmod(0o644)
        if filler is not None:
            filler.unlink()
    # The condition cleared: play continues, every step still there.
    with as_nobody():
        journal, _notice = open_journal(path)
        try:
            count, faithful = _recovered(journal, built.events)
            sid = next(iter(built.events))
            journal.append(sid, {"kind": "answer", "values": {"add": 2}})
            outcome.resumed_after_clearing = (
                journal.problem is None
                and faithful
                and count == sum(map(len, built.events.values()))
            )
        except JournalError as exc:
            outcome.resumed_after_clearing = False
            outcome.notes.append(f"after clearing: {exc}")
        finally:
            journal.close()


def _preserved_in_place(path: Path, inputs: dict[str, bytes]) -> bool:
    """Nothing moved or rewritten: each input file is still where it was, as it was (or grown)."""
    for suffix, data in inputs.items():
        target = sidecar(path, suffix)
        if not _readable(target):
            return suffix == "" and not _readable(path) and path.exists()
        if not target.read_bytes().startswith(data):
            return False
    return True


def _full_during_play(
    path: Path, built: Built, directory: Path, mounted: bool, outcome: Outcome
) -> None:
    journal, _ = open_journal(path)
    sid = next(iter(built.events))
    filler = fill(directory) if mounted else None
    if filler is None:  # no small file system here: SQLite's own "database is full"
        journal._conn.execute(f"PRAGMA max_page_count={_page_count(journal)}")
    try:
        for n in range(200):  # until the -wal needs another page and cannot get it
            event = {"kind": "answer", "values": {"add": n % 6}}
            try:
                journal.append(sid, event)
            except JournalError as exc:
                outcome.told = True
                outcome.message = str(exc)
                break
            built.events[sid].append(event)
        else:
            outcome.notes.append("no write failed on the full disk")
        outcome.present = sum(len(v) for v in built.events.values())
        outcome.recovered, faithful = _recovered(journal, built.events)
        outcome.invented = not faithful
    finally:
        if filler is not None:
            filler.unlink()
        else:
            journal._conn.execute("PRAGMA max_page_count=1073741823")
    try:
        event = {"kind": "answer", "values": {"add": 5}}
        journal.append(sid, event)
        built.events[sid].append(event)
        outcome.resumed_after_clearing = journal.problem is None
    except JournalError as exc:
        outcome.resumed_after_clearing = False
        outcome.notes.append(f"after freeing space: {exc}")
    finally:
        journal.close()


def _page_count(journal: Journal) -> int:
    return int(journal._conn.execute("PRAGMA page_count").fetchone()[0])


# -- a broken interior page: the rows themselves are intact ------------------------------------


@dataclass(kw_only=True)
class PageOutcome:
    present: int = 0  # confirmed events
    intact_in_copy: int = 0  # confirmed events whose stored body is still in the damaged file
    recovered: int = 0
    dropped_intact: int = 0  # in the damaged file, intact, but not in the repaired journal
    finished_lost: int = 0  # games finished before the damage, unfinished after the repair
    games_not_named: int = 0  # games that lost steps without the notice naming them
    notice: str = ""
    traceback: str | None = None


def table_root(data: bytes, table: str) -> int:
    """The root page number of ``table`` in the SQLite image ``data`` (read with SQLite)."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(":memory:")) as conn:
        conn.deserialize(data[:18] + b"\x01\x01" + data[20:])  # a WAL file, read as plain
        row = conn.execute("SELECT rootpage FROM sqlite_master WHERE name=?", (table,)).fetchone()
    return int(row[0])


def break_interior_page(data: bytes, table: str = "events") -> bytes:
    """Point the table's root (an interior page) at a page that does not exist.

    Bytes 8-11 of an interior b-tree page header hold its right-most child;
    pointing it past the end of the file cuts off the newest rows, whose
    leaf page stays byte for byte as it was.
    """
    page = int.from_bytes(data[16:18], "big")
    page = 65536 if page == 1 else page
    root = table_root(data, table)
    start = (root - 1) * page + (100 if root == 1 else 0)
    assert data[start] == 0x05, "the table must have more than one page"
    broken = bytearray(data)
    broken[start + 8 : start + 12] = (0xFFFF).to_bytes(4, "big")
    return bytes(broken)


def interior_page_case(directory: Path, seed: int, games: int = 2, steps: int = 118) -> PageOutcome:
    """Two games (the first finished), the events table's root page broken, opened to repair."""
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / NAME
    confirmed: dict[int, list[dict[str, Any]]] = {}
    finished: set[int] = set()
    with Journal(path) as journal:
        ids = [
            journal.create_session("toy", {"length": 1000}, rng.randrange(99)) for _ in range(games)
        ]
        for sid in ids:
            confirmed[sid] = []
        for n in range(steps * games):
            sid = ids[n % games]
            event = {"kind": "answer", "values": {"add": n % 6, "note": f"{sid}-{n}-{seed}"}}
            last = n >= steps * games - games and sid == ids[0]
            journal.append(sid, event, finished=last)
            confirmed[sid].append(event)
            if last:
                finished.add(sid)
    outcome = PageOutcome(present=sum(map(len, confirmed.values())))
    path.write_bytes(break_interior_page(path.read_bytes()))
    damaged = path.read_bytes()
    bodies = {
        sid: [json.dumps(e, sort_keys=True).encode() for e in evs] for sid, evs in confirmed.items()
    }
    in_copy = {sid: {i for i, b in enumerate(bs) if b in damaged} for sid, bs in bodies.items()}
    outcome.intact_in_copy = sum(map(len, in_copy.values()))
    try:
        journal, notice = open_journal(path)
        try:
            outcome.notice = str(notice or "")
            for sid, events in confirmed.items():
                got = journal.events(sid)
                outcome.recovered += len(got)
                outcome.dropped_intact += sum(1 for i in in_copy[sid] if i >= len(got))
                if sid in finished and not journal.session(sid).finished:
                    outcome.finished_lost += 1
                if len(got) < len(events) and f"Game {sid} " not in outcome.notice:
                    outcome.games_not_named += 1
        finally:
            journal.close()
    except Exception:
        outcome.traceback = traceback.format_exc()
    return outcome
