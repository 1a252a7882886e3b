"""Subprocess for the one-writer tests: plays a game as ``ROLE`` and obeys stdin.

``python -m tests.support.holding_writer JOURNAL ROLE GAME`` resumes game
number GAME through :class:`ui.service.TableService`, prints ``holding``,
then reads commands: ``step`` (one default answer), ``undo``, ``switch N``
(resume game N instead); each answered with ``ok`` or ``refused <text>``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rules.journal import JournalError
from ui.service import TableService

if __name__ == "__main__":
    path, role, number = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    service = TableService(path, holder=role)
    service.resume(number)
    print("holding", flush=True)
    for line in sys.stdin:
        word, _, arg = line.strip().partition(" ")
        try:
            if word == "step":
                service.answer({})
            elif word == "undo":
                service.undo()
            elif word == "switch":
                service.resume(int(arg))
            print("ok", flush=True)
        except JournalError as exc:
            print(f"refused {exc}", flush=True)
    service.close()
