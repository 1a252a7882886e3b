"""A component editor built from a game's schema, for games without one of their own.

It walks the component data the way the schema describes it and makes one
page per object: its numbers as steppers, its symbols (strings with fixed
choices) as choice buttons, its yes/no values as toggles, a list of distinct
symbols as an ``order`` field, a map of numbers as one ``counts`` field. Free
text (names, labels) is shown, never typed. The menu lists the top-level
parts of the set.

The pages start from the players' own set, or from the EXAMPLE set when they
have none: these are values to *check against the box*, and a page counts as
entered only once the players confirmed it. Once every page is confirmed the
set is the players' own (every ``example`` flag in it is cleared).

Field labels come from the game editor's ``labels`` (translatable ``Msg`` per
schema key); a key without one is shown with its underscores as spaces.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.editor import ComponentEditor, Draft, Item, Page
from rules.game import Game
from rules.prompt import Choice, Field
from rules.schema import Bool, Int, List, Map, Maybe, Obj, Spec, Str
from rules.text import Msg, msg

#: A page never asks more than this many fields; a larger object is split.
MOST_FIELDS = 8
#: Lists of symbols longer than this are not edited field by field.
MOST_LIST = 8
#: Texts longer than this (notes, sources) are not shown on a page; format tags never are.
MOST_SHOWN = 60
HIDDEN = frozenset({"schema", "note", "comment", "source", "from"})

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Leaf:
    """One editable value: where it is in the data and what the schema allows."""

    path: Path
    spec: Spec


def _plain(spec: Spec) -> Spec:
    return spec.spec if isinstance(spec, Maybe) else spec


def _editable(spec: Spec) -> bool:
    spec = _plain(spec)
    if isinstance(spec, Int | Bool):
        return True
    if isinstance(spec, Str):  # a symbol to tap; one possible value is a format tag, not a choice
        return spec.choices is not None and len(spec.choices) > 1
    if isinstance(spec, List):
        item = _plain(spec.item)
        short = spec.max_length is not None and spec.max_length <= MOST_LIST
        return short and isinstance(item, Str) and item.choices is not None
    if isinstance(spec, Map):
        return isinstance(_plain(spec.value), Int)
    return False


def pages_of(spec: Spec, value: Any, path: Path = ()) -> Iterator[tuple[Path, list[Leaf]]]:
    """``(path, leaves)`` of every page: the editable values of each object, in data order."""
    spec = _plain(spec)
    if isinstance(spec, Obj) and isinstance(value, Mapping):
        leaves = [
            Leaf((*path, key), spec.fields[key])
            for key in spec.fields
            if key in value and key != "example" and _editable(spec.fields[key])
        ]
        for start in range(0, len(leaves), MOST_FIELDS):
            chunk = leaves[start : start + MOST_FIELDS]
            yield ((*path, f"#{start // MOST_FIELDS}") if start else path), chunk
        for key, child in spec.fields.items():
            if key in value and not _editable(child):
                yield from pages_of(child, value[key], (*path, key))
    elif isinstance(spec, List) and isinstance(value, list):
        for index, item in enumerate(value):
            yield from pages_of(spec.item, item, (*path, index))
    elif isinstance(spec, Map) and isinstance(value, Mapping):
        if _editable(spec.value) and not isinstance(_plain(spec.value), List | Map):
            leaves = [Leaf((*path, str(key)), spec.value) for key in value]
            for start in range(0, len(leaves), MOST_FIELDS):
                chunk = leaves[start : start + MOST_FIELDS]
                yield ((*path, f"#{start // MOST_FIELDS}") if start else path), chunk
            return
        for key, item in value.items():
            yield from pages_of(spec.value, item, (*path, str(key)))


def key_of(path: Path) -> str:
    return "/".join(str(p) for p in path) or "/"


def get(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: Path, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def clear_example_flags(data: Any) -> None:
    """Set every ``example`` flag in the data to false (the players confirmed everything)."""
    if isinstance(data, dict):
        if isinstance(data.get("example"), bool):
            data["example"] = False
        for value in data.values():
            clear_example_flags(value)
    elif isinstance(data, list):
        for value in data:
            clear_example_flags(value)


class SchemaEditor(ComponentEditor):
    """The editor :func:`rules.registry.editor_for` builds for a game without its own."""

    labels: Mapping[str, Msg] = {}

    def __init__(self, game: Game) -> None:
        self.game = game
        self.game_name = game.name  # type: ignore[misc]
        self.name = f"{game.name}-components"  # type: ignore[misc]
        self.title = game.title  # type: ignore[misc]
        schema = game.component_schema()
        assert schema is not None, f"{game.name} has no components"
        self._schema = schema

    def schema(self) -> Spec:
        return self._schema

    # -- drafts -------------------------------------------------------------------------------

    def blank(self) -> Draft:
        example = self.game.example_components()
        data = self._schema.check(copy.deepcopy(dict(example or {})))
        return {"data": data, "checked": []}

    def draft_of(self, data: Mapping[str, Any]) -> Draft:
        data = copy.deepcopy(dict(data))
        return {"data": data, "checked": [key_of(p) for p, _ in pages_of(self._schema, data)]}

    def data_of(self, draft: Draft) -> dict[str, Any]:
        data = copy.deepcopy(draft["data"])
        clear_example_flags(data)
        return dict(data)

    # -- the walk -----------------------------------------------------------------------------

    def _label(self, key: str | int) -> Msg:
        if isinstance(key, int):
            return msg("number {n}", n=key + 1)
        if key in self.labels:
            return self.labels[key]
        return Msg(key.lstrip("#").replace("_", " ").replace("-", " ").capitalize())

    def _where(self, path: Path) -> Msg:
        if not path:
            return msg("General")
        parts = [self._label(p) for p in path if not str(p).startswith("#")]
        where = parts[0]
        for part in parts[1:]:
            where = msg("{a} · {b}", a=where, b=part)
        return where

    def items(self, draft: Draft) -> tuple[Item, ...]:
        groups: dict[str, list[str]] = {}
        for path, _leaves in pages_of(self._schema, draft["data"]):
            top = str(path[0]) if path else ""
            groups.setdefault(top, []).append(key_of(path))
        return tuple(
            Item(key=top or "general", label=self._where((top,) if top else ()), pages=tuple(keys))
            for top, keys in groups.items()
        )

    def _leaves(self, draft: Draft, key: str) -> tuple[Path, list[Leaf]]:
        for path, leaves in pages_of(self._schema, draft["data"]):
            if key_of(path) == key:
                return path, leaves
        raise KeyError(key)

    def entered(self, draft: Draft, key: str) -> bool:
        return key in draft["checked"]

    def page(self, draft: Draft, key: str) -> Page:
        path, leaves = self._leaves(draft, key)
        data = draft["data"]
        lines = [msg("Check these against your box and correct what differs.")]
        holder = get(data, tuple(p for p in path if not str(p).startswith("#")))
        if isinstance(holder, Mapping):
            for name, value in holder.items():
                shown = isinstance(value, str) and len(value) <= MOST_SHOWN and name not in HIDDEN
                if shown and name not in {leaf.path[-1] for leaf in leaves}:
                    lines.append(msg("{what}: {value}", what=self._label(name), value=value))
        fields = tuple(self._field(leaf, get(data, leaf.path)) for leaf in leaves)
        return Page(key=key, title=self._where(path), lines=tuple(lines), fields=fields)

    def _field(self, leaf: Leaf, value: Any) -> Field:
        spec = _plain(leaf.spec)
        key = str(leaf.path[-1])
        label = self._label(key)
        if isinstance(spec, Int):
            return Field(
                key=key,
                label=label,
                kind="int",
                default=value,
                minimum=spec.minimum,
                maximum=spec.maximum,
            )
        if isinstance(spec, Bool):
            return Field(key=key, label=label, kind="bool", default=value)
        if isinstance(spec, Str):
            return Field(
                key=key,
                label=label,
                kind="choice",
                default=value,
                choices=tuple(Choice(c, self._label(c)) for c in spec.choices or ()),
            )
        if isinstance(spec, Map):
            number = _plain(spec.value)
            assert isinstance(number, Int)
            return Field(
                key=key,
                label=label,
                kind="counts",
                default=dict(value),
                minimum=number.minimum,
                maximum=number.maximum,
                choices=tuple(Choice(str(k), self._label(str(k))) for k in value),
            )
        assert isinstance(spec, List)
        item = _plain(spec.item)
        assert isinstance(item, Str)
        return Field(
            key=key,
            label=label,
            kind="order" if spec.unique else "multi",
            default=list(value),
            minimum=spec.min_length,
            maximum=spec.max_length,
            choices=tuple(Choice(c, self._label(c)) for c in item.choices or ()),
        )

    def apply(self, draft: Draft, key: str, answer: Mapping[str, Any]) -> None:
        _path, leaves = self._leaves(draft, key)
        for leaf in leaves:
            put(draft["data"], leaf.path, copy.deepcopy(answer[str(leaf.path[-1])]))
        if key not in draft["checked"]:
            draft["checked"].append(key)
