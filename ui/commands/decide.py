"""``tableside decide GAME SITUATION.json``: run one bot decision, print it as JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rules.errors import SituationError
from rules.registry import all_games, get_game
from rules.schema import dump_json
from ui.cli import UserError
from ui.component_store import ComponentStore
from ui.components import with_box_components
from ui.outside import OutsideFileError, read_json, read_stream_json
from ui.paths import data_dir


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "decide",
        help="run one bot decision from a situation file and print it with its trace",
        description=(
            "Run one bot decision from a JSON situation file (see docs/situations.md) "
            "and print the decision, its instructions and its trace as JSON. A situation "
            'without "components" uses this box\'s own component set (tableside components); '
            "which set, and its digest, is said on standard error."
        ),
    )
    parser.add_argument("game", help="game name (see 'tableside games')")
    parser.add_argument("situation", help="situation file, or - for standard input")
    parser.add_argument("--kind", help='decision kind (default: the situation\'s "decision" field)')
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    try:
        situation = (
            read_stream_json(sys.stdin.buffer, "standard input")
            if args.situation == "-"
            else read_json(Path(args.situation))
        )
    except OutsideFileError as exc:
        raise UserError(str(exc)) from None
    if not isinstance(situation, dict):
        raise SituationError("", "the situation must be a JSON object")
    kinds = game.decisions()
    kind = args.kind or situation.get("decision")
    if not isinstance(kind, str) or kind not in kinds:
        known = ", ".join(sorted(kinds)) or "none"
        shown = kind if isinstance(kind, str) else dump_json(kind, indent=None)
        raise SituationError("decision", f"'{shown}' is not a decision of {game.name} ({known})")
    chosen = with_box_components(game, situation, ComponentStore(data_dir() / "components"))
    if chosen.said:
        print(chosen.said, file=sys.stderr)
    decision = kinds[kind](chosen.situation)
    try:
        sys.stdout.write(dump_json(decision.to_json()) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `tableside decide ... | head`
        pass
    return 0


def known_games() -> list[str]:
    return list(all_games())
