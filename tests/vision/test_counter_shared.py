"""The app's follower shares the reader's tray counter: one network in memory, not two.

A second copy of the tray counter's network and its buffers cost about 8 MB of the
camera feed's 260 MB (`tableside bench app`), so :class:`ui.app.follow_feed.FollowFeed`
hands the follower the counter its reader already built; the counter's network runs
under its own lock, since the follower's thread and a read from scratch may both use it.
"""

from __future__ import annotations

import threading
from dataclasses import replace

import numpy as np
import pytest

from ui.app.follow_feed import FollowFeed
from vision.calibration import calibrate
from vision.counter import CubeCounter
from vision.feed import VisionFeed
from vision.follow import TableFollower
from vision.geometry import load_board, load_tokens
from vision.reader import TableReader
from vision.table_render import calibration_frame, random_setup, render_frame


@pytest.fixture(scope="module")
def calibration():
    board, tokens = load_board("control-board"), load_tokens()
    setup = random_setup(board, 4240, tilt=(30.0, 30.0), light="neutral")
    picture = render_frame(board, setup, calibration_frame(board, 1), tokens)
    return calibrate([picture.image], [board], tokens)


class StillTable:
    name = "still table"

    def read(self) -> np.ndarray:
        return np.zeros((720, 1280, 3), np.uint8)

    def close(self) -> None:
        pass


def test_the_follower_counts_with_the_readers_counter(calibration) -> None:
    feed = FollowFeed(VisionFeed(TableReader(calibration), StillTable()))  # type: ignore[arg-type]
    assert feed.board is not None
    feed.start({side: {} for side in "012345"})
    assert feed.follower is not None
    assert feed.follower.counter is feed.reader.counters[feed.board.name]


def test_a_counter_of_another_board_is_refused(calibration) -> None:
    board = next(b for b in calibration.boards if b.kind == "control-board")
    other = CubeCounter(replace(board, name="another board"))
    with pytest.raises(ValueError, match="another board"):
        TableFollower(calibration=calibration, start={}, counter=other)


def test_one_counter_read_from_two_threads_gives_each_its_own_answer() -> None:
    counter = CubeCounter(load_board("control-board"))
    rng = np.random.default_rng(7)
    batches = [
        [rng.integers(0, 255, (84, 168, 3), dtype=np.uint8) for _ in range(6)] for _ in range(2)
    ]
    lifts = [(0.3, 0.5, 0.5)] * 6
    alone = [counter.logits(crops, lifts) for crops in batches]
    got: dict[int, list[np.ndarray]] = {0: [], 1: []}

    def read(i: int) -> None:
        for _ in range(15):
            got[i].append(counter.logits(batches[i], lifts))

    threads = [threading.Thread(target=read, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i in (0, 1):
        assert all(np.allclose(g, alone[i]) for g in got[i])
