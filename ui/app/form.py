"""The values being entered for one prompt, before CONFIRM sends them.

A :class:`FormModel` starts each field from its default, else empty; the camera's
readings (:meth:`FormModel.read_camera`, on a worker thread in the app) then fill the
fields that name one (:meth:`FormModel.apply_camera`, on the UI thread);
a camera field the camera left to the players keeps the camera's reason
(``CameraFeed.please_check``) for the screen's "please check";
steppers, choice buttons, toggles and taps on the board picture change it;
:meth:`FormModel.answer` hands the values to :meth:`rules.prompt.Prompt.coerce`
via the service, which names the field of any value it refuses. No Kivy here.

Every change says whether it changed anything, so the screen redraws only the
field that changed (a stepper tap updates one number, nothing else).

What a change does is the field's kind's (``rules.kinds``, :meth:`FormModel.press`):

- ``counts``: one entry steps by +/-1, clamped to the field's ``minimum``
  (default 0), its ``maximum`` and the choice's ``limit``;
- ``int``: steps, clamped; an empty one starts at 0 (or the bound nearest to it);
- ``choice``: selects the option (BOT/UNDO walk the options as a ring);
- ``multi``: toggles the option; at the most allowed (``maximum``) a new
  pick replaces the only one when one is allowed, else it is refused;
- ``order``: appends the option (its number is its place in the order); a
  chosen option is taken out and the later ones move up;
- ``bool``: yes or no;
- ``text``: a name typed on the (on-screen) keyboard.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.camera import (
    SIDES,
    ColourGains,
    ColourTotals,
    PrioritySide,
    camera_request,
    marker_steps,
)
from rules.prompt import Field
from rules.text import Msg
from ui.app.camera import CameraFeed, please_check
from ui.i18n import _

#: A camera field's value (None: the players enter it) and "please check", by field key.
CameraAnswers = dict[str, tuple[Any | None, Msg | None]]


class FormModel:
    """Editable values for a sequence of :class:`Field` objects."""

    def __init__(self, fields: Sequence[Field], camera: CameraFeed | None = None) -> None:
        self.fields = tuple(fields)
        self.values: dict[str, Any] = {}
        #: Keys whose value came from the camera (the screen marks them).
        self.from_camera: set[str] = set()
        #: Camera fields the camera left to the players, with its reason ("please check").
        self.camera_notes: dict[str, Msg] = {}
        #: Keys the players set themselves: the camera no longer changes them.
        self.answered: set[str] = set()
        for field in self.fields:
            self.values[field.key] = self._start(field)
        if camera is not None:  # read here, at once (the app reads off its UI thread)
            self.apply_camera(self.read_camera(camera))

    @property
    def camera_fields(self) -> tuple[Field, ...]:
        """The fields a camera reading can fill."""
        return tuple(f for f in self.fields if f.camera)

    def read_camera(self, camera: CameraFeed) -> CameraAnswers:
        """Every camera field's value and "please check" from ``camera`` now. A reading
        takes frames: the app calls this on a worker thread; it changes nothing here
        (:meth:`apply_camera` does, on the UI thread)."""
        answers: CameraAnswers = {}
        for field in self.camera_fields:
            asked = self._asked(field)
            reading = camera.read(asked) if asked is not None else None
            if asked is not None and asked is not field:
                reading = self._gains(field, asked, reading)
            note = please_check(camera, asked) if asked is not None else None
            request = camera_request(field.camera)
            if isinstance(request, ColourGains) and request.reads_marker:
                reading, note = self._marker(camera, field, request, reading, note)
            answers[field.key] = (copy.deepcopy(reading), note)
        return answers

    def _marker(
        self,
        camera: CameraFeed,
        field: Field,
        request: ColourGains,
        value: Any | None,
        note: Msg | None,
    ) -> tuple[Any | None, Msg | None]:
        """A :class:`~rules.camera.ColourGains` field that also asks for the priority
        marker's steps (the Marauders development points): the camera's
        :class:`~rules.camera.PrioritySide` reading less the side the game tracked
        (:func:`~rules.camera.marker_steps`) goes into the ``steps`` entry; a marker
        not seen surely leaves that entry to the players, and the note says why."""
        assert request.marker is not None and request.steps is not None
        asked = Field(key=field.key, label=field.label, kind="int", camera=PrioritySide())
        side = camera.read(asked)
        if isinstance(side, int) and 0 <= side < SIDES:
            value = dict(value if isinstance(value, dict) else self._start(field) or {})
            value[request.steps] = marker_steps(request.marker, side)
            return value, note
        why = please_check(camera, asked)
        if why is None:
            return value, note  # a camera without a marker reading (none, or scripted)
        entry = next((c.label for c in field.choices if c.value == request.steps), None)
        words = _("{entry}: please check ({why})", entry=entry, why=why) if entry else why
        return value, words if note is None else _("{first}; {rest}", first=note, rest=words)

    def apply_camera(self, answers: CameraAnswers) -> list[str]:
        """Fill the camera fields the players have not set from :meth:`read_camera`'s
        ``answers``; returns the keys whose value or note changed."""
        changed = []
        for key, (reading, note) in answers.items():
            if key in self.answered or key not in self.values:
                continue
            before = (copy.deepcopy(self.values[key]), self.camera_notes.get(key))
            if reading is not None:
                self.values[key] = copy.deepcopy(reading)
                self.from_camera.add(key)
            else:
                self.from_camera.discard(key)
            if note is not None:
                self.camera_notes[key] = note
            else:
                self.camera_notes.pop(key, None)
            if (self.values[key], self.camera_notes.get(key)) != before:
                changed.append(key)
        return changed

    def refill(self, camera: CameraFeed) -> list[str]:
        """The camera saw the table change: fill again the camera fields the players have
        not set; returns the keys whose value or note changed."""
        return self.apply_camera(self.read_camera(camera))

    def _asked(self, field: Field) -> Field | None:
        """The camera field whose reading fills ``field``: itself, or for
        :class:`~rules.camera.ColourGains` the form's ``ColourTotals`` field (None: none),
        or, when the request names what the game tracked, a ``ColourTotals`` field of it."""
        request = camera_request(field.camera)
        if not isinstance(request, ColourGains):
            return field
        if request.tracked is not None:
            return replace(field, default=dict(request.tracked), camera=ColourTotals())
        return next(
            (f for f in self.fields if isinstance(camera_request(f.camera), ColourTotals)), None
        )

    def _gains(self, field: Field, tracked: Field, totals: Any) -> Any | None:
        """A ``colour_gains`` field (markers that came onto the trays, e.g. the Marauders
        news panel): the camera's colour totals minus what the game tracked (the
        default of the form's ``colour_totals`` field, ``tracked``); its other entries
        keep their default."""
        if not isinstance(totals, dict):
            return None
        before = dict(tracked.default or {})
        value = dict(self._start(field) or {})
        for colour, n in totals.items():
            if colour in value:
                value[colour] = max(0, int(n) - int(before.get(colour, 0)))
        return value

    @staticmethod
    def _start(field: Field) -> Any:
        if field.default is not None:
            return copy.deepcopy(field.default)
        return field.spec.empty(field)

    def field(self, key: str) -> Field:
        for field in self.fields:
            if field.key == key:
                return field
        raise KeyError(key)

    # -- changing --------------------------------------------------------------------

    def step(self, key: str, delta: int, entry: str | None = None) -> bool:
        """Add ``delta`` to an ``int`` field (or one ``entry`` of a ``counts`` field), clamped.

        Returns whether the value changed (at a limit it does not).
        """
        if not self.field(key).spec.stepped:
            raise ValueError(f"field '{key}' has no stepper")
        return self.press(key, entry, delta, touched=delta == 0)

    def press(
        self, key: str, entry: str | None, delta: int, touched: bool = False, turn: bool = False
    ) -> bool:
        """BOT (``delta`` > 0) or UNDO (< 0) on one stop of ``key`` as its kind says
        (:meth:`rules.kinds.Kind.press`); returns whether the value changed. ``touched``:
        the players set it even when nothing changed (a first tap on an empty number).
        ``turn``: the stop is a digit of a wide number, turned as a wheel
        (:meth:`rules.kinds.Kind.turn`: the button box only; a finger steps plainly)."""
        field = self.field(key)
        before = self.values[key]
        act = field.spec.turn if turn else field.spec.press
        after = act(field, copy.deepcopy(before), entry, delta)
        changed = bool(after != before)
        self.values[key] = after
        if changed or touched:
            self._answered(key)
        return changed

    def _answered(self, key: str) -> None:
        """The players set ``key`` themselves: no longer "from the camera" or "please check"."""
        self.answered.add(key)
        self.from_camera.discard(key)
        self.camera_notes.pop(key, None)

    def choose(self, key: str, value: str) -> bool:
        """Select ``value`` (``choice``), toggle it (``multi``) or add/remove it (``order``).

        Returns whether the value changed (a ``multi`` field already at its most
        refuses a further pick).
        """
        field = self.field(key)
        if value not in {c.value for c in field.choices}:
            raise ValueError(f"'{value}' is not a choice of '{key}'")
        before = self.values[key]
        after = field.spec.tap(field, copy.deepcopy(before), value)
        if after is None or (after == before and not field.spec.many):
            return False
        self.values[key] = after
        self._answered(key)
        return True

    def pick(self, key: str, value: str, on: bool) -> bool:
        """Put ``value`` into (``on``) or out of a multi/order field: the button box's +/-."""
        return self.press(key, value, 1 if on else -1)

    def cycle(self, key: str, delta: int) -> bool:
        """Select the next (``delta`` > 0) or previous option of a ``choice`` field.

        The options are a ring: after the last comes the first again, before the
        first the last (the button box reaches the end of a list in one UNDO)."""
        return self.press(key, None, delta)

    def set_bool(self, key: str, value: bool) -> bool:
        return self.press(key, None, 1 if value else -1)

    def toggle(self, key: str) -> bool:
        self.values[key] = not bool(self.values[key])
        self._answered(key)
        return True

    def set_text(self, key: str, text: str) -> bool:
        changed = self.values.get(key) != text
        self.values[key] = text
        if changed:
            self._answered(key)
        return changed

    # -- reading ---------------------------------------------------------------------

    def missing(self) -> list[Field]:
        """Fields still without a value (CONFIRM would be refused)."""
        return [f for f in self.fields if self.values.get(f.key) is None]

    def answer(self) -> dict[str, Any]:
        """The values to confirm; empty ones are left out so the rules name them."""
        return {k: copy.deepcopy(v) for k, v in self.values.items() if v is not None}
