"""A pulled plug for the journal: an SQLite VFS that loses every write not yet synced.

SIGKILL leaves the operating system's page cache alone, so it cannot show
what a power cut does. Like SQLite's own crash tests (``test6.c``), the
:class:`PowerCutVFS` (an apsw VFS over the real files) keeps each write in
memory until the file is synced; only ``xSync`` puts it on disk. At
:meth:`PowerCutVFS.cut` every write still waiting is, by chance, lost,
written, or torn at a 512-byte sector, and from then on every file
operation fails, as if the power had gone.

The journal uses Python's :mod:`sqlite3`; apsw brings its own SQLite, so
:func:`connect` hands the journal an apsw connection behind the small part
of the :mod:`sqlite3` interface it uses (:class:`Connection`), with apsw's
errors turned into :mod:`sqlite3` errors carrying SQLite's error name. apsw
VFSes written in Python have no shared-memory methods, so these connections
use ``locking_mode=EXCLUSIVE`` (SQLite keeps the WAL index in memory); the
WAL, the syncs and the durability rules are SQLite's own.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import apsw

SECTOR = 512


class PowerCut(Exception):
    """Raised by the VFS at the moment the power goes."""


def _sqlite_error(exc: apsw.Error) -> sqlite3.Error:
    code = getattr(exc, "result", None)
    name = apsw.mapping_result_codes.get(code, "SQLITE_IOERR") if code is not None else None
    kind = sqlite3.DatabaseError if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") else None
    error = (kind or sqlite3.OperationalError)(str(exc))
    error.sqlite_errorname = name or "SQLITE_IOERR"  # type: ignore[attr-defined]
    return error


class Cursor:
    def __init__(self, conn: Connection, cursor: Any) -> None:
        self._conn = conn
        self._cursor = cursor
        self.lastrowid = conn._db.last_insert_rowid()

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        try:
            yield from (tuple(row) for row in self._cursor)
        except apsw.Error as exc:
            raise _sqlite_error(exc) from exc

    def fetchone(self) -> tuple[Any, ...] | None:
        return next(iter(self), None)

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self)


class Connection:
    """The part of :class:`sqlite3.Connection` the journal uses, over an apsw connection."""

    def __init__(self, path: str, vfs: str) -> None:
        try:
            self._db = apsw.Connection(path, vfs=vfs)
            self._db.execute("PRAGMA locking_mode=EXCLUSIVE")
        except apsw.Error as exc:
            raise _sqlite_error(exc) from exc
        self.text_factory: Any = str

    def execute(self, sql: str, params: Iterable[Any] = ()) -> Cursor:
        try:
            return Cursor(self, self._db.execute(sql, tuple(params)))
        except apsw.Error as exc:
            raise _sqlite_error(exc) from exc

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.execute(sql, row)

    def executescript(self, sql: str) -> None:
        try:
            self._db.execute(sql)
        except apsw.Error as exc:
            raise _sqlite_error(exc) from exc

    @property
    def in_transaction(self) -> bool:
        return not self._db.get_autocommit()

    def backup(self, dest: Connection) -> None:
        try:
            with dest._db.backup("main", self._db, "main") as step:
                step.step()
        except apsw.Error as exc:
            raise _sqlite_error(exc) from exc

    def close(self) -> None:
        try:
            self._db.close(True)
        except apsw.Error as exc:
            raise _sqlite_error(exc) from exc


class _Pending:
    """Writes and truncations of one file since its last sync, in order."""

    def __init__(self) -> None:
        self.ops: list[tuple[str, int, bytes]] = []

    def size(self, disk_size: int) -> int:
        size = disk_size
        for kind, offset, data in self.ops:
            size = max(size, offset + len(data)) if kind == "w" else offset
        return size

    def overlay(self, data: bytearray, offset: int, amount: int) -> bytearray:
        for kind, at, chunk in self.ops:
            if kind == "t":
                if at < offset + len(data):
                    del data[max(0, at - offset) :]
                continue
            start, end = max(at, offset), min(at + len(chunk), offset + amount)
            if start >= end:
                continue
            if len(data) < end - offset:
                data.extend(bytes(end - offset - len(data)))
            data[start - offset : end - offset] = chunk[start - at : end - at]
        return data


class PowerCutVFS(apsw.VFS):
    """Writes reach the disk only when synced; :meth:`cut` pulls the plug."""

    def __init__(self, name: str, rng: random.Random, cut_after: int | None = None) -> None:
        self.name = name
        self.rng = rng
        self.cut_after = cut_after  # the power goes at this write or sync
        self.operations = 0
        self.dead = False
        self.pending: dict[str, _Pending] = {}
        super().__init__(name, "")

    def tick(self) -> None:
        if self.dead:
            raise apsw.IOError("the power is off")
        self.operations += 1
        if self.cut_after is not None and self.operations >= self.cut_after:
            self.cut()
            raise apsw.IOError("the power went")

    def cut(self) -> None:
        """Every unsynced write is lost, written, or torn at a sector; then nothing works."""
        for name, pending in self.pending.items():
            with open(name, "r+b") as disk:
                for kind, offset, data in pending.ops:
                    fate = self.rng.random()
                    if kind == "t":
                        if fate < 0.5:
                            disk.truncate(offset)
                    elif fate < 0.4:
                        continue  # lost
                    elif fate < 0.8:
                        disk.seek(offset)
                        disk.write(data)
                    else:  # torn: only the first sectors made it
                        keep = (
                            self.rng.randrange(0, len(data) + 1, SECTOR)
                            if len(data) > SECTOR
                            else 0
                        )
                        disk.seek(offset)
                        disk.write(data[:keep])
        self.pending.clear()
        self.dead = True

    def xOpen(self, name: Any, flags: list[int]) -> PowerCutFile:
        self.tick_open()
        return PowerCutFile(self, name, flags)

    def tick_open(self) -> None:
        if self.dead:
            raise apsw.IOError("the power is off")

    def xDelete(self, filename: str, syncdir: bool) -> None:
        self.tick_open()
        self.pending.pop(filename, None)
        super().xDelete(filename, syncdir)


class PowerCutFile(apsw.VFSFile):
    def __init__(self, vfs: PowerCutVFS, name: Any, flags: list[int]) -> None:
        self.vfs = vfs
        #: Temporary files have no name; nothing durable lives in them: no buffering.
        self.filename = name.filename() if hasattr(name, "filename") else (name or "")
        super().__init__("", name, flags)

    @property
    def _pending(self) -> _Pending:
        return self.vfs.pending.setdefault(self.filename, _Pending())

    def _disk_size(self) -> int:
        return int(super().xFileSize())

    def xRead(self, amount: int, offset: int) -> bytes:
        self.vfs.tick_open()
        disk = self._disk_size()
        data = bytearray(
            super().xRead(min(amount, max(0, disk - offset)), offset) if offset < disk else b""
        )
        pending = self.vfs.pending.get(self.filename)
        if pending is not None:
            data = pending.overlay(data, offset, amount)
            size = pending.size(disk)
            data = data[: max(0, min(amount, size - offset))]
        return bytes(data)

    def xWrite(self, data: bytes, offset: int) -> None:
        self.vfs.tick()
        if not self.filename:
            super().xWrite(data, offset)
            return
        self._pending.ops.append(("w", offset, bytes(data)))

    def xTruncate(self, newsize: int) -> None:
        self.vfs.tick()
        if not self.filename:
            super().xTruncate(newsize)
            return
        self._pending.ops.append(("t", newsize, b""))

    def xFileSize(self) -> int:
        self.vfs.tick_open()
        pending = self.vfs.pending.get(self.filename)
        disk = self._disk_size()
        return pending.size(disk) if pending is not None else disk

    def xSync(self, flags: int) -> None:
        self.vfs.tick()
        pending = self.vfs.pending.pop(self.filename, None)
        if pending is not None:
            for kind, offset, data in pending.ops:
                if kind == "w":
                    super().xWrite(data, offset)
                else:
                    super().xTruncate(offset)
        # No real fsync: in this model, what reached the file here is what survives.


def connect_through(vfs: PowerCutVFS) -> Any:
    """A drop-in for :func:`rules.journal.files.connect` that goes through ``vfs``."""

    def connect(path: Path | str) -> Connection | sqlite3.Connection:
        if str(path) == ":memory:":
            return sqlite3.connect(":memory:", isolation_level=None)
        return Connection(str(path), vfs.name)

    return connect
