"""``bench presses`` with the new navigation (issue #23): every scripted step is answered by
the buttons alone (mock pins, the app's real button handling), and the targets met so far
stay met. On main before this change: Ante Portas median 5, Robinson median 5, Targi worst
step 15, Marauders' spring start 38."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from ui.benchmarks.presses import MEDIAN_TARGET, WORST_TARGET, play, tables


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    base: Path = tmp_path_factory.mktemp("presses")
    return {name: play(module, base) for name, module in tables().items()}


def _asked(result: dict) -> list[int]:
    return [n for _step, n, needs in result["steps"] if needs]


def test_every_step_of_every_game_is_answered_by_the_buttons(results) -> None:
    assert {name: r["unreachable"] for name, r in results.items()} == {name: [] for name in results}


@pytest.mark.parametrize("game", ["anteportas", "robinson", "nomads"])
def test_the_median_step_takes_at_most_three_presses(results, game: str) -> None:
    assert statistics.median(_asked(results[game])) <= MEDIAN_TARGET


@pytest.mark.parametrize("game", ["anteportas", "targi"])
def test_no_step_takes_more_than_twelve_presses(results, game: str) -> None:
    assert max(n for _step, n, _needs in results[game]["steps"]) <= WORST_TARGET


def test_the_order_of_play_is_changed_by_moving_a_pick_up(results) -> None:
    """Marauders' spring start asks the income and the order of play; [tribe, 1, 2] ->
    [1, tribe, 2] was ~20 presses (taken out and picked again), now NEXT and one BOT."""
    spring = [n for step, n, _needs in results["marauders"]["steps"] if step == "spring-start"]
    assert spring and max(spring) <= WORST_TARGET
