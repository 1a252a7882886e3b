"""A writer process for ``tableside bench journal``: plays until it is killed, or races another.

``python -m ui.benchmarks.journal_writer kill JOURNAL`` resumes (or starts) a
marauders game through :class:`ui.service.TableService`, as the app and
``tableside play`` do, and confirms steps forever (answers, and undo/redo
once the defaults run out), printing ``confirmed N`` after each one is
journalled. The bench kills it with SIGKILL at a random instant.

``python -m ui.benchmarks.journal_writer race JOURNAL GAME HOLDER SECONDS SEED``
plays game number GAME in bursts for SECONDS, as ``HOLDER`` (``app`` or
``play``): resume, a few steps, close, a short pause, again. After every
step it compares the game's events in the file with its own: a difference
means another process appended in between (``interleaved``). A refusal
prints ``refused <message>``.
"""

from __future__ import annotations

import inspect
import random
import sys
import time
from pathlib import Path

from rules.errors import RulesError
from rules.journal import JournalError
from rules.session import Session
from ui.service import TableService

GAME = "marauders"


def service(path: Path, holder: str) -> TableService:
    """A service as ``holder`` would open it (on code that knows holders)."""
    if "holder" in inspect.signature(TableService).parameters:
        return TableService(path, holder=holder)  # type: ignore[call-arg]
    return TableService(path)


def step(service: TableService, session: Session, rng: random.Random) -> None:
    """One confirmed step: the default answer, else undo somewhere, else redo."""
    if session.can_redo and rng.random() < 0.6:
        service.redo()
        return
    try:
        service.answer({})
    except RulesError:  # the defaults ran out (final scores): go back and play again
        service.undo(rng.randrange(max(1, session.step_count)))


def stored(service: TableService, session_id: int) -> int:
    row = service.journal._conn.execute(
        "SELECT COUNT(*) FROM events WHERE session_id=?", (session_id,)
    ).fetchone()
    return int(row[0])


def kill_target(path: Path) -> None:
    rng = random.Random()
    table = service(path, "play")
    record = table.resumable(GAME)
    session = table.resume(record.id) if record else table.start(GAME, {}, seed=7)
    print(f"start {len(session.events)}", flush=True)
    while True:
        step(table, session, rng)
        print(f"confirmed {len(session.events)}", flush=True)


def race(path: Path, session_id: int, holder: str, seconds: float, seed: int) -> None:
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    said: set[str] = set()
    while time.monotonic() < deadline:
        table: TableService | None = None
        try:
            table = service(path, holder)
            session = table.resume(session_id)
            for _ in range(rng.randrange(5, 40)):
                step(table, session, rng)
                mine = len(session.events)
                print("interleaved" if stored(table, session_id) != mine else "ok", flush=True)
        except JournalError as exc:
            text = str(exc)
            if text not in said:
                said.add(text)
                print(f"refused {text}", flush=True)
            else:
                print("refused", flush=True)
        except Exception as exc:  # counted and printed, not hidden
            print(f"error {type(exc).__name__}: {exc}", flush=True)
        finally:
            if table is not None:
                table.close()
        time.sleep(rng.uniform(0.0, 0.2))


def main(argv: list[str]) -> None:
    mode, path, *rest = argv
    if mode == "kill":
        kill_target(Path(path))
    else:
        number, holder, seconds, seed = rest
        race(Path(path), int(number), holder, float(seconds), int(seed))


if __name__ == "__main__":
    main(sys.argv[1:])
