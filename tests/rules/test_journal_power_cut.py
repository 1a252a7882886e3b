"""The pulled plug: every write not yet synced is lost (or torn), and no confirmed step is.

Each round plays toy-game steps (answers and undos) through the journal on a
:class:`~tests.support.power_cut.PowerCutVFS` until the power goes at a
random write or sync; then the journal is opened again with Python's own
SQLite, as the box would after the power comes back. Every step the session
counted (its ``append`` returned) must be there, in order, and replay; at
most the one step in flight when the power went may be there too.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules.journal.store as store
from rules.journal import JournalError, open_journal
from rules.session import Session
from tests.support.power_cut import PowerCutVFS, connect_through
from tests.support.toy_game import ToyGame

pytest.importorskip("apsw")

OPTIONS = {"length": 120}  # about 150 events a game: a new game every few cuts
ROUNDS = 30


def play_until_the_power_goes(path: Path, rng: random.Random) -> dict[int, list[dict]]:
    """Play (a finished game is followed by a new one) until the power goes.

    Returns each game's steps the players saw confirmed, from step 0.
    """
    confirmed: dict[int, list[dict]] = {}
    journal = None
    try:
        journal, _ = open_journal(path)
        while True:
            record = journal.latest_unfinished()
            if record is None:
                sid = journal.create_session("toy", OPTIONS, 99)
                events: list[dict] = []
            else:
                sid, events = record.id, journal.events(record.id)
            session = Session(ToyGame(), OPTIONS, 99, events=events, sink=journal.sink(sid))
            confirmed[sid] = list(session.events)
            while not session.prompt().finished:
                if rng.random() < 0.15 and session.can_undo:
                    session.undo()
                else:
                    session.answer({"add": rng.randrange(6)})
                confirmed[sid] = list(session.events)  # the screen moves on only now
    except JournalError:
        pass  # the power went: the app would show the storage error, then go dark
    finally:
        if journal is not None:
            journal.close()
    return confirmed


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory where there is one: the model decides durability, not the disk."""
    if not Path("/dev/shm").is_dir():
        yield tmp_path
        return
    where = Path(tempfile.mkdtemp(prefix="tableside-power-cut-", dir="/dev/shm"))
    yield where
    shutil.rmtree(where, ignore_errors=True)


def test_a_pulled_plug_loses_no_confirmed_step(folder: Path, monkeypatch: pytest.MonkeyPatch):
    path = folder / "journal.sqlite3"
    rng = random.Random(20260509)
    cuts = notices = 0
    for round_no in range(ROUNDS):
        vfs = PowerCutVFS(f"powercut-{round_no}", rng, cut_after=rng.randrange(3, 1500))
        monkeypatch.setattr(store, "connect", connect_through(vfs))
        try:
            confirmed = play_until_the_power_goes(path, rng)
        finally:
            monkeypatch.undo()
            vfs.unregister()
        cuts += vfs.dead
        # The power is back: the real SQLite opens what is on disk.
        journal, notice = open_journal(path)
        try:
            for sid, steps in confirmed.items():
                events = journal.events(sid)
                assert events[: len(steps)] == steps, f"round {round_no}: a step was lost"
                assert len(events) <= len(steps) + 1, f"round {round_no}: steps appeared"
                Session(ToyGame(), OPTIONS, 99, events=events)  # replays
            notices += notice is not None
        finally:
            journal.close()
    journal, _ = open_journal(path)
    games = journal.sessions()
    journal.close()
    steps = sum(g.event_count for g in games)
    assert cuts == ROUNDS, "the power must have gone in every round"
    assert steps > 1000 and sum(g.finished for g in games) >= 3, "too little play to test"
    print(f"{ROUNDS} power cuts, {steps} steps in {len(games)} games, {notices} notices")
