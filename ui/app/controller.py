"""What the app does when a button, key or touch asks for something. No Kivy here.

The :class:`AppController` owns the :class:`ui.service.TableService` (so every
step is journalled), the settings, the language and the form being filled in.
It decides which screen shows and hands the screens their view data through
the presenters. Widgets call its methods; after each change it calls
``on_change`` so the app re-renders the current screen.

Screens: ``resume``, ``choose``, ``setup``, ``checklist``, ``play``,
``trace``, ``history``, ``menu``, ``confirm``, ``settings``, ``camera``. A prompt
whose ``step`` starts with ``setup`` is shown on the set-up checklist screen;
every other prompt on the play screen.

Two kinds of change: :attr:`AppController.on_change` (the screen or the step
changed: render the screen) and :attr:`AppController.on_field` (one field's
value or the button box's focus changed: update that field's widgets only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rules.decision import Decision
from rules.errors import IllegalInput, RulesError
from rules.game import Game
from rules.journal import JournalError, SessionRecord
from rules.prompt import Prompt
from rules.registry import all_games, get_game
from rules.text import Msg, Translator
from ui.app import presenters
from ui.app.camera import CameraFeed, NoCamera
from ui.app.component_actions import SCREENS_BACK, ComponentActions
from ui.app.focus import Focus
from ui.app.form import FormModel
from ui.app.settings import Settings, save_settings
from ui.app.table_check import StepKey, TableCheck
from ui.i18n import LANGUAGES, _, translator
from ui.service import TableService

CHECKLIST_PREFIX = "setup"
#: Screens reached from the game and left with "back" (UNDO on a menu screen).
OVERLAYS = ("trace", "history", "settings", "camera", "menu", "confirm", *SCREENS_BACK)
#: Saved games listed on the menu and the resume screen (the newest first).
SAVED_SHOWN = 8


@dataclass(frozen=True)
class Pending:
    """An action waiting on the confirmation screen (ending a game must never be an accident)."""

    question: Msg
    detail: Msg
    yes: Msg
    action: Callable[[], None]


class AppController(ComponentActions):
    """The app's state and actions, independent of Kivy."""

    def __init__(
        self,
        service: TableService,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        camera: CameraFeed | None = None,
        game_name: str | None = None,
        resume_directly: bool = False,
    ) -> None:
        self.service = service
        #: The kiosk goes straight back into the unfinished game (a power cut must not
        #: leave a café table on a "Continue?" question); elsewhere the players choose.
        self.resume_directly = resume_directly
        self.settings = (settings or Settings()).checked()
        self.settings_path = settings_path
        self.camera: CameraFeed = camera or NoCamera()
        self.game_name = game_name
        self.on_change: Callable[[], None] = lambda: None
        #: One field's value or the focus changed (key of the field, or "" for the focus only).
        self.on_field: Callable[[str], None] = lambda key: self.on_change()
        self.screen = "choose"
        self._back_to = "choose"
        self.chosen_game: str | None = None
        self.setup_form: FormModel | None = None
        self.form: FormModel | None = None
        self.error: Msg | None = None
        #: The field a refusal names (shown beside it), "" for a refusal of the whole step.
        self.error_field = ""
        self.focus: Focus | None = None
        #: The history entry the trace screen shows (None: the current decision).
        self.trace_index: int | None = None
        self.pending: Pending | None = None
        self.notice: Msg | None = self._storage_notice()
        #: The refusal on screen when the storage refused a step (it goes once saving works).
        self._storage_error: Msg | None = None
        self.resumable: SessionRecord | None = None
        self._rows: dict[tuple[Any, ...], presenters.HistoryRow] = {}
        self.ticked: set[int] = set()
        #: A secret prompt (``Prompt.secret``) stays covered until a player taps Show.
        self.revealed = False
        #: The closed loop: the camera checks each bot step's change (ui/app/table_check.py).
        self.table_check = TableCheck()
        #: Where the camera's follower starts ("set-up", "resume"; None: it follows).
        self.follow_from: str | None = None
        #: Camera readings for the form on screen still being taken (off the UI thread).
        self.prefilling = 0
        #: The step whose expected change the follower was told.
        self._follow_expected: StepKey | None = None
        #: Take a reading of the table for the step ``key`` after ``delay`` seconds and hand
        #: it to :meth:`table_read` on the main thread (the app does it off the main thread).
        self.read_table: Callable[[StepKey, float], None] = lambda key, delay: None

    def _storage_notice(self) -> Msg | None:
        """The note for the first screen: the storage's problem and the journal's notice."""
        service = self.service
        notes = [m for m in (service.problem, service.notice) if m is not None]
        note = Msg("{a} {b}", {"a": notes[0], "b": notes[1]}) if len(notes) == 2 else None
        note = note or (notes[0] if notes else None)
        return _("Note: {text}", text=note) if note else None

    def recheck_storage(self) -> bool:
        """While the storage refuses writes, check it again; ``True`` once steps can be saved.

        The app calls this from a Kivy clock interval (``TablesideApp``), so play
        continues by itself when the card is writable again or has space: the
        storage's refusal leaves the screen and the status bar, and the next
        press counts. Nothing is confirmed by itself: the values on screen stay
        as the players left them, for them to confirm. A session the service
        had to replay from the file (it differed) opens at its current step.
        """
        service = self.service
        if service.can_save:
            return True
        before = service.session
        if not service.recheck():
            return False
        if self.error is not None and self.error is self._storage_error:
            self.error, self.error_field = None, ""
        self._storage_error = None
        self.notice = self._storage_notice()
        replayed = service.session is not before and service.session is not None
        if replayed and self.screen in ("play", "checklist"):
            self._enter_current()
            return True
        self.on_change()
        return True

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

    def saved_games(self) -> list[presenters.SavedGameView]:
        """The unfinished games, newest first, with their round, players and steps."""
        try:
            records = self.service.journal.sessions(include_finished=False)
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

    # -- the current step -------------------------------------------------------------

    @property
    def prompt(self) -> Prompt:
        session = self.service.session
        assert session is not None, "no game is running"
        return session.prompt()

    def _enter_current(self) -> None:
        """Show the screen of the current prompt with a fresh form."""
        prompt = self.prompt
        self._follow_step()
        self.form = FormModel(prompt.fields)
        self._prefill()
        self.focus = Focus(self.form)
        self.ticked = set()
        self.revealed = False
        self.error_field = ""
        self.screen = "checklist" if prompt.step.startswith(CHECKLIST_PREFIX) else "play"
        self._watch_table()
        self.on_change()

    # -- the camera follows the table (ui/app/follow_feed.py) --------------------------

    def _follow_step(self) -> None:
        """A step comes on screen: start following (after the set-up, or on resume) and
        tell the follower what a bot step shown now will change."""
        session = self.service.session
        camera = self.camera
        if session is None or not camera.can_follow:  # no follower: no vision import
            return
        from ui.app.follow_feed import game_sides, game_trays

        key = (self.service.session_id, session.step_count)
        if self.follow_from is not None:
            counts = game_trays(session.state)
            if counts is None or not session.step_count:
                return  # the set-up step is not confirmed yet: nothing to follow from
            sides = game_sides(session.state)
            sure = self.follow_from == "set-up"
            camera.start(camera.side_counts(counts), sure=sure, colours=sides)
            self.follow_from = None
        decision = session.prompt().decision
        if decision is not None and key != self._follow_expected:
            self._follow_expected = key
            change = session.game.expected_change(decision) or {}
            camera.expect({str(s): dict(d) for s, d in change.get("trays", {}).items()})

    def followed(self) -> None:
        """The camera's follower saw a new still moment (on the main thread): the camera
        fields the players have not set take the followed counts; the status bar too."""
        if self.form is not None and self.screen in ("play", "checklist"):
            self._prefill()
        self.on_change()

    def _prefill(self) -> None:
        """Read the camera fields of the form on screen off the UI thread (a reading takes
        frames), then fill those the players have not set."""
        form, camera = self.form, self.camera
        if form is None or not form.camera_fields or not camera.available:
            return
        self.prefilling += 1

        def done(answers: Any) -> None:
            self.prefilling -= 1
            if form is self.form and form.apply_camera(answers):
                self.on_change()

        self.in_background(lambda: form.read_camera(camera), done)

    # -- the closed loop: did the table do what the bot said? (ui/app/table_check.py) ----

    def _watch_table(self) -> None:
        """A step came on screen: read the table if a bot step is shown or was just done."""
        session = self.service.session
        reader = self.camera.reader
        if session is None or reader is None:
            self.table_check.forget()  # without a calibrated camera nothing changes
            return
        key = (self.service.session_id, session.step_count)
        self.table_check.confirm_below = float(reader.confirm_below)
        if self.table_check.enter(
            key, session.prompt().decision, session.game.expected_change, session.game.piece_name
        ):
            delay = self.table_check.next_reading()
            if delay is not None:
                self.read_table(key, delay)

    def table_read(self, key: StepKey, reading: Any) -> None:
        """A reading of the table taken for step ``key`` (on the main thread)."""
        if self.table_check.read(key, reading):
            self.on_change()
        delay = self.table_check.next_reading() if key == self.table_check.key else None
        if delay is not None:
            self.read_table(key, delay)

    @property
    def table_differs(self) -> bool:
        """The camera saw the last bot step done differently (the status LED says so)."""
        return self.screen in ("play", "checklist") and self.table_check.differs

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
        except (RulesError, JournalError) as exc:
            self._refused(exc)
            return None
        if self.camera.can_follow:
            from ui.app.follow_feed import follow_confirmed

            follow_confirmed(self.camera, self.form)
        self.error = None
        self.note_learned()
        self._enter_current()
        return decision

    def _refused(self, exc: Exception | Msg, prefix: Msg | None = None) -> None:
        """Show why an action was refused: beside its field when it names one, else on top.

        Storage problems (:class:`rules.journal.JournalError`) keep the game on
        screen; their message says what to do.
        """
        if isinstance(exc, Msg):
            self.error, self.error_field = exc, ""
        elif isinstance(exc, IllegalInput):
            self.error = _("Not accepted: {reason}", reason=exc.message)
            self.error_field = exc.field
        elif isinstance(exc, JournalError):
            message = getattr(exc, "message", None)
            self.error = (
                message if isinstance(message, Msg) else _("Not saved: {reason}", reason=str(exc))
            )
            self.error_field = ""
            self._storage_error = self.error
        elif isinstance(exc, RulesError):
            self.error = _("Not accepted: {reason}", reason=exc.message)
            self.error_field = ""
        else:
            self.error = _("Not accepted: {reason}", reason=str(exc))
            self.error_field = ""
        if prefix is not None and isinstance(exc, RulesError):
            self.error = _("{what}: {reason}", what=prefix, reason=exc.message)
        self.on_change()

    def undo(self, to_step: int | None = None) -> None:
        try:
            self.service.undo(to_step)
        except (RulesError, JournalError) as exc:
            self._refused(exc, _("Cannot undo"))
            return
        self.error = None
        self._enter_current()

    def redo(self) -> None:
        try:
            self.service.redo()
        except (RulesError, JournalError) as exc:
            self._refused(exc, _("Cannot redo"))
            return
        self.error = None
        self._enter_current()

    # -- the form (touch and the button box change it the same way) --------------------

    def _form_changed(self, key: str, changed: bool, entry: str | None = None) -> None:
        if self.focus is not None and self.screen in ("play", "checklist"):
            self.focus.focus(key, entry)  # the focus follows the finger
        if changed and self.error_field.split(".")[0] == key:
            self.error, self.error_field = None, ""
            self.on_change()  # the refusal beside the field goes
            return
        self.on_field(key)

    def step(self, key: str, delta: int, entry: str | None = None) -> None:
        self._form_changed(key, self.current_form().step(key, delta, entry), entry)

    def choose(self, key: str, value: str) -> None:
        form = self.current_form()
        entry = value if form.field(key).kind in ("multi", "order") else None
        self._form_changed(key, form.choose(key, value), entry)

    def set_bool(self, key: str, value: bool) -> None:
        self._form_changed(key, self.current_form().set_bool(key, value))

    def set_text(self, key: str, text: str) -> None:
        self.current_form().set_text(key, text)

    def pick_place(self, layer: str, place: str) -> bool:
        """A tap on a place of the board picture: pick it for the field asking for that layer.

        Returns False (and says why) when no field of this step picks from that
        layer or the place is not one of its options.
        """
        form = self.form
        if form is None:
            return False
        for fld in form.fields:
            if fld.places == layer:
                if place not in {c.value for c in fld.choices}:
                    self._refused(_("That place cannot be chosen now."))
                    return False
                self.choose(fld.key, place)
                return True
        return False

    def toggle_tick(self, index: int) -> None:
        self.ticked ^= {index}
        self.on_change()

    # -- moving between screens -------------------------------------------------------

    def show(self, screen: str) -> None:
        if screen in OVERLAYS and self.screen not in OVERLAYS:
            self._back_to = self.screen
        if screen == "trace" and self.screen != "history":
            self.trace_index = None
        self.screen = screen
        self.on_change()

    def back(self) -> None:
        if self.screen in SCREENS_BACK:
            self.components_back()
            return
        if self.screen == "trace" and self.trace_index is not None:
            self.trace_index = None
            self.screen = "history"  # a history entry's trace goes back to the history
        elif self.screen in OVERLAYS:
            target = self._back_to
            if target in {"play", "checklist"} and self.service.session is None:
                target = "choose"
            self.screen = target
            self.pending = None
        elif self.screen == "setup":
            self.screen = "choose"
        self.on_change()

    def current_decision(self) -> Decision | None:
        """The decision the trace screen explains: the chosen history entry's, else the current."""
        session = self.service.session
        if session is None:
            return None
        if self.trace_index is not None:
            history = session.history
            if 0 <= self.trace_index < len(history):
                return history[self.trace_index].decision
        prompt = session.prompt()
        return prompt.decision or session.last_decision

    def open_entry(self, index: int) -> None:
        """Show history entry ``index``: what was answered, the bot's decision and its trace."""
        self.trace_index = index
        self.screen = "trace"
        self.on_change()

    def trace_view(self) -> presenters.TraceView:
        session = self.service.session
        if session is None:
            return presenters.trace_view(None, self.tr)
        if self.trace_index is not None and 0 <= self.trace_index < session.step_count:
            entry = session.history[self.trace_index]
            row = self._history_row(entry)
            return presenters.trace_view(
                entry.decision,
                self.tr,
                title=f"{row.number_text}. {row.title}",
                answers=row.detail.split(" » ")[0] if entry.values else "",
                index=entry.index,
            )
        prompt = session.prompt()
        return presenters.trace_view(
            self.current_decision(), self.tr, title=self.text(prompt.title)
        )

    def go_back_to(self, index: int) -> None:
        """Ask, then undo to just before history entry ``index`` (it is asked again)."""
        self.ask(
            _("Go back to before step {n}?", n=index + 1),
            _(
                "Steps {n} and later are undone; Redo on the history screen brings them back.",
                n=index + 1,
            ),
            _("Go back"),
            lambda: self.undo(index),
        )

    # -- the menu: new game, switch game, end game, saved games -----------------------

    def ask(self, question: Msg, detail: Msg, yes: Msg, action: Callable[[], None]) -> None:
        """Show the confirmation screen; ``action`` runs only on its Yes."""
        self.pending = Pending(question, detail, yes, action)
        self.show("confirm")

    def answer_pending(self, yes: bool) -> None:
        pending, self.pending = self.pending, None
        if self.screen == "confirm":
            self.screen = self._back_to
        if yes and pending is not None:
            pending.action()
        else:
            self.on_change()

    def _kept_note(self) -> Msg:
        session = self.service.session
        if session is None:
            return _("Nothing is lost.")
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

        On the play and checklist screens (ui/app/focus.py): NEXT confirms a
        step that asks nothing (the players did what it says), otherwise it
        moves the focus field by field; BOT and UNDO are + and - while a field
        has the focus; CONFIRM confirms the step with the values shown. Without
        focus UNDO goes back one step and BOT shows the bot's reasoning. UNDO
        held opens the history, NEXT held the menu. On every other screen UNDO
        leaves it and BOT returns to the game.
        """
        in_game = self.service.session is not None
        if event == "menu":
            self.show("menu")
            return True
        if (
            event in ("bot", "undo")
            and self.screen in {"play", "checklist"}
            and self.focus is not None
            and self.focus.on_field
            and not self.covered
        ):
            changed = self.focus.change(+1 if event == "bot" else -1)
            stop = self.focus.stop  # BOT/UNDO on a long list moves the focus into it
            assert stop is not None
            self._form_changed(stop.key, changed, stop.entry)
            return True
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
        if event == "next" and self.focus is not None and self.focus.stops:
            self.focus.next()
            self.on_field("")
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
            error_field=self.error_field,
            can_undo=session.can_undo,
            can_redo=session.can_redo,
            covered=self.covered,
            table=self.table_check.view(self.tr),
        )

    def _history_row(self, entry: Any) -> presenters.HistoryRow:
        """One history row, computed once per step and language (the history opens fast)."""
        session = self.service.session
        assert session is not None
        key = (self.service.session_id, entry.index, self.lang, entry.step, repr(entry.values))
        row = self._rows.get(key)
        if row is None:
            needs_prompt = bool(entry.values) and not entry.secret
            prompt = session.game.prompt(session.state_at(entry.index)) if needs_prompt else None
            row = presenters.history_row(entry, self.tr, prompt)
            self._rows[key] = row
        return row

    def history_rows(self) -> list[presenters.HistoryRow]:
        session = self.service.session
        if session is None:
            return []
        return [self._history_row(entry) for entry in session.history]

    def history_groups(self) -> list[presenters.HistoryGroup]:
        return presenters.history_groups(self.history_rows(), self.tr)

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

    def field_view(self, key: str) -> presenters.FieldView:
        """The view of one field of the form on screen (after a change of its value)."""
        form = self.current_form()
        error = (
            self.text(self.error) if self.error and self.error_field.split(".")[0] == key else ""
        )
        return presenters.field_view(form.field(key), form, self.tr, error)

    def focused_name(self) -> str | None:
        """The ``field_key`` of the widget the button box's focus is on (None: nowhere)."""
        if self.screen not in ("play", "checklist") or self.focus is None:
            return None
        stop = self.focus.stop
        return stop.name if stop is not None else None

    def difficulty_choices(self) -> list[tuple[str, str]]:
        """``(value, label)`` of every ``difficulty`` set-up choice the games offer."""
        seen: dict[str, str] = {}
        for game in self.games().values():
            for field in game.setup_fields():
                if field.key == "difficulty":
                    for choice in field.choices:
                        seen.setdefault(choice.value, choice.label.render(self.tr))
        return list(seen.items())
