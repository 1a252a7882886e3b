"""``tableside bench resume``'s parts that decide its figures (the run renders frames for
minutes: docs/vision.md "A counter that sees cubes", sixth round, has its figures)."""

from __future__ import annotations

import numpy as np

from ui.benchmarks.resume import CHANGED, journal_of, resume_memory
from vision.geometry import COLOURS, load_board


def test_the_journal_is_the_table_but_one_marker_on_some_trays() -> None:
    rng = np.random.default_rng(5)
    table = {
        str(s): {c: int(n) for c, n in zip(COLOURS, rng.integers(0, 4, 5), strict=True)}
        for s in range(6)
    }
    offs = []
    for _ in range(300):
        journal = journal_of(table, rng)
        assert set(journal) == set(table)
        for side, counts in journal.items():
            off = sum(abs(counts[c] - table[side][c]) for c in COLOURS)
            assert off in (0, 1) and min(counts.values()) >= 0
            offs.append(off)
    assert abs(float(np.mean(offs)) - CHANGED) < 0.03


def test_the_resume_read_is_measured_with_the_app_s_counter_and_points() -> None:
    # The figures are the process's own (the peak is 0 when an earlier test peaked higher,
    # what stays depends on what ran before): here only that it reads as the app does.
    peak, kept = resume_memory(load_board("control-board"))
    assert peak >= 0.0 and isinstance(kept, float)
