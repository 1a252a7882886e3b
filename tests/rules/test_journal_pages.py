"""Repair keeps every intact event, read off the pages when SQLite cannot reach them."""

from __future__ import annotations

import json
from pathlib import Path

from rules.journal import Journal, open_journal
from rules.journal.pages import decode_record, records
from ui.benchmarks.journal_damage import break_interior_page


def play(path: Path, steps: int = 118) -> dict[int, list[dict[str, object]]]:
    """Two interleaved games of ``steps`` events each; the first ends finished."""
    confirmed: dict[int, list[dict[str, object]]] = {}
    with Journal(path) as journal:
        ids = [journal.create_session("toy", {"length": 1000}, 5) for _ in range(2)]
        for n in range(2 * steps):
            sid = ids[n % 2]
            event = {"kind": "answer", "values": {"add": n % 6, "note": f"step-{n:04}"}}
            journal.append(sid, event, finished=sid == ids[0] and n == 2 * steps - 2)
            confirmed.setdefault(sid, []).append(event)
    return confirmed


def test_a_broken_interior_page_loses_no_intact_event(tmp_path: Path):
    path = tmp_path / "journal.sqlite3"
    confirmed = play(path)
    damaged = break_interior_page(path.read_bytes())
    assert damaged != path.read_bytes()
    path.write_bytes(damaged)
    newest = json.dumps(confirmed[2][-1], sort_keys=True).encode()
    assert newest in damaged  # the newest event is there, byte for byte

    journal, notice = open_journal(path)
    try:
        assert notice is not None and "could not be used as it was" in notice.english()
        assert "lost" not in notice.english()
        assert "236 intact steps of 2 games" in notice.english()
        for sid, events in confirmed.items():
            assert journal.events(sid) == events
        assert journal.session(1).finished
        assert not journal.session(2).finished
    finally:
        journal.close()
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("journal.sqlite3.damaged-")]
    assert [p.read_bytes() for p in copies] == [damaged]


def test_a_destroyed_leaf_page_names_the_game_and_counts_its_lost_steps(tmp_path: Path):
    path = tmp_path / "journal.sqlite3"
    confirmed = play(path)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    at = bytes(data).index(b'"note": "step-0231"')  # game 2, event 116 of 118
    number = at // page
    data[number * page : (number + 1) * page] = bytes(page)
    path.write_bytes(bytes(data))
    journal, notice = open_journal(path)
    try:
        assert notice is not None
        text = notice.english()
        for sid, events in confirmed.items():
            got = journal.events(sid)
            assert got == events[: len(got)]
            lost = len(events) - len(got)
            if lost:
                assert (
                    f"Game {sid} lost {lost} step{'s' if lost != 1 else ''} and resumes after "
                    f"step {len(got)}: "
                    f"event {len(got) + 1} is damaged (it is missing)."
                ) in text
        assert len(journal.events(2)) < len(confirmed[2])  # the page held game 2's steps
    finally:
        journal.close()


def test_records_decode_sqlite_values_exactly():
    # A record: header size 5, serial types 1 (int8), 7 (real), 23 (text of 5), 0 (NULL).
    payload = bytes([5, 1, 7, 23, 0]) + b"\x2a" + bytes.fromhex("3ff8000000000000") + b"hello"
    assert decode_record(payload) == (42, 1.5, b"hello", None)
    assert list(records(b"not a database")) == []
