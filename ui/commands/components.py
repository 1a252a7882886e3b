"""``tableside components list|check|export|import``: the players' own printed components."""

from __future__ import annotations

import argparse
from pathlib import Path

from ui.cli import UserError


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "components",
        help="the players' own tiles and cards: list, check, export, import",
        description=(
            "The printed contents the rule texts do not give (tiles, cards, boards) are "
            "entered once per box. Export them to a file to copy them to another box; "
            "import a file exported elsewhere."
        ),
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    verbs.add_parser("list", help="which games have their own components on this box")
    check = verbs.add_parser("check", help="check a component file or this box's set of a game")
    check.add_argument("what", help="a game name or a file")
    export = verbs.add_parser("export", help="write a game's components to a file to share")
    export.add_argument("game")
    export.add_argument("file", nargs="?", default=".", help="file or folder (default: here)")
    imp = verbs.add_parser("import", help="keep a shared component file as this box's set")
    imp.add_argument("file")
    imp.add_argument("--game", help="refuse the file unless it is for this game")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ui.component_store import (
        ComponentFileError,
        ComponentStore,
        games_with_components,
        read_file,
    )
    from ui.paths import data_dir

    store = ComponentStore(data_dir() / "components")
    try:
        if args.verb == "list":
            for name, game in games_with_components().items():
                item = store.load(name)
                state = f"own set {item.digest}" if item else "EXAMPLE data (none entered)"
                print(f"{name:12} {game.title:48} {state}")
        elif args.verb == "check":
            path = Path(args.what)
            item = read_file(path) if path.exists() else store.load(args.what)
            if item is None:
                raise UserError(f"no {args.what} components entered on this box yet")
            print(f"{item.game}: ok ({item.digest})")
        elif args.verb == "export":
            item = store.export(args.game, Path(args.file))
            print(f"{item.game}: exported ({item.digest})")
        elif args.verb == "import":
            item = store.import_file(Path(args.file), args.game)
            print(f"{item.game}: imported ({item.digest}); new games use it")
    except ComponentFileError as exc:
        raise UserError(str(exc)) from None
    return 0
