"""Staff commands: move a game to a spare box, push components or settings to every box.

They connect as the ``staff`` account (the only one that may write
``tableside/staff/#``), publish with QoS 1 and wait for the broker's
acknowledgement, so a command that returns has reached the hub.
"""

from __future__ import annotations

import threading
from typing import Any

import paho.mqtt.client as mqtt

from fleet.mqtt import Account, make_client
from fleet.protocol import STAFF_ADOPT, Push, check_box_name, encode, push_topic


class StaffError(RuntimeError):
    """The command did not reach the hub; the message says why."""


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
    try:
        client.connect(account.host, account.port, keepalive=10)
    except OSError as exc:
        raise StaffError(
            f"the hub {account.host}:{account.port} cannot be reached: {exc}"
        ) from None
    client.loop_start()
    try:
        if not done.wait(timeout):
            raise StaffError(f"the hub did not confirm the command within {timeout:.0f} s")
        if outcome:
            raise StaffError(outcome[0])
    finally:
        client.disconnect()
        client.loop_stop()


def adopt(account: Account, game: str, to: str, timeout: float = 10.0) -> None:
    """Move game ``game`` (its uid) to box ``to``; the keeper does the rest."""
    _publish(account, STAFF_ADOPT, encode({"game": game, "to": check_box_name(to)}),
             retain=False, timeout=timeout)  # fmt: skip


def push(account: Account, kind: str, version: int, payload: dict[str, Any],
         timeout: float = 10.0) -> None:  # fmt: skip
    """Publish components or settings (retained): boxes take them at their next game start."""
    _publish(account, push_topic(kind), encode(Push(kind, version, payload)),
             retain=True, timeout=timeout)  # fmt: skip
