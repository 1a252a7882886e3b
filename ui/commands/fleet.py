"""``tableside fleet ...``: the café fleet's commands (docs/fleet.md).

- ``hub install``: broker, keeper and staff board on this machine (root).
- ``hub add-box NAME``: a box's account; prints its enrol document (root, on the hub).
- ``enrol --hub HOST --box NAME``: join this box to the hub (asks the hub over ssh,
  or ``--from FILE`` with a document printed by ``hub add-box``).
- ``keeper``: run the keeper (its systemd unit's command).
- ``staff adopt GAME --to BOX`` and ``staff push KIND FILE --version N``: staff commands.
- ``board --config FILE``: serve the staff board on the hub (:mod:`fleet.board.command`).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from fleet.board.command import add_board
from ui.cli import UserError


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("fleet", help="the café fleet: the hub's staff board")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    add_fleet_commands(actions)
    add_board(actions)


def add_fleet_commands(actions: argparse._SubParsersAction) -> None:
    """The hub, enrol, keeper and staff commands (the board adds its own)."""
    from fleet.hub.install import HUB_DIR, STATE_DIR

    hub = actions.add_parser("hub", help="set up the hub (broker, keeper, staff board)")
    hub_actions = hub.add_subparsers(dest="hub_action", metavar="WHAT")
    install = hub_actions.add_parser("install", help="install and start the hub (as root)")
    install.add_argument("--root", type=Path, default=Path("/"), help="staging tree")
    install.add_argument("--host", action="append", help="a name boxes use for the hub (repeat)")
    install.add_argument("--port", type=int, default=8883)
    install.set_defaults(func=_install)
    add = hub_actions.add_parser("add-box", help="a box's account; prints its enrol document")
    add.add_argument("box")
    add.add_argument("--hub-host", default="", help="the hub's name as boxes use it")
    add.add_argument("--dir", type=Path, default=HUB_DIR)
    add.set_defaults(func=_add_box)

    enrol = actions.add_parser("enrol", help="join this box to the café's hub")
    enrol.add_argument("--hub", required=True, help="the hub's host name or address")
    enrol.add_argument("--box", required=True, help="this box's name (e.g. table-7)")
    enrol.add_argument("--from", dest="source", type=Path, help="an enrol document (no ssh)")
    enrol.add_argument("--ssh", default="", help="ssh destination (default: the --hub host)")
    enrol.add_argument("--config-dir", type=Path, help="where the box keeps its configuration")
    enrol.set_defaults(func=_enrol)

    keeper = actions.add_parser("keeper", help="run the keeper (the hub's systemd unit)")
    keeper.add_argument("--dir", type=Path, default=HUB_DIR)
    keeper.add_argument("--database", type=Path, default=STATE_DIR / "keeper.sqlite3")
    keeper.add_argument("--host", default="127.0.0.1")
    keeper.set_defaults(func=_keeper)

    staff = actions.add_parser("staff", help="staff commands: adopt a game, push to boxes")
    staff_actions = staff.add_subparsers(dest="staff_action", metavar="WHAT")
    adopt = staff_actions.add_parser("adopt", help="move a game to a spare box")
    adopt.add_argument("game", help="the game's uid (shown on the staff board)")
    adopt.add_argument("--to", required=True, help="the spare box's name")
    adopt.add_argument("--dir", type=Path, default=HUB_DIR)
    adopt.add_argument("--host", default="127.0.0.1")
    adopt.set_defaults(func=_adopt)
    push = staff_actions.add_parser("push", help="push components or settings to every box")
    push.add_argument("kind", choices=("components", "settings"))
    push.add_argument("file", type=Path, help="a JSON object")
    push.add_argument("--version", type=int, required=True)
    push.add_argument("--dir", type=Path, default=HUB_DIR)
    push.add_argument("--host", default="127.0.0.1")
    push.set_defaults(func=_push)


def _account(directory: Path, user: str, host: str):  # noqa: ANN202
    from fleet.hub.broker import BrokerError
    from fleet.hub.install import Hub
    from fleet.mqtt import Account

    hub = Hub.load(directory)
    try:
        password = hub.files.secret(user)
    except BrokerError as exc:
        raise UserError(f"{exc} (run this on the hub, as root)") from None
    return Account(host=host, port=hub.port, user=user, password=password, ca=hub.files.ca_cert)


def _install(args: argparse.Namespace) -> int:
    from fleet.hub.broker import BrokerError
    from fleet.hub.install import install

    if args.root == Path("/") and os.geteuid() != 0:
        raise UserError("the hub is installed as root: sudo tableside fleet hub install")
    try:
        install(root=args.root, hosts=args.host, port=args.port)
    except BrokerError as exc:
        raise UserError(str(exc)) from None
    return 0


def _add_box(args: argparse.Namespace) -> int:
    from fleet.hub.broker import BrokerError
    from fleet.hub.install import Hub, add_box, host_names
    from fleet.protocol import ProtocolError

    try:
        text = add_box(Hub.load(args.dir), args.box, args.hub_host or host_names()[0])
    except (BrokerError, ProtocolError, OSError) as exc:
        raise UserError(str(exc)) from None
    print(text)
    return 0


def _enrol(args: argparse.Namespace) -> int:
    from fleet.enrol import EnrolError, write_enrolment
    from fleet.protocol import ProtocolError, check_box_name

    try:
        check_box_name(args.box)
    except ProtocolError as exc:
        raise UserError(str(exc)) from None
    if args.source is not None:
        text = args.source.read_text()
    else:
        command = ["ssh", args.ssh or args.hub, "sudo", "tableside", "fleet", "hub", "add-box",
                   args.box, "--hub-host", args.hub]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise UserError(f"the hub did not make an account: {done.stderr.strip()}")
        text = done.stdout
    try:
        data = json.loads(text)
        data["hub"] = args.hub  # the name this box reaches the hub by
        where = args.config_dir or _box_config_dir()
        config = write_enrolment(json.dumps(data), where)
    except (EnrolError, json.JSONDecodeError, TypeError) as exc:
        raise UserError(f"the enrol document cannot be used: {exc}") from None
    _hand_to_owner(where)
    print(f"box {config.box} enrolled with the hub {config.hub}:{config.port}; "
          "restart the app to join the fleet")  # fmt: skip
    return 0


def _hand_to_owner(where: Path) -> None:
    """Enrolled as root for a kiosk: the files belong to the app's user, who owns the folder."""
    from fleet.enrol import CA_FILE, ENROL_FILE

    owner = where.stat()
    if os.geteuid() == 0 and owner.st_uid != 0:
        for name in (ENROL_FILE, CA_FILE):
            os.chown(where / name, owner.st_uid, owner.st_gid)


