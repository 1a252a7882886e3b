"""Board geometry data, the legality decision for `tableside decide`, the scene."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SituationError
from rules.games.targi.board import BOARD, board_from_data
from tests.rules.targi.helpers import GAME, started, to_tile_steps
from ui.cli import main

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "targi"
decide = GAME.decisions()["legality"]


def base(**extra: Any) -> dict[str, Any]:
    situation: dict[str, Any] = {
        "decision": "legality",
        "player": "blue",
        "start_player": "blue",
        "robber": "c1",
        "targi": {"blue": ["b1", "a3", "e2"], "white": ["d1", "e4", "a4"]},
    }
    situation.update(extra)
    return situation


def test_geometry_lines_opposites_and_crossings() -> None:
    assert len(BOARD.border) == 16 and len(BOARD.inner) == 9
    assert len(BOARD.action_border) == 12
    assert BOARD.line_of("c1") == ("col", 2) and BOARD.line_of("a3") == ("row", 2)
    assert BOARD.line_of("a1") is None  # corners end no inner line
    assert BOARD.opposite("b1") == "b5" and BOARD.opposite("e4") == "a4"
    assert BOARD.crossing(("col", 2), ("row", 1)) == "c2"
    assert BOARD.crossing(("col", 2), ("col", 1)) is None
    assert BOARD.next_clockwise("a2") == "a1" and BOARD.next_clockwise("e1") == "e2"
    assert BOARD.example


def test_malformed_board_data_names_the_field() -> None:
    with pytest.raises(SituationError, match="border_clockwise"):
        board_from_data(
            {
                "cells": [c.__dict__ for c in BOARD.cells.values()],
                "border_clockwise": ["a1"],
                "targi_per_player": 3,
                "robber_start": "a1",
            }
        )


def test_tribe_tile_legal_crossing_explained() -> None:
    decision = decide(base(use="tribe-tile", card="c3"))
    assert decision.result["legal"] is True
    assert decision.example_data
    assert any("robber's line" in step.finding.english() for step in decision.trace)


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"use": "tribe-tile", "card": "c4"}, "line of the robber and a line of one"),
        ({"use": "tribe-tile", "card": "c3", "all_markers_placed": False}, "after both"),
        ({"use": "targi-tile", "card": "b5", "all_targi_placed": False}, "after both"),
        (
            {"use": "targi-tile", "card": "b5", "player": "white", "start_player_pending": True},
            "start player goes first",
        ),
        (
            {"use": "tribe-tile", "card": "c4", "player": "white", "start_player_pending": True},
            "start player goes first",
        ),
        ({"use": "renounce", "tribe_cards": 10}, "at most 9"),
        ({"use": "renounce", "tribe_cards": 4, "just_laid": False}, "just laid"),
        ({"use": "move-renounce"}, "can no longer be moved"),
        ({"use": "joker", "good": "gold"}, "date, salt or pepper"),
        ({"use": "joker", "good": "salt", "tiles": {"blue": {"joker": "used"}}}, "only once"),
        ({"use": "joker", "good": "salt", "tiles": {"blue": {"joker": "absent"}}}, "3 tiles"),
        (
            {"use": "fata-morgana", "from": "c3", "to": "b4", "tribe_tiles": {"blue": "c3"}},
            "tribe-marker tile itself",
        ),
    ],
)
def test_refusals_quote_the_rule(extra: dict[str, Any], reason: str) -> None:
    decision = decide(base(**extra))
    assert decision.result["legal"] is False
    assert reason in decision.result["reason"]
    assert "rule" in decision.result["reason"] or "not a card" in decision.result["reason"]


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"use": "teleport"}, "use"),
        ({"use": "joker"}, "good"),
        ({"use": "joker", "good": "salt", "colour": "red"}, "colour"),
        ({"use": "targi-tile", "card": "b5", "robber": "z9"}, "robber"),
        ({"use": "targi-tile", "card": "b5", "targi": {"blue": ["c3"]}}, "targi.blue[0]"),
        ({"use": "targi-tile", "card": "b5", "targi": {"blue": ["c1"]}}, "robber"),
        ({"use": "renounce", "tribe_cards": "nine"}, "tribe_cards"),
        (
            {"use": "renounce", "tribe_cards": 1, "targi_tiles": {"white": "b1"}},
            "targi_tiles.white",
        ),
        ({"use": "renounce", "tribe_cards": 1, "tribe_tiles": {"blue": "x"}}, "tribe_tiles.blue"),
        (
            {"use": "joker", "good": "salt", "tiles": {"blue": {"joker": "lost"}}},
            "tiles.blue.joker",
        ),
    ],
)
def test_bad_situations_name_the_field(extra: dict[str, Any], field: str) -> None:
    with pytest.raises(SituationError) as err:
        decide(base(**extra))
    assert err.value.field == field


@pytest.mark.parametrize(
    ("name", "legal"),
    [
        ("legality-tribe-tile.json", True),
        ("legality-targi-tile-opposite.json", True),
        ("legality-renounce-tenth-card.json", False),
    ],
)
def test_example_situations_through_the_cli(
    name: str, legal: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["decide", "targi", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "legality" and out["result"]["legal"] is legal


def test_board_scene_marks_the_player_to_answer() -> None:
    session = started(start="white")
    to_tile_steps(session)
    scene = GAME.board(session.state)
    assert scene["kind"] == "tracks" and scene["example_data"] is True
    active = [p["name"] for p in scene["players"] if p["active"]]
    assert active == ["White"]
    blue = next(p for p in scene["players"] if p["colour"] == "blue")
    assert [t["text"] for t in blue["tokens"]] == [
        "joker goods tile",
        "Targi tile",
        "tribe-marker tile",
    ]
    assert all(not t["used"] for t in blue["tokens"])
