"""The camera follows the table for the app: tray fields filled from the followed state.

:class:`FollowFeed` wraps a :class:`vision.feed.VisionFeed` (its reader and frame
source) and a :class:`vision.follow.TableFollower`. The app starts it from what the
game knows (:meth:`FollowFeed.start`: a new game's set-up, or a resumed journal's
counts, then not sure until the players confirm), tells it the expected change of
each bot step (:meth:`expect`) and the players' confirmed counts after each step
(:meth:`confirm`), and runs :meth:`follow` on a worker thread, which feeds it every
frame; nothing here runs on the UI thread but snapshot look-ups.

It is a :class:`vision.camera_feed.CameraFeed` answering from the followed state:

* :class:`~rules.camera.TrayCounts` and :class:`~rules.camera.ColourTotals` requests are
  filled with the followed counts, sure or not (the players only confirm);
  :class:`~rules.camera.ColourGains` (the Marauders news panel's
  markers, the spring income) with the followed colour totals minus what the game
  tracked, given by the form (:class:`ui.app.form.FormModel`) or the request;
* :class:`~rules.camera.PrioritySide` (the priority marker; with the news panel's
  :class:`~rules.camera.ColourGains` the Marauders development points) is read on the
  picture of the last still moment (its grey middle, kept), with its registration, only
  when a field asks (:class:`vision.marker.MarkerReader`: a few ms, once per still
  moment), so the follower's own work per still moment does not grow;
* :meth:`please_check` names each tray that is not sure by its colour, with why in
  the players' words ("The blue tray: please check (a hand was over it)"), and says why
  the priority marker was not read ("the priority marker is hidden or not on the board");
* :meth:`reading` is the followed state as a :class:`vision.reader.Reading` (status
  ``moving`` while hands move), so the closed loop (:mod:`ui.app.table_check`)
  checks every bot step on the trays the camera can see.

On a resume (:meth:`start` with ``sure=False``) the journal's counts are not sure until the
players confirm them, or until the camera reads them from scratch: at the first still
moment whose board it registers, every tray is counted once by the agreement counter
(:data:`RESUME_COUNTER`, :func:`vision.counter.agree`; docs/vision.md "A counter that sees
cubes", sixth round). A tray whose reads give the journal's counts, sure at the ``journal``
point (tuned for reads that must match the journal), is sure from then on; one the counter
is sure of at its 0.5 % point that holds other counts shows the camera's counts and asks
(``resume-differs``); any other keeps the journal's counts and asks (``resume-unsure``); a
covered one stays ``start-unconfirmed``.

Every other reading (tokens, Ante Portas hexes) is the wrapped feed's, read from scratch.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

from rules.camera import ColourGains, ColourTotals, PrioritySide, TrayCounts, camera_request
from rules.prompt import Field
from rules.text import Msg
from ui.app.table_check import tray_name
from ui.i18n import _
from vision.camera_feed import CameraFeed
from vision.counter import CounterModel, CubeCounter, TrayRead
from vision.feed import MARKER_WHY, VisionFeed, marker_why
from vision.follow import TableFollower, TrayFollow, full_counts
from vision.geometry import COLOURS
from vision.marker import NOT_SEEN, MarkerRead, MarkerReader, Middle
from vision.reader import Reading, TrayReading
from vision.registration import Registration

log = logging.getLogger(__name__)

#: Frames fed per second by :meth:`FollowFeed.follow` (the motion gate needs a steady stream).
FOLLOW_FPS = 8.0

#: Why a tray is not sure (:data:`vision.follow.WHY_CODES`), in the players' words.
WHY_WORDS = {
    "hand": _("a hand was over it"),
    "stack": _("a cube seems to lie on another"),
    "uncounted-change": _("it changed in a way the camera could not count"),
    "moved": _("it changed in a way the camera could not count"),
    "counter-disagrees": _("it changed in a way the camera could not count"),
    "unexpected": _("it changed differently from what the game expected"),
    "unseen": _("the camera cannot see it"),
    "start-unconfirmed": _("the camera has not checked it yet"),
    "resume-differs": _("the camera counts other markers than the saved game"),
    "resume-unsure": _("the camera is not sure of its count"),
}

#: What the players can do about a cube on another, said wherever a tray is to be checked
#: for one: the camera cannot count a cube that hides under another (issue 28: "where the
#: table can help (for example a 'one layer, no stacks' habit the screen teaches), say so").
STACK_HINT = _("lay the markers side by side, not stacked")
#: The same on the Camera screen, as a line of its own.
STACK_HINT_LINE = _("Lay the markers side by side, not stacked.")


def stack_suspected(trays: Mapping[str, TrayFollow]) -> bool:
    """Whether a tray not sure of its counts is so because a cube may lie on another."""
    return any(not t.sure and t.why == "stack" for t in trays.values())


#: The counter that reads the trays from scratch on a resume and its two operating points:
#: the agreement counter at the point whose sure-but-wrong share was 0.39 % of the easy
#: trays of ``held-out-11`` (read once, issue 28's fifth round) tells a tray whose markers
#: differ from the journal's; the ``journal`` point, tuned on the development sets for
#: reads that must give the journal's counts, makes such a tray sure.
RESUME_COUNTER = ("agreement-counter.json", "0.005", "journal")


#: The status bar's line for one tray to check, by colour: short enough for one line of
#: 18 px type beside the buttons' state in every language (issue 28).
CHECK_TRAY = {
    "red": _("Camera: check the red tray"),
    "yellow": _("Camera: check the yellow tray"),
    "blue": _("Camera: check the blue tray"),
    "brown": _("Camera: check the brown tray"),
    "white": _("Camera: check the white tray"),
}


def why_words(why: str | None) -> Msg:
    return WHY_WORDS.get(why or "unseen", WHY_WORDS["uncounted-change"])


class FollowFeed(CameraFeed):
    """The app's camera while it follows the table (see the module docstring)."""

    def __init__(
        self,
        feed: VisionFeed,
        *,
        fps: float = FOLLOW_FPS,
        resume_model: CounterModel | None = None,
    ) -> None:
        self.feed = feed
        self.reader = feed.reader
        self.fps = fps
        boards = [b for b in feed.reader.calibration.boards if b.kind == "control-board"]
        self.board = boards[0] if boards else None
        #: Each tray's marker colour by side ("0".."5").
        self.colours: dict[str, str | None] = (
            {str(t.side): t.colour for t in self.board.trays} if self.board else {}
        )
        self.lock = threading.Lock()
        self.follower: TableFollower | None = None
        #: The followed trays at the last still moment (or as started / confirmed).
        self.trays: dict[str, TrayFollow] = {}
        #: Hands have moved since the last still moment (or none seen yet).
        self.moving = True
        self.frames = 0
        #: The newest frame fed (the Camera screen shows it instead of reading the camera).
        self.latest: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: The counter of the read from scratch on a resume (default :data:`RESUME_COUNTER`,
        #: loaded when the read is due and dropped after it).
        self.resume_model = resume_model
        #: A resume's read from scratch is due at the next still moment the board is seen.
        self._resume_due = False
        #: The expected changes told since the start, by side (the follower's own record of
        #: them, which confirming a tray that the read from scratch is sure of settles).
        self._told: dict[str, dict[str, int]] = {}
        #: Trays the read from scratch left unsure, shown in place of the follower's
        #: ``start-unconfirmed`` state (until the tray changes or the players confirm).
        self._resumed: dict[str, TrayFollow] = {}
        #: The resume's read from scratch: each tray's outcome (``sure``, ``resume-differs``,
        #: ``resume-unsure``, ``covered``) and its CPU time.
        self.resume_outcome: dict[str, str] = {}
        #: Each tray read: was the counter sure of it from scratch (the 0.5 % point, whatever
        #: the journal says)? For the record and ``tableside bench resume``.
        self.resume_scratch: dict[str, bool] = {}
        self.resume_ms: float | None = None
        #: The last still moment: its number, the grey part of its picture around the
        #: priority ring and its registration (both None: the board was not registered),
        #: for the priority marker's read (:meth:`marker`).
        self._still: tuple[int, Middle | None, Registration | None] | None = None
        #: The marker read of a still moment (its number), read once when a field asks.
        self._marker: tuple[int, MarkerRead] | None = None
        self._marker_lock = threading.Lock()
        self._marker_reader: MarkerReader | None = None

    # -- the CameraFeed seam ----------------------------------------------------------

    @property
    def source(self) -> Any:
        return self.feed.source

    @property
    def available(self) -> bool:
        return self.feed.available

    @property
    def following(self) -> bool:
        return self.follower is not None

    @property
    def can_follow(self) -> bool:
        return True

    def describe(self) -> Msg:
        """One line for the status bar: what the camera follows now."""
        if not self.following:
            return self.feed.describe()
        unsure = [s for s, t in sorted(self.trays.items()) if not t.sure]
        if not unsure:
            trays = [s for s in self.trays if self.colour(s) is not None] or list(self.trays)
            return _("Camera: following {n} trays", n=len(trays))
        if len(unsure) == 1:
            colour = self.colour(unsure[0])
            return CHECK_TRAY.get(colour or "") or _("Camera: check tray {side}", side=unsure[0])
        return _("Camera: check {n} trays", n=len(unsure))

    def read(self, field: Field) -> Any | None:
        request = camera_request(field.camera)
        if isinstance(request, ColourGains):
            return None  # the form takes the gains from the colour totals
        if self.following and isinstance(request, PrioritySide):
            read = self.marker()
            if read.side is None or read.confidence < self.reader.confirm_below:
                return None
            return str(read.side) if field.kind == "choice" else read.side
        if not self.following or not isinstance(request, (TrayCounts, ColourTotals)):
            return self.feed.read(field)
        trays = self.snapshot()
        wanted = [c.value for c in field.choices if c.value in COLOURS] or list(COLOURS)
        if isinstance(request, TrayCounts):
            tray = trays.get(str(request.side))
            return None if tray is None else {c: int(tray.counts.get(c, 0)) for c in wanted}
        return {c: sum(int(t.counts.get(c, 0)) for t in trays.values()) for c in wanted}

    def please_check(self, field: Field) -> Msg | None:
        """The trays behind ``field`` that are not sure, each named by colour with why."""
        request = camera_request(field.camera)
        if self.following and isinstance(request, PrioritySide):
            if self.read(field) is not None:
                return None
            read = self.marker()
            if self._still is None or self._still[2] is None:
                return MARKER_WHY["unseen"]
            return marker_why(read.side)
        following = isinstance(request, (TrayCounts, ColourTotals, ColourGains))
        if not self.following or not following:
            return None if isinstance(request, ColourGains) else self.feed.please_check(field)
        trays = self.snapshot()
        sides = [str(request.side)] if isinstance(request, TrayCounts) else sorted(trays)
        notes = [
            _(
                "{tray}: please check ({why})",
                tray=tray_name(s, self.colour(s)),
                why=why_words(trays[s].why),
            )
            for s in sides
            if s in trays and not trays[s].sure
        ]
        if not notes:
            return None
        if stack_suspected({s: trays[s] for s in sides if s in trays}):
            notes.append(STACK_HINT)
        return _join(notes)

    def reading(self) -> Reading | None:
        """The followed state as a reading: ``moving`` while hands move, else every tray."""
        if not self.following:
            return self.feed.reading()
        with self.lock:
            moving, trays = self.moving, dict(self.trays)
        board = self.board.name if self.board else ""
        if moving:
            return Reading("moving", True)
        return Reading(
            "ok",
            any(not t.sure for t in trays.values()),
            trays=[
                TrayReading(
                    board=board,
                    side=int(side),
                    colour=self.colour(side),
                    counts=dict(t.counts),
                    confidence={},
                    occluded=t.why == "hand",
                    sure=t.sure,
                )
                for side, t in sorted(trays.items())
            ],
        )

    # -- what the app tells it ----------------------------------------------------------

    def colour(self, side: str) -> str | None:
        return self.colours.get(side)

    def side_counts(
        self, colour_counts: Mapping[str, int], colours: Mapping[str, str | None] | None = None
    ) -> dict[str, dict[str, int]]:
        """Colour totals as tray counts: each colour's markers in its own tray (``colours``:
        each side's colour as the game's components say; default the board file's, or the
        game's once :meth:`start` was given them)."""
        return tray_counts(colour_counts, self.colours if colours is None else colours)

    def start(
        self,
        counts: Mapping[str, Mapping[str, int]],
        *,
        sure: bool = True,
        colours: Mapping[str, str | None] | None = None,
    ) -> None:
        """Follow from these tray counts (``{side: {colour: n}}``); ``sure=False`` on a
        resume the players have not confirmed yet. ``colours``: each side's marker colour
        as the game's components say (default: the board file's)."""
        if self.board is None:
            return
        if colours is not None:
            self.colours = {str(t.side): colours.get(str(t.side)) for t in self.board.trays}
        follower = TableFollower(
            calibration=self.reader.calibration,
            start=counts,
            board=self.board.name,
            counter=self.reader.counters[self.board.name],  # one network: ~8 MB less
            start_sure=sure,
        )
        with self.lock:
            self.follower = follower
            self._resume_due = not sure
            self._told, self._resumed = {}, {}
            self._still, self._marker = None, None
            self.resume_outcome, self.resume_scratch, self.resume_ms = {}, {}, None
            self.trays = dict(follower.trays)
            self.moving = True

    def expect(self, change: Mapping[str, Mapping[str, int]]) -> None:
        """A bot step's expected change (``{side: {colour: delta}}``)."""
        with self.lock:
            if self.follower is not None:
                self.follower.expect(change)
                if self._resume_due:
                    for side, deltas in change.items():
                        told = self._told.setdefault(str(side), {})
                        for colour, d in deltas.items():
                            told[colour] = told.get(colour, 0) + int(d)

    def confirm(self, counts: Mapping[str, Mapping[str, int]]) -> None:
        """The players confirmed these trays' counts."""
        with self.lock:
            if self.follower is not None:
                self.follower.confirm(counts)
                for side in counts:
                    self._told.pop(str(side), None)
                    self._resumed.pop(str(side), None)
                self.trays = self._shown(self.follower.trays)

    def snapshot(self) -> dict[str, TrayFollow]:
        with self.lock:
            return dict(self.trays)

    # -- the worker ---------------------------------------------------------------------

    def step(self, frame: Any, timestamp: float) -> bool:
        """Feed one frame; True when a new still moment changed the followed state, or may
        have moved the priority marker that a field asked for since the start (the app then
        reads the camera fields again, :meth:`marker` on the new moment's picture)."""
        with self.lock:
            follower = self.follower
        if follower is None:
            return False
        trays = follower.feed(frame, timestamp=timestamp)  # outside the lock: the slow part
        scratch = None
        if trays is not None and self._resume_due and follower.last_crops is not None:
            # The first still moment whose board the follower registered: its trays'
            # references are this frame, so they are read from scratch on it (once).
            scratch = self.read_from_scratch(follower)
        with self.lock:
            self.frames += 1
            self.latest = frame
            if follower is not self.follower:
                return False  # started again meanwhile
            self.moving = follower.moving
            if trays is None:
                return False
            registration = follower.last_registration if follower.last_crops else None
            registered = registration is not None
            middle = None if registration is None else self._marker_of().middle(frame, registration)
            self._still = (follower.moments, middle, registration)
            if scratch is not None:
                self._settle(follower, scratch)
            shown = self._shown(follower.trays)
            changed = shown != self.trays
            self.trays = shown
            return changed or (registered and self._marker is not None)

    # -- the priority marker, read when a field asks --------------------------------------

    def marker(self) -> MarkerRead:
        """The priority marker on the last still moment's picture (read once per moment,
        on the thread that asks: the app's camera worker, never the follower's)."""
        with self.lock:
            still = self._still
        if still is None or still[2] is None:
            return NOT_SEEN
        moment, middle, registration = still
        assert middle is not None and registration is not None
        with self._marker_lock:
            if self._marker is not None and self._marker[0] == moment:
                return self._marker[1]
            read = self._marker_of().read_middle(middle, registration)
            self._marker = (moment, read)
            return read

    def _marker_of(self) -> MarkerReader:
        """The marker reader of the followed board (built at the first still moment)."""
        if self._marker_reader is None:
            assert self.board is not None  # a still moment was followed: there is one
            self._marker_reader = MarkerReader(self.board, self.reader.calibration.tokens)
        return self._marker_reader

    # -- a resume: the trays read from scratch once -----------------------------------------

    def read_from_scratch(self, follower: TableFollower) -> list[tuple[TrayRead, bool, bool]]:
        """Every tray of the follower's last still moment (its crops, on its registration)
        counted from scratch by the resume's counter, each with whether that counter is
        sure of it and whether it is sure at the ``journal`` point (a read that must give
        the journal's counts; about 50 ms of one core here, once per resume)."""
        t0 = time.process_time()
        name, point, journal = RESUME_COUNTER
        model = self.resume_model or CounterModel.shipped(name, point)
        counter = CubeCounter(follower.board, model)
        assert follower.last_crops is not None
        crops, lifts = follower.last_crops
        if model.agreement is not None:
            also = CounterModel.shipped(name, journal).agreement or ()
            reads, backs = counter.read_agreeing(crops, lifts, also)
        else:  # another kind of counter (tests): its own threshold at both points
            reads = counter.read(crops, lifts)
            backs = [False] * len(reads)
        self.resume_ms = (time.process_time() - t0) * 1000
        return [
            (r, not r.stack_suspect and min(r.confidence.values()) >= model.threshold, b)
            for r, b in zip(reads, backs, strict=True)
        ]

    def _settle(self, follower: TableFollower, reads: list[tuple[TrayRead, bool, bool]]) -> None:
        """The read from scratch decides the trays still waiting for the players (under the
        lock, right after the still moment it read): ``(read, sure, backs)``, ``backs``: sure
        at the journal point, which counts only where the read gives the journal's counts."""
        self._resume_due = False
        now = follower.trays
        agreed: dict[str, dict[str, int]] = {}
        for read, sure, backs in reads:
            side = str(read.side)
            tray = now.get(side)
            if tray is None or tray.why != "start-unconfirmed":
                continue  # the players confirmed it meanwhile
            seen = full_counts(read.counts)
            same = seen == full_counts(tray.counts)
            if read.occluded:
                outcome = "covered"  # not read: the players confirm it
            elif same and (sure or backs):
                outcome = "sure"
                agreed[side] = seen
            elif sure:
                outcome = "resume-differs"
                self._resumed[side] = TrayFollow(seen, False, outcome)
            else:
                outcome = "resume-unsure"
                self._resumed[side] = TrayFollow(tray.counts, False, outcome)
            self.resume_outcome[side] = outcome
            self.resume_scratch[side] = sure and not read.occluded
        if agreed:
            follower.confirm(agreed)  # this settles their expected changes: tell them again
            again = {s: d for s, d in self._told.items() if s in agreed and any(d.values())}
            if again:
                follower.expect(again)
        self._told = {}
        log.info(
            "trays read from scratch on resume: %s, %.1f ms", self.resume_outcome, self.resume_ms
        )

    def _shown(self, trays: Mapping[str, TrayFollow]) -> dict[str, TrayFollow]:
        """The follower's trays, a resumed tray's read from scratch in place of its
        ``start-unconfirmed`` state while the follower still has that."""
        for side in [s for s in self._resumed if trays.get(s, _NONE).why != "start-unconfirmed"]:
            del self._resumed[side]  # it changed, or the players confirmed it
        return {**trays, **self._resumed}

    def follow(self, on_change: Any = None) -> threading.Thread:
        """Start feeding frames on a worker thread (``on_change()`` after a still moment
        changed the state; called on the worker: schedule UI work from it)."""

        def run() -> None:
            period = 1.0 / self.fps
            while not self._stop.is_set():
                t0 = time.monotonic()
                if self.follower is None:  # nothing to follow (yet): leave the camera be
                    self._stop.wait(period)
                    continue
                try:
                    with self.feed.lock:
                        frame = self.feed.source.read()
                    if self.step(frame, t0) and on_change is not None:
                        on_change()
                except Exception:  # a camera failure must not stop the game: the fields ask
                    log.exception("following the table failed")
                    self._stop.wait(1.0)
                self._stop.wait(max(0.0, period - (time.monotonic() - t0)))

        self._stop.clear()
        self._thread = threading.Thread(target=run, name="table-follow", daemon=True)
        self._thread.start()
        return self._thread

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)


