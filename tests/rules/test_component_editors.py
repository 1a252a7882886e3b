"""Component editors as step machines: the walk, the checks as players go, the saved set.

The expected sets are written out here from what a player taps, independent
of the editors' code; the saved set must pass the game's own schema.
"""

from __future__ import annotations

import copy

import pytest

from rules.editor import MENU_STEP, PAGE_STEP, SAVE, editor_name
from rules.errors import IllegalInput
from rules.games.nomads.catalogue import SCHEMA as NOMADS_SCHEMA
from rules.games.nomads.catalogue import example_data as nomads_example
from rules.registry import all_editors, all_games, editor_for, get_game
from rules.session import Session
from tests.support.tile_game import ensure_registered

COLUMNS = ("initiate", "develop", "migrate", "hunt")
ACTIONS = ("idol", "food", "tool", "animal", "bury", "progress", "settlement", "glacier")


def nomad_card(n: int) -> dict:
    """What a player taps for nomad card n (a made-up but valid card)."""
    return {
        "id": n,
        "marked": COLUMNS[n % 4],
        "big": "left" if n % 2 else "right",
        "small": "up" if n % 3 else "down",
        "workforce": n % 4,
        "actions": {
            c: [ACTIONS[(n + i) % 8], ACTIONS[(n + i + 3) % 8]] for i, c in enumerate(COLUMNS)
        },
    }


def enter_nomad_cards(session: Session, cards: list[dict]) -> None:
    """Confirm the menu's default (the next card) and tap every page of the card."""
    for card in cards:
        prompt = session.prompt()
        assert prompt.step == MENU_STEP and prompt.fields[0].default == f"card-{card['id']}"
        session.answer({})
        top = session.prompt()
        assert top.title.params["n"] == card["id"]
        assert all(f.default is None for f in top.fields)  # nothing prefilled from EXAMPLE data
        session.answer({k: card[k] for k in ("marked", "big", "small", "workforce")})
        for column in COLUMNS:
            upper, lower = card["actions"][column]
            session.answer({"upper": upper, "lower": lower})


def test_every_game_with_components_has_an_editor_found_by_its_name() -> None:
    editors = all_editors()
    assert "nomads" in editors
    for name, game in all_games().items():
        assert (name in editors) == (game.component_schema() is not None)
    assert get_game(editor_name("nomads")) is editors["nomads"]
    assert editor_name("nomads") not in all_games()  # not offered as a game


def test_nomad_cards_entered_by_touch_and_saved_as_the_players_own() -> None:
    editor = editor_for("nomads")
    session = Session(editor, {}, seed=1)
    cards = [nomad_card(n) for n in range(1, 17)]
    enter_nomad_cards(session, cards)
    # then the six pages to check against the box, confirmed as shown
    for _ in range(6):
        assert session.prompt().step == MENU_STEP
        session.answer({})
        assert session.prompt().step == PAGE_STEP
        session.answer({})
    menu = session.prompt()
    assert menu.fields[0].default == SAVE
    session.answer({})
    assert session.prompt().finished
    saved = editor.result(session.state)
    assert saved["cards"] == cards and saved["example"] is False
    assert NOMADS_SCHEMA.check(saved) == saved
    example = nomads_example()
    assert saved["board"] == example["board"] and saved["animals"] == example["animals"]


def test_the_walk_goes_on_to_the_next_card_and_undo_goes_back_one_tap() -> None:
    session = Session(editor_for("nomads"), {}, seed=1)
    enter_nomad_cards(session, [nomad_card(1)])
    assert "1 of 22 entered." in [m.english() for m in session.prompt().lines]
    session.answer({})  # the menu's default: card 2
    assert session.prompt().title.params == {"n": 2}
    session.undo()
    session.undo()
    last = session.prompt()
    assert last.title.params["n"] == 1 and last.title.params["c"].template == "Jagen"
    assert [f.default for f in last.fields] == [None, None]  # the answer was taken back
    session.redo()
    assert session.prompt().fields[0].default == "card-2"


def test_saving_an_incomplete_set_is_refused_and_names_what_is_missing() -> None:
    editor = editor_for("nomads")
    state = editor.new_state(editor.coerce_options({}), 1)
    with pytest.raises(IllegalInput, match="Not everything is entered yet: Nomad card 1"):
        editor.advance(state, {"go": SAVE})
    assert SAVE not in {c.value for c in editor.prompt(state).fields[0].choices}


def test_a_card_entered_twice_is_named_on_the_menu() -> None:
    session = Session(editor_for("nomads"), {}, seed=1)
    twin = dict(nomad_card(1), id=2)
    enter_nomad_cards(session, [nomad_card(1), twin])
    lines = [m.english() for m in session.prompt().lines]
    assert "Nomad cards 1 and 2 are entered the same" in " ".join(lines)


def test_correcting_the_own_set_starts_from_it_and_changes_one_card() -> None:
    editor = editor_for("nomads")
    own = copy.deepcopy(nomads_example())
    own["example"] = False
    session = Session(editor, {"start": own}, seed=1)
    menu = session.prompt()
    assert menu.fields[0].default == SAVE  # everything entered
    session.answer({"go": "card-5"})
    session.answer({"marked": "hunt", "big": "right", "small": "up", "workforce": 7})
    while session.prompt().step == PAGE_STEP:
        session.answer({})  # the card's columns as they were
    session.answer({"go": SAVE})
    saved = editor.result(session.state)
    assert saved["cards"][4]["workforce"] == 7 and saved["cards"][4]["marked"] == "hunt"
    assert saved["cards"][3] == own["cards"][3]


def test_a_start_set_that_fails_the_schema_is_refused() -> None:
    bad = copy.deepcopy(nomads_example())
    bad["cards"] = bad["cards"][:15]
    with pytest.raises(IllegalInput, match=r"start\.cards: needs at least 16"):
        Session(editor_for("nomads"), {"start": bad}, seed=1)


def test_card_faces_corrected_in_play_are_learned_into_the_entry() -> None:
    entries = [
        {"part": "card", "id": 3, "marked": "hunt", "big": "left", "small": "down", "workforce": 2},
        {"part": "card", "id": 3, "column": "migrate", "upper": "food", "lower": "tool"},
        {"part": "card", "id": 99, "marked": "hunt"},  # no such card: ignored
    ]
    session = Session(editor_for("nomads"), {"learned": entries}, seed=1)
    session.answer({"go": "card-3"})
    top = session.prompt()
    assert [f.default for f in top.fields] == ["hunt", "left", "down", 2]
    session.answer({})
    for _column in ("initiate", "develop"):
        session.answer({"upper": "idol", "lower": "idol"})
    assert [f.default for f in session.prompt().fields] == ["food", "tool"]


def test_the_schema_built_editor_checks_every_value_against_the_box() -> None:
    ensure_registered()
    editor = editor_for("tiles")
    session = Session(editor, {}, seed=1)
    session.answer({})
    page = session.prompt()
    assert [(f.key, f.kind, f.default) for f in page.fields] == [
        ("T1", "choice", "red"),
        ("T2", "choice", "red"),
        ("T3", "choice", "red"),
    ]
    with pytest.raises(IllegalInput):
        session.answer({"T1": "pink"})
    session.answer({"T1": "blue"})
    session.answer({"go": SAVE})
    assert editor.result(session.state) == {
        "tiles": {"T1": "blue", "T2": "red", "T3": "red"},
        "example": False,
    }
