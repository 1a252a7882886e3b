"""Helpers of the board's tests: a publisher standing in for the boxes, statuses, paths."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from fleet.board.config import BoardConfig
from fleet.board.web import BoardServer
from fleet.protocol import Status, box_topic, encode
from tests.fleet.board_broker import PASSWORDS, Broker, start_broker

STAFF = ("staff", "staff-pw")


class Boxes:
    """Publishes statuses, calls and call answers as the boxes and the keeper would."""

    def __init__(self, broker: Broker) -> None:
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="tester")
        self.client.username_pw_set("tester", PASSWORDS["tester"])
        self.client.connect(broker.host, broker.port)
        self.client.loop_start()

    def status(self, status: Status) -> None:
        topic = box_topic(status.box, "status")
        self.client.publish(topic, encode(status), qos=1, retain=True).wait_for_publish(5)

    def raw(self, topic: str, payload: bytes, retain: bool = False) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(5)

    def clear(self, boxes: list[str]) -> None:
        for box in boxes:
            self.raw(box_topic(box, "status"), b"", retain=True)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


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


def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Broker]:
    running = start_broker(tmp_path_factory.mktemp("broker"))
    yield running
    running.stop()


def boxes(broker: Broker) -> Iterator[Boxes]:
    publisher = Boxes(broker)
    yield publisher
    publisher.clear([f"table-{n}" for n in range(1, 41)])
    publisher.close()


def board_config(broker: Broker) -> BoardConfig:
    return BoardConfig(
        broker_host=broker.host,
        broker_port=broker.port,
        broker_user="board",
        broker_password=PASSWORDS["board"],
        web_host="127.0.0.1",
        web_port=0,
        web_user=STAFF[0],
        web_password=STAFF[1],
    )


def board(broker: Broker) -> Iterator[BoardServer]:
    with BoardServer(board_config(broker)) as server:
        yield server


def shots_dir() -> Path:
    """Where the browser tests leave their screenshots (looked at by people)."""
    folder = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "board"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
