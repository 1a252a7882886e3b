"""Messages as players read them: every parameter made plain text, then translated.

Lists and mappings are spelled out (``basic 2, elite 0``), never as Python prints
them; yes/no and empty values are words. Used by the presenters and by the table
check's wording, which both show messages with parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.text import Msg, Translator
from ui.i18n import _


def plain(value: Any, tr: Translator) -> Any:
    """A message parameter as players read it: lists and mappings spelled out, Msgs translated."""
    if isinstance(value, Msg):
        return render(value, tr)
    if isinstance(value, bool):
        return (_("yes") if value else _("no")).render(tr)
    if isinstance(value, Mapping):
        return ", ".join(f"{plain(k, tr)} {plain(v, tr)}" for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(str(plain(v, tr)) for v in value)
    if value is None:
        return "–"
    if isinstance(value, str):
        return tr(value) if value else value
    return value


def render(message: Msg, tr: Translator) -> str:
    """Render ``message`` with every parameter made plain (see :func:`plain`)."""
    params = {key: plain(value, tr) for key, value in message.params.items()}
    return replace(message, params=params).render(tr)
