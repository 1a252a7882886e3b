"""``tableside app``: the touchscreen app (window on a desktop, full screen with --kiosk).

With no screen at all (no DISPLAY, no Wayland, no KMS) it says so and runs
the terminal front end instead, so ``tableside`` works over SSH too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

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
    parser.add_argument(
        "--camera",
        metavar="SOURCE",
        help=(
            "read the table with a camera: auto (the Pi camera, else usb:0; the kiosk's "
            "default), usb:N, pi, a folder or a video (calibrate it on the Camera screen or "
            "with tableside vision calibrate); default: manual entry"
        ),
    )
    parser.add_argument(
        "--calibration",
        type=Path,
        default=None,
        help="camera calibration (default: vision-calibration.json in the data directory)",
    )
    add_journal_argument(parser)
    parser.set_defaults(func=run)


if TYPE_CHECKING:
    from vision.camera_feed import CameraFeed


def camera_feed(source: str | None, calibration: Path | None) -> CameraFeed | None:
    """The app's camera for ``--camera``, or None for manual entry.

    With a calibration: a :class:`ui.app.follow_feed.FollowFeed` around a
    :class:`vision.feed.VisionFeed`: it follows the trays and prefills fields.
    Without one (not made yet, or unreadable) but with a camera that gives a
    picture: a :class:`ui.app.camera.UncalibratedCamera`, so the Camera screen
    shows the table and can calibrate; facts are entered by hand meanwhile.
    A picture or folder is replayed in a loop (:class:`ui.app.camera.LoopingPictures`).
    Otherwise the problem is reported and the app runs with manual entry: a
    camera problem never keeps the players from playing.
    """
    if not source:
        return None
    from rules.errors import RulesError
    from ui.app.camera import LoopingPictures, UncalibratedCamera
    from ui.calibration_file import load as load_calibration
    from ui.paths import default_calibration
    from vision.errors import VisionError
    from vision.feed import VisionFeed
    from vision.reader import TableReader
    from vision.sources import ImageFiles, open_source

    def opened() -> object:
        frames = open_source(source)
        return LoopingPictures(frames) if isinstance(frames, ImageFiles) else frames

    try:
        loaded = load_calibration(calibration or default_calibration())
    except (RulesError, OSError) as exc:
        no_calibration: Exception = exc
    else:
        try:
            from ui.app.follow_feed import FollowFeed

            feed = VisionFeed(TableReader(loaded), opened())  # type: ignore[arg-type]
            return FollowFeed(feed)
        except (RulesError, VisionError, OSError) as exc:
            print(
                f"tableside: camera not used ({exc}); facts are entered by hand.", file=sys.stderr
            )
            return None
    try:
        frames = opened()
        first = frames.read()  # type: ignore[attr-defined]  # does the camera give a picture at all?
    except (VisionError, OSError) as exc:
        if source == "auto":
            # The kiosk's camera: keep looking, so one plugged in later shows on the
            # Camera screen (which says meanwhile that none is found) and calibrates.
            print(
                f"tableside: no camera found yet ({exc}); facts are entered by hand.",
                file=sys.stderr,
            )
            return UncalibratedCamera(frames)
        print(
            f"tableside: camera not used ({no_calibration}; {exc}); facts are entered by hand.",
            file=sys.stderr,
        )
        return None
    print(
        f"tableside: the camera has no calibration yet ({no_calibration}); calibrate it on "
        "the app's Camera screen (key C). Facts are entered by hand meanwhile.",
        file=sys.stderr,
    )
    return UncalibratedCamera(frames, first)


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

        service = TableService(journal, recover=args.journal is None, holder="play")
        try:
            return Terminal(service).run(args.game)
        finally:
            service.close()

    from ui.app.settings import load_settings

    settings_path = args.settings or config_dir() / "settings.json"
    settings = load_settings(settings_path)

    from ui.app.display import prepare_kivy
    from ui.app.memory import tune_malloc

    tune_malloc()  # before Kivy, SDL and the renderer start their threads
    prepare_kivy(kiosk=args.kiosk, rotation=settings.rotation, show_cursor=settings.show_cursor)
    from ui.app.controller import AppController
    from ui.app.main import run_app

    service = TableService(
        journal, recover=args.journal is None, backups_at_rest=True, holder="app"
    )
    controller = AppController(
        service, settings, settings_path, game_name=args.game, resume_directly=args.kiosk
    )
    camera = camera_feed(args.camera, args.calibration)
    return run_app(controller, kiosk=args.kiosk, camera=camera)
