"""Refusals count Soldiers in the language's plural form, never "Farmer(s)" (issue 23)."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from tests.rules.anteportas.helpers import act, building, field, side


def refusal(f: dict, action: dict) -> str:
    with pytest.raises(IllegalInput) as caught:
        act(f, action)
    return caught.value.message.english()


def test_setting_upright_more_than_are_exhausted_counts_them_properly() -> None:
    f = field(h4=side("F", building("guard_post")))
    f["hexes"]["4"]["soldiers"][0]["exhausted"] = True
    text = refusal(f, {"do": "upright", "soldiers": {"4-farmer-exhausted": 2}})
    assert text == "#4 has only 1 exhausted Farmer"


def test_healing_more_than_the_sickbay_holds_counts_them_properly() -> None:
    f = field()
    f["sickbay"] = {"farmer": 0, "citizen": 2}
    text = refusal(f, {"do": "heal", "farmer": 0, "citizen": 3})
    assert text == "the Sickbay holds 2 Citizens"
    f["sickbay"] = {"farmer": 1, "citizen": 0}
    assert refusal(f, {"do": "heal", "farmer": 2, "citizen": 0}) == "the Sickbay holds 1 Farmer"
