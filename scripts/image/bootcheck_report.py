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


def main() -> None:
    time.sleep(5)
    print(f"BOOTCHECK security={security()}", flush=True)
    while True:
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
