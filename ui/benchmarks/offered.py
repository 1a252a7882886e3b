"""Whether a scripted table's answer is among the options the step offers.

A scripted table (:mod:`ui.benchmarks.tables`) keeps its own world. When that
world goes astray it may answer with an option the step does not offer: a
member standing on a space that is not on the map, a lane space of another
lane. No player could tap it, and a bench that let it pass (a tap that found
no button, an answer filled in behind the buttons' back) would measure a game
no table plays. So ``bench answers``, ``bench presses`` and ``bench app``
refuse such an answer at once and name it (:func:`check_offered`).

>>> from rules.prompt import Choice, Field, Prompt
>>> from rules.text import msg
>>> lane = Field(key="hunting-tile", label=msg("Hunting tiles"), kind="multi",
...              choices=(Choice("1@0", msg("1")), Choice("2@0", msg("2"))))
>>> prompt = Prompt(step="autumn-member", title=msg("Lane"), phase=msg("Autumn"),
...                 fields=(lane,))
>>> not_offered(prompt, {"hunting-tile": ["2@0", "6@2+1"]})
{'hunting-tile': ['6@2+1']}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.prompt import Field, Prompt


class NotOffered(RuntimeError):
    """A scripted answer names an option the step does not offer (the script went astray)."""


def named_options(field: Field, value: Any) -> list[str]:
    """The option values an answer for ``field`` names (none for a field without options)."""
    if not field.choices or value is None:
        return []
    if field.spec.per_choice:  # counts: one entry per option
        return [str(v) for v in dict(value)]
    if field.spec.many:  # several picks, in an order or not
        return [str(v) for v in value]
    if field.spec.picks:
        return [str(value)]
    return []


def not_offered(prompt: Prompt, values: Mapping[str, Any]) -> dict[str, list[str]]:
    """Per field key, the options ``values`` names that the field does not offer."""
    out: dict[str, list[str]] = {}
    for field in prompt.fields:
        if field.key not in values:
            continue
        offered = {choice.value for choice in field.choices}
        missing = [v for v in named_options(field, values[field.key]) if v not in offered]
        if missing:
            out[field.key] = missing
    return out


def check_offered(game: str, number: int, prompt: Prompt, values: Mapping[str, Any]) -> None:
    """Raise :class:`NotOffered` naming the step and every option not offered, if any."""
    missing = not_offered(prompt, values)
    if missing:
        named = "; ".join(f"{key} = {', '.join(picks)}" for key, picks in missing.items())
        raise NotOffered(
            f"{game}: the scripted table's answer at step {number} ({prompt.step}) names "
            f"options the step does not offer: {named}"
        )
