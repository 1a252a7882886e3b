"""Views of tagged game boards, registered by the modules that know them.

A field may ask the camera for the pieces on a tagged board's hexes
(:class:`rules.camera.HexPieces`); what the field's value is (its key names the
hex and what to count) belongs to the game's view of that board, not to the
camera's reader. A view registers itself under its board's name when its module
is imported (:mod:`vision.battleground_view` for Ante Portas, imported by the
app's calibration loading, ``ui.calibration_file``), so :mod:`vision.feed` and
the closed loop answer hex requests without naming any game.
"""

from __future__ import annotations

from typing import Any, Protocol

from rules.text import Msg


class BoardView(Protocol):
    """What the app asks of a tagged board's view."""

    def proposal(self, reading: Any, confirm_below: float) -> dict[str, Any]:
        """The pieces seen on each hex (``{"status", "hexes", "state", "unsure", ...}``)."""
        ...

    def answer(self, reading: Any, confirm_below: float, key: str, default: Any) -> Any | None:
        """The value of the field ``key`` from a reading, or None (the players enter it)."""
        ...

    def please_check(self, reading: Any, confirm_below: float, key: str) -> Msg:
        """Why the field ``key`` was left to the players."""
        ...


_VIEWS: dict[str, BoardView] = {}


def register_view(board: str, view: BoardView) -> None:
    """Answer hex requests on ``board`` with ``view`` from now on."""
    _VIEWS[board] = view


def board_view(board: str | None = None) -> BoardView | None:
    """The view registered for ``board`` (None: the first registered), or None."""
    if board is None:
        return next(iter(_VIEWS.values()), None)
    return _VIEWS.get(board)
