"""What a game asks of the table at one step, as data every front end can show.

A :class:`Prompt` is the whole screen of one step: a title, the lines the
players should read (instructions, the bot's decision), and the
:class:`Field` values the game needs back. The terminal, the Kivy app and the
GPIO buttons all render the same prompt; a prompt whose fields all have
defaults can be confirmed with the CONFIRM button alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.decision import Decision
from rules.errors import IllegalInput
from rules.text import Msg, msg

FieldKind = Literal["int", "choice", "bool", "text", "counts", "multi"]


@dataclass(frozen=True)
class Choice:
    """One option of a ``choice`` or ``multi`` field: a stable value and its label."""

    value: str
    label: Msg


@dataclass(frozen=True, kw_only=True)
class Field:
    """One value the game needs from the players.

    Kinds: ``int`` (with ``minimum``/``maximum``), ``choice`` (one of
    ``choices``), ``multi`` (a list of ``choices`` values), ``bool``, ``text``,
    and ``counts`` (a mapping from each choice value to a whole number, e.g.
    markers per colour).
    """

    key: str
    label: Msg
    kind: FieldKind
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    help: Msg | None = None
    camera: str | None = None  # a vision reading that can prefill it, e.g. "tray_counts"

    def coerce(self, raw: Any) -> Any:
        """Check and normalise one answer value, or raise :class:`IllegalInput`."""
        if raw is None:
            if self.default is None:
                what = {
                    "choice": "choose one of the options (type its number)",
                    "multi": "choose from the options (type their numbers)",
                    "counts": "type the counts, e.g. red=2 blue=1",
                    "int": "type a whole number",
                }.get(self.kind, "type a value")
                raise IllegalInput(f"'{self.label}' has no default: {what}", self.key)
            raw = self.default
        if self.kind == "int":
            return self._int(raw, self.key)
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"y", "yes", "true", "1", "j", "ja", "s", "sim"}:
                return True
            if text in {"n", "no", "false", "0", "nein", "nao", "não"}:
                return False
            raise IllegalInput(f"answer yes or no for '{self.label}'", self.key)
        if self.kind == "choice":
            return self._choice(raw)
        if self.kind == "multi":
            items = raw if isinstance(raw, list | tuple) else str(raw).replace(",", " ").split()
            return [self._choice(item) for item in items]
        if self.kind == "counts":
            if not isinstance(raw, Mapping):
                raise IllegalInput(f"'{self.label}' needs a number for each entry", self.key)
            values = {c.value: 0 for c in self.choices}
            for key, value in raw.items():
                if key not in values:
                    known = ", ".join(values)
                    raise IllegalInput(f"unknown entry '{key}' (known: {known})", self.key)
                values[key] = self._int(value, f"{self.key}.{key}")
            return values
        return str(raw)

    def _int(self, raw: Any, where: str) -> int:
        if isinstance(raw, bool):
            raise IllegalInput("a whole number is needed", where)
        try:
            value = int(str(raw).strip()) if not isinstance(raw, int) else raw
        except ValueError:
            raise IllegalInput(f"'{raw}' is not a whole number", where) from None
        low = 0 if self.minimum is None and self.kind == "counts" else self.minimum
        if low is not None and value < low:
            raise IllegalInput(f"{value} is below the minimum {low}", where)
        if self.maximum is not None and value > self.maximum:
            raise IllegalInput(f"{value} is above the maximum {self.maximum}", where)
        return value

    def _choice(self, raw: Any) -> str:
        text = str(raw).strip()
        for choice in self.choices:
            if text == choice.value:
                return choice.value
        for choice in self.choices:  # forgiving: case-insensitive value or label
            if text.lower() in {choice.value.lower(), choice.label.english().lower()}:
                return choice.value
        known = ", ".join(c.value for c in self.choices)
        raise IllegalInput(f"'{text}' is not one of: {known}", self.key)


@dataclass(frozen=True, kw_only=True)
class Prompt:
    """One step of the game as the front ends show it."""

    step: str
    title: Msg
    phase: Msg
    lines: tuple[Msg, ...] = ()
    fields: tuple[Field, ...] = ()
    decision: Decision | None = None
    finished: bool = False
    #: The answer is private to one player (e.g. Targi's secret tile choice):
    #: front ends clear the screen first and never echo it in the history.
    secret: bool = False
    confirm_label: Msg = field(default_factory=lambda: msg("Confirm"))

    def coerce(self, answer: Mapping[str, Any]) -> dict[str, Any]:
        """Validate a whole answer against this prompt's fields."""
        known = {f.key for f in self.fields}
        extra = sorted(set(answer) - known)
        if extra:
            raise IllegalInput(f"this step does not ask for {', '.join(extra)}", extra[0])
        return {f.key: f.coerce(answer.get(f.key)) for f in self.fields}

    @property
    def confirmable(self) -> bool:
        """True when every field has a default, so CONFIRM alone answers it."""
        return not self.finished and all(f.default is not None for f in self.fields)
