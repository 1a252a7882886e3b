"""FollowFeed on a resume, with real frames and the real follower (no Kivy): the trays are
read from scratch once, the bot step's expected change survives a tray read surely, and the
players' confirmation takes over (issue 28 item 1; the app-level test is
tests/ui/test_gui_follow_resume.py).

The rendered table (:class:`tests.ui.test_gui_follow.RenderedTable`, set-up 4240, tilt 30
degrees) holds 2 red markers in tray 2 and 3 yellow in tray 3, scattered; sides as the
board file gives them.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.test_gui_follow import RenderedTable


@pytest.fixture(scope="module")
def table() -> RenderedTable:
    table = RenderedTable()
    table.cubes.add(2, "red", 2, touch=0.0, stack=0.0)
    table.cubes.add(3, "yellow", 3, touch=0.0, stack=0.0)
    table.last = table.render()
    return table


def following(table: RenderedTable, start: dict[str, dict[str, int]], **kw: Any) -> Any:
    from ui.app.follow_feed import FollowFeed
    from vision.feed import VisionFeed
    from vision.reader import TableReader

    feed = FollowFeed(VisionFeed(TableReader(table.calibration), table), **kw)  # type: ignore[arg-type]
    feed.start(start, sure=False)
    return feed


def still(feed: Any, frame: Any, n: int = 3) -> None:
    for i in range(n):
        feed.step(frame, float(i))


def test_the_expected_change_survives_a_tray_read_surely(table: RenderedTable) -> None:
    feed = following(table, {"2": {"red": 2}, "3": {"yellow": 3}})
    feed.expect({"2": {"red": -1}})  # the bot's step: take one red marker
    assert feed.snapshot()["2"].why == "start-unconfirmed"
    still(feed, table.last)
    assert feed.resume_outcome == {s: "sure" for s in "012345"}
    assert all(t.sure for t in feed.snapshot().values())
    # The players take one red marker: the follower counts it as the step expected.
    hand = table.render(hand=2)
    table.cubes.remove(2, "red", 1)
    feed.step(hand, 10.0)
    still(feed, table.render())
    tray = feed.snapshot()["2"]
    assert tray.sure and tray.counts["red"] == 1
    assert feed.follower.evidence["2"]["expected"] == {"red": -1}
    table.cubes.add(2, "red", 1, touch=0.0, stack=0.0)  # as the fixture had it
    table.last = table.render()


def test_a_tray_confirmed_before_the_first_still_moment_is_not_read_again(
    table: RenderedTable,
) -> None:
    feed = following(table, {"2": {"red": 2}, "3": {"yellow": 3}})
    feed.confirm({"3": {"yellow": 4}})  # the players said 4 before the camera saw a still
    still(feed, table.last)
    assert "3" not in feed.resume_outcome and feed.resume_outcome["2"] == "sure"
    # The players' word, checked by the follower's own start check only: its counter
    # disagrees with 4, so the tray asks.
    tray = feed.snapshot()["3"]
    assert (tray.counts["yellow"], tray.sure, tray.why) == (4, False, "counter-disagrees")


def test_a_tray_that_differs_from_the_journal_shows_the_camera_and_asks(
    table: RenderedTable,
) -> None:
    feed = following(table, {"2": {"red": 1}, "3": {"yellow": 3}})
    still(feed, table.last)
    assert feed.resume_outcome["2"] == "resume-differs"
    tray = feed.snapshot()["2"]
    assert (tray.sure, tray.why, tray.counts["red"]) == (False, "resume-differs", 2)
    assert feed.snapshot()["3"].sure
    reading = feed.reading()
    assert [t.side for t in reading.trays if not t.sure] == [2]
    feed.confirm({"2": {"red": 2}})
    assert feed.snapshot()["2"].sure and feed.snapshot()["2"].counts["red"] == 2


def test_the_resume_counter_decides_what_is_sure(table: RenderedTable) -> None:
    """The same table read by a counter that is never sure (the shipped counter's
    threshold raised past 1): every tray asks, with the journal's counts."""
    from dataclasses import replace

    from vision.counter import CounterModel

    never = replace(CounterModel.shipped(), threshold=1.01)
    feed = following(table, {"2": {"red": 2}, "3": {"yellow": 3}}, resume_model=never)
    still(feed, table.last)
    assert set(feed.resume_outcome.values()) == {"resume-unsure"}
    assert {s: t.why for s, t in feed.snapshot().items()} == {s: "resume-unsure" for s in "012345"}
    assert feed.snapshot()["3"].counts["yellow"] == 3
