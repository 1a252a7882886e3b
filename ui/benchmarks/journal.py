"""The journal's reliability matrix, every figure of issue 24 printed by one command.

``tableside bench journal`` (``--quick`` for a short run; sizes with
``--set NAME=NUMBER``) runs, in this order:

- **SIGKILL during play** (``kills``, default 1,000; 30 with --quick): a real
  writer process is killed at random instants; confirmed steps lost.
- **Damaged journals** (``files``, default 200; 40 with --quick): ten
  journals (three interleaved games each) broken by random cases of
  :mod:`ui.benchmarks.journal_damage` and opened with recovery: tracebacks,
  silent losses, steps recovered; then every storage case (full disk at
  start and during play on a real tmpfs, read-only, chmod 000) and the
  messages they gave (``full_starts`` starts on a full card, default 10).
- **A damaged page** whose rows are intact: the events table's interior
  page broken, its leaves untouched (``pages``, default 20): intact events
  dropped, finished games that became unfinished, games not named.
- **Hostile component files** (:mod:`ui.benchmarks.journal_hostile`; off
  with ``--set hostile=0``): each through the real commands.
- **Two writers on one game** (``race_seconds``, default 600; 20 with
  --quick): :mod:`ui.benchmarks.journal_processes`.
"""

from __future__ import annotations

import logging
import random
import shutil
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from ui.benchmarks import journal_damage as jd
from ui.benchmarks import journal_hostile, journal_processes
from ui.commands.bench import Figure

NAME = "journal"
DESCRIPTION = "journal reliability: kills, damaged files, full card, hostile files, two writers"

JOURNALS = 10


def run(quick: bool, params: dict[str, float] | None = None) -> list[Figure]:
    params = params or {}

    def size(name: str, full: float, short: float) -> float:
        return params.get(name, short if quick else full)

    logging.getLogger("tableside").setLevel(logging.CRITICAL)  # thousands of expected warnings
    base = Path(tempfile.mkdtemp(prefix="tableside-bench-journal-", dir="/tmp"))
    base.chmod(0o755)
    figures: list[Figure] = []
    try:
        kills = int(size("kills", 1000, 30))
        if kills:
            figures += _kills(journal_processes.kills(base, kills))
        files = int(size("files", 200, 40))
        figures += _damage(base, files, int(size("full_starts", 10, 10)))
        pages = int(size("pages", 20, 5))
        if pages:
            figures += _pages(base, pages)
        if size("hostile", 1, 1):
            figures += _hostile(journal_hostile.run_all(base))
        seconds = size("race_seconds", 600, 20)
        if seconds:
            figures += _race(journal_processes.race(base, seconds))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return figures


def _fig(name: str, value: float, unit: str = "", target: str = "", note: str = "") -> Figure:
    met = (value == 0) if target == "0" else None
    return Figure(name, value, unit, target, met, note)


# -- SIGKILL -------------------------------------------------------------------------------


def _kills(result: journal_processes.Kills) -> list[Figure]:
    return [
        _fig("kill: SIGKILLs during play", result.kills, "kills"),
        _fig("kill: steps confirmed before the kills", result.confirmed, "steps"),
        _fig("kill: confirmed steps lost", result.lost, "steps", "0"),
        _fig("kill: tracebacks", result.tracebacks, "", "0"),
    ]


# -- damaged files and storage -------------------------------------------------------------


