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

* an unchanged tray keeps its counts, surely; one that changed *faintly* (too few
  pixels to count a cube in, but a cube dropped onto one of its colour may change no
  more) keeps them only when the counters back them;
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

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.colour import bgr_to_lab, weighted_distance
from vision.counter import CounterModel, CubeCounter
from vision.geometry import COLOURS, Board
from vision.motion import MotionGate
from vision.registration import FiducialFinder, Registration
from vision.tray_crops import CROP_SIZE, PX_PER_MM, camera_pose, tray_crops, tray_lifts, tray_mask

HUED = tuple(c for c in COLOURS if c != "white")
"""The colours told by hue (white has none)."""
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
``unexpected``         the change counted is not what the game expected (another number
                       or another colour)
``counter-disagrees``  the change was counted but the counter reads other counts
``unseen``             the board's stickers are not seen (or too few to be sure)
``moved``              the camera was knocked and the tray's change could not be counted
``start-unconfirmed``  the start counts were never confirmed and not read surely
"""

DIFF_THRESHOLD = 14.0
"""Weighted Lab distance (:func:`vision.colour.weighted_distance`) at which a crop pixel
counts as changed since the last still moment (after the whole crop's drift is taken out)."""
SHADE_THRESHOLD = 9.0
"""Lightness change (L 0-100) at which a pixel counts as changed too: a white cube on a
light floor changes little but the shade of its sides and its shadow."""
MIN_CHANGE_PX = 40
"""Changed pixels (after opening) below which a tray is unchanged: a third of one cube's top."""
FAINT_CHANGE_PX = 20
"""Changed pixels from which a tray under :data:`MIN_CHANGE_PX` has changed *faintly*: too
little for a cube to count in the pixels, but a cube dropped onto one of its colour, or a
white cube on a light floor, may change no more (issue 28's ninth round, dev game
23 000 026: brown on brown 28 pixels, a white cube 27). The counters read such a tray
(:meth:`TableFollower._faint`)."""
FAINT_BACKS = 0.8
"""A faintly changed tray keeps its counts surely only when the counter gives them at least
this much (every colour) and no stack sign rose: the cubes under a faint change were there
before (ninth round, eight dev games: the counter gave the old counts 0.0-0.055 on the four
faint changes where a cube had come, at least 0.61 on the 51 sure trays where none had, 44
of them 0.89 or more)."""
COVER_SHARE = 0.45
"""A still moment whose change covers this share of a tray's crop has something over it."""
HAND_COVER = 0.5
"""A tray is under a hand (``hand``; its reference kept until the hand is gone) when the
counter's cover score reaches this, or the pixels changed over :data:`COVER_SHARE` of it.
Not at the counter's own ``occluded`` limit (0.1, the from-scratch reader's caution): in dim
light a red cube alone gave 0.13-0.41, and the tray stayed ``hand`` up to 23 still moments,
its reference kept, asking the players at every bot step (issue 28's twelfth round,
`held-out-7` game 49 000 011, looked at for this). A hand over its own tray scored 0.5 or
more every time (dev games 23 000 032-051: 247 of 247 readings; `held-out-7`: 265 of 265).
A score over the counter's own limit and under this is a doubt, not a hand: the change is
read, and followed surely only when both counters give it at :data:`HIDDEN_BOTH_SURE` (read
as it was, without that doubt, two such changes were sure but wrong on the dev games: a
brown cube dropped onto another that changed no colour, a white one measured 1.72 cubes)."""
CLASS_DISTANCE = 22.0
"""A pixel farther than this from every cube colour is of no class (a shadow, a cube's
dark side, a hand)."""
FLOOR_DISTANCE = 10.0
"""A pixel this near the tray floor's calibrated colour is floor."""
CUBE_LAB = {
    "red": np.array([35.0, 35.0, 25.0], np.float32),
    "yellow": np.array([60.0, 5.0, 45.0], np.float32),
    "blue": np.array([32.0, 2.0, -28.0], np.float32),
    "brown": np.array([28.0, 12.0, 16.0], np.float32),
    "white": np.array([80.0, 0.0, 0.0], np.float32),
}
"""The cube colours as a light-corrected crop shows their lit faces (Lab, L 0-100): the
kit's red, yellow, blue and brown wooden cubes told apart by hue; white by lightness."""
COUNT_SLACK = 0.4
"""The measured change of a colour, in cubes, may be this far from a whole number."""
NOTHING = 0.25
"""A changed tray where no colour reaches this many cubes lost or gained nothing; up to
half a cube of any colour is a change that cannot be counted."""
RESIDUE = 0.6
RESIDUE_PER_CUBE = 0.1
"""A colour that did not change may show up to ``RESIDUE + RESIDUE_PER_CUBE x`` (the
largest change, in cubes) beside the colour that did (dark sides, shadows)."""
STACK_SHARE = 0.55
"""A new cube whose pixels covered cube pixels over this share of one cube's area lies on
another cube (or hides one): the tray is not sure."""
EXPECTED_RATIO = (0.7, 1.4)
"""A change measured within these times the expected one (each colour) agrees with it ..."""
COUNTER_BACKS = 0.5
"""... when the counter gives the expected counts at least this probability, every colour."""
BLIND_SHARE = 0.6
"""A tray that changed over this share of one cube's area while no cube came or went
(a cube put on one of its colour, a moved cube) is not sure."""
KNOCK_PX = 4.0
"""The board's corners moving this many pixels between still moments: the camera was
knocked (a change that cannot be counted then says ``moved``)."""
LEARNABLE = ("moved", "uncounted-change", "unexpected", "counter-disagrees")
"""Changes the players' confirmation may teach one cube's area from (not a stack)."""
STACK_GUARD = 0.5
"""A changed tray whose counter's stack guard (:mod:`vision.counter`) is this sure of a
stacked cube is not sure (the guard alone fires too often on untouched trays to be used
there; on a change it flags what the colours cannot see). Since issue 28's eighth round
only where the heatmap counter was not read (:data:`HEAT_STACK` speaks in its place); a
guard that fires still keeps a change from counting as light or a neighbour's hand."""
GUARD_RISE = 0.1
"""The stack guard on a changed tray fires only when it rose more than this above its value
at the tray's last reading: the guard reads the tray (touching cubes, a cube leaning on the
rim), so a value it already had is no new stack; the players confirmed or the follower
judged that tray as it was."""
COUNTER_SURE = 0.9
"""The counter this sure of every count settles what the pixels leave open (issue 28's
seventh round, dev games):

* *no cube came* on a tray holding white cubes whose shade changed by a whole white cube's
  worth (``1 - COUNT_SLACK`` or more) needs it on the old counts: a white cube dropped onto
  another shows shade and no hue, and left the counter at 0.83 on the old count; light and
  a neighbour's hand left it at 0.89-0.999;
* so does a change where no cube was counted but a third of a cube
  (:data:`HIDDEN_OVER_ALONE`) or more changed over cubes, unless the camera was just
  knocked: a cube dropped onto one of its own colour shows only there (the counter gave
  the old count 0.82 and 0.90);
* a gain measured at or over its whole count that only *looks* hidden
  (:data:`HIDDEN_RESIDUE_ALONE` and the other hidden-cube signs: a cube's shadow and sides
  over its touching neighbours) is no stack when the counter gives the followed counts
  this much and its stack guard reads under :data:`GUARD_QUIET`: 50 such flags on the
  dev games, every one on a right count and an unstacked tray."""
GUARD_QUIET = 0.2
"""The stack guard under this sees no stack (a stacked tray read so 23 times in 166 on
the dev games, an unstacked one 2 610 times in 2 895)."""
STACK_GONE = 0.1
"""A tray marked as holding a stack (:attr:`_Track.stack_seen`) whose stack guard reads
under this at a later reading holds none now (dev games: 6 readings of 166 on stacked
trays; of the 112 changes flagged by the mark with the guard under 0.1, none held one)."""
EXPECTED_LIKELY = 0.2
"""The counter must give the followed count at least this probability, every colour ..."""
OTHER_SURE = 0.9
"""... and never be this sure of another count."""
STACK_SEEN = 0.5
"""The stack guard this sure of a stack, at any reading of a tray, marks it as holding one
(:attr:`_Track.stack_seen`): every later change of it says ``stack`` until it holds at most
one cube. A stack is never guessed: the cube under another, or taken off another, may
show no change of its own."""
TOUCHED = 0.2
"""A colour measured changing by less than this many cubes did not move."""
HIDDEN_RESIDUE = 0.15
HIDDEN_OVER = 0.2
HIDDEN_OVER_ALONE = 0.3
HIDDEN_RESIDUE_ALONE = 0.3
"""A colour gained, not expected by the game, measured this much above its whole count
while changed pixels over cubes reach :data:`HIDDEN_OVER` of one cube, or with
:data:`HIDDEN_OVER_ALONE` of a cube over cubes whatever its count, or
:data:`HIDDEN_RESIDUE_ALONE` above it with two or more cubes of it then: a cube may lie on
another (its top hides under or over a cube already there), so the tray is ``stack``,
not the lower count (issue 28's third round: +2 measured 1.2 with a third of a cube over
cubes, +2 measured 0.75 with 0.4, +2 measured 1.33 with none)."""
HEAT_MODEL = "heatmap-counter.json"
"""The counter that sees cubes (:mod:`vision.counter`, issue 28 item 2): one centre
heatmap per colour, so touching and stacked cubes each leave their own mass. The follower
reads it on changed trays only (about 3 ms a tray on one core) for its stack score."""
HEAT_STACK = 0.4
"""The heatmap counter's stack score this high on a changed tray is a sign of a stack, in
place of the shipped counter's stack guard rising (issue 28's eighth round, 3 373 changes
of the dev games: on the 193 changes of stacked trays it fired 134 times, the guard 81; on
the 3 180 of trays without a stack 49 times, the guard 92). At 0.5 it let a white cube
through that the guard had flagged (score 0.46)."""
HEAT_QUIET = 0.1
"""The heatmap counter's stack score under this, with its counts the followed counts in
every colour, sees no stack: the "hidden cube" signs of the pixels (a touching cube's
shadow and sides over its neighbours) and a tray's stack mark then say nothing (eighth
round, dev games: 89 ``stack`` flags so lifted, every one on a right count)."""
BOTH_SURE = 0.9
"""*Both counters agree* (eighth round): on a tray followed surely until this change, when
the shipped counter gives its top counts at least this much, the heatmap counter counts
the same with its check at least this much and sees no stack (:data:`HEAT_QUIET`), and
every colour's change from the old counts lies within a cube of what the pixels measured
(whole cubes between the measure's floor and ceiling; a colour measured under
:data:`TOUCHED` of a cube did not change), the tray holds those counts, surely (dev games:
the pixels measure a touching cube's shadow and sides too, or miss the parts of a cube
others hide; 150 changes left to the players so were all right, none wrong). Never when
the counters see no change but a colour the tray holds rose by :data:`TOUCHED` of a cube
(a cube dropped onto one of its colour hides from both)."""
HIDDEN_BOTH_SURE = 0.95
"""*A hidden cube's sign asks both counters* (issue 28's twelfth round): a change with a
stack sign (pixels over cubes, a hidden-cube sign, the heatmap counter's stack score) or a
gain rounded down onto its colour (:func:`_hidden`) is followed surely only when both
counters give the followed counts at least this much (each colour the tray holds or
held). At :data:`BOTH_SURE` they settled such changes on the dev games 23 000 032-051
with one of 45 overridden stack signs wrong (+2 yellow, one on another, onto three: both
counters said +1 at 0.90 and 0.91) and one rounded gain wrong (+2 yellow onto two measured
1.21: +1 at 0.98 and 0.95): a same-coloured cube on another shows only its sides, and a
counter that half-sees it is not sure of it."""
REMOVAL_RATIO = (0.4, 2.0)
REMOVAL_BACKS = 0.8
REMOVAL_SPILL = 1.1
"""The game's own removal, measured in its colour only and within these times its size,
agrees when the counter gives the expected counts at least :data:`REMOVAL_BACKS` (every
colour): taking cubes that touch others reveals or hides parts of them, so the change in
pixels says the direction and the rough size, and the counter (right on 98.7 % of trays
with 0-2 cubes) says how many are left. Another colour may seem to go too, up to
:data:`REMOVAL_SPILL` cubes per cube removed (a red cube's dark sides look brown), when
the counter is that sure that it did not."""


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


@dataclass
class _Track:
    """What the follower knows of one tray between still moments."""

    state: TrayFollow
    reference: np.ndarray | None = None
    """Lab crop (float32) at the last still moment the tray was compared."""
    area: dict[str, float] = field(default_factory=dict)
    """Measured crop pixels of one cube of each colour in this tray."""
    last: tuple[dict[str, int], Change] | None = None
    """The counts before the last change that could not be followed, and that change: the
    players' confirmation teaches one cube's area from it."""
    stack_seen: bool = False
    """A cube was seen on another here (:data:`STACK_SEEN`) and the tray still holds two or
    more cubes: its next changes are not sure (a stack is never guessed)."""
    guard: float | None = None
    """The counter's stack guard at the tray's last reading (``None``: never read)."""
    sure_look: tuple[np.ndarray, TrayFollow] | None = None
    """The tray's crop and state at the last still moment it was sure: when it looks so
    again after changes that left it unsure, it is as it was then (sixth round)."""


@dataclass(frozen=True)
class Change:
    """What changed in one tray between two still moments (in crop pixels)."""

    changed_px: int
    added: dict[str, int]
    removed: dict[str, int]
    over_cubes: int
    """Changed pixels that show a cube now and showed one before (a cube on or over
    another)."""
    grey: int = 0
    """Changed pixels of no hue now and before: white cubes, shadows, dark cube sides."""


class TableFollower:
    """Follows the trays of one control board from known start counts; one per game.

    ``start``: ``{side: {colour: n}}`` for every tray (missing trays and colours are
    0). ``start_sure=False`` (a resume whose counts the players have not confirmed)
    makes every tray not sure (``start-unconfirmed``) until :meth:`confirm` or a
    sure reading from scratch. ``board``: the control board's name (default: the
    calibration's first control board). ``model``: the tray counter (default: the
    shipped one); ``counter``: one already built for this board to share (the app's
    reader's: the network is loaded once)."""

    def __init__(
        self,
        *,
        calibration: Calibration,
        start: Mapping[str, Mapping[str, int]],
        board: str | None = None,
        model: CounterModel | None = None,
        start_sure: bool = True,
        heat_model: CounterModel | None = None,
        counter: CubeCounter | None = None,
    ) -> None:
        self.calibration = calibration
        boards = [b for b in calibration.boards if b.kind == "control-board"]
        chosen = [b for b in boards if board in (None, b.name)]
        if not chosen:
            raise ValueError(f"the calibration has no control board {board or ''}".strip())
        self.board: Board = chosen[0]
        self.finder = FiducialFinder(calibration.boards)
        if counter is not None and counter.board.name != self.board.name:
            raise ValueError(f"the counter counts {counter.board.name}, not {self.board.name}")
        self.counter = counter or CubeCounter(self.board, model)
        self.heat = CubeCounter(self.board, heat_model or CounterModel.shipped(HEAT_MODEL))
        """The counter that sees cubes (:data:`HEAT_MODEL`): read on changed trays only, for
        its stack score (:data:`HEAT_STACK`)."""
        self.gate = MotionGate()
        self.sides = [str(t.side) for t in self.board.trays]
        why = None if start_sure else "start-unconfirmed"
        self._tracks = {
            side: _Track(TrayFollow(full_counts(start.get(side, {})), start_sure, why))
            for side in self.sides
        }
        self._shown: dict[str, TrayFollow] = {s: t.state for s, t in self._tracks.items()}
        self._expected: dict[str, dict[str, int]] = {}
        self.moving = True
        """Something moved since the last still moment (true at the start, and while hands
        move): the app shows the followed state as not current then."""
        self._mask = cv2.dilate(tray_mask(self.board), np.ones((9, 9), np.uint8)) > 0
        self.last_registration: Registration | None = None
        self.last_crops: tuple[dict[int, np.ndarray], dict[int, Any]] | None = None
        """The last still moment's tray crops and lifts, when its board was registered (a
        read from scratch on that moment uses them: ``ui.app.follow_feed``, a resume)."""
        self.knocked = False
        """The board moved in the picture since the last still moment (a knocked camera)."""
        self.moments = 0
        """Still moments seen so far."""
        self.grey_ratio = 1.0
        """Changed pixels without hue (shadow, dark sides) per pixel of a coloured cube."""
        self.white_share = 0.85
        """A white cube's changed pixels without hue, in coloured cube areas (at first)."""
        self.evidence: dict[str, dict[str, Any]] = {}
        """Per tray, what decided its last change (for the record and the benchmark)."""

    # -- the public seam ----------------------------------------------------------------

    @property
    def trays(self) -> Mapping[str, TrayFollow]:
        """The followed state now: ``{side: TrayFollow}``."""
        return dict(self._shown)

    def expect(self, change: Mapping[str, Mapping[str, int]]) -> None:
        """What the game expects to change next (bot instructions, income, expenses):
        ``{side: {colour: delta}}``. Adds up until the change is seen or confirmed."""
        for side, deltas in change.items():
            mine = self._expected.setdefault(str(side), {})
            for colour, d in deltas.items():
                if colour in COLOURS:
                    mine[colour] = mine.get(colour, 0) + int(d)

    def feed(self, frame: np.ndarray, *, timestamp: float) -> Mapping[str, TrayFollow] | None:
        """One camera frame. Returns the followed trays at each new still moment,
        ``None`` otherwise (hands moving, or still and nothing new). ``timestamp`` is kept
        for the caller's records (frames must come in order)."""
        still = self.gate.feed(frame)
        if not still:
            self.moving = True
            return None
        if not self.moving:
            return None
        self.moving = False
        return self.still_moment(frame)

    def confirm(self, counts: Mapping[str, Mapping[str, int]]) -> None:
        """The players confirmed or corrected these trays' counts: they become sure,
        and the expected change for them is settled."""
        for side, c in counts.items():
            track = self._tracks[str(side)]
            if track.last is not None:
                before, change = track.last
                delta = {k: full_counts(c)[k] - before[k] for k in COLOURS}
                self._learn(
                    str(side),
                    change,
                    delta,
                    sum(change.added[k] + change.removed[k] for k in COLOURS if k != "white"),
                )
                track.last = None
            track.state = TrayFollow(full_counts(c), True, None)
            if track.reference is not None:
                track.sure_look = (track.reference, track.state)
            track.stack_seen = track.stack_seen and sum(track.state.counts.values()) > 1
            self._shown[str(side)] = track.state
            self._expected.pop(str(side), None)

    # -- one still moment -----------------------------------------------------------------

    def still_moment(self, frame: np.ndarray) -> Mapping[str, TrayFollow]:
        """Compare every tray of ``frame`` (a still picture) with the last still moment."""
        self.moments += 1
        self.calibration.check_frame(frame)
        self.last_crops = None
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        found = self.finder.detect(grey)
        reg = self.finder.register(grey, found, self.board)
        if reg is None or reg.unsure:
            for side, track in self._tracks.items():
                self._shown[side] = _unsure(track.state, "unseen")
            return self.trays
        self.knocked = (
            self.last_registration is not None
            and _shift_px(self.last_registration, reg, self.board) > KNOCK_PX
        )
        self.last_registration = reg
        crops = tray_crops(frame, found, reg, self.board)
        labs = {str(s): _lab(c) for s, c in crops.items()}
        lifts = tray_lifts(self.board, camera_pose(reg, (frame.shape[1], frame.shape[0])))
        self.last_crops = (crops, lifts)
        first = {s for s, t in self._tracks.items() if t.reference is None}
        for side, track in self._tracks.items():
            if track.reference is not None and not track.state.sure and track.sure_look:
                look, state = track.sure_look
                if self.change(side, labs[side], look).changed_px < FAINT_CHANGE_PX:
                    # The tray looks as it did when it was last sure (a hand resting at its
                    # edge, a cube put down and taken back): it is as it was then.
                    track.reference, track.state, track.last = look, state, None
        changes = {
            s: self.change(s, labs[s]) for s in self.sides if self._tracks[s].reference is not None
        }
        covered = {s for s, ch in changes.items() if ch.changed_px > COVER_SHARE * self._mask.sum()}
        to_count = sorted(
            first | {s for s, ch in changes.items() if ch.changed_px >= FAINT_CHANGE_PX}
        )
        counted = {s for s in to_count if s in changes and changes[s].changed_px >= MIN_CHANGE_PX}
        reads, heats = {}, {}
        if to_count:
            sides = [int(s) for s in to_count]
            got = self.counter.read({k: crops[k] for k in sides}, {k: lifts[k] for k in sides})
            reads = {str(r.side): r for r in got}
            changed = [k for k in sides if str(k) not in first and str(k) not in covered]
            for k in changed:  # one at a time: its buffers stay one tray's (about 5 MB)
                heats[str(k)] = self.heat.read({k: crops[k]}, {k: lifts[k]})[0]
        for side in self.sides:
            track = self._tracks[side]
            read = reads.get(side)
            if read is not None and (read.covered >= HAND_COVER or side in covered):
                self._shown[side] = _unsure(track.state, "hand")
                continue  # the reference stays: compare again when the hand is gone
            if side in first:
                self._start(side, labs[side], read)
            elif side in counted:
                self._changed(side, changes[side], labs[side], read, heats.get(side))
            elif side in reads:
                self._faint(side, changes[side], read, heats.get(side))
            if read is not None:
                track.guard = float(read.stacked)
            track.reference = labs[side]
            self._shown[side] = track.state
            if track.state.sure:
                track.sure_look = (track.reference, track.state)
            if side in self._expected and side not in counted and track.state.sure:
                if not any(_possible(self._expected[side], track.state.counts).values()):
                    self._expected.pop(side)  # nothing to take: the tray holds none
                else:
                    # The game expects a change this tray does not show (yet): a cube taken
                    # off another may show none. Not sure until it changes or the players
                    # confirm; the expectation stays, the tray's own state too.
                    self._shown[side] = TrayFollow(track.state.counts, False, "unexpected")
        return self.trays

    def change(self, side: str, lab: np.ndarray, ref: np.ndarray | None = None) -> Change:
        """What changed in tray ``side`` since its reference (or since ``ref``; see the
        module docstring)."""
        ref = self._tracks[side].reference if ref is None else ref
        assert ref is not None
        shift = np.median((lab - ref)[self._mask], axis=0)
        dist = weighted_distance(lab - shift, ref)
        shade = np.abs(lab[..., 0] - shift[0] - ref[..., 0]) > SHADE_THRESHOLD
        raw = (((dist > DIFF_THRESHOLD) | shade) & self._mask).astype(np.uint8)
        changed = cv2.morphologyEx(raw, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)) > 0
        n = int(changed.sum())
        if n < MIN_CHANGE_PX:
            return Change(n, {}, {}, 0)
        now = self.classify(side, lab[changed] - shift)
        before = self.classify(side, ref[changed])
        added, removed = {}, {}
        for i, c in enumerate(COLOURS, start=1):
            added[c] = int(np.count_nonzero((now == i) & (before != i)))
            removed[c] = int(np.count_nonzero((before == i) & (now != i)))
        hue_now, hue_before = (now >= 1) & (now <= 4), (before >= 1) & (before <= 4)
        over = int(np.count_nonzero(hue_now & hue_before))
        grey = int(np.count_nonzero(~hue_now & ~hue_before))
        return Change(n, added, removed, over, grey)

    def classify(self, side: str, lab: np.ndarray) -> np.ndarray:
        """Class of each Lab pixel: 0 the floor, 1.. a cube colour (in :data:`COLOURS`
        order), -1 none (a shadow, the rim, a hand). Colours are told by their hue in the
        light-corrected crop (:data:`CUBE_LAB`); white from the floor by lightness."""
        floor = np.asarray(self.calibration.floors_lab.get(side, (75.0, 0.0, 2.0)), np.float32)
        d = lab - floor
        chroma = np.hypot(d[..., 1], d[..., 2])
        near_floor = weighted_distance(lab, floor) < FLOOR_DISTANCE
        hues = np.stack(
            [
                np.hypot(*(lab[..., 1:] - CUBE_LAB[c][1:]).transpose(-1, *range(lab.ndim - 1)))
                + 0.5 * np.abs(lab[..., 0] - CUBE_LAB[c][0])
                for c in COLOURS[:4]
            ],
            axis=-1,
        )
        best = hues.argmin(axis=-1) + 1
        out = np.where(hues.min(axis=-1) <= CLASS_DISTANCE, best, -1)
        white = (chroma < 10) & (d[..., 0] > -6)
        out = np.where(white & ~near_floor, COLOURS.index("white") + 1, out)
        out = np.where(near_floor, 0, out)
        return out

    def cube_area(self, side: str, colour: str, lift: float) -> float:
        """Crop pixels one cube of ``colour`` adds to tray ``side``: measured in this game
        when it could be, else from the cube's size and the camera's tilt."""
        measured = self._tracks[side].area.get(colour)
        if measured is not None:
            return measured
        edge = 8.0 * PX_PER_MM
        geometric = edge * edge + edge * lift * 1.27
        elsewhere = [
            t.area[colour] / (edge * edge + edge * self._lift(s) * 1.27)
            for s, t in self._tracks.items()
            if colour in t.area
        ]
        return geometric * (float(np.median(elsewhere)) if elsewhere else 0.8)

    # -- the decisions ---------------------------------------------------------------------

    def _start(self, side: str, lab: np.ndarray, read: Any) -> None:
        """First sight of a tray: check the start counts with the counter."""
        track = self._tracks[side]
        if track.state.sure and read is not None and not _agrees(read, track.state.counts):
            track.state = _unsure(track.state, "counter-disagrees")
        classes = self.classify(side, lab[self._mask])
        for i, c in enumerate(COLOURS[:4], start=1):
            n = track.state.counts[c]
            if n and track.state.sure:
                track.area[c] = float(np.count_nonzero(classes == i)) / n

    def _faint(self, side: str, change: Change, read: Any, heat: Any = None) -> None:
        """A tray that changed faintly (:data:`FAINT_CHANGE_PX`): no cube shows in the
        pixels, so the counters decide. It keeps its counts surely when the counter gives
        them :data:`FAINT_BACKS` and no stack sign rose (:meth:`_stack_sign`); otherwise
        it asks (``stack`` when a sign rose, ``uncounted-change`` else) and shows each
        colour's middle count of the old counts and the two counters' (:func:`_shown`). A
        tray already unsure stays as it is."""
        track = self._tracks[side]
        old = dict(track.state.counts)
        stack = self._stack_sign(side, read, heat)
        why = None
        if stack:
            why = "stack"
        elif read is None or not _agrees(read, old, FAINT_BACKS):
            why = "uncounted-change"
        asks = why is not None and track.state.sure
        counts, shown_by = _shown(old, read, heat) if asks else (old, None)
        self.evidence[side] = {
            "faint": change.changed_px,
            "old": {c: n for c, n in old.items() if n},
            "was_sure": track.state.sure,
            "guard": None if read is None else round(read.stacked, 4),
            "guard_before": None if track.guard is None else round(track.guard, 4),
            **_heat_evidence(heat, old),
            "shown_by": shown_by,
            **_counter_evidence(read, old),
        }
        if not asks:
            return
        if why == "stack" and sum(old.values()) > 1:
            track.stack_seen = True
        track.last = None
        track.state = TrayFollow(counts, False, why)

    def _stack_sign(self, side: str, read: Any, heat: Any) -> bool:
        """A sign of a cube on another at this reading of a changed tray: the heatmap
        counter's stack score at :data:`HEAT_STACK` when it was read, else the shipped
        counter's stack guard at :data:`STACK_GUARD`, risen more than :data:`GUARD_RISE`
        above its value at the tray's last reading."""
        if heat is not None:
            return bool(heat.stacked >= HEAT_STACK)
        guard = self._tracks[side].guard
        standing = guard is not None and read is not None and read.stacked <= guard + GUARD_RISE
        return read is not None and read.stacked >= STACK_GUARD and not standing

    def _changed(
        self, side: str, change: Change, lab: np.ndarray, read: Any, heat: Any = None
    ) -> None:
        """A tray that changed: count the change, check it against the expected change and
        the counters (module docstring), and record the evidence (:attr:`evidence`). Each
        step is one small function below, in the order the decision takes them. A cover
        score over the counter's own limit but under :data:`HAND_COVER` (``doubt``) asks
        both counters, as a hidden cube's sign does."""
        track = self._tracks[side]
        track_was_sure = track.state.sure
        if read is not None and read.stacked < STACK_GONE:
            track.stack_seen = False  # the guard sees no stack now: it was taken away
        old = track.state.counts
        expected = {c: d for c, d in _possible(self._expected.pop(side, {}), old).items() if d}
        lift = self._lift(side)
        per_cube = self.cube_area(side, HUED[0], lift)
        measured, coloured, shade, white_likely = self._measure(
            side, change, old, expected, read, lift
        )
        moved, main = _moved(measured)
        stack_sign, quiet = self._signs(side, read, heat)
        doubt = read is not None and bool(read.occluded)
        few_over = change.over_cubes < HIDDEN_OVER * per_cube
        shade_only = not expected and _nothing_came(old, measured, shade, few_over, quiet, read)
        if shade_only:
            moved, measured["white"], main = set(), 0.0, 0.0
        whole = {c: round(v) if c in moved else 0 for c, v in measured.items()}
        clean = all(abs(measured[c] - whole[c]) <= COUNT_SLACK for c in moved) and (
            bool(moved) or main < NOTHING
        )
        delta = {c: expected.get(c, 0) for c in COLOURS} if expected else whole
        agrees, pooled = clean and all(whole[c] == delta[c] for c in COLOURS), False
        if expected and not agrees and read is not None:
            agrees, pooled = _expected_agrees(old, delta, measured, moved, read)
        if not agrees:
            delta = whole
        counts = {c: max(0, old[c] + delta[c]) for c in COLOURS}
        blind = not moved and not shade_only and change.changed_px > BLIND_SHARE * per_cube
        over = change.over_cubes / per_cube
        hidden, rounded = _hidden(measured, whole, old, expected, moved, over)
        # A cube touching others casts its shadow and sides over them and measures more than
        # a cube: with the guard seeing no stack and the counter sure of the followed counts,
        # a gain measured at or over its whole count is no hidden cube. One measured under
        # it with pixels over cubes stays a stack whatever the counter says (+2 seen as 0.75
        # with 0.4 of a cube over cubes, the counter 0.96 on +1: dev stress) (seventh round).
        overshoot = all(measured[c] >= whole[c] for c in moved if measured[c] > 0)
        if hidden and overshoot and read is not None and read.stacked < GUARD_QUIET:
            hidden = not _agrees(read, counts, COUNTER_SURE)
        # The counter that sees cubes sees none on another and counts what was followed:
        # the pixels' hidden-cube signs and the tray's stack mark say nothing (eighth round).
        heat_quiet = (
            heat is not None
            and heat.stacked < HEAT_QUIET
            and all(heat.counts[c] == counts[c] for c in COLOURS)
        )
        # A change that shows a hidden-cube sign measures no cube's area, whoever lifts the
        # sign (a confirmed +1 measured as 2.05 cubes made the next +2 look like +3: dev game
        # 23 000 012).
        measures_area = not hidden
        hidden = hidden and not heat_quiet
        # The game's own removal, backed by the evidence, reveals parts of the cubes it
        # uncovered (pixels that showed a cube and show one still), and puts no cube on
        # another: neither those pixels nor a stack sign are a sign of a stack (sixth round).
        taken = bool(expected) and agrees and all(d <= 0 for d in expected.values())
        stack_by = {
            "over": change.over_cubes > STACK_SHARE * per_cube and not taken,
            "hidden": hidden,
            ("heat" if heat is not None else "guard"): stack_sign and not taken,
        }
        stacked = any(stack_by.values())
        likely = self._likely(old, expected, measured, moved, delta, over, white_likely, rounded)
        why = self._why(blind and not taken, agrees, clean, expected, old, delta)
        if why is None and (
            read is None or not _agrees(read, counts, likely) or _heat_other(heat, counts)
        ):
            why = "counter-disagrees"
        elif why is None and not track_was_sure:
            why = track.state.why
        both_sure = _both_give(read, heat, counts, old, HIDDEN_BOTH_SURE)
        if why is None and doubt and not both_sure:
            why = "counter-disagrees"  # the counter saw something over the tray: ask both
        why_flat = why  # what the evidence says when no stack is suspected
        # A gain rounded down onto its colour may hide a cube: unless both counters, the
        # heatmap one seeing each cube, give it (:data:`HIDDEN_BOTH_SURE`), a tray the rest
        # of the evidence would follow surely has a stack sign.
        if rounded and heat is not None and why is None:
            stack_by["rounded"] = not both_sure
            stacked = stacked or stack_by["rounded"]
        followed = dict(counts)
        least = HIDDEN_BOTH_SURE if stacked or rounded or doubt else BOTH_SURE
        agreed = None
        if track_was_sure:
            agreed = _both_counters(old, measured, expected, read, heat, least)
        if agreed is not None:  # both counters sure of the same counts, near the pixels'
            counts, why, stacked = agreed, None, False
            track.stack_seen = False
        if stacked:
            why = "stack"
            if expected:  # a cube may hide: the pixels' witness is what the game expected
                counts = {c: max(0, old[c] + expected.get(c, 0)) for c in COLOURS}
        if heat_quiet:
            track.stack_seen = False
        # On a tray where a cube lay on another, only the game's own removal, measured as
        # expected, is followed surely: a cube may hide under another or be taken off one.
        stack_by["seen"] = track.stack_seen and (bool(moved) or bool(expected)) and not taken
        if why is None and stack_by["seen"]:
            why = "stack"  # a cube lay on another here: its change may hide a cube
        if why == "stack" and sum(counts.values()) > 1:
            track.stack_seen = True
        elif sum(counts.values()) <= 1:
            track.stack_seen = False
        shown_by = None
        if why is not None:  # the best estimate to show; the players check it
            counts, shown_by = _shown(counts, read, heat)
        track.last = (dict(old), change) if why in LEARNABLE and measures_area else None
        track.state = TrayFollow(counts, why is None, why)
        self.evidence[side] = {
            "measured": {c: round(v, 2) for c, v in measured.items() if abs(v) > 0.05},
            "expected": expected,
            "over_cubes": change.over_cubes,
            "stack_limit": round(STACK_SHARE * per_cube, 1),
            "grey": change.grey,
            "shade": round(shade, 2),
            "stack_by": [name for name, fired in stack_by.items() if fired],
            "why_flat": why_flat,
            "followed": followed,
            "shown_by": shown_by,
            "old": {c: n for c, n in old.items() if n},
            "guard": None if read is None else round(read.stacked, 4),
            **_heat_evidence(heat, old),
            "guard_before": None if track.guard is None else round(track.guard, 4),
            "was_sure": track_was_sure,
            "agreed": agreed is not None,
            **_followed_evidence(read, old, counts, followed, expected),
            **_counter_evidence(read, old),
        }
        # Such a removal's pixels do not measure its cubes, nor do those of a change the
        # counters settled (dev game 23 000 012: +1 measured 1.43 taught, and a later +2
        # looked like +3): only the pixels' own whole cubes teach.
        settled = agreed is not None and (why_flat is not None or agreed != followed)
        if why is None and not pooled and measures_area and not settled:
            self._learn(side, change, delta, coloured)

    def _measure(
        self,
        side: str,
        change: Change,
        old: Mapping[str, int],
        expected: Mapping[str, int],
        read: Any,
        lift: float,
    ) -> tuple[dict[str, float], int, float, float]:
        """A change in cubes per colour (``measured``), the changed pixels of hued cubes
        (``coloured``), white cubes' worth of shade (``shade``) and how much the counter must
        back a white change (``white_likely``); ``lift``: :meth:`_lift`'s."""
        measured = {
            c: (change.added[c] - change.removed[c]) / self.cube_area(side, c, lift) for c in HUED
        }
        # White cubes show no hue: a change without hued cubes is white cubes (with their
        # shadows). Beside a hued change, what has no hue is that change's shadows and dark
        # sides; a white cube there is left to the counter's check.
        coloured = sum(change.added[c] + change.removed[c] for c in HUED)
        hue_cubes = max(abs(v) for v in measured.values())
        shade = max(0.0, change.grey - self.grey_ratio * coloured) / self.white_area(side, lift)
        white = shade if hue_cubes < 0.5 or expected.get("white", 0) else 0.0
        sign = expected.get("white", 0)
        if not sign and read is not None:
            sign = read.counts["white"] - old["white"]
        measured["white"] = -white if sign < 0 else white
        # White counted from shade alone is the weakest evidence: the counter must back it.
        # A white removal nobody expected has only the counter to say its direction: the
        # counter must be sure of it (:data:`COUNTER_SURE` since issue 28's tenth round:
        # light drifting over four white cubes read as "one fewer" with the counter at 0.81
        # on three, dev game 23 000 040; the game takes markers off the tribe's trays only
        # by the bot's own instructions, which are expected).
        white_likely = (
            EXPECTED_LIKELY
            if expected.get("white")
            else (COUNTER_SURE if sign < 0 else COUNTER_BACKS)
        )
        return measured, coloured, shade, white_likely

    def _signs(self, side: str, read: Any, heat: Any) -> tuple[bool, bool]:
        """``(stack sign, quiet)`` at this reading of a changed tray: the sign is
        :meth:`_stack_sign`'s; *quiet* means neither counter sees a stack (a guard that fires
        where the heatmap counter speaks for it still keeps a change from counting as light
        or a neighbour's hand)."""
        sign = self._stack_sign(side, read, heat)
        guard_fires = self._stack_sign(side, read, None)
        heat_fires = heat is not None and heat.stacked >= HEAT_STACK
        return sign, read is not None and not guard_fires and not heat_fires

    def _likely(
        self,
        old: Mapping[str, int],
        expected: Mapping[str, int],
        measured: Mapping[str, float],
        moved: set[str],
        delta: Mapping[str, int],
        over: float,
        white_likely: float,
        rounded: bool,
    ) -> float:
        """How much the counter must give the followed counts (every colour); ``rounded``: a
        gain rounded down onto its colour (:func:`_hidden`)."""
        # Pixels changed but no cube was counted: the counter must back the old counts
        # (a cube may have dropped where it hides among others). So must it back a gain
        # nobody expected (the counter's top count then is the truth more often than a
        # gain measured short).
        gained = any(delta[c] > 0 for c in COLOURS)
        likely = (
            white_likely
            if delta["white"]
            else (COUNTER_BACKS if not expected and (gained or not moved) else EXPECTED_LIKELY)
        )
        rose = any(old[c] and measured[c] >= TOUCHED for c in HUED)
        if not expected and not moved and rose:
            # No cube counted, but a colour the tray holds rose by a fifth of a cube: a cube
            # dropped onto one of its colour shows little of itself (dev game 23 000 021:
            # red on red seen as 0.24 red, the counter 0.56 on the old count): the counter
            # must be sure of the old counts (eighth round).
            likely = COUNTER_SURE
        if not expected and not moved and over > HIDDEN_OVER_ALONE and not self.knocked:
            # A cube on one of its own colour shows only over cubes; a knocked camera moves
            # every cube a little in the crop, so there they are the cubes' own edges (dev
            # game 23 000 008's knock: 0.35 of a cube over cubes, the counter at 0.89).
            likely = COUNTER_SURE
        if rounded:
            likely = COUNTER_SURE
        return likely

    def _why(
        self,
        blind: bool,
        agrees: bool,
        clean: bool,
        expected: Mapping[str, int],
        old: Mapping[str, int],
        delta: Mapping[str, int],
    ) -> str | None:
        """Why the pixels' evidence cannot be followed (the counters' check comes after):
        no cube came or went where pixels changed, a change not in whole cubes or not the
        expected one, more cubes taken than the tray held; ``None`` when it can."""
        if blind:  # the game's own removal, backed, is no blind change
            return "moved" if self.knocked else "uncounted-change"  # no cube came or went
        if not agrees:
            why = "unexpected" if expected and clean else "uncounted-change"
            return "moved" if why == "uncounted-change" and self.knocked else why
        if any(old[c] + delta[c] < 0 for c in COLOURS):
            return "unexpected"
        return None

    def _learn(self, side: str, change: Change, delta: dict[str, int], coloured: int) -> None:
        """A sure change of one colour teaches one cube's area (and the shade ratio)."""
        track = self._tracks[side]
        moved = [c for c in COLOURS if delta[c]]
        if len(moved) != 1:
            return
        c = moved[0]
        if c == "white":
            sample = max(0.0, change.grey - self.grey_ratio * coloured) / abs(delta[c])
            if sample > 0:
                track.area["white"] = 0.5 * track.area.get("white", sample) + 0.5 * sample
            return
        sample = (change.added[c] - change.removed[c]) / delta[c]
        if sample > 0:
            before = track.area.get(c, sample)
            track.area[c] = 0.5 * before + 0.5 * sample
            self.grey_ratio = 0.7 * self.grey_ratio + 0.3 * min(3.0, change.grey / max(coloured, 1))

    def white_area(self, side: str, lift: float) -> float:
        """Changed pixels without hue that one white cube makes in tray ``side``."""
        measured = self._tracks[side].area.get("white")
        return (
            measured
            if measured is not None
            else self.white_share * self.cube_area(side, "white", lift)
        )

    def _lift(self, side: str) -> float:
        """Crop pixels a cube's top is drawn from its footprint, at the tray's centre."""
        reg = self.last_registration
        if reg is None:
            return 0.0
        size = tuple(self.calibration.image_size)
        s, fu, fv = tray_lifts(self.board, camera_pose(reg, (int(size[0]), int(size[1]))))[
            int(side)
        ]
        return float(s * math.hypot(CROP_SIZE[0] / 2 - fu, CROP_SIZE[1] / 2 - fv))


