"""USB sticks: only FAT and exFAT are read; anything else is refused with a message (issue 24)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ui.usb import STICK_TYPES, Refused, accepted, refused

RULE = Path(__file__).parents[2] / "systemd" / "99-tableside-usb.rules"


@pytest.mark.parametrize(
    ("fs_type", "read"),
    [
        ("vfat", True),
        ("exfat", True),
        ("VFAT", True),
        ("ext4", False),
        ("ntfs", False),
        ("ntfs3", False),
        ("btrfs", False),
        ("xfs", False),
        ("", False),
        ("iso9660", False),
    ],
)
def test_only_fat_and_exfat_are_read(fs_type: str, read: bool) -> None:
    assert accepted(fs_type) is read


def _rule_lines() -> list[str]:
    text = RULE.read_text().replace("\\\n", " ")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_the_udev_rule_mounts_only_those_types_read_only_with_the_type_named() -> None:
    (rule,) = _rule_lines()
    types = re.search(r'ENV\{ID_FS_TYPE\}=="([^"]+)"', rule)
    assert types is not None and set(types.group(1).split("|")) == STICK_TYPES
    assert "--type=$env{ID_FS_TYPE}" in rule
    options = re.search(r"--options=(\S+)", rule)
    assert options is not None and set(options.group(1).split(",")) == {
        "ro",
        "noexec",
        "nosuid",
        "nodev",
    }
    assert 'SUBSYSTEMS=="usb"' in rule and 'ACTION=="add"' in rule


MOUNTS = """\
/dev/mmcblk0p2 / ext4 rw,noatime 0 0
/dev/sda1 /media/tableside-usb/sda1 vfat ro,nosuid,nodev,noexec 0 0
/dev/sdb1 /media/pi/LINUX ext4 rw,nosuid,nodev 0 0
/dev/sdc1 /home/pi/backup ext4 rw 0 0
"""


def _udev(folder: Path, name: str, values: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    text = "S:disk/by-id/usb-stick\nI:123\n" + "".join(f"E:{k}={v}\n" for k, v in values.items())
    (folder / name).write_text(text + "G:systemd\nV:1\n")


def test_sticks_of_other_types_are_found_to_be_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TABLESIDE_USB_ROOTS", raising=False)
    udev = tmp_path / "udev"
    usb = {"ID_BUS": "usb", "ID_FS_USAGE": "filesystem"}
    _udev(udev, "b250:901", {**usb, "ID_FS_TYPE": "ext4", "DEVNAME": "/dev/sdd1"})
    _udev(udev, "b250:902", {**usb, "ID_FS_TYPE": "vfat", "DEVNAME": "/dev/sde1"})
    _udev(udev, "b250:903", {"ID_BUS": "ata", "ID_FS_USAGE": "filesystem", "ID_FS_TYPE": "xfs"})
    _udev(udev, "b250:904", {**usb, "ID_FS_TYPE": "ntfs"})  # no DEVNAME: major:minor kept
    _udev(udev, "c13:64", {**usb, "ID_FS_TYPE": "ext4"})  # a character device: not a stick
    assert refused(MOUNTS, udev) == [
        Refused(device="250:904", fs_type="ntfs"),
        Refused(device="sdb1", fs_type="ext4"),  # the desktop automounter mounted it
        Refused(device="sdd1", fs_type="ext4"),
    ]
    assert refused("", tmp_path / "none") == []
