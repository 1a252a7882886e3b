"""``tableside fleet hub install``: the hub's broker, keeper and staff board as systemd units.

One command on any Debian or Raspberry Pi OS machine of the café's staff
network (as root): the broker directory (:mod:`fleet.hub.broker`: CA,
certificate, accounts, ACL, config) in ``/etc/tableside/fleet``, the keeper's
database in ``/var/lib/tableside-fleet``, the staff board's configuration
(its web password is printed once), and three units: ``tableside-broker``
(Mosquitto on our config; Debian's own ``mosquitto.service``, which would
listen without TLS, is disabled), ``tableside-keeper`` and
``tableside-board`` (``tableside fleet board``). ``--root`` writes into a
staging tree and only lists the system commands.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fleet.enrol import enrol_text
from fleet.hub.broker import DEFAULT_PORT, HubFiles, create, new_password, set_passwords

HUB_DIR = Path("/etc/tableside/fleet")
STATE_DIR = Path("/var/lib/tableside-fleet")
UNITS = ("tableside-broker.service", "tableside-keeper.service", "tableside-board.service")
BOARD_PORT = 8443


@dataclass(frozen=True)
class Hub:
    """The hub's settings, kept beside the broker's files (``hub.json``)."""

    directory: Path
    port: int = DEFAULT_PORT

    @property
    def files(self) -> HubFiles:
        return HubFiles(self.directory)

    @classmethod
    def load(cls, directory: Path) -> Hub:
        try:
            data = json.loads((directory / "hub.json").read_text())
        except (OSError, ValueError):
            return cls(directory)
        return cls(directory, int(data.get("port", DEFAULT_PORT)))


def host_names() -> list[str]:
    """The names and addresses boxes may use for this machine (all go in the certificate)."""
    name = socket.gethostname()
    names = [name, f"{name}.local", "localhost", "127.0.0.1"]
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5)
        names += out.stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    return list(dict.fromkeys(names))


def _exe() -> str:
    found = shutil.which("tableside")  # resolved: the link made below must not point at itself
    return os.path.realpath(found) if found else f"{sys.executable} -m ui.cli"


def units(directory: Path, state: Path, exe: str) -> dict[str, str]:
    """The three unit files' text."""
    common = (
        "Restart=always\nRestartSec=2\nNoNewPrivileges=yes\nProtectSystem=strict\n"
        "ProtectHome=read-only\nPrivateTmp=yes\n"
    )
    return {
        "tableside-broker.service": (
            "# tableside café fleet: the hub's Mosquitto (TLS, accounts, ACL; docs/fleet.md)\n"
            "[Unit]\nDescription=tableside fleet broker (Mosquitto)\n"
            "After=network-online.target\nWants=network-online.target\n\n"
            f"[Service]\nExecStart=/usr/sbin/mosquitto -c {directory}/mosquitto.conf\n"
            "ExecReload=/bin/kill -HUP $MAINPID\n"
            f"{common}ReadWritePaths={directory}/data\n\n"
            "[Install]\nWantedBy=multi-user.target\n"
        ),
        "tableside-keeper.service": (
            "# tableside café fleet: the keeper (every box's steps in SQLite; docs/fleet.md)\n"
            "[Unit]\nDescription=tableside fleet keeper\n"
            "After=tableside-broker.service\nWants=tableside-broker.service\n\n"
            f"[Service]\nExecStart={exe} fleet keeper --dir {directory} "
            f"--database {state}/keeper.sqlite3\n"
            f"{common}ReadWritePaths={state}\nEnvironment=PYTHONUNBUFFERED=1\n\n"
            "[Install]\nWantedBy=multi-user.target\n"
        ),
        "tableside-board.service": (
            "# tableside café fleet: the staff board (read-only web page; docs/fleet.md)\n"
            "[Unit]\nDescription=tableside fleet staff board\n"
            "After=tableside-broker.service\nWants=tableside-broker.service\n\n"
            f"[Service]\nExecStart={exe} fleet board --config {directory}/board.toml\n"
            f"{common}Environment=PYTHONUNBUFFERED=1\n\n"
            "[Install]\nWantedBy=multi-user.target\n"
        ),
    }