def _shift_px(a: Registration, b: Registration, board: Board) -> float:
    """How far (image pixels) the board's corners moved between two registrations."""
    w, h = board.size
    corners = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float64)
    pa = cv2.perspectiveTransform(corners, np.linalg.inv(a.image_to_board))
    pb = cv2.perspectiveTransform(corners, np.linalg.inv(b.image_to_board))
    return float(np.abs(pa - pb).max())


def _lab(crop: np.ndarray) -> np.ndarray:
    """A crop as Lab floats (L 0-100), lightly blurred against sensor noise."""
    blurred = cv2.GaussianBlur(crop, (0, 0), 1.2)
    return bgr_to_lab(blurred).reshape(crop.shape[0], crop.shape[1], 3)


def _within(
    measured: Mapping[str, float],
    delta: Mapping[str, int],
    moved: set[str],
    ratio: tuple[float, float],
    spill: float = 0.0,
) -> bool:
    """Every colour's measured change within ``ratio`` times its expected ``delta``;
    the colours not expected to change did not move, or went by at most ``spill`` cubes
    (the dark sides of removed cubes)."""
    return all(
        ratio[0] <= measured[c] / d <= ratio[1]
        if d
        else c not in moved or -spill <= measured[c] <= 0
        for c, d in delta.items()
    )


