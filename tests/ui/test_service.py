"""TableService: journalled start/answer/undo/resume with snapshots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import registry
from rules.journal import JournalError
from tests.support.toy_game import ToyGame
from ui.service import SNAPSHOT_EVERY, TableService


@pytest.fixture
def toy_registered() -> Iterator[None]:
    registry._load_all()
    registry.register(ToyGame())
    yield
    registry._GAMES.pop("toy", None)


def test_resume_uses_snapshot_and_matches(toy_registered: None, tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    service = TableService(path)
    service.start("toy", {"length": 100}, seed=4)
    for n in range(SNAPSHOT_EVERY + 3):
        service.answer({"add": n % 6})
    expected = service.session.state if service.session else None
    service.close()

    again = TableService(path)
    record = again.resumable("toy")
    assert record is not None
    calls: list[int] = []
    lookup = again.journal.snapshot_lookup(record.id)

    def spy(steps: int, digest: str):
        calls.append(steps)
        return lookup(steps, digest)

    again.journal.snapshot_lookup = lambda _sid: spy  # type: ignore[method-assign]
    session = again.resume(record.id)
    assert session.state == expected
    assert SNAPSHOT_EVERY in calls  # the snapshot was found and used
    session_history = session.history  # forces the lazy replay of the prefix
    assert len(session_history) == SNAPSHOT_EVERY + 3


def test_finishing_and_undoing_the_last_step_toggles_finished(
    toy_registered: None, tmp_path: Path
) -> None:
    service = TableService(tmp_path / "j.sqlite3")
    service.start("toy", {"length": 2}, seed=1)
    service.answer({})
    service.answer({})
    assert service.journal.sessions()[0].finished
    service.undo()
    assert not service.journal.sessions()[0].finished
    assert service.resumable("toy") is not None


def test_explicit_foreign_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 200)
    with pytest.raises(JournalError):
        TableService(path, recover=False)
    assert path.read_text().startswith("shopping list")


def test_journal_command_lists_and_shows(
    toy_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ui.cli import main

    path = tmp_path / "j.sqlite3"
    service = TableService(path)
    service.start("toy", {"length": 3}, seed=2)
    service.answer({"add": 2})
    service.close()
    assert main(["journal", "--journal", str(path), "list"]) == 0
    assert "toy" in capsys.readouterr().out
    assert main(["journal", "--journal", str(path), "show", "1"]) == 0
    out = capsys.readouterr().out
    assert "1. Step 1 -> Draw tile" in out
    assert main(["journal", "--journal", str(path), "show", "9"]) == 2
    assert "no game number 9" in capsys.readouterr().err
