"""Watchdog: sd_notify datagrams on a real AF_UNIX socket; silent without NOTIFY_SOCKET."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.watchdog import Watchdog


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = str(tmp_path / "notify")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(2.0)
    yield server, path
    server.close()


def receive_all(server: socket.socket) -> list[str]:
    messages = []
    server.settimeout(0.2)
    while True:
        try:
            messages.append(server.recv(4096).decode())
        except TimeoutError:
            return messages


def test_sends_ready_ping_status_and_stopping(notify_socket):
    server, path = notify_socket
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(os.getpid())}
    watchdog = Watchdog(env)
    assert watchdog.enabled
    assert watchdog.interval_s == pytest.approx(20 / 3)
    watchdog.ready("first screen shown")
    watchdog.ping()
    watchdog.status("game 3, spring")
    watchdog.stopping()
    assert receive_all(server) == [
        "READY=1\nSTATUS=first screen shown",
        "WATCHDOG=1",
        "STATUS=game 3, spring",
        "STOPPING=1",
    ]


def test_abstract_socket_address():
    name = f"tableside-test-{os.getpid()}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind("\0" + name)
    try:
        Watchdog({"NOTIFY_SOCKET": "@" + name}).ping()
        server.settimeout(2.0)
        assert server.recv(100) == b"WATCHDOG=1"
    finally:
        server.close()


def test_no_op_without_notify_socket(notify_socket, monkeypatch: pytest.MonkeyPatch):
    server, _ = notify_socket
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    watchdog = Watchdog()
    assert not watchdog.enabled
    assert watchdog.interval_s is None
    watchdog.ready()
    watchdog.ping()
    watchdog.stopping()
    assert receive_all(server) == []


def test_watchdog_meant_for_another_process_is_ignored(notify_socket):
    _, path = notify_socket
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}
    assert Watchdog(env).interval_s is None


def test_does_not_leak_notify_socket_into_the_environment(notify_socket, monkeypatch):
    _, path = notify_socket
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    Watchdog({"NOTIFY_SOCKET": path})
    assert "NOTIFY_SOCKET" not in os.environ


def test_socket_gone_later_does_not_raise(tmp_path: Path):
    path = str(tmp_path / "gone")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    watchdog = Watchdog({"NOTIFY_SOCKET": path})
    server.close()
    os.unlink(path)
    watchdog.ping()  # systemd went away: the kiosk keeps running