def _pooled(
    measured: Mapping[str, float], delta: Mapping[str, int], old: Mapping[str, int]
) -> dict[str, float]:
    """``measured`` with what seemed to go of colours the tray held none of added to the
    one colour the game removes: its cubes' dark sides show as another colour (a red
    cube's as brown), and the tray cannot lose cubes it did not hold (issue 28's fifth
    round: -1 measured red -0.24 and brown -0.69). Unchanged with several colours
    removed."""
    taken = [c for c, d in delta.items() if d < 0]
    if len(taken) != 1:
        return dict(measured)
    gone = sum(v for c, v in measured.items() if old[c] == 0 and v < 0 and not delta.get(c))
    return {**measured, taken[0]: measured[taken[0]] + gone}


def _both_counters(
    old: Mapping[str, int],
    measured: Mapping[str, float],
    expected: Mapping[str, int],
    read: Any,
    heat: Any,
    least: float = BOTH_SURE,
) -> dict[str, int] | None:
    """The counts both counters are sure of (``least``: :data:`BOTH_SURE`, or
    :data:`HIDDEN_BOTH_SURE` where a cube may hide), when they agree with each other, with
    the game's expected change (if any) and, within a cube, with the change the pixels
    measured; ``None`` otherwise."""
    if read is None or heat is None or heat.stacked >= HEAT_QUIET:
        return None
    counts = {c: int(read.counts[c]) for c in COLOURS}
    if any(int(heat.counts[c]) != counts[c] for c in COLOURS):
        return None
    if expected and any(counts[c] != old[c] + expected.get(c, 0) for c in COLOURS):
        return None
    for c in COLOURS:
        step, m = counts[c] - old[c], measured.get(c, 0.0)
        if not (step == 0 if abs(m) < TOUCHED else math.floor(m) <= step <= math.ceil(m)):
            return None
    if counts == dict(old) and any(old[c] and measured.get(c, 0.0) >= TOUCHED for c in COLOURS):
        return None  # a colour it holds rose, the counters see no change: a cube on its colour
    if not _both_give(read, heat, counts, old, least):
        return None
    return counts


