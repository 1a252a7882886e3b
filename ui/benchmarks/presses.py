"""How many button presses each step costs: the scripted tables played by the button box.

Plays each scripted table of ``bench answers`` (:mod:`ui.benchmarks.tables`)
through the app's real button handling: a :class:`hardware.panel.ButtonPanel`
on gpiozero mock pins (a fake clock, so no sleeping) delivers its events to
:meth:`ui.app.controller.AppController.button`, exactly as on the table.

For every step a small planner presses like a player who knows the answer:
the fewest NEXT (and BOT/UNDO opening a long list or a row) to each stop
whose value must change, BOT/UNDO until it shows the table's answer (an
order: taken out and added again, or moved up by BOT, the cheaper), then
CONFIRM (a step that asks nothing: one press). The
value the form then confirms is checked against the table's answer; a step
the buttons cannot reach counts as unreachable. Prints, per game: steps,
steps that need an answer, presses in all, the median and 95th percentile of
presses over the steps that need an answer, and the worst step (its name).
Targets (issue #23): median <= 3, worst step <= 12.

**Look-first CONFIRMs are counted on the real screen.** A preset field out of
view costs a CONFIRM that only shows it (:mod:`ui.app.look_first`), and what is
out of view depends on the layout (texts, the board picture, wrapping in each
language). So the games are played in the real app (``TablesideApp``, 800x480,
on a private Xvfb screen as ``bench app`` uses): every press is drawn, the
screen measures what is in view exactly as on the table, and a CONFIRM that
brought fields into view is pressed again and counted. No layout model to keep
in step with the screens: the app's own measurement decides. Printed per game:
the look-first CONFIRMs in all, the steps that took one and those that took
more, and the median and worst step without them (as counted before the screen
was played).

**What no navigation can save** (the answer presses): per step, the presses that
changed an answer (a BOT or UNDO that changed a value) and the CONFIRMs that took
or uncovered the step; NEXT, a BOT or UNDO that only opened a field or a row, and
look-first CONFIRMs are left out. Printed per game as their median and worst step:
the least any change of how the focus moves could reach with the same questions,
the same options in the same order and the same defaults (Targi's median 4: its
Targi tile on the 4th of 6 cards is three presses round the ring and CONFIRM).
"""

from __future__ import annotations

import copy
import statistics
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from gpiozero.pins.mock import MockFactory

from hardware.config import load_pin_map
from hardware.panel import ButtonPanel
from rules.camera import ColourGains, ColourTotals, Unread, camera_request
from rules.prompt import Field
from ui.app.controller import AppController
from ui.app.focus import Stop
from ui.app.form import FormModel
from ui.app.look_first import looking
from ui.benchmarks.answers import tables
from ui.benchmarks.offered import check_offered
from ui.commands.bench import Figure
from ui.service import TableService

NAME = "presses"
DESCRIPTION = "button presses per step per game (scripted games, mock pins): median, p95, worst"

MEDIAN_TARGET = 3
WORST_TARGET = 12
#: A step whose CONFIRM keeps showing fields this often is a failure, not a figure.
LOOKS_AT_MOST = 20


#: Frames drawn after each press (the screen scrolls the focus into view and measures
#: what is in view two frames after a change, as the app does between a player's presses).
FRAMES = 3
#: Frames drawn after a press that brought another step on screen: players read a new
#: step before they press again (0.1 s at 60 frames a second; a new step opens at its top,
#: scrolls to its first field once laid out and measures what is in view after that, some
#: 5 frames: with 3, a CONFIRM came before the screen had measured and Ante Portas'
#: "What happened?" took a look-first CONFIRM although it was in view).
READ_FRAMES = 6


class Screen:
    """The real app's window (800x480) on the controller; ``None`` windows: no screen."""

    def __init__(self, controller: AppController) -> None:
        from ui.app.harness import open_app

        self.app = open_app(controller, use_hardware=False)

    def draw(self, frames: int = FRAMES) -> None:
        from ui.app.harness import pump

        pump(frames)

    def close(self) -> None:
        from ui.app.harness import close_app

        close_app(self.app)


