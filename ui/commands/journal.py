"""``tableside journal``: list saved games, show one's steps, check the file."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from gettext import ngettext

from rules.journal import check_journal
from rules.registry import get_game
from rules.session import Session
from ui.commands.play import add_journal_argument
from ui.paths import journal_path
from ui.service import TableService


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("journal", help="list saved games, show their steps, check the file")
    add_journal_argument(parser)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("list", help="saved games, newest first")
    show = actions.add_parser("show", help="the confirmed steps of one game, with decisions")
    show.add_argument("number", type=int, help="game number from 'tableside journal list'")
    show.add_argument("--json", action="store_true", help="print the raw events as JSON")
    actions.add_parser(
        "check",
        help="verify every step's checksum and name the first bad one; the default journal "
        "is then repaired (exit status 1 when damage was found, 2 when it cannot be read)",
    )
    parser.set_defaults(func=run, action="list")


def _when(stamp: float) -> str:
    return dt.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def check(path: object, repair: bool) -> int:
    """Report what :func:`rules.journal.check_journal` finds; repair the default journal."""
    report = check_journal(path)  # type: ignore[arg-type]
    if report.unreadable is not None:  # the storage, not damage: nothing to repair
        print(f"{path}: cannot be read")
        print(f"  {report.unreadable.message}")
        return 2
    events = sum(g.rows for g in report.games)
    games = len(report.games)
    if report.healthy:
        print(
            f"{path}: ok, {ngettext('{n} game', '{n} games', games).format(n=games)}, "
            f"{ngettext('{n} event', '{n} events', events).format(n=events)}, "
            "every checksum verified."
        )
    else:
        print(f"{path}: DAMAGED")
        for problem in report.problems:
            print(f"  - {problem}")
    if not report.healthy and repair:
        service = TableService(path, recover=True)  # type: ignore[arg-type]
        try:
            if service.notice:
                print(f"Repaired: {service.notice}")
            else:  # another process has it open: nobody repairs under a writer
                print(
                    "Not repaired now: another tableside program has the journal open; "
                    "it is repaired when it is next opened alone."
                )
        finally:
            service.close()
    elif not report.healthy:
        print("Nothing was changed (a file named with --journal is never repaired).")
    return 0 if report.healthy else 1


def run(args: argparse.Namespace) -> int:
    path = args.journal or journal_path()
    if args.action == "check":
        return check(path, repair=args.journal is None)
    service = TableService(path, recover=args.journal is None)
    try:
        if service.notice:
            print(f"Note: {service.notice}")
        if service.problem:
            print(f"Note: {service.problem}")
        if args.action == "show":
            record = service.journal.session(args.number)
            events = service.journal.events(record.id)
            if args.json:
                print(json.dumps(events, indent=2))
                return 0
            session = Session(get_game(record.game), record.options, record.seed, events=events)
            print(f"Game {record.id}: {session.game.title}, seed {record.seed}")
            for entry in session.history:
                decision = f" -> {entry.decision.summary}" if entry.decision else ""
                print(f"{entry.index + 1:4}. {entry.title}{decision}")
            if session.replay_problem:
                print(f"Note: {session.replay_problem}")
            return 0
        records = service.journal.sessions()
        if not records:
            print("No saved games yet.")
        for r in records:
            state = "finished" if r.finished else "unfinished"
            print(f"{r.id:4}  {r.game:12} {_when(r.updated)}  {r.event_count:4} events  {state}")
        return 0
    finally:
        service.close()
