"""What the app does when a button, key or touch asks for something. No Kivy here.

The :class:`AppController` owns the :class:`ui.service.TableService` (so every
step is journalled), the settings, the language and the form being filled in;
here it runs the current step (enter it with a fresh form, confirm it, show a
refusal) and gives the play screen its view. Its other jobs are mixins, one
module each:

==============================  ==================================================
module                          job
==============================  ==================================================
:mod:`ui.app.routing`           which screen shows, where Back goes, the confirm screen
:mod:`ui.app.game_life`         start, choose, set up, resume, switch, end a game
:mod:`ui.app.form_editing`      touch and buttons change the form; field views
:mod:`ui.app.buttons`           one table from button event to action
:mod:`ui.app.history_actions`   undo, redo, the history rows, the trace
:mod:`ui.app.closed_loop`       the camera follows the table and checks bot steps
:mod:`ui.app.component_actions` the players' own components
==============================  ==================================================

A prompt whose ``step`` starts with ``setup`` is shown on the set-up checklist
screen; every other prompt on the play screen. Widgets call the controller's
methods; two kinds of change follow: :attr:`AppController.on_change` (the
screen or the step changed: render the screen) and
:attr:`AppController.on_field` (one field's value or the button box's focus
changed: update that field's widgets only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.decision import Decision
from rules.errors import IllegalInput, RulesError
from rules.journal import JournalError, SessionRecord
from rules.prompt import Prompt
from rules.text import Msg, Translator
from ui.app import presenters
from ui.app.buttons import ButtonActions
from ui.app.call_staff import StaffCall
from ui.app.camera import CameraFeed, NoCamera
from ui.app.closed_loop import ClosedLoop
from ui.app.component_actions import ComponentActions
from ui.app.focus import Focus
from ui.app.form import FormModel
from ui.app.form_editing import FormEditing
from ui.app.game_life import GameLife
from ui.app.game_over import OVER, is_over
from ui.app.history_actions import HistoryActions
from ui.app.look_first import LookFirst
from ui.app.routing import Pending, Routing
from ui.app.settings import Settings, save_settings
from ui.app.table_check import StepKey, TableCheck
from ui.i18n import LANGUAGES, _, translator
from ui.service import TableService

CHECKLIST_PREFIX = "setup"


class AppController(
    Routing,
    GameLife,
    FormEditing,
    ButtonActions,
    HistoryActions,
    ClosedLoop,
    ComponentActions,
):
    """The app's state and actions, independent of Kivy (its jobs: the module docs)."""

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
        #: CONFIRM first shows a field out of view that starts with a value (ui/app/look_first.py).
        self.look_first = LookFirst()
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
        #: "Call staff" (ui/app/call_staff.py); the fleet's box client gives it its link.
        self.staff = StaffCall()

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
        self.focus = Focus(self.form, start=prompt.decision is None)  # a bot's step: no focus
        self.ticked = set()
        self.revealed = False
        self.error_field = ""
        self.screen = "checklist" if prompt.step.startswith(CHECKLIST_PREFIX) else "play"
        if is_over(self.service):
            self.screen = OVER  # the result on a screen of its own, never a new game on CONFIRM
        self._watch_table()
        self.on_change()

    # -- the current step (continued) ----------------------------------------------------

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
            self.leave_editor()  # a finished game waits on its own screen (ui/app/game_over.py)
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

    def press_confirm(self) -> Decision | None:
        """A player's CONFIRM (button, key or the Confirm button): a field out of view that
        starts with a value is shown first (ui/app/look_first.py), else :meth:`confirm`."""
        if self.form is not None and not self.covered and self.look_first.stops(self):
            return None
        return self.confirm()

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
