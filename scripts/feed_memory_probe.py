"""Where the app's memory grows while a game is played with the camera feed.

Runs the real ``tableside app`` as ``tableside bench app`` does (a private Xvfb screen,
the bench's folder of rendered table pictures and its calibration, the scripted Marauders
game of :func:`ui.benchmarks.app.play_game`), for fewer steps, and every few seconds reads
the process's ``/proc/PID/smaps``: resident memory in total and by kind of mapping (the
main heap, other anonymous memory, the renderer's libLLVM, other files). At the end it
prints the anonymous mappings that grew most, and with ``--tracemalloc`` the Python
allocations that grew most between the first screen and the end (the app runs with
``tracemalloc`` on and writes a snapshot when sent SIGUSR1: slower, a little more memory).

    uv run --locked python scripts/feed_memory_probe.py --steps 60
    uv run --locked python scripts/feed_memory_probe.py --steps 60 --no-camera
    uv run --locked python scripts/feed_memory_probe.py --steps 60 --env MALLOC_ARENA_MAX=1
    uv run --locked python scripts/feed_memory_probe.py --steps 40 --tracemalloc

Figures are printed, never asserted; ``tableside bench app`` has the targets.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ui.app.xvfb import start_xvfb
from ui.benchmarks import app as bench
from ui.benchmarks.x11_input import X11Input

#: Run as the app's own entry point with ``--tracemalloc`` (see :func:`traced_main`).
WRAPPER = Path(__file__).resolve()


def mappings(pid: int) -> Iterator[tuple[str, str, int, int]]:
    """Each mapping of ``pid``: (address range, name, size kB, resident kB)."""
    head: list[str] | None = None
    size = 0
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split(maxsplit=5)
        if len(parts) >= 5 and "-" in parts[0] and ":" in parts[3]:
            head = parts
        elif head is not None and line.startswith("Size:"):
            size = int(line.split()[1])
        elif head is not None and line.startswith("Rss:"):
            name = head[5].strip() if len(head) > 5 else ""
            yield head[0], name, size, int(line.split()[1])


def kinds(pid: int) -> dict[str, float]:
    """Resident MB by kind of mapping."""
    out = {"total": 0.0, "heap": 0.0, "anon": 0.0, "llvm": 0.0, "files": 0.0}
    for _, name, _, rss in mappings(pid):
        mb = rss / 1024
        out["total"] += mb
        if name == "[heap]":
            out["heap"] += mb
        elif not name or name.startswith("[anon"):
            out["anon"] += mb
        elif "libLLVM" in name:
            out["llvm"] += mb
        else:
            out["files"] += mb
    return out


def traced_main() -> int:
    """The app with tracemalloc on; SIGUSR1 writes a snapshot to $PROBE_SNAPSHOT.N."""
    import tracemalloc

    tracemalloc.start(int(os.environ.get("PROBE_FRAMES", "8")))
    taken = [0]

    def dump(_sig: int, _frame: Any) -> None:
        import gc

        gc.collect()
        tracemalloc.take_snapshot().dump(f"{os.environ['PROBE_SNAPSHOT']}.{taken[0]}")
        taken[0] += 1

    signal.signal(signal.SIGUSR1, dump)
    from ui.cli import main

    return main(sys.argv[1:])


def snapshot(pid: int, base: Path, n: int) -> Any:
    """Ask the traced app for snapshot ``n`` and load it."""
    import tracemalloc

    os.kill(pid, signal.SIGUSR1)
    path = Path(f"{base}.{n}")
    for _ in range(600):
        time.sleep(0.1)
        if path.exists():
            size = path.stat().st_size
            time.sleep(0.5)
            if path.stat().st_size == size:
                return tracemalloc.Snapshot.load(str(path))
    raise RuntimeError("the app wrote no snapshot")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--no-camera", action="store_true")
    parser.add_argument("--every", type=float, default=15.0, help="seconds between samples")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the app")
    parser.add_argument("--tracemalloc", action="store_true")
    args = parser.parse_args()
    for item in args.env:
        name, _, value = item.partition("=")
        os.environ[name] = value
    if args.tracemalloc:
        bench.tableside_command = lambda: [sys.executable, str(WRAPPER), "--as-app"]
    xvfb = start_xvfb("800x480x24")
    display = os.environ["DISPLAY"]
    step = [0]
    shown = bench.progress

    def progress(text: str) -> None:
        step[0] = int(text.split()[1])
        shown(text)

    bench.progress = progress
    samples: list[tuple[float, int, dict[str, float]]] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp)
            extra: list[str] = []
            if not args.no_camera:
                pictures, cal = bench.camera_files(home)
                extra = ["--camera", str(pictures), "--calibration", str(cal)]
            os.environ["PROBE_SNAPSHOT"] = str(home / "snapshot")
            app = bench.AppProcess(home, display, extra)
            x = X11Input(display)
            try:
                if app.settled(app.started) is None:
                    raise bench.Stuck("no first screen")
                time.sleep(bench.REST)
                pid = app.proc.pid
                first_maps = {a: (n, s, r) for a, n, s, r in mappings(pid)}
                samples.append((0.0, 0, kinds(pid)))
                before = snapshot(pid, home / "snapshot", 0) if args.tracemalloc else None
                app._offset, app._buffer = 0, ""
                done = threading.Event()
                t0 = time.monotonic()

                def sample() -> None:
                    while not done.wait(args.every):
                        samples.append((time.monotonic() - t0, step[0], kinds(pid)))

                sampler = threading.Thread(target=sample, daemon=True)
                sampler.start()
                _, played = bench.play_game(app, x, args.steps, strict=args.no_camera)
                done.set()
                time.sleep(bench.REST)
                samples.append((time.monotonic() - t0, played, kinds(pid)))
                last_maps = {a: (n, s, r) for a, n, s, r in mappings(pid)}
                after = snapshot(pid, home / "snapshot", 1) if args.tracemalloc else None
            finally:
                x.close()
                app.stop()
    finally:
        xvfb.terminate()
        xvfb.wait()
    print(f"\n{'s':>6} {'step':>5} " + " ".join(f"{k:>7}" for k in samples[0][2]))
    for at, n, figures in samples:
        print(f"{at:6.0f} {n:5d} " + " ".join(f"{v:7.1f}" for v in figures.values()))
    grown = []
    for address, (name, size, rss) in last_maps.items():
        old = first_maps.get(address, (name, 0, 0))
        grown.append((rss - old[2], address, name, old[1], size, old[2], rss))
    grown.sort(reverse=True)
    print("\nmappings that grew most (kB): growth, address, name, size before/after, rss")
    for g, address, name, s0, s1, r0, r1 in grown[:15]:
        print(f"{g:8d} {address} {name or '(anonymous)'} size {s0}->{s1} rss {r0}->{r1}")
    gone = sum(r for a, (_, _, r) in first_maps.items() if a not in last_maps)
    print(f"mappings gone since the first screen: {gone / 1024:.1f} MB resident then")
    if before is not None and after is not None:
        print("\nPython allocations that grew most (tracemalloc, by line):")
        for stat in after.compare_to(before, "lineno")[:25]:
            print(" ", stat)
        print(
            "  total traced: "
            f"{sum(s.size for s in before.statistics('filename')) / 2**20:.1f} -> "
            f"{sum(s.size for s in after.statistics('filename')) / 2**20:.1f} MB"
        )
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--as-app"]:
        del sys.argv[1]
        sys.exit(traced_main())
    sys.exit(main())
