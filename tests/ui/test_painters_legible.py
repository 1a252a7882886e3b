"""Every board picture of every step of every game is legible, in every language.

The picture's size is measured on the real play screen at 800x480 (the app
opened on each game); then each game is walked (random legal answers,
:mod:`tests.support.walker`) and, when a scripted table exists
(:mod:`ui.benchmarks.tables`), played as scripted, and every step's scene is
shown in a real :class:`ui.painters.view.SceneView` of that size, with the
marks of the step's place field (legal places, all picked in order, the
focus on the first). :func:`ui.painters.legibility.problems` must find
nothing: no text under 16 px, cut short, outside the picture or on another.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.errors import RulesError
from rules.game import Game
from rules.prompt import Prompt
from rules.registry import all_games
from rules.session import Session
from tests.support.walker import ATTEMPTS, random_answer
from ui.i18n import LANGUAGES, translator
from ui.painters import Marks, marks_for_field

pytestmark = pytest.mark.gui

STEPS = 120
GAMES = ("anteportas", "marauders", "nomads", "robinson", "targi")


def walked(game: Game, seed: int) -> Iterator[tuple[Prompt, dict[str, Any]]]:
    """``(prompt, scene)`` of every step of a walk with random legal answers."""
    rng = random.Random(seed)
    session = Session(game, {}, seed=seed)
    for _ in range(STEPS):
        prompt = session.prompt()
        yield prompt, game.board(session.state)
        if prompt.finished:
            return
        for attempt in range(ATTEMPTS):
            try:
                session.answer({} if attempt == 0 else random_answer(prompt, rng))
                break
            except RulesError:
                continue
        else:
            return


def scripted(game_name: str) -> Iterator[tuple[Prompt, dict[str, Any]]]:
    """``(prompt, scene)`` of every step of the game's scripted table, if it has one."""
    from rules.registry import get_game
    from ui.benchmarks.answers import tables

    module = tables().get(game_name)
    if module is None:
        return
    game = get_game(game_name)
    session = Session(game, module.OPTIONS, seed=module.SEED)
    table = module.Table()
    for _ in range(module.STEPS):
        prompt = session.prompt()
        yield prompt, game.board(session.state)
        if prompt.finished:
            return
        values = table.answer(prompt, session.state)
        decision = session.answer(values)
        observe = getattr(table, "observe", None)
        if observe is not None:  # the table follows what the bot just said
            observe(prompt, values, decision)


def marks_of(prompt: Prompt) -> Marks:
    """The heaviest marks the step can show: every legal place picked, numbered, focused."""
    for field in prompt.fields:
        if field.places:
            picks = [c.value for c in field.choices]
            value = picks if field.kind in ("multi", "order") else (picks[:1] or [None])[0]
            return marks_for_field(field, value, focus=picks[0] if picks else None)
    return Marks()


def play_screen_size(game_name: str) -> tuple[float, float]:
    """The size of the scene view on the real play screen (800x480) for ``game_name``.

    A game whose set-up cannot be passed with its defaults is measured on the
    test game's play screen (the same screen layout).
    """
    import tempfile
    from pathlib import Path

    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.painters.view import SceneView
    from ui.service import TableService

    with tempfile.TemporaryDirectory() as tmp:
        service = TableService(Path(tmp) / "journal.sqlite3")
        controller = AppController(service, Settings())
        app = open_app(controller)
        try:
            controller.start()
            controller.choose_game(game_name)
            controller.start_game(seed=1)
            for _ in range(3):  # past a set-up checklist to the play screen
                if controller.screen == "play":
                    break
                controller.confirm()
            pump(4)
            views = [w for w in app.root.walk() if isinstance(w, SceneView) and w.width > 10]
            if controller.screen == "play" and views:
                return float(views[0].width), float(views[0].height)
        finally:
            close_app(app)
            service.close()
    assert game_name != "scenes", "the test game does not reach its play screen"
    return play_screen_size("scenes")


@pytest.mark.parametrize("game_name", GAMES)
def test_every_picture_of_a_game_is_legible_in_every_language(kivy_window, game_name) -> None:
    from ui.app.harness import pump
    from ui.painters.legibility import problems
    from ui.painters.view import SceneView

    game = all_games()[game_name]
    width, height = play_screen_size(game_name)
    steps = [*walked(game, seed=7), *scripted(game_name)]
    assert steps  # how far a walk gets is tests/rules/test_every_step.py's to check
    found: list[str] = []
    for lang in LANGUAGES:
        tr = translator(lang)
        view = SceneView(size_hint=(None, None), size=(width, height))
        for number, (prompt, scene) in enumerate(steps, start=1):
            view.show(scene, tr, marks_of(prompt))
            view.do_layout()
            pump(1)
            drawing = view.drawing
            picture = drawing.picture
            for problem in problems(picture.labels, drawing.picture_box(), picture.overlays):
                found.append(f"{lang} step {number} ({prompt.step}): {problem}")
    assert not found, f"{len(found)} problem(s), first ones:\n" + "\n".join(found[:15])


def editor_pictures(game_name: str) -> Iterator[tuple[Prompt, dict[str, Any]]]:
    """``(page as a prompt, scene)`` of every page of the game's component editor with a picture."""
    from rules.editor import PAGE_STEP
    from rules.registry import editor_for

    editor = editor_for(game_name)
    assert editor is not None
    draft = editor.blank()
    for item in editor.items(draft):
        for key in item.pages:
            page = editor.page(draft, key)
            if page.scene:
                prompt = Prompt(
                    step=PAGE_STEP, title=page.title, phase=page.title, fields=page.fields
                )
                yield prompt, page.scene


@pytest.mark.parametrize("game_name", ["anteportas", "robinson", "targi"])
def test_every_picture_of_a_schema_built_editor_is_legible(kivy_window, game_name) -> None:
    """The Battleground with a card's spawns and path, the card square, the island."""
    from ui.app.harness import pump
    from ui.painters.legibility import problems
    from ui.painters.view import SceneView

    width, height = play_screen_size("scenes")
    pages = list(editor_pictures(game_name))
    assert pages
    found: list[str] = []
    for lang in LANGUAGES:
        view = SceneView(size_hint=(None, None), size=(width, height))
        for prompt, scene in pages:
            view.show(scene, translator(lang), marks_of(prompt))
            view.do_layout()
            pump(1)
            picture = view.drawing.picture
            for problem in problems(picture.labels, view.drawing.picture_box(), picture.overlays):
                found.append(f"{lang} {prompt.title.english()}: {problem}")
    assert not found, f"{len(found)} problem(s), first ones:\n" + "\n".join(found[:15])