def board_toml(directory: Path, port: int) -> str:
    """The staff board's configuration (fleet/board/config.py reads it)."""
    return (
        "# tableside staff board (written by tableside fleet hub install)\n"
        "[broker]\n"
        'host = "127.0.0.1"\n'
        f"port = {port}\n"
        f'ca = "{directory}/ca.crt"\n'
        'user = "board"\n'
        f'password_file = "{directory}/accounts/board.secret"\n\n'
        "[web]\n"
        'host = "0.0.0.0"\n'
        f"port = {BOARD_PORT}\n"
        'user = "staff"\n'
        f'password_file = "{directory}/board-web.password"\n'
        f'cert = "{directory}/server.crt"\n'
        f'key = "{directory}/server.key"\n'
    )


def install(
    *,
    root: Path = Path("/"),
    hosts: list[str] | None = None,
    port: int = DEFAULT_PORT,
    say: Callable[[str], None] = print,
) -> Hub:
    """Install (or refresh) the hub; in a staging ``root`` the system commands are only listed."""
    staging = root != Path("/")
    directory = root / HUB_DIR.relative_to("/")
    state = root / STATE_DIR.relative_to("/")
    create(
        directory,
        hosts=hosts or host_names(),
        port=port,
        run_as=None if staging else "mosquitto",
        log_dest="stderr",
    )
    (directory / "hub.json").write_text(json.dumps({"port": port}))
    state.mkdir(parents=True, exist_ok=True)
    web_password = directory / "board-web.password"
    if not web_password.exists():
        password = new_password()
        web_password.write_text(password + "\n")
        web_password.chmod(0o600)
        where = HUB_DIR / web_password.name
        say(f"staff board: https://{(hosts or host_names())[0]}:{BOARD_PORT}/ as 'staff'; "
            f"its password is in {where} (readable by root only)")  # fmt: skip
    (directory / "board.toml").write_text(board_toml(HUB_DIR if staging else directory, port))
    unit_dir = root / "etc/systemd/system"
    unit_dir.mkdir(parents=True, exist_ok=True)
    exe = _exe()
    for name, text in units(HUB_DIR, STATE_DIR, exe).items():
        (unit_dir / name).write_text(text)
        say(f"wrote   {unit_dir / name}")
    commands = [
        ["chown", "-R", "root:mosquitto", str(HUB_DIR)],
        ["chmod", "-R", "g+rX,o-rwx", str(HUB_DIR)],
        ["chown", "-R", "mosquitto:mosquitto", str(HUB_DIR / "data")],
        # the broker reads config, certificate and passwords; never the CA key or secrets
        [
            "chmod",
            "-R",
            "go-rwx",
            str(HUB_DIR / "accounts"),
            str(HUB_DIR / "ca.key"),
            str(HUB_DIR / "board-web.password"),
        ],
        # `enrol` on a box runs `sudo tableside fleet hub add-box` here over ssh
        *([["ln", "-sfn", exe, "/usr/local/bin/tableside"]] if exe.startswith("/") else []),
        ["systemctl", "disable", "--now", "mosquitto.service"],
        ["systemctl", "daemon-reload"],
        ["systemctl", "enable", "--now", *UNITS],
        ["systemctl", "restart", *UNITS],
    ]
    for command in commands:
        if staging:
            say(f"skip    run: {' '.join(command)}")
            continue
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        say(
            f"run     {' '.join(command)}"
            + (f"  ({done.stderr.strip()})" if done.returncode else "")
        )
    return Hub(directory, port)


def add_box(hub: Hub, box: str, hub_host: str, *, reload: bool = True) -> str:
    """A new account (or a new password) for ``box``; returns its enrol document."""
    password = new_password()
    set_passwords(hub.files, {box: password})
    if reload and os.geteuid() == 0:
        subprocess.run(["systemctl", "reload", "tableside-broker.service"], check=False,
                       capture_output=True)  # fmt: skip
    return enrol_text(hub=hub_host, port=hub.port, box=box, password=password,
                      ca_pem=hub.files.ca_cert.read_text())  # fmt: skip
