"""The kiosk systemd unit: its keys, `systemd-analyze verify`, and power-cut recovery."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ui.commands.kiosk import TEMPLATES, UNIT_NAME, KioskOptions, render_unit

TABLESIDE = str(Path(sys.executable).parent / "tableside")


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """systemd's unit syntax, as far as this unit uses it: sections of repeatable keys."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"key outside a section: {line}"
        key, _, value = line.partition("=")
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def environment(service: dict[str, list[str]]) -> dict[str, str]:
    pairs = [item for value in service["Environment"] for item in shlex.split(value)]
    return dict(pair.split("=", 1) for pair in pairs)


def one(section: dict[str, list[str]], key: str) -> str:
    [value] = section[key]
    return value


@pytest.fixture
def unit() -> dict[str, dict[str, list[str]]]:
    return parse_unit(render_unit(KioskOptions(exec_path=TABLESIDE)))


def check_kiosk_keys(unit: dict[str, dict[str, list[str]]]) -> None:
    service = unit["Service"]
    assert one(service, "Type") == "notify"
    assert int(one(service, "WatchdogSec")) > 0
    assert one(service, "NotifyAccess") == "main"
    assert one(service, "Restart") == "always"
    assert one(unit["Unit"], "StartLimitIntervalSec") == "0"  # never gives up restarting
    assert one(service, "User") not in ("", "root")
    assert set(one(service, "SupplementaryGroups").split()) == {
        "video",
        "render",
        "input",
        "gpio",
        "audio",
    }
    env = environment(service)
    assert env["KIVY_WINDOW"] == "sdl2"
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert one(service, "ProtectSystem") == "strict"
    home = env["TABLESIDE_HOME"]
    assert one(service, "ReadWritePaths").split() == [
        f"{home}/data",
        f"{home}/config",
        env["KIVY_HOME"],
    ]
    assert env["KIVY_HOME"] == f"{home}/kivy"
    assert one(service, "StandardOutput") == "journal"
    assert one(service, "StandardError") == "journal"
    assert shlex.split(one(service, "ExecStart"))[1:] == ["app", "--kiosk", "--camera", "auto"]
    assert one(unit["Install"], "WantedBy") == "multi-user.target"
    # The app owns its console (no login prompt there) and cannot grow without bound.
    tty = one(service, "TTYPath")
    assert tty.startswith("/dev/tty") and one(service, "StandardInput") == "tty"
    assert one(service, "MemoryMax").endswith("M") and int(one(service, "MemoryMax")[:-1]) >= 512
    # Hardened, yet everything the app needs stays allowed: the console, the display
    # (KMS/DRM), touch and keys, GPIO, the camera and sound.
    assert one(service, "DevicePolicy") == "closed"
    assert set(service["DeviceAllow"]) == {
        f"{tty} rw",
        "char-drm rw",
        "char-input rw",
        "char-gpiochip rw",
        "char-video4linux rw",
        "char-media rw",
        "char-dma_heap rw",
        "char-alsa rw",
    }
    assert one(service, "CapabilityBoundingSet") == ""
    assert one(service, "PrivateNetwork") == "yes"
    assert set(one(service, "RestrictAddressFamilies").split()) == {"AF_UNIX", "AF_NETLINK"}


def test_unit_has_the_kiosk_keys(unit):
    check_kiosk_keys(unit)


def test_unit_as_shipped_is_the_documented_default():
    shipped = parse_unit((TEMPLATES / UNIT_NAME).read_text())
    check_kiosk_keys(shipped)
    assert (
        one(shipped["Service"], "ExecStart")
        == "/opt/tableside/.venv/bin/tableside app --kiosk --camera auto"
    )
    assert one(shipped["Service"], "User") == "tableside"


