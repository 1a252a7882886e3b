"""The board's tiles from bare broker messages (no broker, no browser)."""

from __future__ import annotations

import json

import pytest

from fleet.board.state import Fleet
from fleet.protocol import ProtocolError, Status, box_topic, encode, keeper_topic


def status(box: str = "table-2", **changes: object) -> bytes:
    fields: dict[str, object] = {
        "box": box,
        "game": "targi",
        "uid": "u1",
        "where": "Round 2 · Phase 1",
        "asked": "Which tile?",
        "waiting_since": 1000.0,
        "sent": 1000.0,
    }
    fields.update(changes)
    return encode(Status(**fields))  # type: ignore[arg-type]


def will(box: str = "table-2") -> bytes:
    return json.dumps({"box": box, "online": False}).encode()


def fleet_at(now: float = 1000.0) -> Fleet:
    """A board whose clock says ``now`` (the statuses here are sent at 1000: no skew)."""
    return Fleet(clock=lambda: now)


def test_a_status_makes_a_tile_with_what_the_table_is_asked():
    fleet = fleet_at()
    (tile,) = fleet.receive(box_topic("table-2", "status"), status())
    assert tile["box"] == "table-2"
    assert tile["online"] is True
    assert (tile["game"], tile["where"], tile["asked"]) == (
        "targi",
        "Round 2 · Phase 1",
        "Which tile?",
    )
    assert tile["waiting_since"] == 1000.0
    assert tile["call_since"] is None
    assert fleet.tiles() == [tile]


def test_the_topic_names_the_box_not_the_payload():
    fleet = fleet_at()
    (tile,) = fleet.receive(box_topic("table-2", "status"), status(box="table-9"))
    assert tile["box"] == "table-2"


def test_tiles_come_in_natural_order():
    fleet = fleet_at()
    for n in (10, 2, 1):
        fleet.receive(box_topic(f"table-{n}", "status"), status(f"table-{n}"))
    assert [t["box"] for t in fleet.tiles()] == ["table-1", "table-2", "table-10"]


def test_the_will_keeps_the_game_and_starts_the_offline_age():
    fleet = fleet_at(now=7000.0)
    fleet.receive(box_topic("table-2", "status"), status())
    (tile,) = fleet.receive(box_topic("table-2", "status"), will())
    assert tile["online"] is False
    assert tile["game"] == "targi"
    assert tile["offline_since"] == 7000.0


def test_an_offline_box_found_retained_has_no_offline_age():
    fleet = fleet_at()
    (tile,) = fleet.receive(box_topic("table-3", "status"), will("table-3"), retained=True)
    assert tile["online"] is False
    assert tile["offline_since"] is None
    assert tile["game"] is None


def test_coming_back_clears_offline():
    fleet = fleet_at()
    fleet.receive(box_topic("table-2", "status"), will())
    (tile,) = fleet.receive(box_topic("table-2", "status"), status())
    assert tile["online"] is True
    assert tile["offline_since"] is None


def test_alerts_for_camera_and_storage():
    fleet = fleet_at()
    (tile,) = fleet.receive(
        box_topic("table-2", "status"), status(camera="missing", storage="read-only")
    )
    assert tile["camera_alert"] is True
    assert tile["storage_alert"] is True
    (tile,) = fleet.receive(box_topic("table-2", "status"), status(camera="off", storage="ok"))
    assert tile["camera_alert"] is False
    assert tile["storage_alert"] is False