class Box:
    """The button box on mock pins with a fake clock: :meth:`press` is one real press."""

    def __init__(self, controller: AppController, screen: Screen | None = None) -> None:
        self.controller = controller
        self.screen = screen
        self.pin_map = load_pin_map(None)
        self.factory = MockFactory()
        self.now = 0.0
        self.presses = 0
        #: Presses that changed an answer or took (or uncovered) a step: see the module doc.
        self.answering = 0
        self.panel = ButtonPanel(
            self.pin_map,
            self._deliver,
            pin_factory=self.factory,
            clock=lambda: self.now,
            autotick=False,
        )

    def _deliver(self, event: str) -> None:
        self.controller.button(event)

    def _step(self) -> int | None:
        session = self.controller.service.session
        return session.step_count if session is not None else None

    def press(self, name: str, answers: bool = False) -> None:
        """One press; ``answers``: count it as an answer press whatever it changed (a
        CONFIRM that takes or uncovers the step), else only when it changed a value."""
        step = self._step()
        form = self.controller.form
        before = copy.deepcopy(form.values) if form is not None else None
        pin = self.factory.pin(self.pin_map.buttons[name])
        pin.drive_low()
        self.now += 3 * self.pin_map.debounce_s
        self.panel.poll()
        pin.drive_high()
        self.now += 2 * self.pin_map.debounce_s
        self.panel.poll()
        self.presses += 1
        changed = form is not None and self.controller.form is form and form.values != before
        if answers or (name in ("bot", "undo") and changed):
            self.answering += 1
        if self.screen is not None:
            self.screen.draw(READ_FRAMES if self._step() != step else FRAMES)

    def confirm(self) -> int:
        """CONFIRM as a player does: again while it only showed preset fields out of view
        (look-first). Returns how many CONFIRMs only showed fields."""
        looks = 0
        self.press("confirm")
        while looking(self.controller.error) and looks < LOOKS_AT_MOST:
            looks += 1
            self.press("confirm")
        self.answering += 1  # the CONFIRM that took the step, not those that showed fields
        return looks

    def close(self) -> None:
        self.panel.close()


def _part(field: Field, stop: Stop, value: Any) -> Any:
    """The part of a field's value one stop sets (a count, membership, or the value)."""
    if field.spec.per_choice:
        return int((value or {}).get(stop.entry, 0))
    if field.spec.many and stop.entry is not None:
        return stop.entry in (value or [])
    if field.spec.many:  # an optional single pick as one stop (rules.kinds.pick_round)
        return list(value or [])
    return value


def _same(field: Field, a: Any, b: Any) -> bool:
    if field.spec.many and not field.spec.ordered:
        return sorted(a or []) == sorted(b or [])
    if field.spec.per_choice:
        return {k: v for k, v in (a or {}).items() if v} == {
            k: v for k, v in (b or {}).items() if v
        }
    return bool(a == b)


def _goto(box: Box, index: int) -> None:
    """The fewest presses that bring the focus to stop ``index``: NEXT, and BOT or UNDO on a
    closed long list or row (they open it); found by trying them on a copy of the focus."""
    focus = box.controller.focus
    assert focus is not None
    probe = copy.copy(focus)  # moving changes no value: the copy shares the form
    paths: dict[int | None, list[str]] = {focus.index: []}
    frontier: list[int | None] = [focus.index]
    while index not in paths:
        if not frontier:
            raise RuntimeError("the buttons never reach the stop")
        following: list[int | None] = []
        for here in frontier:
            for button in ("next", "bot", "undo"):
                probe.index = here
                if button == "next":
                    probe.next()
                elif probe.stop is not None and probe.stop.opens:
                    probe.change(+1 if button == "bot" else -1)
                else:
                    continue
                if probe.index not in paths:
                    paths[probe.index] = [*paths[here], button]
                    following.append(probe.index)
        frontier = following
    for button in paths[index]:
        box.press(button)


def _set(box: Box, field: Field, stop: Stop, want: Any) -> None:
    """BOT or UNDO on the focused stop until its part shows ``want`` (the cheaper way)."""
    form = box.controller.form
    focus = box.controller.focus
    assert form is not None and focus is not None
    best: str | None = None
    cost = 0
    for button, delta in (("bot", +1), ("undo", -1)):
        trial = copy.deepcopy(form)
        probe = type(focus)(trial)
        probe.index = focus.index
        for n in range(1, 200):
            if not probe.change(delta):
                break
            if _part(field, stop, trial.values[field.key]) == want:
                if best is None or n < cost:
                    best, cost = button, n
                break
    if best is None:
        return
    for _ in range(cost):
        box.press(best)


