"""A field never takes a value the players were not shown (issue 23).

A field that starts with a value (its ``default``, or a camera reading) can be
confirmed without a press; when it sits below the fold the players never saw
that value (Nomads' "Your turn" once recorded "no figure left / done"). So
CONFIRM first checks the fields out of view (the screen says which:
:attr:`LookFirst.out_of_view`): the first that starts with a value the
players have not set is scrolled into view, marked beside its caption ("Check
this answer...") and given the button box's focus, and nothing is confirmed;
the next CONFIRM takes it as shown. While a field is still empty CONFIRM is
refused as before (the refusal scrolls to that field); the players' own
answers are never stopped. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ui.app.form import FormModel
from ui.i18n import _

if TYPE_CHECKING:
    from ui.app.controller import AppController


#: The mark beside a field CONFIRM brought into view.
LOOK = _("Check this answer: confirm again to take it as shown.")


def _none() -> list[str]:
    return []


def _preset(form: FormModel, key: str) -> bool:
    """The field starts with a value the players did not give: its default, or the camera's."""
    return key in form.from_camera or (
        form.field(key).default is not None and form.values.get(key) is not None
    )


class LookFirst:
    """Which out-of-view fields of the form on screen were already brought into view."""

    def __init__(self) -> None:
        #: Keys of the fields on screen now outside the visible part (set by the screen;
        #: without a screen, as in the terminal and the benchmarks, none).
        self.out_of_view: Callable[[], list[str]] = _none
        self._form: FormModel | None = None
        self._shown: set[str] = set()

    def unseen(self, form: FormModel) -> str | None:
        """The first field out of view that would be confirmed with a value the players
        were not shown (it is remembered as shown from now on), else ``None``."""
        if form is not self._form:
            self._form, self._shown = form, set()
        keys = {f.key for f in form.fields}
        for key in self.out_of_view():
            if key not in keys or key in self._shown or key in form.answered:
                continue
            if not _preset(form, key):
                continue  # nothing set for them: CONFIRM refuses an empty field and shows it
            self._shown.add(key)
            return key
        return None

    def stops(self, c: AppController) -> bool:
        """CONFIRM: True when it brought an unseen field into view instead of confirming."""
        form = c.form
        if form is None or form.missing():
            return False  # a field left empty is refused first, and shown with its refusal
        key = self.unseen(form)
        if key is None:
            return False
        c.error = LOOK
        c.error_field = key
        focus = c.focus
        if focus is not None:  # its first stop: BOT/UNDO change it at once
            focus.index = next((i for i, s in enumerate(focus.stops) if s.key == key), None)
        c.on_change()
        return True


def confirm_as_shown(c: AppController) -> None:
    """CONFIRM until the step is taken as shown (each field out of view is shown first):
    what the screenshot walk and tests do where players would press CONFIRM again."""
    for _field in range(len(c.form.fields) + 1 if c.form is not None else 1):
        c.press_confirm()
        if c.error != LOOK:
            return
