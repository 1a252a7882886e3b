"""Boot the kiosk image under QEMU and check it the way a café would meet it.

Run through ``scripts/image/boot-check OUT.img``. The image itself is never
written: QEMU boots a throwaway qcow2 overlay of it (``virt`` machine, Cortex-A72,
virtio-gpu at 800x480 for KMS/DRM, virtio keyboard and tablet for the keys and
the touch, no network). The guest reports on its serial console
(``scripts/image/bootcheck_report.py``, only when the kernel command line says
``tableside.bootcheck``); the QEMU monitor types keys, takes ``screendump``
pictures, plugs USB sticks and pulls the reset.

Checks, in order (each prints PASS or FAIL and its figure):

1. the kiosk unit is active and the app's first screen is on the display: the
   screendump compared with the same app's first screen drawn on this machine
   under Xvfb (mean difference of 200x120 grey pictures, 0..1);
2. the watchdog is fed: the unit's last watchdog ping moves on;
3. the escapes: Ctrl+Alt+F2 leaves the app on the screen; no login prompt on the
   serial console, and typing a user name there gets none; a USB stick with an
   ext4 file system is not mounted; a vfat stick with a component file is;
4. a hard reset in the middle of a game: after keys started a game and
   confirmed steps, ``system_reset``; the box comes back into that game at the
   same step (the journal holds the same events; the screen's header shows the same
   game and step: a list the keys scrolled opens at its top again, as any step does).

Figures: boot to first screen and reset to the same step (seconds under TCG
emulation), the image's size, and ``systemd-analyze security`` of the unit on the
booted system. Exit 0 only when every check passes; the last line is a summary.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parents[2]
SIZE = (800, 480)
#: Mean grey difference (0..1) under which two screens count as the same picture.
SAME_SCREEN = 0.035
#: Keys (QEMU ``sendkey`` names) that start a game from the first screen and confirm
#: steps: NEXT, NEXT (the second game in the list), CONFIRM (open its set-up),
#: CONFIRM (start), then CONFIRM three times.
GAME_KEYS = ("n", "n", "spc", "spc", "spc", "spc", "spc")
#: NEXT presses on "Your components" until "Import from USB stick" has the ring: one
#: per "Enter your components" (five games with printed components), then the import.
IMPORT_NEXT = 6
REPORT = re.compile(r"BOOTCHECK (.*)")


# --- pictures -------------------------------------------------------------------------


def read_xwd(data: bytes) -> np.ndarray:
    """An X window dump (``xwd -root``, 24/32-bit TrueColor ZPixmap) as a BGR array."""
    header = struct.unpack(">25I", data[:100])
    size, width, height, order, bytes_per_line, ncolours = (
        header[0],
        header[4],
        header[5],
        header[7],
        header[12],
        header[19],
    )
    start = size + ncolours * 12
    rows = np.frombuffer(data[start : start + bytes_per_line * height], np.uint8)
    pixels = rows.reshape(height, bytes_per_line)[:, : width * 4].reshape(height, width, 4)
    return pixels[:, :, :3].copy() if order == 0 else pixels[:, :, 1:][:, :, ::-1].copy()


def difference(a: np.ndarray, b: np.ndarray) -> float:
    """Mean absolute difference of two screens as small grey pictures, 0 (same) .. 1."""

    def small(img: np.ndarray) -> np.ndarray:
        grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img
        return cv2.resize(grey, (200, 120), interpolation=cv2.INTER_AREA).astype(np.float32)

    return float(np.mean(np.abs(small(a) - small(b))) / 255.0)


#: Rows of the 800x480 screen that name the game and the step: phase, title, step number.
HEADER_ROWS = 72


def header(img: np.ndarray) -> np.ndarray:
    """The screen's header band: what game and step it shows, not where a field list is
    scrolled (a CONFIRM that brings an unseen answer into view scrolls; a restart opens
    the step at its top, as it should)."""
    return img[: HEADER_ROWS * img.shape[0] // 480]


def expected_first_screen(work: Path) -> np.ndarray:
    """The app's first screen on a new box, drawn here under Xvfb, started as the unit does.

    (``tableside app --kiosk --camera auto``: no camera here or in QEMU, so manual entry.)
    """
    display = f":{80 + os.getpid() % 100}"
    home = work / "host-home"
    home.mkdir()
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "800x480x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    env = {**os.environ, "DISPLAY": display, "TABLESIDE_HOME": str(home)}
    app = subprocess.Popen(
        [str(HERE / ".venv/bin/tableside"), "app", "--kiosk", "--camera", "auto"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(15)
        dump = subprocess.run(
            ["xwd", "-root", "-silent", "-display", display], capture_output=True, check=True
        ).stdout
        return read_xwd(dump)
    finally:
        app.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            app.wait(10)
        app.kill()
        xvfb.terminate()


# --- the virtual machine ----------------------------------------------------------------


@dataclass
class Guest:
    """One QEMU process, its monitor and the serial console's lines."""

    work: Path
    image: Path
    kernel: Path
    initrd: Path
    process: subprocess.Popen[bytes] | None = None
    serial: socket.socket | None = None
    lines: list[tuple[float, str]] = field(default_factory=list)
    started: float = 0.0

    def start(self) -> None:
        mon, ser = self.work / "monitor.sock", self.work / "serial.sock"
        cmdline = (
            "root=LABEL=tableside-root rootfstype=ext4 rootwait quiet "
            "console=tty1 console=ttyAMA0 tableside.bootcheck"
        )
        argv = [
            "qemu-system-aarch64",
            "-M",
            "virt",
            "-cpu",
            "cortex-a72",
            "-smp",
            "2",
            "-m",
            "2048",
            "-kernel",
            str(self.kernel),
            "-initrd",
            str(self.initrd),
            "-append",
            cmdline,
            "-drive",
            f"if=none,id=disk,file={self.image},format=qcow2",
            "-device",
            "virtio-blk-pci,drive=disk",
            "-device",
            f"virtio-gpu-pci,xres={SIZE[0]},yres={SIZE[1]}",
            "-device",
            "virtio-keyboard-pci",
            "-device",
            "virtio-tablet-pci",
            "-device",
            "qemu-xhci,id=xhci",
            "-nic",
            "none",
            "-display",
            "none",
            "-chardev",
            f"socket,id=ser,path={ser},server=on,wait=off",
            "-serial",
            "chardev:ser",
            "-monitor",
            f"unix:{mon},server,nowait",
        ]
        log = (self.work / "qemu.log").open("wb")
        self.process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
        self.started = time.monotonic()
        for _ in range(100):
            if ser.exists() and mon.exists():
                break
            time.sleep(0.1)
        self.serial = socket.socket(socket.AF_UNIX)
        self.serial.connect(str(ser))
        threading.Thread(target=self._read_serial, daemon=True).start()

    def _read_serial(self) -> None:
        assert self.serial is not None
        buffer = b""
        with (self.work / "serial.log").open("ab") as log:
            while True:
                try:
                    chunk = self.serial.recv(4096)
                except OSError:
                    return
                if not chunk:
                    return
                log.write(chunk)
                log.flush()
                buffer += chunk
                *done, buffer = buffer.split(b"\n")
                now = time.monotonic()
                self.lines.extend((now, raw.decode("utf-8", "replace").strip("\r")) for raw in done)

    def monitor(self, command: str) -> str:
        with socket.socket(socket.AF_UNIX) as mon:
            mon.connect(str(self.work / "monitor.sock"))
            mon.settimeout(30)
            mon.sendall(command.encode() + b"\n")
            time.sleep(0.5)
            out = b""
            with contextlib.suppress(TimeoutError, BlockingIOError):
                mon.settimeout(0.5)
                while chunk := mon.recv(65536):
                    out += chunk
        return out.decode("utf-8", "replace")

    def screen(self) -> np.ndarray:
        path = self.work / "screen.ppm"
        path.unlink(missing_ok=True)
        self.monitor(f"screendump {path}")
        for _ in range(50):
            if path.exists() and path.stat().st_size > 0:
                time.sleep(0.2)
                img = cv2.imread(str(path))
                if img is not None:
                    return img
            time.sleep(0.2)
        raise RuntimeError("QEMU gave no screendump")

    def keys(self, *names: str, pause: float = 3.0) -> None:
        for name in names:
            self.monitor(f"sendkey {name}")
            time.sleep(pause)

    def reports(self, since: float = 0.0) -> list[dict[str, str]]:
        found = []
        for when, line in list(self.lines):
            match = REPORT.search(line)
            if match and when >= since and ("kiosk=" in line or "security=" in line):
                fields = dict(kv.split("=", 1) for kv in match.group(1).split() if "=" in kv)
                found.append({"_t": str(when), **fields})
        return found

    def status(self, since: float = 0.0) -> dict[str, str]:
        """The newest status line (``kiosk=...``) since ``since``, or an empty one."""
        lines = [r for r in self.reports(since) if "kiosk" in r]
        return lines[-1] if lines else {}

    def wait_report(
        self, test: Callable[[dict[str, str]], bool], timeout: float, since: float = 0.0
    ) -> dict[str, str] | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for report in self.reports(since):
                if test(report):
                    return report
            if self.process is not None and self.process.poll() is not None:
                return None
            time.sleep(1)
        return None

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.monitor("quit")
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(15)
            self.process.kill()


