"""What the four buttons (and their keyboard stand-ins) do: one table from event to action.

A mixin of :class:`ui.app.controller.AppController`. The button box's events
(``hardware.panel``, through ``ui.app.hardware_bridge``) and the keys
(``ui.app.keys``) have the same names; :data:`BUTTONS` maps each to what it
does. On the play and checklist screens (``ui/app/focus.py``): NEXT confirms a
step that asks nothing (the players did what it says), otherwise it moves the
focus field by field; a step that asks starts with the focus on its first
field, and BOT and UNDO are + and - while a field has the focus (on a closed
field or row they open it; the buttons, not :meth:`Focus.focus`, say where the
focus goes next); CONFIRM confirms the step with the values shown. Without
focus (NEXT past Confirm) UNDO goes back one step and BOT shows the bot's
reasoning. **UNDO held** is the event
``menu`` (the menu, History its first button); the key H opens the history
directly. On every other screen UNDO leaves it and BOT returns to the game.
No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ui.app.focus import Focus
from ui.app.game_over import OVER
from ui.app.routing import OVERLAYS

if TYPE_CHECKING:
    from rules.decision import Decision
    from rules.prompt import Prompt
    from ui.app.call_staff import StaffCall
    from ui.service import TableService

#: The screens where NEXT, CONFIRM, BOT and UNDO work on the step's fields.
GAME_SCREENS = frozenset({"play", "checklist"})


class ButtonActions:
    """Interprets button events (see the module docs)."""

    service: TableService
    screen: str
    _back_to: str
    focus: Focus | None
    on_field: Callable[[str], None]
    staff: StaffCall

    if TYPE_CHECKING:

        @property
        def covered(self) -> bool: ...
        @property
        def prompt(self) -> Prompt: ...
        def show(self, screen: str) -> None: ...
        def back(self) -> None: ...
        def undo(self, to_step: int | None = None) -> None: ...
        def confirm(self) -> Decision | None: ...
        def press_confirm(self) -> Decision | None: ...
        def current_decision(self) -> Decision | None: ...
        def _enter_current(self) -> None: ...
        def _form_changed(self, key: str, changed: bool, entry: str | None = None) -> None: ...

    def button(self, event: str) -> bool:
        """Handle a button event (:data:`BUTTONS`); False means "the screen moves its focus
        or activates it" (NEXT and CONFIRM off the game screens, unknown events)."""
        action = BUTTONS.get(event)
        return action(self) if action is not None else False

    @property
    def _in_game(self) -> bool:
        return self.service.session is not None

    def _on_game_screen(self) -> bool:
        return self.screen in GAME_SCREENS and self._in_game

    def _plus_minus(self, delta: int) -> bool:
        """BOT (+1) or UNDO (-1) on the focused field; False when no field has the focus."""
        focus = self.focus
        if self.screen not in GAME_SCREENS or focus is None or not focus.on_field or self.covered:
            return False
        here = focus.stop
        assert here is not None
        changed = focus.change(delta)
        moved = focus.index  # into a list or row it opened, or on past a pick
        self._form_changed(here.key, changed, here.entry)
        if focus.index != moved:  # the buttons, not the finger, say where the focus goes
            focus.index = moved
            self.on_field("")
        return True

    def _open(self, screen: str, in_game_only: bool = False) -> bool:
        if self._in_game or not in_game_only:
            self.show(screen)
        return True

    def _bot(self) -> bool:
        """+ on a field; else the bot's reasoning (the trace), BOT again back to the game."""
        if self._plus_minus(+1):
            return True
        if self.screen == "trace":
            self.back()
        elif self._in_game and self.current_decision() is not None:
            if self.screen in OVERLAYS:
                self.screen = self._back_to
            self.show("trace")
        elif self._in_game:
            self._enter_current()
        return True

    def _undo(self) -> bool:
        """- on a field; else one step back in the game, or leave a menu screen."""
        if self._plus_minus(-1):
            return True
        if self.screen in GAME_SCREENS or (self.screen == OVER and self._in_game):
            self.undo()  # on a game's end screen too: its last step back (ui/app/game_over.py)
        elif self.screen in {*OVERLAYS, "setup"}:
            self.back()
        return True

    def _confirm(self) -> bool:
        if not self._on_game_screen():
            return False
        self.press_confirm()  # a field out of view is shown first (ui/app/look_first.py)
        return True

    def _call_staff(self) -> bool:
        """BOT held: call staff (ui/app/call_staff.py); a hold never closes a call."""
        self.staff.press()
        return True

    def _next(self) -> bool:
        """A step that asks nothing (or a covered secret one): done; else the next stop."""
        if not self._on_game_screen():
            return False
        if self.covered or not self.prompt.fields:
            self.press_confirm()
            return True
        if self.focus is not None and self.focus.stops:
            self.focus.next()
            self.on_field("")
            return True
        return False


#: What each button event does. The box sends ``next``, ``confirm``, ``undo``, ``bot``,
#: ``menu`` (UNDO held) and ``call-staff`` (BOT held); the keyboard also ``history``,
#: ``settings`` and ``camera``.
BUTTONS: dict[str, Callable[[ButtonActions], bool]] = {
    "next": ButtonActions._next,
    "confirm": ButtonActions._confirm,
    "bot": ButtonActions._bot,
    "undo": ButtonActions._undo,
    "menu": lambda c: c._open("menu"),
    "history": lambda c: c._open("history", in_game_only=True),
    "settings": lambda c: c._open("settings"),
    "camera": lambda c: c._open("camera"),
    "call-staff": ButtonActions._call_staff,
}
