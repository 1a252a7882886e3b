"""Who may write: one process per game, and no repair under another process's feet.

Locks are ``flock(2)`` locks on small files in ``journal.sqlite3.locks/``
beside the journal. The kernel drops them when their process ends, however
it ends (SIGKILL, a pulled plug), so a dead writer never blocks anyone; the
files themselves only say who holds the lock, for the message.

- ``game-<uid>``: held (exclusively) by the one process playing that game
  (journals opened twice in one process share it).
  It holds a JSON line naming the holder (role, pid, host, since), which the
  refused process reads to say who plays it. A game's lock is taken before
  its first event is written (before the session row, for a new game) and
  let go when the game is left or the journal closed; the file is removed
  by its holder when it lets go.
- ``open``: every process that opened the journal holds it shared. Only a
  process that can take it exclusively (nobody else has the journal open)
  may look at the file's raw bytes to repair it or move it aside.
- ``gate``: held exclusively while a journal is being opened (checked,
  repaired), so two processes starting together never both repair, and the
  step from "alone" to "shared" above is never observed half-done.

A lock that cannot even be created (a full or read-only card) is not a
reason to refuse: such storage takes no steps anyway, and says so.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rules.journal.files import sidecar
from rules.text import Msg, msg

#: Roles a process can name itself by (``TableService(holder=...)``).
APP = "app"
PLAY = "play"

GATE_WAIT = 60.0  # seconds to wait for another process to finish opening the journal


def lock_dir(path: Path) -> Path:
    return sidecar(path, ".locks")


@dataclass(frozen=True, kw_only=True)
class Holder:
    """Who holds a game, as its lock file says (``role`` empty when it could not be read)."""

    role: str = ""
    pid: int = 0
    host: str = ""
    since: float = 0.0

    @classmethod
    def me(cls, role: str) -> Holder:
        return cls(role=role, pid=os.getpid(), host=socket.gethostname(), since=time.time())

    @classmethod
    def parse(cls, text: str) -> Holder:
        try:
            data = json.loads(text)
            return cls(
                role=str(data["role"]),
                pid=int(data["pid"]),
                host=str(data["host"]),
                since=float(data["since"]),
            )
        except (ValueError, KeyError, TypeError):
            return cls()

    def text(self) -> str:
        return json.dumps(
            {"role": self.role, "pid": self.pid, "host": self.host, "since": self.since}
        )


def in_use_message(number: int, holder: Holder) -> Msg:
    """The refusal a second writer gets, naming the process that plays game ``number``."""
    if not holder.pid:
        return msg(
            "Game {number} is being played by another tableside program right now. Finish "
            "or close it there first; nothing was changed here.",
            number=number,
        )
    if holder.host and holder.host != socket.gethostname():
        where = msg("process {pid} on {host}", pid=holder.pid, host=holder.host)
    else:
        where = msg("process {pid}", pid=holder.pid)
    if holder.role == APP:
        return msg(
            "Game {number} is being played in the tableside app ({where}). Finish or leave "
            "it there first; nothing was changed here.",
            number=number,
            where=where,
        )
    if holder.role == PLAY:
        return msg(
            "Game {number} is being played in a terminal with 'tableside play' ({where}). "
            "Finish or quit it there first; nothing was changed here.",
            number=number,
            where=where,
        )
    return msg(
        "Game {number} is open in another tableside program ({where}). Close it there "
        "first; nothing was changed here.",
        number=number,
        where=where,
    )


class GameLock:
    """An exclusive lock on one game, held until :meth:`release` (or the process ends).

    The lock belongs to the process: journals of the same process opened on
    the same file (the app reopening it after a storage problem, tests)
    share it, and the last one to let go releases it.
    """

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self.fd = fd
        self.users = 1

    def share(self) -> GameLock:
        self.users += 1
        return self

    def release(self) -> None:
        self.users -= 1
        if self.users > 0 or self.fd < 0:
            return
        _held.pop(str(self.path), None)
        with contextlib.suppress(OSError):
            self.path.unlink()  # still holding it: a waiter re-checks the inode and retries
        os.close(self.fd)
        self.fd = -1


#: The game locks this process holds, by lock file.
_held: dict[str, GameLock] = {}


def claim_game(journal: Path, uid: str, role: str) -> GameLock | Holder | None:
    """Take game ``uid``'s lock: the lock, or who holds it, or ``None`` if no lock can be made."""
    folder = lock_dir(journal)
    target = folder / f"game-{uid}"
    mine = _held.get(str(target))
    if mine is not None:
        return mine.share()
    for _ in range(20):
        try:
            folder.mkdir(exist_ok=True)
            fd = os.open(target, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(fd)
            os.close(fd)
            return holder
        except OSError:
            os.close(fd)
            return None
        if not _same_file(fd, target):  # its holder removed it as we opened it: again
            os.close(fd)
            continue
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, Holder.me(role).text().encode(), 0)
        except OSError:
            pass  # a lock without a name still keeps the game to one writer
        lock = GameLock(target, fd)
        _held[str(target)] = lock
        return lock
    return None


def _read_holder(fd: int) -> Holder:
    for _ in range(5):  # the holder writes its name just after taking the lock
        with contextlib.suppress(OSError):
            holder = Holder.parse(os.pread(fd, 4096, 0).decode("utf-8", "replace"))
            if holder.pid:
                return holder
        time.sleep(0.01)
    return Holder()


def _same_file(fd: int, path: Path) -> bool:
    try:
        mine, now = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


class Lease:
    """This process's shared hold on the journal (``open``): others may not repair it."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def release(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


@contextlib.contextmanager
def exclusive(journal: Path, name: str) -> Iterator[bool]:
    """Hold lock ``name`` if nobody else does: ``True``; ``False`` if another process has it."""
    folder = lock_dir(journal)
    try:
        folder.mkdir(exist_ok=True)
        fd = os.open(folder / name, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield True  # no lock can be made: the work itself will meet the storage's refusal
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


@contextlib.contextmanager
def opening(journal: Path) -> Iterator[tuple[bool, Lease | None]]:
    """While a journal is opened: ``(alone, lease)``; ``alone`` means repair is allowed.

    The lease (shared hold of ``open``) is for the opened journal to keep; it
    is ``None`` when no lock file can be made (then ``alone`` is ``True``:
    storage that refuses a small file refuses the repair's writes too, and
    says so itself).
    """
    folder = lock_dir(journal)
    try:
        folder.mkdir(parents=False, exist_ok=True)
        gate = os.open(folder / "gate", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield True, None
        return
    try:
        _wait(gate)
        try:
            fd = os.open(folder / "open", os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            yield True, None
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            alone = True
        except BlockingIOError:
            alone = False
        lease = Lease(fd)
        try:
            yield alone, lease
        finally:
            if lease.fd >= 0:  # still kept: from "alone" to shared, behind the gate
                fcntl.flock(lease.fd, fcntl.LOCK_SH)
    finally:
        os.close(gate)  # the gate's lock goes with it


def _wait(fd: int) -> None:
    deadline = time.monotonic() + GATE_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                return  # the other is stuck; we will not repair (not alone) but may read
            time.sleep(0.02)