def _damage(base: Path, files: int, full_starts: int) -> list[Figure]:
    rng = random.Random(2026)
    built = [jd.build(base / f"journal-{n}", seed=n) for n in range(JOURNALS)]
    outcomes: list[jd.Outcome] = []
    seconds: list[float] = []
    for n in range(files):
        case = rng.choice(jd.FILE_CASES)
        outcomes.append(_run(case, built[n % JOURNALS], base, n, seconds))
    storage: list[jd.Outcome] = []
    for n, case in enumerate(jd.STORAGE_CASES):
        if jd.storage_available(case) is None:
            times = full_starts // 2 if case.storage == "full" else 2
            for k in range(times):
                storage.append(_run(case, built[k % JOURNALS], base, 10_000 + n * 100 + k, seconds))
    every = outcomes + storage
    present = sum(o.present for o in every)
    recovered = sum(o.recovered for o in every)
    lost = [o for o in every if o.recovered < o.present]
    figures = [
        _fig("damage: damaged files", len(outcomes), "files"),
        _fig("damage: kinds of damage", len({o.case for o in outcomes}), "kinds"),
        _fig("damage: tracebacks", sum(o.traceback is not None for o in every), "", "0"),
        _fig("damage: steps present before the damage", present, "steps"),
        _fig("damage: steps recovered (viewable at once)", recovered, "steps"),
        _fig("damage: steps recovered", 100 * recovered / max(1, present), "%"),
        _fig("damage: cases that lost a step", len(lost), "cases"),
        _fig("damage: ... of them with a clear message", sum(o.told for o in lost), "cases"),
        _fig("damage: silent losses", sum(o.silent_loss for o in every), "cases", "0"),
        _fig("damage: originals not kept byte for byte", sum(not o.preserved for o in every)),
        _fig("damage: recovered events unlike the confirmed", sum(o.invented for o in every)),
        _fig("damage: one case, median", 1000 * statistics.median(seconds or [0]), "ms"),
    ]
    for case in jd.STORAGE_CASES:
        runs = [o for o in storage if o.case == case.name]
        if not runs:
            figures.append(_fig(f"storage: {case.name}", 0, "cases", note="not run here"))
            continue
        kinds = Counter(_kind(o.message) for o in runs)
        resumed = sum(bool(o.resumed_after_clearing) for o in runs)
        note = "; ".join(f"{k}: {v}" for k, v in sorted(kinds.items()))
        figures.append(
            _fig(
                f"storage: {case.name}, told as {_EXPECTED[case.storage or '']}",
                kinds[_EXPECTED[case.storage or ""]],
                f"of {len(runs)}",
                note=note,
            )
        )
        figures.append(
            _fig(f"storage: {case.name}, play resumed once cleared", resumed, f"of {len(runs)}")
        )
        if case.storage == "chmod-000":
            figures += _check_unreadable(base, built[0])
    return figures


_EXPECTED = {
    "full": "full",
    "full-play": "full",
    "read-only-dir": "read-only",
    "read-only-fs": "read-only",
    "chmod-000": "permission",
}


def _kind(message: str) -> str:
    text = message.lower()
    if "storage is full" in text:
        return "full"
    if "read-only" in text:
        return "read-only"
    if "not allowed" in text:
        return "permission"
    if "reported an error" in text or "i/o" in text:
        return "I/O error"
    return f"other ({message[:60]})" if message else "nothing said"


def _check_unreadable(base: Path, built: jd.Built) -> list[Figure]:
    """``tableside journal check`` on a chmod-000 journal, as an unprivileged user."""
    import contextlib
    import io
    import os

    from ui.commands.journal import check

    directory = Path(tempfile.mkdtemp(prefix="check-", dir=base))
    directory.chmod(0o777)
    path = jd._write(directory, built, closed=True)
    if jd.is_root():
        for p in [directory, *directory.iterdir()]:
            os.chown(p, jd.NOBODY, jd.NOBODY)
    path.chmod(0)
    out = io.StringIO()
    with jd.as_nobody(), contextlib.redirect_stdout(out):
        code = check(path, repair=True)
    text = out.getvalue()
    said = ("DAMAGED" in text) + ("Repaired" in text)
    return [
        _fig(
            "storage: journal check on chmod 000 says DAMAGED/Repaired",
            said,
            "",
            "0",
            note=f"exit {code}: " + " | ".join(text.strip().splitlines())[:300],
        )
    ]