def test_a_call_is_open_until_a_later_status_has_no_call():
    fleet = Fleet(clock=lambda: 1000.0)  # the box's clock: the same (1000 s when it sent)
    fleet.receive(box_topic("table-2", "status"), status(sent=1000.0))
    call = json.dumps({"box": "table-2", "id": "c1", "at": 1100.0}).encode()
    (tile,) = fleet.receive(box_topic("table-2", "call"), call)
    assert tile["call_since"] == 1100.0
    assert tile["call_received"] is False
    (tile,) = fleet.receive(keeper_topic("table-2", "call-received"), b'{"id": "c1"}')
    assert tile["call_received"] is True
    # A status the box sent before the call (still in flight) does not close it...
    (tile,) = fleet.receive(box_topic("table-2", "status"), status(sent=1050.0), retained=True)
    assert tile["call_since"] == 1100.0
    # ...one sent after it without a call does.
    (tile,) = fleet.receive(box_topic("table-2", "status"), status(sent=1200.0), retained=True)
    assert tile["call_since"] is None
    assert tile["call_received"] is False


def test_the_box_times_are_told_on_the_hubs_clock():
    """A box that booted without network time is an hour behind: its question, asked
    30 s before it sent, is 30 s old on the board, not an hour and 30 s."""
    fleet = Fleet(clock=lambda: 10_000.0)
    payload = status(sent=10_000.0 - 3600, waiting_since=10_000.0 - 3600 - 30, call_since=None)
    (tile,) = fleet.receive(box_topic("table-2", "status"), payload)
    assert tile["waiting_since"] == 10_000.0 - 30
    call = json.dumps({"box": "table-2", "id": "c1", "at": 10_000.0 - 3600 - 5}).encode()
    (tile,) = fleet.receive(box_topic("table-2", "call"), call)
    assert tile["call_since"] == 10_000.0 - 5
    # A retained status (the board just started) says nothing of the box's clock.
    other = status("table-3", sent=9_000.0, waiting_since=8_990.0)
    (tile,) = fleet.receive(box_topic("table-3", "status"), other, retained=True)
    assert tile["waiting_since"] == 8_990.0


def test_when_the_board_last_heard_from_a_box():
    fleet = Fleet(clock=lambda: 10_000.0)
    (tile,) = fleet.receive(box_topic("table-2", "status"), status(sent=6_400.0))
    assert tile["heard"] == 10_000.0  # live: now, whatever the box's clock says
    old = status("table-3", sent=9_000.0)
    (tile,) = fleet.receive(box_topic("table-3", "status"), old, retained=True)
    assert tile["heard"] == 9_000.0  # kept by the broker: when the box sent it


def test_the_status_call_since_alone_shows_a_call():
    fleet = fleet_at()
    (tile,) = fleet.receive(box_topic("table-2", "status"), status(call_since=900.0))
    assert tile["call_since"] == 900.0


def test_an_answer_to_an_unknown_call_changes_nothing():
    fleet = fleet_at()
    assert fleet.receive(keeper_topic("table-2", "call-received"), b'{"id": "nope"}') == []


def test_an_emptied_retained_status_removes_the_tile():
    fleet = fleet_at()
    fleet.receive(box_topic("table-2", "status"), status())
    assert fleet.receive(box_topic("table-2", "status"), b"") == [
        {"box": "table-2", "removed": True}
    ]
    assert fleet.tiles() == []


@pytest.mark.parametrize(
    ("topic", "payload"),
    [
        (box_topic("table-2", "status"), b"not json"),
        (box_topic("table-2", "status"), b"[1, 2]"),
        (box_topic("table-2", "status"), b'{"waiting_since": "soon"}'),
        (box_topic("table-2", "call"), b'{"id": "c1"}'),
        ("tableside/box/Bad Name/status", b"{}"),
    ],
)
def test_payloads_that_break_the_contract_are_refused_and_lose_nothing(topic, payload):
    fleet = fleet_at()
    fleet.receive(box_topic("table-2", "status"), status())
    before = fleet.tiles()
    with pytest.raises(ProtocolError):
        fleet.receive(topic, payload)
    assert fleet.tiles() == before


def test_other_topics_are_not_the_boards():
    fleet = fleet_at()
    assert fleet.receive(box_topic("table-2", "step"), b"{}") == []
    assert fleet.receive("tableside/staff/push/settings", b"{}") == []
    assert fleet.tiles() == []
