"""Storage trouble is told as what it is: full as full, a locked file as a permission problem."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from rules.journal import Journal, open_journal
from ui.benchmarks import journal_damage as jd
from ui.commands.journal import check


def make(path: Path) -> None:
    with Journal(path) as journal:
        sid = journal.create_session("toy", {"length": 1000}, 1)
        for n in range(12):
            journal.append(sid, {"kind": "answer", "values": {"add": n % 6}})


@pytest.mark.skipif(not jd.can_mount(), reason="needs root and mount(8) for a small tmpfs")
def test_a_full_card_at_start_is_told_as_full(tmp_path: Path):
    """A cleanly closed journal (no -wal, no -shm) on a real full tmpfs: SQLite says
    "disk I/O error" when it cannot grow its -shm; the players hear "full"."""
    source = tmp_path / "made" / "journal.sqlite3"
    source.parent.mkdir()
    make(source)
    with jd.small_filesystem(tmp_path / "card", 2048) as card:
        path = card / "journal.sqlite3"
        path.write_bytes(source.read_bytes())
        filler = jd.fill(card)
        journal, _notice = open_journal(path)
        try:
            assert journal.problem is not None
            assert journal.problem.reason == "full"
            assert journal.problem.message.english().startswith(
                "The storage is full, so new steps cannot be saved."
            )
            assert len(journal.events(1)) == 12  # still viewable
        finally:
            journal.close()
        filler.unlink()
        journal, _notice = open_journal(path)
        assert journal.problem is None
        journal.close()


@pytest.mark.skipif(not jd.is_root(), reason="acts as an unprivileged user (root reads anything)")
def test_journal_check_on_an_unreadable_journal_says_so_and_repairs_nothing(
    capsys: pytest.CaptureFixture[str],
):
    tmp_path = Path(tempfile.mkdtemp(prefix="tableside-check-", dir="/tmp"))
    tmp_path.chmod(0o777)
    path = tmp_path / "journal.sqlite3"
    make(path)
    for p in [tmp_path, *tmp_path.iterdir()]:
        os.chown(p, jd.NOBODY, jd.NOBODY)
    path.chmod(0)
    with jd.as_nobody():
        status = check(path, repair=True)
    out = capsys.readouterr().out
    assert status == 2
    assert "DAMAGED" not in out and "Repaired" not in out
    assert out.splitlines()[0] == f"{path}: cannot be read"
    assert out.splitlines()[1] == (
        f"  tableside is not allowed to use its journal ({path}). Nothing was changed and "
        "nothing is lost. Give the tableside user access to it again, for example with: "
        f"sudo chown -R tableside: {tmp_path} && sudo chmod -R u+rwX {tmp_path}. Play then "
        "continues by itself."
    )
    assert sorted(p.name for p in tmp_path.iterdir() if "damaged" in p.name) == []
    shutil.rmtree(tmp_path)
