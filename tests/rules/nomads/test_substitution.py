"""The substitution table a-d, followed down until something is received."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.decision import Tracer
from rules.games.nomads.decisions import decide_substitution
from rules.games.nomads.substitution import CHAIN, NEVER, follow, substitutes

ITEMS = [
    "sacred_stone",
    "megalith",
    "progress",
    "draw_card",
    "tribe_member",
    "hunt",
    "bury",
    "tool",
    "food",
    "idol",
    "animal",
    "random_animal",
]


def test_rows_of_the_table() -> None:
    assert substitutes("sacred_stone") == ("megalith", "bury", "tool", "food", "idol")  # a
    assert substitutes("progress") == ("bury", "tool", "food", "idol")  # b
    assert substitutes("draw_card") == ("bury", "tool", "food", "idol")  # b
    assert substitutes("tribe_member") == ("tool", "food", "idol")  # c
    assert substitutes("hunt") == ("food", "idol")  # d
    assert substitutes("idol") == ()


def test_text_examples_a_to_d() -> None:
    # a: 3 sacred stones, all megaliths built -> bury a card.
    a = decide_substitution(
        {
            "action": "sacred_stone",
            "nomads": {"sacred_stones": 3, "megaliths_built": 4, "sacrifice_pile": 2},
        }
    )
    assert a.result["received"] == "bury"
    # b: a card draw, sacrifice pile empty -> 1 tool.
    b = decide_substitution({"action": "draw_card", "nomads": {"sacrifice_pile": 0}})
    assert b.result["received"] == "tool"
    # c: a tribe member with 5 tools -> 1 food.
    c = decide_substitution({"action": "tribe_member", "nomads": {"tools": 5}})
    assert c.result["received"] == "food"
    # d: hunting with 10 food -> 1 idol.
    d = decide_substitution({"action": "hunt", "nomads": {"food": 10}})
    assert d.result["received"] == "idol"


def test_unaffordable_stone_goes_down_row_a() -> None:
    result = decide_substitution(
        {
            "action": "sacred_stone",
            "nomads": {"food": 1},
            "table": {"sacred_stone_cost": {"food": 2}},
        }
    )
    assert result.result["chain"] == ["sacred_stone", "megalith"]


@given(
    item=st.sampled_from(ITEMS),
    blocked=st.sets(
        st.sampled_from([*CHAIN[:-1], "sacred_stone", "progress", "animal", "random_animal"])
    ),
)
def test_chain_property(item: str, blocked: set[str]) -> None:
    received, walked = follow(item, lambda x: x not in blocked, Tracer())
    assert walked[0] == item and walked[-1] == received
    # What is received can be received; everything before it could not.
    assert received == "idol" or (received not in blocked and received not in NEVER)
    for skipped in walked[:-1]:
        assert skipped in blocked or skipped in NEVER
    # The walk only moves down the right-hand column of the table.
    tail = walked[1:]
    assert (
        list(tail) == list(CHAIN[CHAIN.index(tail[0]) : CHAIN.index(tail[0]) + len(tail)])
        if tail
        else True
    )
