"""A component editor built from a game's schema, for games without one of their own.

It walks the component data the way the schema describes it and makes one
page per object: its numbers as steppers, its symbols (strings with fixed
choices) as choice buttons, its yes/no values as toggles, a list of distinct
symbols as a ``multi`` field, a map of numbers as one ``counts`` field. Free
text (names, labels) is shown, never typed. The menu lists the top-level
parts of the set.

The pages start from the players' own set, or from the EXAMPLE set when they
have none: these are values to *check against the box*, and a page counts as
entered only once the players confirmed it. Once every page is confirmed the
set is the players' own (every ``example`` flag in it is cleared).

What the players read comes from the game's subclass
(``rules/games/<game>/editor.py``), next to its schema:

- ``labels``: a label per *path pattern* (``"cells/*/kind"``: ``*`` stands
  for any list index) or per key (``"strength"``), the pattern first;
- ``values``: a label per symbol (``"corner"``, ``"farmer"``): choices, the
  entries of a ``counts`` field and symbols shown as text;
- ``hidden``: path patterns kept as they are and never shown (ids, map
  coordinates, format tags);
- :meth:`SchemaEditor.title_of`, :meth:`~SchemaEditor.group_of`,
  :meth:`~SchemaEditor.lines_of`, :meth:`~SchemaEditor.scene_of` and
  :meth:`~SchemaEditor.field_of`: a page's title, which menu item it belongs
  to, what it says, its picture and a field's choices or tappable places.

A key without a label is shown with its underscores as spaces, in English
(``tests/rules/test_schema_editors.py`` fails on any for the shipped games).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.editor import ComponentEditor, Draft, Item, Page
from rules.game import Game
from rules.prompt import Choice, Field
from rules.schema import Bool, Int, List, Map, Maybe, Obj, Spec, Str
from rules.text import Msg, msg, verbatim

#: A page never asks more than this many fields; a larger object is split.
MOST_FIELDS = 8
#: Lists of symbols longer than this are not edited field by field.
MOST_LIST = 8
#: Texts longer than this (notes, sources) are not shown on a page; format tags never are.
MOST_SHOWN = 60
#: Keys never shown: format tags, notes, sources and ids (the players read names and titles).
HIDDEN = frozenset({"schema", "note", "comment", "source", "from", "example", "id"})

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
    if isinstance(spec, List):  # a few symbols: at most MOST_LIST, or each symbol at most once
        item = _plain(spec.item)
        if not isinstance(item, Str) or item.choices is None:
            return False
        short = spec.max_length is not None and spec.max_length <= MOST_LIST
        return short or (spec.unique and len(item.choices) <= MOST_LIST)
    if isinstance(spec, Map):
        return isinstance(_plain(spec.value), Int)
    return False


def pattern_of(path: Path) -> str:
    """``("cells", 3, "kind")`` -> ``"cells/*/kind"`` (page chunks ``#1`` left out)."""
    return "/".join("*" if isinstance(p, int) else str(p) for p in path if not _chunk(p))


def _chunk(part: str | int) -> bool:
    return isinstance(part, str) and part.startswith("#")


def within(path: Path, patterns: frozenset[str]) -> bool:
    """Whether ``path`` is one of ``patterns`` or lies under one."""
    pattern = pattern_of(path)
    return any(pattern == p or pattern.startswith(p + "/") for p in patterns)


def _chunks(path: Path, leaves: list[Leaf]) -> Iterator[tuple[Path, list[Leaf]]]:
    for start in range(0, len(leaves), MOST_FIELDS):
        chunk = leaves[start : start + MOST_FIELDS]
        yield ((*path, f"#{start // MOST_FIELDS}") if start else path), chunk


def pages_of(
    spec: Spec, value: Any, path: Path = (), hidden: frozenset[str] = frozenset()
) -> Iterator[tuple[Path, list[Leaf]]]:
    """``(path, leaves)`` of every page: the editable values of each object, in data order."""
    spec = _plain(spec)
    if path and within(path, hidden):
        return
    if isinstance(spec, Obj) and isinstance(value, Mapping):
        leaves = [
            Leaf((*path, key), spec.fields[key])
            for key in spec.fields
            if key in value
            and key not in HIDDEN
            and _editable(spec.fields[key])
            and not within((*path, key), hidden)
        ]
        yield from _chunks(path, leaves)
        for key, child in spec.fields.items():
            if key in value and not _editable(child):
                yield from pages_of(child, value[key], (*path, key), hidden)
    elif isinstance(spec, List) and isinstance(value, list):
        for index, item in enumerate(value):
            yield from pages_of(spec.item, item, (*path, index), hidden)
    elif isinstance(spec, Map) and isinstance(value, Mapping):
        if _editable(spec.value) and not isinstance(_plain(spec.value), List | Map):
            leaves = [
                Leaf((*path, str(key)), spec.value)
                for key in value
                if not within((*path, str(key)), hidden)
            ]
            yield from _chunks(path, leaves)
            return
        for key, item in value.items():
            yield from pages_of(spec.value, item, (*path, str(key)), hidden)


def parse_path(field: str) -> Path:
    """A schema error's path as data keys: ``"cells[3].kind"`` -> ``("cells", 3, "kind")``."""
    return tuple(
        int(index) if index else key for index, key in re.findall(r"\[(\d+)\]|([^.\[\]]+)", field)
    )


def key_of(path: Path) -> str:
    return "/".join(str(p) for p in path) or "/"


def get(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: Path, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def readable(key: str) -> str:
    """A key as English words, the last resort for a key without a label."""
    return key.lstrip("#").replace("_", " ").replace("-", " ").capitalize()


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


def shown_text(value: str) -> Msg:
    """Component text (a name the players entered) shown as it is, in every language."""
    return verbatim(value)


class SchemaEditor(ComponentEditor):
    """The editor :func:`rules.registry.editor_for` builds for a game without its own."""

    #: Labels per path pattern (``"cells/*/kind"``) or per key (``"strength"``).
    labels: ClassVar[Mapping[str, Msg]] = {}
    #: Labels of symbols (choices, entries of counts, symbols shown as text).
    values: ClassVar[Mapping[str, Msg]] = {}
    #: Path patterns kept as they are and never shown.
    hidden: ClassVar[frozenset[str]] = frozenset()

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

    # -- what the players read ----------------------------------------------------------------

    def label_of(self, path: Path) -> Msg:
        """The label of the value at ``path``: its pattern's, its key's, else its key in words."""
        pattern = pattern_of(path)
        if pattern in self.labels:
            return self.labels[pattern]
        parts = [p for p in path if not _chunk(p)]
        last = parts[-1] if parts else ""
        if isinstance(last, int):
            return msg("number {n}", n=last + 1)
        if last in self.labels:
            return self.labels[last]
        if last in self.values:
            return self.values[last]
        return Msg(readable(last))

    def value_label(self, value: str) -> Msg:
        """The label of a symbol (a choice, an entry of counts)."""
        return self.values.get(value) or Msg(readable(value))

    def title_of(self, path: Path, data: Mapping[str, Any]) -> Msg:
        """A page's title: by default its labels from the top, joined with ``·``."""
        parts = [p for p in path if not _chunk(p)]
        if not parts:
            return msg("General")
        where = self.label_of(tuple(parts[:1]))
        for end in range(2, len(parts) + 1):
            where = msg("{a} · {b}", a=where, b=self.label_of(tuple(parts[:end])))
        return where

    def group_of(self, path: Path, data: Mapping[str, Any]) -> tuple[str, Msg]:
        """The menu item a page belongs to (key, label): by default its top-level part."""
        if not path:
            return "general", msg("General")
        return str(path[0]), self.label_of(path[:1])

    def lines_of(self, path: Path, data: Mapping[str, Any], leaves: list[Leaf]) -> list[Msg]:
        """What a page says above its fields: check against the box, and the texts it holds."""
        lines = [msg("Check these against your box and correct what differs.")]
        holder = get(data, tuple(p for p in path if not _chunk(p)))
        if isinstance(holder, Mapping):
            asked = {leaf.path[-1] for leaf in leaves}
            for name, value in holder.items():
                shown = isinstance(value, str) and len(value) <= MOST_SHOWN and name not in HIDDEN
                if shown and name not in asked and not within((*path, name), self.hidden):
                    text = self.values.get(value) or shown_text(value)
                    lines.append(
                        msg("{what}: {value}", what=self.label_of((*path, name)), value=text)
                    )
        return lines

    def scene_of(self, path: Path, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """The picture of a page (a board scene), or ``None``."""
        return None

    # -- drafts -------------------------------------------------------------------------------

    def blank(self) -> Draft:
        example = self.game.example_components()
        data = self._schema.check(copy.deepcopy(dict(example or {})))
        return {"data": data, "checked": []}

    def draft_of(self, data: Mapping[str, Any]) -> Draft:
        data = copy.deepcopy(dict(data))
        return {"data": data, "checked": [key_of(p) for p, _ in self.walk(data)]}

    def data_of(self, draft: Draft) -> dict[str, Any]:
        data = copy.deepcopy(draft["data"])
        clear_example_flags(data)
        return dict(data)

    # -- the walk -----------------------------------------------------------------------------

    def walk(self, data: Mapping[str, Any]) -> list[tuple[Path, list[Leaf]]]:
        """Every page of the data in walk order (a subclass may add pages of its own)."""
        return list(pages_of(self._schema, data, (), self.hidden))

    def items(self, draft: Draft) -> tuple[Item, ...]:
        groups: dict[str, tuple[Msg, list[str]]] = {}
        for path, _leaves in self.walk(draft["data"]):
            key, label = self.group_of(path, draft["data"])
            groups.setdefault(key, (label, []))[1].append(key_of(path))
        return tuple(
            Item(key=key, label=label, pages=tuple(keys)) for key, (label, keys) in groups.items()
        )

    def _leaves(self, draft: Draft, key: str) -> tuple[Path, list[Leaf]]:
        for path, leaves in self.walk(draft["data"]):
            if key_of(path) == key:
                return path, leaves
        raise KeyError(key)

    def entered(self, draft: Draft, key: str) -> bool:
        return key in draft["checked"]

    def where(self, draft: Draft, field: str) -> Msg | None:
        """The deepest page whose part holds ``field``, and the field on it if one does."""
        target = parse_path(field)
        best: tuple[int, Path, Leaf | None] | None = None
        for path, leaves in self.walk(draft["data"]):
            part = tuple(p for p in path if not _chunk(p))
            if not part or target[: len(part)] != part:
                continue  # the general page holds everything: it names no place
            leaf = next((x for x in leaves if target[: len(x.path)] == x.path), None)
            if best is None or (len(part), leaf is not None) > (best[0], best[2] is not None):
                best = (len(part), path, leaf)
        if best is None:
            return None
        title = self.page(draft, key_of(best[1])).title
        if best[2] is None:
            return title
        return msg("{a} · {b}", a=title, b=self.label_of(best[2].path))

    def page(self, draft: Draft, key: str) -> Page:
        path, leaves = self._leaves(draft, key)
        data = draft["data"]
        return Page(
            key=key,
            title=self.title_of(path, data),
            lines=tuple(self.lines_of(path, data, leaves)),
            fields=tuple(self.field_of(leaf, get(data, leaf.path), data) for leaf in leaves),
            scene=self.scene_of(path, data),
        )

    def field_of(self, leaf: Leaf, value: Any, data: Mapping[str, Any]) -> Field:
        """The field asking for ``leaf`` (a subclass may narrow its choices or add places)."""
        return self._field(leaf, value)

    def _field(self, leaf: Leaf, value: Any) -> Field:
        spec = _plain(leaf.spec)
        key = str(leaf.path[-1])
        label = self.label_of(leaf.path)
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
                choices=tuple(Choice(c, self.value_label(c)) for c in spec.choices or ()),
            )
        if isinstance(spec, Map):
            number = _plain(spec.value)
            assert isinstance(number, Int)
            counts = dict(value or {})  # a map that may be absent (no one-time bonus): none
            names = list(counts)
            if isinstance(spec.keys, Str) and spec.keys.choices:
                names += [k for k in spec.keys.choices if k not in counts]
            return Field(
                key=key,
                label=label,
                kind="counts",
                default={k: counts.get(k, 0) for k in names},
                minimum=number.minimum,
                maximum=number.maximum,
                choices=tuple(Choice(str(k), self.value_label(str(k))) for k in names),
            )
        assert isinstance(spec, List)
        item = _plain(spec.item)
        assert isinstance(item, Str)
        return Field(
            key=key,
            label=label,
            kind="multi",
            default=list(value),
            minimum=spec.min_length,
            maximum=spec.max_length,
            choices=tuple(Choice(c, self.value_label(c)) for c in item.choices or ()),
        )

    def apply(self, draft: Draft, key: str, answer: Mapping[str, Any]) -> None:
        _path, leaves = self._leaves(draft, key)
        for leaf in leaves:
            value = copy.deepcopy(answer[str(leaf.path[-1])])
            if isinstance(_plain(leaf.spec), Map):
                value = self._counts_back(leaf, get(draft["data"], leaf.path), value)
            put(draft["data"], leaf.path, value)
        if key not in draft["checked"]:
            draft["checked"].append(key)

    @staticmethod
    def _counts_back(leaf: Leaf, before: Any, counts: Mapping[str, int]) -> Any:
        """A counts answer as the map it edits: entries offered but not there stay out at 0."""
        known = dict(before or {})
        out = {k: n for k, n in counts.items() if n or k in known}
        if not out and before is None and isinstance(leaf.spec, Maybe):
            return None
        return out
