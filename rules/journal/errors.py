"""The journal's one family of errors, and telling damage from the environment.

Every SQLite or OS failure the journal meets becomes a :class:`JournalError`
with a player-facing :class:`~rules.text.Msg`; nothing else escapes it.

- :class:`JournalUnavailable`: the *environment* stops the journal (storage
  full, read-only, permission denied, an I/O error, another program holding
  it). Nothing is moved or rolled back; the game stays viewable and play
  continues once the condition clears.
- :class:`JournalDamaged`: the *file* is damaged or foreign and may not be
  repaired here (a file named with ``--journal`` is never changed).

:func:`reason_of` sorts an exception into those: SQLite's result codes
``SQLITE_CORRUPT`` and ``SQLITE_NOTADB`` (and damage found by our own
checks) mean damage; every other SQLite code and every ``OSError`` means
the environment, so a full disk is never mistaken for a broken file.
"""

from __future__ import annotations

import errno
from pathlib import Path

from rules.text import Msg, msg

#: The environment reasons, each with what the players see.
FULL = "full"
READ_ONLY = "read-only"
PERMISSION = "permission"
IO = "io"
BUSY = "busy"
DAMAGED = "damaged"

_DAMAGE_CODES = {"SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT", "SQLITE_MISMATCH"}
_ERRNO_REASONS = {
    errno.ENOSPC: FULL,
    errno.EDQUOT: FULL,
    errno.EFBIG: FULL,
    errno.EROFS: READ_ONLY,
    errno.EACCES: PERMISSION,
    errno.EPERM: PERMISSION,
}


class JournalError(Exception):
    """The journal cannot do what was asked; :attr:`message` says why and what to do."""

    def __init__(self, message: Msg | str) -> None:
        self.message = message if isinstance(message, Msg) else Msg(message)
        super().__init__(self.message.english())


class JournalUnavailable(JournalError):
    """Storage trouble (``reason``: full, read-only, permission, io, busy); the data is fine."""

    def __init__(self, message: Msg, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class GameInUse(JournalError):
    """Another process is playing this game: it alone may append to it (see :mod:`.locks`)."""

    def __init__(self, message: Msg, number: int, pid: int) -> None:
        super().__init__(message)
        self.number = number
        self.pid = pid


class JournalDamaged(JournalError):
    """The file is damaged or foreign and was left exactly as it was."""


def reason_of(exc: BaseException) -> str:
    """``damaged`` or one of the environment reasons, for an SQLite or OS exception."""
    name = getattr(exc, "sqlite_errorname", None)
    if isinstance(name, str):
        base = name.split("_", 2)
        code = "_".join(base[:2])
        if code in _DAMAGE_CODES:
            return DAMAGED
        if code == "SQLITE_FULL":
            return FULL
        if code == "SQLITE_READONLY":
            return READ_ONLY
        if code in ("SQLITE_PERM", "SQLITE_AUTH"):
            return PERMISSION
        if code in ("SQLITE_BUSY", "SQLITE_LOCKED"):
            return BUSY
        return IO
    if isinstance(exc, OSError):
        return _ERRNO_REASONS.get(exc.errno or 0, IO)
    text = str(exc).lower()
    if "malformed" in text or "not a database" in text:
        return DAMAGED
    if "full" in text:
        return FULL
    if "readonly" in text or "read-only" in text:
        return READ_ONLY
    return IO


def unavailable(reason: str, path: object, detail: str = "") -> JournalUnavailable:
    """The player-facing error for an environment ``reason`` (see :func:`reason_of`)."""
    if reason == FULL:
        text = msg(
            "The storage is full, so new steps cannot be saved. Nothing is lost and the game "
            "stays on screen; free some space and play continues."
        )
    elif reason == READ_ONLY:
        text = msg(
            "The storage has become read-only, so new steps cannot be saved. Nothing is lost "
            "and the game stays on screen; play continues once it can be written again "
            "(restarting the box usually fixes this)."
        )
    elif reason == PERMISSION:
        where = Path(str(path))
        folder = where.parent if where.suffix or where.name.startswith(".") else where
        text = msg(
            "tableside is not allowed to use its journal ({path}). Nothing was changed and "
            "nothing is lost. Give the tableside user access to it again, for example with: "
            "sudo chown -R tableside: {folder} && sudo chmod -R u+rwX {folder}. Play then "
            "continues by itself.",
            path=str(path),
            folder=str(folder),
        )
    elif reason == BUSY:
        text = msg(
            "Another tableside program is using the journal ({path}). Close it and play continues.",
            path=str(path),
        )
    else:
        text = msg(
            "The storage reported an error ({detail}), so new steps cannot be saved. Nothing "
            "is lost; play continues once saving works again. If this keeps happening, the "
            "memory card may be failing.",
            detail=detail or "input/output error",
        )
    return JournalUnavailable(text, reason)


def detail_of(exc: BaseException) -> str:
    """A short technical description for the log and the message's brackets."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def foreign_message(path: Path) -> Msg:
    return msg(
        "{path} is a file of another program, not a tableside journal. Nothing was changed "
        "in it. Move it away, or start tableside with --journal pointing at another file.",
        path=str(path),
    )


def damaged_message(path: Path, why: str) -> Msg:
    return msg(
        "{path} is not a usable tableside journal ({why}). Nothing was changed in it. Give "
        "--journal another file, or leave --journal out to use the default journal, which "
        "repairs itself.",
        path=str(path),
        why=why,
    )
