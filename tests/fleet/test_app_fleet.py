"""The app starts the box's fleet client only when the box is enrolled; pushed settings reach
the app's settings at the next game start."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from fleet import staff
from fleet.enrol import enrol_text, write_enrolment
from fleet.hub.keeper import Keeper
from fleet.hub.loopback import LoopbackBroker
from tests.fleet.test_mirror import GAME, wait_for
from ui.app.controller import AppController
from ui.app.main import start_fleet
from ui.app.settings import load_settings
from ui.service import TableService


def test_an_app_without_enrolment_starts_no_fleet(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path))
    controller = AppController(TableService(tmp_path / "journal.sqlite3"))
    assert start_fleet(controller) is None
    assert controller.service.on_step is None
    controller.service.close()


def test_an_enrolled_app_mirrors_its_steps_and_takes_pushed_settings(
    broker: LoopbackBroker, tmp_path: Path, monkeypatch
):
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path))
    account = broker.account("box-3")
    write_enrolment(
        enrol_text(hub=account.host, port=account.port, box="box-3", password=account.password,
                   ca_pem=account.ca.read_text()),
        tmp_path / "config",
    )  # fmt: skip
    keeper = Keeper(broker.account("keeper"), tmp_path / "keeper.sqlite3")
    thread = threading.Thread(target=keeper.run, daemon=True)
    thread.start()
    settings_path = tmp_path / "config" / "settings.json"
    controller = AppController(TableService(tmp_path / "journal.sqlite3"),
                               settings_path=settings_path)  # fmt: skip
    client = start_fleet(controller)
    try:
        assert client is not None and wait_for(lambda: client.online, 10)
        staff.push(broker.account("staff"), "settings", 2, {"language": "pt", "bogus": 1})
        assert wait_for(lambda: "settings" in client._pending, 10)
        service = controller.service
        service.start(GAME, {}, seed=4)
        assert controller.settings.language == "pt"
        assert load_settings(settings_path).language == "pt"
        service.answer({})

        def kept() -> list[str]:
            with sqlite3.connect(tmp_path / "keeper.sqlite3") as db:
                rows = db.execute("SELECT event FROM steps WHERE box='box-3'").fetchall()
            return [json.loads(e)["kind"] for (e,) in rows]

        assert wait_for(lambda: kept() == ["answer"], 15)
    finally:
        if client is not None:
            client.close()
        controller.service.close()
        keeper.stop()
        thread.join(10)
