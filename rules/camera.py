"""What a prompt field may ask the camera for: small typed requests, no vision inside.

A field that the camera can prefill names one request (``Field.camera``)::

    Field("news", msg("Markers"), "counts", camera=ColourGains(marker=2, steps="dev"))
    Field("tray", msg("Markers"), "counts", camera=TrayCounts(side=3))

The app hands the request to its camera (``vision`` answers it; the players
still confirm every value). A request says *what* to read in the table's terms
(trays, colours, tokens, hexes); it knows no game, and vision knows no game's
field keys. Requests are frozen and compare by value.

:func:`camera_request` turns the older string names (``"tray_counts:3"``,
``"colour_totals"``) into requests, so fields written with strings keep working.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.text import Msg


@dataclass(frozen=True)
class CameraRequest:
    """A reading a field asks the camera for (the base of every request)."""


@dataclass(frozen=True)
class TrayCounts(CameraRequest):
    """``{colour: n}``: the markers of each colour on the control board's tray ``side``."""

    side: int


@dataclass(frozen=True)
class TrayTotals(CameraRequest):
    """``{"0": n, ..., "5": n}``: the markers on each tray, all colours together."""


@dataclass(frozen=True)
class ColourTotals(CameraRequest):
    """``{colour: n}``: the markers of each colour on the whole control board."""


@dataclass(frozen=True)
class ColourGains(CameraRequest):
    """``{colour: n}``: the markers that came onto the trays since the game last tracked
    them: the camera's :class:`ColourTotals` minus what the game tracked. Other entries
    keep their default.

    ``tracked``: the markers per colour the game tracked (``(colour, n)`` pairs), for a
    form without a ``ColourTotals`` field (the Marauders spring income); None: the
    default of the same form's ``ColourTotals`` field (the news panel).

    ``marker`` and ``steps``: the side (0-5) at which the game tracked the priority marker,
    and the entry that gets the steps it moved clockwise since then
    (:func:`marker_steps` from the camera's :class:`PrioritySide` reading; the Marauders
    development points). A camera that cannot see the marker surely leaves that entry
    at its default, for the players."""

    tracked: tuple[tuple[str, int], ...] | None = None
    marker: int | None = None
    steps: str | None = None

    @classmethod
    def since(cls, tracked: Mapping[str, int]) -> ColourGains:
        """The gains onto trays the game tracked as ``tracked`` (``{colour: n}``)."""
        return cls(tuple(sorted((c, int(n)) for c, n in tracked.items())))

    @property
    def reads_marker(self) -> bool:
        """Does the request also ask for the priority marker's steps?"""
        return self.marker is not None and self.steps is not None


@dataclass(frozen=True)
class PrioritySide(CameraRequest):
    """The side (0-5) the priority marker points at."""


#: The sides of a control board: the priority marker goes round them.
SIDES = 6


def marker_steps(tracked: int, read: int) -> int:
    """The steps the priority marker moved clockwise from side ``tracked`` to side
    ``read`` (sides 0-5, numbered clockwise): ``(read - tracked) mod 6``.

    Six steps bring the marker round to where it was, so a picture cannot tell 1 step
    from 7: the camera proposes fewer than six and the players confirm."""
    return (read - tracked) % SIDES


@dataclass(frozen=True)
class TokenCell(CameraRequest):
    """The cell id of the component carrying sticker ``token``."""

    token: int


@dataclass(frozen=True)
class TokenRotation(CameraRequest):
    """The rotation (degrees) of the component carrying sticker ``token``."""

    token: int


@dataclass(frozen=True)
class HexPieces(CameraRequest):
    """The tagged pieces on the hexes of a tagged board (for example Ante Portas's
    battleground): the field's value is read from them by the field's own key
    (``<kind>-<hex>``), which the game's camera view understands."""

    board: str


@dataclass(frozen=True)
class Unread(CameraRequest):
    """A reading no camera gives yet (named for the record): the players enter it."""

    name: str


@dataclass(frozen=True)
class PieceName:
    """How the camera's words name a kind of piece a game counts on a hex
    (``Game.piece_name``): "Basic Invaders"; ``single``: a hex holds at most one (a
    tile), so the words say it should be there or gone instead of counting."""

    name: Msg
    single: bool = False


_PLAIN: dict[str, CameraRequest] = {
    "tray_totals": TrayTotals(),
    "colour_totals": ColourTotals(),
    "colour_gains": ColourGains(),
    "priority_side": PrioritySide(),
    "battleground": HexPieces("anteportas-battleground"),
}


def camera_request(value: CameraRequest | str | None) -> CameraRequest | None:
    """``value`` as a request: requests as they are, the string names of earlier fields
    (``"tray_counts:3"``, ``"token_cell:7"``, ``"colour_totals"``...) parsed, anything
    else an :class:`Unread` request; ``None`` and ``""`` stay ``None``."""
    if value is None or isinstance(value, CameraRequest):
        return value
    if not value:
        return None
    name, _sep, arg = value.partition(":")
    if name in _PLAIN and not arg:
        return _PLAIN[name]
    if arg.lstrip("-").isdigit():
        if name == "tray_counts":
            return TrayCounts(int(arg))
        if name == "token_cell":
            return TokenCell(int(arg))
        if name == "token_rotation":
            return TokenRotation(int(arg))
    return Unread(value)
