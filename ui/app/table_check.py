"""The closed loop: did the table change the way the bot's instructions said? No Kivy.

When a bot step comes on screen (a prompt with a decision whose
``Game.expected_change`` names trays, or Ante Portas hexes), the camera reads the table *before*
the players act. When the players confirm that step, it reads the table
again *after* (on the next step; while hands move over the table, the next
still reading) and :func:`vision.closed_loop.check_step` compares the two
with the expected change:

* ``ok``: the play screen says "Camera: the table matches" quietly;
* ``mismatch``: it says in words what differs ("The red tray should have 1
  fewer marker; the camera sees 3", "#21, Basic Invaders: 1 more expected; the
  camera sees 0"), the status LED shows ``differs``, and
  the table is read again every :data:`RECHECK_SECONDS` until it matches
  (the players put it right) or the step is confirmed;
* ``unsure`` (a tray covered, not read surely): it says only which trays it could
  not check and why ("The blue tray: not checked (a hand was over it)").

For hexes each reading is first turned into the pieces seen on each hex
(:func:`vision.battleground_view.read_battleground`, with the camera's own
confidence bar, :attr:`TableCheck.confirm_below`).

A game that cannot say what its decisions do to the table, or a camera
without whole readings (no camera, not calibrated), changes nothing.

:class:`TableCheck` only keeps the state over the steps; the app takes the
readings (on a worker thread, ``TablesideApp``) and hands each one to
:meth:`TableCheck.read` with the step it was taken for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules.camera import PieceName
from rules.decision import Decision
from rules.text import Msg, Translator, msgn, verbatim
from ui.app.plain_text import render
from ui.i18n import _

#: A step on the table: (journal session id, steps confirmed before it).
StepKey = tuple[int | None, int]

#: Seconds between readings while hands move over the table.
MOVING_RETRY_SECONDS = 0.5
#: Readings tried for the "after" reading while hands keep moving (then nothing is said).
MOVING_TRIES = 20
#: Readings tried for the "before" reading: later ones might see the players already acting.
BEFORE_TRIES = 3
#: Seconds between readings while the table differs, and how many (then it stops asking).
RECHECK_SECONDS = 2.0
RECHECK_TRIES = 150

#: A game's names of the pieces it counts on hexes (``Game.piece_name``).
PieceNames = Callable[[str], PieceName | None]


def no_names(piece: str) -> PieceName | None:
    return None


TRAY_NAMES = {
    "red": _("The red tray"),
    "yellow": _("The yellow tray"),
    "blue": _("The blue tray"),
    "brown": _("The brown tray"),
    "white": _("The white tray"),
}


def tray_name(side: str, colour: str | None) -> Msg:
    """A tray by the colour of its markers ("The blue tray"); without one, by its side."""
    return TRAY_NAMES.get(colour or "") or _("Tray {side}", side=side)


def checkable(expected: Mapping[str, Any] | None) -> bool:
    """True when an expected change can be checked by the camera.

    It must name at least one tray or hex; markers arriving in colours nobody
    knows yet (``"unknown"``) cannot be told apart from a mistake, so such a
    step is not checked."""
    if not expected or expected.get("unknown"):
        return False
    return bool(expected.get("trays")) or bool(expected.get("hexes"))


def observed(reading: Any, expected: Mapping[str, Any], confirm_below: float) -> Any:
    """What the check compares: the reading itself for trays, the pieces on each hex
    (a battleground proposal) for hexes."""
    if expected.get("hexes"):
        import vision.battleground_view  # noqa: F401  (registers the games' board views)
        from vision.board_views import board_view

        view = board_view()
        return (
            {"status": "no-board", "hexes": {}}
            if view is None
            else view.proposal(reading, confirm_below)
        )
    return reading


@dataclass(frozen=True, kw_only=True)
class Watched:
    """A bot step on the table: its expected change and the reading before the players act."""

    key: StepKey
    expected: dict[str, Any]
    before: Any = None
    names: PieceNames = no_names


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """The check of a confirmed bot step, shown on the step after it."""

    status: str
    differences: tuple[dict[str, Any], ...]
    before: Any
    after: Any
    #: Places it could not check: ``{"tray": side, "reason": ...}`` (or ``"hex"``).
    unsure: tuple[dict[str, Any], ...] = ()
    #: The game's names of the pieces on hexes.
    names: PieceNames = no_names


@dataclass(frozen=True)
class TableCheckView:
    """What the play screen says: ``ok`` (quiet) or ``mismatch`` (what differs); plain strings."""

    status: str
    lines: tuple[str, ...]


class TableCheck:
    """The closed loop's state from step to step (see the module docstring)."""

    def __init__(self) -> None:
        #: The step on screen now.
        self.key: StepKey | None = None
        #: This step is a bot step to check: waiting for its "before" reading.
        self.watched: Watched | None = None
        #: The bot step just confirmed: waiting for its "after" reading (or to match).
        self.due: Watched | None = None
        self.outcome: Outcome | None = None
        self.tries = 0
        #: The last reading handed in; at a new step it is stale (a camera may hand the
        #: same reading again for a second), so it counts as no reading.
        self.seen: Any = None
        self.stale: Any = None
        #: A piece sticker read with less confidence than this leaves its hex unsure
        #: (the camera's reader sets it: ``VisionFeed.reader.confirm_below``).
        self.confirm_below = 0.75

    def forget(self) -> None:
        """No camera or no game: nothing to check, nothing shown."""
        self.key, self.watched, self.due, self.outcome, self.tries = None, None, None, None, 0
        self.seen = self.stale = None

    def enter(
        self,
        key: StepKey,
        decision: Decision | None,
        expected_for: Callable[[Decision], dict[str, Any] | None],
        names: PieceNames = no_names,
    ) -> bool:
        """A step came on screen (``decision``: the bot's decision it shows, if any).

        Returns True when the table should be read now.
        """
        if key == self.key:
            return self.next_reading() is not None  # the same step shown again
        previous = self.watched
        confirmed = previous is not None and previous.key == (key[0], key[1] - 1)
        self.key, self.watched, self.outcome, self.tries = key, None, None, 0
        self.stale = self.seen
        self.due = previous if confirmed and previous is not None and previous.before else None
        if decision is not None:
            expected = expected_for(decision)
            if expected is not None and checkable(expected):
                self.watched = Watched(key=key, expected=dict(expected), names=names)
        return self.due is not None or self.watched is not None

    def read(self, key: StepKey, reading: Any) -> bool:
        """A reading taken for step ``key``; True when what the screen says changed."""
        from vision.closed_loop import check_step

        if key != self.key:
            return False  # the players have moved on: a late reading of a step left
        self.tries += 1
        if reading is self.stale or reading.status == "moving":
            return False  # taken before this step, or hands over the table: read again
        self.seen = reading
        changed = False
        fixing = self.due is not None
        if self.due is not None:
            after = observed(reading, self.due.expected, self.confirm_below)
            check = check_step(self.due.before, after, self.due.expected)
            outcome = Outcome(
                status=check.status,
                differences=tuple(check.differences),
                before=self.due.before,
                after=after,
                unsure=tuple(check.unsure),
                names=self.due.names,
            )
            changed = self.outcome is None or (
                self.outcome is not None
                and (self.outcome.status, self.outcome.differences, self.outcome.unsure)
                != (outcome.status, outcome.differences, outcome.unsure)
            )
            self.outcome = outcome
            if check.status != "mismatch":
                self.due = None  # matches (or cannot be told): no more readings for it
        if self.watched is not None and (self.watched.before is None or fixing):
            # The table before this step's players act: the newest still reading while
            # the last step is being put right, else the first one.
            before = observed(reading, self.watched.expected, self.confirm_below)
            self.watched = replace(self.watched, before=before)
        return changed

    def next_reading(self) -> float | None:
        """Seconds until the next reading of the current step, or None: no more readings."""
        if self.due is not None:
            if self.outcome is not None:  # differs: read again until the players put it right
                return RECHECK_SECONDS if self.tries < RECHECK_TRIES else None
            if not self.tries:
                return 0.0
            return MOVING_RETRY_SECONDS if self.tries < MOVING_TRIES else None
        if self.watched is not None and self.watched.before is None:
            if not self.tries:
                return 0.0
            return MOVING_RETRY_SECONDS if self.tries < BEFORE_TRIES else None
        return None

    @property
    def differs(self) -> bool:
        """The last bot step's check found the table different (the status LED says so)."""
        return self.outcome is not None and self.outcome.status == "mismatch"

    def view(self, tr: Translator) -> TableCheckView | None:
        """The words for the play screen, or None (nothing checked).

        It is quiet only about the trays it could not check, and says which
        ("The blue tray: not checked (a hand was over it)")."""
        outcome = self.outcome
        if outcome is None:
            return None
        unchecked = unchecked_lines(outcome, tr)
        if outcome.status == "unsure":
            return TableCheckView("unsure", tuple(unchecked))
        if outcome.status == "ok":
            return TableCheckView("ok", (_("Camera: the table matches").render(tr),))
        lines = [_("The camera sees the table differ from the instructions:").render(tr)]
        lines += [difference_text(d, outcome, tr) for d in outcome.differences]
        return TableCheckView("mismatch", tuple(lines + unchecked))


