"""Status lines for scripts/image/boot-check on the serial console (QEMU only).

Started by tableside-bootcheck.service when the kernel command line says
``tableside.bootcheck``. Every few seconds one line::

    BOOTCHECK uptime=83.2 kiosk=active watchdog=81234567 restarts=0 host=tableside-1a2b3c
      games=3:12:0 mounts=sda1:vfat components=marauders:1700000000

``watchdog`` is the unit's last watchdog ping (CLOCK_MONOTONIC µs; it grows while
the app feeds it), ``games`` each saved game as id:events:finished from the journal,
``mounts`` the USB sticks mounted for the import, ``components`` the saved sets.
Standard library only, so it never depends on the app's environment.
"""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import time
from pathlib import Path

STATE = Path("/var/lib/tableside")
UNIT = "tableside-kiosk.service"


def unit_fields() -> dict[str, str]:
    out = subprocess.run(
        ["systemctl", "show", UNIT, "-p", "ActiveState,WatchdogTimestampMonotonic,NRestarts"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def games() -> str:
    path = STATE / "data" / "journal.sqlite3"
    if not path.exists():
        return "-"
    with contextlib.suppress(sqlite3.Error):
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=2)
        try:
            rows = conn.execute(
                "SELECT s.id, COUNT(e.seq), s.finished FROM sessions s "
                "LEFT JOIN events e ON e.session_id = s.id GROUP BY s.id ORDER BY s.id"
            ).fetchall()
        finally:
            conn.close()
        return ",".join(f"{i}:{n}:{f}" for i, n, f in rows) or "-"
    return "unreadable"


def mounts() -> str:
    found = []
    for line in Path("/proc/mounts").read_text().splitlines():
        device, where, kind = line.split()[:3]
        if where.startswith("/media/tableside-usb/"):
            found.append(f"{Path(device).name}:{kind}")
    return ",".join(found) or "-"


def components() -> str:
    folder = STATE / "data" / "components"
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    return ",".join(f"{p.stem}:{int(p.stat().st_mtime)}" for p in files) or "-"


def security() -> str:
    """The unit's overall exposure from ``systemd-analyze security`` on this booted system."""
    out = subprocess.run(
        ["systemd-analyze", "security", "--no-pager", UNIT],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    found = [line for line in out.splitlines() if "Overall exposure level" in line]
    return found[-1].split(":", 1)[1].strip().replace(" ", "_") if found else "unknown"


def app_log() -> None:
    """The app's own lines of this boot, once: what boot-check shows when a check fails."""
    out = subprocess.run(
        ["journalctl", "-b", "-u", UNIT, "--no-pager", "-o", "cat", "-n", "80"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    for line in out.splitlines():
        print(f"BOOTLOG {line}", flush=True)


def display_use() -> str:
    """Which display files and GL libraries the app holds (its /proc entries)."""
    pid = unit_pid()
    if not pid:
        return "no-app"
    fds = []
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = str(fd.readlink())
                if target.startswith("/dev/"):
                    fds.append(target)
    libs = set()
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
            name = line.split()[-1]
            if any(key in name for key in ("dri", "SDL", "gbm", "EGL", "GLES", "drm")):
                libs.add(Path(name).name)
    return f"devices={','.join(sorted(set(fds))) or '-'} libs={','.join(sorted(libs)) or '-'}"


def unit_pid() -> str:
    out = subprocess.run(
        ["systemctl", "show", UNIT, "-p", "MainPID", "--value"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return "" if out in ("", "0") else out


def main() -> None:
    time.sleep(5)
    print(f"BOOTCHECK security={security()}", flush=True)
    rounds = 0
    while True:
        rounds += 1
        if rounds == 12:
            app_log()
            print(f"BOOTCHECK {display_use()}", flush=True)
        fields = unit_fields()
        uptime = Path("/proc/uptime").read_text().split()[0]
        host = Path("/proc/sys/kernel/hostname").read_text().strip()
        print(
            f"BOOTCHECK uptime={uptime} kiosk={fields.get('ActiveState', '?')} "
            f"watchdog={fields.get('WatchdogTimestampMonotonic', '?')} "
            f"restarts={fields.get('NRestarts', '?')} host={host} games={games()} "
            f"mounts={mounts()} components={components()}",
            flush=True,
        )
        time.sleep(4)


if __name__ == "__main__":
    main()
