"""``tableside vision read|calibrate|render``: the camera from the command line.

* ``read IMAGE... [--calibration CAL]`` prints the voted reading as JSON
  (schema in docs/vision.md); ``--source usb:0|pi|PATH --frames N`` reads a camera.
* ``calibrate IMAGE... --board control-board [--out CAL]`` checks the calibration
  picture (one cube of each tray's colour in its tray) and writes the calibration
  JSON (default: the data directory); ``--overlay OUT.png`` draws the trays it
  found, also when calibration fails (the trays at fault in red).
* ``follow FRAMES --calibration CAL --start COUNTS.json`` follows the trays through a
  folder of pictures (name order) or a video, with the app's own
  :class:`~vision.follow.TableFollower`, and prints one JSON line per still moment:
  ``{"frame": NAME, "trays": {"<side>": {"counts": {...}, "sure": bool, "why": ...}}}``.
* ``render OUT_DIR`` writes photo-like frames (:mod:`vision.table_render`) with
  their ground truth (JSON).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from gettext import ngettext
from pathlib import Path

import cv2
import numpy as np

from ui.calibration_file import board as load_board
from ui.calibration_file import load as load_calibration
from ui.calibration_file import tokens as load_tokens
from ui.cli import UserError
from ui.paths import CALIBRATION_FILE, default_calibration
from vision import calibration as cal_mod
from vision.errors import CalibrationFailed, VisionError
from vision.follow import TableFollower
from vision.geometry import COLOURS
from vision.reader import TableReader, outline
from vision.sources import IMAGE_SUFFIXES, grab, open_source, read_image
from vision.table_render import (
    LIGHT_KINDS,
    calibration_frame,
    random_frame,
    random_setup,
    render_frame,
)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("vision", help="read the table with the camera (JSON), calibrate")
    vsub = parser.add_subparsers(dest="vision_command", metavar="ACTION")

    read = vsub.add_parser("read", help="read tray counts and tokens from pictures, print JSON")
    read.add_argument("images", nargs="*", help="pictures of the table (several: voted)")
    read.add_argument(
        "--calibration", help=f"calibration JSON (default: data dir/{CALIBRATION_FILE})"
    )
    read.add_argument("--source", help="camera instead of pictures: usb:N, pi, folder or video")
    read.add_argument("--frames", type=int, default=5, help="frames to take from --source")
    read.add_argument("--overlay", help="also write the picture with the trays drawn (PNG)")
    read.set_defaults(func=run_read)

    calib = vsub.add_parser("calibrate", help="calibrate colours and marker size; write JSON")
    calib.add_argument("images", nargs="*", help="calibration pictures (one marker per tray)")
    calib.add_argument("--source", help="camera instead of pictures: usb:N, pi, folder or video")
    calib.add_argument("--frames", type=int, default=3)
    calib.add_argument(
        "--board",
        action="append",
        help="board file or example name (control-board, hex-grid, square-grid); repeatable",
    )
    calib.add_argument("--tokens", help="token catalogue JSON (default: the shipped example)")
    calib.add_argument("--out", help=f"where to write (default: data dir/{CALIBRATION_FILE})")
    calib.add_argument("--overlay", help="write the first picture with the found trays (PNG)")
    calib.set_defaults(func=run_calibrate)

    follow = vsub.add_parser(
        "follow", help="follow the trays through pictures or a video; one JSON line per still"
    )
    follow.add_argument("frames", help="a folder of pictures (taken in name order) or a video")
    follow.add_argument(
        "--calibration", help=f"calibration JSON (default: data dir/{CALIBRATION_FILE})"
    )
    follow.add_argument(
        "--start",
        required=True,
        help='the trays at the start, JSON: {"<side>": {"<colour>": n, ...}, ...}',
    )
    follow.set_defaults(func=run_follow)

    rend = vsub.add_parser("render", help="write photo-like table pictures with ground truth")
    rend.add_argument("out", help="folder for frame-NNN.png and frame-NNN.json")
    rend.add_argument("--board", default="control-board")
    rend.add_argument("--frames", type=int, default=3)
    rend.add_argument("--light", choices=LIGHT_KINDS, default="neutral")
    rend.add_argument("--tilt", type=float, default=30.0, help="camera tilt, degrees (0-60)")
    rend.add_argument("--seed", type=int, default=1, help="the table and camera")
    rend.add_argument("--hand", choices=["none", "tray", "edge"], default="none")
    rend.add_argument(
        "--calibration-scene",
        action="store_true",
        help="the calibration picture: one cube of its colour in each tray",
    )
    rend.set_defaults(func=run_render)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def _frames(args: argparse.Namespace) -> list[np.ndarray]:
    if args.source:
        source = open_source(args.source)
        try:
            return grab(source, args.frames)
        finally:
            source.close()
    if not args.images:
        raise UserError("give one or more pictures, or --source")
    return [read_image(p) for p in args.images]


def run_read(args: argparse.Namespace) -> int:
    path = Path(args.calibration) if args.calibration else default_calibration()
    calibration = load_calibration(path)
    try:
        frames = _frames(args)
        reader = TableReader(calibration)
        reading = reader.read(frames)
        if args.overlay:
            cv2.imwrite(args.overlay, outline(reader, frames[-1]))
    except VisionError as exc:
        raise UserError(str(exc)) from exc
    json.dump(reading.to_json(), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def run_calibrate(args: argparse.Namespace) -> int:
    boards = [load_board(b) for b in (args.board or ["control-board"])]
    tokens = load_tokens(args.tokens)
    out = Path(args.out) if args.out else default_calibration()
    try:
        frames = _frames(args)
        calibration = cal_mod.calibrate(frames, boards, tokens)
    except CalibrationFailed as exc:
        if args.overlay and exc.picture is not None:
            cv2.imwrite(args.overlay, exc.picture)
            raise UserError(f"{exc} (outlines in {args.overlay}; trays at fault in red)") from exc
        raise UserError(str(exc)) from exc
    except VisionError as exc:
        raise UserError(str(exc)) from exc
    calibration.save(out)
    if args.overlay:
        cv2.imwrite(args.overlay, outline(TableReader(calibration), frames[0]))
    print(f"calibration written to {out}")
    print(f"  frames {calibration.image_size[0]}x{calibration.image_size[1]}")
    for board in boards:
        for tray in board.trays:
            what = f"one {tray.colour} cube" if tray.colour else "empty"
            print(f"  tray {tray.side}: {what}, as it should")
    for name, lab in calibration.cubes_lab.items():
        print(f"  {name:7} top Lab {lab[0]:6.1f} {lab[1]:6.1f} {lab[2]:6.1f}")
    if calibration.example_data:
        print("  note: made with EXAMPLE board data; measure your boards (docs/vision.md)")
    return 0


def load_start(path: str) -> dict[str, dict[str, int]]:
    """The start counts file: ``{"<side>": {"<colour>": n}}``; clear errors, no traceback."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except FileNotFoundError as exc:
        raise UserError(f"{path}: no such start file") from exc
    except OSError as exc:
        raise UserError(f"{path}: cannot read the start file ({exc.strerror})") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: the start file is not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise UserError(f'{path}: the start file holds an object {{"<side>": {{colour: n}}}}')
    out: dict[str, dict[str, int]] = {}
    for side, counts in data.items():
        if str(side) not in {str(k) for k in range(6)}:
            raise UserError(f"{path}: tray side {side!r} is not one of 0-5")
        if not isinstance(counts, dict):
            raise UserError(f'{path}: tray {side} needs colour counts, like {{"red": 2}}')
        for colour, n in counts.items():
            if colour not in COLOURS:
                raise UserError(
                    f"{path}: tray {side}: {colour!r} is not a colour ({', '.join(COLOURS)})"
                )
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
                raise UserError(f"{path}: tray {side}: {colour} needs a count 0-99, not {n!r}")
        out[str(side)] = {c: int(n) for c, n in counts.items()}
    return out


