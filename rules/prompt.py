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
from typing import Any

from rules.camera import CameraRequest
from rules.decision import Decision
from rules.errors import IllegalInput
from rules.kinds import FieldKind, Kind, kind_of
from rules.text import Msg, msg


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

    ``kind`` names a :class:`rules.kinds.Kind` (:attr:`spec`). Kinds and what
    ``minimum``/``maximum`` bound:

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
    ``tracked``: the default is what the assistant tracked; ``optional``: an extra
    whose default is "nothing else"; the screens need not stop to show either
    (docs/ui.md, look-first).
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
    #: The default is the state the assistant tracked (the markers on the trays now): a
    #: check the players correct only where the table differs, not a guess at an answer.
    tracked: bool = False
    #: An extra the players fill only when something else happened ("Other changes to
    #: record"); its default is "nothing", and the step's question is elsewhere.
    optional: bool = False

    def __post_init__(self) -> None:
        kind_of(self)  # an unknown kind is refused where the field is made

    @property
    def spec(self) -> Kind:
        """This field's :class:`rules.kinds.Kind` (what its value is and how it changes)."""
        return kind_of(self)

    def coerce(self, raw: Any) -> Any:
        """Check and normalise one answer value, or raise :class:`IllegalInput`."""
        if raw is None:
            if self.default is None:
                what = self.spec.needs
                raise IllegalInput(msg("{field}: {what}", field=self.label, what=what), self.key)
            raw = self.default
        return self.spec.coerce(self, raw)


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
