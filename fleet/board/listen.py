"""The board's broker connection: paho-mqtt as the read-only ``board`` account.

paho's network thread receives the retained statuses at once on subscribing (so a board
that opens late shows every box), then every change. Each message goes to
:meth:`fleet.board.state.Fleet.receive`; the changed tiles and the connection state are
handed to ``on_change`` (called on paho's thread: the web side moves them to its event
loop). paho reconnects by itself after the broker restarts.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt

from fleet.board.config import BoardConfig
from fleet.board.state import Fleet
from fleet.mqtt import Account, make_client
from fleet.protocol import ROOT, ProtocolError

log = logging.getLogger("tableside.fleet.board")

#: What the board reads (the ACL lets the ``board`` account read these and write nothing).
SUBSCRIPTIONS = (
    f"{ROOT}/box/+/status",
    f"{ROOT}/box/+/call",
    f"{ROOT}/keeper/+/call-received",
)

OnChange = Callable[[str, Any], None]  # ("tiles", [tile, …]) or ("broker", connected: bool)


class BoardListener:
    """Subscribes as ``board`` and feeds ``fleet``; ``on_change`` hears every change."""

    def __init__(self, config: BoardConfig, fleet: Fleet, on_change: OnChange) -> None:
        self.fleet = fleet
        self.on_change = on_change
        self.connected = False
        if config.broker_ca is None:
            raise ValueError("the board reaches the broker over TLS only: the config needs ca")
        account = Account(
            host=config.broker_host,
            port=config.broker_port,
            user=config.broker_user,
            password=config.broker_password,
            ca=config.broker_ca,
        )
        self.client = make_client(account, f"board-{secrets.token_hex(4)}")
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self._host = config.broker_host
        self._port = config.broker_port

    def start(self) -> None:
        """Connect in the background (paho retries until the broker answers)."""
        self.client.connect_async(self._host, self._port, keepalive=15)  # a clean session
        self.client.loop_start()

    def stop(self) -> None:
        self.connected = False  # a chosen disconnection is not worth a warning
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any = None
    ) -> None:
        if reason.is_failure:
            log.warning("the broker refused the board: %s", reason)
            return
        for topic in SUBSCRIPTIONS:
            client.subscribe(topic, qos=1)
        self.connected = True
        self.on_change("broker", True)

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any = None
    ) -> None:
        if self.connected:
            log.warning("lost the broker: %s", reason)
        self.connected = False
        self.on_change("broker", False)

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            payload, retained = bytes(message.payload), bool(message.retain)
            changed = self.fleet.receive(message.topic, payload, retained)
        except ProtocolError as exc:
            log.warning("ignored a message on %s: %s", message.topic, exc)
            return
        if changed:
            self.on_change("tiles", changed)
