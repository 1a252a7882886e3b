"""The damage matrix: every way a café SD card breaks a journal, opened with recovery.

Each case (ui/benchmarks/journal_damage.py) damages a copy of one journal of
three interleaved games, captured as a power cut leaves it (database,
uncheckpointed -wal, last good copy) or as a clean close leaves it. Every
case must end without a traceback, keep the damaged original byte for byte,
bring back only events that match the originals, never lose a step without
saying so, and never come back with fewer steps than the last good copy held.
Storage cases must lose nothing, say what is wrong, move nothing, and play
on once the condition clears. ``tableside bench journal`` runs 200 files.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from rules.journal.integrity import without_wal_flag
from ui.benchmarks import journal_damage as jd


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    # Not under pytest's tmp_path: the storage cases act as an unprivileged user.
    base = Path(tempfile.mkdtemp(prefix="tableside-matrix-", dir="/tmp"))
    base.chmod(0o755)
    yield base
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def built(workdir: Path) -> jd.Built:
    return jd.build(workdir / "build", seed=12)


def backup_events(data: bytes) -> int:
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.deserialize(without_wal_flag(data))
        return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])


def run(case: jd.Case, built: jd.Built, workdir: Path) -> jd.Outcome:
    directory = Path(tempfile.mkdtemp(prefix="case-", dir=workdir))
    directory.chmod(0o777)
    return jd.run_case(case, built, directory, seed=7)


def test_the_built_journal_is_what_a_power_cut_leaves(built: jd.Built):
    assert len(built.events) == 3 and built.present > 150
    assert len(built.files["-wal"]) > 32  # steps not yet checkpointed
    assert "-wal" not in built.closed
    assert 0 < backup_events(built.files[".bak"]) < built.present


@pytest.mark.parametrize("case", jd.FILE_CASES, ids=lambda c: c.name)
def test_damaged_file(case: jd.Case, built: jd.Built, workdir: Path):
    outcome = run(case, built, workdir)
    assert outcome.traceback is None, outcome.traceback
    assert outcome.preserved, "the damaged original was not kept byte for byte"
    assert not outcome.invented, "recovered events differ from the confirmed ones"
    assert not outcome.silent_loss, f"{outcome.present - outcome.recovered} steps lost unsaid"
    floor = backup_events((built.closed if case.closed else built.files)[".bak"])
    assert floor <= outcome.recovered <= outcome.present


def test_a_stale_wal_never_changes_a_closed_journal(built: jd.Built, workdir: Path):
    case = next(c for c in jd.FILE_CASES if c.name == "stale -wal, closed")
    outcome = run(case, built, workdir)
    assert outcome.recovered == outcome.present
    assert "did not belong to this journal" in outcome.message
    assert "The journal itself was not changed" in outcome.message


def test_a_broken_first_page_is_repaired_from_the_last_good_copy(built: jd.Built, workdir: Path):
    case = next(c for c in jd.FILE_CASES if c.name == "first page zeroed, closed")
    outcome = run(case, built, workdir)
    assert outcome.recovered == outcome.present  # nothing lost: only the header was gone


def test_a_flipped_bit_in_the_wal_keeps_every_later_step(built: jd.Built, workdir: Path):
    case = next(c for c in jd.FILE_CASES if c.name == "bit flip in an event in the -wal")
    outcome = run(case, built, workdir)
    # SQLite alone would stop at the broken frame and lose every later transaction;
    # salvage reads past it, and later frames hold intact copies of the flipped page.
    assert outcome.recovered == outcome.present
    assert "-wal file is damaged" in outcome.message


def test_an_empty_journal_beside_its_copy_is_not_a_new_journal(built: jd.Built, workdir: Path):
    case = next(c for c in jd.FILE_CASES if c.name == "truncated to 0 bytes")
    outcome = run(case, built, workdir)
    assert outcome.recovered >= backup_events(built.files[".bak"]) > 0
    assert "No saved games" not in outcome.message


@pytest.mark.parametrize("case", jd.STORAGE_CASES, ids=lambda c: c.name)
def test_storage_problem(case: jd.Case, built: jd.Built, workdir: Path):
    why = jd.storage_available(case)
    if why is not None:
        pytest.skip(f"{case.name}: {why}")
    outcome = run(case, built, workdir)
    assert outcome.traceback is None, outcome.traceback
    assert outcome.told and outcome.message, "the players are not told"
    said = {"full": "The storage is full,", "full-play": "The storage is full,"}
    said["chmod-000"] = "tableside is not allowed to use its journal"
    assert outcome.message.startswith(said.get(case.storage or "", "")), outcome.message
    assert outcome.preserved, "a file was moved or rewritten"
    assert not outcome.invented
    if case.storage == "chmod-000":  # unreadable: the last good copy is what can be shown
        assert outcome.recovered == backup_events(built.files[".bak"])
    else:
        assert outcome.recovered == outcome.present
    assert outcome.resumed_after_clearing, outcome.notes


def test_full_disk_during_play_is_simulated_where_no_tmpfs_can_be_mounted(
    built: jd.Built, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    """SQLite's own "database or disk is full" (max_page_count): the same path, anywhere."""
    monkeypatch.setattr(jd, "can_mount", lambda: False)
    case = next(c for c in jd.STORAGE_CASES if c.storage == "full-play")
    outcome = run(case, built, workdir)
    assert outcome.simulated
    assert outcome.traceback is None, outcome.traceback
    assert "storage is full" in outcome.message
    assert outcome.recovered == outcome.present
    assert outcome.resumed_after_clearing, outcome.notes
