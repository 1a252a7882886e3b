"""Count fields per colour run in the order the tray picture runs (issue 23, item 6).

The example control board has its trays clockwise from side 0: white, brown, red,
yellow, blue. A player counting NEXT presses down a count field must meet the
colours in that order, so every colour count field of every step met on the
random walks lists them so (other entries, VP and development, come after).
"""

from __future__ import annotations

from rules.registry import all_games
from tests.support.walker import walk

PICTURE = ["white", "brown", "red", "yellow", "blue"]


def test_every_colour_count_field_follows_the_tray_picture() -> None:
    met: dict[str, list[str]] = {}
    for seed in range(3):
        for visit in walk(all_games()["marauders"], seed, steps=300):
            for f in visit.prompt.fields:
                values = [c.value for c in f.choices]
                if f.kind == "counts" and "red" in values:
                    met[f"{visit.prompt.step}.{f.key}"] = [v for v in values if v in PICTURE]
    assert "setup.start" in met and len(met) >= 3, sorted(met)
    assert {key: order for key, order in met.items() if order != PICTURE} == {}
