"""Field kinds as classes: what each kind of :class:`rules.prompt.Field` value is and does.

A field's ``kind`` names one :class:`Kind` in :data:`KINDS`, the one registry
every front end looks kinds up in. A kind knows, with no front end in mind:

- the shape of its value (flags :attr:`Kind.picks`, :attr:`Kind.many`,
  :attr:`Kind.ordered`, :attr:`Kind.per_choice`, :attr:`Kind.stepped`), which the
  terminal, the presenters and the painters read instead of naming kinds;
- :meth:`Kind.coerce`: check and normalise an answer, or raise :class:`IllegalInput`;
- :meth:`Kind.empty`: the value a form starts from when the field has no default;
- :meth:`Kind.stop_entries` and :meth:`Kind.press`: the button box's stops on it
  and what BOT (+) and UNDO (-) do there; :meth:`Kind.turn`: BOT/UNDO on one digit
  of a wide number (:func:`wheel`); :meth:`Kind.tap`: a finger on an option;
- :meth:`Kind.sample`: a random valid answer (tests, the screenshot walk);
- :meth:`Kind.how`: how to type an answer on the terminal;
- :attr:`Kind.widget`: the name of the touchscreen widget that edits it
  (``ui/app/fields.py`` builds one per name; a test checks every kind has one).

A new kind is a subclass here with :func:`register` and its name in
:data:`FieldKind`; when it reuses a widget, that, a row in docs/core.md, a field
in the kinds test game (``tests/ui/support/kinds_game.py``) and the German and
Portuguese of its texts are the whole change. For example, a number never
leaves its bounds:

>>> from rules.prompt import Field
>>> f = Field(key="n", label=msg("Markers"), kind="int", minimum=1, maximum=3)
>>> KINDS["int"].press(f, None, None, -1), KINDS["int"].press(f, 3, None, +1)
(1, 3)
>>> KINDS["order"].tap(f, ["b"], "a")
['b', 'a']
>>> KINDS["order"].press(f, ["b", "a"], "a", +1)  # BOT on a chosen one: one place earlier
['a', 'b']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, Protocol

from rules.errors import IllegalInput
from rules.text import Msg, msg

#: The names of the kinds in :data:`KINDS` (mypy checks the names games give;
#: ``tests/rules/test_kinds.py`` checks the two agree).
FieldKind = Literal["int", "choice", "multi", "order", "bool", "text", "counts"]


class ChoiceLike(Protocol):
    """What a kind reads of a :class:`rules.prompt.Choice`."""

    @property
    def value(self) -> str: ...
    @property
    def label(self) -> Msg: ...
    @property
    def limit(self) -> int | None: ...


class FieldLike(Protocol):
    """What a kind reads of a :class:`rules.prompt.Field` (which imports this module)."""

    @property
    def key(self) -> str: ...
    @property
    def label(self) -> Msg: ...
    @property
    def kind(self) -> str: ...
    @property
    def default(self) -> Any: ...
    @property
    def minimum(self) -> int | None: ...
    @property
    def maximum(self) -> int | None: ...
    @property
    def choices(self) -> Sequence[ChoiceLike]: ...


class Kind:
    """One kind of field value; subclasses set the flags and override what differs."""

    #: The name a :class:`rules.prompt.Field` gives as ``kind``.
    name: ClassVar[str] = ""
    #: The touchscreen widget that edits it: ``steppers`` (one per choice),
    #: ``stepper``, ``options`` (a grid of option buttons), ``yes-no`` or ``text``.
    widget: ClassVar[str] = ""
    #: The value is one or several choice values (option buttons, places to tap).
    picks: ClassVar[bool] = False
    #: The value is a list of distinct choice values.
    many: ClassVar[bool] = False
    #: The list's order matters (each pick shows its number).
    ordered: ClassVar[bool] = False
    #: The value is a whole number per choice (``{choice: n}``).
    per_choice: ClassVar[bool] = False
    #: A whole number (or numbers) changed by + and -: a wide one gets a tens stop.
    stepped: ClassVar[bool] = False
    #: What an empty answer lacks, in the player's words.
    needs: ClassVar[Msg] = msg("give a value")

    def coerce(self, field: FieldLike, raw: Any) -> Any:
        """Check and normalise ``raw`` (never ``None``: the field applied its default)."""
        if not isinstance(raw, str):
            raise IllegalInput(msg("{field}: give a text", field=field.label), field.key)
        return raw

    def empty(self, field: FieldLike) -> Any:
        """The value a form starts from when ``field`` has no default."""
        return None

    def stop_entries(self, field: FieldLike) -> tuple[str | None, ...]:
        """The button box's stops on ``field``: a choice value each, or ``None`` for the whole."""
        return (None,)

    def press(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> Any:
        """BOT (``delta`` > 0) or UNDO (< 0) on the stop ``entry``: the new value."""
        raise ValueError(f"field '{field.key}' has no button-box stop")

    def turn(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> Any:
        """BOT or UNDO on one digit of a wide number (``delta`` +-1 the ones, +-10 the tens):
        the new value, the digit turned as a wheel (:func:`wheel`)."""
        raise ValueError(f"field '{field.key}' has no digits to turn")

    def tap(self, field: FieldLike, value: Any, option: str) -> Any:
        """A finger on ``option``: the new value, or ``None`` when the kind refuses it."""
        raise ValueError(f"field '{field.key}' has no options to tap")

    def sample(self, field: FieldLike, rng: random.Random) -> Any:
        """A value a player could give by touch, drawn within the field's bounds."""
        return field.default if field.default is not None else "-"

    def how(self, field: FieldLike) -> Msg:
        """How to type an answer on the terminal (options are listed by number)."""
        return msg("Type the name.")


#: Every kind by name: the one place front ends look a field's kind up.
KINDS: dict[str, Kind] = {}


def register(kind: type[Kind]) -> type[Kind]:
    """Add a kind to :data:`KINDS` (a class decorator)."""
    if not kind.name or not kind.widget:
        raise ValueError(f"{kind.__name__} names no kind or widget")
    KINDS[kind.name] = kind()
    return kind


def kind_of(field: FieldLike) -> Kind:
    """The :class:`Kind` of ``field``."""
    try:
        return KINDS[field.kind]
    except KeyError:
        raise ValueError(f"unknown field kind '{field.kind}' (known: {', '.join(KINDS)})") from None


def whole_number(field: FieldLike, raw: Any, where: str) -> int:
    """``raw`` as a whole number within ``field``'s bounds (a count's minimum is 0)."""
    if isinstance(raw, bool):
        raise IllegalInput(msg("a whole number is needed"), where)
    try:
        value = int(str(raw).strip()) if not isinstance(raw, int) else raw
    except ValueError:
        raise IllegalInput(msg("'{raw}' is not a whole number", raw=str(raw)), where) from None
    low = lowest(field)
    if low is not None and value < low:
        raise IllegalInput(msg("{value} is below the minimum {low}", value=value, low=low), where)
    if field.maximum is not None and value > field.maximum:
        raise IllegalInput(
            msg("{value} is above the maximum {high}", value=value, high=field.maximum), where
        )
    return value


def lowest(field: FieldLike) -> int | None:
    """The smallest number allowed: the ``minimum``, for a count per choice 0 when unset."""
    if field.minimum is None and kind_of(field).per_choice:
        return 0
    return field.minimum


def clamp(value: int, low: int | None, high: int | None) -> int:
    if low is not None:
        value = max(low, value)
    if high is not None:
        value = min(high, value)
    return value


def wheel(number: int, delta: int, low: int | None, high: int | None) -> int:
    """BOT (+) or UNDO (-) on one digit of a wide number (a score): ``delta`` +-1 turns the
    ones, +-10 the tens, each a wheel of 0-9, so any digit is at most 5 presses away.

    The ones wrap within their digit, no carry (70 UNDO: 79; 79 BOT: 70). The tens wrap
    downwards (5 UNDO: 95) but count on upwards past 90 (95 BOT: 105), so a score above 99
    needs no hundreds stop. A negative number steps plainly. The result stays in bounds.

    >>> wheel(70, -1, 0, 200), wheel(79, +1, 0, 200), wheel(70, -10, 0, 200)
    (79, 70, 60)
    >>> wheel(5, -10, 0, 200), wheel(95, +10, 0, 200), wheel(-5, -10, -100, 100)
    (95, 105, -15)
    """
    turned = number + delta
    if number >= 0 and abs(delta) == 1:
        ones = number % 10
        turned = number - ones + (ones + delta) % 10
    elif 0 <= number < 10 and delta == -10:
        turned = number + 90
    return clamp(turned, low, high)


def one_choice(field: FieldLike, raw: Any) -> str:
    """``raw`` as one of ``field``'s choice values (forgiving: case, or the English label)."""
    text = str(raw).strip()
    for choice in field.choices:
        if text == choice.value:
            return choice.value
    for choice in field.choices:
        if text.lower() in {choice.value.lower(), choice.label.english().lower()}:
            return choice.value
    raise IllegalInput(msg("'{text}' is not one of the options", text=text), field.key)


def one_pick(field: FieldLike) -> bool:
    """A ``multi`` of at most one pick (an optional choice: "none" is an answer)."""
    return field.kind == "multi" and field.maximum == 1


def pick_round(field: FieldLike, value: Any, delta: int) -> list[str]:
    """BOT (+) or UNDO (-) on a :func:`one_pick` field as one stop: the next or previous
    option round a ring that starts with none picked (when none is allowed), so any
    option is at most half the ring away.

    >>> from rules.prompt import Choice, Field
    >>> f = Field(key="card", label=msg("Card"), kind="multi", minimum=0, maximum=1,
    ...           choices=(Choice("a", msg("a")), Choice("b", msg("b")), Choice("c", msg("c"))))
    >>> pick_round(f, [], +1), pick_round(f, [], -1), pick_round(f, ["c"], +1)
    (['a'], ['c'], [])
    """
    ring: list[list[str]] = [[c.value] for c in field.choices]
    if not field.minimum:
        ring.insert(0, [])
    now = list(value or [])
    at = ring.index(now) if now in ring else (-1 if delta > 0 else 0)
    return ring[(at + delta) % len(ring)]


def fewest_picks(field: FieldLike) -> int:
    """How many options a field that picks several needs at least (an order: all)."""
    if kind_of(field).ordered and field.minimum is None:
        return len(field.choices)
    return min(field.minimum or 0, len(field.choices))


@register
class WholeNumber(Kind):
    """``int``: a whole number within ``minimum``/``maximum``; an empty one's first press
    shows 0, or the bound nearest to it (a score from -100 starts at 0, not -100).

    Each press steps it by ``delta``, clamped."""

    name = "int"
    widget = "stepper"
    stepped = True
    needs = msg("give a whole number")

    def coerce(self, field: FieldLike, raw: Any) -> int:
        return whole_number(field, raw, field.key)

    def press(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> int:
        low = field.minimum
        if value is None:  # the first press shows 0 (or the bound nearest to it)
            return clamp(0, low, field.maximum)
        return clamp(int(value) + delta, low, field.maximum)

    def turn(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> int:
        """An empty number turns from where its first press would show it (0 or a bound)."""
        start = clamp(0, field.minimum, field.maximum) if value is None else int(value)
        return wheel(start, delta, field.minimum, field.maximum)

    def sample(self, field: FieldLike, rng: random.Random) -> int:
        low = field.minimum if field.minimum is not None else 0
        high = field.maximum if field.maximum is not None else low + 10
        return rng.randint(low, min(high, low + 12))

    def how(self, field: FieldLike) -> Msg:
        low, high = field.minimum, field.maximum
        if low is not None and high is not None:
            return msg("Type a number from {low} to {high}.", low=low, high=high)
        return msg("Type a whole number.")


@register
class Counts(Kind):
    """``counts``: a whole number per choice (markers per colour), each within the field's
    bounds (``minimum`` 0 when unset) and the choice's ``limit``."""

    name = "counts"
    widget = "steppers"
    per_choice = True
    stepped = True
    needs = msg("give a number for each entry")

    def coerce(self, field: FieldLike, raw: Any) -> dict[str, int]:
        if not isinstance(raw, Mapping):
            raise IllegalInput(
                msg("{field}: give a number for each entry", field=field.label), field.key
            )
        limits = {c.value: c.limit for c in field.choices}
        # Entries left out keep the value the screen offered (the default), so a
        # terminal user gives only what changed.
        start = field.default if isinstance(field.default, Mapping) else {}
        values = {c.value: start.get(c.value, 0) for c in field.choices}
        for key, value in raw.items():
            if key not in values:
                known = ", ".join(values)
                raise IllegalInput(
                    msg("unknown entry '{key}' (known: {known})", key=key, known=known), field.key
                )
            values[key] = whole_number(field, value, f"{field.key}.{key}")
            limit = limits[key]
            if limit is not None and values[key] > limit:
                raise IllegalInput(
                    f"{values[key]} is above the {limit} possible here", f"{field.key}.{key}"
                )
        return values

    def empty(self, field: FieldLike) -> dict[str, int]:
        return {c.value: 0 for c in field.choices}

    def stop_entries(self, field: FieldLike) -> tuple[str | None, ...]:
        return tuple(c.value for c in field.choices)

    def press(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> dict[str, int]:
        if entry is None:
            raise ValueError("a counts field needs the entry to step")
        counts = dict(value or {})
        number = int(counts.get(entry, 0))
        counts[entry] = clamp(number + delta, lowest(field), _high(field, entry))
        return counts

    def turn(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> dict[str, int]:
        if entry is None:
            raise ValueError("a counts field needs the entry to turn")
        counts = dict(value or {})
        counts[entry] = wheel(int(counts.get(entry, 0)), delta, lowest(field), _high(field, entry))
        return counts

    def sample(self, field: FieldLike, rng: random.Random) -> dict[str, int]:
        low = field.minimum if field.minimum is not None else 0
        out = {}
        for choice in field.choices:
            high = choice.limit if choice.limit is not None else field.maximum
            high = low + 6 if high is None else high
            out[choice.value] = rng.randint(low, max(low, min(high, low + 4)))
        return out

    def how(self, field: FieldLike) -> Msg:
        return msg("Type line=count for the lines that change, e.g. 1=2 3=0.")


def _high(field: FieldLike, entry: str | None) -> int | None:
    """The most one entry of a counts field may hold: the field's maximum, the entry's limit."""
    high = field.maximum
    limit = next((c.limit for c in field.choices if c.value == entry), None)
    if limit is not None:
        high = limit if high is None else min(high, limit)
    return high


@register
class OneChoice(Kind):
    """``choice``: one of the choices; BOT and UNDO walk them as a ring."""

    name = "choice"
    widget = "options"
    picks = True
    needs = msg("choose one of the options")

    def coerce(self, field: FieldLike, raw: Any) -> str:
        return one_choice(field, raw)

    def press(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> Any:
        values = [c.value for c in field.choices]
        if not values:
            return value
        if value not in values:
            return values[0 if delta > 0 else -1]
        return values[(values.index(value) + delta) % len(values)]

    def tap(self, field: FieldLike, value: Any, option: str) -> str:
        return option

    def sample(self, field: FieldLike, rng: random.Random) -> str | None:
        values = [c.value for c in field.choices]
        return rng.choice(values) if values else None

    def how(self, field: FieldLike) -> Msg:
        return msg("Type the number of your choice.")


@register
class SeveralChoices(Kind):
    """``multi``: distinct choices, how many bounded by ``minimum``/``maximum``. A tap toggles
    one; at the most allowed a new pick replaces the only one when one is allowed, else it
    is refused."""

    name = "multi"
    widget = "options"
    picks = True
    many = True
    needs = msg("choose from the options")

    def coerce(self, field: FieldLike, raw: Any) -> list[str]:
        items = raw if isinstance(raw, list | tuple) else str(raw).replace(",", " ").split()
        picked = [one_choice(field, item) for item in items]
        if len(set(picked)) < len(picked):
            raise IllegalInput(
                msg("{field}: one option is chosen twice", field=field.label), field.key
            )
        low = field.minimum if field.minimum is not None else 0
        if self.ordered and field.minimum is None:
            low = len(field.choices)
        if len(picked) < low:
            raise IllegalInput(
                msg(
                    "{field}: choose at least {n} (chosen: {k})",
                    field=field.label,
                    n=low,
                    k=len(picked),
                ),
                field.key,
            )
        if field.maximum is not None and len(picked) > field.maximum:
            raise IllegalInput(
                msg(
                    "{field}: choose at most {n} (chosen: {k})",
                    field=field.label,
                    n=field.maximum,
                    k=len(picked),
                ),
                field.key,
            )
        return picked

    def empty(self, field: FieldLike) -> list[str]:
        return []

    def stop_entries(self, field: FieldLike) -> tuple[str | None, ...]:
        return tuple(c.value for c in field.choices)

    def press(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> Any:
        if entry is None and one_pick(field):
            return pick_round(field, value, delta)
        if entry is None:
            raise ValueError(f"field '{field.key}' is changed one option at a time")
        if (entry in (value or [])) == (delta > 0):
            return value
        tapped = self.tap(field, value, entry)
        return value if tapped is None else tapped

    def tap(self, field: FieldLike, value: Any, option: str) -> list[str] | None:
        chosen = list(value or [])
        if option in chosen:
            chosen.remove(option)
        elif field.maximum is not None and len(chosen) >= field.maximum:
            if field.maximum != 1:
                return None
            chosen = [option]
        else:
            chosen.append(option)
        return chosen

    def sample(self, field: FieldLike, rng: random.Random) -> list[str]:
        values = [c.value for c in field.choices]
        high = min(field.maximum if field.maximum is not None else len(values), len(values))
        return rng.sample(values, rng.randint(min(fewest_picks(field), high), high))

    def how(self, field: FieldLike) -> Msg:
        low, high = field.minimum or 0, field.maximum
        if high is not None:
            return msg(
                "Type the numbers of your choices ({low} to {high}), e.g. 1 3; '-' for none.",
                low=low,
                high=high,
            )
        return msg(
            "Type the numbers of your choices (at least {low}), e.g. 1 3; '-' for none.", low=low
        )


@register
class Order(SeveralChoices):
    """``order``: distinct choices in an order that matters (player order), how many bounded
    by ``minimum``/``maximum`` (default: all). A tap appends an option (its number is its
    place); a chosen one is taken out and the later ones move up. The button box's BOT
    on a chosen one moves it one place earlier instead (no taking out and re-adding)."""

    name = "order"
    ordered = True
    needs = msg("choose the options in order")

    def press(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> Any:
        """BOT on an option not chosen appends it, on a chosen one moves it one place
        earlier (it swaps with the one before; the first stays); UNDO takes it out."""
        chosen = list(value or [])
        if delta > 0 and entry in chosen:
            at = chosen.index(entry)
            if at > 0:
                chosen[at - 1], chosen[at] = chosen[at], chosen[at - 1]
            return chosen
        return super().press(field, value, entry, delta)

    def how(self, field: FieldLike) -> Msg:
        return msg("Type the numbers in their order, e.g. 2 1 3.")


@register
class YesNo(Kind):
    """``bool``: yes or no (typed: y/yes/ja/sim, n/no/nein/não, 1/0)."""

    name = "bool"
    widget = "yes-no"
    needs = msg("answer yes or no")

    def coerce(self, field: FieldLike, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in {"y", "yes", "true", "1", "j", "ja", "s", "sim"}:
            return True
        if text in {"n", "no", "false", "0", "nein", "nao", "não"}:
            return False
        raise IllegalInput(msg("{field}: answer yes or no", field=field.label), field.key)

    def press(self, field: FieldLike, value: Any, entry: str | None, delta: int) -> bool:
        return delta > 0

    def sample(self, field: FieldLike, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def how(self, field: FieldLike) -> Msg:
        return msg("Type y or n.")


@register
class Text(Kind):
    """``text``: free text, for names only; no game step may ask for it. No button-box stop."""

    name = "text"
    widget = "text"

    def stop_entries(self, field: FieldLike) -> tuple[str | None, ...]:
        return ()
