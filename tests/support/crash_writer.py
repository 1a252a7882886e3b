"""Subprocess for the crash test: confirms steps forever, printing each one after
it is journalled. The parent kills it with SIGKILL at a random moment."""

from __future__ import annotations

import sys
from pathlib import Path

from rules.journal import open_journal
from rules.session import Session
from tests.support.toy_game import ToyGame

if __name__ == "__main__":
    path = Path(sys.argv[1])
    journal, _ = open_journal(path)
    record = journal.latest_unfinished()
    game = ToyGame()
    if record is None:
        sid = journal.create_session("toy", {"length": 1000}, 99)
        events: list = []
    else:
        sid, events = record.id, journal.events(record.id)
    session = Session(game, {"length": 1000}, 99, events=events, sink=journal.sink(sid))
    print(f"start {session.step_count}", flush=True)
    n = 0
    while not session.prompt().finished:
        if n % 7 == 6 and session.can_undo:
            session.undo()
        else:
            session.answer({"add": n % 6})
        print(f"confirmed {len(session.events)}", flush=True)
        n += 1
    journal.set_finished(sid)
    print("done", flush=True)
