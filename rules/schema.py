"""Strict, declarative checks for situations and component files.

Every situation kind of every game (``tableside decide``) and every component
file is described by one :class:`Spec` tree built from a handful of parts.
Checking walks the tree once and either returns the normalised value or
raises :class:`rules.errors.SituationError` naming the exact path of the
first problem (``control_board.sides[5].tray``). The same tree tells the
fuzz tests what valid input looks like, so validation is uniform for all
games instead of hand checks per game.

What every spec refuses, whatever the game:

- unknown fields in an object (``"note"`` and ``"comment"`` are always allowed
  and dropped), missing required fields, duplicates where a list must not
  repeat;
- ``true``/``false`` where a number is needed, fractions, NaN and infinities,
  numbers outside the bounds the components allow;
- strings that cannot be printed (lone surrogates) or that are absurdly long.

Example::

    >>> spec = Obj({"trays": Map(Int(0, 30), keys=Str(choices=("red", "blue")))})
    >>> spec.check({"trays": {"red": 2}})
    {'trays': {'red': 2}}
    >>> spec.check({"trays": {"green": 2}})
    Traceback (most recent call last):
    ...
    rules.errors.SituationError: trays.green: unknown key 'green' (known: red, blue)

:func:`parse_json` reads the text of a situation the same strict way (no
NaN, no duplicate keys, no absurd nesting), so a bad file is a clear
message, never a traceback.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.errors import SituationError
from rules.text import msg, printable

#: Keys any object may carry for people; they are dropped by the check.
COMMENT_KEYS = frozenset({"note", "comment"})
#: Deepest nesting of arrays and objects accepted in a situation file.
MAX_DEPTH = 32
#: Longest string accepted anywhere (names, notes).
MAX_STRING = 2000
#: Most characters in one JSON number (Python refuses ints over 4,300 digits with ValueError).
MAX_NUMBER = 100


def join_path(path: str, key: str | int) -> str:
    """``join_path("a", "b") == "a.b"``; ``join_path("a", 2) == "a[2]"``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Spec:
    """A part of a schema: :meth:`check` returns the normalised value or raises."""

    def check(self, value: Any, path: str = "") -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        """A short human description, used in messages and the docs."""
        return type(self).__name__.lower()


def _within(value: float, minimum: float | None, maximum: float | None, path: str) -> None:
    """Refuse ``value`` outside ``[minimum, maximum]`` (``None``: unbounded on that side)."""
    if minimum is not None and value < minimum:
        below = msg("{value} is below the minimum {minimum}", value=value, minimum=minimum)
        raise SituationError(path, below)
    if maximum is not None and value > maximum:
        above = msg("{value} is above the maximum {maximum}", value=value, maximum=maximum)
        raise SituationError(path, above)


@dataclass(frozen=True)
class Int(Spec):
    """A whole number within ``[minimum, maximum]`` (``None``: unbounded on that side)."""

    minimum: int | None = 0
    maximum: int | None = None

    def check(self, value: Any, path: str = "") -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SituationError(path, f"must be a whole number, not {_kind(value)}")
        if isinstance(value, float):
            if not math.isfinite(value) or not value.is_integer():
                raise SituationError(path, f"must be a whole number, not {value!r}")
            value = int(value)
        _within(value, self.minimum, self.maximum, path)
        checked: int = value
        return checked

    def describe(self) -> str:
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"whole number {low}..{high}"


@dataclass(frozen=True)
class Num(Spec):
    """A finite number (whole or not) within ``[minimum, maximum]``; ``positive``: above 0.

    >>> Num(positive=True).check(2)
    2.0
    """

    minimum: float | None = None
    maximum: float | None = None
    positive: bool = False

    def check(self, value: Any, path: str = "") -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SituationError(path, f"must be a number, not {_kind(value)}")
        number = float(value)
        if not math.isfinite(number):
            raise SituationError(path, f"must be a number, not {value!r}")
        if self.positive and number <= 0:
            raise SituationError(path, f"must be a positive number, not {value!r}")
        _within(value, self.minimum, self.maximum, path)
        return number

    def describe(self) -> str:
        return "positive number" if self.positive else "number"


@dataclass(frozen=True)
class Bool(Spec):
    """``true`` or ``false`` (numbers and strings are refused)."""

    def check(self, value: Any, path: str = "") -> bool:
        if not isinstance(value, bool):
            raise SituationError(path, f"must be true or false, not {_kind(value)}")
        return value


