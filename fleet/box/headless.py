"""A box without a screen: plays marauders through :class:`ui.service.TableService` with the
fleet client attached, exactly as the app does, and logs each confirmed step.

``tableside bench fleet`` runs 40 of these (forked from a preloaded server, so a
killed box is back in milliseconds). Each line of the log is written with one
``write`` so a SIGKILL never leaves half a line:

- ``c UID SEQ WALL HOOK_MS STEP_MS``: event SEQ of game UID is confirmed (journalled)
  at WALL; HOOK_MS is the time the fleet hook took inside the step, STEP_MS the whole step.
- ``a UID STEPS EQUAL SECONDS WALL``: a game was adopted (EQUAL: digest equal, 1/0/-).
- ``r MESSAGE``: a step refused (a moved game).
"""

from __future__ import annotations

import logging
import os
import random
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fleet.box.client import BoxClient
from fleet.box.glue import attach
from fleet.enrol import BoxConfig
from rules.errors import RulesError
from rules.journal import JournalError
from rules.session import Session
from ui.benchmarks.journal_writer import step as play_step
from ui.service import TableService

GAME = "marauders"


@dataclass(frozen=True, kw_only=True)
class Plan:
    """How a headless box plays."""

    box: str
    home: Path  # its journal and state live here
    config: BoxConfig
    seed: int
    pace: tuple[float, float] = (0.5, 1.5)  # seconds between steps (uniform)
    steps: int | None = None  # stop stepping after this many events in the game
    keepalive: int = 8
    #: Added niceness: in a café the boxes and the hub are separate machines; on one
    #: test machine the 40 boxes must not starve the hub's broker and keeper.
    nice: int = 0


def run(plan: Plan) -> None:
    """Play until SIGTERM (then close cleanly) or SIGKILL; the process's whole life."""
    stop = False

    def on_term(*_: Any) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_term)
    if plan.nice:
        os.nice(plan.nice)
    logging.getLogger("tableside").setLevel(logging.CRITICAL)  # the bench's faults are expected
    plan.home.mkdir(parents=True, exist_ok=True)
    fd = os.open(plan.home / "box.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def log(line: str) -> None:
        os.write(fd, (line + "\n").encode())

    table = TableService(plan.home / "journal.sqlite3", holder="play")
    client = BoxClient(plan.config, table.path, state_dir=plan.home, keepalive=plan.keepalive)
    attach(table, client)
    hook = table.on_step
    assert hook is not None
    cost = [0.0]

    def timed(session_id: int, session: Session) -> None:
        began = time.perf_counter()
        hook(session_id, session)
        cost[0] = time.perf_counter() - began

    table.on_step = timed
    client.start()
    rng = random.Random(plan.seed * 7919 + os.getpid())
    record = table.resumable(GAME)
    session = table.resume(record.id) if record else table.start(GAME, {}, seed=plan.seed)
    uid = table.journal.uid(table.session_id or 0)
    seen_adoptions = 0
    try:
        while not stop:
            if len(client.adopted) > seen_adoptions:
                adopted = client.adopted[seen_adoptions]
                seen_adoptions += 1
                equal = {True: "1", False: "0", None: "-"}[adopted.digest_equal]
                when = time.time()
                log(f"a {adopted.uid} {adopted.steps} {equal} {adopted.seconds:.3f} {when:.3f}")
                session = table.resume(adopted.session_id)
                uid = adopted.uid
            if plan.steps is not None and len(session.events) >= plan.steps:
                time.sleep(0.05)
                continue
            began = time.perf_counter()
            try:
                play_step(table, session, rng)
            except (JournalError, RulesError) as exc:
                log(f"r {exc}")
                time.sleep(1)
                continue
            took = time.perf_counter() - began
            seq = len(session.events) - 1
            log(f"c {uid} {seq} {time.time():.3f} {cost[0] * 1000:.3f} {took * 1000:.2f}")
            low, high = plan.pace
            if high > 0:
                time.sleep(rng.uniform(low, high))
    finally:
        client.close()
        table.close()
        os.close(fd)
