"""The editors built from a schema (Targi, Robinson, Ante Portas) read well and walk by CONFIRM.

Every page of every item is opened: its title, lines, field labels and
option labels must be catalogue texts translated in German and Portuguese
(or the players' own names from the component data), never a schema key
made readable; confirming every page as shown saves exactly the set the
editor started from; and each game's own pages do what a player expects.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import rules.schema_editor as schema_editor
from rules.editor import MENU_STEP, PAGE_STEP, SAVED_STEP
from rules.registry import editor_for
from rules.schema_editor import SchemaEditor, clear_example_flags
from rules.session import Session
from rules.text import Msg

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("anteportas", "robinson", "targi")


@cache
def translated(lang: str) -> frozenset[str]:
    po = ROOT / "ui" / "locale" / lang / "LC_MESSAGES" / "tableside.po"
    with po.open("rb") as handle:
        return frozenset(m.id for m in read_po(handle) if m.id and m.string)


def strings_of(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)


def untranslated(message: Msg, entered: set[str]) -> Iterator[str]:
    literal = message.template.replace("{{", "{").replace("}}", "}")
    if literal not in entered:
        for lang in ("de", "pt"):
            if message.template not in translated(lang):
                yield f"{lang}: {message.template!r}"
    for value in message.params.values():
        if isinstance(value, Msg):
            yield from untranslated(value, entered)


def every_page(editor: SchemaEditor) -> Iterator[Any]:
    draft = editor.blank()
    for item in editor.items(draft):
        yield item.label
        for key in item.pages:
            yield editor.page(draft, key)


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_its_own_labelled_editor(name: str) -> None:
    editor = editor_for(name)
    assert isinstance(editor, SchemaEditor) and type(editor) is not SchemaEditor
    assert editor.labels


@pytest.mark.parametrize("name", GAMES)
def test_every_text_of_every_page_is_translated_and_no_key_shows(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fallbacks: list[str] = []
    real = schema_editor.readable

    def noted(key: str) -> str:
        fallbacks.append(key)
        return real(key)

    monkeypatch.setattr(schema_editor, "readable", noted)
    editor = editor_for(name)
    assert isinstance(editor, SchemaEditor)
    entered = set(strings_of(editor.blank()["data"]))
    found: set[str] = set()
    pages = 0
    for shown in every_page(editor):
        if isinstance(shown, Msg):
            found.update(untranslated(shown, entered))
            continue
        pages += 1
        texts = [shown.title, *shown.lines]
        for field in shown.fields:
            texts += [field.label, *(c.label for c in field.choices)]
        for text in texts:
            found.update(untranslated(text, entered))
        scene = shown.scene or {}
        if scene.get("title"):
            found.update(untranslated(Msg.from_json(scene["title"]), entered))
    assert pages > 10
    assert fallbacks == []
    assert sorted(found) == []


@pytest.mark.parametrize("name", GAMES)
def test_confirm_alone_walks_every_page_and_saves_the_set_it_started_from(name: str) -> None:
    editor = editor_for(name)
    assert isinstance(editor, SchemaEditor)
    session = Session(editor, {}, seed=1)
    steps = 0
    while not session.prompt().finished:
        assert session.prompt().step in (MENU_STEP, PAGE_STEP)
        session.answer({})
        steps += 1
        assert steps < 400
    assert session.prompt().step == SAVED_STEP
    saved = editor.result(session.state)
    expected = copy.deepcopy(editor.blank()["data"])
    clear_example_flags(expected)
    assert saved == expected


def test_ante_portas_is_one_page_per_card_grouped_by_deck() -> None:
    editor = editor_for("anteportas")
    assert isinstance(editor, SchemaEditor)
    draft = editor.blank()
    items = {item.key: item for item in editor.items(draft)}
    cards = draft["data"]["cards"]["cards"]
    decks = {k: v for k, v in items.items() if k.startswith("cards-")}
    assert set(decks) == {"cards-R1", "cards-R2", "cards-D1", "cards-D2"}
    assert sum(len(item.pages) for item in decks.values()) == len(cards) == 88
    assert sum(len(item.pages) for item in items.values()) < 130  # was about 300
    assert items["battleground"].pages == ("battleground",)


def place(hex_id: int, basic: int, elite: int) -> dict[str, int]:
    return {"hex": hex_id, "basic": basic, "elite": elite}


def test_an_ante_portas_card_page_draws_its_spawns_and_path_and_saves_corrections() -> None:
    editor = editor_for("anteportas")
    assert isinstance(editor, SchemaEditor)
    draft = editor.blank()
    index = next(i for i, c in enumerate(draft["data"]["cards"]["cards"]) if c["id"] == "R102")
    card = draft["data"]["cards"]["cards"][index]
    assert card["spawn"] == [place(24, 2, 0), place(25, 1, 0)]
    assert card["arrows"] == [{"dir": "down", "fire": False}] * 3
    key = f"cards/cards/{index}"
    page = editor.page(draft, key)
    assert page.title.params["card"] == "R102"
    assert [f.key for f in page.fields] == ["basic", "elite"]
    basic = page.fields[0]
    assert basic.default == {"24": 2, "25": 1, "26": 0, "27": 0, "28": 0}
    hexes = {h["id"]: h for h in page.scene["hexes"]}
    assert hexes["24"]["units"]["invaders"] == {"basic": 2, "elite": 0}
    # From #24 three times down on the example board (columns: 24, 19, 14, 9).
    assert page.scene["path"] == ["24", "19", "14", "9"]
    assert "Arrows: {arrows}" in [line.template for line in page.lines]
    # The box's card spawns 1 Elite more on #28 and none on #25.
    editor.apply(
        draft,
        key,
        {
            "basic": {"24": 2, "25": 0, "26": 0, "27": 0, "28": 0},
            "elite": {"24": 0, "25": 0, "26": 0, "27": 0, "28": 1},
        },
    )
    assert card["spawn"] == [place(24, 2, 0), place(28, 0, 1)]
    assert editor.entered(draft, key)


def test_ante_portas_battleground_page_taps_hexes() -> None:
    editor = editor_for("anteportas")
    assert isinstance(editor, SchemaEditor)
    draft = editor.blank()
    page = editor.page(draft, "battleground")
    fields = {f.key: f for f in page.fields}
    assert fields["spawn_point"].places == "hexes" and fields["spawn_point"].default == "2"
    assert fields["spawn_area"].default == ["24", "25", "26", "27", "28"]
    editor.apply(
        draft,
        "battleground",
        {
            "spawn_point": "3",
            "spawn_area": ["28", "24", "25", "26", "27"],
            "bottom_row": ["1", "2", "3", "4", "5"],
            "arrow_left": "down-left",
            "arrow_right": "down-right",
            "arrow_down": "down",
        },
    )
    ground = draft["data"]["battleground"]
    assert ground["spawn_point"] == 3 and ground["spawn_area"] == [24, 25, 26, 27, 28]


def test_robinson_invention_without_a_bonus_opens_and_takes_one() -> None:
    editor = editor_for("robinson")
    assert isinstance(editor, SchemaEditor)
    draft = editor.blank()
    inventions = draft["data"]["cards"]["inventions"]
    index = next(i for i, c in enumerate(inventions) if c["one_time_bonus"] is None)
    key = f"cards/inventions/{index}"
    field = editor.page(draft, key).fields[0]  # was a crash: dict(None)
    assert field.kind == "counts" and set(field.default.values()) == {0}
    editor.apply(draft, key, {"one_time_bonus": {**field.default}})
    assert inventions[index]["one_time_bonus"] is None  # nothing entered: still no bonus
    editor.apply(draft, key, {"one_time_bonus": {**field.default, "roof": 1}})
    assert inventions[index]["one_time_bonus"] == {"roof": 1}


def test_targi_rows_and_columns_count_from_one_on_the_screen() -> None:
    editor = editor_for("targi")
    assert isinstance(editor, SchemaEditor)
    draft = editor.blank()
    cells = draft["data"]["cells"]
    index = next(i for i, c in enumerate(cells) if c["label"] == "b3")
    key = f"cells/{index}"
    page = editor.page(draft, key)
    assert page.title.params == {"card": "b3"}
    fields = {f.key: f for f in page.fields}
    assert (fields["row"].default, fields["col"].default) == (3, 2)
    assert fields["row"].minimum == 1
    ringed = [c["id"] for c in page.scene["cells"] if c["highlight"]]
    assert ringed == ["b3"]
    editor.apply(draft, key, {"row": 3, "col": 2, "kind": "inner"})
    assert (cells[index]["row"], cells[index]["col"]) == (2, 1)
    robber = {f.key: f for f in editor.page(draft, "/").fields}["robber_start"]
    assert robber.places == "cells" and "b3" not in {c.value for c in robber.choices}


def saving_refused(editor: SchemaEditor, draft: dict[str, Any]) -> Msg:
    """What the menu says when SAVE is tapped on ``draft`` (every page confirmed)."""
    from rules.errors import IllegalInput

    with pytest.raises(IllegalInput) as refused:
        editor.result_of(draft)
    assert refused.value.field == "go"
    return refused.value.message


def in_german(message: Msg) -> str:
    from ui.i18n import translator

    return message.render(translator("de"))


def test_a_set_that_does_not_fit_together_names_the_page_and_why_in_the_players_language() -> None:
    """Rows and columns are entered card by card; two cards on one place are only seen when
    the whole set is saved: the refusal names the card's page and the other card, and is
    translated (it showed the schema's English text and path: 'cells: two cards share ...')."""
    editor = editor_for("targi")
    assert isinstance(editor, SchemaEditor)
    draft = editor.draft_of(editor.blank()["data"])  # every page entered
    cells = draft["data"]["cells"]
    index = next(i for i, c in enumerate(cells) if c["label"] == "c3")
    editor.apply(draft, f"cells/{index}", {"row": 3, "col": 2, "kind": "inner"})  # b3's place
    message = saving_refused(editor, draft)
    assert message.english() == (
        "Card c3 does not fit the rest of the set (card b3 has the same row and column)."
    )
    assert in_german(message) == (
        "Karte c3 passt nicht zum Rest des Satzes (Karte b3 hat dieselbe Reihe und Spalte)."
    )
    assert list(untranslated(message, set())) == []


def test_a_robinson_scenario_above_the_boxs_limits_is_named_with_its_field() -> None:
    editor = editor_for("robinson")
    assert isinstance(editor, SchemaEditor)
    draft = editor.draft_of(editor.blank()["data"])  # every page entered
    draft["data"]["limits"]["pawns"] = 2  # entered on the limits page
    scenario = draft["data"]["scenarios"][0]
    scenario["pawns"] = 3  # entered on the scenario's page
    message = saving_refused(editor, draft)
    assert message.english().endswith(
        "· Pawns per player does not fit the rest of the set "
        "(3 pawns are more than the limit of 2)."
    )
    assert "Spielfiguren je Spieler passt nicht zum Rest des Satzes" in in_german(message)
    assert "(3 Spielfiguren sind mehr als die Grenze von 2)" in in_german(message)
    assert list(untranslated(message, set(strings_of(draft["data"])))) == []


def test_an_ante_portas_card_spawning_on_too_many_hexes_is_refused_on_its_page() -> None:
    from rules.errors import IllegalInput

    editor = editor_for("anteportas")
    assert isinstance(editor, SchemaEditor)
    draft = editor.blank()
    ground = draft["data"]["battleground"]
    ground["spawn_area"] = sorted({*ground["spawn_area"], *range(13, 21)})  # the board's page
    key = "cards/cards/0"
    field = {f.key: f for f in editor.page(draft, key).fields}["basic"]
    everywhere = dict.fromkeys(field.default, 1)
    assert len(everywhere) > 10  # the Spawn Area
    with pytest.raises(IllegalInput) as refused:
        editor.apply(draft, key, {"basic": everywhere, "elite": dict.fromkeys(everywhere, 0)})
    assert refused.value.field == "basic"
    assert refused.value.message.english() == (
        f"A card spawns on at most 10 hexes; these counts spawn on {len(everywhere)}."
    )


@pytest.mark.parametrize("name", GAMES)
def test_careless_entries_are_refused_in_the_players_language(name: str) -> None:
    """Players confirm every page, now and then with random values the page allows; every
    refusal they meet, on a page or at SAVE, is a translated text (the players' own names
    aside), never a schema path or an English problem."""
    from types import SimpleNamespace

    from rules.errors import IllegalInput
    from tests.support.walker import random_answer

    editor = editor_for(name)
    assert isinstance(editor, SchemaEditor)
    met: list[Msg] = []
    for trial in range(40):
        rng = random.Random(trial)
        draft = editor.blank()
        entered = set(strings_of(draft["data"]))
        for item in editor.items(draft):
            for key in item.pages:
                fields = editor.page(draft, key).fields
                answer = {f.key: f.default for f in fields}
                if rng.random() < 0.1:
                    answer |= random_answer(SimpleNamespace(fields=fields), rng, keep_defaults=0.3)
                try:
                    editor.apply(draft, key, {f.key: f.coerce(answer.get(f.key)) for f in fields})
                except IllegalInput as refused:
                    met.append(refused.message)
                    editor.apply(draft, key, {f.key: f.coerce(f.default) for f in fields})
        try:
            editor.result_of(draft)
        except IllegalInput as refused:
            met.append(refused.message)
        for message in met:
            assert list(untranslated(message, entered)) == [], message.english()
            assert "[" not in message.english() and "_" not in message.english()
    if name in ("robinson", "targi"):
        assert any(m.template.startswith("{where} does not fit the rest") for m in met)