def test_systemd_analyze_verify(tmp_path: Path):
    """Run `systemd-analyze verify` where it exists; otherwise the parsed keys are the check."""
    rendered = render_unit(KioskOptions(exec_path=TABLESIDE))
    path = tmp_path / UNIT_NAME
    path.write_text(rendered)
    tool = shutil.which("systemd-analyze")
    if tool is None:  # no systemd here (e.g. a minimal container): fall back to parsing
        check_kiosk_keys(parse_unit(rendered))
        return
    result = subprocess.run([tool, "verify", str(path)], capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert UNIT_NAME not in output, output  # no warnings about our unit (unknown keys etc.)


EXPOSURE_TARGET = 2.0


def analyze() -> str:
    tool = shutil.which("systemd-analyze")
    if (
        tool is None
    ):  # ./run-tests installs it (systemd, scripts/apt-test.txt); a bare container may not
        pytest.skip("systemd-analyze is not installed")
    return tool


def test_systemd_analyze_security_rates_the_unit_safe(tmp_path: Path):
    """`systemd-analyze security --offline=true`: overall exposure at most 2.0 (was 8.6)."""
    tool = analyze()
    path = tmp_path / UNIT_NAME
    path.write_text(render_unit(KioskOptions(exec_path=TABLESIDE)))
    result = subprocess.run(
        [tool, "security", "--offline=true", f"--threshold={int(EXPOSURE_TARGET * 10)}", str(path)],
        capture_output=True,
        text=True,
    )
    output = result.stdout + result.stderr
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+) (\w+)", output)
    assert found, output
    exposure = float(found.group(1))
    print(f"systemd-analyze security: {exposure} {found.group(2)}")
    assert exposure <= EXPOSURE_TARGET, output
    assert result.returncode == 0, output


def test_security_check_can_fail(tmp_path: Path):
    """The same check on a unit without the hardening fails it (rated UNSAFE)."""
    tool = analyze()
    bare = "\n".join(
        line
        for line in render_unit(KioskOptions(exec_path=TABLESIDE)).splitlines()
        if line.split("=")[0]
        in {"[Unit]", "[Service]", "[Install]", "Type", "User", "ExecStart", "WantedBy"}
    )
    path = tmp_path / UNIT_NAME
    path.write_text(bare + "\n")
    result = subprocess.run(
        [tool, "security", "--offline=true", "--threshold=20", str(path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert found and float(found.group(1)) > 8


def test_verify_catches_a_broken_unit(tmp_path: Path):
    """The verify test above can fail: a unit pointing at a missing program is refused."""
    tool = shutil.which("systemd-analyze")
    broken = render_unit(KioskOptions(exec_path=str(tmp_path / "no-such-program")))
    path = tmp_path / UNIT_NAME
    path.write_text(broken)
    if tool is None:
        assert "no-such-program" in one(parse_unit(broken)["Service"], "ExecStart")
        return
    result = subprocess.run([tool, "verify", str(path)], capture_output=True, text=True)
    assert result.returncode != 0
    assert "no-such-program" in result.stdout + result.stderr


def test_custom_user_and_state_dir_are_filled_in():
    options = KioskOptions(exec_path=TABLESIDE, user="cafe", state_dir="/srv/table")
    unit = parse_unit(render_unit(options))
    service = unit["Service"]
    assert one(service, "User") == one(service, "Group") == "cafe"
    assert environment(service)["TABLESIDE_HOME"] == "/srv/table"
    assert "/var/lib/tableside" not in render_unit(options)
    check_kiosk_keys(unit)


def test_after_a_power_cut_the_journal_is_where_the_unit_keeps_it(unit, tmp_path, monkeypatch):
    """Power-cut recovery, the unit's half: it starts again at boot (WantedBy multi-user),
    restarts forever, and the app it starts finds the same journal, which lives in a
    persistent writable directory (not /tmp, not /run). The app's half (`app --kiosk`
    resumes the unfinished game) is tested with the app."""
    from ui.paths import journal_path

    service = unit["Service"]
    home = environment(service)["TABLESIDE_HOME"]
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path))
    journal = f"{home}/{journal_path().relative_to(tmp_path)}"
    writable = one(service, "ReadWritePaths").split()
    assert any(journal.startswith(d + "/") for d in writable)
    assert not journal.startswith(("/tmp/", "/run/"))
    assert one(service, "PrivateTmp") == "yes"  # so nothing may rely on /tmp surviving
