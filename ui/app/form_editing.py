"""Editing the form on screen: touch and the button box change it the same way.

A mixin of :class:`ui.app.controller.AppController`. The steppers, option
buttons, toggles, the text box and taps on the board picture call these
methods; the value changes in the :class:`ui.app.form.FormModel` (as the
field's kind says, ``rules.kinds``), the button box's focus follows the
finger, a refusal beside the changed field goes, and only that field's
widgets are redrawn (``on_field``). No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.text import Msg, Translator
from ui.app import presenters
from ui.app.focus import Focus
from ui.app.form import FormModel
from ui.i18n import _


class FormEditing:
    """The form's changes and views (see the module docs)."""

    screen: str
    form: FormModel | None
    setup_form: FormModel | None
    focus: Focus | None
    error: Msg | None
    error_field: str
    ticked: set[int]
    on_change: Callable[[], None]
    on_field: Callable[[str], None]

    if TYPE_CHECKING:

        @property
        def tr(self) -> Translator: ...
        def text(self, message: Msg) -> str: ...
        def _refused(self, exc: Exception | Msg, prefix: Msg | None = None) -> None: ...

    def _form_changed(self, key: str, changed: bool, entry: str | None = None) -> None:
        if self.focus is not None and self.screen in ("play", "checklist"):
            self.focus.focus(key, entry)  # the focus follows the finger
        if changed and self.error_field.split(".")[0] == key:
            self.error, self.error_field = None, ""
            self.on_change()  # the refusal beside the field goes
            return
        self.on_field(key)

    def step(self, key: str, delta: int, entry: str | None = None) -> None:
        self._form_changed(key, self.current_form().step(key, delta, entry), entry)

    def choose(self, key: str, value: str) -> None:
        form = self.current_form()
        entry = value if form.field(key).spec.many else None
        self._form_changed(key, form.choose(key, value), entry)

    def set_bool(self, key: str, value: bool) -> None:
        self._form_changed(key, self.current_form().set_bool(key, value))

    def set_text(self, key: str, text: str) -> None:
        self.current_form().set_text(key, text)

    def pick_place(self, layer: str, place: str) -> bool:
        """A tap on a place of the board picture: pick it for the field asking for that layer.

        Returns False (and says why) when no field of this step picks from that
        layer or the place is not one of its options.
        """
        form = self.form
        if form is None:
            return False
        for fld in form.fields:
            if fld.places == layer:
                if place not in {c.value for c in fld.choices}:
                    self._refused(_("That place cannot be chosen now."))
                    return False
                self.choose(fld.key, place)
                return True
        return False

    def toggle_tick(self, index: int) -> None:
        self.ticked ^= {index}
        self.on_change()

    def current_form(self) -> FormModel:
        """The form the screen's steppers and buttons change (set-up or current step)."""
        form = self.setup_form if self.screen == "setup" else self.form
        assert form is not None
        return form

    def setup_view(self) -> tuple[presenters.FieldView, ...]:
        if self.setup_form is None:
            return ()
        return tuple(
            presenters.field_view(f, self.setup_form, self.tr) for f in self.setup_form.fields
        )

    def field_view(self, key: str) -> presenters.FieldView:
        """The view of one field of the form on screen (after a change of its value)."""
        form = self.current_form()
        error = (
            self.text(self.error) if self.error and self.error_field.split(".")[0] == key else ""
        )
        return presenters.field_view(form.field(key), form, self.tr, error)

    def focused_name(self) -> str | None:
        """The ``field_key`` of the widget the button box's focus is on (None: nowhere)."""
        if self.screen not in ("play", "checklist") or self.focus is None:
            return None
        stop = self.focus.stop
        return stop.name if stop is not None else None