def _run(case: jd.Case, built: jd.Built, base: Path, seed: int, seconds: list[float]) -> jd.Outcome:
    directory = Path(tempfile.mkdtemp(prefix="case-", dir=base))
    directory.chmod(0o777)
    start = time.perf_counter()
    outcome = jd.run_case(case, built, directory, seed)
    seconds.append(time.perf_counter() - start)
    return outcome


# -- a damaged page whose rows are intact --------------------------------------------------


def _pages(base: Path, count: int) -> list[Figure]:
    totals = Counter[str]()
    notes: list[str] = []
    for n in range(count):
        directory = base / f"page-{n}"
        result = jd.interior_page_case(directory, seed=n)
        totals["files"] += 1
        totals["present"] += result.present
        totals["intact"] += result.intact_in_copy
        totals["recovered"] += result.recovered
        totals["dropped"] += result.dropped_intact
        totals["unfinished"] += result.finished_lost
        totals["unnamed"] += result.games_not_named
        totals["tracebacks"] += result.traceback is not None
        if result.traceback and len(notes) < 2:
            notes.append(result.traceback.strip().splitlines()[-1])
    return [
        _fig("page: journals with an interior page broken", totals["files"], "files"),
        _fig("page: events readable and intact in the damaged file", totals["intact"], "events"),
        _fig("page: events recovered", totals["recovered"], "events"),
        _fig("page: intact events dropped", totals["dropped"], "events", "0"),
        _fig("page: finished games that became unfinished", totals["unfinished"], "", "0"),
        _fig("page: games that lost steps, not named in the notice", totals["unnamed"], "", "0"),
        _fig("page: tracebacks", totals["tracebacks"], "", "0", note="\n".join(notes)),
    ]


# -- hostile component files ---------------------------------------------------------------


def _hostile(runs: list[journal_hostile.Run]) -> list[Figure]:
    figures = []
    for label in journal_hostile.FILES:
        mine = [r for r in runs if r.file == label]
        note = "; ".join(
            f"{r.command}: exit {'hung' if r.exit is None else r.exit}, {r.peak_mb:.0f} MB, "
            f"{r.seconds:.1f} s"
            + (", TRACEBACK" if r.traceback else "")
            + (", raw ESC" if r.escape else "")
            for r in mine
        )
        figures += [
            _fig(
                f"hostile {label}: tracebacks",
                sum(r.traceback for r in mine),
                f"of {len(mine)}",
                "0",
                note=note,
            ),
            _fig(
                f"hostile {label}: hung (killed at {journal_hostile.TIMEOUT:g} s)",
                sum(r.exit is None for r in mine),
                "",
                "0",
            ),
            _fig(f"hostile {label}: peak memory, max", max(r.peak_mb for r in mine), "MB"),
            _fig(f"hostile {label}: time, max", max(r.seconds for r in mine), "s"),
        ]
        if label == "control characters":
            figures.append(
                _fig(
                    "hostile control characters: raw ESC on the terminal",
                    sum(r.escape for r in mine),
                    "",
                    "0",
                )
            )
    return figures


# -- two writers ---------------------------------------------------------------------------


def _race(result: journal_processes.Race) -> list[Figure]:
    messages = "\n".join(f"{h}: {m}" for h, m in sorted(result.messages.items()))
    return [
        _fig("writers: seconds raced (app and play)", result.seconds, "s"),
        _fig("writers: steps confirmed by the app", result.steps.get("app", 0), "steps"),
        _fig("writers: steps confirmed by play", result.steps.get("play", 0), "steps"),
        _fig("writers: SIGKILLs of a writer", result.kills, "kills"),
        _fig("writers: interleaved events", result.interleaved, "events", "0"),
        _fig("writers: refusals (the other plays)", result.refusals, "", note=messages),
        _fig("writers: errors", result.errors, "", "0", note="\n".join(result.error_texts)),
        _fig("writers: events of the game in the journal", result.stored, "events"),
        _fig(
            "writers: steps a restart replays",
            result.replayed,
            "steps",
            note=result.replay_problem[:200],
        ),
    ]
