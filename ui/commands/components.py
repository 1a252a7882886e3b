"""``tableside components list|edit|check|export|import|usb``: the players' own components."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ui.cli import UserError

if TYPE_CHECKING:
    from ui.service import TableService


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "components",
        help="the players' own tiles and cards: list, edit, check, export, import",
        description=(
            "The printed contents the rule texts do not give (tiles, cards, boards) are "
            "entered once per box. Export them to a file to copy them to another box; "
            "import a file exported elsewhere."
        ),
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    verbs.add_parser("list", help="which games have their own components on this box")
    edit = verbs.add_parser("edit", help="enter or correct a game's components (resumes a draft)")
    edit.add_argument("game")
    check = verbs.add_parser("check", help="check a component file or this box's set of a game")
    check.add_argument("what", help="a game name or a file")
    export = verbs.add_parser("export", help="write a game's components to a file to share")
    export.add_argument("game")
    export.add_argument("file", nargs="?", default=".", help="file or folder (default: here)")
    imp = verbs.add_parser("import", help="keep a shared component file as this box's set")
    imp.add_argument("file")
    imp.add_argument("--game", help="refuse the file unless it is for this game")
    usb = verbs.add_parser("usb", help="list the component files on plugged-in USB sticks")
    usb.add_argument("--import", dest="take", action="store_true", help="import every valid one")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ui.component_store import ComponentFileError, read_file
    from ui.paths import journal_path
    from ui.service import TableService

    service = TableService(journal_path(), holder="components")
    store = service.components
    try:
        if args.verb == "list":
            _list(service)
        elif args.verb == "edit":
            from ui.terminal import Terminal

            if service.notice:
                print(f"Note: {service.notice}")
            Terminal(service).edit_components(args.game)
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
        elif args.verb == "usb":
            _usb(service, args.take)
    except ComponentFileError as exc:
        raise UserError(str(exc)) from None
    finally:
        service.close()
    return 0


def _list(service: TableService) -> None:
    from ui.component_status import every_game

    for info in every_game(service):
        state = f"own set {info.own_digest}" if info.own_digest else "EXAMPLE data (none entered)"
        if info.draft:
            state += f"; entry half done ({info.draft[0]} of {info.draft[1]})"
        if info.learned:
            state += f"; {info.learned} entered during play to save"
        print(f"{info.game:12} {info.title.english():48} {state}")


def _usb(service: TableService, take: bool) -> None:
    from rules.text import printable
    from ui.usb import component_files, refused, sticks

    found_sticks = sticks()
    for stick in refused():
        print(
            f"{stick.device}: not read: formatted as {stick.fs_type}; "
            "tableside reads only FAT and exFAT sticks"
        )
    if not found_sticks:
        raise UserError("no USB stick found (plug one in; on a desktop, open it once)")
    files = component_files(found_sticks)
    if not files:
        raise UserError("no component files (*.tableside.json) on the USB stick")
    for found in files:
        if found.item is None:
            print(f"{printable(str(found.path))}: cannot be used: {found.problem}")
            continue
        print(f"{printable(str(found.path))}: {found.item.game} ({found.item.digest})")
        if take:
            item = service.components.import_file(found.path, inside=found.inside)
            print(f"  imported; new games of {item.game} use it")
