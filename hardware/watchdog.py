"""Telling systemd the kiosk is alive (``sd_notify``): datagrams on ``NOTIFY_SOCKET``.

The kiosk unit is ``Type=notify`` with ``WatchdogSec=``: systemd waits for
``READY=1`` before it counts the app as started, and restarts it when
``WATCHDOG=1`` stops arriving. The app pings from the Kivy clock, so a
frozen UI (a hung main loop) stops the pings and gets restarted::

    watchdog = Watchdog()
    watchdog.ready()                     # first screen is up
    if watchdog.interval_s:
        Clock.schedule_interval(lambda dt: watchdog.ping(), watchdog.interval_s)
    ...
    watchdog.stopping()                  # in App.on_stop

Outside systemd (``NOTIFY_SOCKET`` unset) every method does nothing.

The protocol is one datagram per message on the Unix socket systemd names
(``sd_notify(3)``; an address starting with ``@`` is in the abstract
namespace). It is written here with :mod:`socket` rather than taken from the
``sdnotify`` package, which PyPI has only as a source archive: the Pi install
uses binary wheels only (tests/ui/test_pi_install.py).
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Mapping


class Watchdog:
    """``ready()``, ``ping()``, ``status()`` and ``stopping()`` for systemd; no-ops elsewhere."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        env = os.environ if env is None else env
        self.socket_path = env.get("NOTIFY_SOCKET") or None
        self._notifier: socket.socket | None = None
        if self.socket_path:
            address = self.socket_path
            if address.startswith("@"):
                address = "\0" + address[1:]  # the abstract namespace
            try:
                notifier = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                notifier.connect(address)  # connects once, here
                self._notifier = notifier
            except OSError:
                self._notifier = None  # a socket that is gone: nothing to tell
        self.interval_s = _ping_interval(env)

    @property
    def enabled(self) -> bool:
        """True when running under systemd with a notification socket."""
        return self._notifier is not None

    def ready(self, status: str | None = None) -> None:
        """The app is up (its first screen is shown)."""
        self._send("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def ping(self) -> None:
        """Still alive; call every :attr:`interval_s` seconds from the UI loop."""
        self._send("WATCHDOG=1")

    def status(self, text: str) -> None:
        """A one-line status shown by ``systemctl status`` (English, for staff)."""
        self._send(f"STATUS={text}")

    def stopping(self) -> None:
        """The app is shutting down on purpose."""
        self._send("STOPPING=1")

    def _send(self, message: str) -> None:
        if self._notifier is not None:
            with contextlib.suppress(OSError):  # systemd went away: the kiosk keeps running
                self._notifier.sendall(message.encode())


def _ping_interval(env: Mapping[str, str]) -> float | None:
    """A third of ``WATCHDOG_USEC`` (meant for this process), or ``None`` without a watchdog."""
    usec = env.get("WATCHDOG_USEC", "")
    pid = env.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    if pid and pid != str(os.getpid()):
        return None
    return int(usec) / 1_000_000 / 3
