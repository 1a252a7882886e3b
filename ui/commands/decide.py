"""``tableside decide GAME SITUATION.json``: run one bot decision, print it as JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rules.errors import SituationError
from rules.registry import all_games, get_game
from rules.schema import dump_json, parse_json
from ui.cli import UserError
from ui.components import with_user_components


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "decide",
        help="run one bot decision from a situation file and print it with its trace",
        description=(
            "Run one bot decision from a JSON situation file (see docs/situations.md) "
            "and print the decision, its instructions and its trace as JSON."
        ),
    )
    parser.add_argument("game", help="game name (see 'tableside games')")
    parser.add_argument("situation", help="situation file, or - for standard input")
    parser.add_argument("--kind", help='decision kind (default: the situation\'s "decision" field)')
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    try:
        raw = (
            sys.stdin.buffer.read() if args.situation == "-" else Path(args.situation).read_bytes()
        )
    except OSError as exc:
        raise UserError(f"cannot read {args.situation}: {exc.strerror}") from exc
    situation = parse_json(raw, args.situation)
    if not isinstance(situation, dict):
        raise SituationError("", "the situation must be a JSON object")
    kinds = game.decisions()
    kind = args.kind or situation.get("decision")
    if not isinstance(kind, str) or kind not in kinds:
        known = ", ".join(sorted(kinds)) or "none"
        shown = kind if isinstance(kind, str) else dump_json(kind, indent=None)
        raise SituationError("decision", f"'{shown}' is not a decision of {game.name} ({known})")
    decision = kinds[kind](with_user_components(game.name, situation))
    try:
        sys.stdout.write(dump_json(decision.to_json()) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `tableside decide ... | head`
        pass
    return 0


def known_games() -> list[str]:
    return list(all_games())