@dataclass(frozen=True)
class Str(Spec):
    """A string; with ``choices`` one of those exact values."""

    choices: tuple[str, ...] | None = None
    max_length: int = MAX_STRING

    def check(self, value: Any, path: str = "") -> str:
        if not isinstance(value, str):
            raise SituationError(path, f"must be a string, not {_kind(value)}")
        if len(value) > self.max_length:
            raise SituationError(path, f"is longer than {self.max_length} characters")
        if not _printable(value):
            raise SituationError(path, "contains characters that cannot be printed")
        control = _control(value)
        if control is not None:
            raise SituationError(path, f"contains the control character U+{ord(control):04X}")
        if self.choices is not None and value not in self.choices:
            raise SituationError(path, f"'{value}' is not one of: {', '.join(self.choices)}")
        return value

    def describe(self) -> str:
        return "one of " + ", ".join(self.choices) if self.choices else "string"


@dataclass(frozen=True)
class Maybe(Spec):
    """``null`` or a value of ``spec``."""

    spec: Spec

    def check(self, value: Any, path: str = "") -> Any:
        return None if value is None else self.spec.check(value, path)

    def describe(self) -> str:
        return f"null or {self.spec.describe()}"


@dataclass(frozen=True)
class List(Spec):
    """A list of ``item`` values, ``min_length..max_length`` long.

    ``unique`` refuses repeats; ``key`` (a function of one checked item)
    says what must not repeat, e.g. an animal's name in a list of animals.
    """

    item: Spec
    min_length: int = 0
    max_length: int | None = None
    unique: bool = False
    key: Callable[[Any], Any] | None = None

    def check(self, value: Any, path: str = "") -> list[Any]:
        if not isinstance(value, list):
            raise SituationError(path, f"must be a list, not {_kind(value)}")
        if len(value) < self.min_length:
            raise SituationError(path, msg("needs at least {n} entries", n=self.min_length))
        if self.max_length is not None and len(value) > self.max_length:
            raise SituationError(path, msg("has more than {n} entries", n=self.max_length))
        out = [self.item.check(v, join_path(path, i)) for i, v in enumerate(value)]
        if self.unique or self.key is not None:
            seen: dict[Any, int] = {}
            for i, item in enumerate(out):
                mark = _hashable(self.key(item) if self.key is not None else item)
                if mark in seen:
                    raise SituationError(
                        join_path(path, i),
                        msg("repeats entry {n} (each may appear once)", n=seen[mark]),
                    )
                seen[mark] = i
        return out

    def describe(self) -> str:
        return f"list of {self.item.describe()}"


@dataclass(frozen=True)
class Map(Spec):
    """An object used as a mapping: keys checked by ``keys``, values by ``value``.

    A JSON object cannot repeat a key (:func:`parse_json` refuses that), so
    a map never has duplicates.
    """

    value: Spec
    keys: Str = field(default_factory=Str)
    min_length: int = 0
    max_length: int | None = None

    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise SituationError(path, f"must be an object, not {_kind(value)}")
        if len(value) < self.min_length:
            raise SituationError(path, msg("needs at least {n} entries", n=self.min_length))
        if self.max_length is not None and len(value) > self.max_length:
            raise SituationError(path, msg("has more than {n} entries", n=self.max_length))
        out: dict[str, Any] = {}
        for key, item in value.items():
            where = join_path(path, printable(str(key)))
            if self.keys.choices is not None and key not in self.keys.choices:
                known = ", ".join(self.keys.choices)
                raise SituationError(where, f"unknown key '{printable(key)}' (known: {known})")
            out[self.keys.check(key, where)] = self.value.check(item, where)
        return out

    def describe(self) -> str:
        return f"object of {self.value.describe()}"


@dataclass(frozen=True)
class Obj(Spec):
    """An object with named fields; unknown fields are refused.

    ``required`` fields must be present; the others in ``fields`` are
    optional and filled from ``defaults`` when given there (left out
    otherwise). ``check_whole`` runs after the fields, for rules that tie
    fields together (it raises :class:`SituationError` itself).
    """

    fields: Mapping[str, Spec]
    required: frozenset[str] | None = None  # None: every field is required
    defaults: Mapping[str, Any] = field(default_factory=dict)
    check_whole: Callable[[dict[str, Any], str], None] | None = None

    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise SituationError(path, f"must be an object, not {_kind(value)}")
        required = frozenset(self.fields) if self.required is None else self.required
        for key in value:
            if key not in self.fields and key not in COMMENT_KEYS:
                known = ", ".join(sorted(self.fields))
                where = join_path(path, printable(str(key)))
                raise SituationError(where, f"unknown field (known: {known})")
        for key in sorted(required):
            if key not in value:
                raise SituationError(join_path(path, key), "is missing")
        out: dict[str, Any] = {}
        for key, spec in self.fields.items():
            if key in value:
                out[key] = spec.check(value[key], join_path(path, key))
            elif key in self.defaults:
                out[key] = _copy(self.defaults[key])
        if self.check_whole is not None:
            self.check_whole(out, path)
        return out

    def describe(self) -> str:
        return "object with " + ", ".join(self.fields)


