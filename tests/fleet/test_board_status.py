"""The status a box publishes for the staff board, built from a real session and journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fleet.protocol import ProtocolError, Status, decode, encode
from fleet.status import LOW_SPACE, StatusMaker, camera_health
from ui.app.camera import NoCamera, UncalibratedCamera
from ui.service import TableService

PLENTY = 10 * LOW_SPACE


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def service(tmp_path: Path):
    table = TableService(tmp_path / "j.sqlite3")
    yield table
    table.close()


def maker(clock: Clock, free: int = PLENTY) -> StatusMaker:
    return StatusMaker("table-4", clock=clock, free_bytes=lambda folder: free)


def test_between_games_the_status_names_only_the_box(service):
    clock = Clock()
    status = maker(clock).build(service, lang="en")
    expected = Status(box="table-4", camera="off", version=status.version, sent=1000.0)
    assert status == expected


def test_the_status_says_the_game_round_phase_and_question_in_the_box_language(service):
    clock = Clock()
    service.start("marauders", {}, seed=3)
    service.answer(None)  # the set-up checklist
    status = maker(clock).build(service, lang="de")
    assert status.game == "marauders"
    assert status.uid == service.journal.uid(service.session_id)
    assert status.where == "Runde 1 von 5 · Frühling"
    assert status.asked == "Frühlingsbeginn: neues Plünderer-Plättchen und Einkommen"
    assert status.waiting_since == 1000.0
    english = maker(clock).build(service, lang="en")
    assert english.where == "Round 1 of 5 · Spring"


def test_waiting_since_is_the_time_the_question_was_first_asked(service):
    clock = Clock()
    service.start("marauders", {}, seed=3)
    statuses = maker(clock)
    assert statuses.build(service, lang="en").waiting_since == 1000.0
    clock.now = 1090.0
    assert statuses.build(service, lang="en").waiting_since == 1000.0  # still the same question
    service.answer(None)
    clock.now = 1100.0
    assert statuses.build(service, lang="en").waiting_since == 1100.0  # the next step
    service.undo()
    clock.now = 1150.0
    assert statuses.build(service, lang="en").waiting_since == 1150.0  # asked again after undo


def test_camera_words():
    from types import SimpleNamespace

    assert camera_health(None) == "off"
    assert camera_health(NoCamera()) == "off"
    assert camera_health(UncalibratedCamera(source=None)) == "unsure"

    class Feed:  # as vision.feed.VisionFeed: available unless its last reading found none
        def __init__(self, status: str | None) -> None:
            self.last = None if status is None else SimpleNamespace(status=status)

        @property
        def available(self) -> bool:
            return self.last is None or self.last.status != "no-camera"

    assert camera_health(Feed(None)) == "ok"
    assert camera_health(Feed("ok")) == "ok"
    assert camera_health(Feed("mismatch")) == "unsure"
    assert camera_health(Feed("error")) == "unsure"
    assert camera_health(Feed("moving")) == "ok"
    assert camera_health(Feed("no-board")) == "unsure"
    assert camera_health(Feed("no-camera")) == "missing"
    assert camera_health(Feed("no-frames")) == "missing"


def test_the_app_can_say_its_camera_went_missing(service):
    status = maker(Clock()).build(service, lang="en", camera_word="missing")
    assert status.camera == "missing"


def test_little_free_space_is_low(service):
    assert maker(Clock(), free=LOW_SPACE - 1).build(service, lang="en").storage == "low"
    assert maker(Clock(), free=LOW_SPACE).build(service, lang="en").storage == "ok"


def test_a_storage_problem_is_reported_in_the_status_words(service):
    from rules.journal.errors import FULL, JournalUnavailable
    from rules.text import Msg

    service.journal.problem = JournalUnavailable(Msg("full"), FULL)
    assert maker(Clock()).build(service, lang="en").storage == "full"


def test_the_status_travels_as_the_contract_says(service):
    clock = Clock()
    service.start("marauders", {}, seed=3)
    status = maker(clock).build(service, lang="pt", call_since=990.0, pushed={"settings": 3})
    body = decode(encode(status))
    assert Status(**body) == status
    assert body["call_since"] == 990.0
    assert body["pushed"] == {"settings": 3}
    assert json.loads(encode(status))["box"] == "table-4"


def test_a_box_name_outside_the_contract_is_refused():
    with pytest.raises(ProtocolError):
        StatusMaker("Table 4")


class Client:
    """Stands in for the fleet's box client: records what it is handed."""

    def __init__(self) -> None:
        self.updates: list[dict] = []

    def update_status(self, **fields: object) -> None:
        self.updates.append(fields)


def test_the_feed_sends_changes_and_a_heartbeat(service):
    from types import SimpleNamespace

    from fleet.status import HEARTBEAT, StatusFeed
    from ui.app.call_staff import StaffCall

    tick = Clock()
    client = Client()
    feed = StatusFeed(client, maker(Clock()), clock=tick)
    app = SimpleNamespace(service=service, lang="en", camera=None, staff=StaffCall())
    assert feed.send(app) is True
    assert client.updates[-1]["game"] is None
    tick.now += 1
    assert feed.send(app) is False  # nothing changed
    service.start("marauders", {}, seed=3)
    assert feed.send(app) is True
    assert client.updates[-1]["game"] == "marauders"
    assert set(client.updates[-1]) == {
        "game", "uid", "where", "asked", "waiting_since", "call_since", "camera", "storage",
    }  # fmt: skip
    tick.now += HEARTBEAT - 1
    assert feed.send(app) is False
    tick.now += 1
    assert feed.send(app) is True  # the same status again: the board hears the box lives
    assert client.updates[-1] == client.updates[-2]
