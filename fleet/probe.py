"""Try, as each account, every publish and read the fleet's ACL forbids; count what got through.

The fault tests and ``tableside bench fleet`` use it against a real broker.
What each account may do is stated here again in plain Python
(:func:`may_write`, :func:`may_read`), independently of
:func:`fleet.protocol.acl_text`, so the broker's behaviour is checked against
the rules as the issue states them, not against the ACL file it was given.

A forbidden publish succeeds if the broker acknowledges it (a reason code
below 0x80) or an observer receives it. Mosquitto grants every subscription
and filters what it delivers, so a forbidden subscription succeeds if a
message it may not read is delivered to it.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt

from fleet.mqtt import Account, make_client
from fleet.protocol import ROOT, STAFF_ADOPT, box_topic, keeper_topic, push_topic

SERVICES = ("keeper", "board", "staff")
BOX_WHATS = ("status", "step", "call", "fetch")
KEEPER_WHATS = ("high-water", "call-received", "adopt", "moved")


def universe(boxes: Sequence[str]) -> list[str]:
    """Every concrete topic worth trying: each box's and the keeper's, staff, reserved, foreign."""
    topics = [box_topic(b, w) for b in boxes for w in BOX_WHATS]
    topics += [keeper_topic(b, w) for b in boxes for w in KEEPER_WHATS]
    topics += [STAFF_ADOPT, push_topic("components"), push_topic("settings")]
    topics += [f"{ROOT}/box/{s}/status" for s in SERVICES]
    topics += [f"{ROOT}/keeper/keeper/adopt", f"{ROOT}/other", "other/topic", "$SYS/tableside"]
    return topics


def _under(topic: str, *prefixes: str) -> bool:
    return any(topic.startswith(p + "/") for p in prefixes)


def _box_part(topic: str) -> str:
    parts = topic.split("/")
    return parts[2] if len(parts) > 3 else ""


def may_write(account: str, topic: str) -> bool:
    """The issue's rule: a box writes only its own topics, the keeper its replies, staff their
    commands, the board nothing."""
    if account == "keeper":
        return _under(topic, f"{ROOT}/keeper")
    if account == "staff":
        return _under(topic, f"{ROOT}/staff")
    if account == "board":
        return False
    return _under(topic, f"{ROOT}/box/{account}")


def may_read(account: str, topic: str) -> bool:
    """Who may read what: a box its own topics, its keeper replies and pushes; the board the
    statuses, calls and the keeper's replies; keeper and staff the whole fleet."""
    service_box = _under(topic, f"{ROOT}/box") and _box_part(topic) in SERVICES
    if account == "keeper":
        return _under(topic, f"{ROOT}/box", f"{ROOT}/staff", f"{ROOT}/keeper") and not service_box
    if account == "staff":
        return _under(topic, f"{ROOT}/box", f"{ROOT}/staff", f"{ROOT}/keeper") and not service_box
    if account == "board":
        status_or_call = _under(topic, f"{ROOT}/box") and topic.rsplit("/", 1)[1] in (
            "status",
            "call",
        )
        return (status_or_call and not service_box) or _under(
            topic, f"{ROOT}/keeper", f"{ROOT}/staff/push"
        )
    return _under(topic, f"{ROOT}/box/{account}", f"{ROOT}/keeper/{account}", f"{ROOT}/staff/push")


