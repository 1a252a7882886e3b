"""The ``tableside`` command.

Subcommands live in :mod:`ui.commands`, one module each, with
``register(subparsers)`` adding an argparse parser whose ``func(args) -> int``
runs it. Only the chosen command's module is imported (:data:`COMMANDS` holds
every command's one-line help for ``--help``), so ``tableside decide`` never
loads the camera's OpenCV or the kit's PDF library. Errors meant for people
(:class:`rules.RulesError`, :class:`rules.journal.JournalError`,
:class:`ui.cli.UserError`) are printed without a traceback and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from rules.errors import RulesError
from rules.journal import JournalError
from rules.text import printable

#: Every command: its module in :mod:`ui.commands` and its line in ``--help``
#: (tests/ui/test_cli.py checks both against the modules themselves).
COMMANDS: dict[str, tuple[str, str]] = {
    "app": ("app", "the touchscreen app (the default command)"),
    "bench": ("bench", "run benchmarks and print figures"),
    "components": (
        "components",
        "the players' own tiles and cards: list, edit, check, export, import",
    ),
    "decide": ("decide", "run one bot decision from a situation file and print it with its trace"),
    "fleet": ("fleet", "the café fleet: the hub's staff board"),
    "games": ("games", "list the games tableside knows"),
    "hardware": ("hardware", "check the buttons and LEDs of a box"),
    "journal": ("journal", "list saved games, show their steps, check the file"),
    "kiosk": ("kiosk", "set up the boot-to-app kiosk (Raspberry Pi OS Lite)"),
    "kit": ("kit", "write the printable camera kit (fiducial stickers, PDF)"),
    "play": ("play", "play a game in the terminal"),
    "screenshots": (
        "screenshots",
        "capture every app screen in each language and check for clipped text",
    ),
    "vision": ("vision", "read the table with the camera (JSON), calibrate"),
}


class UserError(Exception):
    """A problem the user can fix; the message says how."""


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The parser; only ``chosen``'s module is imported to add its own arguments."""
    parser = argparse.ArgumentParser(
        prog="tableside",
        description="A table assistant for real board games: bot opponents and referees.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        if name == chosen:
            module = importlib.import_module(f"ui.commands.{module_name}")
            module.register(sub)
        else:
            sub.add_parser(name, help=help_text)
    return parser


def chosen_command(argv: Sequence[str]) -> str | None:
    """The command named on the command line (the first word that is not an option)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if not words:
        words = ["app"]  # the main job: the touchscreen app (it falls back to the terminal)
    parser = build_parser(chosen_command(words))
    args = parser.parse_args(words)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (RulesError, JournalError, UserError) as exc:
        print(f"tableside: {printable(str(exc))}", file=sys.stderr)  # names from files: as text
        return 2
    except KeyboardInterrupt:
        print("\ntableside: stopped. Every confirmed step is saved.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
