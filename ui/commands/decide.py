"""``tableside decide GAME SITUATION.json``: run one bot decision, print it as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules.errors import SituationError
from rules.registry import all_games, get_game
from ui.cli import UserError


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
        text = (
            sys.stdin.read() if args.situation == "-" else Path(args.situation).read_text("utf-8")
        )
    except OSError as exc:
        raise UserError(f"cannot read {args.situation}: {exc.strerror}") from exc
    try:
        situation = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(
            f"{args.situation} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from exc
    if not isinstance(situation, dict):
        raise SituationError("", "the situation must be a JSON object")
    kinds = game.decisions()
    kind = args.kind or situation.get("decision")
    if kind not in kinds:
        known = ", ".join(sorted(kinds)) or "none"
        raise SituationError("decision", f"'{kind}' is not a decision of {game.name} ({known})")
    decision = kinds[kind](situation)
    try:
        json.dump(decision.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `tableside decide ... | head`
        pass
    return 0


def known_games() -> list[str]:
    return list(all_games())
