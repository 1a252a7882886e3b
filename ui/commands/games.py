"""``tableside games``: list the games and what the assistant does in each."""

from __future__ import annotations

import argparse

from rules.registry import all_games


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("games", help="list the games tableside knows")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for name, game in all_games().items():
        print(f"{name:14} {game.title}")
        if game.role:
            print(f"{'':14} {game.role}")
    return 0