# --- the checks -----------------------------------------------------------------------


@dataclass
class Outcome:
    results: list[tuple[str, bool, str]] = field(default_factory=list)
    figures: list[tuple[str, str]] = field(default_factory=list)

    def check(self, name: str, ok: bool, detail: str) -> bool:
        self.results.append((name, ok, detail))
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}", flush=True)
        return ok

    def figure(self, name: str, value: str) -> None:
        self.figures.append((name, value))
        print(f"FIGURE {name}: {value}", flush=True)


def wait_screen(
    guest: Guest,
    like: np.ndarray,
    timeout: float,
    part: Callable[[np.ndarray], np.ndarray] = lambda img: img,
) -> tuple[float | None, float]:
    """Seconds until the screen (its ``part``) looks like ``like``'s (None: never), and the
    last difference."""
    end = time.monotonic() + timeout
    last = 1.0
    while time.monotonic() < end:
        with contextlib.suppress(RuntimeError):
            last = difference(part(guest.screen()), part(like))
            if last < SAME_SCREEN:
                return time.monotonic(), last
        time.sleep(3)
    return None, last


def component_file() -> str:
    """The example Marauders set in the sharing format, as a café's staff would export it."""
    import json

    from rules.registry import get_game
    from ui.component_store import check, document

    data = json.loads((HERE / "rules/games/marauders/data/components.json").read_text())
    return document(check(get_game("marauders"), data, "example"))


