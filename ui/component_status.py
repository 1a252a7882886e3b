"""What each game's components are on this box, in words for the set-up screens and Settings.

Kivy-free, shared by the app and the terminal: whether a new game would use
the players' own set or the EXAMPLE set, what is still missing, how far an
unfinished entry (a draft) got, and what the table entered while playing that
waits to be saved (docs/components.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.editor import ComponentEditor
from rules.registry import all_games, editor_for
from rules.text import Msg, msgn
from ui.i18n import _
from ui.service import TableService

#: At most this many missing parts are named on a set-up screen.
NAMED = 4


@dataclass(frozen=True, kw_only=True)
class GameComponents:
    """One game's components on this box."""

    game: str
    title: Msg
    own_digest: str | None
    problem: str | None
    #: ``(entered, all)`` items of the unfinished entry, if there is one.
    draft: tuple[int, int] | None
    #: What is missing (own set: nothing; draft: its missing items; else everything).
    missing: tuple[Msg, ...]
    learned: int

    @property
    def example(self) -> bool:
        """A new game would use the EXAMPLE set."""
        return self.own_digest is None


def describe(service: TableService, game_name: str) -> GameComponents | None:
    """The components of ``game_name`` on this box (``None``: the game has none to enter)."""
    editor = editor_for(game_name)
    if editor is None:
        return None
    status = service.components.status(game_name)
    draft_session = service.draft(game_name)
    draft_progress = None
    if draft_session is not None:
        draft = draft_session.state["draft"]
        items = editor.items(draft)
        missing_items = editor.missing(draft)
        draft_progress = (len(items) - len(missing_items), len(items))
    elif status.own is None:
        missing_items = list(editor.items(editor.blank()))
    else:
        missing_items = []
    return GameComponents(
        game=game_name,
        title=Msg(all_games()[game_name].title),
        own_digest=status.own.digest if status.own else None,
        problem=status.problem,
        draft=draft_progress,
        missing=editor.outline(missing_items),
        learned=len(status.learned),
    )


def every_game(service: TableService) -> list[GameComponents]:
    """Every game with printed components, in the games' order."""
    found = [describe(service, name) for name in all_games()]
    return [info for info in found if info is not None]


def lines(info: GameComponents) -> tuple[Msg, ...]:
    """What a set-up screen says about the components a new game would use."""
    out: list[Msg] = []
    if info.example:
        shown = info.missing[:NAMED]
        more = len(info.missing) - len(shown)
        what = shown[0]
        for part in shown[1:]:
            what = _("{a}, {b}", a=what, b=part)
        if more > 0:
            what = _("{parts} and {n} more", parts=what, n=more)
        out.append(_("EXAMPLE data: the bot would decide on made-up components."))
        out.append(_("Missing from your box: {parts}.", parts=what))
    else:
        out.append(_("Components: your own set ({digest}).", digest=info.own_digest))
    if info.problem:
        out.append(_("Your saved components cannot be used: {problem}", problem=info.problem))
    if info.draft is not None:
        done, total = info.draft
        out.append(_("Your entry is half done: {done} of {all}.", done=done, all=total))
    if info.learned:
        out.append(
            msgn(
                "{n} component entered during play waits to be saved.",
                "{n} components entered during play wait to be saved.",
                n=info.learned,
            )
        )
    return tuple(out)


def action(info: GameComponents) -> Msg:
    """The label of the button that opens the editor."""
    if info.draft is not None:
        return _("Continue entering your components")
    if info.example:
        return _("Enter your components")
    if info.learned:
        return _("Add what you entered during play")
    return _("Correct your components")


def is_editor(service: TableService) -> bool:
    """True while the running session is a component editor."""
    session = service.session
    return session is not None and isinstance(session.game, ComponentEditor)