_NONE = TrayFollow({}, False, None)


def game_trays(state: Mapping[str, Any]) -> dict[str, int] | None:
    """The markers per colour a game tracks on its trays (``state["trays"]``, as
    Marauders keeps them), or None when the game keeps none."""
    trays = state.get("trays")
    if not isinstance(trays, Mapping) or not all(
        c in COLOURS and isinstance(n, int) for c, n in trays.items()
    ):
        return None
    return dict(trays)


def tray_counts(
    colour_counts: Mapping[str, int], colours: Mapping[str, str | None]
) -> dict[str, dict[str, int]]:
    """Colour totals as tray counts (``{side: {colour: n}}``): each colour's markers in the
    tray whose colour ``colours`` (side -> colour) names."""
    return {s: {c: int(colour_counts.get(c, 0))} for s, c in colours.items() if c}


def game_sides(state: Mapping[str, Any]) -> dict[str, str | None] | None:
    """Each control-board side's marker colour as the game's components say (Marauders:
    ``state["components"]["data"]["control_board"]["sides"]``), or None."""
    record = state.get("components")
    data = record.get("data") if isinstance(record, Mapping) else None
    control = data.get("control_board") if isinstance(data, Mapping) else None
    sides = control.get("sides") if isinstance(control, Mapping) else None
    if not isinstance(sides, list):
        return None
    return {str(s["side"]): s.get("tray") for s in sides if isinstance(s, Mapping) and "side" in s}


def follow_confirmed(camera: CameraFeed, form: Any) -> None:
    """The players confirmed ``form`` (a :class:`ui.app.form.FormModel`): its tray fields'
    counts are the table's now, and the follower takes them."""
    if not camera.following:
        return
    counts: dict[str, dict[str, int]] = {}
    for field in form.fields:
        request = camera_request(field.camera)
        value = form.values.get(field.key)
        if not isinstance(value, Mapping):
            continue
        if isinstance(request, ColourTotals):
            counts.update(camera.side_counts(value))
        elif isinstance(request, ColourGains) and request.tracked is not None:
            # Income onto trays the game tracked: those counts plus the confirmed gains.
            tracked = dict(request.tracked)
            now = {c: tracked[c] + int(value.get(c, 0)) for c in tracked if c in COLOURS}
            counts.update(camera.side_counts(now))
        elif isinstance(request, TrayCounts):
            counts[str(request.side)] = {c: int(n) for c, n in value.items() if c in COLOURS}
    if counts:
        camera.confirm(counts)


def _join(notes: list[Msg]) -> Msg:
    return (
        notes[0] if len(notes) == 1 else _("{first}; {rest}", first=notes[0], rest=_join(notes[1:]))
    )
