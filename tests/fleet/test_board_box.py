"""A real box (the app's controller, journal and fleet client) seen on the real staff board:
its status, "Call staff" answered by the real keeper, and going offline."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from fleet.board.web import BoardServer
from fleet.box.client import BoxClient
from fleet.enrol import enrol_text, load, write_enrolment
from fleet.hub.keeper import Keeper
from fleet.hub.loopback import LoopbackBroker
from rules.text import Msg
from tests.fleet.board_rig import board_config
from tests.fleet.test_mirror import wait_for
from ui.app.controller import AppController
from ui.app.fleet_status import join_fleet
from ui.app.settings import Settings
from ui.i18n import render
from ui.service import TableService


@pytest.fixture
def keeper(broker: LoopbackBroker, tmp_path: Path) -> Iterator[Keeper]:
    running = Keeper(broker.account("keeper"), tmp_path / "keeper.sqlite3")
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    yield running
    running.stop()
    thread.join(10)


@pytest.fixture
def hub_board(broker: LoopbackBroker) -> Iterator[BoardServer]:
    with BoardServer(board_config(broker)) as server:
        yield server


def box_client(broker: LoopbackBroker, tmp_path: Path, journal: Path) -> BoxClient:
    account = broker.account("box-2")
    config_dir = tmp_path / "config"
    write_enrolment(
        enrol_text(
            hub=account.host,
            port=account.port,
            box="box-2",
            password=account.password,
            ca_pem=account.ca.read_text(),
        ),
        config_dir,
    )
    config = load(config_dir)
    assert config is not None
    return BoxClient(config, journal, state_dir=config_dir, version="9.9")


def tile(board: BoardServer) -> dict:
    found = [t for t in board.fleet.tiles() if t["box"] == "box-2"]
    return found[0] if found else {}


def test_a_box_seen_on_the_board_calls_staff_and_goes_offline(
    broker: LoopbackBroker, keeper: Keeper, hub_board: BoardServer, tmp_path: Path
):
    service = TableService(tmp_path / "journal.sqlite3")
    controller = AppController(service, Settings(language="de"))
    client = box_client(broker, tmp_path, service.path)
    client.start()
    try:
        assert wait_for(lambda: client.online, 10)
        tick = join_fleet(controller, client, on_main=lambda func: func())
        assert wait_for(lambda: tile(hub_board).get("online") is True, 10)
        assert tile(hub_board)["game"] is None
        assert tile(hub_board)["version"] == "9.9"

        service.start("marauders", {}, seed=4)
        service.answer(None)  # the set-up checklist
        tick()
        assert wait_for(lambda: tile(hub_board).get("game") == "marauders", 10)
        shown = tile(hub_board)
        assert shown["where"] == "Runde 1 von 5 · Frühling"  # in the box's language
        assert shown["asked"] == render(controller.prompt.title, "de")
        assert shown["waiting_since"] is not None

        said = controller.staff.press()
        assert render(said, "de") == "Personal gerufen"
        tick()
        assert wait_for(lambda: tile(hub_board).get("call_received") is True, 10)
        assert tile(hub_board)["call_since"] == pytest.approx(controller.staff.since, abs=1.0)
        assert wait_for(lambda: controller.staff.received, 15)  # the keeper's answer, on the box
        message = controller.staff.message
        assert isinstance(message, Msg) and render(message, "de") == "Ruf angekommen"

        controller.staff.dismiss()  # "Staff is here"
        tick()
        assert wait_for(lambda: tile(hub_board).get("call_since") is None, 10)
    finally:
        client.close()
        service.close()
    assert wait_for(lambda: tile(hub_board).get("online") is False, 10)
    assert tile(hub_board)["game"] == "marauders"  # the offline tile keeps what it showed


@pytest.mark.gui
def test_the_running_app_calls_staff_through_the_hub(
    kivy_window,
    broker: LoopbackBroker,
    keeper: Keeper,
    hub_board: BoardServer,
    tmp_path,
    monkeypatch,
):
    """The real app (Xvfb) on an enrolled box: it starts the fleet client, its status
    reaches the board, and the menu's Call staff is answered by the keeper."""
    from tests.ui.support.driving import button_with_text, tap
    from tests.ui.support.walk_app import play_until
    from ui.app.harness import close_app, open_app, pump

    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path))
    box_client(broker, tmp_path, tmp_path / "unused.sqlite3")  # writes the enrol file
    service = TableService(tmp_path / "journal.sqlite3")
    app = open_app(AppController(service, Settings(language="pt")), use_hardware=False)
    try:
        assert app.fleet is not None and wait_for(lambda: app.fleet.online, 10)
        play_until(app, "marauders", lambda: app.manager.current == "play")

        def board_shows_the_step() -> bool:  # the set-up's status may come first
            pump(1)
            return tile(hub_board).get("where") == "Rodada 1 de 5 · Primavera"

        assert wait_for(board_shows_the_step, 10)
        assert tile(hub_board)["game"] == "marauders"
        app.controller.show("menu")
        pump(3)
        tap(button_with_text(app, "Chamar a equipe"))

        def received() -> bool:
            pump(1)
            return app.root.ids.staff.text == "Chamado recebido"

        assert wait_for(received, 10)
        assert wait_for(lambda: tile(hub_board).get("call_received") is True, 10)
    finally:
        close_app(app)
        service.close()
    assert wait_for(lambda: tile(hub_board).get("online") is False, 10)
