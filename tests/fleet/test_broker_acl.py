"""The hub's real Mosquitto: TLS only, no anonymous client, no forbidden write or read."""

from __future__ import annotations

import socket
import ssl
import time

import pytest

from fleet.hub.loopback import LoopbackBroker
from fleet.probe import (
    anonymous_attempts,
    forbidden_publishes,
    forbidden_subscriptions,
    may_read,
    may_write,
    universe,
)
from tests.fleet.conftest import BOXES

ACCOUNTS = ("keeper", "board", "staff", *BOXES)


def test_the_rules_as_stated_in_the_issue():
    # Hand-checked corners of the independent statement the broker is measured against.
    assert may_write("box-1", "tableside/box/box-1/step")
    assert not may_write("box-1", "tableside/box/box-2/step")
    assert not may_write("board", "tableside/box/board/status")
    assert not may_write("keeper", "tableside/box/keeper/status")
    assert may_write("staff", "tableside/staff/adopt")
    assert not may_write("staff", "tableside/box/box-1/status")
    assert may_read("board", "tableside/box/box-1/status")
    assert not may_read("board", "tableside/box/box-1/step")
    assert not may_read("box-1", "tableside/keeper/box-2/adopt")
    assert may_read("box-1", "tableside/staff/push/settings")
    assert not may_read("box-1", "tableside/staff/adopt")


def test_no_anonymous_or_wrong_password_connection_is_accepted(broker: LoopbackBroker):
    others = [broker.account(b) for b in BOXES[1:]] + [broker.account("keeper")]
    tried, accepted = anonymous_attempts(broker.account("box-1"), others)
    tried_board, accepted_board = anonymous_attempts(broker.account("board"))
    print(
        f"connections tried without valid credentials: {tried + tried_board}, accepted: "
        f"{accepted + accepted_board}"
    )
    assert (tried, accepted) == (7, 0)
    assert (tried_board, accepted_board) == (4, 0)


def test_a_valid_account_is_accepted(broker: LoopbackBroker):
    # The control for the test above: the same counting does see an accepted connection
    # when the "other account" offered is the account itself, with its right password.
    account = broker.account("box-1")
    assert anonymous_attempts(account, [account]) == (5, 1)


def test_the_listener_speaks_only_tls(broker: LoopbackBroker):
    with socket.create_connection(("127.0.0.1", broker.port), timeout=5) as sock:
        # An MQTT 3.1.1 CONNECT in the clear: the TLS listener answers with no CONNACK.
        sock.sendall(bytes([0x10, 12, 0, 4]) + b"MQTT" + bytes([4, 2, 0, 30, 0, 0]))
        try:
            reply = sock.recv(64)
        except (ConnectionResetError, TimeoutError):
            reply = b""
        assert not reply.startswith(b"\x20")  # 0x20 would be a CONNACK
    context = ssl.create_default_context(cafile=str(broker.files.ca_cert))
    with (
        socket.create_connection(("127.0.0.1", broker.port), timeout=5) as sock,
        context.wrap_socket(sock, server_hostname="127.0.0.1") as tls,
    ):
        assert tls.version() in ("TLSv1.2", "TLSv1.3")
    other = ssl.create_default_context()  # the system's CAs do not know the café's CA
    with (
        socket.create_connection(("127.0.0.1", broker.port), timeout=5) as sock,
        pytest.raises(ssl.SSLCertVerificationError),
    ):
        other.wrap_socket(sock, server_hostname="127.0.0.1")


def test_every_forbidden_publish_is_refused(broker: LoopbackBroker):
    accounts = {name: broker.account(name) for name in ACCOUNTS}
    report = forbidden_publishes(accounts, broker.account("staff"), BOXES)
    print(
        f"forbidden publishes tried: {report.tried}, succeeded: {len(report.succeeded)}; "
        f"allowed publishes: {report.allowed_tried}, refused: {len(report.allowed_failed)}"
    )
    topics = len(universe(BOXES))
    assert report.tried + report.allowed_tried == len(ACCOUNTS) * topics
    assert report.tried == 176  # counted by hand: see test_forbidden_count_by_hand
    assert report.succeeded == []
    assert report.allowed_failed == []


def test_forbidden_count_by_hand():
    topics = universe(BOXES)
    # 3 boxes x 4 own + 3 x 4 keeper + adopt + 2 pushes + 3 reserved + 4 others = 34 topics.
    assert len(topics) == 34
    # Allowed: each box its own 4 (12), keeper the 12 + 'keeper/keeper/adopt' (13), staff 3.
    allowed = sum(may_write(a, t) for a in ACCOUNTS for t in topics)
    assert allowed == 12 + 13 + 3
    assert len(ACCOUNTS) * len(topics) - allowed == 176


def test_every_forbidden_read_is_refused(broker: LoopbackBroker):
    accounts = {name: broker.account(name) for name in ACCOUNTS}
    writers = {name: broker.account(name) for name in ("keeper", "staff", *BOXES)}
    report = forbidden_subscriptions(accounts, writers, BOXES)
    print(
        f"forbidden subscriptions tried: {report.tried}, forbidden messages delivered: "
        f"{len(report.delivered)}, allowed messages missed: {len(report.missed)}"
    )
    assert report.tried > 100
    assert report.delivered == []
    assert report.missed == []  # every account did receive what it may read


def test_a_packet_over_the_size_limit_is_refused(broker: LoopbackBroker):
    from fleet.hub.broker import MAX_PACKET_SIZE
    from fleet.probe import close, open_connection

    watch = open_connection(broker.account("staff"))
    watch.client.subscribe("tableside/box/box-2/status", qos=1)
    sender = open_connection(broker.account("box-2"))
    try:
        time.sleep(0.3)
        info = sender.client.publish("tableside/box/box-2/status", b"x" * MAX_PACKET_SIZE, qos=1)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and sender.client.is_connected():
            time.sleep(0.05)
        assert not sender.client.is_connected()  # the broker dropped the sender
        assert not info.is_published()
        time.sleep(0.5)
        with watch.lock:
            assert [t for t, p in watch.received if len(p) > 1000] == []
    finally:
        close(sender)
        close(watch)
