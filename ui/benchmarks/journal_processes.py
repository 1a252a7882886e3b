"""Real processes against one journal: SIGKILL during play, and two writers on one game.

Both run :mod:`ui.benchmarks.journal_writer` as subprocesses, the way the
app and ``tableside play`` write (through :class:`ui.service.TableService`).

- :func:`kills`: a writer is killed with SIGKILL at a random instant, again
  and again; every step it printed as confirmed must be in the journal.
- :func:`race`: two writers (``app`` and ``play``) play the same game for a
  while in bursts; one of them is now and then killed with SIGKILL and
  started again. Counted: steps each confirmed, steps written on top of
  another process's steps (``interleaved``), refusals and their message,
  and what a restart replays.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from rules.errors import RulesError
from rules.journal import JournalError, open_journal
from rules.registry import get_game
from rules.session import Session

WRITER = [sys.executable, "-m", "ui.benchmarks.journal_writer"]


@dataclass(kw_only=True)
class Kills:
    kills: int = 0
    confirmed: int = 0  # events the killed writers had reported as journalled, summed
    lost: int = 0  # of those, not in the journal after the kill
    tracebacks: int = 0


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "TABLESIDE_HOME": str(home), "PYTHONUNBUFFERED": "1"}


def kills(base: Path, count: int, seed: int = 1) -> Kills:
    """Kill a writer ``count`` times at random instants; count confirmed steps lost."""
    rng = random.Random(seed)
    home = base / "kills"
    home.mkdir(parents=True, exist_ok=True)
    path = home / "journal.sqlite3"
    result = Kills()
    for _ in range(count):
        proc = subprocess.Popen(
            [*WRITER, "kill", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(home),
            text=True,
        )
        assert proc.stdout is not None
        confirmed = -1
        begun = 0
        deadline = time.monotonic() + rng.uniform(0.05, 0.6)
        started = False
        while True:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("start"):
                started = True
                begun = int(line.split()[1])
                deadline = time.monotonic() + rng.uniform(0.0, 0.5)
            elif line.startswith("confirmed"):
                confirmed = int(line.split()[1])
            if started and time.monotonic() >= deadline:
                break
        os.kill(proc.pid, signal.SIGKILL)
        _out, err = proc.communicate()
        result.tracebacks += "Traceback" in err
        result.kills += 1
        if confirmed < 0:
            continue
        journal, _notice = open_journal(path)
        try:
            record = journal.latest_unfinished("marauders") or journal.sessions()[0]
            have = len(journal.events(record.id))
        finally:
            journal.close()
        result.confirmed += max(0, confirmed - begun)  # steps this writer confirmed
        result.lost += max(0, confirmed - have)
    return result


@dataclass(kw_only=True)
class Race:
    seconds: float = 0.0
    steps: dict[str, int] = field(default_factory=dict)  # holder -> steps confirmed
    interleaved: int = 0
    refusals: int = 0
    errors: int = 0
    kills: int = 0
    messages: dict[str, str] = field(default_factory=dict)  # holder -> first refusal
    error_texts: list[str] = field(default_factory=list)
    stored: int = 0  # events of the game in the journal at the end
    replayed: int = 0  # effective steps a restart replays
    replay_problem: str = ""


def race(base: Path, seconds: float, seed: int = 2) -> Race:
    """Two writers on one game for ``seconds``; one is killed now and then."""
    rng = random.Random(seed)
    home = base / "race"
    home.mkdir(parents=True, exist_ok=True)
    path = home / "journal.sqlite3"
    journal, _ = open_journal(path)
    game = get_game("marauders")
    options = game.coerce_options({})
    number = journal.create_session(game.name, options, 11)
    session = Session(game, options, 11, sink=journal.sink(number))
    for _ in range(5):
        session.answer({})
    journal.close()
    result = Race(seconds=seconds, steps={"app": 0, "play": 0})
    start = time.monotonic()
    procs: dict[str, subprocess.Popen[str]] = {}
    outputs: list[tuple[str, str]] = []

    def launch(holder: str, left: float) -> None:
        procs[holder] = subprocess.Popen(
            [*WRITER, "race", str(path), str(number), holder, f"{left:.1f}", str(rng.randrange(9))],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=_env(home),
            text=True,
        )

    for holder in ("app", "play"):
        launch(holder, seconds)
    next_kill = start + rng.uniform(5, 20)
    while True:
        left = seconds - (time.monotonic() - start)
        if all(p.poll() is not None for p in procs.values()):
            for holder, proc in procs.items():
                outputs.append((holder, proc.communicate()[0]))
            break
        if left > 3 and time.monotonic() >= next_kill:
            victim = rng.choice(list(procs))
            os.kill(procs[victim].pid, signal.SIGKILL)
            outputs.append((victim, procs[victim].communicate()[0]))
            result.kills += 1
            launch(victim, left)
            next_kill = time.monotonic() + rng.uniform(5, 20)
        time.sleep(0.1)
    for holder, text in outputs:
        for line in text.splitlines():
            if line in ("ok", "interleaved"):
                result.steps[holder] += 1
                result.interleaved += line == "interleaved"
            elif line.startswith("refused"):
                result.refusals += 1
                message = line.removeprefix("refused").strip()
                if message:
                    result.messages.setdefault(holder, message)
            elif line.startswith("error") or "Traceback" in line:
                result.errors += 1
                if len(result.error_texts) < 3:
                    result.error_texts.append(line[:200])
    journal, _ = open_journal(path)
    try:
        record = journal.session(number)
        events = journal.events(record.id)
        result.stored = len(events)
        try:
            replay = Session(game, record.options, record.seed, events=events)
            result.replayed = replay.step_count
            result.replay_problem = str(replay.replay_problem or "")
        except RulesError as exc:
            result.replay_problem = str(exc)
    except JournalError as exc:
        result.replay_problem = str(exc)
    finally:
        journal.close()
    return result
