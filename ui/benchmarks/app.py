"""App cold start to the first screen, and resident memory (targets: < 3 s, < 200 MB).

Starts ``tableside``'s Kivy app in a fresh Python process on a temporary
journal (Xvfb is started when there is no display), waits for the first
drawn frame of the first screen, and reads the process's resident memory
(``VmRSS``) at that moment. Wall time includes interpreter start and imports.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from ui.commands.bench import Figure

NAME = "app"
DESCRIPTION = "Kivy app: cold start to first screen (s) and resident memory (MB)"

CHILD = r"""
import os, sys
from pathlib import Path
from ui.app.display import prepare_kivy
prepare_kivy()
from kivy.clock import Clock
from ui.app.controller import AppController
from ui.app.main import TablesideApp
from ui.service import TableService

service = TableService(Path(sys.argv[1]))
app = TablesideApp(AppController(service), use_hardware=True)

def report(_dt):
    rss_kb = next(int(line.split()[1]) for line in open("/proc/self/status")
                  if line.startswith("VmRSS:"))
    print(f"FIRST-SCREEN {app.manager.current} {rss_kb}", flush=True)
    app.stop()

app.on_start = lambda: (app.controller.start(), Clock.schedule_once(report, 0))
app.run()
"""


def _one_start(env: dict[str, str]) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, os.path.join(tmp, "journal.sqlite3")],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("FIRST-SCREEN"):
                elapsed = time.perf_counter() - start
                rss_mb = int(line.split()[2]) / 1024
                proc.wait(timeout=30)
                return elapsed, rss_mb
        proc.wait(timeout=30)
        raise RuntimeError("the app did not reach its first screen")


def run(quick: bool) -> list[Figure]:
    xvfb = None
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        from ui.app.xvfb import start_xvfb

        xvfb = start_xvfb()
        env["DISPLAY"] = os.environ["DISPLAY"]
    try:
        runs = [_one_start(env) for _ in range(1 if quick else 3)]
    finally:
        if xvfb is not None:
            xvfb.terminate()
    start = min(r[0] for r in runs)
    rss = max(r[1] for r in runs)
    return [
        Figure("cold start to first screen (best)", start, "s", "< 3 s", start < 3.0),
        Figure("resident memory at first screen", rss, "MB", "< 200 MB", rss < 200.0),
    ]
