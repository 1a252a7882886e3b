"""``tableside play [GAME]``: play a game in the terminal (resumes an unfinished one)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ui.paths import journal_path
from ui.service import TableService
from ui.terminal import Terminal


def add_journal_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        help="journal file (default: journal.sqlite3 in the user's data directory)",
    )


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("play", help="play a game in the terminal")
    parser.add_argument("game", nargs="?", help="game name (asked if left out)")
    parser.add_argument("--new", action="store_true", help="start a new game, do not resume")
    parser.add_argument("--seed", type=int, help="seed for digital draws (default: random)")
    add_journal_argument(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    service = TableService(
        args.journal or journal_path(), recover=args.journal is None, holder="play"
    )
    try:
        return Terminal(service).run(args.game, new=args.new, seed=args.seed)
    finally:
        service.close()