@dataclass(frozen=True)
class OneOf(Spec):
    """The first of ``options`` that accepts the value (e.g. a tile by id or typed in).

    When none accepts it, the message of the option named by ``hint`` (or of
    the last option) is given, so the user sees the likely problem.
    """

    options: Sequence[Spec]
    hint: Callable[[Any], int] | None = None

    def check(self, value: Any, path: str = "") -> Any:
        errors: list[SituationError] = []
        for option in self.options:
            try:
                return option.check(value, path)
            except SituationError as exc:
                errors.append(exc)
        index = self.hint(value) if self.hint is not None else len(errors) - 1
        raise errors[max(0, min(index, len(errors) - 1))]

    def describe(self) -> str:
        return " or ".join(o.describe() for o in self.options)


def parse_json(text: str | bytes, source: str = "the situation") -> Any:
    """Parse a situation file strictly; problems raise :class:`SituationError`.

    Refused: bytes that are not UTF-8, invalid JSON, NaN and infinities,
    duplicate keys in one object, nesting deeper than :data:`MAX_DEPTH`,
    numbers longer than :data:`MAX_NUMBER` characters. Pure: the caller
    reads the bytes (files from outside: :mod:`ui.outside`, which caps their size).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            not_text = msg("{source} is not UTF-8 text (byte {n})", source=source, n=exc.start)
            raise SituationError("", not_text) from None
    text = text.removeprefix("\ufeff")
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        deep = msg(
            "{source} is nested {n} deep (at most {most})", source=source, n=depth, most=MAX_DEPTH
        )
        raise SituationError("", deep)

    def no_constants(name: str) -> Any:
        raise SituationError("", f"{source} contains {name}: only finite numbers are allowed")

    def short(digits: str) -> str:
        if len(digits) > MAX_NUMBER:
            too_long = msg(
                "{source} has a number of {n} characters (at most {most})",
                source=source,
                n=len(digits),
                most=MAX_NUMBER,
            )
            raise SituationError("", too_long)
        return digits

    def whole(digits: str) -> int:
        return int(short(digits))

    def fraction(digits: str) -> float:
        value = float(short(digits))
        if not math.isfinite(value):
            raise SituationError("", msg("{source} has a number too large", source=source))
        return value

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise SituationError(key, "appears twice in one object")
            out[key] = value
        return out

    try:
        return json.loads(
            text,
            parse_constant=no_constants,
            parse_int=whole,
            parse_float=fraction,
            object_pairs_hook=no_duplicates,
        )
    except json.JSONDecodeError as exc:
        broken = msg(
            "{source} is not valid JSON (line {line}, column {column}: {why})",
            source=source,
            line=exc.lineno,
            column=exc.colno,
            why=exc.msg,
        )
        raise SituationError("", broken) from None
    except RecursionError:
        raise SituationError("", f"{source} is nested too deep") from None


def dump_json(value: Any, indent: int | None = 2) -> str:
    """JSON text that is always valid: no NaN/infinity, non-ASCII kept, surrogates escaped."""
    return (
        json.dumps(value, indent=indent, ensure_ascii=False, allow_nan=False)
        .encode("utf-8", "backslashreplace")
        .decode("utf-8")
    )


# -- helpers --------------------------------------------------------------------------------


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return f"the number {value!r}" if not isinstance(value, float) else "a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _printable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _control(text: str) -> str | None:
    """The first control character (ESC, newline, DEL, C1...) in ``text``, or ``None``.

    Ids and names are shown on screens and terminals; a control character
    there would be a terminal command, not text.
    """
    return next((c for c in text if unicodedata.category(c) == "Cc"), None)


def _hashable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_hashable(v) for v in value)
    return value


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _nesting(text: str) -> int:
    """Deepest bracket nesting outside strings (a cheap pre-check before parsing)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
