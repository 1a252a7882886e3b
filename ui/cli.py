"""The ``tableside`` command.

Subcommands live in :mod:`ui.commands`, one module each, with
``register(subparsers)`` adding an argparse parser whose ``func(args) -> int``
runs it. Errors meant for people (:class:`rules.RulesError`,
:class:`rules.journal.JournalError`, :class:`ui.cli.UserError`) are printed
without a traceback and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from rules.errors import RulesError
from rules.journal import JournalError


class UserError(Exception):
    """A problem the user can fix; the message says how."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tableside",
        description="A table assistant for real board games: bot opponents and referees.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    import ui.commands as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        if args.command is None:
            # The main job: the touchscreen app where it exists, else the terminal.
            args = parser.parse_args(["app"] if "app" in _commands(parser) else ["play"])
        else:
            parser.print_help()
            return 2
    try:
        return int(args.func(args) or 0)
    except (RulesError, JournalError, UserError) as exc:
        print(f"tableside: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ntableside: stopped. Every confirmed step is saved.", file=sys.stderr)
        return 130


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:  # argparse offers no public accessor
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


if __name__ == "__main__":
    sys.exit(main())
