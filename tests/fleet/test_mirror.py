"""The box's mirror against a real broker and keeper: every step reaches the keeper once,
through outages of the broker and the keeper; calls, moves, adoption, pushes."""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fleet import staff
from fleet.box.client import MARK_WAIT, BoxClient
from fleet.box.glue import attach, start_box
from fleet.digest import state_digest
from fleet.enrol import BoxConfig
from fleet.hub.keeper import Keeper
from fleet.hub.loopback import LoopbackBroker
from rules.journal import JournalError
from ui.benchmarks.journal_writer import step as play_step
from ui.service import TableService

GAME = "marauders"


def wait_for(predicate: Callable[[], object], timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return bool(predicate())


class KeeperThread:
    def __init__(self, broker: LoopbackBroker, database: Path) -> None:
        self.keeper = Keeper(broker.account("keeper"), database)
        self.thread = threading.Thread(target=self.keeper.run, daemon=True)
        self.thread.start()
        assert self.keeper.connected.wait(10)

    def stop(self) -> None:
        self.keeper.stop()
        self.thread.join(10)


def kept(database: Path, uid: str) -> list[dict]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT seq, event FROM steps WHERE uid=? ORDER BY seq", (uid,))
        return [json.loads(e) for _s, e in rows.fetchall()]


def journal_events(table: TableService) -> list[dict]:
    assert table.session_id is not None
    return table.journal.events(table.session_id)


def box_config(broker: LoopbackBroker, box: str) -> BoxConfig:
    account = broker.account(box)
    return BoxConfig(
        hub=account.host, port=account.port, box=box, password=account.password, ca=account.ca
    )


class Box:
    """A box as the app runs it: a TableService with the fleet client attached."""

    def __init__(self, broker: LoopbackBroker, box: str, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.table = TableService(directory / "journal.sqlite3", holder="play")
        self.client = BoxClient(box_config(broker, box), self.table.path, state_dir=directory)
        attach(self.table, self.client)
        self.client.start()
        self.rng = random.Random(3)
        assert wait_for(lambda: self.client.online, 10)

    def play(self, steps: int) -> None:
        session = self.table.session or self.table.start(GAME, {}, seed=11)
        for _ in range(steps):
            play_step(self.table, session, self.rng)

    @property
    def uid(self) -> str:
        assert self.table.session_id is not None
        return self.table.journal.uid(self.table.session_id)

    def close(self) -> None:
        self.client.close()
        self.table.close()


@pytest.fixture
def hub(fresh_broker: LoopbackBroker, tmp_path: Path) -> Iterator[tuple[LoopbackBroker, Path]]:
    database = tmp_path / "keeper.sqlite3"
    keeper = KeeperThread(fresh_broker, database)
    yield fresh_broker, database
    keeper.stop()


def test_every_confirmed_step_reaches_the_keeper_once(hub, tmp_path: Path):
    broker, database = hub
    box = Box(broker, "box-1", tmp_path / "box-1")
    try:
        box.play(40)
        events = journal_events(box.table)
        assert len(events) == 40
        assert wait_for(lambda: kept(database, box.uid) == events)
        # The keeper's mark reaches the box: it has nothing left to send.
        assert wait_for(lambda: box.client._hw.get(box.uid) == 39)
        # Played as fast as the rules go, the newest step carries its state's digest (what
        # an adoption compares; earlier ones have theirs unless a note came over 1 s late).
        with sqlite3.connect(database) as db:
            digests = [d for (d,) in db.execute(
                "SELECT digest FROM steps WHERE uid=? ORDER BY seq", (box.uid,))]  # fmt: skip
        assert len(digests) == 40
        assert digests[-1] == state_digest(box.table.session.state)
    finally:
        box.close()


def test_steps_wait_for_their_digests_when_the_notes_lag(hub, tmp_path: Path):
    broker, database = hub
    box = Box(broker, "box-2", tmp_path / "box-2")

    def late(session_id, session):  # each note reaches the worker after later steps are in
        seq, state = len(session.events) - 1, session.state
        threading.Timer(0.3 + 0.02 * seq, box.client.step, (session_id, seq, state)).start()

    box.table.on_step = late
    time.sleep(MARK_WAIT + 0.5)  # past the wait for a mark: the mirror sends at once
    try:
        box.play(30)
        assert wait_for(lambda: len(kept(database, box.uid)) == 30)
        with sqlite3.connect(database) as db:
            digests = [d for (d,) in db.execute(
                "SELECT digest FROM steps WHERE uid=? ORDER BY seq", (box.uid,))]  # fmt: skip
        assert digests[-1] == state_digest(box.table.session.state)
        # Each step waits up to 1 s for its note: all have their digests unless the machine
        # is so loaded a timer fires over 1 s late (sending at once, only the first had one).
        assert sum(map(bool, digests)) >= 25
    finally:
        box.close()


def test_steps_played_while_the_broker_is_down_arrive_after(hub, tmp_path: Path):
    broker, database = hub
    box = Box(broker, "box-1", tmp_path / "box-1")
    try:
        box.play(10)
        assert wait_for(lambda: len(kept(database, box.uid)) == 10)
        broker.kill()
        slowest = 0.0
        for _ in range(25):
            began = time.perf_counter()
            box.play(1)
            slowest = max(slowest, time.perf_counter() - began)
        assert len(journal_events(box.table)) == 35  # not one step blocked or refused
        # A step never waits for the network: waiting would take paho's timeouts (8 s and
        # more); the margin below them is wide for a loaded machine (the p95 is bench fleet's).
        assert slowest < 5.0
        broker.start()
        assert wait_for(lambda: kept(database, box.uid) == journal_events(box.table), 30)
    finally:
        box.close()


def test_a_restarted_box_sends_its_newest_step_with_a_replayed_digest(hub, tmp_path: Path):
    broker, database = hub
    box = Box(broker, "box-1", tmp_path / "box-1")
    try:
        broker.kill()
        box.play(12)  # journalled, never sent
        box.client.close()
        state = box.table.session.state
        box.client = BoxClient(box_config(broker, "box-1"), box.table.path,
                               state_dir=tmp_path / "box-1")  # fmt: skip
        box.client.start()  # a new process: it has no notes of these steps
        broker.start()
        assert wait_for(lambda: len(kept(database, box.uid)) == 12, 30)
        with sqlite3.connect(database) as db:
            digests = [d for (d,) in db.execute(
                "SELECT digest FROM steps WHERE uid=? ORDER BY seq", (box.uid,))]  # fmt: skip
        assert digests[:-1] == [""] * 11
        assert digests[-1] == state_digest(state)
    finally:
        box.close()


def test_a_keeper_restart_loses_nothing(fresh_broker: LoopbackBroker, tmp_path: Path):
    database = tmp_path / "keeper.sqlite3"
    keeper = KeeperThread(fresh_broker, database)
    box = Box(fresh_broker, "box-2", tmp_path / "box-2")
    try:
        box.play(5)
        assert wait_for(lambda: len(kept(database, box.uid)) == 5)
        keeper.stop()
        box.play(20)
        keeper = KeeperThread(fresh_broker, database)
        assert wait_for(lambda: kept(database, box.uid) == journal_events(box.table), 30)
    finally:
        box.close()
        keeper.stop()


def test_a_call_is_answered(hub, tmp_path: Path):
    broker, _database = hub
    box = Box(broker, "box-1", tmp_path / "box-1")
    try:
        call_id = box.client.call_staff()
        assert wait_for(lambda: call_id in box.client.calls_received, 10)
    finally:
        box.close()


def test_a_moved_game_is_refused_on_the_old_box_and_continues_on_the_spare(hub, tmp_path: Path):
    broker, database = hub
    old = Box(broker, "box-1", tmp_path / "box-1")
    spare = Box(broker, "box-2", tmp_path / "box-2")
    try:
        old.play(30)
        uid = old.uid
        assert wait_for(lambda: len(kept(database, uid)) == 30)
        staff.adopt(broker.account("staff"), uid, "box-2")
        assert wait_for(lambda: old.client.moved_to(uid) == "box-2", 10)
        with pytest.raises(JournalError) as refused:
            old.play(1)
        assert str(refused.value) == (
            "Staff moved this game to the box box-2; it goes on there. Nothing was changed here."
        )
        assert len(journal_events(old.table)) == 30  # nothing written
        assert wait_for(lambda: spare.client.adopted, 10)
        adopted = spare.client.adopted[0]
        assert adopted.uid == uid and adopted.steps == 30 and adopted.written == 30
        assert adopted.expected and adopted.digest_equal is True
        # The spare goes on with the same game (same uid), mirrored under its own name.
        session = spare.table.resume(adopted.session_id)
        assert spare.table.journal.events(adopted.session_id) == journal_events(old.table)
        for _ in range(5):
            play_step(spare.table, session, spare.rng)
        assert wait_for(lambda: len(kept(database, uid)) == 35)
        with sqlite3.connect(database) as db:
            boxes = db.execute("SELECT box FROM steps WHERE uid=? ORDER BY seq", (uid,)).fetchall()
        assert [b for (b,) in boxes] == ["box-1"] * 30 + ["box-2"] * 5
    finally:
        old.close()
        spare.close()


def test_pushes_are_taken_at_the_next_game_start(hub, tmp_path: Path):
    broker, _database = hub
    box = Box(broker, "box-3", tmp_path / "box-3")
    try:
        settings: list[dict] = []
        attach(box.table, box.client, apply_settings=settings.append)
        staff.push(broker.account("staff"), "settings", 4, {"language": "de"})
        assert wait_for(lambda: "settings" in box.client._pending, 10)
        assert settings == []  # not in the middle of a game
        box.table.start(GAME, {}, seed=1)
        assert settings == [{"language": "de"}]
        assert box.client._status.pushed == {"settings": 4} or wait_for(
            lambda: box.client._status.pushed == {"settings": 4}, 5
        )
        # A restarted box still reports the version it holds and takes nothing again.
        box.client.close()
        again = BoxClient(box_config(broker, "box-3"), box.table.path, state_dir=tmp_path / "box-3")
        again.start()
        try:
            assert wait_for(lambda: again.online, 10)
            time.sleep(1)
            assert again.take_pushes() == {}
            assert again._status.pushed == {"settings": 4}
        finally:
            again.close()
    finally:
        box.table.close()


def test_pushed_components_are_the_box_s_own_set_from_the_next_game(hub, tmp_path: Path):
    from rules.registry import get_game

    broker, _database = hub
    box = Box(broker, "box-2", tmp_path / "box-2")
    try:
        example = get_game(GAME).example_components()
        assert box.table.components.status(GAME).own is None
        staff.push(broker.account("staff"), "components", 7, {"games": {GAME: example}})
        assert wait_for(lambda: "components" in box.client._pending, 10)
        session = box.table.start(GAME, {}, seed=3)
        own = box.table.components.status(GAME).own
        assert own is not None and own.data == example
        assert session.options["components"]["digest"] == box.table.current_digest(get_game(GAME))
        assert wait_for(lambda: box.client._status.pushed == {"components": 7}, 5)
    finally:
        box.close()


def test_without_an_enrol_file_the_box_plays_alone(tmp_path: Path):
    table = TableService(tmp_path / "journal.sqlite3")
    assert start_box(table, tmp_path / "config") is None
    assert table.on_step is None and table.write_refusal is None
    session = table.start(GAME, {}, seed=2)
    play_step(table, session, random.Random(1))
    assert len(table.journal.events(table.session_id)) == 1
    table.close()


def test_resends_back_off_while_the_keeper_makes_no_progress(broker, tmp_path: Path):
    from fleet.box.client import RESEND_AFTER, RESEND_AFTER_MAX

    client = BoxClient(
        box_config(broker, "box-1"), tmp_path / "journal.sqlite3", state_dir=tmp_path
    )
    client._sent["g"], client._hw["g"], client._since["g"] = 9, 4, 0.0
    resent_at = []
    now = 0.0
    while now < 120:
        before = client.resends
        client._check_marks(now)
        if client.resends > before:
            resent_at.append(now)
            assert client._sent["g"] == 4  # from the keeper's mark
            client._sent["g"] = 9  # sent again
        now += 0.5
    gaps = [b - a for a, b in itertools.pairwise(resent_at)]
    assert resent_at[0] == RESEND_AFTER + 0.5
    assert gaps[:3] == [6.5, 12.5, 24.5] and set(gaps[4:]) == {RESEND_AFTER_MAX + 0.5}
    client._marks({"g": 9})  # progress: patient again from the start
    assert "g" not in client._patience
