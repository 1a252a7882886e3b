"""The real ``tableside app`` as a player meets it: start-up, every press, memory.

Starts the ``tableside`` command (``tableside app``, the process a player's
``./run`` starts) on a private virtual screen (Xvfb, 800x480) with a temporary
home, and plays a scripted Marauders game with real key presses and mouse taps
(the XTEST extension: the X server delivers them like a keyboard's and a
mouse's). The app writes a frame log (:mod:`ui.app.frame_log`, only when the
benchmark asks for it) saying when each frame reached the window, so every
figure is **press to the last frame drawn** (the screen complete), on the
system-wide monotonic clock:

- cold start: process start to the first screen complete (best and median of 3);
- step change: CONFIRM (Space) to the next step's screen complete;
- look-first CONFIRM: a CONFIRM that only showed preset fields (scrolled, marked);
- stepper tap: a tap on ``+``/``-`` to its number redrawn;
- history: key H to the history complete, and UNDO back to the game;
- trace: BOT to the bot's trace, and BOT back to the game;
- taps lost: bursts of 5 taps 150 ms apart, counted from the value shown after;
- resident memory (``VmRSS``, read after the screen has rested 3 s) at the first
  screen and after the scripted game, without and with the camera feed (a folder of
  table pictures rendered by ``vision/table_render.py`` and a calibration made from a
  rendered calibration picture).

Latencies are medians and 95th percentiles over every event of the game (at
least 20 of each kind). The table plays the scripted table of ``tableside bench answers``
(:class:`ShadowTable`, each step answered once, by field key) by tapping steppers and buttons;
a step that table cannot answer is confirmed with the values shown, and an answer naming
an option the step does not offer stops the scripted game with its name
(:mod:`ui.benchmarks.offered`; not with the camera, whose readings replace the table the
script keeps). A burst of taps on a count is tapped back after it: it never changes the
answer. The machine's load average is printed with the figures: on a busy machine every
latency is longer.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui.benchmarks.offered import NotOffered, check_offered
from ui.commands.bench import Figure

NAME = "app"
DESCRIPTION = "the real `tableside app`: cold start, press-to-frame latency, memory (Xvfb)"

STEPS = 150
QUICK_STEPS = 40
SETTLE_TIMEOUT = 20.0  # seconds: a screen that takes longer is a failure, not a figure
NO_CHANGE_TIMEOUT = 3.0  # a press that changes nothing draws no frame
HISTORY_EVERY = 7
#: Taps on one stepper at most per step (the table's numbers are capped: latency, not realism).
MAX_TAPS = 6
#: Memory is read once a screen has been shown for this long (as players look at it).
REST = 3.0
BURSTS = 4

#: CONFIRM that only brought preset fields into view and marked them (ui/app/look_first.py).
LOOK_KIND = "look-first CONFIRM (fields shown)"
TARGETS = {  # (median, p95) in ms, issue 15
    "step change": (100, 200),
    LOOK_KIND: (100, 200),  # as a step change: the same press, the screen redrawn
    "stepper tap": (30, 60),
    "history open": (200, 200),
    "history back to the game": (100, 200),
    "trace open": (100, 200),
    "trace back to the game": (100, 200),
}


def tableside_command() -> list[str]:
    """The ``tableside`` console script of this environment (as ``./run`` starts it)."""
    script = Path(sys.executable).parent / "tableside"
    if script.exists():
        return [str(script)]
    found = shutil.which("tableside")
    return [found] if found else [sys.executable, "-m", "ui.cli"]


class Stuck(RuntimeError):
    """The app did not reach the expected screen."""


@dataclass
class AppProcess:
    """One ``tableside app`` process with its frame log."""

    home: Path
    display: str
    extra: list[str] = field(default_factory=list)
    log: Path = field(init=False)
    proc: subprocess.Popen[bytes] = field(init=False)
    started: float = field(init=False)
    _offset: int = 0
    _buffer: str = ""

    def __post_init__(self) -> None:
        self.log = self.home / "frames.jsonl"
        self.log.write_text("")
        env = dict(os.environ)
        env.update(
            DISPLAY=self.display,
            TABLESIDE_HOME=str(self.home),
            TABLESIDE_FRAME_LOG=str(self.log),
        )
        args = [*tableside_command(), "app", "--journal", str(self.journal), *self.extra]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    @property
    def journal(self) -> Path:
        return self.home / "journal.sqlite3"

    def _lines(self) -> list[dict[str, Any]]:
        with self.log.open(encoding="utf-8") as handle:
            handle.seek(self._offset)
            chunk = handle.read()
            self._offset = handle.tell()
        self._buffer += chunk
        *complete, self._buffer = self._buffer.split("\n")
        return [json.loads(line) for line in complete if line.strip()]

    def settled(self, after: float, timeout: float = SETTLE_TIMEOUT) -> dict[str, Any] | None:
        """The first complete screen drawn after ``after`` (``None``: nothing was drawn)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise Stuck(f"the app exited with status {self.proc.returncode}")
            for event in self._lines():
                if event["ev"] == "settled" and event["last_flip"] > after:
                    return event
            time.sleep(0.02)
        return None

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024

    def software_gl_mb(self) -> float:
        """Resident MB of the software renderer's compiler (Mesa llvmpipe's libLLVM).

        Xvfb has no GPU, so Mesa draws with llvmpipe, which compiles every shader with
        LLVM; a Pi's GPU driver (v3d) does not use LLVM. Part of :meth:`rss_mb`, shown
        beside it so the two machines can be compared; never subtracted from a target.
        """
        total, inside = 0, False
        for line in Path(f"/proc/{self.proc.pid}/smaps").read_text().splitlines():
            head = line.split(maxsplit=6)
            if len(head) >= 5 and "-" in head[0] and ":" in head[3]:
                inside = len(head) > 5 and "libLLVM" in head[-1]
            elif inside and line.startswith("Rss:"):
                total += int(line.split()[1])
        return total / 1024

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@dataclass
class Player:
    """Presses and taps on the app's screen; records each latency by kind."""

    app: AppProcess
    x: Any  # ui.benchmarks.x11_input.X11Input
    screen: dict[str, Any]
    times: dict[str, list[float]] = field(default_factory=dict)
    lost_taps: int = 0
    burst_taps: int = 0
    #: Steps the scripted table could not follow (confirmed as shown instead).
    unscripted: int = 0
    #: Steps confirmed with values other than the table's answer (a tap the script missed).
    differed: int = 0
    #: CONFIRMs that only brought preset fields into view (look-first), and on how many steps.
    looks: int = 0
    looked_steps: int = 0

    def _record(self, kind: str | None, pressed: float, result: dict[str, Any] | None) -> None:
        if result is not None:
            self.screen = result
            if kind:
                self.times.setdefault(kind, []).append((result["last_flip"] - pressed) * 1000)

    def press(self, key: str, kind: str | None = None, expect_change: bool = True) -> bool:
        pressed = time.monotonic()
        self.x.key(key)
        result = self.app.settled(pressed, SETTLE_TIMEOUT if expect_change else NO_CHANGE_TIMEOUT)
        self._record(kind, pressed, result)
        return result is not None

    def where(self, name: str) -> tuple[int, int] | None:
        """Where to tap ``name`` on the X screen; scrolls it into view first (a finger drag)."""
        for _ in range(12):
            found = [w for w in self.screen.get("widgets", []) if w[0] == name]
            if not found:
                return None
            _name, wx, wy, clip = found[0]
            left, top, width, height = self.screen["window"]
            box = clip or [0, 0, width, height]
            margin = 24
            if box[1] + margin <= wy <= box[3] - margin and 0 <= wx < width:
                return left + wx, top + wy
            centre_x, centre_y = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
            distance = max(-(box[3] - box[1]) // 2, min((box[3] - box[1]) // 2, centre_y - wy))
            pressed = time.monotonic()
            self.x.drag(left + centre_x, top + centre_y, distance)
            result = self.app.settled(pressed, NO_CHANGE_TIMEOUT)
            if result is None:
                return None
            self.screen = result
        return None

    def tap(self, name: str, kind: str | None = None) -> bool:
        spot = self.where(name)
        if spot is None:
            return False
        pressed = time.monotonic()
        self.x.tap(*spot)
        result = self.app.settled(pressed, NO_CHANGE_TIMEOUT)
        self._record(kind, pressed, result)
        return result is not None

    def burst(self, name: str, read: Callable[[dict[str, Any]], int], taps: int = 5) -> None:
        """``taps`` taps 150 ms apart on one button; count those the value shown missed."""
        spot = self.where(name)
        if spot is None:
            return
        before = read(self.screen)
        last = time.monotonic()
        for index in range(taps):
            if index:
                time.sleep(0.15)
            last = time.monotonic()
            self.x.tap(*spot)
        result = self.app.settled(last)  # the screen after the last tap
        if result is not None:
            self.screen = result
        moved = abs(read(self.screen) - before)
        self.burst_taps += taps
        self.lost_taps += max(0, taps - moved)


class ShadowTable:
    """The scripted table of ``tableside bench answers`` following the app's game.

    The app's journal is replayed after every press; the table
    (:class:`ui.benchmarks.tables.marauders.Table`, one per game) answers each
    step once, by field key (as ``bench presses`` plays it): a CONFIRM that only
    brought fields into view, or a refusal, leaves the step on screen, and the
    same answer is set again, never asked of the table twice (its answer moves
    its world on: a member walks, income is added). Once the app has confirmed
    a step, the table observes what the app confirmed (the journal's values, as
    ``bench presses`` gives it what the form sent) and the bot's decision.
    """

    def __init__(self, service: Any, strict: bool = True) -> None:
        self.service = service
        #: Refuse an answer naming an option the step does not offer (off with the camera,
        #: whose readings of rendered pictures replace the table the script keeps).
        self.strict = strict
        self.tables: dict[int, Any] = {}
        self.asked: dict[int, tuple[int, Any, dict[str, Any]]] = {}
        #: Steps where the script no longer knew the table (its world went astray).
        self.lost = 0
        #: Steps the app confirmed with values other than the table's answer.
        self.differed = 0

    def answers(self, session_id: int) -> tuple[Any, dict[str, Any]]:
        """The step on screen and the values the table sets on it (only those it changes)."""
        from ui.benchmarks.tables.marauders import GAME, Table

        session = self.service.watch(session_id)  # the app holds the game's lock
        table = self.tables.setdefault(session_id, Table())
        earlier = self.asked.get(session_id)
        if earlier is not None and session.step_count == earlier[0]:
            return earlier[1], earlier[2]  # the same step still on screen: answered once
        prompt = session.prompt()
        try:
            if earlier is not None and session.step_count == earlier[0] + 1:
                sent = session.history[-1].values
                missed = _missed(earlier[1], earlier[2], sent)
                if missed:
                    self.differed += 1
                    print(
                        f"\n  step {session.step_count} ({earlier[1].step}) differs: {missed}",
                        file=sys.stderr,
                    )
                table.observe(earlier[1], sent, session.last_decision)
            wanted = table.answer(prompt, session.state)
        except Exception:
            self.lost += 1  # confirm what is shown (a refusal is filled in by the caller)
            wanted = {}
        if self.strict:  # an option the step does not offer has no button: never tapped in vain
            check_offered(GAME, session.step_count + 1, prompt, wanted)
        self.asked[session_id] = (session.step_count, prompt, wanted)
        return prompt, wanted


def _same(fld: Any, a: Any, b: Any) -> bool:
    """Two values of ``fld`` say the same (picks of a multi in any order, counts of 0 or none)."""
    if fld.spec.many and not fld.spec.ordered:
        return sorted(map(str, a or [])) == sorted(map(str, b or []))
    if fld.spec.per_choice:
        return _counted(a) == _counted(b)
    return bool(a == b)


def _counted(value: Any) -> dict[str, Any]:
    """A count's entries that are not 0."""
    return {k: v for k, v in (value or {}).items() if v}


def _missed(prompt: Any, wanted: dict[str, Any], sent: dict[str, Any]) -> dict[str, Any]:
    """``(answer, confirmed)`` per field the app confirmed otherwise than the table answered:
    a field the table left alone should keep its default (a burst of taps left on a count
    went unseen before and walked the app's game away from the table's)."""
    return {
        fld.key: (want, sent.get(fld.key))
        for fld in prompt.fields
        if not _same(fld, sent.get(fld.key), want := wanted.get(fld.key, fld.default))
    }


def _set_fields(player: Player, prompt: Any, wanted: dict[str, Any]) -> None:
    """Tap the form until it shows ``wanted`` (steppers, buttons, toggles)."""
    values = player.screen.get("values") or {}
    for fld in prompt.fields:
        if fld.key not in wanted:
            continue
        want, have = wanted[fld.key], values.get(fld.key)
        if fld.spec.widget == "steppers" and isinstance(want, dict):
            for entry, number in want.items():
                shown = int((have or {}).get(entry, 0))
                sign = "+" if number > shown else "-"
                for _ in range(min(MAX_TAPS, abs(number - shown))):
                    if not player.tap(f"{fld.key}.{entry}{sign}", "stepper tap"):
                        break
        elif fld.spec.widget == "stepper" and isinstance(want, int):
            if have is None:  # an empty number: the first tap sets its minimum
                player.tap(f"{fld.key}+", "stepper tap")
                have = (player.screen.get("values") or {}).get(fld.key)
            shown = int(have if have is not None else (fld.minimum or 0))
            sign = "+" if want > shown else "-"
            for _ in range(min(MAX_TAPS, abs(want - shown))):
                if not player.tap(f"{fld.key}{sign}", "stepper tap"):
                    break
        elif fld.spec.picks and not fld.spec.many and want != have:
            _tap_option(player, fld.key, want)
        elif fld.spec.many and not fld.spec.ordered and isinstance(want, list):
            for value in set(want) ^ set(have or []):
                _tap_option(player, fld.key, value)
        elif fld.spec.ordered and isinstance(want, list) and want != list(have or []):
            _set_order(player, fld.key, list(have or []), want)
        elif fld.spec.widget == "yes-no" and bool(want) != bool(have):
            player.tap(f"{fld.key}={'yes' if want else 'no'}")  # its Yes and No buttons


def _set_order(player: Player, key: str, have: list[Any], want: list[Any]) -> None:
    """An order by touch: a tap takes a pick out or adds it last, so the picks from the first
    one out of place are taken out and tapped again in the order wanted."""
    keep = 0
    while keep < min(len(have), len(want)) and have[keep] == want[keep]:
        keep += 1
    for value in [*have[keep:], *want[keep:]]:
        _tap_option(player, key, value)


def _tap_option(player: Player, key: str, value: Any) -> bool:
    """Tap one option's button; a long list (closed) is opened with its Change button first."""
    if player.tap(f"{key}={value}"):
        return True
    return player.tap(f"{key}:list") and player.tap(f"{key}={value}")


def _fill_missing(player: Player, prompt: Any) -> None:
    """A refused step: give each empty field a value (as the screenshot walk does)."""
    values = player.screen.get("values") or {}
    for fld in prompt.fields:
        if values.get(fld.key) not in (None, []):
            continue
        if fld.choices and fld.spec.widget != "steppers":
            _tap_option(player, fld.key, fld.choices[0].value)
        elif fld.spec.widget == "stepper":
            player.tap(f"{fld.key}+", "stepper tap")
        elif fld.spec.widget == "yes-no":
            player.tap(f"{fld.key}=no")


def _looked(player: Player, prompt: Any, looks: int) -> bool:
    """CONFIRM brought preset fields below the fold into view instead of confirming
    (:mod:`ui.app.look_first`): the next CONFIRM goes on (never more often than fields)."""
    return bool(player.screen.get("look_first")) and looks < len(prompt.fields)


def _restart(player: Player) -> None:
    """Menu (key M), New game, Yes: the game stays saved; then a new Marauders game."""
    player.press("m")
    if not player.tap("#new"):
        raise Stuck("no New game button on the menu")
    if not player.tap("#yes"):
        raise Stuck("no confirmation for a new game")
    _new_game(player)


def _new_game(player: Player) -> None:
    """From the first screen or a finished game: choose Marauders for 2 players and start."""
    if player.screen.get("screen") == "resume" and not player.tap("#new"):
        raise Stuck("no New game button on the resume screen")
    if not player.tap("game:marauders"):
        raise Stuck("the game chooser shows no Marauders button")
    player.tap("players+", "stepper tap")
    if not player.tap("#start"):
        raise Stuck("no Start button on the set-up screen")


def play_game(app: AppProcess, x: Any, steps: int, strict: bool = True) -> tuple[Player, int]:
    """From the first screen: choose Marauders, set it up, play ``steps`` steps (``strict``:
    stop at a scripted answer the step does not offer)."""
    from ui.service import TableService

    first = app.settled(app.started)
    if first is None:
        raise Stuck("no first screen")
    player = Player(app, x, first)
    if not player.tap("game:marauders"):
        raise Stuck("the game chooser shows no Marauders button")
    player.tap("players+", "stepper tap")
    player.burst("hard_tiles+", lambda s: int((s.get("values") or {}).get("hard_tiles") or 0))
    player.burst("hard_tiles-", lambda s: int((s.get("values") or {}).get("hard_tiles") or 0))
    if not player.tap("#start"):
        raise Stuck("no Start button on the set-up screen")
    service = TableService(app.journal, recover=False)
    shadow = ShadowTable(service, strict)
    refused = looks = 0
    earlier = 0  # steps of the games already finished
    try:
        while earlier + player.screen.get("steps", 0) < steps:
            if player.screen.get("finished"):
                # The game-over screen: CONFIRM only moves the focus (ui/app/game_over.py);
                # its New game asks first. Its steps count before the taps leave it.
                finished_steps = int(player.screen.get("steps", 0))
                if not (player.tap("#new") and player.tap("#yes")):
                    raise Stuck("no New game on the game-over screen")
                earlier += finished_steps
                _new_game(player)
                continue
            session_id = player.screen.get("session_id")
            if session_id is None:
                raise Stuck(f"no game on screen {player.screen.get('screen')}")
            prompt, wanted = shadow.answers(session_id)
            _set_fields(player, prompt, wanted)
            if refused:
                _fill_missing(player, prompt)
            number = player.screen.get("steps", 0)
            burst = False
            if len(player.times.get("stepper tap", [])) < 20 + BURSTS and number % 9 == 3:
                burst = _burst_and_back(player, prompt)
            traced = len(player.times.get("trace open", []))
            # BOT with a count focused (the burst's) adds 1 to it instead of opening the trace.
            tracing = prompt.decision is not None and traced < 25 and not burst
            if tracing and player.press("b", "trace open"):
                player.press("b", "trace back to the game")
            player.press("space", "step change")
            progress(f"step {earlier + player.screen.get('steps', 0)} of {steps}")
            if player.screen.get("steps", 0) == number:
                if _looked(player, prompt, looks):  # preset fields brought into view first
                    times = player.times.get("step change", [])
                    if times:  # no step changed: its latency is the mark's, a kind of its own
                        player.times.setdefault(LOOK_KIND, []).append(times.pop())
                    looks += 1
                    player.looks += 1
                    player.looked_steps += looks == 1
                    continue
                refused += 1
                if refused > 2:  # the script no longer fits the game: a new game via the menu
                    why = player.screen.get("error")
                    print(f"\n  step {number + 1} ({prompt.step}) refused: {why}", file=sys.stderr)
                    earlier += number
                    _restart(player)
                    refused = 0
                continue
            refused = looks = 0
            if player.screen.get("steps", 0) % HISTORY_EVERY == 0 and player.press(
                "h", "history open"
            ):
                player.press("u", "history back to the game")
    except (Stuck, NotOffered) as exc:
        print(f"\n  the scripted game stopped early: {exc}", file=sys.stderr)
    finally:
        service.close()
        player.unscripted = shadow.lost
        player.differed = shadow.differed
    return player, earlier + int(player.screen.get("steps", 0))


def progress(text: str) -> None:
    print(f"\r  {text} ", end="", file=sys.stderr, flush=True)


def _a_counts_entry(prompt: Any) -> str | None:
    for fld in prompt.fields:
        if fld.spec.widget == "steppers" and fld.choices:
            return f"{fld.key}.{fld.choices[0].value}+"
    return None


def _burst_and_back(player: Player, prompt: Any, taps: int = 5) -> bool:
    """A burst of ``taps`` taps on the step's first count (the taps it lost are counted),
    then as many on its ``-``: the burst measures, it never changes the answer. (Left 5
    higher, plus 2 from the trace's BOT presses on the focused count, it was confirmed
    behind the script's back: the app's trays parted from the table's and later lanes looked
    another way.) A count its limit would stop is not burst. True: it burst (the count keeps
    the focus, so no BOT for the trace on this step)."""
    entry = _a_counts_entry(prompt)
    if entry is None:
        return False
    key, _, name = entry[:-1].partition(".")
    fld = next(f for f in prompt.fields if f.key == key)
    limit = next(c.limit for c in fld.choices if c.value == name)
    limit = fld.maximum if limit is None else limit
    if limit is not None and _count(player.screen, entry) + taps > limit:
        return False
    if player.where(entry) is None:  # no button to burst on: nothing to take back either
        return False
    player.burst(entry, lambda s: _count(s, entry), taps)
    spot = player.where(entry[:-1] + "-")
    if spot is None:
        return True
    last = time.monotonic()
    for index in range(taps):  # not a figure: the burst up is
        if index:
            time.sleep(0.15)
        last = time.monotonic()
        player.x.tap(*spot)
    result = player.app.settled(last)
    if result is not None:
        player.screen = result
    return True


def _count(screen: dict[str, Any], stepper: str) -> int:
    key, _, entry = stepper[:-1].partition(".")
    return int(((screen.get("values") or {}).get(key) or {}).get(entry, 0))


def camera_files(folder: Path) -> tuple[Path, Path]:
    """A folder of rendered table pictures and a calibration made from a rendered one."""
    import cv2

    from vision.calibration import calibrate
    from vision.geometry import load_board, load_tokens
    from vision.table_render import calibration_frame, random_frame, random_setup, render_frame

    board, tokens = load_board("control-board"), load_tokens()
    pictures = folder / "pictures"
    pictures.mkdir()
    # As tests/ui/test_gui_camera.py: a warm-lit table seen at 30 degrees, no hand.
    setup = random_setup(board, 4240, tilt=(30.0, 30.0), light="warm")
    spec = random_frame(board, 7, tokens=tokens, hand="none", blur="sharp")
    for i in range(3):
        image = render_frame(board, setup, spec, tokens).image
        cv2.imwrite(str(pictures / f"frame-{i:03d}.png"), image)
    calib_image = render_frame(board, setup, calibration_frame(board, 3), tokens).image
    cal = calibrate([calib_image], [board], tokens).save(folder / "calibration.json")
    return pictures, Path(cal)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def cold_starts(display: str, runs: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds to the first screen, its resident MB, and the renderer's LLVM share of it."""
    times, memory, software_gl = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            app = AppProcess(Path(tmp), display)
            try:
                first = app.settled(app.started)
                if first is None:
                    raise Stuck("no first screen")
                times.append(first["last_flip"] - app.started)
                time.sleep(REST)  # the first screen as players look at it: at rest
                memory.append(app.rss_mb())
                software_gl.append(app.software_gl_mb())
            finally:
                app.stop()
    return times, memory, software_gl


def game_run(display: str, steps: int, camera: bool) -> tuple[Player, int, float, float, float]:
    """The scripted game: player, steps played, resident MB first and after, LLVM MB after."""
    from ui.benchmarks.x11_input import X11Input

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        extra: list[str] = []
        if camera:
            pictures, cal = camera_files(home)
            extra = ["--camera", str(pictures), "--calibration", str(cal)]
        app = AppProcess(home, display, extra)
        x = X11Input(display)
        try:
            first = app.settled(app.started)
            if first is None:
                raise Stuck("no first screen")
            time.sleep(REST)
            rss_first = app.rss_mb()
            app._offset = 0  # play_game reads the first screen again
            app._buffer = ""
            player, played = play_game(app, x, steps, strict=not camera)
            time.sleep(REST)
            rss_end = app.rss_mb()
            gl_end = app.software_gl_mb()
        finally:
            x.close()
            app.stop()
    return player, played, rss_first, rss_end, gl_end


def run(quick: bool) -> list[Figure]:
    from ui.app.xvfb import start_xvfb

    steps = QUICK_STEPS if quick else STEPS
    saved = os.environ.get("DISPLAY")
    xvfb = start_xvfb("800x480x24")  # a private screen: never press keys on the user's desktop
    display = os.environ["DISPLAY"]
    if saved is None:
        os.environ.pop("DISPLAY", None)
    else:
        os.environ["DISPLAY"] = saved
    load_before = os.getloadavg()[0]
    figures: list[Figure] = []
    try:
        starts, start_rss, start_gl = cold_starts(display, 1 if quick else 3)
        figures += [
            Figure(
                "cold start to first screen (best)",
                min(starts),
                "s",
                "<= 2.5 s",
                min(starts) <= 2.5,
            ),
            Figure(
                "cold start to first screen (median)", statistics.median(starts), "s", "<= 2.5 s"
            ),
            Figure(
                "resident memory at first screen",
                max(start_rss),
                "MB",
                "<= 160 MB",
                max(start_rss) <= 160,
            ),
        ]
        player, played, _, rss_end, gl_end = game_run(display, steps, camera=False)
        figures.append(Figure("steps played (scripted Marauders game)", played, "steps"))
        figures.append(
            Figure("steps the script could not follow (confirmed as shown)", player.unscripted, "")
        )
        figures.append(
            Figure("steps confirmed otherwise than the script answered", player.differed, "")
        )
        figures.append(
            Figure(
                "look-first CONFIRMs (showed preset fields) / steps with one",
                player.looks,
                f"/ {player.looked_steps}",
            )
        )
        for kind, (median_target, p95_target) in TARGETS.items():
            values = player.times.get(kind, [])
            if not values:
                continue
            median, p95 = statistics.median(values), percentile(values, 0.95)
            figures.append(
                Figure(
                    f"{kind}: median of {len(values)}",
                    median,
                    "ms",
                    f"<= {median_target} ms",
                    median <= median_target,
                )
            )
            figures.append(
                Figure(f"{kind}: p95", p95, "ms", f"<= {p95_target} ms", p95 <= p95_target)
            )
        figures.append(
            Figure(
                f"taps lost of {player.burst_taps} (5 taps 150 ms apart)",
                player.lost_taps,
                "",
                "0",
                player.lost_taps == 0,
            )
        )
        figures.append(
            Figure(
                f"resident memory after {played} steps", rss_end, "MB", "<= 200 MB", rss_end <= 200
            )
        )
        figures.append(
            Figure(
                "  of which the software renderer's LLVM (not on a Pi's GPU), first / after",
                max(start_gl),
                f"/ {gl_end:.1f} MB",
            )
        )
        _, played_cam, rss_cam_first, rss_cam_end, _ = game_run(display, steps, camera=True)
        figures.append(Figure("camera feed: resident memory at first screen", rss_cam_first, "MB"))
        figures.append(
            Figure(
                f"camera feed: resident memory after {played_cam} steps",
                rss_cam_end,
                "MB",
                "<= 260 MB",
                rss_cam_end <= 260,
            )
        )
    finally:
        xvfb.terminate()
        xvfb.wait()
    load_after = os.getloadavg()[0]
    figures.append(
        Figure("machine load average (1 min) before / after", load_before, f"/ {load_after:.2f}")
    )
    figures.append(Figure("machine cores", os.cpu_count() or 0, ""))
    return figures