def _both_give(
    read: Any, heat: Any, counts: Mapping[str, int], old: Mapping[str, int], least: float
) -> bool:
    """Both counters give ``counts``: the shipped one at least ``least`` in every colour (and
    not sure of another count), the heatmap counter the same counts with its check at least
    ``least`` in each colour the tray holds or held."""
    if read is None or heat is None or not _agrees(read, counts, least):
        return False
    if any(int(heat.counts[c]) != counts[c] for c in COLOURS):
        return False
    return all(heat.confidence[c] >= least for c in COLOURS if counts[c] or old[c])


def _heat_other(heat: Any, counts: Mapping[str, int]) -> bool:
    """The heatmap counter is sure (:data:`OTHER_SURE`) of another count than ``counts`` in
    some colour (issue 28's twelfth round: +1 brown onto two measured 1.76 cubes and followed
    as +2 with the shipped counter at 0.52, the heatmap counter at 0.97 on the right count)."""
    return heat is not None and any(
        int(heat.counts[c]) != counts[c] and heat.confidence[c] >= OTHER_SURE for c in COLOURS
    )


def _moved(measured: Mapping[str, float]) -> tuple[set[str], float]:
    """The colours that moved, and the largest change (in cubes): a change's own colour
    must come in whole cubes; a little of another colour beside it (a red cube's dark sides
    look brown) is not a cube of that colour."""
    main = max(abs(v) for v in measured.values())
    limit = max(COUNT_SLACK, RESIDUE + RESIDUE_PER_CUBE * main)
    moved = {c for c, v in measured.items() if abs(v) > limit or (abs(v) == main and main >= 0.5)}
    return moved, main


