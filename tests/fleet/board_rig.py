"""Helpers of the board's tests: the boxes' and keeper's messages, statuses, paths."""

from __future__ import annotations

import time
from pathlib import Path

import paho.mqtt.client as mqtt

from fleet.board.config import BoardConfig
from fleet.hub.loopback import LoopbackBroker
from fleet.mqtt import make_client
from fleet.protocol import Status, box_of, box_topic, encode

STAFF = ("staff", "staff-pw")


class Boxes:
    """Publishes as the boxes would, each with its own account (the ACL lets a box write
    only its own topics), and as the keeper (call-received)."""

    def __init__(self, broker: LoopbackBroker) -> None:
        self.broker = broker
        self.clients: dict[str, mqtt.Client] = {}

    def client(self, user: str) -> mqtt.Client:
        if user not in self.clients:
            client = make_client(self.broker.account(user), f"test-{user}")
            client.connect(self.broker.account(user).host, self.broker.port)
            client.loop_start()
            self.clients[user] = client
        return self.clients[user]

    def publish(self, user: str, topic: str, payload: bytes, retain: bool = False) -> None:
        info = self.client(user).publish(topic, payload, qos=1, retain=retain)
        info.wait_for_publish(5)
        assert info.is_published()

    def status(self, status: Status) -> None:
        self.publish(status.box, box_topic(status.box, "status"), encode(status), retain=True)

    def raw(self, topic: str, payload: bytes, retain: bool = False) -> None:
        """As the box the topic names, or as the keeper for ``tableside/keeper/…``."""
        user = "keeper" if topic.split("/")[1] == "keeper" else box_of(topic)
        self.publish(user, topic, payload, retain)

    def close(self) -> None:
        for box in [b for b in self.clients if b != "keeper"]:
            self.publish(box, box_topic(box, "status"), b"", retain=True)  # forget the tile
        for client in self.clients.values():
            client.disconnect()
            client.loop_stop()


def table(n: int, **changes: object) -> Status:
    """Table ``n``'s status in a game of Targi, asked a question 20·n seconds ago."""
    now = time.time()
    fields: dict[str, object] = {
        "box": f"table-{n}",
        "game": "targi",
        "uid": f"game-{n}",
        "where": f"Round {n % 12 + 1} · Phase 2",
        "asked": f"Question {n}",
        "waiting_since": now - 20 * n,
        "camera": "ok",
        "version": "0.1.0",
        "sent": now,
    }
    fields.update(changes)
    return Status(**fields)  # type: ignore[arg-type]


def board_config(broker: LoopbackBroker) -> BoardConfig:
    """The board as the hub runs it: TLS to the broker with the café CA, as ``board``."""
    account = broker.account("board")
    return BoardConfig(
        broker_host=account.host,
        broker_port=account.port,
        broker_ca=account.ca,
        broker_user="board",
        broker_password=account.password,
        web_host="127.0.0.1",
        web_port=0,
        web_user=STAFF[0],
        web_password=STAFF[1],
    )


def shots_dir() -> Path:
    """Where the browser tests leave their screenshots (looked at by people)."""
    folder = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "board"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
