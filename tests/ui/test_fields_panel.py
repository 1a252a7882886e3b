"""The step's field widgets are kept and updated, never rebuilt for a field asked again."""

from __future__ import annotations

from typing import Any


def _options(key: str, values: list[str], chosen: str = "") -> Any:
    from ui.app.presenters import EntryView, FieldView

    entries = tuple(EntryView(value=v, label=f"Place {v}", selected=v == chosen) for v in values)
    return FieldView(key=key, kind="multi", label=key.title(), entries=entries)


def _panel() -> tuple[Any, list[tuple[str, str]]]:
    from ui.app.fields import Actions, FieldsPanel

    chosen: list[tuple[str, str]] = []
    actions = Actions(
        step=lambda *_a: None,
        choose=lambda key, value: chosen.append((key, value)),
        set_bool=lambda *_a: None,
        set_text=lambda *_a: None,
    )
    panel = FieldsPanel()
    panel.actions = actions
    return panel, chosen


TEXTS = {"camera": "camera", "check": "please check", "yes": "Yes", "no": "No"}


def test_a_field_asked_again_with_other_places_keeps_its_buttons(kivy_window) -> None:
    """An autumn member's lists name places from where it stands: same buttons, new options."""
    panel, chosen = _panel()
    first = (_options("tiles", ["1@2", "1@3", "2@2", "2@3"]), _options("camp", ["a", "b"]))
    panel.show(first, panel.actions, TEXTS)
    box = panel.boxes["tiles"]
    buttons = list(box.option_buttons)

    panel.show((), panel.actions, TEXTS)  # a step between that asks nothing
    assert panel.children == []

    # The next member: the fields in another order, other places, the same number of them.
    again = (_options("camp", ["c", "d"]), _options("tiles", ["1@0", "1@1", "2@0", "2@1"], "1@1"))
    panel.show(again, panel.actions, TEXTS)
    assert panel.boxes["tiles"] is box and box.option_buttons == buttons
    assert [b.field_key for b in buttons] == ["tiles=1@0", "tiles=1@1", "tiles=2@0", "tiles=2@1"]
    assert [b.text for b in buttons] == ["Place 1@0", "Place 1@1", "Place 2@0", "Place 2@1"]
    assert [b.selected for b in buttons] == [False, True, False, False]
    assert sorted(box.focusable) == ["tiles.1@0", "tiles.1@1", "tiles.2@0", "tiles.2@1"]
    assert [b.view.key for b in reversed(panel.children)] == ["camp", "tiles"]

    buttons[2].dispatch("on_release")
    assert chosen == [("tiles", "2@0")]


def test_a_field_with_another_number_of_options_gets_new_buttons(kivy_window) -> None:
    panel, _chosen = _panel()
    panel.show((_options("tiles", ["a", "b", "c"]),), panel.actions, TEXTS)
    box = panel.boxes["tiles"]
    panel.show((_options("tiles", ["a", "b", "c", "d"]),), panel.actions, TEXTS)
    assert panel.boxes["tiles"] is not box
    assert [b.field_key for b in panel.boxes["tiles"].option_buttons] == [
        "tiles=a",
        "tiles=b",
        "tiles=c",
        "tiles=d",
    ]


def test_spare_boxes_are_bounded(kivy_window) -> None:
    from ui.app.fields import LONG_LIST, SPARE_LABELS

    panel, _chosen = _panel()
    shown = [str(n) for n in range(LONG_LIST)]  # the longest list shown open
    keys = [f"m{n}" for n in range(1, 41)]
    for key in keys:
        panel.show((_options(key, shown),), panel.actions, TEXTS)
    panel.show((), panel.actions, TEXTS)
    # A box holds its buttons and its caption, hint, help, check and refusal labels.
    kept = SPARE_LABELS // (LONG_LIST + 5)
    assert 0 < kept < len(keys)
    assert [shape[0] for shape in panel._spares] == keys[-kept:]


