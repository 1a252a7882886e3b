"""What a game asks of the table at one step, as data every front end can show.

A :class:`Prompt` is the whole screen of one step: a title, the lines the
players should read (instructions, the bot's decision), and the
:class:`Field` values the game needs back. The terminal, the Kivy app and the
GPIO buttons all render the same prompt; a prompt whose fields all have
defaults can be confirmed with the CONFIRM button alone.

A field says *what* the table is asked in the table's own terms, never as a
typed language: a count per colour (``counts``), one or several of the legal
options (``choice``, ``multi``), an order (``order``), a yes/no (``bool``), a
whole number (``int``). When the options are places of the board picture
(hexes, cards, tiles, map spaces), ``places`` names the scene layer they
belong to and the app lets the players tap them on the picture
(docs/board-scenes.md). ``text`` is kept for names only; no game step may ask
for it (a test walks every step of every game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.camera import CameraRequest
from rules.decision import Decision
from rules.errors import IllegalInput
from rules.text import Msg, msg

FieldKind = Literal["int", "choice", "multi", "order", "bool", "text", "counts"]


@dataclass(frozen=True)
class Choice:
    """One option of a field: a stable value, its label, and for ``counts`` the most allowed.

    ``limit`` bounds one entry of a ``counts`` field (e.g. the markers a tray
    can give: no more than are in it); ``None`` means the field's ``maximum``.
    """

    value: str
    label: Msg
    limit: int | None = None


@dataclass(frozen=True, kw_only=True)
class Field:
    """One value the game needs from the players.

    Kinds and what ``minimum``/``maximum`` bound:

    - ``int``: a whole number, bounded by them;
    - ``counts``: a whole number per choice (markers per colour), each entry
      bounded by them (``minimum`` defaults to 0) and by the choice's ``limit``;
    - ``choice``: one of ``choices``;
    - ``multi``: several distinct ``choices`` values, how many bounded by them;
    - ``order``: distinct ``choices`` values in an order that matters (player
      order, the order members act), how many bounded by them (default: all);
    - ``bool``: yes or no;
    - ``text``: free text, for names only (the kiosk shows an on-screen keyboard).

    ``places`` (with ``choice``, ``multi`` or ``order``): the scene layer whose
    item ids are the choice values, so players pick them by tapping the board
    picture. ``camera``: the camera reading that can prefill the field, a typed request
    of :mod:`rules.camera` (``ColourTotals()``, ``TrayCounts(side=3)``); the older string
    names (``"tray_counts:3"``) are read by :func:`rules.camera.camera_request`.
    """

    key: str
    label: Msg
    kind: FieldKind
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    help: Msg | None = None
    camera: CameraRequest | str | None = None  # what the camera can prefill it from
    places: str | None = None  # scene layer of tappable places, e.g. "hexes" (docs/board-scenes.md)

    def coerce(self, raw: Any) -> Any:
        """Check and normalise one answer value, or raise :class:`IllegalInput`."""
        if raw is None:
            if self.default is None:
                what = {
                    "choice": msg("choose one of the options"),
                    "multi": msg("choose from the options"),
                    "order": msg("choose the options in order"),
                    "counts": msg("give a number for each entry"),
                    "int": msg("give a whole number"),
                    "bool": msg("answer yes or no"),
                }.get(self.kind, msg("give a value"))
                raise IllegalInput(msg("{field}: {what}", field=self.label, what=what), self.key)
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
            raise IllegalInput(msg("{field}: answer yes or no", field=self.label), self.key)
        if self.kind == "choice":
            return self._choice(raw)
        if self.kind in ("multi", "order"):
            return self._picks(raw)
        if self.kind == "counts":
            if not isinstance(raw, Mapping):
                raise IllegalInput(
                    msg("{field}: give a number for each entry", field=self.label), self.key
                )
            limits = {c.value: c.limit for c in self.choices}
            # Entries left out keep the value the screen offered (the default), so a
            # terminal user gives only what changed.
            start = self.default if isinstance(self.default, Mapping) else {}
            values = {c.value: start.get(c.value, 0) for c in self.choices}
            for key, value in raw.items():
                if key not in values:
                    known = ", ".join(values)
                    raise IllegalInput(
                        msg("unknown entry '{key}' (known: {known})", key=key, known=known),
                        self.key,
                    )
                values[key] = self._int(value, f"{self.key}.{key}")
                limit = limits[key]
                if limit is not None and values[key] > limit:
                    raise IllegalInput(
                        f"{values[key]} is above the {limit} possible here", f"{self.key}.{key}"
                    )
            return values
        if not isinstance(raw, str):
            raise IllegalInput(msg("{field}: give a text", field=self.label), self.key)
        return raw

    def _picks(self, raw: Any) -> list[str]:
        items = raw if isinstance(raw, list | tuple) else str(raw).replace(",", " ").split()
        picked = [self._choice(item) for item in items]
        repeated = sorted({v for v in picked if picked.count(v) > 1})
        if repeated:
            raise IllegalInput(
                msg("{field}: one option is chosen twice", field=self.label), self.key
            )
        low = self.minimum if self.minimum is not None else 0
        if self.kind == "order" and self.minimum is None:
            low = len(self.choices)
        if len(picked) < low:
            raise IllegalInput(
                msg(
                    "{field}: choose at least {n} (chosen: {k})",
                    field=self.label,
                    n=low,
                    k=len(picked),
                ),
                self.key,
            )
        if self.maximum is not None and len(picked) > self.maximum:
            raise IllegalInput(
                msg(
                    "{field}: choose at most {n} (chosen: {k})",
                    field=self.label,
                    n=self.maximum,
                    k=len(picked),
                ),
                self.key,
            )
        return picked

    def _int(self, raw: Any, where: str) -> int:
        if isinstance(raw, bool):
            raise IllegalInput(msg("a whole number is needed"), where)
        try:
            value = int(str(raw).strip()) if not isinstance(raw, int) else raw
        except ValueError:
            raise IllegalInput(msg("'{raw}' is not a whole number", raw=str(raw)), where) from None
        low = 0 if self.minimum is None and self.kind == "counts" else self.minimum
        if low is not None and value < low:
            raise IllegalInput(
                msg("{value} is below the minimum {low}", value=value, low=low), where
            )
        if self.maximum is not None and value > self.maximum:
            raise IllegalInput(
                msg("{value} is above the maximum {high}", value=value, high=self.maximum), where
            )
        return value

    def _choice(self, raw: Any) -> str:
        text = str(raw).strip()
        for choice in self.choices:
            if text == choice.value:
                return choice.value
        for choice in self.choices:  # forgiving: case-insensitive value or label
            if text.lower() in {choice.value.lower(), choice.label.english().lower()}:
                return choice.value
        raise IllegalInput(msg("'{text}' is not one of the options", text=text), self.key)


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
    #: Only steps listed in the game's ``secret_steps`` may set it.
    secret: bool = False
    confirm_label: Msg = field(default_factory=lambda: msg("Confirm"))
    #: The game round this step belongs to (the history groups steps by it);
    #: ``None`` for set-up and other steps outside the rounds.
    round: int | None = None

    def coerce(self, answer: Mapping[str, Any]) -> dict[str, Any]:
        """Validate a whole answer against this prompt's fields."""
        known = {f.key for f in self.fields}
        extra = sorted(set(answer) - known)
        if extra:
            raise IllegalInput(
                msg("this step does not ask for {keys}", keys=", ".join(extra)), extra[0]
            )
        return {f.key: f.coerce(answer.get(f.key)) for f in self.fields}

    @property
    def confirmable(self) -> bool:
        """True when every field has a default, so CONFIRM alone answers it."""
        return not self.finished and all(f.default is not None for f in self.fields)
