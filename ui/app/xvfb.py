"""Start a virtual X screen (Xvfb) when there is no display: tests and screenshots."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path


class XvfbError(RuntimeError):
    """Xvfb is missing or did not start."""


def start_xvfb(size: str = "800x480x24") -> subprocess.Popen[bytes]:
    """Start Xvfb on a free display number, set ``DISPLAY``, return the process.

    The caller stops it with ``proc.terminate()``. ``-displayfd`` lets Xvfb pick
    a free number and report it once it accepts connections.
    """
    binary = shutil.which("Xvfb")
    if binary is None:
        raise XvfbError("Xvfb is not installed (Debian: apt-get install xvfb xauth)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        [binary, "-displayfd", str(write_fd), "-screen", "0", size, "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    deadline = time.monotonic() + 10
    number = b""
    with os.fdopen(read_fd, "rb") as pipe:
        while time.monotonic() < deadline and not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        proc.terminate()
        raise XvfbError("Xvfb did not report a display number")
    os.environ["DISPLAY"] = f":{number.decode().strip()}"
    return proc


def lock_file(display: str) -> Path:
    return Path(f"/tmp/.X{display.lstrip(':')}-lock")
