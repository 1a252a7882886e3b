"""A throwaway hub broker on 127.0.0.1: real Mosquitto, a fresh CA, passwords, ACL, persistence.

The tests' ``broker`` fixture and ``tableside bench fleet`` use it; it can be
killed (SIGKILL, as a power cut) and started again on the same port and files.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterable
from pathlib import Path

from fleet.hub.broker import create, free_port, start, stop
from fleet.mqtt import Account

HOST = "127.0.0.1"


class LoopbackBroker:
    """Mosquitto on a free loopback port with accounts for the service users and ``boxes``."""

    def __init__(self, directory: Path, boxes: Iterable[str] = ()) -> None:
        self.port = free_port(HOST)
        # As root, Mosquitto would drop to the 'mosquitto' user, who cannot read a test's
        # private files: stay root there (as any other user the setting has no effect).
        run_as = "root" if os.geteuid() == 0 else None
        self.files, self.box_passwords = create(
            directory,
            hosts=[HOST, "localhost"],
            port=self.port,
            bind=HOST,
            run_as=run_as,
            boxes=boxes,
        )
        self.log = Path(directory) / "mosquitto.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def account(self, user: str, password: str | None = None) -> Account:
        """Credentials for ``user`` (a service account or a box made with the broker)."""
        if password is None:
            password = self.box_passwords.get(user) or self.files.secret(user)
        return Account(
            host=HOST, port=self.port, user=user, password=password, ca=self.files.ca_cert
        )

    def start(self) -> None:
        self.proc = start(self.files, self.port, HOST, log=self.log)

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)
            self.proc = None

    def kill(self) -> None:
        """SIGKILL: what was not yet saved to the persistence file is lost, as in a power cut."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None
