"""Set-up in two commands: `fleet hub install` (a staging tree) and `fleet enrol`; staff CLI."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import threading
import time
from pathlib import Path

import pytest

from fleet.box.glue import start_box
from fleet.hub.broker import HubFiles, free_port, start, stop
from fleet.hub.install import HUB_DIR
from fleet.hub.keeper import Keeper
from fleet.mqtt import Account
from tests.fleet.test_mirror import GAME, wait_for
from ui.benchmarks.journal_writer import step as play_step
from ui.cli import main
from ui.service import TableService


def test_hub_install_and_enrol_a_box_that_then_mirrors(tmp_path: Path, capsys):
    root = tmp_path / "root"
    port = free_port()
    assert (
        main(
            [
                "fleet",
                "hub",
                "install",
                "--root",
                str(root),
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    hub_dir = root / HUB_DIR.relative_to("/")
    assert "skip    run: systemctl enable --now tableside-broker.service" in out
    assert "password" in out and (hub_dir / "board-web.password").read_text().strip() not in out
    conf = (hub_dir / "mosquitto.conf").read_text()
    assert "allow_anonymous false" in conf and "persistence true" in conf
    assert f"listener {port}\n" in conf and "listener 1883" not in conf
    assert [line for line in conf.splitlines() if line.startswith("listener")] == [
        f"listener {port}"
    ]
    for secret in ("ca.key", "server.key", "passwords", "accounts/keeper.secret"):
        assert stat.S_IMODE((hub_dir / secret).stat().st_mode) == 0o600, secret
    units = root / "etc/systemd/system"
    assert (
        "fleet board --config /etc/tableside/fleet/board.toml"
        in (units / "tableside-board.service").read_text()
    )
    assert (
        "fleet keeper --dir /etc/tableside/fleet"
        in (units / "tableside-keeper.service").read_text()
    )
    if shutil.which("systemd-analyze"):
        done = subprocess.run(
            ["systemd-analyze", "verify", *(str(units / n) for n in sorted(os.listdir(units)))],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0 and "tableside-" not in done.stderr, done.stderr

    # The hub prints a box's enrol document; the box keeps it.
    assert (
        main(
            ["fleet", "hub", "add-box", "table-7", "--dir", str(hub_dir), "--hub-host", "127.0.0.1"]
        )
        == 0
    )
    document = capsys.readouterr().out
    assert json.loads(document)["box"] == "table-7"
    (tmp_path / "table-7.enrol").write_text(document)
    config_dir = tmp_path / "box-config"
    assert (
        main(
            [
                "fleet",
                "enrol",
                "--hub",
                "127.0.0.1",
                "--box",
                "table-7",
                "--from",
                str(tmp_path / "table-7.enrol"),
                "--config-dir",
                str(config_dir),
            ]
        )
        == 0
    )
    assert stat.S_IMODE((config_dir / "fleet.json").stat().st_mode) == 0o600
    capsys.readouterr()

    # The staging tree's broker runs for real; the keeper and the enrolled box join it.
    if os.geteuid() == 0:
        conf_path = hub_dir / "mosquitto.conf"
        conf_path.write_text(
            conf_path.read_text().replace("\nlistener", "\nuser root\nlistener", 1)
        )
    broker = start(HubFiles(hub_dir), port, log=tmp_path / "mosquitto.log")
    keeper_account = Account(
        host="127.0.0.1",
        port=port,
        user="keeper",
        password=HubFiles(hub_dir).secret("keeper"),
        ca=hub_dir / "ca.crt",
    )
    keeper = Keeper(keeper_account, tmp_path / "keeper.sqlite3")
    thread = threading.Thread(target=keeper.run, daemon=True)
    thread.start()
    table = TableService(tmp_path / "journal.sqlite3")
    client = start_box(table, config_dir)
    try:
        assert client is not None and wait_for(lambda: client.online, 10)
        session = table.start(GAME, {}, seed=5)
        rng = random.Random(2)
        for _ in range(12):
            play_step(table, session, rng)

        def kept() -> int:
            with sqlite3.connect(tmp_path / "keeper.sqlite3") as db:
                return int(
                    db.execute("SELECT COUNT(*) FROM steps WHERE box='table-7'").fetchone()[0]
                )

        assert wait_for(lambda: kept() == 12, 20)
        # Staff move the game with the CLI (the hub's staff account, from the hub's files).
        uid = table.journal.uid(table.session_id)
        assert main(["fleet", "staff", "adopt", uid, "--to", "table-8", "--dir", str(hub_dir)]) == 0
        assert wait_for(lambda: client.moved_to(uid) == "table-8", 10)
    finally:
        if client is not None:
            client.close()
        table.close()
        keeper.stop()
        thread.join(10)
        stop(broker)


def test_enrol_refuses_a_bad_box_name_and_a_bad_document(tmp_path: Path, capsys):
    assert main(["fleet", "enrol", "--hub", "h", "--box", "Keeper!", "--from", "x"]) == 2
    assert "cannot name a box" in capsys.readouterr().err
    (tmp_path / "bad.enrol").write_text('{"box": "table-1"}')
    assert (
        main(
            [
                "fleet",
                "enrol",
                "--hub",
                "h",
                "--box",
                "table-1",
                "--from",
                str(tmp_path / "bad.enrol"),
                "--config-dir",
                str(tmp_path / "c"),
            ]
        )
        == 2
    )
    assert "enrol document" in capsys.readouterr().err
    assert not (tmp_path / "c" / "fleet.json").exists()


def test_staff_commands_say_when_the_hub_is_not_there(tmp_path: Path, capsys):
    assert main(["fleet", "staff", "adopt", "abc", "--to", "table-2", "--dir", str(tmp_path)]) == 2
    assert "run this on the hub" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["settings"])
def test_staff_push_refuses_a_file_that_is_not_an_object(tmp_path: Path, capsys, kind):
    (tmp_path / "p.json").write_text("[1, 2]")
    assert (
        main(
            [
                "fleet",
                "staff",
                "push",
                kind,
                str(tmp_path / "p.json"),
                "--version",
                "1",
                "--dir",
                str(tmp_path),
            ]
        )
        == 2
    )
    assert "must hold a JSON object" in capsys.readouterr().err
    time.sleep(0)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root enrols a kiosk for its app's user")
def test_enrolled_as_root_the_files_belong_to_the_kiosk_user(tmp_path: Path, capsys):
    from fleet.enrol import enrol_text

    ca = tmp_path / "ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n")
    document = tmp_path / "box.enrol"
    document.write_text(enrol_text(hub="h", port=8883, box="table-3", password="p",
                                   ca_pem=ca.read_text()))  # fmt: skip
    config = tmp_path / "config"
    config.mkdir()
    os.chown(config, 4321, 4321)  # the kiosk's user owns its config folder
    assert main(["fleet", "enrol", "--hub", "h", "--box", "table-3", "--from", str(document),
                 "--config-dir", str(config)]) == 0  # fmt: skip
    for name in ("fleet.json", "fleet-ca.crt"):
        assert (config / name).stat().st_uid == 4321, name
    assert stat.S_IMODE((config / "fleet.json").stat().st_mode) == 0o600