def _in_place(now: list[str], want: list[str]) -> int:
    """How many picks at the start of ``now`` are already where ``want`` has them."""
    keep = 0
    while keep < min(len(now), len(want)) and now[keep] == want[keep]:
        keep += 1
    return keep


def _order_presses(now: list[str], want: list[str]) -> tuple[int, int]:
    """What setting an order costs in BOT/UNDO presses: (taking out the picks from the
    first one out of place and adding them again, taking out the unwanted ones, adding the
    missing ones and moving each up by BOT)."""
    keep = _in_place(now, want)
    again = len(now) - keep + len(want) - keep
    kept = [e for e in now if e in want]
    moved = kept + [e for e in want if e not in kept]
    swaps = sum(
        1 for i, a in enumerate(moved) for b in moved[i + 1 :] if want.index(a) > want.index(b)
    )
    return again, len(now) - len(kept) + len(want) - len(kept) + swaps


def _set_order(box: Box, field: Field, want: list[str]) -> None:
    """Press an ``order`` field into ``want`` the cheaper of the two ways."""
    form, focus = box.controller.form, box.controller.focus
    assert form is not None and focus is not None
    by_entry = {s.entry: i for i, s in enumerate(focus.stops) if s.key == field.key and s.entry}
    now = list(form.values[field.key] or [])
    again, moving = _order_presses(now, want)
    if again <= moving:
        keep = _in_place(now, want)
        for entry in now[keep:]:
            _goto(box, by_entry[entry])
            box.press("undo")
        for entry in want[keep:]:
            _goto(box, by_entry[entry])
            box.press("bot")
        return
    for entry in [e for e in now if e not in want]:
        _goto(box, by_entry[entry])
        box.press("undo")
    for entry in [e for e in want if e not in now]:
        _goto(box, by_entry[entry])
        box.press("bot")
    for place, entry in enumerate(want):  # BOT on a pick moves it one place earlier
        while list(form.values[field.key]).index(entry) > place:
            _goto(box, by_entry[entry])
            box.press("bot")


def _play_step(box: Box, values: dict[str, Any]) -> None:
    """Press like a player who knows ``values``; CONFIRM is left to the caller."""
    c = box.controller
    form, focus = c.form, c.focus
    assert form is not None and focus is not None
    if c.covered:
        box.press("confirm", answers=True)  # uncover the secret step
    for field in form.fields:
        if field.key not in values or _same(field, form.values[field.key], values[field.key]):
            continue
        want = values[field.key]
        if field.spec.ordered:
            _set_order(box, field, list(want))
            continue
        indices = [i for i, s in enumerate(focus.stops) if s.key == field.key and not s.opens]
        if not field.spec.many and any(focus.stops[i].row for i in indices):
            indices = [i for i in indices if want in focus.stops[i].row]  # the row of the answer
        for i in indices:
            stop = focus.stops[i]
            target = _part(field, stop, want)
            now = _part(field, stop, form.values[field.key])
            if stop.wheel and stop.step > 1:  # the tens wheel: the answer's tens, ones kept
                now = (field.minimum or 0) if now is None else now  # turned from there
                target = target - target % 10 + now % 10 if target >= 0 else target
            if now != target:
                _goto(box, i)
                _set(box, field, stop, target)


def _colours(form: FormModel, field: Field, request: ColourGains) -> set[str]:
    """The entries of a :class:`ColourGains` field the camera reads: its colours (what the
    game tracked, or the colours of the form's :class:`ColourTotals` field)."""
    if request.tracked is not None:
        return {colour for colour, _n in request.tracked}
    totals = (f for f in form.fields if isinstance(camera_request(f.camera), ColourTotals))
    return set(next((dict(f.default or {}) for f in totals), {}))


def sure_camera(form: FormModel, values: dict[str, Any]) -> None:
    """Fill ``form`` as a camera that followed the table surely would: each field with a
    camera request vision answers (not :class:`Unread`) shows the table's true value; of a
    :class:`ColourGains` field (the Marauders news panel) the colours and, when it reads the
    priority marker, the development points: its VP stay for the players."""
    for field in form.fields:
        request = camera_request(field.camera)
        if request is None or isinstance(request, Unread) or field.key not in values:
            continue
        want = copy.deepcopy(values[field.key])
        if isinstance(request, ColourGains):
            colours = _colours(form, field, request)
            if request.reads_marker and request.steps is not None:
                colours.add(request.steps)  # the marker's steps: the development points
            now = dict(form.values[field.key] or {})
            want = {k: (want.get(k, 0) if k in colours else n) for k, n in now.items()}
        form.values[field.key] = want
        form.from_camera.add(field.key)