@dataclass
class _Conn:
    client: mqtt.Client
    received: list[tuple[str, bytes]] = field(default_factory=list)
    acks: dict[int, int] = field(default_factory=dict)
    subacks: dict[int, list[int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


def open_connection(account: Account, timeout: float = 10.0) -> _Conn:
    """A connected client that records what it receives and the broker's acknowledgements."""
    client = make_client(account, f"probe-{account.user}-{secrets.token_hex(3)}")
    conn = _Conn(client)
    ready = threading.Event()
    refused: list[Any] = []

    def on_connect(_c: mqtt.Client, _u: Any, _f: Any, rc: Any, _p: Any) -> None:
        if rc.is_failure:
            refused.append(rc)
        ready.set()

    def on_message(_c: mqtt.Client, _u: Any, m: mqtt.MQTTMessage) -> None:
        with conn.lock:
            conn.received.append((m.topic, m.payload))

    def on_publish(_c: mqtt.Client, _u: Any, mid: int, rc: Any, _p: Any) -> None:
        with conn.lock:
            conn.acks[mid] = int(rc.value)

    def on_subscribe(_c: mqtt.Client, _u: Any, mid: int, rcs: Any, _p: Any) -> None:
        with conn.lock:
            conn.subacks[mid] = [int(rc.value) for rc in rcs]

    client.on_connect = on_connect
    client.on_message = on_message
    client.on_publish = on_publish
    client.on_subscribe = on_subscribe
    client.connect(account.host, account.port, keepalive=30)
    client.loop_start()
    if not ready.wait(timeout) or refused:
        client.loop_stop()
        raise ConnectionError(f"{account.user} could not connect: {refused or 'timeout'}")
    return conn


def close(conn: _Conn) -> None:
    conn.client.disconnect()
    conn.client.loop_stop()


def _wait(predicate: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return bool(predicate())


@dataclass(frozen=True, kw_only=True)
class PublishReport:
    tried: int  # forbidden publishes tried
    succeeded: list[str]  # "account -> topic" that the broker acknowledged or delivered
    allowed_tried: int  # allowed publishes tried (the control)
    allowed_failed: list[str]


def forbidden_publishes(
    accounts: dict[str, Account], observer: Account, boxes: Sequence[str], settle: float = 1.0
) -> PublishReport:
    """Each account publishes (QoS 1) to every topic of :func:`universe`; count the forbidden
    ones the broker took. ``observer`` (the staff account) subscribes to everything it may read."""
    watch = open_connection(observer)
    watch.client.subscribe("#", qos=1)
    time.sleep(0.3)
    tried: list[tuple[str, str, int, bytes]] = []
    allowed: list[tuple[str, str, int, bytes]] = []
    conns = {name: open_connection(acc) for name, acc in accounts.items()}
    try:
        for name, conn in conns.items():
            for topic in universe(boxes):
                token = f"probe {name} {secrets.token_hex(4)}".encode()
                info = conn.client.publish(topic, token, qos=1)
                row = (name, topic, info.mid, token)
                (allowed if may_write(name, topic) else tried).append(row)
        everything = tried + allowed
        _wait(lambda: all(r[2] in conns[r[0]].acks for r in everything), 10.0)
        time.sleep(settle)
        with watch.lock:
            seen = {payload for _t, payload in watch.received}
        succeeded = [
            f"{n} -> {t}"
            for n, t, mid, token in tried
            if conns[n].acks.get(mid, 0x80) < 0x80 or token in seen
        ]
        failed = [
            f"{n} -> {t}" for n, t, mid, _tok in allowed if conns[n].acks.get(mid, 0x80) >= 0x80
        ]
        return PublishReport(
            tried=len(tried), succeeded=succeeded, allowed_tried=len(allowed), allowed_failed=failed
        )
    finally:
        for conn in conns.values():
            close(conn)
        close(watch)


FILTERS = (
    "#",
    f"{ROOT}/#",
    f"{ROOT}/box/#",
    f"{ROOT}/box/+/step",
    f"{ROOT}/box/+/+",
    f"{ROOT}/keeper/#",
    f"{ROOT}/keeper/+/+",
    f"{ROOT}/staff/#",
    "$SYS/#",
)


@dataclass(frozen=True, kw_only=True)
class SubscribeReport:
    tried: int  # (account, filter) pairs whose filter matches a topic the account may not read
    delivered: list[str]  # "account <- topic" forbidden deliveries
    missed: list[str]  # allowed deliveries that did not arrive (the control)


def forbidden_subscriptions(
    accounts: dict[str, Account],
    writers: dict[str, Account],
    boxes: Sequence[str],
    settle: float = 1.0,
) -> SubscribeReport:
    """Each account subscribes to wide filters and to every topic; each topic is then written by
    an account allowed to; count deliveries of topics the listener may not read."""
    topics = universe(boxes)
    listeners = {name: open_connection(acc) for name, acc in accounts.items()}
    tried = 0
    for name, conn in listeners.items():
        for flt in (*FILTERS, *topics):
            conn.client.subscribe(flt, qos=1)
            if any(mqtt.topic_matches_sub(flt, t) and not may_read(name, t) for t in topics):
                tried += 1
    _wait(lambda: all(len(c.subacks) >= len(FILTERS) + len(topics) for c in listeners.values()), 10)
    pens = {name: open_connection(acc) for name, acc in writers.items()}
    written: list[str] = []
    try:
        for topic in topics:
            writer = next((n for n in pens if may_write(n, topic)), None)
            if writer is None:
                continue
            pens[writer].client.publish(topic, b"probe", qos=1).wait_for_publish(5)
            written.append(topic)
        time.sleep(settle)
        delivered, missed = [], []
        for name, conn in listeners.items():
            with conn.lock:
                got = {t for t, _p in conn.received}
            delivered += [f"{name} <- {t}" for t in sorted(got) if not may_read(name, t)]
            missed += [f"{name} <- {t}" for t in written if may_read(name, t) and t not in got]
        return SubscribeReport(tried=tried, delivered=delivered, missed=missed)
    finally:
        for conn in (*listeners.values(), *pens.values()):
            close(conn)


def anonymous_attempts(account: Account, others: Iterable[Account] = ()) -> tuple[int, int]:
    """Connect without a user name, with an empty or wrong password, and with another account's
    password; returns ``(tried, accepted)``."""
    from dataclasses import replace

    attempts = [
        replace(account, user="", password=""),
        replace(account, password=""),
        replace(account, password=account.password + "x"),
        replace(account, user="nobody"),
    ]
    attempts += [replace(other, user=account.user) for other in others]
    accepted = 0
    for attempt in attempts:
        client = make_client(attempt, f"anon-{secrets.token_hex(3)}")
        if not attempt.user:
            client.username_pw_set(None, None)
        result: list[bool] = []
        done = threading.Event()

        def on_connect(
            _c: mqtt.Client,
            _u: Any,
            _f: Any,
            rc: Any,
            _p: Any,
            out: list[bool] = result,
            ev: threading.Event = done,
        ) -> None:
            out.append(not rc.is_failure)
            ev.set()

        client.on_connect = on_connect
        try:
            client.connect(attempt.host, attempt.port, keepalive=10)
        except OSError:
            continue
        client.loop_start()
        done.wait(5)
        client.disconnect()
        client.loop_stop()
        accepted += sum(result)
    return len(attempts), accepted
