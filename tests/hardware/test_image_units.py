"""The units the kiosk image adds (scripts/image/build): what systemd hands the shell."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

SYSTEMD = Path(__file__).resolve().parents[2] / "systemd"


def exec_start(unit: Path) -> str:
    line = next(x for x in unit.read_text().splitlines() if x.startswith("ExecStart="))
    return line.removeprefix("ExecStart=")


def as_systemd_passes_it(command: str) -> str:
    """systemd's own expansion: $$ -> $, %% -> %, $name -> the unit's (empty) variable."""
    command = re.sub(r"(?<!\$)\$([A-Za-z_][A-Za-z0-9_]*)", "", command.replace("$$", "\0"))
    return command.replace("\0", "$").replace("%%", "%")


def test_the_first_boot_hostname_reaches_the_shell_whole(tmp_path: Path) -> None:
    """A single $name in ExecStart is systemd's variable (empty), not the shell's: the
    booted image kept the name "tableside" until each $ was doubled."""
    command = as_systemd_passes_it(exec_start(SYSTEMD / "tableside-hostname.service"))
    machine_id = tmp_path / "machine-id"
    machine_id.write_text("1a2b3c4d5e6f\n")
    script = (
        command.split("'", 1)[1]
        .rsplit("'", 1)[0]
        .replace("/etc/machine-id", str(machine_id))
        .replace("/etc/hostname", str(tmp_path / "hostname"))
        .replace("/etc/hosts", str(tmp_path / "hosts"))
        .replace('hostname "$name"', 'echo "$name" > ' + str(tmp_path / "set"))
    )
    subprocess.run(["/bin/sh", "-c", script], check=True)
    assert (tmp_path / "hostname").read_text() == "tableside-1a2b3c\n"
    assert (tmp_path / "hosts").read_text() == (
        "127.0.0.1\tlocalhost\n127.0.1.1\ttableside-1a2b3c\n"
    )
    assert (tmp_path / "set").read_text() == "tableside-1a2b3c\n"


def test_the_image_units_verify() -> None:
    unit = SYSTEMD / "tableside-hostname.service"
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False
    )
    assert "tableside-hostname.service" not in result.stderr, result.stderr
