"""Board component data, `tableside decide targi legality` (strict situations), the scene."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SituationError
from rules.games.targi.board import BOARD_SCHEMA, board_from_data, example_board, example_data
from rules.games.targi.legality import empty_table, legal_targi_figure_cards
from tests.rules.targi.helpers import GAME, started, to_tile_steps
from ui.cli import main
from ui.i18n import translator

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "targi"
decide = GAME.decisions()["legality"]
TARGI = {"blue": ["b1", "a3", "e2"], "white": ["d1", "e4", "a4"]}
MARKERS = {"blue": ["b2", "b3"], "white": ["d4"]}


def base(**extra: Any) -> dict[str, Any]:
    situation: dict[str, Any] = {
        "decision": "legality",
        "player": "blue",
        "start_player": "blue",
        "robber": "c1",
        "targi": copy.deepcopy(TARGI),
        "markers": copy.deepcopy(MARKERS),
        "targi_tiles": {},
        "tribe_tiles": {},
        "tiles": {"blue": {t: "unused" for t in ("joker", "targi", "tribe", "renounce")}},
    }
    situation.update(extra)
    return situation


def test_geometry_lines_opposites_and_crossings() -> None:
    board = example_board()
    assert len(board.border) == 16 and len(board.inner) == 9
    assert len(board.action_border) == 12
    assert board.line_of("c1") == ("col", 2) and board.line_of("a3") == ("row", 2)
    assert board.line_of("a1") is None  # corners end no inner line
    assert board.opposite("b1") == "b5" and board.opposite("e4") == "a4"
    assert board.crossing(("col", 2), ("row", 1)) == "c2"
    assert board.crossing(("col", 2), ("col", 1)) is None
    assert board.next_clockwise("a2") == "a1" and board.next_clockwise("e1") == "e2"
    assert board.example
    assert (board.targi_per_player, board.markers_per_player, board.tribe_cards_max) == (3, 2, 12)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(border_clockwise=["a1"]), "border_clockwise"),
        (lambda d: d.update(border_clockwise=list(reversed(d["border_clockwise"]))),
         "border_clockwise"),
        (lambda d: d["border_clockwise"].insert(2, d["border_clockwise"].pop(5)),
         "border_clockwise[1]"),
        (lambda d: d["cells"][6].update(kind="border"), "cells[6].kind"),
        (lambda d: d["cells"][0].update(label="b1"), "cells[1]"),  # b1 twice
        (lambda d: d["cells"][0].update(label="f6"), "cells[0].label"),
        (lambda d: d["cells"].pop(), "cells"),
        (lambda d: d.update(targi_per_player=4), "targi_per_player"),
        (lambda d: d.update(robber_start="c3"), "robber_start"),
        (lambda d: d.update(colour="red"), "colour"),
    ],
)  # fmt: skip
def test_malformed_board_data_names_the_field(change: Any, field: str) -> None:
    data = example_data()
    change(data)
    with pytest.raises(SituationError) as err:
        BOARD_SCHEMA.check(data)
    assert err.value.field == field


def square(size: int, targi: int) -> dict[str, Any]:
    """Board data for a ``size`` x ``size`` square (the robber starts top left)."""
    cells = []
    for row in range(size):
        for col in range(size):
            edges = (row in (0, size - 1)) + (col in (0, size - 1))
            kind = ("inner", "border", "corner")[edges]
            cells.append(
                {"label": f"{'abcdefg'[col]}{row + 1}", "row": row, "col": col, "kind": kind}
            )
    last = size - 1
    ring = (
        [(0, c) for c in range(size)]
        + [(r, last) for r in range(1, size)]
        + [(last, c) for c in range(last - 1, -1, -1)]
        + [(r, 0) for r in range(last - 1, 0, -1)]
    )
    return {
        "targi_per_player": targi,
        "markers_per_player": 2,
        "tribe_cards_max": 12,
        "robber_start": "a1",
        "border_clockwise": [f"{'abcdefg'[c]}{r + 1}" for r, c in ring],
        "cells": cells,
    }


@pytest.mark.parametrize(("size", "targi"), [(3, 2), (3, 3), (4, 3)])
def test_a_square_too_small_for_the_targi_is_refused(size: int, targi: int) -> None:
    """Base game: "setzen abwechselnd ihre drei Targi-Figuren". On a 4x4 square the start
    player's 3 Targi and the 3 cards facing them and the robber leave 1 of the 8 action
    border cards for the other player's 3: such a board is refused, not played into a step
    that cannot be answered."""
    with pytest.raises(SituationError) as err:
        BOARD_SCHEMA.check(square(size, targi))
    assert err.value.field == "targi_per_player"
    need, have = 3 * targi + 1, 4 * (size - 2)
    assert err.value.problem == (
        f"{targi} Targi per player need {need} border cards with an action; "
        f"a {size} x {size} square has {have}"
    )
    german = err.value.problem_message
    assert german is not None
    assert german.render(translator("de")).startswith(f"{targi} Targi je Spieler brauchen {need}")


@pytest.mark.parametrize(("size", "targi"), [(3, 1), (4, 2), (5, 3)])
def test_every_accepted_square_leaves_the_second_player_room(size: int, targi: int) -> None:
    """Whatever the robber's card and the start player's Targi, the other player is offered
    at least his own number of cards (exhaustive over every first placement)."""
    board = board_from_data(BOARD_SCHEMA.check(square(size, targi)))
    fewest = len(board.action_border)
    for robber in board.border:
        table = empty_table("blue", robber)
        first = legal_targi_figure_cards(table, board, "blue")
        for cards in itertools.combinations(first, targi):
            table["targi"]["blue"] = list(cards)
            fewest = min(fewest, len(legal_targi_figure_cards(table, board, "white")))
    # the worst case the bound counts: the first player's Targi, the cards facing them, the robber
    assert fewest == 4 * (size - 2) - 2 * targi - 1
    assert fewest >= targi


def test_components_are_part_of_the_state() -> None:
    session = started()
    record = session.state["components"]
    assert record["game"] == "targi" and record["example"] is True
    assert record["data"]["targi_per_player"] == 3
    own = example_data() | {"example": False}
    from rules.session import Session

    mine = Session(GAME, {"components": own}, seed=1)
    assert mine.state["components"]["example"] is False


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"use": "tribe-tile", "card": "c4"}, "no such crossing for Blue"),
        ({"use": "tribe-tile", "card": "c3", "markers": {"blue": ["b2"], "white": ["d4"]}},
         "after both players have placed their tribe markers"),
        ({"use": "targi-tile", "card": "b5", "targi": {"blue": ["b1"], "white": []}},
         "after both players have placed their Targi"),
        ({"use": "targi-tile", "card": "b5", "player": "white", "start_player_pending": True,
          "tiles": {"white": {"targi": "unused"}}}, "start player goes first"),
        ({"use": "tribe-tile", "card": "c4", "player": "white", "start_player_pending": True,
          "tiles": {"white": {"tribe": "unused"}}}, "start player goes first"),
        ({"use": "targi-tile", "card": "a1"}, "corners carry no action"),
        ({"use": "targi-tile", "card": "c3"}, "c3 is an inner card"),
        ({"use": "targi-tile", "card": "d1"}, "taken by White's Targi"),
        ({"use": "renounce", "tribe_cards": 10, "just_laid": True}, "at most 9"),
        ({"use": "renounce", "tribe_cards": 4, "just_laid": False}, "just laid"),
        ({"use": "move-renounce"}, "can no longer be moved"),
        ({"use": "joker", "good": "gold"}, "date, salt or pepper"),
        ({"use": "joker", "good": "salt", "tiles": {"blue": {"joker": "used"}}}, "only once"),
        ({"use": "joker", "good": "salt", "tiles": {"blue": {"joker": "absent"}}}, "3 tiles"),
        ({"use": "fata-morgana", "from": "c3", "to": "b4", "tribe_tiles": {"blue": "c3"},
          "markers": {"blue": ["b2"], "white": ["d4"]}}, "tribe-marker tile itself"),
        ({"use": "fata-morgana", "from": "b2", "to": "d4"}, "free inner card"),
    ],
)  # fmt: skip
def test_refusals_quote_the_rule(extra: dict[str, Any], reason: str) -> None:
    decision = decide(base(**extra))
    assert decision.result["legal"] is False
    assert reason in decision.result["reason"] and "(rule: " in decision.result["reason"]
    assert decision.reason is not None and "rule" in str(decision.reason)


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"use": "teleport"}, "use"),
        ({"use": "joker"}, "good"),
        ({"use": "joker", "good": "salt", "colour": "red"}, "colour"),
        ({"use": "targi-tile", "card": "b5", "robber": "z9"}, "robber"),
        ({"use": "targi-tile", "card": "zz"}, "card"),
        ({"use": "targi-tile", "card": "g7"}, "card"),  # a label, but not of this board
        ({"use": "targi-tile", "card": "b5", "targi": {"blue": ["c3"]}}, "targi.blue[0]"),
        ({"use": "targi-tile", "card": "b5", "targi": {"blue": ["c1"]}}, "targi.blue[0]"),
        ({"use": "targi-tile", "card": "b5", "targi": {"blue": ["b1", "b1"]}}, "targi.blue[1]"),
        ({"use": "targi-tile", "card": "b5", "targi": {"blue": ["b1"], "white": ["b5"]}},
         "targi.blue[0]"),
        ({"use": "targi-tile", "card": "b5", "targi": {"red": ["b1"]}}, "targi.red"),
        ({"use": "targi-tile", "card": "b5", "targi_tiles": {"white": "b1"}}, "targi_tiles.white"),
        ({"use": "targi-tile", "card": "b5", "targi_tiles": {"white": "c3"}}, "targi_tiles.white"),
        ({"use": "renounce", "tribe_cards": "nine", "just_laid": True}, "tribe_cards"),
        ({"use": "renounce", "tribe_cards": 10**100, "just_laid": True}, "tribe_cards"),
        ({"use": "renounce", "tribe_cards": 4}, "just_laid"),
        ({"use": "renounce", "tribe_cards": 1, "just_laid": True, "tribe_tiles": {"blue": "x"}},
         "tribe_tiles.blue"),
        ({"use": "joker", "good": "salt", "tiles": {"blue": {"joker": "lost"}}},
         "tiles.blue.joker"),
        ({"use": "joker", "good": "salt", "tiles": {}}, "tiles.blue.joker"),
        ({"use": "targi-tile", "card": "b5", "player": "white",
          "tiles": {"white": {"targi": "unused"}}}, "start_player_pending"),
        ({"use": "tribe-tile", "card": "c3", "markers": {"blue": ["b2", "b3", "c2"]}},
         "markers.blue"),
        ({"use": "targi-tile"}, "card"),
        ({"use": "targi-tile", "card": "b5", "targi": None}, "targi"),
    ],
)  # fmt: skip
def test_bad_situations_name_the_field(extra: dict[str, Any], field: str) -> None:
    situation = base(**extra)
    if extra.get("targi", 0) is None:
        del situation["targi"]
    with pytest.raises(SituationError) as err:
        decide(situation)
    assert err.value.field == field


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ({"robber": "c3"}, "c3 is an inner card"),
        ({"targi": {"blue": ["a1"]}}, "a1 is a corner card"),
        ({"markers": {"blue": ["b1"]}}, "b1 is a border card"),
    ],
)
def test_a_card_of_the_wrong_kind_is_named_in_plain_words(
    extra: dict[str, Any], problem: str
) -> None:
    with pytest.raises(SituationError) as err:
        decide(base(use="targi-tile", card="b5", **extra))
    assert err.value.problem == problem  # was "c3 is a inner card"


def test_a_situation_may_carry_its_own_board() -> None:
    own = example_data() | {"example": False}
    decision = decide(base(use="targi-tile", card="b5", components=own))
    assert decision.result["legal"] is True and decision.example_data is False
    wrong = example_data() | {"targi_per_player": 9}
    with pytest.raises(SituationError) as err:
        decide(base(use="targi-tile", card="b5", components=wrong))
    assert err.value.field == "components.targi_per_player"


#: Every example file and its exact result (docs/targi.md).
EXPECTED = {
    "legality-tribe-tile.json": {"use": "tribe-tile", "player": "blue", "legal": True},
    "legality-targi-tile-opposite.json": {"use": "targi-tile", "player": "white", "legal": True},
    "legality-renounce-tenth-card.json": {
        "use": "renounce",
        "player": "white",
        "legal": False,
        "field": "renounce",
        "reason": "White has 10 tribe cards (rule: the renounce tile only while the player "
        "has at most 9 tribe cards, the new one included)",
    },
    "legality-joker-put-back.json": {
        "use": "joker",
        "player": "blue",
        "legal": False,
        "field": "joker",
        "reason": "Blue put the joker goods tile back in the box "
        "(rule: each player keeps only the 3 tiles chosen at set-up)",
    },
    "legality-fata-morgana-onto-tile.json": {
        "use": "fata-morgana",
        "player": "blue",
        "legal": False,
        "field": "to",
        "reason": "c3 holds White's tribe-marker tile (rule: no own tribe marker may be moved "
        "onto the card with a tribe-marker tile)",
    },
    "legality-tribe-tile-robber-on-corner.json": {
        "use": "tribe-tile",
        "player": "white",
        "legal": False,
        "field": "card",
        "reason": "the robber stands on the corner a5: its lines cross no inner card "
        "(rule: the crossing point lies on a line of the robber)",
    },
}


def test_every_example_has_its_expected_result() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in EXAMPLES.glob("*.json"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_situations_through_the_cli(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decide", "targi", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "legality" and out["result"] == EXPECTED[name]
    assert out["example_data"] is True


def test_board_scene_card_square_and_players_panel() -> None:
    session = started(start="white")
    to_tile_steps(session)
    scene = GAME.board(session.state)
    assert scene["example_data"] is True
    square, panel = scene["parts"]
    assert square["kind"] == "card-grid" and (square["rows"], square["cols"]) == (5, 5)
    cells = {c["id"]: c for c in square["cells"]}
    assert len(cells) == 25
    assert cells["c1"]["label"] == {"t": "{card} robber", "p": {"card": "c1"}}
    assert cells["b2"]["label"] == {"t": "b2"}
    assert cells["b1"]["tokens"] == [{"text": "T", "colour": "blue", "shape": "figure"}]
    assert cells["a1"]["shade"] is None and cells["b1"]["shade"] == "border"
    assert panel["kind"] == "tracks"
    assert [p["id"] for p in panel["players"] if p["active"]] == ["white"]
    blue = next(p for p in panel["players"] if p["colour"] == "blue")
    assert blue["name"] == {"t": "Blue"}
    assert [t["text"] for t in blue["tokens"]] == [{"t": "Joker"}, {"t": "Targi"}, {"t": "Tribe"}]
    assert all(not t["used"] for t in blue["tokens"])


def test_an_action_tile_on_a_card_is_told_from_a_figure() -> None:
    """A Targi figure is a round chip "T"; the Targi tile a square tag with its name."""
    from rules.games.targi.board import board_of
    from rules.games.targi.scene import card_square

    session = started()
    to_tile_steps(session)
    state = session.state
    state["table"]["targi_tiles"]["blue"] = "b5"
    state["table"]["tribe_tiles"]["white"] = "c3"
    cells = {c["id"]: c for c in card_square(state, board_of(state))["cells"]}
    assert cells["b5"]["tokens"] == [{"text": {"t": "Targi"}, "colour": "blue", "shape": "tile"}]
    assert cells["c3"]["tokens"] == [{"text": {"t": "Tribe"}, "colour": "white", "shape": "tile"}]
    figures = [t for c in cells.values() for t in c["tokens"] if t["shape"] == "figure"]
    assert figures and {t["text"] for t in figures} <= {"T", "M"}


def test_place_fields_name_cards_of_the_scene_layer() -> None:
    session = started()
    to_tile_steps(session)
    field = session.prompt().fields[0]
    ids = {c["id"] for c in GAME.board(session.state)["parts"][0]["cells"]}
    assert field.places == "cells" and {c.value for c in field.choices} <= ids
