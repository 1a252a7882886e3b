"""The camera follows whole rendered games (``tableside bench follow [--games N]``).

The scripted 5-round 2-player Marauders game of ``bench answers``
(:mod:`ui.benchmarks.tables.marauders`) is played through a real session; after
every step the real table's trays (the script's :class:`World`) are what the
players' hands made them. Each game is then rendered state by state on its own
table (:mod:`vision.table_render`, :mod:`vision.table_sequence`), tilt 20-50
degrees: a hand comes in over each tray that changes (cubes dropped scattered,
touching and now and then on another cube, or taken away), the hand leaves and
the table is still for two frames; now and then a hand rests over a tray through
a still moment; the light drifts through the game; the camera is knocked once.

Both readers see the same frames: *after* is the :class:`vision.follow.TableFollower`
(what the app runs), fed every frame, told the bot's expected changes
(:func:`rules.games.marauders.expected.expected_change`), starting from the
set-up's counts; *before* is today's from-scratch :class:`vision.reader.TableReader`
on the two frames of each still moment.

Printed per reader: answers the players give (a tray-count field - ``start``,
``income``, ``news``'s markers, ``trays_now`` - is filled from what the camera
shows, sure or "please check": the players only confirm it when every tray shown is
right, and enter it otherwise), bot steps where the players
entered no tray count (every tray sure after the bot's instructions were carried
out, and no tray-count answer on the step; also counted only where no cube lies
on another), tray readings sure but wrong (overall and per condition), trays left
to the players and why, stills per second and CPU per still on one core, and the
motion gate's CPU on frames where hands move.

The priority marker lies where the game has it: the players move it (a hand, then a
still moment) when the tribe gets development points, before the facts step that enters
them. At each news panel the marker is read as the app reads it (*after*:
:class:`vision.marker.MarkerReader` on the last still moment's picture; *before*: the
from-scratch reading's marker) and the panel's development points are the steps from the
side the game tracked (:func:`rules.camera.marker_steps`): a news answer that only they
needed (the trays shown right, no VP) is saved when the marker was read surely and right;
a marker read surely but wrong costs an answer. The game is played with its default
options, so since issue 28's tenth round the tribe's VP are kept on the score track and
the news panel asks none (docs/marauders.md, reading 40). Frames are kept in :data:`CACHE` under
:data:`RENDER_VERSION`.

Seeds: the held-out games are :data:`HELD_OUT` + k (never tuned on); tuning used
:data:`DEV` + k only (``TABLESIDE_FOLLOW_SEEDS=dev``). ``held-out`` had been read seven
times by issue 28's eighth round, so a fresh family was added then: ``held-out-2``,
:data:`HELD_OUT_2` + k (``TABLESIDE_FOLLOW_SEEDS=held-out-2``), read once with main's
follower before that round's tuning and once with its final code. ``held-out-2`` had been
read twice, and ``held-out`` seven times, by issue 28's ninth round, which added
``held-out-3``: :data:`HELD_OUT_3` + k, read once with main's follower before that round's
tuning and once with its final code. ``held-out-3`` had been read three times by issue 28's
tenth round, which added ``held-out-4``: :data:`HELD_OUT_4` + k, read once with main's
follower before that round's changes and once with its final code. ``held-out-4`` had
been read three times by issue 28's eleventh round, which added ``held-out-5``:
:data:`HELD_OUT_5` + k, read once with main's follower before that round's changes and
once with its final code; ``held-out-6``, :data:`HELD_OUT_6` + k, was read once with the
round's final code only. The twelfth round added ``held-out-7``, :data:`HELD_OUT_7` + k, read
once with main's follower before that round's changes, then looked at (one game) for a tray
held as "hand" without a hand; so it added ``held-out-8``, :data:`HELD_OUT_8` + k, read once
with main before the round and once with its final code. Frames are 1280x720.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from rules.camera import (
    ColourGains,
    ColourTotals,
    TrayCounts,
    TrayTotals,
    camera_request,
    marker_steps,
)
from rules.games.marauders.expected import expected_change
from rules.prompt import Field
from rules.registry import get_game
from rules.session import Session
from ui.cli import UserError
from ui.commands.bench import Figure
from vision.calibration import Calibration, calibrate
from vision.errors import CalibrationFailed
from vision.follow import TableFollower
from vision.geometry import COLOURS, Board, load_board, load_tokens
from vision.marker import NOT_SEEN, MarkerRead, MarkerReader
from vision.reader import TableReader
from vision.table_render import FrameSpec, Setup, calibration_frame, random_setup, render_frame
from vision.table_sequence import TableCubes

NAME = "follow"
DESCRIPTION = "camera follows whole rendered Marauders games: answers, sure-but-wrong, CPU"

HELD_OUT = 21_000_000
"""Held-out game seeds: HELD_OUT + k. Never used for tuning."""
HELD_OUT_2 = 35_000_000
"""Fresh held-out game seeds (issue 28's eighth round): HELD_OUT_2 + k. Never tuned on."""
HELD_OUT_3 = 39_000_000
"""Fresh held-out game seeds (issue 28's ninth round): HELD_OUT_3 + k. Never tuned on."""
HELD_OUT_4 = 43_000_000
"""Fresh held-out game seeds (issue 28's tenth round): HELD_OUT_4 + k. Never tuned on."""
HELD_OUT_5 = 45_000_000
"""Fresh held-out game seeds (issue 28's eleventh round): HELD_OUT_5 + k. Never tuned on."""
HELD_OUT_6 = 47_000_000
"""Fresh held-out game seeds (issue 28's eleventh round, read with its final code): HELD_OUT_6
+ k. Never tuned on."""
HELD_OUT_7 = 49_000_000
"""Fresh held-out game seeds (issue 28's twelfth round, read before and after it): HELD_OUT_7
+ k. Game 11 was looked at for the hand rule (``vision.follow.HAND_COVER``)."""
HELD_OUT_8 = 51_000_000
"""Fresh held-out game seeds (issue 28's twelfth round, after ``held-out-7`` was looked at):
HELD_OUT_8 + k. Never tuned on."""
DEV = 23_000_000
"""Tuning game seeds: DEV + k."""
FAMILIES = {
    "held-out": HELD_OUT,
    "held-out-2": HELD_OUT_2,
    "held-out-3": HELD_OUT_3,
    "held-out-4": HELD_OUT_4,
    "held-out-5": HELD_OUT_5,
    "held-out-6": HELD_OUT_6,
    "held-out-7": HELD_OUT_7,
    "held-out-8": HELD_OUT_8,
    "dev": DEV,
}
"""``TABLESIDE_FOLLOW_SEEDS`` names: the first seed of each family."""
GAMES = 20
DEBUG = os.environ.get("TABLESIDE_FOLLOW_DEBUG")
"""A file to which every followed change's evidence is appended (JSON lines), for tuning."""
TALLY = os.environ.get("TABLESIDE_FOLLOW_TALLY")
"""A file to which each run's raw figures are appended (JSON lines): runs over other games
add up exactly (:func:`summed`)."""
SUM = os.environ.get("TABLESIDE_FOLLOW_SUM")
"""A tally file: play no game, report the runs written there, added up."""
CACHE = os.environ.get("TABLESIDE_FOLLOW_CACHE")
"""A folder where each game's rendered frames are kept (PNG) and read again by later runs:
the frames depend on the seed alone, never on what a reader said, so tuning the follower
re-reads them instead of rendering them again."""
RENDER_VERSION = "v2"
"""The frames' render version, a folder of :data:`CACHE`: frames of another version are
never read. ``v2`` (issue 28's ninth round) draws the priority marker where the game has
it; the frames before it (none) lie directly in :data:`CACHE`."""
AFTER_ONLY = bool(os.environ.get("TABLESIDE_FOLLOW_AFTER_ONLY"))
"""Tuning: run only the follower (*after*); the from-scratch reader's figures are then empty."""
TRAY_REQUESTS = (TrayCounts, TrayTotals, ColourTotals, ColourGains)
"""Camera requests for tray markers: a field asking one of them is a tray-count field
(the camera gives its markers; its other entries - VP, development - not). A field
without such a request (the Marauders set-up's ``start``) is an answer the players give
with or without the camera; spring's ``income`` asks :class:`ColourGains` since issue 28's
fourth round."""


def tray_field(f: Field) -> bool:
    """Does the camera give this field's markers (its request is a tray request)?"""
    return isinstance(camera_request(f.camera), TRAY_REQUESTS)


STACK = 0.06
"""Share of dropped cubes that land on another cube."""
TOUCH = 0.4
"""Share of dropped cubes that touch one already there."""
REST = 0.1
"""Share of changes after which a hand rests over a tray through a still moment."""


@dataclass
class Step:
    """One step of the scripted game, as the camera bench needs it."""

    before: dict[str, int]
    """The real trays (colour -> markers) when the step's screen is answered."""
    after: dict[str, int]
    """... and once the bot's instructions were carried out."""
    tray_answers: int
    """Tray-count fields the players changed on this step (without a camera)."""
    other_answers: int
    news_other: bool
    """The news field also needed VP (an answer with or without the camera; only when the
    game keeps the tribe's VP itself, the ``tribe_score`` option ``assistant``)."""
    marker_before: int
    """The side at which the game tracked the priority marker when the step was shown."""
    marker_after: int
    """... and once the step was answered (moved by the development points entered)."""
    dev: int | None
    """The development points the step's news panel needed (None: the step has no news
    panel that asks the camera for the marker's steps)."""
    news_changed: bool
    """The players changed the news panel (an answer without the camera)."""
    tray_shown: bool
    """The step shows a tray-count field: the players confirm (or correct) the trays."""
    bot: bool
    expected: dict[str, dict[str, int]]
    """The decision's expected change, by colour tray (colour -> colour -> delta)."""


def script() -> list[Step]:
    """Play the scripted Marauders game; the real trays around every step."""
    import ui.benchmarks.tables.marauders as module

    game = get_game(module.GAME)
    session = Session(game, module.OPTIONS, seed=module.SEED)
    table = module.Table()
    sides = {s["side"]: s["tray"] for s in module.example_components()["control_board"]["sides"]}
    steps: list[Step] = []
    for _ in range(module.STEPS):
        prompt = session.prompt()
        if prompt.finished:
            break
        values = table.answer(prompt, session.state)
        before = dict(table.world.trays)
        changed = [f for f in prompt.fields if f.key in values and values[f.key] != f.default] + [
            f for f in prompt.fields if f.key not in values and f.default is None
        ]
        marker_before = int(session.state.get("marker") or 0)
        decision = session.answer(values)
        table.observe(prompt, values, decision)
        tray = [f for f in changed if tray_field(f)]
        news_other = any(
            f.key == "news" and values["news"].get("vp", 0) != (f.default or {}).get("vp", 0)
            for f in tray
        )
        dev = None
        for f in prompt.fields:
            request = camera_request(f.camera)
            if isinstance(request, ColourGains) and request.reads_marker and request.steps:
                dev = int(dict(values.get(f.key) or f.default or {}).get(request.steps, 0))
        expected: dict[str, dict[str, int]] = {}
        if decision is not None and prompt.decision is not None:
            for side, deltas in expected_change(decision).get("trays", {}).items():
                for colour, d in deltas.items():
                    if colour in COLOURS and sides.get(int(side)) == colour:
                        expected.setdefault(colour, {})[colour] = int(d)
        steps.append(
            Step(
                before=before,
                after=dict(table.world.trays),
                tray_answers=len(tray),
                other_answers=len(changed) - len(tray),
                news_other=news_other,
                marker_before=marker_before,
                marker_after=int(session.state["marker"]),
                dev=dev,
                news_changed=any(f.key == "news" for f in tray),
                tray_shown=any(tray_field(f) for f in prompt.fields),
                bot=prompt.decision is not None,
                expected=expected,
            )
        )
    return steps


@dataclass
class Tally:
    """One reader's figures over the games."""

    answers: int = 0
    answers_without: int = 0
    tray_answers: int = 0
    tray_answers_without: int = 0
    bot_steps: int = 0
    bot_free: int = 0
    bot_steps_flat: int = 0
    bot_free_flat: int = 0
    bot_free_strict: int = 0
    """Bot steps without any answer on a tray-count field (VP and development included)."""
    bot_free_flat_strict: int = 0
    trays: int = 0
    sure: int = 0
    sure_wrong: int = 0
    by: dict[str, dict[str, list[int]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    )
    """condition -> value -> [trays, sure, sure wrong]"""
    why: Counter[str] = field(default_factory=Counter)
    bot_why: Counter[str] = field(default_factory=Counter)
    """Why bot steps (no cube on another) needed a tray count: per step, each reason once
    (a tray's ``why`` after the bot's instructions, ``sure-but-wrong``, or ``shown-wrong``:
    the step's tray fields showed a wrong count before the instructions)."""
    bumps: int = 0
    bump_first: int = 0
    """Bumps after which every tray was followed (sure and right) at the first still moment."""
    bump_second: int = 0
    """... by the second still moment (no tray left ``moved`` or ``unseen``, none wrong)."""
    cpu_ms: list[float] = field(default_factory=list)
    marker_reads: int = 0
    """News panels that ask for the priority marker's steps (development points)."""
    marker_sure: int = 0
    marker_sure_wrong: int = 0
    """... the marker read surely at another side than the game's development points say."""
    marker_unseen: int = 0
    dev_answers: int = 0
    """News answers that only the development points needed (the trays shown right, no VP)."""
    dev_saved: int = 0
    """... that the camera's marker read filled right."""
    longest: dict[str, int] = field(default_factory=dict)
    """Per reason, the most still moments in a row one tray was left to the players for it
    (a hand rests for one: a longer ``hand`` run is a tray held as covered with nothing over
    it, issue 28's twelfth round)."""

    def plain(self) -> dict[str, Any]:
        """The figures as plain data (to send from a worker process)."""
        out = {k: v for k, v in vars(self).items() if k not in ("by", "why", "bot_why")}
        out["by"] = {k: {v: list(r) for v, r in vals.items()} for k, vals in self.by.items()}
        out["why"] = dict(self.why)
        out["bot_why"] = dict(self.bot_why)
        out["longest"] = dict(self.longest)
        return out

    def add(self, other: dict[str, Any]) -> None:
        """Add another tally's :meth:`plain` figures."""
        for k, v in other.items():
            if k == "by":
                for cond, vals in v.items():
                    for value, row in vals.items():
                        mine = self.by[cond][value]
                        for i, x in enumerate(row):
                            mine[i] += x
            elif k in ("why", "bot_why"):
                getattr(self, k).update(v)
            elif k == "longest":
                for why, n in v.items():
                    self.longest[why] = max(n, self.longest.get(why, 0))
            else:
                setattr(self, k, getattr(self, k) + v)

    def tray(self, sure: bool, right: bool, conditions: dict[str, str], why: str | None) -> None:
        self.trays += 1
        self.sure += sure
        self.sure_wrong += sure and not right
        for k, v in conditions.items():
            row = self.by[k][v]
            row[0] += 1
            row[1] += sure
            row[2] += sure and not right
        if not sure:
            self.why[why or "not sure"] += 1

    def run(self, why: str | None, n: int) -> None:
        """One tray has been left to the players for ``why`` ``n`` still moments in a row."""
        key = why or "not sure"
        self.longest[key] = max(n, self.longest.get(key, 0))


@dataclass
class Moment:
    """What a reader said at one still moment: per side (counts, sure, why)."""

    trays: dict[str, tuple[dict[str, int], bool, str | None]]


class Game:
    """One rendered game: its table, the cubes on it, its frames fed to both readers."""

    def __init__(self, board: Board, seed: int, steps: list[Step]) -> None:
        self.board = board
        self.seed = seed
        self.steps = steps
        self.rng = np.random.default_rng([seed, 30])
        self.setup: Setup = random_setup(board, seed, tilt=(20.0, 50.0))
        self.bumped: Setup | None = None
        self.cubes = TableCubes.empty(board, self.setup.seed, seed)
        self.side_of = {t.colour: str(t.side) for t in board.trays if t.colour}
        self.frames = 0
        self.changes = sum(s.before != s.after for s in steps) + sum(
            a.after != b.before for a, b in itertools.pairwise(steps)
        )
        self.bump_at = int(self.rng.integers(3, max(4, self.changes - 3)))
        self.change_index = 0
        self.gate_ms: list[float] = []
        self.tokens = load_tokens()
        self.marker = steps[0].marker_after if steps else 0
        """The side the priority marker lies at on the table (as the set-up step put it)."""

    def calibration(self) -> Calibration:
        picture = self.cached(
            "calibration",
            lambda: (
                render_frame(
                    self.board, self.setup, calibration_frame(self.board, self.seed + 55)
                ).image
            ),
        )
        return calibrate([picture], [self.board], load_tokens())

    def cached(self, name: str, render: Callable[[], np.ndarray]) -> np.ndarray:
        """The frame ``name`` of this game from :data:`CACHE` (rendered and kept there
        when missing), or rendered when no cache is set."""
        if not CACHE:
            return render()
        path = Path(CACHE) / RENDER_VERSION / str(self.seed) / f"{name}.png"
        if path.exists():
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                return image
        image = render()
        path.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(path), image, [cv2.IMWRITE_PNG_COMPRESSION, 1])
        return image

    def counts(self) -> dict[str, dict[str, int]]:
        return self.cubes.counts()

    def frame(self, *, hand: int | None = None, hand_seed: int | None = None) -> np.ndarray:
        self.frames += 1
        setup = self.bumped or self.setup
        drift = 0.25 * (self.change_index / max(1, self.changes)) - 0.1
        spec = FrameSpec(
            seed=self.seed,
            counts={},
            arrangement={},
            cubes=tuple(self.cubes.cubes),
            noise_seed=self.seed * 1000 + self.frames,
            hand="none" if hand is None else "tray",
            hand_tray=hand,
            hand_seed=hand_seed if hand_seed is not None else self.seed * 1000 + self.frames,
            light_drift=drift,
            priority_side=self.marker,
        )
        return self.cached(
            f"frame-{self.frames:05d}",
            lambda: render_frame(self.board, setup, spec, self.tokens).image,
        )

    def apply(self, trays: dict[str, int], now: dict[str, int]) -> list[tuple[int, str, int]]:
        """The hand moves from the table's trays ``now`` to ``trays``: (side, colour, delta)."""
        moves = []
        for colour in COLOURS:
            d = trays[colour] - now[colour]
            if d:
                moves.append((int(self.side_of[colour]), colour, d))
        return moves


def _conditions(game: Game, stacked: bool, hand: bool, bumped: bool) -> dict[str, str]:
    tilt = game.setup.tilt_deg
    band = "20-30 deg" if tilt < 30 else ("30-40 deg" if tilt < 40 else "40-50 deg")
    return {
        "tilt": band,
        "light": game.setup.light,
        "tray": "stacked" if stacked else "one layer",
        "hand resting": "yes" if hand else "no",
        "camera": "knocked" if bumped else "untouched",
    }


def play(board: Board, seed: int, steps: list[Step], after: Tally, before: Tally) -> dict[str, Any]:
    """Render one game and feed it to both readers; add their figures to the tallies."""
    game = Game(board, seed, steps)
    try:
        cal = game.calibration()
    except CalibrationFailed as exc:
        return {"seed": seed, "refused": exc.message.english()}
    # The set-up step puts the start markers: the game knows them.
    first = steps[0].after if steps else dict.fromkeys(COLOURS, 0)
    for colour, n in first.items():
        game.cubes.add(int(game.side_of[colour]), colour, n, touch=0.0, stack=0.0)
    start_counts = game.counts()
    follower = TableFollower(calibration=cal, start=start_counts)
    reader = TableReader(cal)
    marker_reader = MarkerReader(follower.board, cal.tokens)
    sure_marker = reader.confirm_below
    state: dict[str, Moment] = {}
    runs: dict[tuple[str, str], tuple[str | None, int]] = {}
    """Per reader and tray, its reason and how many still moments in a row it was unsure."""
    marks: dict[str, MarkerRead] = {}
    """Each reader's priority marker at its last still moment (read as the app reads it)."""
    resting_side: list[int] = []

    def still(hand: int | None = None) -> None:
        """Two still frames: both readers read the moment."""
        hs = None if hand is None else seed * 7919 + game.frames
        frames = [game.frame(hand=hand, hand_seed=hs) for _ in range(2)]
        got = None
        for f in frames:
            t0 = time.thread_time()
            out = follower.feed(f, timestamp=float(game.frames))
            ms = 1000 * (time.thread_time() - t0)
            if out is not None:
                got = out
                after.cpu_ms.append(ms)
                # The app reads the marker on this still moment's picture when a field asks
                # (ui.app.follow_feed.FollowFeed.marker), outside the follower's CPU.
                registration = follower.last_registration if follower.last_crops else None
                marks["after"] = (
                    NOT_SEEN if registration is None else marker_reader.read(f, registration)
                )
        if got is not None:
            state["after"] = Moment({s: (dict(t.counts), t.sure, t.why) for s, t in got.items()})
        resting_side[:] = [] if hand is None else [hand]
        if AFTER_ONLY:
            state["before"] = Moment({})
            return
        t0 = time.thread_time()
        reading = reader.read(frames)
        before.cpu_ms.append(1000 * (time.thread_time() - t0) / 2)
        marks["before"] = MarkerRead(reading.priority_side, reading.priority_confidence)
        trays: dict[str, tuple[dict[str, int], bool, str | None]] = {}
        for tr in reading.trays:
            why = "covered" if tr.occluded else ("not sure" if not tr.sure else None)
            trays[str(tr.side)] = (dict(tr.counts or {}), tr.sure and tr.counts is not None, why)
        if reading.status != "ok":
            trays = {s: ({}, False, reading.status) for s in follower.sides}
        state["before"] = Moment(trays)
        resting_side[:] = [] if hand is None else [hand]

    def moving(hand: int) -> None:
        f = game.frame(hand=hand)
        t0 = time.thread_time()
        follower.feed(f, timestamp=float(game.frames))
        game.gate_ms.append(1000 * (time.thread_time() - t0))

    def marker_to(side: int) -> None:
        """A hand moves the priority marker to ``side`` (the tribe got development points)
        and leaves; a still moment follows."""
        if side == game.marker:
            return
        near = min(game.board.trays, key=lambda t: min((t.side - side) % 6, (side - t.side) % 6))
        moving(near.side)
        game.marker = side
        moving(near.side)
        still()
        record()

    def change_to(trays: dict[str, int], expect: dict[str, dict[str, int]]) -> None:
        now = {c: game.counts()[game.side_of[c]][c] for c in COLOURS}
        was = game.counts()
        follower.evidence.clear()
        moves = game.apply(trays, now)
        if not moves:
            return
        game.change_index += 1
        if expect:
            follower.expect({game.side_of[c]: d for c, d in expect.items()})
        if game.change_index == game.bump_at:
            game.bumped = replace(
                game.setup,
                bump=(
                    float(game.rng.choice([-1, 1]) * game.rng.uniform(0.4, 1.2)),
                    float(game.rng.choice([-1, 1]) * game.rng.uniform(0.4, 1.2)),
                    float(game.rng.uniform(-4, 4)),
                ),
            )
            # The trays followed before the knock; at its first still moment, not those
            # whose expected change the hands have still to make (they wait, unsure).
            waiting = {game.side_of[c] for c in expect}
            since_bump.update(n=0, after=followed("after"), before=followed("before"))
            since_bump.update(waiting=waiting)
            moving(moves[0][0])
            still()
            record()
        for side, colour, d in moves:
            moving(side)
            if d > 0:
                game.cubes.add(side, colour, d, touch=TOUCH, stack=STACK)
            else:
                game.cubes.remove(side, colour, -d)
            moving(side)
        if game.rng.random() < REST:
            still(hand=moves[-1][0])
            record()
            moving(moves[-1][0])
        still()
        record()
        if DEBUG:
            truth = game.counts()
            with open(DEBUG, "a", encoding="utf-8") as out:
                for where, ev in follower.evidence.items():
                    tr = follower.trays[where]
                    line = {
                        "seed": seed,
                        "at": game.change_index,
                        "side": where,
                        "delta": {
                            c: truth[where][c] - was[where][c]
                            for c in COLOURS
                            if truth[where][c] != was[where][c]
                        },
                        "stacked": game.cubes.stacked(int(where)),
                        "truth": truth[where],
                        "sure": tr.sure,
                        "why": tr.why,
                        "right": dict(tr.counts) == truth[where],
                        **ev,
                    }
                    out.write(json.dumps(line) + "\n")

    since_bump: dict[str, Any] = {}
    """Still moments since the camera was knocked (``n``, 1: the moment right after it),
    the trays followed (sure and right) just before it, per reader, and whether they all
    were again at the first moment."""

    def followed(name: str) -> set[str]:
        """The trays a reader follows now (sure and right)."""
        moment, truth = state.get(name), game.counts()
        if moment is None:
            return set()
        return {
            s
            for s, (c, sure, _) in moment.trays.items()
            if sure and all(c.get(k, 0) == truth[s][k] for k in COLOURS)
        }

    def judge_bump(name: str, tally: Tally) -> None:
        """After the knock, the trays followed before it: all followed again at the first
        still moment (no cube moved in between; a tray whose expected change is still to
        come waits, unsure, and is not judged there); by the second, none ``moved`` or
        ``unseen`` and none sure but wrong (the second moment has a hand's change)."""
        moment, truth = state[name], game.counts()
        watched = since_bump[name]
        if since_bump["n"] == 1:
            watched = watched - since_bump["waiting"]
        rows = {s: moment.trays.get(s, ({}, False, "unseen")) for s in watched}
        right = {
            s: all(c.get(k, 0) == truth[s][k] for k in COLOURS) for s, (c, _, _) in rows.items()
        }
        if DEBUG and name == "after":
            with open(DEBUG, "a", encoding="utf-8") as out:
                line = {"seed": seed, "at": game.change_index, "bump_moment": since_bump["n"]}
                rows_out = {s: [r[0], r[1], r[2], right[s]] for s, r in rows.items()}
                out.write(json.dumps({**line, "trays": rows_out}) + "\n")
        if since_bump["n"] == 1:
            first = all(sure and right[s] for s, (_, sure, _) in rows.items())
            since_bump[name + " ok"] = first
            tally.bumps += 1
            tally.bump_first += first
            tally.bump_second += first
        elif not since_bump[name + " ok"]:
            tally.bump_second += all(
                why not in ("moved", "unseen") and not (sure and not right[s])
                for s, (_, sure, why) in rows.items()
            )

    def record() -> None:
        truth = game.counts()
        if "n" in since_bump:
            since_bump["n"] += 1
        for name, tally in (("after", after), ("before", before)):
            moment = state.get(name)
            if moment is None:
                continue
            if since_bump.get("n", 0) in (1, 2) and name in since_bump:
                judge_bump(name, tally)
            for side, tr in truth.items():
                counts, sure, why = moment.trays.get(side, ({}, False, "unseen"))
                right = all(counts.get(c, 0) == tr[c] for c in COLOURS)
                cond = _conditions(
                    game, game.cubes.stacked(int(side)), bool(resting_side), game.bumped is not None
                )
                tally.tray(sure, right, cond, why)
                was = runs.get((name, side))
                n = 0 if sure else (was[1] + 1 if was and was[0] == why else 1)
                runs[(name, side)] = (why, n)
                if n:
                    tally.run(why, n)
                if DEBUG and name == "after" and sure and not right:
                    with open(DEBUG, "a", encoding="utf-8") as out:
                        line = {"seed": seed, "sure_wrong": side, "shown": counts, "truth": tr}
                        out.write(json.dumps({**line, **cond, "frames": game.frames}) + "\n")

    def shown_right(name: str) -> bool:
        """Every tray's counts as the screen shows them (sure or "please check") are right."""
        moment = state.get(name)
        if moment is None:
            return False
        truth = game.counts()
        return all(
            side in moment.trays
            and all(moment.trays[side][0].get(c, 0) == truth[side][c] for c in COLOURS)
            for side in truth
        )

    def bot_reasons(name: str, shown_ok: bool) -> set[str]:
        """Why a bot step needs a tray count: each tray's ``why`` after the bot's
        instructions, ``sure-but-wrong``, and ``shown-wrong`` (the step's tray fields
        showed a wrong count)."""
        moment = state.get(name)
        out = set() if shown_ok else {"shown-wrong"}
        if moment is None:
            return out | {"no still moment"}
        for side, tr in game.counts().items():
            counts, sure, why = moment.trays.get(side, ({}, False, "unseen"))
            if not sure:
                out.add(why or "not sure")
            elif any(counts.get(c, 0) != tr[c] for c in COLOURS):
                out.add("sure-but-wrong")
        return out

    def dev_read(name: str, step: Step, tally: Tally) -> bool:
        """The news panel's development points as the camera fills them are right: the
        marker read surely gives the steps entered, or it is not read and none came (the
        default 0); tallies the marker reads of news steps."""
        if step.dev is None:
            return True
        read = marks[name]
        sure = read.side is not None and read.confidence >= sure_marker
        steps = marker_steps(step.marker_before, read.side) if read.side is not None else None
        tally.marker_reads += 1
        tally.marker_sure += sure
        tally.marker_sure_wrong += sure and steps != step.dev
        if read.side is None:
            tally.marker_unseen += 1
        return steps == step.dev if sure else step.dev == 0

    def all_sure_right(name: str) -> bool:
        moment = state.get(name)
        if moment is None:
            return False
        truth = game.counts()
        return all(
            moment.trays.get(s, ({}, False, None))[1]
            and all(moment.trays[s][0].get(c, 0) == truth[s][c] for c in COLOURS)
            for s in truth
        )

    still()
    if steps:  # the set-up step: the same answers with and without the camera
        for tally in (after, before):
            n_set = steps[0].tray_answers + steps[0].other_answers
            tally.answers_without += n_set
            tally.answers += n_set
            tally.tray_answers_without += steps[0].tray_answers
            tally.tray_answers += steps[0].tray_answers
    for step in steps[1:]:
        change_to(step.before, {})
        if step.dev:  # the players moved the marker when the tribe got the points
            marker_to(step.marker_after)
        ok = {n: shown_right(n) for n in ("after", "before")}
        dev_right = {n: dev_read(n, step, after if n == "after" else before) for n in marks}
        if DEBUG and step.tray_answers and not ok["after"]:
            truth, shown = game.counts(), state["after"].trays
            wrong = {
                s: (shown[s][0], shown[s][1], shown[s][2], truth[s])
                for s in truth
                if any(shown[s][0].get(c, 0) != truth[s][c] for c in COLOURS)
            }
            with open(DEBUG, "a", encoding="utf-8") as out:
                out.write(
                    json.dumps({"seed": seed, "answer": step.tray_answers, "wrong": wrong}) + "\n"
                )
        if step.tray_shown:
            follower.confirm(game.counts())  # the players confirmed or entered the trays
            state["after"] = Moment(
                {s: (dict(t.counts), True, None) for s, t in follower.trays.items()}
            )
        # The players carry out the bot's instructions first (what the game expects);
        # what its action brings in comes after, like any news.
        now = {c: game.counts()[game.side_of[c]][c] for c in COLOURS}
        instructed = {c: max(0, now[c] + step.expected.get(c, {}).get(c, 0)) for c in COLOURS}
        change_to(instructed, step.expected)
        ok_after = {n: all_sure_right(n) for n in ("after", "before")}
        reasons = {n: bot_reasons(n, ok[n] or not step.tray_answers) for n in ("after", "before")}
        if DEBUG and step.bot and not ok_after["after"] and "after" in state:
            truth, shown = game.counts(), state["after"].trays
            bad = {
                s: {
                    "shown": shown[s][0],
                    "sure": shown[s][1],
                    "why": shown[s][2],
                    "truth": truth[s],
                }
                for s in truth
                if s in shown
                and (not shown[s][1] or any(shown[s][0].get(c, 0) != truth[s][c] for c in COLOURS))
            }
            with open(DEBUG, "a", encoding="utf-8") as out:
                out.write(
                    json.dumps(
                        {
                            "seed": seed,
                            "at": game.change_index,
                            "bot_not_free": bad,
                            "expected": step.expected,
                            "flat": not game.cubes.stacked(),
                            "tray_shown": step.tray_shown,
                        }
                    )
                    + "\n"
                )
        flat = not game.cubes.stacked()
        if step.bot and not ok_after["after"]:
            follower.confirm(game.counts())  # the closed loop asked: the players checked
            state["after"] = Moment(
                {s: (dict(t.counts), True, None) for s, t in follower.trays.items()}
            )
        change_to(step.after, {})
        for name, tally in (("after", after), ("before", before)):
            tally.answers_without += step.tray_answers + step.other_answers
            marker_ok = dev_right.get(name, step.dev is None or step.dev == 0)
            camera = ok[name] and not step.news_other and marker_ok
            tally.answers += step.other_answers + (0 if camera else step.tray_answers)
            if not marker_ok and not step.news_changed:
                tally.answers += 1  # the camera's wrong development points: corrected
            if step.dev and ok[name] and not step.news_other:
                tally.dev_answers += 1  # the news answer only the development points need
                tally.dev_saved += marker_ok
            tally.tray_answers_without += step.tray_answers
            tally.tray_answers += 0 if ok[name] else step.tray_answers
            if step.bot:
                # No tray count entered: the step's tray fields showed the table's counts
                # (VP or development points on its news panel are no tray count) and every
                # tray was followed surely through the bot's instructions.
                free = ok_after[name] and (ok[name] or not step.tray_answers)
                tally.bot_steps += 1
                tally.bot_free += free
                tally.bot_free_strict += free and (camera or not step.tray_answers)
                if flat:
                    if not free:
                        tally.bot_why.update(reasons[name])
                    tally.bot_steps_flat += 1
                    tally.bot_free_flat += free
                    tally.bot_free_flat_strict += free and (camera or not step.tray_answers)
    return {"seed": seed, "frames": game.frames, "gate_ms": game.gate_ms}


def _one_game(seed: int) -> dict[str, Any]:
    """Play one game in a worker process: its figures as plain data."""
    cv2.setNumThreads(1)
    after, before = Tally(), Tally()
    info = play(load_board("control-board"), seed, script(), after, before)
    return {**info, "after": after.plain(), "before": before.plain()}


def _pct(a: float, b: float) -> float:
    return 100.0 * a / b if b else 0.0


def run(quick: bool, games: int | None = None) -> list[Figure]:
    cv2.setNumThreads(1)
    which, _, first = os.environ.get("TABLESIDE_FOLLOW_SEEDS", "held-out").partition(":")
    picked = first.split(",") if "," in first else []
    if which not in FAMILIES or not all(k.isdigit() for k in picked or [first or "0"]):
        raise UserError(
            f"TABLESIDE_FOLLOW_SEEDS: {', '.join(FAMILIES)}, optionally "
            ":FIRST (dev:2) or :K,K,... (held-out-2:0,1,5)"
        )
    base = FAMILIES[which]
    n = len(picked) if picked else (games or (2 if quick else GAMES))
    after, before = Tally(), Tally()
    gate: list[float] = []
    frames = 0
    t0 = time.time()
    ks = [int(k) for k in picked] if picked else [int(first or 0) + k for k in range(n)]
    seeds = [base + k for k in ks]
    if SUM:  # no games played: the runs written to the tally file, added up
        seeds, after, before, gate, frames = summed(SUM)
        return report(seeds, after, before, gate, frames)
    print(f"follow: {which} games, seeds {seeds[0]}..{seeds[-1]}", file=sys.stderr)
    jobs = max(1, int(os.environ.get("TABLESIDE_FOLLOW_JOBS", "1")))
    with ProcessPoolExecutor(jobs, mp_context=get_context("fork")) as pool:
        for seed, info in zip(seeds, pool.map(_one_game, seeds), strict=True):
            after.add(info["after"])
            before.add(info["before"])
            gate += info.get("gate_ms", [])
            frames += info.get("frames", 0)
            print(
                f"  game {seed}: {info.get('frames', 0)} frames {info.get('refused', '')}; "
                f"after: sure-wrong {after.sure_wrong}/{after.sure}, answers {after.answers}; "
                f"before: sure-wrong {before.sure_wrong}/{before.sure} "
                f"({time.time() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    if TALLY:
        with open(TALLY, "a", encoding="utf-8") as out:
            line = {"seeds": seeds, "after": after.plain(), "before": before.plain()}
            out.write(json.dumps({**line, "gate_ms": gate, "frames": frames}) + "\n")
    return report(seeds, after, before, gate, frames)


def summed(path: str) -> tuple[list[int], Tally, Tally, list[float], int]:
    """The runs written to the tally file ``path`` (:data:`TALLY`), added up."""
    seeds: list[int] = []
    after, before = Tally(), Tally()
    gate: list[float] = []
    frames = 0
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            run = json.loads(line)
            seeds += run["seeds"]
            after.add(run["after"])
            before.add(run["before"])
            gate += run["gate_ms"]
            frames += run["frames"]
    return seeds, after, before, gate, frames


def report(
    seeds: list[int], after: Tally, before: Tally, gate: list[float], frames: int
) -> list[Figure]:
    """The figures of both readers over the games ``seeds`` (printed by ``bench``)."""
    n = len(seeds)
    figures = []
    for name, t in (("before (from scratch)", before), ("after (following)", after)):
        games_n = max(1, n)
        wrong = _pct(t.sure_wrong, t.sure)
        worst = max(
            ((f"{k}={v}", _pct(r[2], r[1])) for k, vals in t.by.items() for v, r in vals.items()),
            key=lambda x: x[1],
            default=("-", 0.0),
        )
        free = _pct(t.bot_free_flat, t.bot_steps_flat)
        answers = t.answers / games_n
        figures += [
            Figure(
                f"{name}: answers per game",
                answers,
                f"of {t.answers_without / games_n:.0f}",
                "<= 35",
                answers <= 35,
            ),
            Figure(
                "  tray counts entered per game",
                t.tray_answers / games_n,
                f"of {t.tray_answers_without / games_n:.0f}",
            ),
            Figure(f"{name}: bot steps, no tray count", _pct(t.bot_free, t.bot_steps), "%"),
            Figure("  ... no cube on another", free, "%", ">= 95 %", free >= 95),
            Figure(
                "  ... and no VP or development point either (no cube on another)",
                _pct(t.bot_free_flat_strict, t.bot_steps_flat),
                "%",
            ),
            Figure(
                f"{name}: news answers only development points needed, per game",
                t.dev_answers / games_n,
                f"camera saved {t.dev_saved / games_n:.2f} a game ({t.dev_saved} of "
                f"{t.dev_answers})",
            ),
            Figure(
                "  priority marker read surely on news panels",
                _pct(t.marker_sure, t.marker_reads),
                f"% of {t.marker_reads} (unseen {t.marker_unseen}, sure but wrong "
                f"{t.marker_sure_wrong})",
                "0 sure but wrong",
                t.marker_sure_wrong == 0,
            ),
            Figure(f"{name}: trays sure", _pct(t.sure, t.trays), "%"),
            Figure(f"{name}: sure but wrong", wrong, "%", "<= 0.2 %", wrong <= 0.2),
            Figure(f"  worst condition ({worst[0]})", worst[1], "%", "<= 0.5 %", worst[1] <= 0.5),
            Figure(
                f"{name}: CPU per still, one core, median",
                float(np.median(t.cpu_ms)) if t.cpu_ms else 0.0,
                "ms",
                "<= 30 ms",
                bool(t.cpu_ms) and float(np.median(t.cpu_ms)) <= 30,
            ),
        ]
        if t is after:  # following again after a knock (reading from scratch never stops)
            figures += [
                Figure(
                    f"{name}: camera knocked, every tray followed at the next still moment",
                    _pct(t.bump_first, t.bumps),
                    f"% of {t.bumps}",
                ),
                Figure(
                    "  ... within two still moments (none moved, unseen or wrong)",
                    _pct(t.bump_second, t.bumps),
                    f"% of {t.bumps}",
                    "100 %",
                    t.bump_second == t.bumps,
                ),
            ]
        lines = [f"{name}: {t.trays} tray readings, {t.sure} sure, {t.sure_wrong} sure but wrong"]
        for k, vals in sorted(t.by.items()):
            for v, r in sorted(vals.items()):
                lines.append(
                    f"    {k:13} {v:10} trays {r[0]:6}  sure {_pct(r[1], r[0]):5.1f} %  "
                    f"sure-wrong {r[2]:4} ({_pct(r[2], r[1]):.2f} %)"
                )
        lines.append(
            "    left to the players: " + ", ".join(f"{k} {v}" for k, v in t.why.most_common())
        )
        lines.append(
            "    ... the most still moments in a row for one tray, per reason: "
            + ", ".join(f"{k} {v}" for k, v in sorted(t.longest.items()))
        )
        lines.append(
            f"    bot steps (no cube on another) needing a tray count: "
            f"{t.bot_steps_flat - t.bot_free_flat} of {t.bot_steps_flat}; why (a step may have "
            "several): " + ", ".join(f"{k} {v}" for k, v in t.bot_why.most_common())
        )
        for line in lines:
            print(line, file=sys.stderr)
    stills = len(after.cpu_ms)
    spent = sum(after.cpu_ms) / 1000
    gate_ms = float(np.median(gate)) if gate else 0.0
    figures += [
        Figure("games (seeds " + ", ".join(str(s) for s in seeds) + ")", float(n), ""),
        Figure("frames rendered", float(frames), ""),
        Figure("stills per second (following, one core)", stills / spent if spent else 0.0, "/s"),
        Figure("motion gate while hands move, CPU per frame", gate_ms, "ms"),
        Figure(
            "  share of a core at 30 frames/s",
            gate_ms * 3,
            "%",
            "<= 10 %",
            gate_ms * 3 <= 10,
        ),
    ]
    return figures