def _nothing_came(
    old: Mapping[str, int],
    measured: Mapping[str, float],
    shade: float,
    few_over: bool,
    quiet: bool,
    read: Any,
) -> bool:
    """A change the game did not expect in which no cube came or went (the tray keeps its
    counts), on any of three readings, each with no stack sign and the counter sure of the
    counts as they were:

    * *shade alone* (no fifth of a cube of any hue) on a tray without white cubes: light or a
      passing shadow (a white cube there would show to the counter, right on 98.7 % of trays
      with 0-2 cubes; a red cube on another shows some red) (third round);
    * *a neighbour's cubes*: only colours the tray holds none of seemed to go, nothing else
      moved: the tray cannot lose them; they leaned into this crop as the hands took them
      (fifth round);
    * *no cube came*: none of the tray's colours moved by a fifth of a cube, colours it holds
      none of only went, next to no pixels changed over cubes (``few_over``), at most
      one white cube's worth of shade (sixth round); shade of a whole white cube on a tray
      holding white may be a white cube dropped onto another (the counter then gave the old
      count 0.83): the counter must be surer (seventh round)."""
    if not quiet:
        return False
    hue_cubes = max(abs(measured[c]) for c in HUED)
    backed = _agrees(read, old, REMOVAL_BACKS)
    if hue_cubes < TOUCHED and old["white"] == 0 and backed:
        return True
    phantom = [c for c in HUED if old[c] == 0 and measured[c] <= -TOUCHED]
    if (
        phantom
        and all(abs(measured[c]) < TOUCHED for c in HUED if c not in phantom)
        and shade < TOUCHED
        and backed
    ):
        return True
    whole_white = old["white"] > 0 and shade >= 1 - COUNT_SLACK
    return (
        all((abs(measured[c]) if old[c] else measured[c]) < TOUCHED for c in HUED)
        and few_over
        and shade < 1 + COUNT_SLACK
        and _agrees(read, old, COUNTER_SURE if whole_white else REMOVAL_BACKS)
    )