def test_the_same_text_in_the_same_box_fits_the_same_way_once_measured(kivy_window) -> None:
    from ui.app.widgets import FitLabel

    text = "Einstellungsmöglichkeiten und Spielvarianten"
    narrow = [FitLabel(text=text, size=(150, 60), size_hint=(None, None)) for _ in range(2)]
    wide = FitLabel(text=text, size=(700, 60), size_hint=(None, None))
    assert narrow[0].font_size == narrow[1].font_size < wide.font_size == wide.max_font_size
    narrow[1].width = 700  # a new size is fitted again, not taken from the narrow box
    assert narrow[1].font_size == wide.font_size


def _long_choice(chosen: str) -> Any:
    from ui.app.presenters import EntryView, FieldView

    entries = tuple(
        EntryView(value=f"h{n}", label=f"Space {n}", selected=f"h{n}" == chosen) for n in range(61)
    )
    return FieldView(key="m1", kind="choice", label="Where member 1 stands", entries=entries)


def test_a_long_choice_list_shows_its_choice_and_opens_on_a_tap(kivy_window) -> None:
    """61 spaces per member: closed it is the choice and "Change (61)"; a pick closes it."""
    from ui.app.fields import LONG_LIST

    assert LONG_LIST < 61
    panel, chosen = _panel()
    texts = {**TEXTS, "change": "Ändern", "close": "Liste schließen", "none": "noch nichts"}
    panel.show((_long_choice("h7"),), panel.actions, texts)
    box = panel.boxes["m1"]
    assert box.option_buttons == [] and box.options == {}  # no button built while closed
    assert (box.chosen.text, box.list_button.text) == ("Space 7", "Ändern (61)")
    assert list(box.focusable) == ["m1"]  # one focus stop: BOT/UNDO step through the spaces

    box.list_button.dispatch("on_release")
    assert len(box.option_buttons) == 61 and box.list_button.text == "Liste schließen"
    assert [b.selected for b in box.option_buttons].index(True) == 7
    box.options["h30"].dispatch("on_release")
    assert chosen == [("m1", "h30")]
    assert box.option_buttons == [] and box.list_button.text == "Ändern (61)"

    panel.show((_long_choice("h30"),), panel.actions, texts)  # the controller's update
    assert box.chosen.text == "Space 30"
    panel.show((_long_choice(""),), panel.actions, texts)
    assert box.chosen.text == "noch nichts"


def test_a_long_multi_list_opens_when_the_focus_steps_onto_an_option(kivy_window) -> None:
    """24 places per list: the button box's NEXT walks them, so reaching one opens the list."""
    panel, chosen = _panel()
    places = [f"p{n}" for n in range(24)]
    panel.show((_options("tiles", places, "p5"),), panel.actions, TEXTS)
    box = panel.boxes["tiles"]
    # Closed, the list is one stop of its own (NEXT passes it whole, BOT opens it).
    assert box.option_buttons == [] and list(box.focusable) == ["tiles"]
    # Ringed; the whole box is what comes into view (its caption and what BOT does there).
    assert panel.set_focus("tiles") is box and box.focusable["tiles"].focused
    assert box.chosen.text == "Place p5"

    ringed = panel.set_focus("tiles.p9")
    assert ringed is box.options["p9"] and ringed.focused
    assert sorted(box.focusable) == sorted(["tiles", *(f"tiles.{p}" for p in places)])
    box.options["p2"].dispatch("on_release")  # a toggle: the list stays open
    assert chosen == [("tiles", "p2")] and len(box.option_buttons) == 24

    from ui.app.presenters import EntryView, FieldView

    both = tuple(EntryView(value=p, label=f"Place {p}", selected=p in ("p2", "p5")) for p in places)
    panel.show(
        (FieldView(key="tiles", kind="multi", label="Tiles", entries=both),), panel.actions, TEXTS
    )
    assert box.chosen.text == "Place p2, Place p5"
    box.list_button.dispatch("on_release")  # Close list
    assert box.option_buttons == [] and list(box.focusable) == ["tiles"]
