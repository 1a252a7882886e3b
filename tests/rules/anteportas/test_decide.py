"""``tableside decide anteportas``: every example's exact result, strict situations, no traceback,
and decide and play agreeing on the same situations."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules.errors import IllegalInput, SituationError
from rules.schema import parse_json
from tests.rules.anteportas.helpers import DECISIONS, GAME, KIT, building, mine, side

EXAMPLES = Path(__file__).parents[3] / "examples" / "anteportas"


def run(situation: dict[str, Any]) -> dict[str, Any]:
    return DECISIONS[situation["decision"]](situation).to_json()


def run_example(name: str) -> dict[str, Any]:
    return run(parse_json((EXAMPLES / name).read_bytes()))


# -- every example file, its whole result ----------------------------------------------------

EXPECTED: dict[str, dict[str, Any]] = {
    # Area Control: A's manned Guard Post on #4 sees #6, #7, #9, #10 (and #14 behind #9 is
    # blocked by B's Soldier); A also sees #2 and #4. B sees #27 and #9, which A sees too.
    "area-control.json": {
        "control": {"A": [2, 4, 6, 7, 10], "B": [27]},
        "counts": {"A": 5, "B": 1},
        "winner": "A",
    },
    # "First, the Raider on hex #26 moves to hex #24. Then the two Raiders on hex #27 move
    # through hex #24 to hex #19."
    "battle-phase-merging.json": {
        "order": [26, 27],
        "paths": [[26, 24], [27, 24, 19]],
        "defeat": False,
        "troops": {"24": {"basic": 1, "elite": 0}, "19": {"basic": 2, "elite": 0}},
        "sickbay": {"farmer": 0, "citizen": 0},
        "supply": {"basic": 20, "elite": 12},
    },
    # "3 Basic Units—the Citizen gets wounded; the Farmer does not."
    "battle-strength-4.json": {
        "hex": 7,
        "our_strength": 4,
        "their_strength": 3,
        "defenders_win": True,
        "side": side("F", building("guard_post")),
        "survivors": {"basic": 0, "elite": 0},
        "wounded": {"farmer": 0, "citizen": 1},
        "tiles_lost": [],
        "invaders_lost": {"basic": 3, "elite": 0},
        "steps": [
            "Battle on #7: your Strength 4 against the Invaders' 3",
            "All 3 Invaders fall.",
            "1 Citizen on #7 wounded -> Sickbay",
            "Guard Post on #7 prevails",
        ],
        "mine_choice": [],
    },
    # "3 Basic Units—choose one: ... or the Citizen is wounded and the Mine prevails."
    "battle-strength-5-choice.json": {
        "hex": 7,
        "our_strength": 5,
        "their_strength": 3,
        "defenders_win": True,
        "side": side("", mine("bounding")),
        "survivors": {"basic": 0, "elite": 0},
        "wounded": {"farmer": 0, "citizen": 1},
        "tiles_lost": [],
        "invaders_lost": {"basic": 3, "elite": 0},
        "steps": [
            "Battle on #7: your Strength 5 against the Invaders' 3",
            "All 3 Invaders fall.",
            "1 Citizen on #7 wounded -> Sickbay",
            "Bounding Mine on #7 prevails",
        ],
        "mine_choice": [
            {"mine_first": True, "falls": ["bounding"]},
            {"mine_first": False, "falls": ["citizen"]},
        ],
    },
    # "During Battle, you can use Trenches and Bunkers to increase your total Strength":
    # Farmer 1 + Trench fire 1 = 2 against 2 Raiders; the Farmer takes the 2 damage.
    "fire-support-choices.json": {
        "path": [17, 12],
        "defeat": False,
        "battles": [
            {
                "hex": 12,
                "our_strength": 2,
                "their_strength": 2,
                "defenders_win": True,
                "side": side(""),
                "survivors": {"basic": 0, "elite": 0},
                "wounded": {"farmer": 1, "citizen": 0},
                "tiles_lost": [],
                "invaders_lost": {"basic": 2, "elite": 0},
                "steps": [
                    "Battle on #12: your Strength 2 against the Invaders' 2",
                    "All 2 Invaders fall.",
                    "1 Farmer on #12 wounded -> Sickbay",
                ],
                "mine_choice": [],
            }
        ],
        "troops": {},
        "battleground": {"7": side("f", building("trench"))},
        "sickbay": {"farmer": 1, "citizen": 0},
        "supply": {"basic": 23, "elite": 12},
    },
    # "Bombs deal damage to all Units": the Bomb the Dragons set off on #19 deals 1 damage
    # to #24, where they stay (Fire: "The troop does not move"): the Basic Dragon falls.
    "dragon-fire-sets-off-a-bomb.json": {
        "path": [24],
        "defeat": False,
        "battles": [],
        "troops": {"24": {"basic": 0, "elite": 1}},
        "battleground": {},
        "sickbay": {"farmer": 0, "citizen": 0},
        "supply": {"basic": 23, "elite": 11},
    },
    # Capture the Flag: A's Units 4 and 2 rows up, B's 4 and 0: row 4 is even, row 2 A's.
    "capture-the-flag.json": {
        "advance": {"A": [4, 2], "B": [4, 0]},
        "winner": "A",
        "decided_at_row": 2,
    },
    # "Therefore, hexes #6, #7, #9, and #10 are in sight. The troop on hex #9 blocks sight
    # on hex #14."
    "line-of-sight-guard-post.json": {"in_sight": [2, 4, 6, 7, 9, 10]},
    # "At first, they fly onto hex #17 on the right. Then they breathe fire on hex #12, wounding
    # the Farmer on it, before they enter that hex unopposed. Finally, they fly onto hex #9."
    "move-dragons-from-19.json": {
        "path": [19, 17, 12, 9],
        "defeat": False,
        "battles": [],
        "troops": {"9": {"basic": 2, "elite": 0}},
        "battleground": {},
        "sickbay": {"farmer": 1, "citizen": 0},
        "supply": {"basic": 21, "elite": 12},
    },
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_example_gives_exactly_its_expected_result(name: str) -> None:
    out = run_example(name)
    assert out["result"] == EXPECTED[name]
    assert out["example_data"] is True  # the shipped components are EXAMPLE data
    assert out["reason"]


def test_the_battleground_example_prints_the_layout() -> None:
    out = run_example("battleground.json")
    assert out["result"]["picture"][0].split() == ["26", "27", "28"]
    assert out["result"]["picture"][-1].split() == ["1", "2", "3"]
    assert len(out["result"]["neighbours"]) == 28


def test_every_example_file_is_listed() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(
        [*EXPECTED, "battleground.json"]
    )


# -- strict situations -------------------------------------------------------------------------

MOVE = {"decision": "move-troop", "hex": 24, "troops": {"24": {"basic": 1}}, "card": "R101"}


@pytest.mark.parametrize(
    "change,path",
    [
        ({"hex": 29}, "hex"),
        ({"hex": 19}, "hex"),  # no troop there
        ({"card": "X1"}, "card"),
        ({"card": {"id": "R1", "arrows": ["up-ish"]}}, "card.arrows[0]"),
        ({"card": {"id": "R1", "arrows": ["down"], "spawn": [{"hex": 3}]}}, "card.spawn[0].hex"),
        ({"troops": {"24": {"basic": 300000}}}, "troops.24.basic"),
        ({"troops": {"24": {"basic": 0}}}, "troops.24"),
        ({"troops": {"24": {"basic": 1}, "23": {"basic": 23}}}, "troops"),
        ({"battleground": {"7": {"soldiers": ["farmer"] * 300000}}}, "battleground.7.soldiers"),
        ({"battleground": {"7": {"soldiers": ["knight"]}}}, "battleground.7.soldiers[0]"),
        (
            {"battleground": {"7": {"tile": {"type": "mine", "kind": "nuclear"}}}},
            "battleground.7.tile.kind",
        ),
        (
            {"battleground": {"7": {"tile": {"type": "trap", "rotation": 2}}}},
            "battleground.7.tile.rotation",
        ),
        ({"sickbay": {"farmer": 1, "citizn": 1}}, "sickbay.citizn"),
        ({"supply": {"basic": 23, "elite": 0}}, "supply.basic"),
        ({"suply": {}}, "suply"),
        ({"choices": {"battle-1": "maybe"}}, "choices.battle-1"),
        ({"choices": {"fight-1": "mine"}}, "choices.fight-1"),
        ({"choices": {"support-1": [99]}}, "choices.support-1[0]"),
        ({"choices": {"battle-1": "mine"}}, "choices.battle-1"),  # no Battle on this card
        ({"scenario": "pirates"}, "scenario"),
        ({"twice": "yes"}, "twice"),
    ],
)
def test_bad_situations_name_the_field(change: dict[str, Any], path: str) -> None:
    with pytest.raises((SituationError, IllegalInput)) as info:
        run({**MOVE, **change})
    assert info.value.field == path


def test_missing_required_fields_are_named() -> None:
    for key in ("hex", "card", "troops"):
        situation = {k: v for k, v in MOVE.items() if k != key}
        with pytest.raises(SituationError) as info:
            run(situation)
        assert info.value.field == key


def test_the_documented_choices_are_accepted() -> None:
    """docs: "support-N", "gunfire-N", "replace-N": lists of Building hexes."""
    base = {
        "decision": "move-troop",
        "troops": {"17": {"basic": 2}},
        "battleground": {
            "12": {"soldiers": ["farmer"]},
            "7": {"soldiers": ["farmer"], "tile": {"type": "building", "kind": "trench"}},
        },
        "hex": 17,
        "card": {"id": "R1", "arrows": ["down"]},
    }
    lost = run(base)
    assert lost["result"]["troops"] == {"12": {"basic": 1, "elite": 0}}
    assert any("default" in t["finding"] for t in lost["trace"])
    won = run({**base, "choices": {"support-1": [7]}})
    assert won["result"]["troops"] == {}
    passing = {
        **base,
        "battleground": {
            "9": {"soldiers": ["farmer"] * 3, "tile": {"type": "building", "kind": "trench"}},
            "10": {"soldiers": ["farmer"], "tile": {"type": "building", "kind": "trench"}},
        },
        "troops": {"17": {"elite": 1}},
        "card": {"id": "R1", "arrows": ["down", "down"]},
        "choices": {"gunfire-1": [9, 9, 10]},
    }
    assert run(passing)["result"]["troops"] == {}
    replace = {
        "decision": "move-troop",
        "troops": {"14": {"basic": 2}},
        "battleground": {
            "9": {"tile": {"type": "mine", "kind": "bounding"}},
            "4": {"soldiers": ["farmer"], "tile": {"type": "building", "kind": "guard_post"}},
        },
        "hex": 14,
        "card": {"id": "R1", "arrows": ["down"]},
        "choices": {"replace-1": [4]},
    }
    assert run(replace)["result"]["battleground"]["9"]["tile"] == {
        "type": "mine",
        "kind": "bounding",
    }


def test_battle_phase_takes_choices_per_troop() -> None:
    situation = {
        "decision": "battle-phase",
        "troops": {"12": {"basic": 3}, "24": {"basic": 1}},
        "battleground": {
            "7": {"soldiers": ["citizen"], "tile": {"type": "mine", "kind": "bounding"}}
        },
        "cards": {"12": {"id": "R1", "arrows": ["down"]}, "24": {"id": "R2", "arrows": ["right"]}},
        "choices": {"12": {"battle-1": "soldiers"}},
    }
    out = run(situation)
    assert out["result"]["sickbay"] == {"farmer": 0, "citizen": 1}
    with pytest.raises(SituationError) as info:
        run({**situation, "choices": {"19": {"battle-1": "mine"}}})
    assert info.value.field == "choices.19"


def test_situations_may_carry_their_own_components() -> None:
    data = copy.deepcopy(GAME.example_components())
    data["example"] = False
    data["defences"]["components"]["invaders"]["basic"] = 2
    with pytest.raises(SituationError) as info:
        run({**MOVE, "components": data, "troops": {"24": {"basic": 3}}})
    assert info.value.field == "troops.24.basic"
    out = run({**MOVE, "components": data})
    assert out["example_data"] is False
    data["battleground"]["hexes"][0]["neighbours"]["up"] = 9
    with pytest.raises(SituationError) as info:
        run({**MOVE, "components": data})
    assert info.value.field == "components.battleground.hexes[0].neighbours.up"


# -- no traceback on any input ------------------------------------------------------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.sampled_from(["farmer", "mine", "R101", "down", "24", "trap", "basic"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "hex",
                    "troops",
                    "card",
                    "battleground",
                    "basic",
                    "elite",
                    "soldiers",
                    "tile",
                    "type",
                    "kind",
                    "arrows",
                    "powers",
                    "power",
                    "steps",
                    "targets",
                    "dir",
                    "damage",
                    "choices",
                    "cards",
                    "teams",
                    "A",
                    "B",
                    "24",
                    "7",
                    "supply",
                    "sickbay",
                    "spawn_point",
                    "mobile_units",
                    "defence",
                    "troop",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(sorted(DECISIONS)),
    body=st.dictionaries(
        st.sampled_from(
            [
                "hex",
                "troops",
                "card",
                "battleground",
                "choices",
                "cards",
                "teams",
                "defence",
                "troop",
                "flying",
                "crossed",
                "scenario",
            ]
        ),
        JSON,
        max_size=6,
    ),
)
def test_any_situation_is_a_result_or_a_named_refusal(kind: str, body: dict[str, Any]) -> None:
    try:
        decision = DECISIONS[kind](body)
    except (SituationError, IllegalInput):
        return
    json.dumps(decision.to_json(), allow_nan=False)


# -- decide and play agree -----------------------------------------------------------------------

HEXES = st.integers(6, 23)
TILES = st.sampled_from(
    [
        None,
        {"type": "trap"},
        {"type": "bomb"},
        mine("pressure"),
        mine("bounding"),
        mine("dummy"),
        building("guard_post"),
        building("trench"),
        building("catapult"),
        building("bunker"),
    ]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hexes=st.dictionaries(
        HEXES, st.tuples(st.text(alphabet="FCfc", max_size=3), TILES), max_size=6
    ),
    start=st.sampled_from([24, 25, 26, 27, 28, 19, 20]),
    basic=st.integers(0, 4),
    elite=st.integers(0, 2),
    card=st.sampled_from(sorted(KIT.cards)),
)
# The troop walks off the board's edge (#4): the game is lost in the middle of the Battle
# Phase, which never ends, so the exhausted Citizen on #6 stays exhausted.
@example(hexes={6: ("c", None)}, start=19, basic=0, elite=0, card="R116")
def test_decide_and_the_game_agree_on_a_troops_card(hexes, start, basic, elite, card) -> None:
    if basic + elite == 0:
        basic = 1
    battleground = {
        str(h): side(code, tile) for h, (code, tile) in hexes.items() if code or tile is not None
    }
    scenario = KIT.cards[card]["scenario"]
    situation = {
        "decision": "move-troop",
        "hex": start,
        "troops": {str(start): {"basic": basic, "elite": elite}},
        "battleground": battleground,
        "card": card,
        "scenario": scenario,
    }
    decided = run(situation)["result"]
    # The same situation as a game state at the Battle Phase, every question left to CONFIRM.
    state = GAME.new_state(
        GAME.coerce_options({"players": 1, "scenario": scenario, "draw": "physical"}), 1
    )
    field = state["field"]
    field["hexes"][str(KIT.board.spawn_point)]["soldiers"] = []
    for key, value in battleground.items():
        field["hexes"][key] = copy.deepcopy(value)
    field["troops"] = {str(start): {"basic": basic, "elite": elite}}
    field["supply"] = {"basic": 23 - basic, "elite": 12 - elite}
    state.update(stage="battle", queue=[start], battle_card=card)
    decision = None
    for _ in range(30):
        prompt = GAME.prompt(state)
        state, decision = GAME.advance(state, prompt.coerce({}))
        if decision is not None:
            break
    assert decision is not None
    assert decision.result["path"] == decided["path"]
    assert state["field"]["troops"] == decided["troops"]
    assert state["field"]["sickbay"] == decided["sickbay"]
    assert state["field"]["supply"] == decided["supply"]
    played = {k: v for k, v in state["field"]["hexes"].items() if v["soldiers"] or v["tile"]}
    if state["stage"] not in ("battle", "lost"):
        # The Battle Phase ended: "Any exhausted Soldiers are automatically set upright".
        # A lost game ends in the middle of the phase, before that.
        for hex_side in decided["battleground"].values():
            for soldier in hex_side["soldiers"]:
                soldier["exhausted"] = False
    assert played == decided["battleground"]
