"""The button box's focus on a step's fields: NEXT moves it, BOT and UNDO act as + and -.

With only the four buttons a whole game is played like this (docs/ui.md):

- A step the players answer starts with the **focus on its first field**
  still without a value (else its first field; inside it: its first colour,
  option or row), so the first BOT or UNDO already answers. A bot's step
  (its fields only correct what the bot did) starts without focus: BOT shows
  the bot's reasoning, UNDO goes back a step.
- **NEXT** moves the focus to the next *stop*: an ``int``, ``bool`` or short
  ``choice`` field, each entry of the field it is in; after the last stop the
  focus rests on CONFIRM, one more NEXT takes it off the fields (where UNDO
  goes back one step and BOT shows the bot's reasoning, as before), one more
  puts it on the first stop again.
- A field of several parts (each colour of a ``counts`` field, the options
  of a ``multi`` or ``order`` field, the rows of a long ``choice``) other
  than the first is **closed**: NEXT
  passes it whole, BOT opens it on its first part, UNDO on its last; inside,
  NEXT walks the parts and leaves the field after the last one. A **long
  list** (more than :data:`LONG_LIST` options, shown closed on screen) too.
- More than :data:`ui.app.focus_groups.ROWS_FROM` options come in **rows**
  (``ui/app/focus_groups.py``): NEXT moves from row to row; on a ``choice``'s
  row BOT picks the row's next option, UNDO its previous one; a ``multi``'s
  or ``order``'s row opens like a field. So any of 12 options is at most 4
  presses away, not up to 6 round a ring.
- A ``multi`` of **at most one pick** among up to ``ROWS_FROM`` options (an
  optional choice: Targi's card for a tile) is one stop like a ``choice``: BOT
  and UNDO go round a ring that starts with none picked (:func:`single_stop`).
- **BOT** is + on the focused stop: one more marker, the next option, "yes",
  pick this option (then the focus moves on to the next option); on a chosen
  option of an ``order`` field it moves it one place earlier.
- **UNDO** is - on the focused stop: one marker less, the previous option,
  "no", take this option out.
- A **wide number** (a score that can reach :data:`TENS_FROM`) has two stops,
  its tens and its ones, each a wheel of 0-9 (:func:`rules.kinds.wheel`): UNDO
  on a 0 shows 9 in that digit, so any digit is at most 5 presses away (a
  score of 70: three UNDO on the tens).
- **CONFIRM** always confirms the step with the values shown.

Which stops a field has and what + and - do there is its kind's
(``rules.kinds.Kind.stop_entries`` and ``press``). ``text`` fields (names) have
no stop: they are typed on the touchscreen's keyboard. No Kivy here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.kinds import one_pick
from rules.prompt import Field
from ui.app.focus_groups import ROWS_FROM, in_row, rows
from ui.app.form import FormModel

CONFIRM_STOP = "confirm"

#: A field with more options than this is shown closed (its picks and a Change button)
#: and is one stop for the button box until BOT or UNDO opens it.
LONG_LIST = 12

#: A number that can reach this gets a tens stop before its ones stop, each digit a wheel
#: (:func:`rules.kinds.wheel`: UNDO on a 0 shows 9 in that digit, no carry).
TENS_FROM = 100


@dataclass(frozen=True, kw_only=True)
class Stop:
    """One place the focus can rest: a field, one entry of it, or a row of its options."""

    key: str
    entry: str | None = None
    #: How deep it sits: 0 a field's own stop (or the field closed); 1 a part of a closed
    #: field (a colour, an option, a row); 2 an option in a row of a closed field. NEXT
    #: reaches a deeper stop only once BOT/UNDO opened the field or row around it.
    level: int = 0
    #: What one BOT adds (UNDO takes away) on a number: 10 on a wide number's tens stop.
    step: int = 1
    #: A digit of a wide number (its tens or its ones): BOT/UNDO turn it as a wheel of 0-9.
    wheel: bool = False
    #: A row of options (``ui/app/focus_groups.py``): a choice's picks within it, a multi's
    #: or order's opens on its options.
    row: tuple[str, ...] = ()
    #: A closed field or row: NEXT passes it whole, BOT/UNDO open it.
    opens: bool = False
    #: The stop of a whole field closed (a long list, a count per colour, a multi's options).
    whole: bool = False

    @property
    def name(self) -> str:
        """The focused widget's name (its ``field_key``): ``paid.red``, ``action``, ``keep=A``;
        a row names its options: ``space.a|b|c``."""
        if self.key == CONFIRM_STOP:
            return CONFIRM_STOP
        if self.row:
            return f"{self.key}.{'|'.join(self.row)}"
        return self.key if self.entry is None else f"{self.key}.{self.entry}"


def stops(fields: tuple[Field, ...]) -> list[Stop]:
    """Every stop of ``fields`` in order, then CONFIRM (none when no field has a stop)."""
    out: list[Stop] = []
    for field in fields:
        out.extend(_field_stops(field))
    if out:
        out.append(Stop(key=CONFIRM_STOP))
    return out


def _field_stops(field: Field) -> list[Stop]:
    """One field's stops. A field of several parts (a count per colour, a multi's or an
    order's options, a choice's rows) is closed: NEXT passes it whole, BOT/UNDO open it."""
    spec = field.spec
    key = field.key
    values = [c.value for c in field.choices]
    inside: list[Stop] = []
    if single_stop(field):
        inside.append(Stop(key=key))  # an optional single pick: one stop, a ring with none
    elif spec.picks and len(values) > ROWS_FROM:
        for row in rows(values):
            inside.append(Stop(key=key, row=row, opens=spec.many))
            if spec.many:
                inside.extend(Stop(key=key, entry=value, level=1) for value in row)
    else:
        for entry in spec.stop_entries(field):
            limit = next((c.limit for c in field.choices if c.value == entry), None)
            if spec.stepped and _wide(field, limit):
                inside.append(Stop(key=key, entry=entry, step=10, wheel=True))
                inside.append(Stop(key=key, entry=entry, wheel=True))
            else:
                inside.append(Stop(key=key, entry=entry))
    if is_long_list(field) or (len(inside) > 1 and (spec.many or spec.per_choice or inside[0].row)):
        whole = Stop(key=key, opens=True, whole=True)
        return [whole, *(replace(s, level=s.level + 1) for s in inside)]
    return inside


def single_stop(field: Field) -> bool:
    """A ``multi`` of at most one pick among up to :data:`ROWS_FROM` options (Targi's card
    for a tile, "none: not this round"): one stop like a ``choice``, BOT and UNDO round a
    ring that starts with none picked (:func:`rules.kinds.pick_round`), so any option is at
    most half the ring away instead of one NEXT per option before it."""
    return one_pick(field) and len(field.choices) <= ROWS_FROM


def _wide(field: Field, limit: int | None) -> bool:
    """A number bounded at :data:`TENS_FROM` or more (unbounded ones are small counts)."""
    if field.maximum is None:
        return False
    return min(field.maximum, limit if limit is not None else field.maximum) >= TENS_FROM


def is_long_list(field: Field) -> bool:
    """A ``choice``, ``multi`` or ``order`` field the screen shows closed: one stop until
    opened."""
    return field.spec.picks and len(field.choices) > LONG_LIST


class Focus:
    """Where the button box's focus is on one form (``None``: nowhere).

    A step the players answer starts with the focus on its first stop, so the
    first BOT or UNDO already changes the answer."""

    def __init__(self, form: FormModel, start: bool = True) -> None:
        """``start``: put the focus on the first field (a step the players answer); a bot's
        step, whose fields only correct what the bot did, starts without focus, so BOT
        first shows the bot's reasoning and never changes a correction by accident."""
        self.form = form
        self.stops = stops(form.fields)
        self.index: int | None = None
        if self.stops and start:  # inside the first field to answer already: its first part
            at = self._first_to_answer()
            here = self.stops[at]
            inside = here.whole and not is_long_list(form.field(here.key))
            self.index = at + 1 if inside else at

    def _first_to_answer(self) -> int:
        """The first stop of the first field still without a value (what the players must
        answer: Nomads' hunting area asks the animal of a cell it already offers), else 0."""
        for index, stop in enumerate(self.stops):
            if stop.key != CONFIRM_STOP and self.form.values.get(stop.key) in (None, []):
                return index
        return 0

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
            if here.opens:  # pass the whole list or row
                while index < len(self.stops) and self.stops[index].level > here.level:
                    index += 1
            self.index = index if index < len(self.stops) else None
        return self.stop

    def focus(self, key: str, entry: str | None = None) -> None:
        """Put the focus where a finger just changed something (touch and buttons agree)."""
        here = self.stop
        picked = self.form.values.get(key)
        same = here is not None and here.key == key and here.entry == entry
        if same and (not here.row or here.opens or picked is None or picked in here.row):
            return  # already there (a wide number's tens stop stays the tens stop)
        mine = [(i, s) for i, s in enumerate(self.stops) if s.key == key and s.step == 1]
        found = (
            next((i for i, s in mine if s.entry == entry and not s.row and not s.opens), None)
            if entry is not None or not any(s.row for _i, s in mine)
            else None
        )
        if found is None:  # a choice's row: the one of the pick
            found = next((i for i, s in mine if not s.opens and picked in s.row), None)
        if found is None:  # the field itself
            found = next((i for i, s in mine if s.entry is None and not s.row), None)
        if found is not None:
            self.index = found

    def change(self, delta: int) -> bool:
        """BOT (+1) or UNDO (-1) on the focused stop; returns whether the value changed.

        On a closed long list or row it changes nothing and moves the focus into it:
        BOT on its first stop, UNDO on its last."""
        stop = self.stop
        if stop is None or stop.key == CONFIRM_STOP:
            return False
        assert self.index is not None
        if stop.opens:
            inside = []
            for index in range(self.index + 1, len(self.stops)):
                if self.stops[index].level <= stop.level:
                    break
                if self.stops[index].level == stop.level + 1:
                    inside.append(index)
            self.index = inside[0] if delta > 0 else inside[-1]
            return False
        if stop.row:  # a choice's row: the next or previous option within it
            value = in_row(stop.row, self.form.values.get(stop.key), delta)
            return self.form.choose(stop.key, value)
        field = self.form.field(stop.key)
        one = stop.entry is not None
        before = field.spec.many and stop.entry in (self.form.values.get(stop.key) or [])
        changed = self.form.press(stop.key, stop.entry, delta * stop.step, turn=stop.wheel)
        if changed and one and field.spec.many and delta > 0 and not before:
            self.next()  # picked: the ring moves on to the next option
        return changed