def _expected_agrees(
    old: Mapping[str, int],
    delta: Mapping[str, int],
    measured: Mapping[str, float],
    moved: set[str],
    read: Any,
) -> tuple[bool, bool]:
    """``(agrees, pooled)`` for an expected change the pixels did not count exactly:
    the expected change in its colours and direction, about as large as expected, with the
    counter likely of the result; or the game's own removal that the counter, sure of what
    is left, decides (*pooled*: its pixels do not measure its cubes)."""
    result = {c: old[c] + delta[c] for c in COLOURS}
    if _within(measured, delta, moved, EXPECTED_RATIO) and _agrees(read, result, COUNTER_BACKS):
        return True, False
    if not all(d <= 0 for d in delta.values()):
        return False, False
    # The game's own removal: the removed cubes' dark sides may show as another colour
    # going too.
    spill = REMOVAL_SPILL * -sum(delta.values())
    seen = _within(measured, delta, moved, REMOVAL_RATIO, spill)
    pooled = not seen and _within(_pooled(measured, delta, old), delta, moved, REMOVAL_RATIO, spill)
    if (seen or pooled) and _agrees(read, result, REMOVAL_BACKS):
        return True, pooled
    # Seen going in its colours, whatever its size, and nothing coming: the counter sure of
    # what is left decides. Cubes taken from touching ones uncover the others (-2 seen as
    # -0.55); a tray emptied of a colour cannot lose more than it held (-1 seen as -2.3: the
    # cube's shadow). The other colours it holds stay put (seventh round). Such a removal
    # teaches no cube area either.
    went = all(measured[c] <= -TOUCHED for c, d in delta.items() if d < 0)
    came = any(v >= TOUCHED for v in measured.values())
    steady = all(abs(measured[c]) < TOUCHED for c in COLOURS if old[c] and not delta[c])
    pooled = went and steady and not came and _agrees(read, result, COUNTER_SURE)
    return pooled, pooled


