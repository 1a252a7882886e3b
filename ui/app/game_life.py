"""The game's life: start, choose, set up, resume, switch, start anew, end.

A mixin of :class:`ui.app.controller.AppController`. At start-up the app
resumes the unfinished game (the kiosk at once, elsewhere after asking), or
shows the games to choose from; the menu starts a new game (the running one
stays saved), switches to a saved game or ends the running one for good, each
after the confirmation screen (:meth:`ui.app.routing.Routing.ask`). No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.errors import RulesError
from rules.game import Game
from rules.journal import JournalError, SessionRecord
from rules.registry import all_games, get_game
from rules.text import Msg, Translator
from ui.app import presenters
from ui.app.form import FormModel
from ui.app.game_over import is_over
from ui.app.settings import Settings
from ui.i18n import _

if TYPE_CHECKING:
    from ui.service import TableService

#: Saved games listed on the menu and the resume screen (the newest first).
SAVED_SHOWN = 8


class GameLife:
    """Starting, resuming, switching and ending games (see the module docs)."""

    service: TableService
    settings: Settings
    screen: str
    game_name: str | None
    resume_directly: bool
    resumable: SessionRecord | None
    chosen_game: str | None
    setup_form: FormModel | None
    form: FormModel | None
    error: Msg | None
    notice: Msg | None
    follow_from: str | None
    on_change: Callable[[], None]

    if TYPE_CHECKING:

        @property
        def tr(self) -> Translator: ...
        def text(self, message: Msg) -> str: ...
        def show(self, screen: str) -> None: ...
        def back(self) -> None: ...
        def ask(self, question: Msg, detail: Msg, yes: Msg, action: Callable[[], None]) -> None: ...
        def _refused(self, exc: Exception | Msg, prefix: Msg | None = None) -> None: ...
        def _enter_current(self) -> None: ...
        def note_components(self) -> None: ...

    def start(self) -> None:
        """Pick the first screen: resume an unfinished game, else choose one.

        Started for one game (``--game NAME``), its latest unfinished game is
        resumed at once, or its set-up is shown when it has none."""
        try:
            self.resumable = self.service.resumable(self.game_name)
        except JournalError as exc:
            self.resumable = None
            self.notice = _("Note: {text}", text=str(exc))
        # `--game NAME` too: that game, not the saved-games list (issue 23)
        if self.resumable is not None and (self.resume_directly or self.game_name):
            self.resume()
            if self.resumable is None:
                return  # back in the game (_enter_current showed it)
            self.screen = "resume"  # it could not be resumed: the notice says why
        elif self.resumable is not None:
            self.screen = "resume"
        elif self.game_name:
            self.choose_game(self.game_name)
            return
        else:
            self.screen = "choose"
        self.on_change()

    def games(self) -> dict[str, Game]:
        return all_games()

    def resume(self, session_id: int | None = None) -> None:
        """Resume ``session_id`` (default: the unfinished game offered at start-up)."""
        if session_id is None:
            assert self.resumable is not None
            session_id = self.resumable.id
        try:
            session = self.service.resume(session_id)
        except JournalError as exc:
            self.notice = _("Note: {text}", text=exc.message)
            self.on_change()
            return
        except RulesError as exc:
            self._refused(_("Cannot resume: {reason}", reason=exc.message))
            return
        if session.replay_problem:
            self.notice = _("Note: {text}", text=session.replay_problem)
        self.note_components()
        self.resumable = None
        self.follow_from = "resume"
        self._enter_current()

    def saved_games(self, finished: bool = False) -> list[presenters.SavedGameView]:
        """The unfinished games (``finished``: the finished ones too, marked), newest first,
        with their round, players and steps."""
        try:
            records = self.service.journal.sessions(include_finished=finished)
        except JournalError:
            return []
        out = []
        for record in records[:SAVED_SHOWN]:
            try:
                session = (
                    self.service.session
                    if record.id == self.service.session_id and self.service.session
                    else None
                )
                if session is None:
                    from rules.session import Session

                    session = Session(
                        get_game(record.game),
                        record.options,
                        record.seed,
                        events=self.service.journal.events(record.id),
                    )
                round_number = session.prompt().round
                steps = session.step_count
                title = self.game_title(record.game)
            except (RulesError, JournalError, KeyError):
                continue  # a game whose module is gone is not offered
            out.append(
                presenters.saved_game_view(
                    record,
                    title,
                    self.tr,
                    round_number=round_number,
                    steps=steps,
                    current=record.id == self.service.session_id,
                    finished=record.finished,
                )
            )
        return out

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
        except (RulesError, JournalError) as exc:
            self._refused(exc)
            return
        self.error = None
        self.note_components()
        self.follow_from = "set-up"
        self._enter_current()

    def _kept_note(self) -> Msg:
        session = self.service.session
        if session is None:
            return _("Nothing is lost.")
        if is_over(self.service):
            return _(
                "The finished game of {game} stays in the menu: open it there to undo its last"
                " step.",
                game=self.game_title(session.game.name),
            )
        return _(
            "The game of {game} stays saved at step {n}: resume it from the menu.",
            game=self.game_title(session.game.name),
            n=session.step_count + 1,
        )

    def menu_new_game(self) -> None:
        """New game (this game or another): the running game stays saved and resumable."""
        if self.service.session is None:
            self.show("choose")
            return
        self.ask(_("Start a new game?"), self._kept_note(), _("New game"), self._leave_to_choose)

    def _leave_to_choose(self) -> None:
        self.service.session = None
        self.service.session_id = None
        self.form = None
        self.error = None
        self.screen = "choose"
        self.on_change()

    def menu_end_game(self) -> None:
        """End the running game for good (it is no longer offered to resume)."""
        session = self.service.session
        if session is None:
            return
        self.ask(
            _("End this game?"),
            _(
                "The game of {game} ends at step {n} and is no longer offered to resume.",
                game=self.game_title(session.game.name),
                n=session.step_count + 1,
            ),
            _("End the game"),
            self._end_game,
        )

    def _end_game(self) -> None:
        session_id = self.service.session_id
        try:
            if session_id is not None:
                self.service.journal.set_finished(session_id)
        except JournalError as exc:
            self._refused(exc)
            return
        self._leave_to_choose()

    def menu_resume(self, session_id: int) -> None:
        """Switch to a saved game; the running one stays saved."""
        if session_id == self.service.session_id:
            self.back()
            return
        if self.service.session is None:
            self.resume(session_id)
            return
        other = next((g for g in self.saved_games() if g.session_id == session_id), None)
        question = (
            _("Switch to the game of {game} ({detail})?", game=other.title, detail=other.detail)
            if other is not None
            else _("Switch to the other game?")
        )
        self.ask(
            question,
            self._kept_note(),
            _("Switch"),
            lambda: self.resume(session_id),
        )

    def game_title(self, name: str) -> str:
        return self.text(Msg(get_game(name).title))

    def difficulty_choices(self) -> list[tuple[str, str]]:
        """``(value, label)`` of every ``difficulty`` set-up choice the games offer."""
        seen: dict[str, str] = {}
        for game in self.games().values():
            for field in game.setup_fields():
                if field.key == "difficulty":
                    for choice in field.choices:
                        seen.setdefault(choice.value, choice.label.render(self.tr))
        return list(seen.items())
