"""Which screen shows, and where "back" goes. A mixin of :class:`ui.app.controller.AppController`.

Screens: ``resume``, ``choose``, ``setup``, ``checklist``, ``play`` (the
game), and the overlays reached from it and left with Back or UNDO
(:data:`OVERLAYS`: ``trace``, ``history``, ``settings``, ``camera``, ``menu``,
``confirm`` and the component screens). An overlay remembers the screen it
was opened from; a history entry's trace goes back to the history. The
``confirm`` screen holds one :class:`Pending` action that runs only on Yes
(ending a game must never be an accident). No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.text import Msg
from ui.app.component_actions import SCREENS_BACK
from ui.app.game_over import OVER

if TYPE_CHECKING:
    from ui.service import TableService

#: Screens reached from the game and left with "back" (UNDO on a menu screen).
OVERLAYS = ("trace", "history", "settings", "camera", "menu", "confirm", *SCREENS_BACK)


@dataclass(frozen=True)
class Pending:
    """An action waiting on the confirmation screen (ending a game must never be an accident)."""

    question: Msg
    detail: Msg
    yes: Msg
    action: Callable[[], None]


class Routing:
    """Screen routing: :meth:`show`, :meth:`back` and the confirmation screen."""

    service: TableService
    screen: str
    _back_to: str
    trace_index: int | None
    pending: Pending | None
    on_change: Callable[[], None]

    if TYPE_CHECKING:

        def components_back(self) -> None: ...

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
            if target in {"play", "checklist", OVER} and self.service.session is None:
                target = "choose"
            self.screen = target
            self.pending = None
        elif self.screen == "setup":
            self.screen = "choose"
        self.on_change()

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
