"""The app's camera feed keeps bounded memory: one tray per forward pass, no history.

OpenCV's ``dnn`` keeps a network's buffers at the size of the largest batch it ever ran,
for as long as the network lives (the shipped counter: about 3 MB after one tray, 8 MB
after six). The app's reader lives as long as the app and reads all six trays of each
frame from scratch, and the follower (which shares that counter) all six at its first
still moment, so :class:`vision.feed.VisionFeed` makes the reader's counters read
:data:`vision.feed.COUNTER_BATCH` trays per pass (``tableside bench app``'s camera feed,
docs/ui.md "Speed and memory"). The reads do not change. And what the feed and its
follower keep of the still moments does not grow with their number.
"""

from __future__ import annotations

import gc
import types
from typing import Any

import numpy as np

from ui.app.follow_feed import FollowFeed
from ui.benchmarks.resume import Frames  # one picture again and again: a still table
from vision.calibration import Calibration
from vision.counter import CounterModel, CubeCounter
from vision.feed import COUNTER_BATCH, VisionFeed
from vision.geometry import Board, TokenCatalogue
from vision.reader import TableReader
from vision.table_render import Setup

from .conftest import frame


class CountingNet:
    """A network that records the rows of every input it is given (then runs it)."""

    def __init__(self, net: Any) -> None:
        self.net = net
        self.rows: list[int] = []

    def setInput(self, blob: np.ndarray, *args: Any) -> None:
        self.rows.append(int(blob.shape[0]))
        self.net.setInput(blob, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.net, name)


def crops_of(seed: int) -> dict[int, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {side: rng.integers(0, 255, (84, 168, 3), dtype=np.uint8) for side in range(6)}


LIFTS = {side: (0.1 * side, 80.0, 40.0) for side in range(6)}


def test_a_counter_reading_one_tray_at_a_time_reads_the_same(control_board: Board) -> None:
    for name in ("tray-counter.json", "heatmap-counter.json"):
        model = CounterModel.shipped(name)
        whole = CubeCounter(control_board, model)
        single = CubeCounter(control_board, model, batch=1)
        single.net = CountingNet(single.net)  # type: ignore[assignment]
        crops = crops_of(5)
        together, apart = whole.read(crops, LIFTS), single.read(crops, LIFTS)
        assert [r.side for r in apart] == list(range(6))
        for a, b in zip(together, apart, strict=True):
            assert (a.side, a.counts, a.confidence, a.probabilities) == (
                b.side,
                b.counts,
                b.confidence,
                b.probabilities,
            )
            assert (a.stacked, a.covered, a.occluded) == (b.stacked, b.covered, b.occluded)
        rows = 2 if model.mirror else 1  # a mirrored counter reads each crop twice
        assert single.net.rows == [rows] * 6  # type: ignore[attr-defined]


def test_a_batch_of_two_reads_trays_in_pairs(control_board: Board) -> None:
    counter = CubeCounter(control_board, batch=2)
    counter.net = CountingNet(counter.net)  # type: ignore[assignment]
    reads = counter.read({s: c for s, c in crops_of(6).items() if s != 4}, LIFTS)
    assert [r.side for r in reads] == [0, 1, 2, 3, 5]
    assert counter.net.rows == [2, 2, 1]  # type: ignore[attr-defined]


def test_the_apps_reader_and_follower_read_one_tray_per_pass(
    calibration: Calibration, control_board: Board, setup: Setup, tokens: TokenCatalogue
) -> None:
    reader = TableReader(calibration)  # its own: the feed sets its counters' batch
    picture = frame(control_board, setup, tokens, 71, hand="none", blur="sharp").image
    feed = FollowFeed(VisionFeed(reader, Frames(picture), frames=2))
    counter = reader.counters[control_board.name]
    assert COUNTER_BATCH == 1 and counter.batch == COUNTER_BATCH
    net = counter.net = CountingNet(counter.net)  # type: ignore[assignment]
    reading = feed.reading()  # not following yet: two frames read from scratch
    assert reading is not None and reading.status == "ok" and len(reading.trays) == 6
    assert net.rows == [1] * 12
    feed.start({side: {} for side in "012345"})
    assert feed.follower is not None and feed.follower.counter is counter
    feed.step(picture, 0.0)  # the motion gate's first frame
    feed.step(picture, 0.125)  # still: the first still moment
    assert feed.follower.moments == 1
    assert net.rows[12:] == [1] * 6  # every tray counted at the first still moment, one by one


def arrays_held(root: object) -> list[np.ndarray]:
    """Every numpy array reachable from ``root`` (each buffer once, by its base array)."""
    seen: set[int] = set()
    arrays: dict[int, np.ndarray] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            continue
        seen.add(id(obj))
        if isinstance(obj, np.ndarray):
            while isinstance(obj.base, np.ndarray):
                obj = obj.base
            arrays[id(obj)] = obj
        else:
            stack.extend(gc.get_referents(obj))
    return list(arrays.values())


def test_the_feed_keeps_no_more_pictures_after_many_still_moments(
    calibration: Calibration, control_board: Board, setup: Setup, tokens: TokenCatalogue
) -> None:
    """A game has hundreds of still moments: what the feed and its follower keep of them
    (each tray's last crop and its last sure look, the newest frame, the priority ring's
    grey middle) must not grow with their number."""
    a = frame(control_board, setup, tokens, 71, hand="none", blur="sharp").image
    b = frame(control_board, setup, tokens, 72, hand="none", blur="sharp").image
    feed = FollowFeed(VisionFeed(TableReader(calibration), Frames(a)))
    feed.start({side: {} for side in "012345"})
    held: dict[int, list[np.ndarray]] = {}
    t = 0.0
    for moment in range(1, 11):  # the table changes between two pictures: a still moment each
        picture = a if moment % 2 else b
        for _ in range(2):
            feed.step(picture.copy(), t)
            t += 1 / 8
        feed.marker()  # a field asked for the priority marker at this moment
        assert feed.follower is not None and feed.follower.moments == moment
        held[moment] = arrays_held(feed)
    lab = next(x.nbytes for x in held[2] if x.dtype == np.float32 and x.size == 168 * 84 * 3)
    for moment in (4, 6, 8, 10):
        pictures = [x for x in held[moment] if x.shape == a.shape]
        assert len(pictures) == 2  # the source's own picture (this test's) and the newest frame
        # At most one more sure look per tray than at the second moment, nothing else.
        assert sum(x.nbytes for x in held[moment]) <= sum(x.nbytes for x in held[2]) + 6 * lab
