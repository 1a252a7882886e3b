"""scripts/vision/follow_sure_wrong.py: the sure-but-wrong events of a bench follow debug file."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.scripts import load_script


def script() -> ModuleType:
    return load_script("vision/follow_sure_wrong.py")


def wrong(seed: int, side: str, shown: int, tray: str = "stacked") -> dict:
    return {
        "seed": seed,
        "sure_wrong": side,
        "shown": {"yellow": shown},
        "truth": {"yellow": 4},
        "tray": tray,
        "light": "dim",
        "tilt": "20-30 deg",
        "camera": "untouched",
    }


def test_a_run_of_one_trays_same_wrong_reading_is_one_event_with_the_change_after_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The bench writes a still moment's sure-but-wrong lines before that change's evidence:
    # the change behind an event is the first evidence line of its game and tray after it.
    change = {"seed": 1, "side": "1", "at": 7, "measured": {"yellow": 1.21}, "sure": True}
    other = {"seed": 1, "side": "2", "at": 7, "measured": {}, "sure": True}
    lines = [wrong(1, "1", 3), other, change, wrong(1, "1", 3), wrong(1, "1", 2, "one layer")]
    path = tmp_path / "ev.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    module = script()
    found = module.events(lines)
    assert [(e["n"], sorted(e["conds"])) for e in found] == [(2, ["stacked"]), (1, ["one layer"])]
    assert module.main([str(path), "stacked"]) == 0
    out = capsys.readouterr().out
    assert "events 2" in out and "2 reading(s)" in out and "one layer" not in out.split("==")[1]
    assert '"measured": {"yellow": 1.21}' in out
