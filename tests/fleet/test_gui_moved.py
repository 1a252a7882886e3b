"""The real app on an enrolled box whose game staff moved to a spare: Confirm is refused with
the reason, in the players' language, and nothing is written."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from fleet import staff
from fleet.enrol import enrol_text, write_enrolment
from fleet.hub.keeper import Keeper
from fleet.hub.loopback import LoopbackBroker
from tests.fleet.test_mirror import wait_for

pytestmark = pytest.mark.gui


def test_the_old_box_refuses_a_moved_game(kivy_window, broker: LoopbackBroker, tmp_path: Path,
                                          monkeypatch):  # fmt: skip
    from tests.ui.support.driving import button_with_text, shown, tap
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path))
    account = broker.account("box-2")
    write_enrolment(
        enrol_text(hub=account.host, port=account.port, box="box-2", password=account.password,
                   ca_pem=account.ca.read_text()),
        tmp_path / "config",
    )  # fmt: skip
    keeper = Keeper(broker.account("keeper"), tmp_path / "keeper.sqlite3")
    thread = threading.Thread(target=keeper.run, daemon=True)
    thread.start()
    service = TableService(tmp_path / "journal.sqlite3")
    controller = AppController(service, Settings(), settings_path=tmp_path / "settings.json")
    app = open_app(controller, use_hardware=False)
    shots = Path(os.environ.get("TABLESIDE_SHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)
    try:
        assert app.fleet is not None and wait_for(lambda: app.fleet.online, 10)
        tap(button_with_text(app, "Scene test game"))
        tap(button_with_text(app, "Start the game"))
        tap(button_with_text(app, "All done"))
        assert app.manager.current == "play" and service.session is not None
        uid = service.journal.uid(service.session_id)
        assert wait_for(lambda: app.fleet._hw.get(uid, -1) >= 0, 10)  # the keeper has it
        staff.adopt(broker.account("staff"), uid, "box-1")
        assert wait_for(lambda: app.fleet.moved_to(uid) == "box-1", 10)
        events = list(service.session.events)
        tap(button_with_text(app, "Confirm"))
        assert app.manager.current == "play"  # no crash, the game stays on screen
        assert shown(app, "Staff moved this game to the box box-1")
        assert service.journal.events(service.session_id) == events  # nothing written
        app.root.export_to_png(str(shots / "moved-en.png"))
        controller.set_language("de")
        tap(button_with_text(app, "Bestätigen"))
        pump(3)
        assert shown(app, "Das Personal hat dieses Spiel auf die Box box-1 verlegt")
        app.root.export_to_png(str(shots / "moved-de.png"))
    finally:
        close_app(app)
        service.close()
        keeper.stop()
        thread.join(10)
