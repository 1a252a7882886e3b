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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from rules.text import Msg
from ui.component_store import ComponentFile, ComponentFileError, found_on, read_file

#: Where the kiosk's udev rule mounts sticks (one folder per partition, e.g. sda1).
KIOSK_MOUNTS = Path("/media/tableside-usb")
#: Where sticks appear: the kiosk's folder and the desktop automounters'.
DEFAULT_ROOTS = (KIOSK_MOUNTS, Path("/media"), Path("/run/media"), Path("/mnt"))
#: The only file systems read from a stick: simple, no journal to replay, no FIFOs,
#: devices or symlinks. The udev rule mounts nothing else.
STICK_TYPES = frozenset({"vfat", "exfat"})
#: Other file systems a stick may carry: refused with a message (ext4 brings its journal,
#: sparse files, FIFOs and symlinks, and the kernel's parser for it).
REFUSED_TYPES = frozenset(
    {
        "ext2",
        "ext3",
        "ext4",
        "btrfs",
        "xfs",
        "f2fs",
        "ntfs",
        "ntfs3",
        "fuseblk",
        "hfsplus",
        "udf",
        "iso9660",
        "squashfs",
        "jfs",
        "nilfs2",
        "reiserfs",
        "minix",
        "apfs",
    }
)
#: Where udev keeps what it knows of each block device (ID_BUS, ID_FS_TYPE).
UDEV_DATA = Path("/run/udev/data")
ENV = "TABLESIDE_USB_ROOTS"


def accepted(fs_type: str) -> bool:
    """True for the file systems read from a stick (the udev rule's test, in Python)."""
    return fs_type.lower() in STICK_TYPES


@dataclass(frozen=True)
class Stick:
    """A mounted stick: where its files are and what the system calls it."""

    path: Path
    device: str


@dataclass(frozen=True, kw_only=True)
class Found:
    """A component file on a stick: the checked set, or why it cannot be used."""

    path: Path
    item: ComponentFile | None
    #: Why it cannot be used, for the screen (its English text for the terminal: ``str()``).
    problem: Msg | None
    #: The stick's folder: the file must stay inside it when it is imported.
    inside: Path | None = None


@dataclass(frozen=True)
class Refused:
    """A stick that is not read: its device name and file system type."""

    device: str
    fs_type: str


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


def refused(mounts: str | None = None, udev: Path = UDEV_DATA) -> list[Refused]:
    """Sticks plugged in whose file system is not read (ext4, NTFS...), to say so on screen.

    From ``/proc/self/mounts`` (a desktop automounter mounted it below a
    root) and from udev's database (the kiosk's rule mounts it not at all):
    a block device on the USB bus with a file system of another type.
    """
    if mounts is None:
        try:
            mounts = Path("/proc/self/mounts").read_text(encoding="utf-8", errors="replace")
        except OSError:
            mounts = ""
    folders = roots()
    out: set[Refused] = set()
    for line in mounts.splitlines():
        parts = line.split()
        if len(parts) < 3 or parts[2] not in REFUSED_TYPES:
            continue
        point = Path(_unescape(parts[1]))
        if any(point != root and root in point.parents for root in folders):
            out.add(Refused(device=Path(_unescape(parts[0])).name, fs_type=parts[2]))
    for device, fs_type in _udev_usb_filesystems(udev):
        if not accepted(fs_type):
            out.add(Refused(device=device, fs_type=fs_type))
    return sorted(out, key=lambda r: r.device)


def _udev_usb_filesystems(udev: Path) -> list[tuple[str, str]]:
    """(kernel name, file system type) of every USB block device udev knows a file system on."""
    found: list[tuple[str, str]] = []
    try:
        entries = sorted(udev.glob("b*:*"))
    except OSError:
        return found
    for entry in entries:
        try:
            text = entry.read_text(encoding="utf-8", errors="replace")[:65536]
        except OSError:
            continue
        pairs = (line[2:].partition("=") for line in text.splitlines() if line.startswith("E:"))
        values = {key: value for key, _eq, value in pairs}
        if values.get("ID_BUS") != "usb" or values.get("ID_FS_USAGE") != "filesystem":
            continue
        name = Path(values.get("DEVNAME") or _kernel_name(entry.name[1:])).name
        found.append((name, values.get("ID_FS_TYPE", "unknown")))
    return found


def _kernel_name(major_minor: str) -> str:
    """``8:1`` -> ``sda1`` (the name under /dev), from /sys."""
    link = Path("/sys/dev/block") / major_minor
    return Path(os.path.realpath(link)).name if link.exists() else major_minor


def component_files(
    stick_list: Iterable[Stick], progress: Callable[[int, int], None] | None = None
) -> list[Found]:
    """Every component file on the sticks (top level and one folder down), checked.

    Each is read through :mod:`ui.outside` (at most 1 MiB, a plain file inside
    its stick); ``progress(done, total)`` is called before each file and at the end.
    """
    listed = [(stick, path) for stick in stick_list for path in found_on(stick.path)]
    out: list[Found] = []
    for done, (stick, path) in enumerate(listed):
        if progress is not None:
            progress(done, len(listed))
        try:
            item = read_file(path, inside=stick.path)
        except ComponentFileError as exc:
            out.append(Found(path=path, item=None, problem=exc.message, inside=stick.path))
        else:
            out.append(Found(path=path, item=item, problem=None, inside=stick.path))
    if progress is not None:
        progress(len(listed), len(listed))
    return out