def difference_text(difference: Mapping[str, Any], outcome: Outcome, tr: Translator) -> str:
    """One difference in words: "The red tray should have 1 fewer marker; the camera sees 3".

    A tray is named by the colour of its markers (each control-board tray holds
    one colour), so the words follow the game's trays whatever colour the
    camera's board file gives that side; "seen" is the camera's count now."""
    if "hex" in difference:
        return _render(hex_difference(difference, outcome), tr)
    side = str(difference["tray"])
    colour = str(difference["colour"])
    expected = int(difference["expected"])
    count = _count(outcome.after, side, colour)
    tray = TRAY_NAMES.get(colour) or _("Tray {side} ({colour})", side=side, colour=colour)
    if expected < 0:
        text = msgn(
            "{tray} should have {n} fewer marker; the camera sees {count}",
            "{tray} should have {n} fewer markers; the camera sees {count}",
            tray=tray,
            n=-expected,
            count=count,
        )
    elif expected > 0:
        text = msgn(
            "{tray} should have {n} more marker; the camera sees {count}",
            "{tray} should have {n} more markers; the camera sees {count}",
            tray=tray,
            n=expected,
            count=count,
        )
    else:
        text = msgn(
            "{tray} should still have {n} marker; the camera sees {count}",
            "{tray} should still have {n} markers; the camera sees {count}",
            tray=tray,
            n=_count(outcome.before, side, colour),
            count=count,
        )
    return _render(text, tr)


