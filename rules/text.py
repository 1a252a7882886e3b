"""Translatable text as data.

The rules core speaks English, but never as bare strings: every sentence a
player sees is a :class:`Msg`, an English template (the gettext msgid) plus
parameters. Front ends translate the template and format it; parameters that
are themselves ``Msg`` (game terms such as colours or tray names) are
translated too. ``Msg`` round-trips through JSON as ``{"t": ..., "p": {...}}``.

Example::

    >>> m = msg("Move {n} {colour} marker(s) to the supply", n=1, colour=msg("yellow"))
    >>> m.english()
    'Move 1 yellow marker(s) to the supply'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Translator = Callable[[str], str]


def printable(text: str) -> str:
    """``text`` with control characters written out (``ESC`` -> ``\\x1b``), newlines kept.

    Ids and names come from files; shown on a terminal, an escape sequence
    in one would move the cursor or recolour the screen. Every text a front
    end shows passes through here (:meth:`Msg.render` for its parameters).
    """
    if text.isprintable():
        return text
    return "".join(_written_out(c) for c in text)


def _written_out(char: str) -> str:
    if char == "\n" or (unicodedata.category(char) != "Cc" and char not in _BIDI):
        return char
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


#: Bidirectional overrides and isolates: they reorder the text shown after them.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def N_(template: str) -> str:
    """Mark a string for extraction into the catalogues without translating it."""
    return template


@dataclass(frozen=True)
class Msg:
    """An English template with named parameters, translated late."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, translate: Translator | None = None) -> str:
        """Format the message, translating the template and any ``Msg`` parameters."""
        tr = translate or (lambda s: s)
        values = {
            key: value.render(translate)
            if isinstance(value, Msg)
            else printable(value)
            if isinstance(value, str)
            else value
            for key, value in self.params.items()
        }
        try:
            return tr(self.template).format(**values)
        except (KeyError, IndexError, ValueError):
            # A faulty translation must never crash the kiosk: fall back to English.
            return self.template.format(**values)

    def english(self) -> str:
        return self.render(None)

    def __str__(self) -> str:
        return self.english()

    def to_json(self) -> dict[str, Any]:
        params = {
            key: value.to_json() if isinstance(value, Msg) else value
            for key, value in self.params.items()
        }
        return {"t": self.template, "p": params} if params else {"t": self.template}

    @staticmethod
    def from_json(data: Any) -> Msg:
        if isinstance(data, str):
            return Msg(data)
        params = {
            key: Msg.from_json(value) if isinstance(value, dict) and "t" in value else value
            for key, value in data.get("p", {}).items()
        }
        return Msg(data["t"], params)


def verbatim(text: str) -> Msg:
    """Text from data (an id, a name the players entered) shown as it is, never as a
    template: its braces are not parameters, and it is not looked up in the catalogues
    unless it happens to be a msgid."""
    return Msg(text.replace("{", "{{").replace("}", "}}"))


def msg(template: str, **params: Any) -> Msg:
    """Build a :class:`Msg`; the template is the English text and gettext msgid."""
    return Msg(template, params)


def join_english(items: list[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (used in traces, which stay English)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
