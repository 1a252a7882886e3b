"""The benchmarks' scripted Marauders table plays a legal table: the map it tells is the app's.

A member that builds a campsite goes back onto the tribe's player board ("every
time when it builds a campsite, the tribe member goes back onto its player
board"). The script kept such a member on the map whenever the round's last
activated member did not move (it lay down): at the next autumn it told the app a
member on a space that is not on the map, the app offered no such space, and every
lane from then on was another member's (``bench app``: 6 steps "confirmed
otherwise", e.g. ``hunting-tile 6@2+1``). The games below are ones where that
happened on the old script (seed, tiles on the 3 side).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from rules.prompt import Prompt
from ui.benchmarks.answers import play
from ui.benchmarks.tables import marauders as script

#: Games whose old script put a member off the map: (seed, tiles on the 3 side).
ASTRAY = [(7, 0), (14, 0), (5, 6), (9, 6), (16, 6)]


class CheckedTable(script.Table):
    """The scripted table; at each autumn start its map must be the one the app tracks."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: list[str] = []

    def answer(self, prompt: Prompt, state: dict[str, Any]) -> dict[str, Any]:
        if prompt.step == "autumn-start":
            told = [script.space_id(m) for m in self.world.members]
            assert told == list(state["members"]), (len(self.steps) + 1, told)
        self.steps.append(prompt.step)
        return super().answer(prompt, state)


def play_checked(seed: int, hard_tiles: int) -> list[str]:
    """The steps of the scripted game (``bench answers`` refuses any option not offered)."""
    played: list[CheckedTable] = []

    def table() -> CheckedTable:
        played.append(CheckedTable())
        return played[-1]

    options = {**script.OPTIONS, "hard_tiles": hard_tiles}
    module = SimpleNamespace(
        GAME=script.GAME, OPTIONS=options, SEED=seed, STEPS=script.STEPS, Table=table
    )
    play(module)
    return played[0].steps


@pytest.mark.parametrize(("seed", "hard_tiles"), ASTRAY)
def test_the_script_plays_to_the_end_with_the_apps_map(seed: int, hard_tiles: int) -> None:
    steps = play_checked(seed, hard_tiles)
    assert steps.count("autumn-start") == 5  # one autumn per round, each checked
    assert steps[-1] == "final"


def test_the_benchmark_game_itself_is_unchanged() -> None:
    steps = play_checked(script.SEED, script.OPTIONS["hard_tiles"])
    assert steps.count("autumn-start") == 5 and steps[-1] == "final"
    assert len(steps) == 181  # bench answers: "marauders: steps 181"


def test_a_member_on_the_player_board_leaves_the_map_when_the_last_member_lies_down() -> None:
    table = script.Table()
    world = table.world
    world.members = [script.PLAYER_BOARD, (0, -1)]  # member 1 built a campsite this autumn
    world.trays["red"] = 3
    table.order = []  # member 2 is the round's last
    table.member = 1
    table._move({"outcome": "lie-down", "direction": 0, "colour": "red", "returned": 2}, to=None)
    assert world.members == [(0, -1)]
    assert world.trays["red"] == 1