#: Why a place could not be checked (:func:`vision.closed_loop.check_step`'s reasons).
UNCHECKED_WHY = {
    "covered": _("a hand was over it"),
    "moving": _("hands were moving over the table"),
    "not sure": _("the camera is not sure of it"),
}


#: More places than this not checked are counted in one line, not named one by one.
UNCHECKED_NAMED = 2


def unchecked_lines(outcome: Outcome, tr: Translator) -> list[str]:
    """The places the check could not see, each by name ("The blue tray: not checked (a
    hand was over it)"); more than :data:`UNCHECKED_NAMED` in one line ("Camera: 6 trays
    not checked")."""
    if len(outcome.unsure) <= UNCHECKED_NAMED:
        return [unchecked_text(u, outcome, tr) for u in outcome.unsure]
    n = len(outcome.unsure)
    if any("hex" in u for u in outcome.unsure):
        return [_render(_("Camera: {n} hexes not checked", n=n), tr)]
    return [_render(_("Camera: {n} trays not checked", n=n), tr)]


def unchecked_text(unsure: Mapping[str, Any], outcome: Outcome, tr: Translator) -> str:
    """One place the check could not see: "The blue tray: not checked (a hand was over it)"."""
    why = UNCHECKED_WHY.get(str(unsure.get("reason")), _("the camera cannot see it"))
    if "hex" in unsure:
        place: Msg = (
            _("The battleground") if unsure["hex"] == "all" else verbatim(f"#{unsure['hex']}")
        )
    elif unsure.get("tray") == "all":
        place = _("The trays")
    else:
        side = str(unsure.get("tray"))
        tray = _tray(outcome.after, side) or _tray(outcome.before, side)
        place = tray_name(side, getattr(tray, "colour", None))
    return _render(_("{place}: not checked ({why})", place=place, why=why), tr)


def hex_difference(difference: Mapping[str, Any], outcome: Outcome) -> Msg:
    """One hex's difference: "#21, Basic Invaders: 1 more expected; the camera sees 0", or
    for a tile (one per hex) "#26: Guard Post should be gone; the camera still sees it"."""
    hex_id, unit = str(difference["hex"]), str(difference["unit"])
    expected = int(difference["expected"])
    count = _pieces(outcome.after, hex_id, unit)
    named = outcome.names(unit) or PieceName(verbatim(unit))
    if named.single:  # a tile (one per hex): there or gone
        tile = named.name
        should = _pieces(outcome.before, hex_id, unit) + expected
        if count < should:
            return _(
                "#{hex}: {tile} should be there; the camera does not see it",
                hex=hex_id,
                tile=tile,
            )
        return _("#{hex}: {tile} should be gone; the camera still sees it", hex=hex_id, tile=tile)
    units = named.name
    if expected > 0:
        return _(
            "#{hex}, {units}: {n} more expected; the camera sees {count}",
            hex=hex_id,
            units=units,
            n=expected,
            count=count,
        )
    if expected < 0:
        return _(
            "#{hex}, {units}: {n} fewer expected; the camera sees {count}",
            hex=hex_id,
            units=units,
            n=-expected,
            count=count,
        )
    return _(
        "#{hex}, {units}: {n} expected, unchanged; the camera sees {count}",
        hex=hex_id,
        units=units,
        n=_pieces(outcome.before, hex_id, unit),
        count=count,
    )


def _pieces(proposal: Any, hex_id: str, unit: str) -> int:
    hexes = proposal.get("hexes", {}) if isinstance(proposal, Mapping) else {}
    return int(hexes.get(hex_id, {}).get(unit, 0))


def _render(message: Msg, tr: Translator) -> str:
    return render(message, tr)


def _tray(reading: Any, side: str) -> Any:
    return next((t for t in getattr(reading, "trays", ()) if str(t.side) == side), None)


def _count(reading: Any, side: str, colour: str) -> int:
    tray = _tray(reading, side)
    return int((tray.counts or {}).get(colour, 0)) if tray is not None else 0