def _box_config_dir() -> Path:
    """The kiosk's config directory when this box is a kiosk, else the user's."""
    kiosk = Path("/var/lib/tableside/config")
    if kiosk.is_dir() and "TABLESIDE_HOME" not in os.environ:
        return kiosk
    from ui.paths import config_dir

    return config_dir()


def _keeper(args: argparse.Namespace) -> int:
    import logging

    from fleet.hub.keeper import run_forever

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(message)s")
    run_forever(_account(args.dir, "keeper", args.host), args.database)
    return 0


def _adopt(args: argparse.Namespace) -> int:
    from fleet.staff import StaffError, adopt

    try:
        adopt(_account(args.dir, "staff", args.host), args.game, args.to)
    except StaffError as exc:
        raise UserError(str(exc)) from None
    print(f"game {args.game} moved to {args.to}: the keeper confirmed it and hands it over")
    return 0


def _push(args: argparse.Namespace) -> int:
    from fleet.staff import StaffError, push

    try:
        payload = json.loads(args.file.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise UserError(f"{args.file} cannot be read as JSON: {exc}") from None
    if not isinstance(payload, dict):
        raise UserError(f"{args.file} must hold a JSON object")
    try:
        push(_account(args.dir, "staff", args.host), args.kind, args.version, payload)
    except StaffError as exc:
        raise UserError(str(exc)) from None
    print(f"{args.kind} version {args.version} pushed: boxes take it at their next game start")
    return 0
