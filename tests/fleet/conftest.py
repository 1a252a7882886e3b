"""Fixtures of the fleet tests (the board's, until the fleet's broker fixture lands)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fleet.board.web import BoardServer
from tests.fleet.board_broker import Broker, start_broker
from tests.fleet.board_rig import Boxes, board_config


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Broker]:
    running = start_broker(tmp_path_factory.mktemp("broker"))
    yield running
    running.stop()


@pytest.fixture
def boxes(broker: Broker) -> Iterator[Boxes]:
    publisher = Boxes(broker)
    yield publisher
    publisher.clear([f"table-{n}" for n in range(1, 41)])
    publisher.close()


@pytest.fixture
def board(broker: Broker) -> Iterator[BoardServer]:
    with BoardServer(board_config(broker)) as server:
        yield server
