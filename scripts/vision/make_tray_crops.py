"""Render a seeded set (vision.table_sets) and save every tray's crop with its labels.

The crops are exactly what the reader feeds the tray counter
(:func:`vision.tray_crops.tray_crops` after the real fiducial registration), so
the counter is trained on the reader's own input. One ``.npz`` per set-up::

    uv run --locked python scripts/vision/make_tray_crops.py --set train --first 0 --last 400 \\
        --out /tmp/crops

Arrays: ``crops`` (N x 84 x 168 x 3, BGR uint8), ``counts`` (N x 5: red, yellow, blue,
brown, white), ``hand`` (N, a hand over the tray), ``tilt`` (N, degrees), ``side`` (N).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from vision.geometry import COLOURS, load_board, load_tokens
from vision.registration import FiducialFinder
from vision.table_render import render_frame
from vision.table_sets import SETS, frame_specs, setup_at
from vision.tray_crops import tray_crops


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="train", choices=["train", "dev"])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=None)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    frame_set = SETS[args.set]
    board, tokens = load_board("control-board"), load_tokens()
    finder = FiducialFinder([board])
    args.out.mkdir(parents=True, exist_ok=True)
    for k in range(args.first, args.last if args.last is not None else frame_set.setups):
        target = args.out / f"{args.set}-{k:04d}.npz"
        if target.exists():
            continue
        setup = setup_at(frame_set, board, k)
        crops, counts, hand, tilt, sides = [], [], [], [], []
        for spec in frame_specs(frame_set, board, k, tokens):
            rendered = render_frame(board, setup, spec, tokens)
            grey = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
            found = finder.detect(grey)
            reg = finder.register(grey, found, board)
            if reg is None:
                continue
            for side, crop in tray_crops(rendered.image, found, reg, board).items():
                crops.append(crop)
                truth = rendered.truth["counts"][str(side)]
                counts.append([truth[c] for c in COLOURS])
                hand.append(side in rendered.truth["hand_over_trays"])
                tilt.append(setup.tilt_deg)
                sides.append(side)
        np.savez_compressed(
            target,
            crops=np.array(crops, np.uint8).reshape(-1, 84, 168, 3),
            counts=np.array(counts, np.int8).reshape(-1, 5),
            hand=np.array(hand, bool),
            tilt=np.array(tilt, np.float32),
            side=np.array(sides, np.int8),
        )
        print(target, len(crops), flush=True)


if __name__ == "__main__":
    main()