def _percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def play(
    module: ModuleType,
    base: Path,
    camera: bool = False,
    screen: bool = False,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one scripted game by buttons; per step (name, presses, needed an answer,
    look-first CONFIRMs). ``camera``: the fields a camera fills start at the table's true
    values (:func:`sure_camera`); ``screen``: played in the real app's window; ``options``:
    set-up options instead of the table's ``OPTIONS``."""
    service = TableService(base / f"{module.GAME}.sqlite")
    c = AppController(service)
    window = Screen(c) if screen else None
    c.choose_game(module.GAME)
    assert c.setup_form is not None
    c.setup_form.values.update(module.OPTIONS if options is None else options)
    c.start_game(seed=module.SEED)
    box = Box(c, window)
    if window is not None:
        window.draw()
    table = module.Table()
    steps: list[tuple[str, int, bool, int]] = []
    floors: list[int] = []
    unreachable: list[str] = []
    try:
        for _ in range(module.STEPS):
            session = service.session
            assert session is not None
            prompt = session.prompt()
            if prompt.finished:
                break
            values: dict[str, Any] = table.answer(prompt, session.state)
            check_offered(module.GAME, session.step_count + 1, prompt, values)
            assert c.form is not None
            if camera:
                sure_camera(c.form, values)
                if window is not None:
                    c.on_change()  # the screen shows the camera's values
                    window.draw()
            needs = any(
                f.key in values and not _same(f, c.form.values[f.key], values[f.key])
                for f in prompt.fields
            )
            before, count = box.presses, session.step_count
            answering = box.answering
            _play_step(box, values)
            reached = all(
                f.key not in values or _same(f, c.form.values[f.key], values[f.key])
                for f in prompt.fields
            )
            if not reached:  # the buttons could not show it: enter it as touch would
                unreachable.append(prompt.step)
                c.form.values.update(copy.deepcopy(values))
            sent = c.form.answer()
            looks = 0
            if prompt.fields:
                looks = box.confirm()
            else:
                box.press("next", answers=True)
            if session.step_count != count + 1:
                raise RuntimeError(
                    f"{module.GAME}: step {count + 1} ({prompt.step}) was not confirmed "
                    f"by the buttons: {c.error}"
                )
            observe = getattr(table, "observe", None)
            if observe is not None:
                observe(prompt, sent, session.last_decision)
            steps.append((prompt.step, box.presses - before, needs, looks))
            floors.append(box.answering - answering)
    finally:
        box.close()
        if window is not None:
            window.close()
        service.close()
    return {"steps": steps, "unreachable": unreachable, "floors": floors}


def _window() -> Any:
    """A private 800x480 X screen for the app's window (as ``bench app``); the Xvfb process."""
    import os

    from ui.app.display import prepare_kivy
    from ui.app.xvfb import start_xvfb

    saved = os.environ.get("DISPLAY")
    xvfb = start_xvfb("800x480x24")  # never draw on the user's desktop
    prepare_kivy()
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    if saved is not None:
        os.environ["DISPLAY"] = saved
    return xvfb


def run(quick: bool) -> list[Figure]:
    figures: list[Figure] = []
    base = Path(tempfile.mkdtemp(prefix="tableside-bench-presses-", dir="/tmp"))
    xvfb = _window()
    try:
        for name, module in tables().items():
            figures += _figures(name, play(module, base, screen=True))
            figures += camera_figures(name, module, base)
            for label, options in getattr(module, "VARIANTS", {}).items():
                figures += variant_figures(f"{name} ({label})", module, options, base)
    finally:
        xvfb.terminate()
        xvfb.wait()
    return figures


def camera_figures(name: str, module: ModuleType, base: Path) -> list[Figure]:
    """The same game played again with a camera that follows the table surely: median and
    worst step, labelled "with the camera" (the figures without it stay as they are)."""
    where = base / "camera"
    where.mkdir(exist_ok=True)
    result = play(module, where, camera=True, screen=True)
    steps = result["steps"]
    asked = [n for _step, n, needs, _looks in steps if needs] or [0]
    worst_step, worst, _needs, _looks = max(steps, key=lambda s: s[1])
    median = statistics.median(asked)
    return [
        Figure(
            name=f"{name}: presses in all with the camera / steps that need an answer",
            value=sum(s[1] for s in steps),
            unit=f"/ {sum(1 for s in steps if s[2])}",
        ),
        _at_most(f"{name}: median presses with the camera", median, MEDIAN_TARGET),
        _at_most(f"{name}: worst step with the camera ({worst_step})", worst, WORST_TARGET),
        answer_presses(name, result, " with the camera"),
    ]


def variant_figures(
    name: str, module: ModuleType, options: dict[str, Any], base: Path
) -> list[Figure]:
    """A table's game with other set-up options (its ``VARIANTS``), without and with the
    camera: median, p95 and worst step, beside the default's figures."""
    figures = []
    for label, camera in (("", False), (" with the camera", True)):
        where = base / f"variant-{len(list(base.iterdir()))}"
        where.mkdir()
        steps = play(module, where, camera=camera, screen=True, options=options)["steps"]
        asked = [n for _step, n, needs, _looks in steps if needs] or [0]
        worst_step, worst, _needs, _looks = max(steps, key=lambda s: s[1])
        figures.append(
            Figure(
                name=f"{name}: presses in all{label} / steps that need an answer",
                value=sum(s[1] for s in steps),
                unit=f"/ {len(asked)}",
            )
        )
        figures.append(
            Figure(
                name=f"{name}: median / p95 presses{label} (answered steps)",
                value=statistics.median(asked),
                unit=f"/ {_percentile(asked, 0.95)}",
            )
        )
        figures.append(
            Figure(name=f"{name}: worst step{label} ({worst_step})", value=worst, unit="")
        )
    return figures


def _at_most(name: str, value: float, target: int) -> Figure:
    return Figure(name=name, value=value, unit="", target=f"<= {target}", met=value <= target)


def _figures(name: str, result: dict[str, Any]) -> list[Figure]:
    steps: list[tuple[str, int, bool, int]] = result["steps"]
    asked = [n for _step, n, needs, _looks in steps if needs] or [0]
    worst_step, worst, _needs, _looks = max(steps, key=lambda s: s[1])
    median = statistics.median(asked)
    looks = [looks for *_rest, looks in steps]
    before = [n - looks for _step, n, needs, looks in steps if needs] or [0]
    return [
        Figure(name=f"{name}: steps", value=len(steps), unit=""),
        Figure(name=f"{name}: steps that need an answer", value=len(asked), unit=""),
        Figure(name=f"{name}: presses in all", value=sum(s[1] for s in steps), unit=""),
        _at_most(f"{name}: median presses (answered steps)", median, MEDIAN_TARGET),
        Figure(
            name=f"{name}: p95 presses (answered steps)",
            value=_percentile(asked, 0.95),
            unit="",
        ),
        _at_most(f"{name}: worst step ({worst_step})", worst, WORST_TARGET),
        Figure(name=f"{name}: look-first CONFIRMs in all", value=sum(looks), unit=""),
        Figure(
            name=f"{name}: steps with a look-first CONFIRM / with more than one",
            value=sum(1 for n in looks if n),
            unit=f"/ {sum(1 for n in looks if n > 1)}",
        ),
        Figure(
            name=f"{name}: without them: median / worst (answered steps)",
            value=statistics.median(before),
            unit=f"/ {max(n - k for _s, n, _needs, k in steps)}",
        ),
        answer_presses(name, result),
        Figure(
            name=f"{name}: steps the buttons cannot answer",
            value=len(result["unreachable"]),
            unit="",
            target="0",
            met=not result["unreachable"],
        ),
    ]


def answer_presses(name: str, result: dict[str, Any], label: str = "") -> Figure:
    """Median and worst step of the answer presses (answered steps; the module doc): what
    stays however the focus moves, with the same questions, options and defaults."""
    steps: list[tuple[str, int, bool, int]] = result["steps"]
    floors: list[int] = result["floors"]
    asked = [f for f, (_step, _n, needs, _looks) in zip(floors, steps, strict=True) if needs]
    worst = max(range(len(floors)), key=lambda i: floors[i])
    return Figure(
        name=f"{name}: answer presses alone{label}: median / worst (no NEXT, no opening)",
        value=statistics.median(asked or [0]),
        unit=f"/ {floors[worst]} ({steps[worst][0]})",
    )
