"""The app's housekeeping at rest: the full collection, the journal's copy, freed memory."""

from __future__ import annotations

import gc
from pathlib import Path


def test_start_up_is_frozen_and_at_rest_the_journal_copy_is_refreshed(
    tmp_path: Path,
) -> None:
    from rules.journal.store import BACKUP_EVERY
    from ui.app.memory import NO_AUTOMATIC_FULL, IdleHousekeeping
    from ui.service import TableService

    service = TableService(tmp_path / "journal.sqlite3", backups_at_rest=True)
    before = gc.get_threshold()
    try:
        service.start("toy", {"length": 30}, seed=1)
        for _ in range(BACKUP_EVERY):
            service.answer({"add": 1})
        assert not service.journal.backup_path.exists()  # never inside a press

        housekeeping = IdleHousekeeping(at_rest=service.at_rest)
        assert gc.get_threshold()[2] == NO_AUTOMATIC_FULL  # never inside a press
        housekeeping.poke()  # the first screen is built
        assert gc.get_freeze_count() > 0  # start-up's objects: never scanned again
        assert not service.journal.backup_path.exists()  # not until the app rests
        housekeeping._run(0.0)
        assert service.journal.backup_path.exists()
        assert gc.get_count()[2] == 0  # the full collection ran
        housekeeping.stop()  # the app stops: the collector as it was
        assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
        service.close()


def test_malloc_is_tuned_where_there_is_glibc() -> None:
    import platform

    from ui.app.memory import tune_malloc

    assert tune_malloc() is (platform.libc_ver()[0] == "glibc")
