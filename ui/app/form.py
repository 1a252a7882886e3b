"""The values being entered for one prompt, before CONFIRM sends them.

A :class:`FormModel` starts each field from the camera's reading (when the
field names one and the camera has it), else the field's default, else empty;
steppers, choice buttons and toggles change it; :meth:`FormModel.answer`
hands the values to :meth:`rules.prompt.Prompt.coerce` via the service, which
names the field of any value it refuses. No Kivy here.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from rules.prompt import Field
from ui.app.camera import CameraFeed


class FormModel:
    """Editable values for a sequence of :class:`Field` objects."""

    def __init__(self, fields: Sequence[Field], camera: CameraFeed | None = None) -> None:
        self.fields = tuple(fields)
        self.values: dict[str, Any] = {}
        #: Keys whose value came from the camera (the screen marks them).
        self.from_camera: set[str] = set()
        for field in self.fields:
            reading = camera.read(field) if camera is not None and field.camera else None
            if reading is not None:
                self.values[field.key] = copy.deepcopy(reading)
                self.from_camera.add(field.key)
            else:
                self.values[field.key] = self._start(field)

    @staticmethod
    def _start(field: Field) -> Any:
        if field.default is not None:
            return copy.deepcopy(field.default)
        if field.kind == "counts":
            return {c.value: 0 for c in field.choices}
        if field.kind == "multi":
            return []
        return None

    def field(self, key: str) -> Field:
        for field in self.fields:
            if field.key == key:
                return field
        raise KeyError(key)

    # -- changing --------------------------------------------------------------------

    def step(self, key: str, delta: int, entry: str | None = None) -> None:
        """Add ``delta`` to an ``int`` field (or one ``entry`` of a ``counts`` field), clamped."""
        field = self.field(key)
        low = (
            field.minimum if field.minimum is not None else (0 if field.kind == "counts" else None)
        )
        high = field.maximum
        if field.kind == "counts":
            if entry is None:
                raise ValueError("a counts field needs the entry to step")
            counts = dict(self.values[key])
            counts[entry] = _clamp(int(counts.get(entry, 0)) + delta, low, high)
            self.values[key] = counts
        elif field.kind == "int":
            current = self.values[key]
            if current is None:
                start = low if low is not None else 0
                self.values[key] = _clamp(start, low, high)
            else:
                self.values[key] = _clamp(int(current) + delta, low, high)
        else:
            raise ValueError(f"field '{key}' has no stepper")
        self.from_camera.discard(key)

    def choose(self, key: str, value: str) -> None:
        """Select ``value`` of a ``choice`` field, or toggle it in a ``multi`` field."""
        field = self.field(key)
        if value not in {c.value for c in field.choices}:
            raise ValueError(f"'{value}' is not a choice of '{key}'")
        if field.kind == "multi":
            chosen = list(self.values[key])
            if value in chosen:
                chosen.remove(value)
            else:
                chosen.append(value)
            self.values[key] = chosen
        else:
            self.values[key] = value

    def toggle(self, key: str) -> None:
        self.values[key] = not bool(self.values[key])

    def set_text(self, key: str, text: str) -> None:
        self.values[key] = text

    # -- reading ---------------------------------------------------------------------

    def missing(self) -> list[Field]:
        """Fields still without a value (CONFIRM would be refused)."""
        return [f for f in self.fields if self.values.get(f.key) is None]

    def answer(self) -> dict[str, Any]:
        """The values to confirm; empty ones are left out so the rules name them."""
        return {k: copy.deepcopy(v) for k, v in self.values.items() if v is not None}


def _clamp(value: int, low: int | None, high: int | None) -> int:
    if low is not None:
        value = max(low, value)
    if high is not None:
        value = min(high, value)
    return value
