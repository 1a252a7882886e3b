"""A real Mosquitto on 127.0.0.1 for the fleet tests: throwaway CA, passwords, ACL, persistence.

``broker`` is one broker per test module (started once, stopped at the end);
``fresh_broker`` is one per test, for tests that kill or restart it. Both
have accounts for keeper, board, staff and the boxes in :data:`BOXES`.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from fleet.board.web import BoardServer
from fleet.hub.loopback import LoopbackBroker
from tests.fleet.board_rig import Boxes, board_config

BOXES = ("box-1", "box-2", "box-3")


def _broker(directory: Path) -> Iterator[LoopbackBroker]:
    if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
        pytest.fail("mosquitto is not installed: ./run-tests installs scripts/apt-test.txt")
    broker = LoopbackBroker(directory, boxes=BOXES)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackBroker]:
    yield from _broker(tmp_path_factory.mktemp("hub"))


@pytest.fixture
def fresh_broker(tmp_path: Path) -> Iterator[LoopbackBroker]:
    yield from _broker(tmp_path / "hub")


# -- the staff board's tests: 40 tables (and a spare) on their own broker ---------------

TABLES = tuple(f"table-{n}" for n in range(1, 42))


@pytest.fixture(scope="module")
def tables_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackBroker]:
    """A broker with an account for each of :data:`TABLES` (the board's tests)."""
    if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
        pytest.fail("mosquitto is not installed: ./run-tests installs scripts/apt-test.txt")
    broker = LoopbackBroker(tmp_path_factory.mktemp("tables-hub"), boxes=TABLES)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


@pytest.fixture
def boxes(tables_broker: LoopbackBroker) -> Iterator[Boxes]:
    """Each table's own account publishing its status and calls, and the keeper's answers."""
    publisher = Boxes(tables_broker)
    yield publisher
    publisher.close()


@pytest.fixture
def board(tables_broker: LoopbackBroker) -> Iterator[BoardServer]:
    """The staff board (broker listener + web server) on a free port, as ``board``."""
    with BoardServer(board_config(tables_broker)) as server:
        yield server
