"""The one reader of JSON files from outside the box: component files, situations, calibrations.

A file handed to tableside (a USB stick, ``components import``, ``decide``,
``--calibration``) may be anything: a 3 GiB sparse file, a FIFO that never
ends, a device, a symlink out of the stick, a number of 5,000 digits.
:func:`read_json` is the only way such a file is read, and it refuses all of
these with a sentence for people (:class:`OutsideFileError`), before
anything is kept:

* opened with ``O_NOFOLLOW | O_NONBLOCK`` and checked with ``fstat`` before a
  byte is read, so a symlink is refused and a FIFO or device never blocks;
* regular files only, at most :data:`MAX_BYTES` (1 MiB), refused by size
  before reading (a file that grows while read is cut at the cap and refused);
* with ``inside`` (a stick's folder) the real path must stay inside it;
* parsed by :func:`rules.schema.parse_json` (pure, no I/O): UTF-8, nesting
  at most ``MAX_DEPTH``, numbers at most ``MAX_NUMBER`` characters, no
  duplicate keys, no NaN.

Where it lives: ``rules/`` does no I/O and ``vision/`` imports only ``rules``,
so the reading is here in ``ui/`` and the parsing (and the checks of the
content) stay in ``rules``/``vision``, fed the already-parsed data.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

from rules.errors import SituationError
from rules.schema import parse_json
from rules.text import Msg, printable, verbatim
from ui.i18n import _

#: The largest file from outside that is read (a whole component set is ~20 KB).
MAX_BYTES = 1024 * 1024


class OutsideFileError(Exception):
    """A file from outside cannot be used; ``message`` says why in the player's words."""

    def __init__(self, message: Msg) -> None:
        self.message = message
        super().__init__(message.english())


def read_bytes(path: Path, inside: Path | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes (see module)."""
    name = printable(path.name)
    if inside is not None and not _within(path, inside):
        raise OutsideFileError(
            _("{name} leads out of {stick}: not read", name=name, stick=printable(str(inside)))
        )
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # the name is a symlink (O_NOFOLLOW)
            raise OutsideFileError(_("{name} is a link, not a file: not read", name=name)) from None
        raise OutsideFileError(
            _("cannot read {name}: {why}", name=name, why=exc.strerror)
        ) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise OutsideFileError(_("{name} is not a plain file: not read", name=name))
        if info.st_size > limit:
            raise OutsideFileError(
                _(
                    "{name} is too large ({size}; at most {limit}): not read",
                    name=name,
                    size=_size(info.st_size),
                    limit=_size(limit),
                )
            )
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(handle, min(65536, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise OutsideFileError(
                _("{name} grew beyond {limit} while read: not read", name=name, limit=_size(limit))
            )
        return b"".join(chunks)
    except OSError as exc:
        raise OutsideFileError(
            _("cannot read {name}: {why}", name=name, why=exc.strerror)
        ) from None
    finally:
        os.close(handle)


def read_json(path: Path, inside: Path | None = None, limit: int = MAX_BYTES) -> Any:
    """The parsed JSON of a file from outside; every problem is an :class:`OutsideFileError`."""
    raw = read_bytes(path, inside, limit)
    try:
        return parse_json(raw, printable(path.name))
    except SituationError as exc:
        raise OutsideFileError(exc.problem_message or verbatim(str(exc))) from None


def read_stream_json(stream: BinaryIO, source: str, limit: int = MAX_BYTES) -> Any:
    """The parsed JSON of a stream (standard input), refused beyond ``limit`` bytes."""
    raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise OutsideFileError(
            _("{name} is longer than {limit}: not read", name=source, limit=_size(limit))
        )
    try:
        return parse_json(raw, source)
    except SituationError as exc:
        raise OutsideFileError(exc.problem_message or verbatim(str(exc))) from None


def _unreadable(name: str, exc: OSError) -> OutsideFileError:
    return OutsideFileError(_("cannot read {name}: {why}", name=name, why=exc.strerror or ""))


def _within(path: Path, folder: Path) -> bool:
    real = Path(os.path.realpath(path.parent)) / path.name
    root = Path(os.path.realpath(folder))
    return real == root or root in real.parents


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):.1f} MiB"
    return f"{count / 1024:.0f} KiB" if count >= 1024 else f"{count} bytes"
