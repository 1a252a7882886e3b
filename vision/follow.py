"""Following the table: the tray counts are known from the start and only their changes are read.

The trays are never unknown in a game: they start as the set-up says (or, on
resume, as the journal says, confirmed once by the players) and every change
afterwards is a hand putting down or taking away a few cubes. So instead of
reading every tray from nothing at every step (:mod:`vision.reader`), the
:class:`TableFollower` watches continuously::

    follower = TableFollower(calibration=cal, start={"0": {"red": 2}, ...})
    follower.expect({"3": {"blue": 2}})            # what the game says comes next
    for frame in camera:
        trays = follower.feed(frame, timestamp=t)  # None until a new still moment
        if trays is not None: ...                  # {side: TrayFollow}
    follower.confirm({"3": {"blue": 4, ...}})       # the players confirmed or corrected

At each *still moment* (the motion gate, :mod:`vision.motion`, saw hands move and
then stop) every tray's board-registered crop (:mod:`vision.tray_crops`, so a
bumped camera changes nothing) is compared with its crop at the last still
moment:

* an unchanged tray keeps its counts, surely;
* a changed tray gets new counts from the change (the cubes that appeared or
  went, and of which colour, by colour segmentation of the changed region) checked
  against what the game expects and against the counter (:mod:`vision.counter`);
  it is sure only when the evidence agrees. A cube put onto another cube, a hand
  still over a tray, a change that cannot be counted: the tray is *not sure* and
  says why; the players check it. Nothing is guessed.

Tray keys are the control board's sides as strings (``"0"`` .. ``"5"``), as in
:mod:`vision.closed_loop`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.calibration import Calibration
from vision.counter import CounterModel
from vision.geometry import COLOURS

WHY_CODES = (
    "hand",
    "stack",
    "uncounted-change",
    "unexpected",
    "counter-disagrees",
    "unseen",
    "moved",
    "start-unconfirmed",
)
"""Machine codes of :attr:`TrayFollow.why` (the screens put them into words):

``hand``               something (a hand, a sleeve) still covers the tray
``stack``              a cube seems to lie on another cube
``uncounted-change``   the tray changed but the change could not be counted
``unexpected``         the change counted is not what the game expected
``counter-disagrees``  the change was counted but the counter reads other counts
``unseen``             the board's stickers are not seen (or too few to be sure)
``moved``              the board moved and the tray could not be compared again
``start-unconfirmed``  the start counts were never confirmed and not read surely
"""


@dataclass(frozen=True)
class TrayFollow:
    """One tray's followed state."""

    counts: Mapping[str, int]
    """Markers per colour (every colour of :data:`vision.geometry.COLOURS`); the best
    estimate even when not sure."""
    sure: bool
    """The app may fill the tray's field with :attr:`counts` (the players still confirm)."""
    why: str | None = None
    """Why not sure: one of :data:`WHY_CODES`; ``None`` when sure."""

    def to_json(self) -> dict[str, Any]:
        return {"counts": dict(self.counts), "sure": self.sure, "why": self.why}


def full_counts(counts: Mapping[str, int]) -> dict[str, int]:
    """``counts`` with every colour present (missing colours are 0)."""
    return {c: int(counts.get(c, 0)) for c in COLOURS}


class TableFollower:
    """Follows the trays of one control board from known start counts; one per game.

    ``start``: ``{side: {colour: n}}`` for every tray (missing trays and colours are
    0). ``start_sure=False`` (a resume whose counts the players have not confirmed)
    makes every tray not sure (``start-unconfirmed``) until :meth:`confirm` or a
    sure reading from scratch. ``board``: the control board's name (default: the
    calibration's first control board). ``model``: the tray counter (default: the
    shipped one)."""

    def __init__(
        self,
        *,
        calibration: Calibration,
        start: Mapping[str, Mapping[str, int]],
        board: str | None = None,
        model: CounterModel | None = None,
        start_sure: bool = True,
    ) -> None:
        self.calibration = calibration
        self._trays: dict[str, TrayFollow] = {
            str(side): TrayFollow(
                full_counts(start.get(str(side), {})),
                start_sure,
                None if start_sure else "start-unconfirmed",
            )
            for side in range(6)
        }
        self._expected: dict[str, dict[str, int]] = {}

    @property
    def trays(self) -> Mapping[str, TrayFollow]:
        """The followed state now: ``{side: TrayFollow}``."""
        return dict(self._trays)

    def expect(self, change: Mapping[str, Mapping[str, int]]) -> None:
        """What the game expects to change next (bot instructions, income, expenses):
        ``{side: {colour: delta}}``. Adds up until the change is seen or confirmed."""
        for side, deltas in change.items():
            mine = self._expected.setdefault(str(side), {})
            for colour, d in deltas.items():
                mine[colour] = mine.get(colour, 0) + int(d)

    def feed(self, frame: np.ndarray, *, timestamp: float) -> Mapping[str, TrayFollow] | None:
        """One camera frame. Returns the followed trays at each new still moment,
        ``None`` otherwise (hands moving, or still and nothing new)."""
        return None

    def confirm(self, counts: Mapping[str, Mapping[str, int]]) -> None:
        """The players confirmed or corrected these trays' counts: they become sure,
        and the expected change for them is settled."""
        for side, c in counts.items():
            self._trays[str(side)] = TrayFollow(full_counts(c), True, None)
            self._expected.pop(str(side), None)
