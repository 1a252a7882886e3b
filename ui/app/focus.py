"""The button box's focus on a step's fields: NEXT moves it, BOT and UNDO act as + and -.

With only the four buttons a whole game is played like this (docs/ui.md):

- **NEXT** moves the focus to the next *stop*: each entry of a ``counts``
  field (one colour), an ``int`` or ``bool`` field, a ``choice`` field, each
  option of a ``multi`` or ``order`` field (or each place of the board picture
  they pick from); after the last stop the focus rests on CONFIRM, one more
  NEXT takes it off the fields.
- A **long list** (a ``multi`` or ``order`` field of more than
  :data:`LONG_LIST` options, shown closed) is one stop: NEXT passes it whole,
  BOT opens it on its first option, UNDO on its last; inside, NEXT walks the
  options and leaves the list after the last one. So a step of seven lists of
  24 places costs one NEXT per list the table does not need.
- **BOT** is + on the focused stop: one more marker, the next option, "yes",
  pick this option (an ``order`` field appends it: its number is its place).
- **UNDO** is - on the focused stop: one marker less, the previous option,
  "no", take this option out.
- Without focus BOT shows the bot's reasoning and UNDO goes back one step, as
  before; **CONFIRM** always confirms the step with the values shown.

Which stops a field has and what + and - do there is its kind's
(``rules.kinds.Kind.stop_entries`` and ``press``). ``text`` fields (names) have
no stop: they are typed on the touchscreen's keyboard. No Kivy here.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.prompt import Field
from ui.app.form import FormModel

CONFIRM_STOP = "confirm"

#: A field with more options than this is shown closed (its picks and a Change button)
#: and is one stop for the button box until BOT or UNDO opens it.
LONG_LIST = 12

#: A number that can reach this gets a tens stop before its ones stop.
TENS_FROM = 100


@dataclass(frozen=True)
class Stop:
    """One place the focus can rest: a field and, for per-option kinds, one entry."""

    key: str
    entry: str | None = None
    #: An option inside a long list: NEXT reaches it only once BOT/UNDO opened the list.
    inner: bool = False
    #: What one BOT adds (UNDO takes away) on a number: 10 on a wide number's tens stop.
    step: int = 1

    @property
    def name(self) -> str:
        """The focused widget's name (its ``field_key``): ``paid.red``, ``action``, ``keep=A``."""
        if self.key == CONFIRM_STOP:
            return CONFIRM_STOP
        return self.key if self.entry is None else f"{self.key}.{self.entry}"


def stops(fields: tuple[Field, ...]) -> list[Stop]:
    out: list[Stop] = []
    for field in fields:
        if is_long_list(field):
            out.append(Stop(field.key))
            out.extend(Stop(field.key, c.value, inner=True) for c in field.choices)
        else:
            spec = field.spec
            for entry in spec.stop_entries(field):
                limit = next((c.limit for c in field.choices if c.value == entry), None)
                if spec.stepped and _wide(field, limit):
                    out.append(Stop(field.key, entry, step=10))
                out.append(Stop(field.key, entry))
    if out:
        out.append(Stop(CONFIRM_STOP))
    return out


def _wide(field: Field, limit: int | None) -> bool:
    """A number bounded at :data:`TENS_FROM` or more (unbounded ones are small counts)."""
    if field.maximum is None:
        return False
    return min(field.maximum, limit if limit is not None else field.maximum) >= TENS_FROM


def is_long_list(field: Field) -> bool:
    """A ``multi`` or ``order`` field the screen shows closed: one stop until opened."""
    return field.spec.many and len(field.choices) > LONG_LIST


class Focus:
    """Where the button box's focus is on one form (``None``: nowhere)."""

    def __init__(self, form: FormModel) -> None:
        self.form = form
        self.stops = stops(form.fields)
        self.index: int | None = None

    @property
    def stop(self) -> Stop | None:
        return None if self.index is None else self.stops[self.index]

    @property
    def on_field(self) -> bool:
        """True while a field (not CONFIRM, not nothing) has the focus: BOT/UNDO are +/-."""
        stop = self.stop
        return stop is not None and stop.key != CONFIRM_STOP

    def next(self) -> Stop | None:
        """NEXT: the next stop; after CONFIRM, no focus (UNDO and BOT are theirs again)."""
        if not self.stops:
            return None
        if self.index is None:
            self.index = 0
        else:
            here = self.stops[self.index]
            index = self.index + 1
            if self._is_closed_list(here):  # pass the whole list
                while index < len(self.stops) and self.stops[index].inner:
                    index += 1
            self.index = index if index < len(self.stops) else None
        return self.stop

    def _is_closed_list(self, stop: Stop) -> bool:
        """The stop of a long list itself (its options follow it as inner stops)."""
        return (
            stop.entry is None
            and stop.key != CONFIRM_STOP
            and is_long_list(self.form.field(stop.key))
        )

    def focus(self, key: str, entry: str | None = None) -> None:
        """Put the focus where a finger just changed something (touch and buttons agree)."""
        here = self.stop
        if here is not None and here.key == key and here.entry == entry:
            return  # already there (a wide number's tens stop stays the tens stop)
        for wanted in (entry, None):
            for index, stop in enumerate(self.stops):
                if stop.key == key and stop.entry == wanted and stop.step == 1:
                    self.index = index
                    return

    def change(self, delta: int) -> bool:
        """BOT (+1) or UNDO (-1) on the focused stop; returns whether the value changed.

        On a closed long list it changes nothing and moves the focus into the list."""
        stop = self.stop
        if stop is None or stop.key == CONFIRM_STOP:
            return False
        if self._is_closed_list(stop):  # open the list: BOT on its first option, UNDO its last
            assert self.index is not None
            inner = [i for i, s in enumerate(self.stops) if s.key == stop.key and s.inner]
            self.index = inner[0] if delta > 0 else inner[-1]
            return False
        return self.form.press(stop.key, stop.entry, delta * stop.step)