def _hidden(
    measured: Mapping[str, float],
    whole: Mapping[str, int],
    old: Mapping[str, int],
    expected: Mapping[str, int],
    moved: set[str],
    over: float,
) -> tuple[bool, bool]:
    """Hidden-cube signs on a gain nobody expected, ``(hidden, rounded down)``.

    *Hidden* (:data:`HIDDEN_RESIDUE` and the constants after it): measured above its whole
    count with pixels over cubes (``over``, in cubes), or much over cubes, or well above its
    count onto two or more of it: a stack.

    *Rounded down* (issue 28's ninth round): measured :data:`HIDDEN_RESIDUE` of a cube or
    more above the whole count it was rounded to, onto a tray that then holds two or more of
    its colour: a cube may hide under another there, so the counter must be sure
    (:data:`COUNTER_SURE`) of the followed counts (dev game 23 000 021: +2 yellow onto two
    measured 1.2, both counters on three, the shipped one at 0.87)."""
    gains = [c for c in moved if measured[c] > 0 and not expected.get(c)]
    hidden = any(
        (over > HIDDEN_OVER and measured[c] - whole[c] > HIDDEN_RESIDUE)
        or over > HIDDEN_OVER_ALONE
        or (measured[c] - whole[c] > HIDDEN_RESIDUE_ALONE and old[c] + whole[c] > 1)
        for c in gains
    )
    rounded = any(measured[c] - whole[c] >= HIDDEN_RESIDUE and old[c] + whole[c] > 1 for c in gains)
    return hidden, rounded


