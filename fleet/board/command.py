"""``tableside fleet board --config FILE``: serve the staff board on the hub.

Added to the ``tableside fleet`` command's actions by :mod:`ui.commands.fleet`. The hub's
systemd unit runs it; output is for staff (English), the page itself is translated.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from ui.cli import UserError


def add_board(actions: argparse._SubParsersAction) -> None:
    """The ``board`` action of ``tableside fleet``."""
    board = actions.add_parser(
        "board",
        help="serve the staff board (every table on one web page, read-only)",
        description=(
            "Serve the staff board on the hub: every table as a tile, live, behind the staff "
            "password. It reads the broker as the read-only 'board' account (docs/fleet.md)."
        ),
    )
    board.add_argument("--config", type=Path, required=True, help="the board's TOML file")
    board.set_defaults(func=run_board)


def run_board(args: argparse.Namespace) -> int:
    from fleet.board.config import ConfigError, load_config
    from fleet.board.web import run

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        raise UserError(str(exc)) from None
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    scheme = "https" if config.cert else "http"
    print(f"staff board on {scheme}://{config.web_host}:{config.web_port}/", flush=True)
    try:
        run(config)
    except OSError as exc:
        raise UserError(f"cannot serve the board on port {config.web_port}: {exc}") from None
    return 0