def stick(work: Path, kind: str) -> Path:
    """A 32 MB USB stick image of ``kind`` (vfat or ext4) holding one component file."""
    folder = work / f"stick-{kind}"
    folder.mkdir()
    (folder / "marauders.tableside.json").write_text(component_file())
    image = work / f"stick-{kind}.img"
    subprocess.run(["truncate", "-s", "32M", str(image)], check=True)
    if kind.startswith("vfat"):
        subprocess.run(
            ["mkfs.vfat", "-n", "COMPONENTS", str(image)], check=True, capture_output=True
        )
        files = [str(p) for p in folder.iterdir()]
        if files:
            subprocess.run(["mcopy", "-i", str(image), *files, "::/"], check=True)
    else:
        subprocess.run(["mkfs.ext4", "-q", "-d", str(folder), str(image)], check=True)
    return image


def plug(guest: Guest, image: Path, name: str) -> None:
    guest.monitor(f"drive_add 0 if=none,id={name},file={image},format=raw,readonly=on")
    guest.monitor(f"device_add usb-storage,bus=xhci.0,drive={name},id={name}-dev")


def unplug(guest: Guest, name: str) -> None:
    guest.monitor(f"device_del {name}-dev")


def run(image: Path, boot_timeout: float) -> int:
    out = Outcome()
    work = Path(tempfile.mkdtemp(prefix="tableside-bootcheck."))
    print(f"boot-check {image} (work files: {work})", flush=True)
    size = image.stat().st_size
    used = os.stat(image).st_blocks * 512
    out.figure("image size", f"{size / 2**20:.0f} MiB apparent, {used / 2**20:.0f} MiB used")

    for name in ("vmlinuz", "initrd.img"):
        subprocess.run(
            ["mcopy", "-n", "-i", f"{image}@@1M", f"::/{name}", str(work / name)], check=True
        )
    overlay = work / "overlay.qcow2"
    subprocess.run(
        [
            "qemu-img",
            "create",
            "-q",
            "-f",
            "qcow2",
            "-b",
            str(image.resolve()),
            "-F",
            "raw",
            str(overlay),
        ],
        check=True,
    )

    print("drawing the expected first screen here (Xvfb) ...", flush=True)
    expected = expected_first_screen(work)
    cv2.imwrite(str(work / "expected-first.png"), expected)

    guest = Guest(work=work, image=overlay, kernel=work / "vmlinuz", initrd=work / "initrd.img")
    guest.start()
    try:
        # 1. first screen
        active = guest.wait_report(lambda r: r.get("kiosk") == "active", boot_timeout)
        out.check(
            "kiosk unit active",
            active is not None,
            f"after {float(active['_t']) - guest.started:.0f} s"
            if active
            else f"not within {boot_timeout:.0f} s",
        )
        seen, diff = wait_screen(guest, expected, boot_timeout)
        shot = guest.screen()
        cv2.imwrite(str(work / "first-screen.png"), shot)
        ok = out.check(
            "first screen on the display",
            seen is not None,
            f"difference {diff:.3f} (same below {SAME_SCREEN}); {work / 'first-screen.png'}",
        )
        if seen is not None:
            out.figure("boot to first screen", f"{seen - guest.started:.0f} s under TCG emulation")
        if not ok:
            return finish(out, work)
        security = next((r for r in guest.reports() if "security" in r), None)
        if security:
            out.figure(
                "systemd-analyze security (booted)",
                security["security"].replace("_", " ").removesuffix(" :-}"),
            )

        host = guest.status().get("host", "?")
        out.check(
            "a name of its own at first boot",
            re.fullmatch(r"tableside-[0-9a-f]{6}", host) is not None,
            f"hostname {host}",
        )

        # 2. watchdog
        first = guest.wait_report(lambda r: r.get("watchdog", "").isdigit(), 30)
        later = guest.wait_report(
            lambda r: (
                first is not None
                and r.get("watchdog", "").isdigit()
                and int(r["watchdog"]) > int(first["watchdog"]) > 0
            ),
            90,
        )
        out.check(
            "watchdog fed",
            later is not None,
            f"last ping moved {first and first['watchdog']} -> {later and later['watchdog']}",
        )

        # 3. escapes
        restarts = guest.status().get("restarts", "?")
        guest.keys("ctrl-alt-f2", pause=5)
        other = guest.screen()
        cv2.imwrite(str(work / "ctrl-alt-f2.png"), other)
        # docs/kiosk.md: another console is an empty screen (no login prompt anywhere)
        empty = float(np.std(cv2.cvtColor(other, cv2.COLOR_BGR2GRAY))) < 3.0
        still = difference(other, expected) < SAME_SCREEN
        guest.keys("ctrl-alt-f1", pause=5)
        after = difference(guest.screen(), expected)
        now = guest.status()
        out.check(
            "Ctrl+Alt+F2: no other console, Ctrl+Alt+F1 back in the app",
            (empty or still)
            and after < SAME_SCREEN
            and now.get("kiosk") == "active"
            and now.get("restarts") == restarts,
            f"F2 shows {'the app' if still else 'an empty screen' if empty else 'something else'}"
            f" ({work / 'ctrl-alt-f2.png'}), F1 difference {after:.3f}, "
            f"restarts {restarts} -> {now.get('restarts')}",
        )
        assert guest.serial is not None
        guest.serial.sendall(b"\r\nroot\r\n")
        time.sleep(8)
        prompts = [line for _, line in guest.lines if re.search(r"login:|Password:", line)]
        out.check(
            "no console login (serial)",
            not prompts,
            "no login prompt on the serial console" if not prompts else prompts[0],
        )
        plug(guest, stick(work, "vfat"), "vfatstick")
        seen_vfat = guest.wait_report(
            lambda r: "vfat" in r.get("mounts", ""), 60, since=time.monotonic()
        )
        out.check(
            "USB stick with vfat mounted for the import",
            seen_vfat is not None,
            f"mounted: {seen_vfat['mounts'] if seen_vfat else 'nothing'}",
        )
        unplug(guest, "vfatstick")
        time.sleep(10)  # the stick's mount is gone before the next one comes
        plug(guest, stick(work, "ext4"), "ext4stick")
        time.sleep(15)
        mounts = guest.status(since=time.monotonic() - 5).get("mounts", "?")
        out.check("USB stick with ext4 refused", "ext4" not in mounts, f"mounted: {mounts}")
        unplug(guest, "ext4stick")

        # 4. a hard reset in the middle of a game
        guest.keys(*GAME_KEYS)
        time.sleep(5)
        before = guest.screen()
        cv2.imwrite(str(work / "before-reset.png"), before)
        state = guest.status(since=time.monotonic() - 5).get("games", "-")
        in_game = state not in ("-", "?", "unreadable")
        out.check("a game started by the keys", in_game, f"journal games {state}")
        reset_at = time.monotonic()
        guest.monitor("system_reset")
        back = guest.wait_report(lambda r: r.get("kiosk") == "active", boot_timeout, since=reset_at)
        seen_again, diff = wait_screen(guest, before, boot_timeout, part=header)
        after_reset = guest.screen()
        cv2.imwrite(str(work / "after-reset.png"), after_reset)
        state_after = guest.status(since=time.monotonic() - 6).get("games", "?")
        ok = back is not None and seen_again is not None and state_after == state
        out.check(
            "back in the same game at the same step after a hard reset",
            ok and in_game,
            f"journal {state} -> {state_after}, header (game, step) difference {diff:.3f}",
        )
        if ok and seen_again is not None:
            out.figure("reset to same step", f"{seen_again - reset_at:.0f} s under TCG emulation")

        # 5. the component file on a vfat stick, imported by the buttons' keys:
        #    Settings, Your tiles and cards, NEXT to "Import from USB stick", its first file.
        plug(guest, stick(work, "vfat-import"), "importstick")
        mounted = guest.wait_report(lambda r: "vfat" in r.get("mounts", ""), 60)
        guest.keys("s", "n", "spc", *(["n"] * IMPORT_NEXT), "spc", pause=3)
        time.sleep(10)  # the stick is read off the UI thread
        guest.keys("n", "spc", pause=5)  # the file; then its question: NEXT to "Import"
        guest.keys("n", "n", "spc", pause=3)
        imported = guest.wait_report(
            lambda r: "marauders:" in r.get("components", ""), 60, since=time.monotonic()
        )
        cv2.imwrite(str(work / "after-import.png"), guest.screen())
        out.check(
            "component file on a vfat stick imported",
            mounted is not None and imported is not None,
            f"stick {'mounted' if mounted else 'not mounted'}; saved sets: "
            f"{imported['components'] if imported else guest.status().get('components', '?')}",
        )
    finally:
        guest.stop()
    return finish(out, work)


def finish(out: Outcome, work: Path) -> int:
    passed = sum(ok for _, ok, _ in out.results)
    figures = "; ".join(f"{name} {value}" for name, value in out.figures)
    verdict = "PASS" if passed == len(out.results) and out.results else "FAIL"
    print(f"pictures and logs: {work}")
    print(f"boot-check {verdict}: {passed} of {len(out.results)} checks passed; {figures}")
    return 0 if verdict == "PASS" else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("image", type=Path)
    parser.add_argument(
        "--boot-timeout",
        type=float,
        default=900.0,
        help="seconds to wait for each boot (TCG emulation is slow)",
    )
    args = parser.parse_args()
    if not args.image.is_file():
        print(f"boot-check: {args.image} is not an image file", file=sys.stderr)
        return 2
    return run(args.image, args.boot_timeout)


if __name__ == "__main__":
    sys.exit(main())
