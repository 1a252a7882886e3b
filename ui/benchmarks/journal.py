"""The journal damage matrix at scale: 200 damaged journals (40 with --quick) opened with recovery.

Each file is one journal (ten different ones, three interleaved games each)
broken by a case of :mod:`ui.benchmarks.journal_damage` chosen at random;
the storage cases (full disk, read-only, chmod 000) run on top where this
machine allows (root, tmpfs). Prints: cases, tracebacks, clear messages,
silent losses, originals kept, steps recovered against steps present.
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
from ui.commands.bench import Figure

NAME = "journal"
DESCRIPTION = "journal recovery: 200 damaged files and the storage failures, steps recovered"

JOURNALS = 10


def run(quick: bool) -> list[Figure]:
    files = 40 if quick else 200
    rng = random.Random(2026)
    logging.getLogger("tableside").setLevel(logging.ERROR)  # thousands of expected warnings
    base = Path(tempfile.mkdtemp(prefix="tableside-bench-journal-", dir="/tmp"))
    base.chmod(0o755)
    try:
        built = [jd.build(base / f"journal-{n}", seed=n) for n in range(JOURNALS)]
        outcomes: list[jd.Outcome] = []
        seconds: list[float] = []
        for n in range(files):
            case = rng.choice(jd.FILE_CASES)
            outcomes.append(_run(case, built[n % JOURNALS], base, n, seconds))
        for n, case in enumerate(jd.STORAGE_CASES):
            if jd.storage_available(case) is None:
                for k in range(2 if quick else JOURNALS):
                    outcomes.append(_run(case, built[k], base, 10_000 + n * 100 + k, seconds))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return _figures(outcomes, seconds)


def _run(case: jd.Case, built: jd.Built, base: Path, seed: int, seconds: list[float]) -> jd.Outcome:
    directory = Path(tempfile.mkdtemp(prefix="case-", dir=base))
    directory.chmod(0o777)
    start = time.perf_counter()
    outcome = jd.run_case(case, built, directory, seed)
    seconds.append(time.perf_counter() - start)
    return outcome


def _figures(outcomes: list[jd.Outcome], seconds: list[float]) -> list[Figure]:
    present = sum(o.present for o in outcomes)
    recovered = sum(o.recovered for o in outcomes)
    lost = [o for o in outcomes if o.recovered < o.present]
    storage = [o for o in outcomes if o.resumed_after_clearing is not None]
    kinds = Counter(o.case for o in outcomes)
    rows: list[tuple[str, float, str, str]] = [
        ("damaged files and storage failures", len(outcomes), "cases", ""),
        ("different kinds of damage", len(kinds), "kinds", ""),
        ("tracebacks", sum(o.traceback is not None for o in outcomes), "", "0"),
        ("steps present before the damage", present, "steps", ""),
        ("steps recovered (viewable at once)", recovered, "steps", ""),
        ("steps recovered", 100 * recovered / max(1, present), "%", ""),
        ("cases that lost a step", len(lost), "cases", ""),
        ("... of them with a clear message", sum(o.told for o in lost), "cases", ""),
        ("silent losses", sum(o.silent_loss for o in outcomes), "cases", "0"),
        ("originals not kept byte for byte", sum(not o.preserved for o in outcomes), "", "0"),
        ("recovered events unlike the confirmed", sum(o.invented for o in outcomes), "", "0"),
        ("storage cases", len(storage), "cases", ""),
        (
            "... play resumed once cleared",
            sum(bool(o.resumed_after_clearing) for o in storage),
            "",
            "",
        ),
        ("one case (set up, damage, open), median", 1000 * statistics.median(seconds), "ms", ""),
    ]
    return [
        Figure(name, value, unit, target, (value == 0) if target == "0" else None)
        for name, value, unit, target in rows
    ]
