"""``tableside fleet board --config FILE`` as the hub's service runs it."""

from __future__ import annotations

import base64
import signal
import subprocess
import sys
import urllib.request

from fleet.board.browser import wait_for
from fleet.hub.broker import free_port
from tests.fleet.board_rig import table
from ui.cli import main


def test_the_command_serves_the_board_from_its_config_file(tmp_path, tables_broker, boxes):
    boxes.status(table(8, asked="Which worker goes where?"))
    port = free_port()
    account = tables_broker.account("board")
    (tmp_path / "board.pw").write_text(account.password + "\n")
    (tmp_path / "web.pw").write_text("café-staff\n")
    config = tmp_path / "board.toml"
    config.write_text(
        f'[broker]\nhost = "{account.host}"\nport = {account.port}\nca = "{account.ca}"\n'
        'password_file = "board.pw"\n'
        f'[web]\nhost = "127.0.0.1"\nport = {port}\npassword_file = "web.pw"\n'
    )
    service = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "fleet", "board", "--config", str(config)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    token = base64.b64encode("staff:café-staff".encode()).decode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/tiles.json", headers={"Authorization": f"Basic {token}"}
    )

    def tiles() -> str | None:
        try:
            with urllib.request.urlopen(request, timeout=2) as response:
                body = response.read().decode()
        except OSError:
            return None
        return body if "Which worker goes where?" in body else None

    try:
        assert '"box":"table-8"' in wait_for(tiles, 15, step=0.2).replace(" ", "")
    finally:
        service.send_signal(signal.SIGINT)
        out, err = service.communicate(timeout=15)
    assert f"staff board on http://127.0.0.1:{port}/" in out
    assert "café-staff" not in out + err  # nothing secret in the log
    assert account.password not in out + err


def test_a_missing_config_file_is_a_clear_error(tmp_path, capsys):
    assert main(["fleet", "board", "--config", str(tmp_path / "none.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err
