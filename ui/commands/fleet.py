"""``tableside fleet ...``: the café fleet's commands (docs/fleet.md).

- ``board --config FILE``: serve the staff board on the hub (:mod:`fleet.board.command`).
"""

from __future__ import annotations

import argparse

from fleet.board.command import add_board


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("fleet", help="the café fleet: the hub's staff board")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    add_board(actions)
