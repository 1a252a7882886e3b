"""What the app does when a button, key or touch asks for something. No Kivy here.

The :class:`AppController` owns the :class:`ui.service.TableService` (so every
step is journalled), the settings, the language and the form being filled in.
It decides which screen shows and hands the screens their view data through
the presenters. Widgets call its methods; after each change it calls
``on_change`` so the app re-renders the current screen.

Screens: ``resume``, ``choose``, ``setup``, ``checklist``, ``play``,
``trace``, ``history``, ``settings``, ``camera``. A prompt whose ``step`` starts with
``setup`` is shown on the set-up checklist screen; every other prompt on the
play screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.decision import Decision
from rules.errors import RulesError
from rules.game import Game
from rules.journal import JournalError, SessionRecord
from rules.prompt import Prompt
from rules.registry import all_games, get_game
from rules.text import Msg, Translator
from ui.app import presenters
from ui.app.camera import CameraFeed, NoCamera
from ui.app.component_actions import SCREENS_BACK, ComponentActions
from ui.app.form import FormModel
from ui.app.settings import Settings, save_settings
from ui.i18n import LANGUAGES, _, translator
from ui.service import TableService

CHECKLIST_PREFIX = "setup"
#: Screens reached from the game and left with "back" (UNDO on a menu screen).
OVERLAYS = ("trace", "history", "settings", "camera", *SCREENS_BACK)


class AppController(ComponentActions):
    """The app's state and actions, independent of Kivy."""

    def __init__(
        self,
        service: TableService,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        camera: CameraFeed | None = None,
        game_name: str | None = None,
    ) -> None:
        self.service = service
        self.settings = (settings or Settings()).checked()
        self.settings_path = settings_path
        self.camera: CameraFeed = camera or NoCamera()
        self.game_name = game_name
        self.on_change: Callable[[], None] = lambda: None
        self.screen = "choose"
        self._back_to = "choose"
        self.chosen_game: str | None = None
        self.setup_form: FormModel | None = None
        self.form: FormModel | None = None
        self.error: Msg | None = None
        notes = [m for m in (service.problem, service.notice) if m is not None]
        note = Msg("{a} {b}", {"a": notes[0], "b": notes[1]}) if len(notes) == 2 else None
        note = note or (notes[0] if notes else None)
        self.notice: Msg | None = _("Note: {text}", text=note) if note else None
        self.resumable: SessionRecord | None = None
        self.ticked: set[int] = set()
        #: A secret prompt (``Prompt.secret``) stays covered until a player taps Show.
        self.revealed = False

    # -- language ---------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.settings.language

    @property
    def tr(self) -> Translator:
        return translator(self.lang)

    def text(self, message: Msg) -> str:
        return message.render(self.tr)

    # -- starting ---------------------------------------------------------------------

    def start(self) -> None:
        """Pick the first screen: resume an unfinished game, else choose one."""
        try:
            self.resumable = self.service.resumable(self.game_name)
        except JournalError as exc:
            self.resumable = None
            self.notice = _("Note: {text}", text=str(exc))
        if self.resumable is not None:
            self.screen = "resume"
        elif self.game_name:
            self.choose_game(self.game_name)
            return
        else:
            self.screen = "choose"
        self.on_change()

    def games(self) -> dict[str, Game]:
        return all_games()

    def resume(self) -> None:
        assert self.resumable is not None
        try:
            session = self.service.resume(self.resumable.id)
        except JournalError as exc:
            self.notice = _("Note: {text}", text=exc.message)
            self.on_change()
            return
        if session.replay_problem:
            self.notice = _("Note: {text}", text=session.replay_problem)
        self.note_components()
        self.resumable = None
        self._enter_current()

    def decline_resume(self) -> None:
        self.resumable = None
        if self.game_name:
            self.choose_game(self.game_name)
        else:
            self.show("choose")

    def choose_game(self, name: str) -> None:
        game = get_game(name)
        self.chosen_game = game.name
        fields = game.setup_fields()
        self.setup_form = FormModel(fields)
        preferred = self.settings.difficulty
        for field in fields:
            if field.key == "difficulty" and preferred in {c.value for c in field.choices}:
                self.setup_form.choose("difficulty", preferred)
        self.error = None
        self.show("setup")

    def start_game(self, seed: int | None = None) -> None:
        assert self.chosen_game is not None and self.setup_form is not None
        try:
            self.service.start(self.chosen_game, self.setup_form.answer(), seed)
        except RulesError as exc:
            self.error = _("Not accepted: {reason}", reason=exc.message)
            self.on_change()
            return
        except JournalError as exc:  # storage trouble: say so, keep the game
            self.error = exc.message
            self.on_change()
            return
        self.error = None
        self.note_components()
        self._enter_current()

    # -- the current step -------------------------------------------------------------

    @property
    def prompt(self) -> Prompt:
        session = self.service.session
        assert session is not None, "no game is running"
        return session.prompt()

    def _enter_current(self) -> None:
        """Show the screen of the current prompt with a fresh form."""
        prompt = self.prompt
        self.form = FormModel(prompt.fields, self.camera)
        self.ticked = set()
        self.revealed = False
        self.screen = "checklist" if prompt.step.startswith(CHECKLIST_PREFIX) else "play"
        self.on_change()

    @property
    def covered(self) -> bool:
        """True while a secret step waits for its player to uncover the screen."""
        session = self.service.session
        return session is not None and session.prompt().secret and not self.revealed

    def reveal(self) -> None:
        self.revealed = True
        self.on_change()

    def confirm(self) -> Decision | None:
        """Answer the current step with the values shown (CONFIRM); uncover a secret step."""
        if self.covered:
            self.reveal()
            return None
        if self.prompt.finished:
            if self.leave_editor():
                return None
            self.service.session = None
            self.show("choose")
            return None
        assert self.form is not None
        try:
            decision = self.service.answer(self.form.answer())
        except RulesError as exc:
            self.error = _("Not accepted: {reason}", reason=exc.message)
            self.on_change()
            return None
        except JournalError as exc:  # storage trouble: not saved, so not counted; keep the game
            self.error = exc.message
            self.on_change()
            return None
        self.error = None
        self.note_learned()
        self._enter_current()
        return decision

    def undo(self, to_step: int | None = None) -> None:
        try:
            self.service.undo(to_step)
        except RulesError as exc:
            self.error = _("Cannot undo: {reason}", reason=exc.message)
            self.on_change()
            return
        except JournalError as exc:
            self.error = exc.message
            self.on_change()
            return
        self.error = None
        self._enter_current()

    def redo(self) -> None:
        try:
            self.service.redo()
        except RulesError as exc:
            self.error = _("Cannot redo: {reason}", reason=exc.message)
            self.on_change()
            return
        except JournalError as exc:
            self.error = exc.message
            self.on_change()
            return
        self.error = None
        self._enter_current()

    def toggle_tick(self, index: int) -> None:
        self.ticked ^= {index}
        self.on_change()

    # -- moving between screens -------------------------------------------------------

    def show(self, screen: str) -> None:
        if screen in OVERLAYS and self.screen not in OVERLAYS:
            self._back_to = self.screen
        self.screen = screen
        self.on_change()

    def back(self) -> None:
        if self.screen in SCREENS_BACK:
            self.components_back()
            return
        if self.screen in OVERLAYS:
            target = self._back_to
            if target in {"play", "checklist"} and self.service.session is None:
                target = "choose"
            self.screen = target
        elif self.screen == "setup":
            self.screen = "choose"
        self.on_change()

    def current_decision(self) -> Decision | None:
        """The decision the trace screen explains: the prompt's own, else the last one."""
        session = self.service.session
        if session is None:
            return None
        prompt = session.prompt()
        return prompt.decision or session.last_decision

    # -- settings ---------------------------------------------------------------------

    def update_settings(self, **changes: Any) -> None:
        self.settings = replace(self.settings, **changes).checked()
        if self.settings_path is not None:
            save_settings(self.settings_path, self.settings)
        self.on_change()

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language '{lang}'")
        self.update_settings(language=lang)

    # -- buttons ----------------------------------------------------------------------

    def button(self, event: str) -> bool:
        """Handle a button event; False means "the screen moves its focus or activates it".

        NEXT on the play screen confirms a step that asks nothing (the players
        did what it says); with fields to check it moves the focus instead.
        CONFIRM confirms on the play and checklist screens. UNDO goes back one
        step there and leaves every other screen. UNDO held opens the history;
        BOT shows the bot's reasoning (and from any screen returns to the game).
        """
        in_game = self.service.session is not None
        if event == "history":
            if in_game:
                self.show("history")
            return True
        if event == "settings":
            self.show("settings")
            return True
        if event == "camera":
            self.show("camera")
            return True
        if event == "bot":
            if self.screen == "trace":
                self.back()
            elif in_game and self.current_decision() is not None:
                if self.screen in OVERLAYS:
                    self.screen = self._back_to
                self.show("trace")
            elif in_game:
                self._enter_current()
            return True
        if event == "undo":
            if self.screen in {"play", "checklist"}:
                self.undo()
            elif self.screen in {*OVERLAYS, "setup"}:
                self.back()
            return True
        if self.screen not in {"play", "checklist"} or not in_game:
            return False
        if event == "confirm" or (event == "next" and (self.covered or not self.prompt.fields)):
            self.confirm()
            return True
        return False

    def chosen_tray(self) -> int | None:
        """The control-board tray the current step is about (the scene's ``highlight_side``)."""
        session = self.service.session
        if session is None:
            return None
        scene = session.game.board(session.state) or {}
        if scene.get("kind") != "control-board":
            return None
        side = scene.get("highlight_side")
        return side if isinstance(side, int) else None

    # -- view data --------------------------------------------------------------------

    def play_view(self) -> presenters.PlayView:
        session = self.service.session
        assert session is not None and self.form is not None
        game = session.game
        scene = game.board(session.state) or {}
        return presenters.play_view(
            session.prompt(),
            self.form,
            self.tr,
            step_number=session.step_count + 1,
            last_decision=session.last_decision,
            scene=scene,
            error=self.error,
            can_undo=session.can_undo,
            can_redo=session.can_redo,
            covered=self.covered,
        )

    def history_rows(self) -> list[presenters.HistoryRow]:
        session = self.service.session
        if session is None:
            return []

        def prompt_at(index: int) -> Prompt:
            return session.game.prompt(session.state_at(index))

        return presenters.history_rows(session.history, self.tr, prompt_at)

    def trace_lines(self) -> list[str]:
        decision = self.current_decision()
        return presenters.trace_lines(decision, self.tr) if decision else []

    def game_title(self, name: str) -> str:
        return self.text(Msg(get_game(name).title))

    def current_form(self) -> FormModel:
        """The form the screen's steppers and buttons change (set-up or current step)."""
        form = self.setup_form if self.screen == "setup" else self.form
        assert form is not None
        return form

    def setup_view(self) -> tuple[presenters.FieldView, ...]:
        if self.setup_form is None:
            return ()
        return tuple(
            presenters.field_view(f, self.setup_form, self.tr) for f in self.setup_form.fields
        )

    def difficulty_choices(self) -> list[tuple[str, str]]:
        """``(value, label)`` of every ``difficulty`` set-up choice the games offer."""
        seen: dict[str, str] = {}
        for game in self.games().values():
            for field in game.setup_fields():
                if field.key == "difficulty":
                    for choice in field.choices:
                        seen.setdefault(choice.value, choice.label.render(self.tr))
        return list(seen.items())
