"""The priority marker read on still frames (``tableside bench marker``).

The seeded ``dev`` still set of :mod:`vision.table_sets` (80 set-ups x 8 frames; every
frame has the priority marker at a random side, hands, blur and light as the set draws
them; ``--quick``: 20 set-ups) is read on one core in the two ways the app reads the
marker: as the follower's app does (:class:`vision.marker.MarkerReader` on the picture,
the board registered by the board finder, as at a still moment) and from scratch
(:meth:`vision.reader.TableReader.read_frame`'s tokens, what ``VisionFeed`` gives). A
read is *sure* at the app's point (``TableReader.confirm_below``); it is *right* when its
side is the truth's. Printed: sure and right, sure but wrong, not seen (and how many of
those the hand covered), per tilt band and blur (a still moment is never motion-blurred;
the 12 mm sticker out of focus is seldom found), and the CPU of one read. With
``TABLESIDE_VISION_CACHE=DIR`` the rendered frames are kept in DIR (as ``bench vision``).
The marker is not tuned on this set; the held-out sets are not read here.
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

from ui.commands.bench import Figure
from vision.calibration import calibrate
from vision.errors import CalibrationFailed, VisionError
from vision.geometry import load_board, load_tokens
from vision.marker import NOT_SEEN, MarkerRead, MarkerReader
from vision.reader import TableReader
from vision.table_sets import DEV, walk

NAME = "marker"
DESCRIPTION = "camera: the priority marker's side on the dev still set, sure and right"

#: The two ways of reading: the follower's (on demand) and the from-scratch reader's.
WAYS = ("following", "from scratch")


def _pct(a: float, b: float) -> float:
    return 100.0 * a / b if b else 0.0


def run(quick: bool) -> list[Figure]:
    cv2.setNumThreads(1)
    board, tokens = load_board("control-board"), load_tokens()
    cache = os.environ.get("TABLESIDE_VISION_CACHE")
    setups = 20 if quick else DEV.setups
    # way -> band -> [frames, sure, sure wrong, unseen, unseen and covered]
    rows: dict[str, dict[str, list[int]]] = {w: defaultdict(lambda: [0, 0, 0, 0, 0]) for w in WAYS}
    ms: list[float] = []
    refused = 0
    for k, got in enumerate(
        walk(DEV, board, tokens, setups=setups, cache=Path(cache) if cache else None)
    ):
        try:
            cal = calibrate([got.calibration], [board], tokens)
        except CalibrationFailed:
            refused += 1
            continue
        reader = TableReader(cal)
        marker = MarkerReader(board, cal.tokens)
        band = got.setup.conditions()["tilt"]
        for image, truth in got.frames:
            side = truth.get("priority_side")
            if side is None:
                continue
            covered = bool(marker.ids & set(truth.get("covered_tokens", [])))
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            found = reader.finder.detect(grey)
            registration = reader.finder.register(grey, found, board)
            t0 = time.process_time()
            follow = NOT_SEEN if registration is None else marker.read(image, registration)
            ms.append(1000 * (time.process_time() - t0))
            try:
                read = reader.read_frame(image)
                best = [
                    t for t in read.tokens if t.kind == "priority-marker" and t.side is not None
                ]
                scratch = MarkerRead(best[0].side, best[0].confidence) if best else NOT_SEEN
            except VisionError:
                scratch = NOT_SEEN
            cond = truth.get("conditions") or {}
            blur = f"blur {cond.get('blur', '?')}"
            plain = cond.get("blur") == "sharp" and cond.get("hand") == "none"
            keys = (band, blur, *(("sharp, no hand",) if plain else ()), "all")
            for way, m in zip(WAYS, (follow, scratch), strict=True):
                for key in keys:
                    row = rows[way][key]
                    sure = m.side is not None and m.confidence >= reader.confirm_below
                    row[0] += 1
                    row[1] += sure
                    row[2] += sure and m.side != side
                    row[3] += m.side is None
                    row[4] += m.side is None and covered
        print(f"  set-up {k}: {len(got.frames)} frames", file=sys.stderr, flush=True)
    figures = []
    for way in WAYS:
        for band, r in sorted(rows[way].items()):
            print(
                f"{way:12} {band:10} frames {r[0]:4}  sure {_pct(r[1], r[0]):5.1f} %  "
                f"sure but wrong {r[2]}  not seen {r[3]} (hand over it {r[4]})",
                file=sys.stderr,
            )
        plain = rows[way]["sharp, no hand"]
        r = rows[way]["all"]
        figures += [
            Figure(
                f"{way}: marker sure and right, sharp and no hand",
                _pct(plain[1] - plain[2], plain[0]),
                f"% of {plain[0]} frames",
            ),
            Figure(
                f"{way}: marker sure and right",
                _pct(r[1] - r[2], r[0]),
                f"% of {r[0]} frames",
            ),
            Figure(f"  {way}: sure but wrong", float(r[2]), "frames", "0", r[2] == 0),
            Figure(
                f"  {way}: not seen",
                _pct(r[3], r[0]),
                f"% ({r[4]} of {r[3]} under a hand)",
            ),
        ]
    figures += [
        Figure("set-ups read (dev)", float(setups - refused), f"of {setups}"),
        Figure(
            "CPU of one marker read (following), median",
            float(np.median(ms)) if ms else 0.0,
            "ms",
        ),
    ]
    return figures
