"""`bench follow` and the priority marker: the scripted game's development points, the
marker's place on the rendered table, and a frame cache that never mixes render versions.

The scripted game of ``bench answers`` (5 rounds, 2 players) enters development points on
6 news panels, 3 of them without VP when the tribe's VP are entered in the news (issue 28's
ninth round counted them by hand); with them on the score track (the default) no news
panel asks VP.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from ui.benchmarks import follow
from vision.geometry import load_board


def test_the_scripted_game_moves_the_marker_by_its_development_points() -> None:
    steps = follow.script()
    dev = [s for s in steps if s.dev]
    assert len(dev) == 6
    assert not any(s.news_other for s in steps)  # the tribe's VP stay on the score track
    for step in steps[1:]:
        assert step.marker_after == (step.marker_before + (step.dev or 0)) % 6
    assert all(s.news_changed for s in dev)  # entering them is an answer without the camera
    # Each step starts where the last one left the marker.
    assert all(b.marker_before == a.marker_after for a, b in itertools.pairwise(steps))


def test_the_frame_cache_is_kept_per_render_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(follow, "CACHE", str(tmp_path))
    steps = follow.script()[:3]
    game = follow.Game(load_board("control-board"), 23_000_000, steps)
    assert game.marker == steps[0].marker_after  # where the set-up put it
    old = tmp_path / "23000000" / "frame-00001.png"  # a frame of the first render version
    old.parent.mkdir(parents=True)
    old.write_bytes(b"not read")
    image = game.cached("frame-00001", lambda: np.full((8, 8, 3), 7, np.uint8))
    assert int(image[0, 0, 0]) == 7
    assert (tmp_path / follow.RENDER_VERSION / "23000000" / "frame-00001.png").exists()


def test_the_longest_run_of_one_reason_adds_up_over_games_as_the_most() -> None:
    # Issue 28's twelfth round: a tray held as "hand" for 23 still moments in a row showed
    # only in such a count. Two games' tallies add up to the longest run of each reason.
    first, second = follow.Tally(), follow.Tally()
    for n in (1, 2, 3):
        first.run("hand", n)
    first.run("stack", 2)
    second.run("hand", 1)
    second.run(None, 4)
    total = follow.Tally()
    total.add(first.plain())
    total.add(second.plain())
    assert total.longest == {"hand": 3, "stack": 2, "not sure": 4}
