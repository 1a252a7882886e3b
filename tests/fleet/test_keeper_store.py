"""The keeper's SQLite: a step stored once however often it comes, the mark only over no gap."""

from __future__ import annotations

from pathlib import Path

from fleet.hub.keeper import KeeperStore
from fleet.protocol import Step


def step(seq: int, box: str = "box-1", uid: str = "g1") -> Step:
    return Step(box=box, uid=uid, game="marauders", options="{}", seed=3, seq=seq,
                event={"kind": "answer", "values": {"n": seq}}, digest=f"d{seq}")  # fmt: skip


def test_resent_steps_are_stored_once_and_the_mark_waits_for_gaps(tmp_path: Path):
    store = KeeperStore(tmp_path / "k.sqlite3")
    assert store.put(step(0)) == ("box-1", 0)
    assert store.put(step(2)) is None  # step 1 is missing: the mark stays at 0
    assert store.marks("box-1") == {"g1": 0}
    assert store.put(step(0)) is None  # a resend changes nothing
    assert store.put(step(1)) == ("box-1", 2)  # the gap closes: the mark jumps over 2
    assert store.put(step(2)) is None
    assert store.count() == 3
    assert store.marks("box-1") == {"g1": 2}


def test_a_moved_game_takes_steps_only_from_its_new_box(tmp_path: Path):
    store = KeeperStore(tmp_path / "k.sqlite3")
    for seq in range(3):
        store.put(step(seq))
    assert store.move("g1", "box-2") == "box-1"
    assert store.put(step(3, box="box-1")) is None  # the old box's late step: refused
    assert store.put(step(3, box="box-2")) == ("box-2", 3)
    assert store.moved("box-1") == {"g1": "box-2"}
    assert store.marks("box-1") == {} and store.marks("box-2") == {"g1": 3}
    adoption = store.adoption("g1")
    assert adoption is not None
    assert [s["values"]["n"] for s in adoption.steps] == [0, 1, 2, 3]
    assert adoption.source == "box-1" and adoption.digest == "d3"
    assert store.move("nope", "box-2") is None


def test_the_store_survives_a_reopen(tmp_path: Path):
    store = KeeperStore(tmp_path / "k.sqlite3")
    store.put(step(0))
    store.close()
    again = KeeperStore(tmp_path / "k.sqlite3")
    assert again.marks("box-1") == {"g1": 0}
    assert again.put(step(0)) is None
