"""The journal's files on disk: names beside it, moving aside without overwriting, syncing.

Beside ``journal.sqlite3`` live its ``-wal`` and ``-shm`` (SQLite's), its
last good copy ``.bak``, and damaged originals ``.damaged-<time>[-n]`` kept
by recovery. A damaged copy is never overwritten: names are taken with a
hard link, which fails if the name exists, so two recoveries in the same
second get two names.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from rules.journal.errors import (
    DAMAGED,
    FULL,
    IO,
    JournalDamaged,
    JournalError,
    JournalUnavailable,
    damaged_message,
    detail_of,
    reason_of,
    unavailable,
)


def sidecar(path: Path, suffix: str) -> Path:
    """``journal.sqlite3-wal`` and friends: the same name with ``suffix`` appended."""
    return path.with_name(path.name + suffix)


def backup_path(path: Path) -> Path:
    return sidecar(path, ".bak")


def damaged_copies(path: Path) -> list[Path]:
    """Earlier damaged originals kept beside the journal, oldest first."""
    found = [
        p
        for p in path.parent.glob(path.name + ".damaged-*")
        if not p.name.endswith(("-wal", "-shm"))
    ]
    return sorted(found, key=lambda p: p.name)


def connect(path: Path | str) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, timeout=10)


def sync_dir(directory: Path) -> None:
    """Make renames in ``directory`` durable (a power cut must not undo them)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def move_aside(path: Path) -> Path:
    """Move ``path`` (with its -wal/-shm) to a new ``.damaged-<time>[-n]`` name; never overwrite."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 10_000):
        aside = sidecar(path, f".damaged-{stamp}" + (f"-{n}" if n > 1 else ""))
        if any(sidecar(aside, s).exists() for s in ("", "-wal", "-shm")):
            continue
        try:
            move_no_replace(path, aside)
        except FileExistsError:
            continue
        for suffix in ("-wal", "-shm"):
            if sidecar(path, suffix).exists():
                move_no_replace(sidecar(path, suffix), sidecar(aside, suffix))
        return aside
    raise FileExistsError(path)


def move_no_replace(src: Path, dst: Path) -> None:
    if not src.exists():
        return
    try:
        os.link(src, dst)  # fails if dst exists: two recoveries never share a name
    except FileExistsError:
        raise
    except OSError:
        if dst.exists():
            raise FileExistsError(dst) from None
        os.rename(src, dst)
        return
    os.unlink(src)


def move_aside_wal(path: Path) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 10_000):
        base = sidecar(path, f".foreign-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            move_no_replace(sidecar(path, "-wal"), sidecar(base, "-wal"))
        except FileExistsError:
            continue
        shm = sidecar(path, "-shm")
        if shm.exists():
            shm.unlink()  # only an index of the -wal, rebuilt by SQLite
        sync_dir(path.parent)
        return sidecar(base, "-wal").name
    raise FileExistsError(path)


def as_journal_error(exc: BaseException, path: Path) -> JournalError:
    reason = reason_of(exc)
    if reason == DAMAGED:
        return JournalDamaged(damaged_message(path, str(exc)))
    if isinstance(exc, sqlite3.Error) and getattr(exc, "sqlite_errorname", "") == "SQLITE_CANTOPEN":
        reason = why_cannot_open(path) or reason
    return storage_error(exc, path, reason)


#: Less free space than this, and an I/O error is the storage being full.
NEARLY_FULL = 256 * 1024


def storage_error(exc: BaseException, path: Path, reason: str | None = None) -> JournalUnavailable:
    """The player-facing error for an environment failure at ``path``.

    SQLite reports a write that found no space while it grows its ``-shm``
    or ``-wal`` as a plain I/O error (``SQLITE_IOERR_SHMSIZE``, ...), which
    would read as a failing card. So an I/O error on a file system with
    (almost) no free space or no free inodes is told as full.
    """
    reason = reason or reason_of(exc)
    if reason == IO and storage_full(path):
        reason = FULL
    return unavailable(reason, path, detail_of(exc))


def storage_full(path: Path) -> bool:
    """Whether the file system holding ``path`` has (almost) no room for a new page or file."""
    folder = Path(path)
    while not folder.is_dir() and folder != folder.parent:
        folder = folder.parent
    try:
        stats = os.statvfs(folder)
    except OSError:
        return False
    no_inodes = stats.f_files > 0 and stats.f_favail == 0
    return stats.f_bavail * stats.f_frsize < NEARLY_FULL or no_inodes


def why_cannot_open(path: Path) -> str | None:
    """SQLite says only "unable to open"; ask the OS for the real reason (creating nothing)."""
    try:
        if path.exists():
            os.close(os.open(path, os.O_RDWR))
        probe = sidecar(path, f".probe-{os.getpid()}")
        os.close(os.open(probe, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
        probe.unlink()
    except OSError as exc:
        return reason_of(exc)
    return None
