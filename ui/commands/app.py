"""``tableside app``: the touchscreen app (window on a desktop, full screen with --kiosk).

With no screen at all (no DISPLAY, no Wayland, no KMS) it says so and runs
the terminal front end instead, so ``tableside`` works over SSH too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ui.commands.play import add_journal_argument
from ui.paths import config_dir, journal_path


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("app", help="the touchscreen app (the default command)")
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="full screen, no cursor, Escape does not quit, systemd watchdog",
    )
    parser.add_argument("--game", help="start or resume this game directly")
    parser.add_argument(
        "--settings",
        type=Path,
        default=None,
        help="settings file (default: settings.json in the user's config directory)",
    )
    add_journal_argument(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ui.app.display import display_available
    from ui.service import TableService

    ok, why = display_available()
    journal = args.journal or journal_path()
    if not ok:
        print(
            f"tableside: no screen to open the app on ({why}); "
            "using the terminal front end instead.",
            file=sys.stderr,
        )
        from ui.terminal import Terminal

        service = TableService(journal, recover=args.journal is None)
        try:
            return Terminal(service).run(args.game)
        finally:
            service.close()

    from ui.app.settings import load_settings

    settings_path = args.settings or config_dir() / "settings.json"
    settings = load_settings(settings_path)

    from ui.app.display import prepare_kivy

    prepare_kivy(kiosk=args.kiosk, rotation=settings.rotation, show_cursor=settings.show_cursor)
    from ui.app.controller import AppController
    from ui.app.main import run_app

    service = TableService(journal, recover=args.journal is None)
    controller = AppController(service, settings, settings_path, game_name=args.game)
    return run_app(controller, kiosk=args.kiosk)
