"""Each Nomad action on the tracked state, with its substitutes."""

from __future__ import annotations

from rules.games.nomads.actions import Out, income_items, resolve
from rules.registry import get_game
from rules.text import msg
from tests.rules.nomads.helpers import EXAMPLE, options

LIMITS = EXAMPLE.limits

GAME = get_game("nomads")
SRC = msg("test").to_json()


def state(**over):
    st = GAME.new_state(GAME.coerce_options(options(**over)), 1)
    st["arrows"] = {"big": "right", "small": "down"}
    return st


def do(st, action, answer=None, **item):
    out = Out()
    resolve(st, {"a": action, "src": SRC, "inline": False, **item}, answer or {}, out)
    return out


def test_set_up_state() -> None:
    st = state()
    n = st["nomads"]
    assert n["sacrifice"] == ["II"] * 5 + ["I"] * 5  # era I lies on top
    assert (n["food"], n["tools"], n["score"], n["camps"], n["settlements"]) == (0, 0, 0, 5, 0)
    assert st["map"] == {"deck": 5, "discard": 1}
    assert sorted(st["deck"]) == list(range(1, 17))
    assert state(modules=["cave_painting"])["nomads"]["score"] == 25


def test_food_and_tool_caps_substitute() -> None:
    st = state()
    st["nomads"]["food"] = LIMITS["food"]
    out = do(st, "food")
    assert out.result["received"] == "idol" and st["nomads"]["fame"] == 1
    st["nomads"]["tools"] = LIMITS["tools"]
    out = do(st, "tool")
    assert out.result["received"] == "idol"  # food is full too


def test_bury_takes_the_top_of_the_sacrifice_pile_then_tool() -> None:
    st = state()
    do(st, "bury")
    assert st["nomads"]["buried"] == ["I"] and len(st["nomads"]["sacrifice"]) == 9
    st["nomads"]["sacrifice"] = []
    out = do(st, "bury")
    assert out.result["received"] == "tool" and st["nomads"]["tools"] == 1


def test_progress_goes_onto_the_sacrifice_pile_and_is_buried_next() -> None:
    st = state()
    out = do(st, "progress", {"fix": "done"})
    assert st["nomads"]["sacrifice"][-1] == "progress"
    # Arrows right/down: the easternmost column with cards, there the bottom card.
    assert out.result["progress"] == {"card": "card", "row": 1, "col": 3}
    assert st["display"][1][3] == ""
    do(st, "bury")
    assert st["nomads"]["buried"] == ["progress"]
    st["display"] = [["", "", "", ""], ["", "", "", ""]]
    out = do(st, "progress", {"fix": "done"})
    assert out.result["received"] == "bury"


def test_idol_tracks_then_points_and_benefits() -> None:
    st = state()
    idols = EXAMPLE.idols
    level = min(int(k) for k in idols["fame"]["benefits"])
    st["nomads"]["fame"] = level - 1
    st["queue"] = []
    do(st, "idol")
    assert st["nomads"]["fame"] == level
    assert [i["a"] for i in st["queue"]] == [
        i["a"] for i in income_items(idols["fame"]["benefits"][str(level)], msg("x"))
    ]
    st["queue"] = []
    st["nomads"]["fame"] = idols["fame"]["top"]
    do(st, "idol")
    assert st["nomads"]["offerings"] == 1
    st["nomads"]["offerings"] = idols["offerings"]["top"]
    score = st["nomads"]["score"]
    do(st, "idol")
    assert st["nomads"]["score"] == score + 1


def test_get_animal_updates_area_and_animals_and_empty_area_gives_food() -> None:
    st = state()
    st["hunt"] = [["bison", "", "", ""], ["", "", "", "horse"]]
    do(st, "animal", {"cell": "done", "animal": "keep"})
    assert st["nomads"]["animals"] == {"horse": 1}  # right column, bottom card
    assert st["hunt"][1][3] == ""
    st["hunt"] = [["", "", "", ""], ["", "", "", ""]]
    out = do(st, "animal", {"cell": "done", "animal": "keep"})
    assert out.result["received"] == "food"


