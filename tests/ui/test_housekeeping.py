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


def test_a_drawn_label_keeps_its_texture_but_not_a_second_copy_of_its_pixels(
    kivy_window: None,
) -> None:
    from kivy.uix.label import Label

    def drawn_alpha(label: Label) -> list[int]:
        label.texture_update()
        pixels = label.texture.pixels  # binding the texture draws the text into it
        return [pixels[i] for i in range(3, len(pixels), 4)]

    label = Label(text="Spring: the bot raids", font_size=24)
    alpha = drawn_alpha(label)
    width = label.texture_size[0]
    assert width > 100 and 255 in alpha and 0 in alpha  # the text is in the texture
    assert label._label._surface is None  # and not kept a second time
    label.text = "Summer"  # drawn again: a new surface, dropped again
    alpha = drawn_alpha(label)
    assert 0 < label.texture_size[0] < width and 255 in alpha
    assert label._label._surface is None
