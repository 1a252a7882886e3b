"""USB sticks plugged into the box, and the component files on them.

On the kiosk (Raspberry Pi OS Lite, no desktop automounter) the udev rule
``systemd/99-tableside-usb.rules`` mounts every USB stick's file system
read-only, ``noexec``, under :data:`KIOSK_MOUNTS` (``systemd-mount``; the
mount goes away with the stick). On a desktop the automounter puts sticks
under ``/media/<user>/`` or ``/run/media/<user>/``. Either way a stick is a
mounted file system under one of :func:`roots`; this module only reads
``/proc/self/mounts`` and lists, never mounts anything itself.

``TABLESIDE_USB_ROOTS`` (folders separated by ``:``) replaces the default
roots, e.g. in tests or on a box that mounts sticks elsewhere.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ui.component_store import ComponentFile, ComponentFileError, found_on, read_file

#: Where the kiosk's udev rule mounts sticks (one folder per partition, e.g. sda1).
KIOSK_MOUNTS = Path("/media/tableside-usb")
#: Where sticks appear: the kiosk's folder and the desktop automounters'.
DEFAULT_ROOTS = (KIOSK_MOUNTS, Path("/media"), Path("/run/media"), Path("/mnt"))
#: File systems a stick carries (others under the roots are ignored: bind mounts, tmpfs).
STICK_TYPES = frozenset({"vfat", "exfat", "ntfs", "ntfs3", "fuseblk", "ext4", "ext3", "ext2"})
ENV = "TABLESIDE_USB_ROOTS"


@dataclass(frozen=True)
class Stick:
    """A mounted stick: where its files are and what the system calls it."""

    path: Path
    device: str


@dataclass(frozen=True)
class Found:
    """A component file on a stick: the checked set, or why it cannot be used."""

    path: Path
    item: ComponentFile | None
    problem: str | None


def roots() -> tuple[Path, ...]:
    configured = os.environ.get(ENV)
    if configured:
        return tuple(Path(p) for p in configured.split(":") if p)
    return DEFAULT_ROOTS


def _unescape(field: str) -> str:
    """``/proc/mounts`` writes spaces and tabs in paths as octal escapes (``\\040``)."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def sticks(mounts: str | None = None, under: Iterable[Path] | None = None) -> list[Stick]:
    """The mounted sticks: file systems of a stick's type mounted below one of the roots.

    ``mounts`` is the text of ``/proc/self/mounts`` (read when not given);
    ``under`` the roots (default :func:`roots`). A root given in
    ``TABLESIDE_USB_ROOTS`` that is a plain folder counts as a stick itself,
    so the import can be tried without hardware.
    """
    if mounts is None:
        try:
            mounts = Path("/proc/self/mounts").read_text(encoding="utf-8", errors="replace")
        except OSError:
            mounts = ""
    folders = tuple(under) if under is not None else roots()
    found: list[Stick] = []
    for line in mounts.splitlines():
        parts = line.split()
        if len(parts) < 3 or parts[2] not in STICK_TYPES:
            continue
        point = Path(_unescape(parts[1]))
        if any(point != root and root in point.parents for root in folders):
            found.append(Stick(path=point, device=_unescape(parts[0])))
    if under is None and os.environ.get(ENV):
        known = {s.path for s in found}
        found += [Stick(path=r, device=str(r)) for r in folders if r.is_dir() and r not in known]
    return sorted(set(found), key=lambda s: str(s.path))


def component_files(stick_list: Iterable[Stick]) -> list[Found]:
    """Every component file on the sticks (top level and one folder down), checked."""
    out: list[Found] = []
    for stick in stick_list:
        for path in found_on(stick.path):
            try:
                out.append(Found(path=path, item=read_file(path), problem=None))
            except ComponentFileError as exc:
                out.append(Found(path=path, item=None, problem=str(exc)))
    return out