def _heat_evidence(heat: Any, old: Mapping[str, int]) -> dict[str, Any]:
    """The heatmap counter's reading, for the record."""
    if heat is None:
        return {"heat_stack": None, "heat_counts": None, "heat_check": None}
    return {
        "heat_stack": round(heat.stacked, 4),
        "heat_counts": {c: heat.counts[c] for c in COLOURS if heat.counts[c]},
        "heat_check": {
            c: round(heat.confidence[c], 3) for c in COLOURS if heat.counts[c] or old[c]
        },
    }


def _followed_evidence(
    read: Any,
    old: Mapping[str, int],
    counts: Mapping[str, int],
    followed: Mapping[str, int],
    expected: Mapping[str, int],
) -> dict[str, Any]:
    """The counter's probability of the shown counts (``p``) and of the followed ones and
    their neighbours (``p_followed``), for the record."""
    if read is None:
        return {"p": None, "p_followed": None}
    return {
        "p": {
            c: round(_probability(read, c, counts[c]), 3)
            for c in COLOURS
            if counts[c] or old[c] or expected.get(c)
        },
        "p_followed": {
            c: [round(_probability(read, c, followed[c] + k), 3) for k in (-1, 0, 1)]
            for c in COLOURS
            if followed[c] or old[c] or expected.get(c)
        },
    }


def _possible(expected: Mapping[str, int], counts: Mapping[str, int]) -> dict[str, int]:
    """The expected change as the tray allows it: no more cubes taken than it holds."""
    return {c: max(int(d), -int(counts.get(c, 0))) for c, d in expected.items()}


def _shown(pixels: Mapping[str, int], read: Any, heat: Any) -> tuple[dict[str, int], str]:
    """The counts an unsure tray shows with "please check", and whose they are.

    Three witnesses each count the tray: the *pixels* (``pixels``: the counts the change
    measured, or on a stack the game's expected counts), the shipped *counter* (its most
    likely count of every colour) and the *heatmap* counter (the cubes it sees). Each
    colour shows the middle of their three counts: two that agree outvote the third, and
    when all three differ the one between the others wins (the pixels miss hidden cubes or
    count a shadow, the counters miss or add a cube on crowded trays: their errors go both
    ways). A witness that did not read has no vote: the counter alone, or the pixels alone,
    then decide. Nothing here makes a tray sure: the players confirm what is shown, and a
    right count costs them only a look.

    Why (issue 28's eleventh round, 28 dev games): the shipped counter's top counts, shown
    since the ninth round, were right on 627 of 749 unsure changes, the middle counts on
    657; tray counts the players entered fell from 102 to 76 (chosen on games 0-7 and
    32-41: 74 -> 62; held apart, 42-51: 28 -> 14). Where both counters agreed against the
    pixels they were right 246 times of 292, and the shipped counter's own probability did
    not tell the other 36 apart (docs/vision.md, eleventh round).

    Returns ``(counts, by)``: ``by`` names the witnesses whose whole tray is shown
    (``"pixels+counter+heatmap"``, ``"counter+heatmap"``, ``"pixels+heatmap"``, ...),
    ``"middle"`` when it is none of theirs."""
    seen = full_counts(pixels)
    if read is None:
        return seen, "pixels"
    top = {c: int(read.counts[c]) for c in COLOURS}
    if heat is None:
        return top, "counter"
    cubes = {c: int(heat.counts[c]) for c in COLOURS}
    shown = {c: sorted((seen[c], top[c], cubes[c]))[1] for c in COLOURS}
    witnesses = {"pixels": seen, "counter": top, "heatmap": cubes}
    by = "+".join(name for name, counts in witnesses.items() if counts == shown)
    return shown, by or "middle"


def _counter_evidence(read: Any, old: Mapping[str, int]) -> dict[str, Any]:
    """The shipped counter's reading, for the record: its probability of each old count
    (``p_old``) and its top counts (``counter``); ``None`` when it did not read."""
    if read is None:
        return {"p_old": None, "counter": None}
    return {
        "p_old": {c: round(_probability(read, c, old[c]), 3) for c in COLOURS},
        "counter": {c: read.counts[c] for c in COLOURS if read.counts[c]},
    }


def _probability(read: Any, colour: str, n: int) -> float:
    """The counter's probability of ``n`` cubes of ``colour`` (0 when it has none)."""
    probs = read.probabilities.get(colour) or []
    return float(probs[n]) if 0 <= n < len(probs) else 0.0


def _unsure(state: TrayFollow, why: str) -> TrayFollow:
    return TrayFollow(state.counts, False, state.why if not state.sure else why)


def _agrees(read: Any, counts: Mapping[str, int], likely: float | None = None) -> bool:
    """The counter gives ``counts`` at least ``likely`` (:data:`EXPECTED_LIKELY`) in every
    colour and is not very sure of another count."""
    likely = EXPECTED_LIKELY if likely is None else likely
    for c in COLOURS:
        probs = read.probabilities.get(c)
        if not probs:
            return False
        n = counts[c]
        p = probs[n] if n < len(probs) else 0.0
        best = int(np.argmax(probs))
        if p < likely or (best != n and probs[best] >= OTHER_SURE):
            return False
    return True
