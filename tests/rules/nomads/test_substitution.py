"""The substitution table a-d, followed down until something is received."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.decision import Tracer
from rules.games.nomads.substitution import CHAIN, NEVER, follow, substitutes
from tests.rules.nomads.helpers import NOMADS, decide

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


def sub(action: str, table: dict | None = None, **nomads: int):
    return decide(
        "substitution", {"action": action, "nomads": {**NOMADS, **nomads}, "table": table or {}}
    )


NO_STONE = {
    "sacred_stone_available": True,
    "sacred_stone_cost": {"food": 0, "tools": 0},
    "megalith_site": True,
}


def test_text_examples_a_to_d() -> None:
    # a: "Können die Nomaden keinen Heiligen Stein nehmen, weil sie bereits 3 Heilige Steine
    # haben [...] Dann bauen sie stattdessen 1 Megalithen. Falls sie bereits alle Megalithen
    # gebaut haben, begraben sie 1 Karte usw."
    a = sub("sacred_stone", NO_STONE, sacred_stones=3, megaliths_built=4, sacrifice_pile=2)
    assert a.result == {"received": "bury", "chain": ["sacred_stone", "megalith", "bury"]}
    # b: "Oder dürfen sie 1 Karte ziehen? [...] Dann begraben sie stattdessen 1 Karte. Falls
    # dies nicht möglich ist (weil der Opferstapel leer ist), erhalten sie 1 Werkzeug"
    b = sub("draw_card", sacrifice_pile=0)
    assert b.result["received"] == "tool"
    # c: "Falls dies nicht möglich ist (weil sie bereits 5 Werkzeuge haben), erhalten sie
    # 1 Nahrung"
    c = sub("tribe_member", tools=5)
    assert c.result["received"] == "food"
    # d: "Falls dies nicht möglich ist (weil sie bereits 10 Nahrung haben), erhalten sie 1
    # Götzen."
    d = sub("hunt", food=10)
    assert d.result["received"] == "idol"


def test_unaffordable_stone_goes_down_row_a() -> None:
    table = {**NO_STONE, "sacred_stone_cost": {"food": 2, "tools": 0}}
    result = sub("sacred_stone", table, food=1)
    assert result.result == {"received": "megalith", "chain": ["sacred_stone", "megalith"]}


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
