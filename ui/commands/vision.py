"""``tableside vision read|calibrate|render``: the camera from the command line.

* ``read IMAGE... [--calibration CAL]`` prints the voted reading as JSON
  (schema in docs/vision.md); ``--source usb:0|pi|PATH --frames N`` reads a camera.
* ``calibrate IMAGE... --board control-board [--out CAL]`` measures colours and
  marker size from the calibration picture and writes the calibration JSON
  (default: the data directory); ``--overlay OUT.png`` draws the trays it found.
* ``render OUT_DIR`` writes synthetic frames with their ground truth (JSON).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

from ui.cli import UserError
from ui.paths import data_dir
from vision import calibration as cal_mod
from vision.errors import VisionError
from vision.geometry import load_board, load_tokens
from vision.reader import TableReader, outline
from vision.render import LIGHTS, calibration_scene, random_scene, render
from vision.sources import grab, open_source, read_image

CALIBRATION_FILE = "vision-calibration.json"


def default_calibration() -> Path:
    return data_dir() / CALIBRATION_FILE


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

    rend = vsub.add_parser("render", help="write synthetic table pictures with ground truth")
    rend.add_argument("out", help="folder for frame-NNN.png and frame-NNN.json")
    rend.add_argument("--board", default="control-board")
    rend.add_argument("--frames", type=int, default=3)
    rend.add_argument("--light", choices=[*LIGHTS, "mixed"], default="warm")
    rend.add_argument("--seed", type=int, default=1)
    rend.add_argument("--hand", choices=["fiducials", "tray", "moving"], help="add a hand")
    rend.add_argument(
        "--calibration-scene",
        action="store_true",
        help="the calibration picture: one marker of its colour in each tray",
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
    calibration = cal_mod.load(path)
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
    except VisionError as exc:
        raise UserError(str(exc)) from exc
    calibration.save(out)
    if args.overlay:
        cv2.imwrite(args.overlay, outline(TableReader(calibration), frames[0]))
    print(f"calibration written to {out}")
    print(f"  marker area {calibration.cube_area_mm2:.1f} mm², frames {calibration.image_size}")
    for name, lab in calibration.classes.items():
        print(f"  {name:7} Lab {lab[0]:6.1f} {lab[1]:6.1f} {lab[2]:6.1f}")
    if calibration.example_data:
        print("  note: made with EXAMPLE board data; measure your boards (docs/vision.md)")
    return 0


def run_render(args: argparse.Namespace) -> int:
    board = load_board(args.board)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    if args.calibration_scene:
        scenes = [
            calibration_scene(board, args.light, seed=args.seed + i) for i in range(args.frames)
        ]
    else:
        hand = "tray" if args.hand == "moving" else args.hand
        base = random_scene(board, rng, args.light, hand=hand)
        scenes = [base for _ in range(args.frames)]
    for i, scene in enumerate(scenes):
        # Frames of one scene share the camera pose; a moving hand shifts 25 mm per frame.
        if args.calibration_scene:
            rendered = render(scene)
        else:
            offset = 25.0 * i if args.hand == "moving" else 0.0
            rendered = render(scene, hand_offset=offset, frame=i)
        cv2.imwrite(str(out / f"frame-{i:03d}.png"), rendered.image)
        (out / f"frame-{i:03d}.json").write_text(json.dumps(rendered.truth, indent=1), "utf-8")
    print(f"{len(scenes)} frame(s) written to {out}")
    return 0
