"""A real game module on every screen it reaches: nothing clipped, nothing off the window."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


def test_nomads_screens_fit_at_800x480(kivy_window, tmp_path: Path) -> None:
    lang = "de"  # the longest texts
    from tests.rules.nomads.helpers import fill, options
    from ui.commands.screenshots import Shooter

    shooter = Shooter(tmp_path / lang, tmp_path / "journal.sqlite3", lang)
    try:
        c = shooter.controller
        c.choose_game("nomads")
        c.setup_form.values.update(options())
        c.start_game(seed=4)
        kinds = set()
        for step in range(20):
            prompt = c.prompt
            kinds.add(c.play_view().scene.get("kind"))
            if step % 4 == 0 or prompt.decision is not None:
                shooter.shot(f"{c.screen}-{step}")
            if prompt.finished:
                break
            c.form.values.update(fill(prompt))
            c.confirm()
            assert c.error is None, c.text(c.error)
        c.show("history")
        shooter.shot("history")
    finally:
        shooter.close()
    assert shooter.count >= 6
    assert "columns" in kinds
    assert [f.problem for f in shooter.findings] == []
