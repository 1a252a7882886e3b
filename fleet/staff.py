"""Staff commands: move a game to a spare box, push components or settings to every box.

They connect as the ``staff`` account (the only one that may write
``tableside/staff/#``) and publish with QoS 1; a push returns once the broker
has it (retained), a move once the keeper confirms it.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import paho.mqtt.client as mqtt

from fleet.mqtt import Account, make_client
from fleet.protocol import (
    ROOT,
    STAFF_ADOPT,
    ProtocolError,
    Push,
    check_box_name,
    decode,
    encode,
    push_topic,
)

#: Seconds between sending a staff command again while the keeper has not confirmed it.
CONFIRM_EVERY = 5.0


class StaffError(RuntimeError):
    """The command did not reach the hub; the message says why."""


def _start(client: mqtt.Client, account: Account) -> None:
    """Connect and start the network thread, or say why the hub cannot be reached."""
    try:
        client.connect(account.host, account.port, keepalive=10)
    except OSError as exc:
        raise StaffError(
            f"the hub {account.host}:{account.port} cannot be reached: {exc}"
        ) from None
    client.loop_start()


def _publish(account: Account, topic: str, payload: bytes, *, retain: bool, timeout: float) -> None:
    client = make_client(account, client_id="")
    done = threading.Event()
    outcome: list[str] = []

    def on_connect(c: mqtt.Client, _u: Any, _f: Any, rc: Any, _p: Any) -> None:
        if rc.is_failure:
            outcome.append(f"the hub refused the staff account: {rc}")
            done.set()
            return
        c.publish(topic, payload, qos=1, retain=retain)

    def on_publish(_c: mqtt.Client, _u: Any, _mid: int, rc: Any, _p: Any) -> None:
        if rc.is_failure:
            outcome.append(f"the hub refused the command: {rc}")
        done.set()

    client.on_connect = on_connect
    client.on_publish = on_publish
    _start(client, account)
    try:
        if not done.wait(timeout):
            raise StaffError(f"the hub did not confirm the command within {timeout:.0f} s")
        if outcome:
            raise StaffError(outcome[0])
    finally:
        client.disconnect()
        client.loop_stop()


def adopt(account: Account, game: str, to: str, timeout: float = 30.0) -> None:
    """Move game ``game`` (its uid) to box ``to`` and wait until the keeper confirms it.

    The keeper confirms with the old box's retained ``moved`` list naming the game and
    ``to``. The command is sent again every :data:`CONFIRM_EVERY` seconds until then: a
    broker killed right after taking it may have lost it (it saves every few seconds).
    """
    payload = encode({"game": game, "to": check_box_name(to)})
    client = make_client(account, client_id="")
    confirmed = threading.Event()
    connected = threading.Event()

    def on_connect(c: mqtt.Client, _u: Any, _f: Any, rc: Any, _p: Any) -> None:
        if not rc.is_failure:
            c.subscribe(f"{ROOT}/keeper/+/moved", qos=1)
            connected.set()

    def on_message(_c: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        try:
            if decode(message.payload).get("games", {}).get(game) == to:
                confirmed.set()
        except (ProtocolError, AttributeError):
            pass

    client.on_connect = on_connect
    client.on_message = on_message
    _start(client, account)
    deadline = time.monotonic() + timeout
    try:
        while not confirmed.is_set() and time.monotonic() < deadline:
            if connected.wait(1.0):
                client.publish(STAFF_ADOPT, payload, qos=1)
                confirmed.wait(CONFIRM_EVERY)
        if not confirmed.is_set():
            raise StaffError(
                f"the keeper did not confirm moving game {game} to {to} within {timeout:.0f} s "
                "(is the game's uid right, and the keeper running?)"
            )
    finally:
        client.disconnect()
        client.loop_stop()


def push(account: Account, kind: str, version: int, payload: dict[str, Any],
         timeout: float = 10.0) -> None:  # fmt: skip
    """Publish components or settings (retained): boxes take them at their next game start."""
    _publish(account, push_topic(kind), encode(Push(kind, version, payload)),
             retain=True, timeout=timeout)  # fmt: skip
