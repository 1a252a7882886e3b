"""A field never takes a value the players were not shown (issue 23), at one CONFIRM's cost.

A field that starts with a value (its ``default``, or a camera reading) can be
confirmed without a press; when it sits below the fold the players never saw
that value (Nomads' "Your turn" once recorded "no figure left / done"). So a
player's CONFIRM first checks the fields out of view (the screen says which:
:attr:`LookFirst.out_of_view`). When some start with a value the players have
not set, nothing is confirmed: the first of them is scrolled into view, given
the button box's focus and marked; with more than one, the mark sums up each
of them with its value ("Check these answers: Order: Tribe, Anna, Ben; Any
VP: no. Confirm again ...") and the picture beside the fields makes way for
it. Every field the mark names now counts as shown, so the next CONFIRM takes
the step: one extra press per step. Only when the mark would not fit in one
view (the screen measures it: :attr:`LookFirst.fits`; Marauders' autumn with
many members out of view) does it name as many as fit, and the next CONFIRM
shows the rest the same way.

A field counts as shown too once it was drawn in view: at the top of the step,
after a finger's scroll, or where the button box's focus took it (NEXT, BOT,
UNDO scroll it into view: :meth:`LookFirst.seen`), and so does every field the
step's preset line names with its value ("Preset below (check): Joker goods
tile: none."), drawn above the fields, once the screen measured that whole line
in view (:meth:`LookFirst.listed`): the players saw each preset before their
first CONFIRM, so that CONFIRM takes the step. While a field is still
empty CONFIRM is refused as before (the refusal scrolls to that field); the
players' own answers are never stopped. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.text import Msg, Translator
from ui.app.form import FormModel
from ui.i18n import _

if TYPE_CHECKING:
    from ui.app.controller import AppController


#: The mark beside the one field CONFIRM brought into view.
LOOK = _("Check this answer: confirm again to take it as shown.")
#: The mark when several fields out of view start with a value: each with its value.
LOOK_ALL = _("Check these answers: {fields}. Confirm again to take them as shown.")
#: The line above a step's fields naming each field that starts with a value, with it.
PRESET = _("Preset below (check): {fields}.")


def _none() -> list[str]:
    return []


def looking(error: Msg | None) -> bool:
    """True when ``error`` is the look-first mark (CONFIRM showed fields instead of confirming)."""
    return error is not None and error.template in (LOOK.template, LOOK_ALL.template)


@dataclass(frozen=True)
class Shown(Msg):
    """The fields CONFIRM shows and their values now, ``Caption: value; ...``, rendered in the
    language of the screen (the values read from the form each time it is drawn)."""

    form: FormModel | None = None
    keys: tuple[str, ...] = ()

    def render(self, translate: Translator | None = None) -> str:
        from ui.app.presenters import fields_text

        if self.form is None:
            return ""
        fields = [self.form.field(key) for key in self.keys]
        return fields_text(fields, self.form.values, translate or (lambda text: text))


def _preset(form: FormModel, key: str, correcting: bool = False) -> bool:
    """The field starts with a value the players did not give: its default, or the camera's.

    On a bot's step (``correcting``) the fields only correct what the assistant tracked,
    and their defaults *are* that tracked state, not a guess; so is a ``tracked`` field's
    on any step (Marauders' markers on the control board now), and an ``optional``
    extra's "nothing else" (Robinson's "Other changes to record"): not the step's
    question. There only a camera value that differs from it must be seen.
    """
    field = form.field(key)
    if correcting or field.tracked or field.optional:
        return key in form.from_camera and form.values.get(key) != field.default
    return key in form.from_camera or (
        field.default is not None and form.values.get(key) is not None
    )


class LookFirst:
    """Which preset fields of the form on screen the players were shown."""

    def __init__(self) -> None:
        #: Keys of the fields on screen now outside the visible part (set by the screen;
        #: without a screen, as in the terminal, none).
        self.out_of_view: Callable[[], list[str]] = _none
        #: Whether a mark (its text) beside field ``key`` fits in one view (set by the
        #: screen, which measures it as it would draw it; without a screen, always).
        self.fits: Callable[[str, str], bool] = lambda key, text: True
        self._form: FormModel | None = None
        self._shown: set[str] = set()
        self._listed: list[str] = []

    def _on(self, form: FormModel) -> set[str]:
        """The keys shown on ``form`` (forgotten when another form is on screen)."""
        if form is not self._form:
            self._form, self._shown, self._listed = form, set(), []
        return self._shown

    def listed(self, form: FormModel, correcting: bool = False) -> list[str]:
        """The fields the step's preset line names: every field that starts with a value the
        players did not give (:func:`_preset`), in screen order. A key once named stays named
        on this form (a camera value arriving later adds its field), so the line never
        shrinks under a finger."""
        self._on(form)
        for field in form.fields:
            if field.key not in self._listed and _preset(form, field.key, correcting):
                self._listed.append(field.key)
        return list(self._listed)

    def preset_line(self, form: FormModel, correcting: bool = False) -> Msg | None:
        """The line above the fields naming each preset field with its value now, or None."""
        keys = self.listed(form, correcting)
        if not keys:
            return None
        return _(PRESET.template, fields=Shown("-", form=form, keys=tuple(keys)))

    def seen(self, form: FormModel, keys: Iterable[str]) -> None:
        """The fields ``keys`` of ``form`` were drawn in view (the screen measured them after
        the layout settled, or the button box's focus scrolled them there): shown."""
        known = {f.key for f in form.fields}
        self._on(form).update(key for key in keys if key in known)

    def unseen(self, form: FormModel, correcting: bool = False) -> list[str]:
        """The fields out of view that would be confirmed with a value the players were not
        shown, in screen order (``correcting``: on a bot's step, see :func:`_preset`)."""
        shown = self._on(form)
        keys = {f.key for f in form.fields}
        return [
            key
            for key in dict.fromkeys(self.out_of_view())
            if key in keys
            and key not in shown
            and key not in form.answered
            # nothing set for them: CONFIRM refuses an empty field and shows it
            and _preset(form, key, correcting)
        ]

    def stops(self, c: AppController) -> bool:
        """CONFIRM: True when it brought unseen fields into view instead of confirming."""
        form = c.form
        if form is None or form.missing():
            return False  # a field left empty is refused first, and shown with its refusal
        keys = self.unseen(form, correcting(c))
        if not keys:
            return False
        mark = LOOK
        for count in range(len(keys), 1, -1):  # as many as one view shows (most often all)
            summary = mark_for(form, keys[:count])
            if self.fits(keys[0], c.text(summary)):
                mark, keys = summary, keys[:count]
                break
        else:
            keys = keys[:1]
        self._on(form).update(keys)
        c.error, c.error_field = mark, keys[0]
        focus = c.focus
        if focus is not None:  # its first stop: BOT/UNDO change it at once
            focus.index = next((i for i, s in enumerate(focus.stops) if s.key == keys[0]), None)
        c.on_change()
        return True


def correcting(c: AppController) -> bool:
    """The step on screen is a bot's step: its fields only correct what was tracked."""
    session = c.service.session
    return session is not None and session.prompt().decision is not None


def mark_for(form: FormModel, keys: list[str]) -> Msg:
    """The mark naming ``keys`` with their values (the one-field mark for a single key)."""
    if len(keys) == 1:
        return LOOK
    return _(LOOK_ALL.template, fields=Shown("-", form=form, keys=tuple(keys)))


def confirm_as_shown(c: AppController) -> None:
    """CONFIRM, and again while it showed fields out of view first (once; more only for a
    mark that did not fit one view): what the screenshot walk and tests do where players
    would press CONFIRM again."""
    for _press in range(len(c.form.fields) + 1 if c.form is not None else 1):
        c.press_confirm()
        if not looking(c.error):
            return
