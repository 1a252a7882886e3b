"""Hostile files from outside, fed to the real commands as a café's USB stick would.

Each file is generated here (nothing depends on the code under test) and
given to ``tableside components import``, ``components check``,
``components usb`` (the file on a stick folder) and ``decide``, each run as
a subprocess with a time limit and a 2 GiB address-space cap (so a runaway
read fails instead of taking the machine). Measured per run: a traceback
on the terminal, the exit status, peak memory (the child's own maximum
resident size), seconds, whether it hung, and whether a raw escape
character reached the terminal.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 20.0
ADDRESS_SPACE = 2 << 30
ROOT = Path(__file__).resolve().parents[2]
#: The installed command, as a player runs it (``python -m ui.cli`` would load the
#: CLI module twice and turn its own error class into a traceback).
TABLESIDE = str(Path(sys.executable).with_name("tableside"))


def _situation() -> dict[str, object]:
    text = (ROOT / "examples" / "marauders" / "spring-own-tile.json").read_text()
    loaded: dict[str, object] = json.loads(text)
    return loaded


def huge_number(path: Path) -> None:
    text = json.dumps(_situation())
    path.write_text(text.replace('"decision"', '"round": ' + "7" * 5000 + ', "decision"', 1))


def fifty_mb(path: Path) -> None:
    data = _situation()
    data["padding"] = ["tableside" * 10] * (50 * 1024 * 1024 // 95)
    path.write_text(json.dumps(data))


def sparse(path: Path) -> None:
    with open(path, "wb") as out:
        out.write(b'{"decision": "spring", "x": "')
        out.truncate(3 << 30)


def fifo(path: Path) -> None:
    os.mkfifo(path)


def deep(path: Path) -> None:
    path.write_text('{"decision": "spring", "x": ' + "[" * 200_000 + "]" * 200_000 + "}")


def control(path: Path) -> None:
    text = json.dumps(_situation())
    path.write_text(text.replace('"spring"', '"spring\\u001b[2J\\u001b]0;owned\\u0007"', 1))


FILES: dict[str, Callable[[Path], None]] = {
    "5,000-digit number": huge_number,
    "50 MB file": fifty_mb,
    "3 GiB sparse file": sparse,
    "FIFO": fifo,
    "200,000-deep nesting": deep,
    "control characters": control,
}

COMMANDS: dict[str, list[str]] = {
    "components import": ["components", "import", "{file}"],
    "components check": ["components", "check", "{file}"],
    "components usb": ["components", "usb", "--import"],
    "decide": ["decide", "marauders", "{file}"],
}


@dataclass(kw_only=True)
class Run:
    file: str
    command: str
    exit: int | None  # None: killed after the time limit
    traceback: bool
    peak_mb: float
    seconds: float
    escape: bool  # a raw ESC reached stdout/stderr


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _run(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[int | None, str, float, float]:
    out = cwd / "out.txt"
    with open(out, "wb") as sink:
        start = time.monotonic()
        proc = subprocess.Popen(
            argv, stdout=sink, stderr=subprocess.STDOUT, env=env, cwd=cwd, preexec_fn=_limit
        )
        code: int | None = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() - start > TIMEOUT:
                proc.kill()
                _pid, _status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        proc.returncode = code if code is not None else -9
        seconds = time.monotonic() - start
    return code, out.read_text(errors="replace"), usage.ru_maxrss / 1024, seconds


def run_all(base: Path) -> list[Run]:
    """Every hostile file through every command; one :class:`Run` each."""
    runs: list[Run] = []
    for n, (label, make) in enumerate(FILES.items()):
        home = base / f"hostile-{n}"
        stick = home / "stick"
        stick.mkdir(parents=True)
        target = stick / "components.json"
        make(target)
        env = {
            **os.environ,
            "TABLESIDE_HOME": str(home / "box"),
            "TABLESIDE_USB_ROOTS": str(stick),
            "PYTHONUNBUFFERED": "1",
        }
        for name, words in COMMANDS.items():
            argv = [TABLESIDE, *(w.format(file=target) for w in words)]
            code, text, peak, seconds = _run(argv, env, home)
            runs.append(
                Run(
                    file=label,
                    command=name,
                    exit=code,
                    traceback="Traceback (most recent call last)" in text,
                    peak_mb=peak,
                    seconds=seconds,
                    escape="\x1b" in text,
                )
            )
        target.unlink()
    return runs
