"""Typed decision results: a frozen dataclass per decision kind, serialised by one function.

A decision's ``result`` is what tools and later steps read (where the member
goes, how many markers go back). Declared as a :class:`Result` dataclass, its
keys are written in one place and mypy checks every reader; :func:`result_json`
turns it into the plain JSON that ``tableside decide``, the journal and the
history show, always the same way:

- fields in declaration order, under their name or ``metadata["key"]``
  (for names Python reserves, such as ``from``);
- a field declared with ``metadata=OPTIONAL`` is left out while it is ``None``;
- nested results become objects, tuples become lists.

A result also reads as the read-only mapping of that JSON, so code written for
the older plain-dict results keeps working while games move over one kind at
a time:

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True, kw_only=True, eq=False)
... class Pick(Result):
...     outcome: str
...     sides: tuple[int, ...] = ()
...     chosen: int | None = field(default=None, metadata=OPTIONAL)
>>> result_json(Pick(outcome="none"))
{'outcome': 'none', 'sides': []}
>>> pick = Pick(outcome="take", sides=(2, 3), chosen=2)
>>> pick["chosen"], pick.get("missing"), pick == {"outcome": "take", "sides": [2, 3], "chosen": 2}
(2, None, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any

#: Field metadata: leave the key out of the JSON while the value is ``None``.
OPTIONAL: Mapping[str, Any] = MappingProxyType({"omit_none": True})


def optional_as(key: str) -> Mapping[str, Any]:
    """Field metadata: an :data:`OPTIONAL` field written under ``key`` (e.g. ``"from"``)."""
    return MappingProxyType({"omit_none": True, "key": key})


class Result(Mapping[str, Any]):
    """Base of a typed decision result (subclass it as a frozen, keyword-only dataclass).

    Declare subclasses with ``eq=False`` so a result compares equal to its JSON
    form (the mapping's equality), as results read back from a journal are plain.
    """

    def to_json(self) -> dict[str, Any]:
        return result_json(self)

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_json())

    def __len__(self) -> int:
        return len(self.to_json())


def result_json(result: Mapping[str, Any]) -> dict[str, Any]:
    """The plain JSON form of a decision result (typed or an older plain mapping)."""
    if not isinstance(result, Result):
        return dict(result)
    out: dict[str, Any] = {}
    for spec in fields(result):  # type: ignore[arg-type]  # every Result is a dataclass
        value = getattr(result, spec.name)
        if value is None and spec.metadata.get("omit_none"):
            continue
        out[spec.metadata.get("key", spec.name)] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Result):
        return result_json(value)
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
