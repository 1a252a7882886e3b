"""``bench presses`` counts the CONFIRM that only shows preset fields out of view (look-first).

The bench plays in the real app's 800x480 window (Xvfb), so the screen measures
what is out of view. Robinson's set-up for Red opens with its camp, tile and
hearts preset, the lower ones below the fold (tests/ui/test_gui_look_first.py).
Without the preset line above the fields (as on main before brief presses5) that
step costs one CONFIRM more than without the screen, and no step of the game
costs more than one look-first CONFIRM. Before, the bench had no screen and
counted none (its set-up step cost 8 presses on the screen's 9). With the preset
line (every preset named with its value, in view at the step's start) no step
of Robinson needs a look-first CONFIRM: 5 on main, and its median 4 -> 3.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


def test_the_look_first_confirm_shows_in_the_step_figures(
    kivy_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.app.screens import StepScreen, set_text
    from ui.benchmarks.presses import play
    from ui.benchmarks.tables import robinson

    # The screens without the preset line: the presets below the fold cost a look.
    monkeypatch.setattr(StepScreen, "_presets", lambda self: set_text(self.ids.presets, ""))
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


def test_the_preset_line_spares_every_look_first_confirm(kivy_window, tmp_path: Path) -> None:
    import statistics

    from ui.benchmarks.presses import play
    from ui.benchmarks.tables import robinson

    blind = play(robinson, tmp_path / "a")
    seen = play(robinson, tmp_path / "b", screen=True)
    assert [s[1] for s in seen["steps"]] == [s[1] for s in blind["steps"]]
    assert sum(looks for *_rest, looks in seen["steps"]) == 0
    setup = next(s for s in seen["steps"] if s[0] == "setup")
    assert setup[1] == 8  # 9 on main: the look-first CONFIRM
    assert statistics.median(n for _s, n, needs, _l in seen["steps"] if needs) == 3  # main: 4


def test_targi_takes_no_look_first_confirm(kivy_window, tmp_path: Path) -> None:
    """Targi's joker field ("used now? nobody", on every step from the reveal) is an
    optional extra (docs/targi.md, 19) and the other presets are on the preset line: main
    took 4 look-first CONFIRMs (the reveal, Blue's Targi, the Targi tile, an action)."""
    import statistics

    from ui.benchmarks.presses import play
    from ui.benchmarks.tables import targi

    seen = play(targi, tmp_path, screen=True)["steps"]
    assert [(s[0], s[3]) for s in seen if s[3]] == []
    assert statistics.median(n for _s, n, needs, _l in seen if needs) == 4  # main: 5
