"""A private, temporary broker for the board tests until the fleet's own fixture lands.

A real ``mosquitto`` on 127.0.0.1 (free port, password file, ``allow_anonymous false``,
the contract's ACL plus a ``tester`` account that may write any box's topics, standing in
for 40 boxes). Replaced by tests/fleet/conftest.py's fixture when the branches meet.
"""

from __future__ import annotations

import getpass
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from fleet.protocol import ROOT, acl_text

PASSWORDS = {"board": "board-pw", "tester": "tester-pw", "keeper": "keeper-pw", "table-7": "t7-pw"}


@dataclass
class Broker:
    host: str
    port: int
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_broker(folder: Path) -> Broker:
    passwd = folder / "passwd"
    passwd.touch()
    for user, password in PASSWORDS.items():
        subprocess.run(["mosquitto_passwd", "-b", str(passwd), user, password], check=True)
    acl = folder / "acl"
    acl.write_text(f"user tester\ntopic readwrite {ROOT}/#\n\n" + acl_text())
    port = free_port()
    conf = folder / "mosquitto.conf"
    conf.write_text(
        f"user {getpass.getuser()}\nlistener {port} 127.0.0.1\nallow_anonymous false\n"
        f"password_file {passwd}\nacl_file {acl}\npersistence false\nlog_dest stderr\n"
    )
    process = subprocess.Popen(
        ["mosquitto", "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return Broker("127.0.0.1", port, process)
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("mosquitto did not start within 10 s")