def test_reveal_animal_fills_first_free_space_top_row_left_first() -> None:
    st = state()
    st["hunt"] = [["bison", "", "horse", ""], ["", "", "", ""]]
    do(st, "reveal_animal", {"revealed": "camel", "cell": "r0c1"})
    assert st["hunt"][0] == ["bison", "camel", "horse", ""]
    out = do(st, "reveal_animal", {"revealed": "none", "cell": "full"})
    assert "nothing happens" in str(out.instructions[0])


def test_sacred_stone_cost_income_and_limits() -> None:
    st = state()
    st["nomads"].update(food=3, tools=1)
    st["queue"] = []
    do(
        st,
        "sacred_stone",
        {"available": True, "cost_food": 2, "cost_tools": 1, "income": {"points": 2}},
    )
    assert (st["nomads"]["food"], st["nomads"]["tools"]) == (1, 0)
    assert len(st["nomads"]["stones"]) == 1
    assert st["queue"][0]["a"] == "points"
    st["queue"] = []
    out = do(st, "sacred_stone", {"available": True, "cost_food": 5, "cost_tools": 0})
    assert out.result.get("substitute") == "megalith"  # cannot pay: row a -> megalith (asks)
    assert st["queue"][0]["a"] == "megalith"
    st["nomads"]["stones"] = [{}] * 3
    st["nomads"]["megaliths"] = LIMITS["megaliths"]
    st["queue"] = []
    out = do(st, "sacred_stone")
    assert out.result["received"] == "bury"


def test_settlement_a_then_nomad_tile_and_map_reshuffle() -> None:
    st = state(hard_settlement=True)
    for k in range(3):
        do(st, "settlement", {"connection": True, "tile_income": {}})
        assert st["nomads"]["settlements"] == k + 1
    out = do(st, "settlement", {"connection": True, "tile_income": {}})
    assert st["nomads"]["tile"] == "board"
    assert "2 influence" in str(out.instructions[0])
    out = do(st, "settlement", {"connection": True, "tile_income": {}})
    assert "Move the nomad tile" in str(out.instructions[0])
    assert st["map"] == {"deck": 0, "discard": 6}
    out = do(st, "settlement", {"connection": False, "tile_income": {}})
    assert out.result["step"] == "B"
    assert st["map"] == {"deck": 5, "discard": 1}
    assert any("shuffle the map discard" in str(i) for i in out.instructions)


def test_mammoth_after_b_and_raft_before() -> None:
    st = state(modules=["mammoth", "rivers"])
    out = do(st, "settlement", {"connection": False, "raft_mouth": True, "tile_income": {}})
    text = " ".join(str(i) for i in out.instructions)
    assert text.index("raft") < text.index("(B)") < text.index("Mammoth")
    assert st["raft_at_mouth"]
    out = do(st, "settlement", {"connection": True, "tile_income": {}})
    assert "raft" not in " ".join(str(i) for i in out.instructions)


def test_camp_income_becomes_the_special_action_and_never_items_substitute() -> None:
    items = income_items({"camp": 2, "points": 3, "tribe_member": 1}, msg("x"))
    assert [i["a"] for i in items] == ["points", "tribe_member", "settlement", "settlement"]
    st = state()
    out = do(st, "tribe_member")
    assert out.result["received"] == "tool"
    out = do(st, "torch")
    assert st["nomads"]["fame"] == 1 and "Cave Painting" in str(out.instructions[0])


def test_glacier_scoring_and_eclipse_preparation() -> None:
    st = state()
    do(st, "glacier", {"glaciers": 3})
    assert st["nomads"]["score"] == 3
    top = st["deck"][0]
    do(st, "eclipse")
    assert st["eclipse_pile"] == [top] and st["deck_count"] == 15
