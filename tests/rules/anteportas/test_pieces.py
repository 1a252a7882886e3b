"""The pieces on each hex as the camera's stickers name them, and a step's change."""

from __future__ import annotations

from rules.games.anteportas.pieces import pieces_on, table_change

from .helpers import BOMB, TRAP, building, field, mine, side, with_troops


def test_every_piece_is_counted_by_its_sticker_kind_exhausted_or_not() -> None:
    f = with_troops(
        field(
            h7=side("Ff", building("guard_tower", 3)),
            h8=side("C", mine("bounding")),
            h9=side(tile=TRAP),
            h10=side(tile=BOMB),
        ),
        h19=(2, 1),
    )
    assert pieces_on(f) == {
        "7": {"farmer": 2, "building:guard_tower": 1},
        "8": {"citizen": 1, "mine:bounding": 1},
        "9": {"trap": 1},
        "10": {"bomb": 1},
        "19": {"basic": 2, "elite": 1},
    }


def test_a_change_names_only_what_changed_hexes_in_number_order() -> None:
    before = with_troops(field(h7=side("F"), h12=side("C", TRAP)), h12=(2, 0))
    after = with_troops(field(h7=side(), h12=side("C")), h7=(1, 0))
    # A Farmer wounded on #7 where 1 Basic now stands; the troop left #12, its Trap used up.
    assert table_change(before, after) == {
        "7": {"basic": 1, "farmer": -1},
        "12": {"basic": -2, "trap": -1},
    }
    assert table_change(before, before) == {}


def test_soldiers_are_counted_in_words_with_their_plural() -> None:
    from rules.games.anteportas.questions import losses_msg
    from rules.games.anteportas.scene import hex_words

    words = hex_words({"soldiers": {"farmer": 2, "citizen": 1}, "tile": None})
    assert words is not None and words.english() == "2 Farmers and 1 Citizen"
    assert losses_msg(["citizen", "farmer", "farmer"]).english() == "1 Citizen and 2 Farmers"