def follow_frames(path: Path) -> Iterator[tuple[str, np.ndarray]]:
    """``(name, frame)`` of a folder of pictures in name order, or of a video file."""
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not files:
            raise UserError(f"{path}: no pictures in this folder")
        for file in files:
            image = cv2.imread(str(file), cv2.IMREAD_COLOR)
            if image is None:
                raise UserError(f"{file}: not a picture that can be read")
            yield file.name, image
        return
    if not path.exists():
        raise UserError(f"{path}: no such folder or video")
    capture = cv2.VideoCapture(str(path))
    try:
        ok, frame = capture.read() if capture.isOpened() else (False, None)
        if not ok:
            raise UserError(f"{path}: not a folder of pictures nor a video that can be read")
        index = 0
        while ok and frame is not None:
            yield f"{path.name}#{index:06d}", np.asarray(frame)
            index += 1
            ok, frame = capture.read()
    finally:
        capture.release()


def run_follow(args: argparse.Namespace) -> int:
    path = Path(args.calibration) if args.calibration else default_calibration()
    calibration = load_calibration(path)
    start = load_start(args.start)
    try:
        follower = TableFollower(calibration=calibration, start=start)
    except ValueError as exc:
        raise UserError(f"{path}: {exc}") from exc
    for index, (name, frame) in enumerate(follow_frames(Path(args.frames))):
        try:
            trays = follower.feed(frame, timestamp=float(index))
        except VisionError as exc:
            raise UserError(f"{name}: {exc}") from exc
        if trays is not None:
            line = {"frame": name, "trays": {s: t.to_json() for s, t in trays.items()}}
            print(json.dumps(line, ensure_ascii=False), flush=True)
    return 0


def run_render(args: argparse.Namespace) -> int:
    board = load_board(args.board)
    tokens = load_tokens()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tilt = max(0.0, min(60.0, args.tilt))
    setup = random_setup(board, args.seed, tilt=(tilt, tilt), light=args.light)
    for i in range(args.frames):
        seed = args.seed * 1000 + i
        spec = (
            calibration_frame(board, seed)
            if args.calibration_scene
            else random_frame(board, seed, hand=args.hand, blur="sharp", tokens=tokens)
        )
        rendered = render_frame(board, setup, spec, tokens)
        cv2.imwrite(str(out / f"frame-{i:03d}.png"), rendered.image)
        (out / f"frame-{i:03d}.json").write_text(json.dumps(rendered.truth, indent=1), "utf-8")
    frames = ngettext("{n} frame", "{n} frames", args.frames).format(n=args.frames)
    print(f"{frames} written to {out}")
    return 0
