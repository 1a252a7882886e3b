"""``bench presses`` counts the CONFIRM that only shows preset fields out of view (look-first).

The bench plays in the real app's 800x480 window (Xvfb), so the screen measures
what is out of view. Robinson's set-up for Red opens with its camp, tile and
hearts preset, the lower ones below the fold (tests/ui/test_gui_look_first.py):
that step costs one CONFIRM more than without the screen, and no step of the
game costs more than one look-first CONFIRM. Before, the bench had no screen and
counted none (its set-up step cost 8 presses on the screen's 9).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


def test_the_look_first_confirm_shows_in_the_step_figures(kivy_window, tmp_path: Path) -> None:
    from ui.benchmarks.presses import play
    from ui.benchmarks.tables import robinson

    blind = play(robinson, tmp_path / "a")
    seen = play(robinson, tmp_path / "b", screen=True)
    assert [s[0] for s in seen["steps"]] == [s[0] for s in blind["steps"]]  # the same game
    setup = next(i for i, s in enumerate(seen["steps"]) if s[0] == "setup")
    assert seen["steps"][setup][3] == 1  # one look-first CONFIRM ...
    assert seen["steps"][setup][1] == blind["steps"][setup][1] + 1  # ... counted in its presses
    assert blind["steps"][setup][3] == 0
    assert max(looks for *_rest, looks in seen["steps"]) == 1
    for (_s, with_screen, _n, looks), (_t, without, _m, _l) in zip(
        seen["steps"], blind["steps"], strict=True
    ):
        assert with_screen == without + looks
