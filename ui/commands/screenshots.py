"""``tableside screenshots OUTDIR``: every screen at 800x480 in each language, checked.

Walks each registered game (or ``--game``) from set-up through its steps
(``--steps``, 0: to the end of the game) capturing the resume, choose, set-up,
checklist, play, trace, history, settings and camera screens in English,
German and Portuguese as ``OUTDIR/<lang>/NN-<screen>.png``. Each step is
answered with the values shown, empty ones filled as a player would (the
first option, the fewest picks of a field that picks several); where the
game refuses that, its refusal screen is captured once and the walk answers
with legal values drawn at random from the fields (seeded, so every run walks
the same way) until the game accepts one, so it goes on to the end. Every
capture is checked for text that is clipped or overflows its box, for
widgets that stick out of the window and for texts inside board pictures
under 16 px, cut short, outside the picture or overlapping; any finding is printed and the command
exits with status 1. Without a display it starts Xvfb itself. The journal is
a temporary one: the user's games are never touched.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import tempfile
from dataclasses import dataclass
from gettext import ngettext
from pathlib import Path
from typing import Any

from rules.kinds import fewest_picks
from ui.cli import UserError

#: Answers drawn at random for one step before the walk gives up on its game.
ATTEMPTS = 60
#: ``--steps 0``: walk to the end of the game, but never further than this.
WHOLE_GAME = 2000


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "screenshots", help="capture every app screen in each language and check for clipped text"
    )
    parser.add_argument("outdir", type=Path, help="where the PNG files go (kept out of git)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--games-from",
        action="append",
        default=[],
        metavar="MODULE",
        help="import a module that registers extra games (e.g. tests.ui.support.scene_game)",
    )
    parser.add_argument(
        "--steps", type=int, default=12, help="steps to walk per game (0: to the end of the game)"
    )
    parser.add_argument("--lang", action="append", help="only this language (repeatable)")
    parser.set_defaults(func=run)


@dataclass(frozen=True)
class Finding:
    shot: str
    problem: str


def run(args: argparse.Namespace) -> int:
    import os

    for module in args.games_from:
        importlib.import_module(module)
    xvfb = None
    if not os.environ.get("DISPLAY"):
        from ui.app.xvfb import XvfbError, start_xvfb

        try:
            xvfb = start_xvfb()
        except XvfbError as exc:
            raise UserError(f"no display and {exc}") from exc
    try:
        findings, count = capture_all(args)
    finally:
        if xvfb is not None:
            xvfb.terminate()
    print(f"{count} screenshots in {args.outdir}")
    for finding in findings:
        print(f"CLIPPED: {finding.shot}: {finding.problem}", file=sys.stderr)
    if findings:
        problems = ngettext("{n} screen problem", "{n} screen problems", len(findings))
        print(f"tableside: {problems.format(n=len(findings))} found", file=sys.stderr)
        return 1
    return 0


def capture_all(args: argparse.Namespace) -> tuple[list[Finding], int]:
    from ui.app.display import prepare_kivy

    prepare_kivy()
    from rules.registry import all_games
    from ui.i18n import LANGUAGES

    games = args.game or list(all_games())
    if not games:
        raise UserError("no game is registered (try --games-from tests.ui.support.scene_game)")
    langs = args.lang or list(LANGUAGES)
    findings: list[Finding] = []
    count = 0
    for lang in langs:
        with tempfile.TemporaryDirectory() as tmp:
            shooter = Shooter(args.outdir / lang, Path(tmp) / "journal.sqlite3", lang)
            try:
                shooter.walk(games, args.steps)
            finally:
                shooter.close()
            findings.extend(shooter.findings)
            count += shooter.count
    return findings, count


class Shooter:
    """One language: an app on a temporary journal, driven screen by screen."""

    def __init__(self, outdir: Path, journal: Path, lang: str) -> None:
        from ui.app.controller import AppController
        from ui.app.harness import open_app
        from ui.app.settings import Settings
        from ui.service import TableService

        self.outdir = outdir
        self.outdir.mkdir(parents=True, exist_ok=True)
        self.journal = journal
        self.service = TableService(journal)
        self.controller = AppController(self.service, Settings(language=lang))
        # With the hardware package present its (mock) description is checked too.
        self.app = open_app(self.controller, use_hardware=True)
        self.findings: list[Finding] = []
        self.count = 0

    def close(self) -> None:
        from ui.app.harness import close_app

        close_app(self.app)
        self.service.close()

    def shot(self, name: str) -> None:
        from ui.app.harness import pump
        from ui.app.widgets import (
            clipped_labels,
            outside_parent,
            overlapping_labels,
            small_labels,
            stencil_lines,
            under_scroll_bar,
        )

        pump(3)
        self.count += 1
        label = f"{self.outdir.name}/{self.count:02d}-{name}"
        root = self.app.root
        for widget in clipped_labels(root):
            tw, th = widget.texture_size
            self.findings.append(
                Finding(
                    label,
                    f"{widget.text[:60]!r} needs {tw:.0f}x{th:.0f} px "
                    f"but has {widget.width:.0f}x{widget.height:.0f}",
                )
            )
        for widget in outside_parent(root):
            self.findings.append(
                Finding(label, f"{type(widget).__name__} sticks out of the window")
            )
        for widget in small_labels(root):
            self.findings.append(
                Finding(label, f"{widget.text[:40]!r} is {widget.font_size:.0f} px (under 16 px)")
            )
        for widget in under_scroll_bar(root):
            self.findings.append(
                Finding(label, f"{widget.text[:40]!r} reaches under the scroll bar")
            )
        for first, second in overlapping_labels(root):
            self.findings.append(
                Finding(label, f"{first.text[:30]!r} overlaps {second.text[:30]!r}")
            )
        for widget, width, alpha in stencil_lines(root):
            self.findings.append(
                Finding(
                    label,
                    f"{type(widget).__name__} draws a {width:g} px line with alpha {alpha:.2f} "
                    "(drawn through the stencil buffer: slow on a software renderer)",
                )
            )
        for problem in board_picture_problems(root):
            self.findings.append(Finding(label, f"board picture: {problem}"))
        root.export_to_png(str(self.outdir / f"{self.count:02d}-{name}.png"))

    def walk(self, games: list[str], steps: int) -> None:
        c = self.controller
        c.start()
        self.shot("choose")
        c.show("settings")
        self.shot("settings")
        c.back()
        c.show("camera")
        self.shot("camera")
        c.back()
        for game in games:
            c.choose_game(game)
            self.shot(f"setup-{game}")
            c.start_game(seed=1)
            rng = random.Random(f"{game}-1")
            traced = refused = False
            for step in range(steps or WHOLE_GAME):
                prompt = c.prompt
                self.shot(f"{c.screen}-{game}-{step + 1}")
                if not traced and c.current_decision() is not None:
                    c.show("trace")
                    self.shot(f"trace-{game}")
                    c.back()
                    traced = True
                if prompt.finished:
                    break
                if c.covered:
                    c.confirm()  # a secret step: its player uncovers it first
                    self.shot(f"{c.screen}-{game}-{step + 1}-shown")
                first = answer_step(c, rng)
                if first and not refused:  # one refusal screen per game is checked
                    self.shot(f"error-{game}-{step + 1}")
                    refused = True
                    c.error = None
                if c.error is not None:
                    break  # nothing legal found: checked up to here
            c.show("history")
            self.shot(f"history-{game}")
            session = c.service.session
            if session is not None and session.step_count:
                c.open_entry(session.step_count - 1)  # a history entry: its answers and trace
                self.shot(f"entry-{game}")
                c.back()
            c.back()
            c.show("menu")
            self.shot(f"menu-{game}")
            if c.service.session is not None:
                c.menu_end_game()  # asks first: never by accident
                self.shot(f"confirm-{game}")
                c.answer_pending(False)
            if c.service.session is not None and c.prompt.finished:
                c.undo()
        self._resume()

    def _resume(self) -> None:
        """A new controller on the same journal finds the unfinished game."""
        from ui.app.controller import AppController

        old = self.controller
        fresh = AppController(self.service, old.settings)
        fresh.on_change = self.app.refresh
        self.app.controller = fresh
        self.controller = fresh
        fresh.start()
        if fresh.screen == "resume":
            self.shot("resume")


def board_picture_problems(root: Any) -> list[str]:
    """Texts drawn inside the board pictures on screen that are not legible.

    Board pictures are canvas drawings, not labels: each records the text
    boxes it drew, and :func:`ui.painters.legibility.problems` checks them
    (16 px or more, whole, inside the picture, not on top of each other).
    """
    from ui.app.widgets import walk_visible
    from ui.painters.legibility import problems
    from ui.painters.view import Drawing

    found = []
    for widget in walk_visible(root):
        if isinstance(widget, Drawing) and widget.width >= 10 and widget.height >= 10:
            picture = widget.picture
            found.extend(problems(picture.labels, widget.picture_box(), picture.overlays))
    return found


def fill_missing(form: Any) -> None:
    """Give every empty field a value as a player would: the first choice, the minimum,
    the first options of a field that picks several (as many as it needs), some text."""
    if form is None:
        return
    for field in form.fields:
        if field.spec.many and not form.values.get(field.key):
            for choice in field.choices[: fewest_picks(field)]:
                form.choose(field.key, choice.value)
    for field in form.missing():
        spec = field.spec
        if spec.picks and field.choices:
            form.choose(field.key, field.choices[0].value)
        elif spec.stepped:
            form.step(field.key, 0)
        elif spec.widget == "yes-no":
            form.values[field.key] = False
        elif spec.widget == "text":
            form.set_text(field.key, "-")


def legal_guess(field: Any, rng: random.Random) -> Any:
    """A value for ``field`` a player could give by touch, drawn within its bounds."""
    return field.spec.sample(field, rng)


def answer_step(c: Any, rng: random.Random) -> bool:
    """Confirm the step on screen with the values shown (empty ones filled); where the game
    refuses them, try legal values drawn at random (the field the refusal names first,
    then every field) until it accepts one. Returns whether it refused the values shown;
    ``c.error`` stays set when nothing was accepted."""
    from ui.app.look_first import confirm_as_shown

    fill_missing(c.form)
    confirm_as_shown(c)
    if c.error is None:
        return False
    for attempt in range(ATTEMPTS):
        form = c.form
        named = c.error_field.split(".")[0]
        keys = [named] if named and attempt % 2 == 0 else [f.key for f in form.fields]
        for field in form.fields:
            if field.key in keys:
                form.values[field.key] = legal_guess(field, rng)
        confirm_as_shown(c)
        if c.error is None:
            break
    return True
