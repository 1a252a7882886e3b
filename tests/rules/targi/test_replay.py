"""A whole round (and the game end) replayed from the SQLite journal gives the same state."""

from __future__ import annotations

from pathlib import Path

from ui.service import TableService


def test_round_replayed_from_journal(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    service = TableService(journal, recover=False)
    service.start("targi", {"selection": "random"}, seed=42)
    session = service.session
    assert session is not None
    chosen = session.state["chosen"]
    service.answer({})  # reveal
    service.answer({"robber": "c1"})
    service.answer({"targi": ["b1", "a3", "e2"]})
    service.answer({"targi": ["d1", "e4", "a4"]})
    while session.prompt().step == "targi-tile":
        service.answer({"card": ["c5"] if session.state["queue"][0] == "blue" else ["b5"]})
    while session.prompt().step == "tribe-tile":
        player = session.state["queue"][0]
        service.answer({"card": ["c3"] if player == "blue" else ["c4"]})
    service.answer({"event": "card:white"})
    service.answer({"event": "end-round"})
    service.undo()
    service.redo()
    before = session.state
    session_id = service.session_id
    service.close()

    again = TableService(journal, recover=False)
    assert session_id is not None
    resumed = again.resume(session_id)
    assert resumed.state == before
    assert resumed.state["chosen"] == chosen
    assert resumed.state["round"] == 2
    assert resumed.state["table"]["tribe_cards"]["white"] == 1
    assert resumed.prompt().step == "robber"
    again.close()
