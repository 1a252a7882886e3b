"""The end of a game is a screen of its own (issue 23: nothing ends a game by accident).

When a game is won, lost or finished its last prompt (``Prompt.finished``)
is shown on the ``over`` screen: the result in large type, the final lines
(scores, who won) and the bot's last action, with History, Menu, "Undo the
last step" and "New game". CONFIRM there only moves the focus ring onto the
buttons like on every menu screen (it never starts a new game: Ante Portas'
defeat screen once did on one press); UNDO takes the last step back, so a
game lost to a wrong answer is one press from being played on. "New game"
asks first (the confirmation screen), and the finished game stays in the
menu's saved games, marked "game over", to be opened and undone later.

The component editor's last step is not a game's end: it keeps its "Done"
(``ui/app/component_actions.py``). No Kivy here.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.session import Session
from rules.text import Translator
from ui.app.presenters import render, where_text
from ui.component_status import is_editor
from ui.i18n import _
from ui.service import TableService

OVER = "over"


def is_over(service: TableService) -> bool:
    """True when the game on the table is finished (and it is a game, not the editor)."""
    session = service.session
    return session is not None and session.prompt().finished and not is_editor(service)


@dataclass(frozen=True, kw_only=True)
class OverView:
    """What the end-of-game screen shows."""

    where: str
    step_text: str
    #: "Victory! ...", "The Nomads win.", "Game over": the prompt's own title.
    result: str
    #: The final lines (scores, ties) and the bot's last action, if it had one.
    lines: tuple[str, ...]
    #: What stays and how to go back: the game is kept, UNDO takes back its last step.
    note: str
    can_undo: bool


def over_view(session: Session, tr: Translator) -> OverView:
    prompt = session.prompt()
    lines = [render(m, tr) for m in prompt.lines]
    last = prompt.decision or session.last_decision
    if last is not None:
        lines.append(
            _("The bot's last action: {summary}", summary=render(last.summary, tr)).render(tr)
        )
    return OverView(
        where=where_text(prompt, tr),
        step_text=_("Step {n}", n=session.step_count).render(tr),
        result=render(prompt.title, tr),
        lines=tuple(lines),
        note=_(
            "The game is over. It stays in the menu as a finished game; "
            "UNDO takes back its last step."
        ).render(tr),
        can_undo=session.can_undo,
    )
