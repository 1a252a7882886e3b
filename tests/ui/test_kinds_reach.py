"""Every field kind reaches every front end (issue 25 item 2): a kind that lacks a widget,
a terminal line or a test game's field fails here, not on a table."""

from __future__ import annotations

from rules.kinds import KINDS
from tests.ui.support.kinds_game import kinds_fields
from ui.app.fields import WIDGETS, FieldBox


def test_every_kind_names_a_widget_the_app_builds() -> None:
    for name, kind in KINDS.items():
        assert kind.widget in WIDGETS, f"{name}: no widget '{kind.widget}' in ui/app/fields.py"
    for build, update in WIDGETS.values():
        assert callable(getattr(FieldBox, build)) and callable(getattr(FieldBox, update))


def test_every_kind_says_how_to_answer_it_on_the_terminal() -> None:
    """Each kind has its own line (a kind that inherited another's would mislead)."""
    lines = {kind.how(field).english() for field in kinds_fields() for kind in [field.spec]}
    assert len(lines) == len(KINDS)


def test_the_kinds_test_game_asks_every_kind() -> None:
    """The GUI and terminal tests play the kinds game: it must ask each kind once."""
    assert sorted(f.kind for f in kinds_fields()) == sorted(KINDS)


def test_every_kind_has_a_form_value_a_view_and_button_box_stops() -> None:
    """Form, focus and presenters take every kind from the registry: each field of the kinds
    game starts with a value of its kind's shape, is shown, and (but names) has stops."""
    from ui.app.focus import Focus
    from ui.app.form import FormModel
    from ui.app.presenters import field_view
    from ui.i18n import translator

    fields = kinds_fields()
    form = FormModel(fields)
    focus = Focus(form)
    english = translator("en")
    for field in fields:
        spec = field.spec
        value = form.values[field.key]
        view = field_view(field, form, english)
        stops = [s for s in focus.stops if s.key == field.key]
        if spec.per_choice:
            assert isinstance(value, dict) and len(view.entries) == len(field.choices)
        elif spec.many:
            assert value == [] and len(view.entries) == len(field.choices)
        elif spec.picks:
            assert len(view.entries) == len(field.choices)
        assert (stops == []) == (spec.widget == "text"), field.kind
