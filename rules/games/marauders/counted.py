"""Counted words in the language's plural form: "1 space", "3 spaces" (gettext ngettext)."""

from __future__ import annotations

from rules.text import Msg, msgn


def spaces(n: int) -> Msg:
    return msgn("{n} space", "{n} spaces", n=n)


def markers(n: int) -> Msg:
    return msgn("{n} marker", "{n} markers", n=n)


def action_markers(n: int) -> Msg:
    return msgn("{n} action marker", "{n} action markers", n=n)


def steps(n: int) -> Msg:
    return msgn("{n} step", "{n} steps", n=n)
