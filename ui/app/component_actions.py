"""What the app does for the players' own components. No Kivy here.

A mixin of :class:`ui.app.controller.AppController`: the component editor runs
on the play screen like a game (it is a session of the journal, so UNDO, the
history and a pulled plug behave as in a game); it is opened from a game's
set-up screen or from Settings → Your components, and after saving the app
goes back to where it was opened. The ``components`` screen lists every game's
set; the ``usb`` screen the component files on plugged-in USB sticks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.errors import RulesError
from rules.journal import JournalError
from rules.registry import all_games
from rules.text import Msg, printable, verbatim
from ui.component_status import GameComponents, action, describe, every_game, is_editor, lines
from ui.component_store import ComponentFile, ComponentFileError
from ui.i18n import _
from ui.usb import Found, Refused, component_files, refused, sticks

if TYPE_CHECKING:
    from ui.service import TableService

#: The screens of this module and the screen UNDO/Back returns to from each.
SCREENS_BACK = {"components": "settings", "usb": "components"}


@dataclass(frozen=True)
class GameRow:
    """One game on the components screen or a set-up screen."""

    game: str
    title: str
    lines: tuple[str, ...]
    example: bool
    button: str


@dataclass(frozen=True)
class FileRow:
    """One component file on a USB stick."""

    index: int
    name: str
    lines: tuple[str, ...]
    importable: bool


class ComponentActions:
    """The component actions of the app controller (see the module docs)."""

    service: TableService
    screen: str
    chosen_game: str | None
    notice: Msg | None
    error: Msg | None
    on_change: Callable[[], None]
    #: Where the editor was opened from: ("setup", game) or ("components", "").
    editor_origin: tuple[str, str] | None = None
    #: The component files found on the sticks when the USB screen was last opened.
    usb_found: tuple[Found, ...] = ()
    #: Sticks plugged in but not read (not FAT/exFAT), said on the USB screen.
    usb_refused: tuple[Refused, ...] = ()
    #: While the sticks are read: (files read, files found); None when idle.
    usb_progress: tuple[int, int] | None = None

    if TYPE_CHECKING:

        def text(self, message: Msg) -> str: ...
        def _enter_current(self) -> None: ...
        def show(self, screen: str) -> None: ...

    @staticmethod
    def in_background(work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run ``work`` off the UI thread, then ``done(result)`` on it (the app replaces this;
        without a UI both run at once)."""
        done(work())

    @staticmethod
    def on_ui(func: Callable[[], None]) -> None:
        """Run ``func`` on the UI thread (the app replaces this; without a UI: at once)."""
        func()

    # -- the editor ---------------------------------------------------------------------

    def edit_components(self, game: str, origin: str = "components") -> None:
        """Open (or continue) the entry of ``game``'s components on the play screen."""
        try:
            self.service.edit_components(game)
        except (RulesError, JournalError) as exc:
            self.error = _("Not accepted: {reason}", reason=str(exc))
            self.on_change()
            return
        self.editor_origin = (origin, game)
        self.error = None
        self._enter_current()

    def leave_editor(self) -> bool:
        """After the saved step's CONFIRM: back where the editor was opened (True if it was)."""
        if not is_editor(self.service):
            return False
        session = self.service.session
        assert session is not None
        origin, game = self.editor_origin or ("choose", "")
        self.service.session = None
        self.service.session_id = None
        self.editor_origin = None
        if session.prompt().finished:
            self.notice = _("Your components are saved: new games use them.")
        if origin == "setup" and game in all_games():
            self.chosen_game = game
            self.screen = "setup"
            self.on_change()
        else:
            self.show(origin)
        return True

    def note_components(self) -> None:
        """After a start or resume: what the service said about the component set."""
        if self.service.component_notice is not None:
            self.notice = _("Note: {text}", text=self.service.component_notice)

    def note_learned(self) -> None:
        """After a step that entered a component the set lacks: say it is kept as an offer."""
        if self.service.learned_now:
            self.notice = _(
                "Noted: this is not in your components yet. It is offered for saving "
                "(Settings, Your components)."
            )

    # -- the components screen ------------------------------------------------------------

    def _row(self, info: GameComponents) -> GameRow:
        return GameRow(
            game=info.game,
            title=self.text(info.title),
            lines=tuple(self.text(m) for m in lines(info)),
            example=info.example,
            button=self.text(action(info)),
        )

    def component_rows(self) -> list[GameRow]:
        return [self._row(info) for info in every_game(self.service)]

    def setup_component_row(self) -> GameRow | None:
        """What the set-up screen says about the chosen game's components (None: it has none)."""
        if self.chosen_game is None:
            return None
        info = describe(self.service, self.chosen_game)
        return None if info is None else self._row(info)

    def components_back(self) -> None:
        self.show(SCREENS_BACK.get(self.screen, "settings"))

    # -- USB sticks -----------------------------------------------------------------------

    def open_usb(self) -> None:
        """Look for component files on the plugged-in sticks, off the UI thread, and show them.

        The screen shows the progress while the files are read (each at most
        1 MiB, :mod:`ui.outside`); a refused file is a row saying why.
        """
        if self.usb_progress is not None:
            return  # already reading
        self.usb_progress = (0, 0)
        self.show("usb")

        def progress(done: int, total: int) -> None:
            def update() -> None:
                if self.usb_progress is not None:
                    self.usb_progress = (done, total)
                    self.on_change()

            self.on_ui(update)

        def work() -> tuple[tuple[Found, ...], tuple[Refused, ...]]:
            try:
                return tuple(component_files(sticks(), progress)), tuple(refused())
            except (OSError, ValueError, RecursionError, MemoryError) as exc:  # never exit
                return (Found(path=Path("?"), item=None, problem=verbatim(str(exc))),), ()

        def done(result: tuple[tuple[Found, ...], tuple[Refused, ...]]) -> None:
            self.usb_found, self.usb_refused = result
            self.usb_progress = None
            self.show("usb")

        self.in_background(work, done)

    def usb_rows(self) -> list[FileRow]:
        games = all_games()
        rows = []
        for index, found in enumerate(self.usb_found):
            if found.item is None:
                detail = (self.text(_("Cannot be used: {problem}", problem=found.problem)),)
                rows.append(FileRow(index, printable(found.path.name), detail, False))
                continue
            info = describe(self.service, found.item.game)
            same = info is not None and info.own_digest == found.item.digest
            title = self.text(Msg(games[found.item.game].title))
            detail = (
                self.text(
                    _("{game}: a component set ({digest})", game=title, digest=found.item.digest)
                ),
                self.text(
                    _("Already this box's set.")
                    if same
                    else _("Replaces this box's own set.")
                    if info is not None and not info.example
                    else _("This box uses EXAMPLE data for it now.")
                ),
            )
            rows.append(FileRow(index, printable(found.path.name), detail, not same))
        return rows

    def usb_import(self, index: int) -> None:
        """Ask, then keep the file's set as this box's set for its game."""
        found = self.usb_found[index]
        if found.item is None or self.usb_progress is not None:
            return
        title = Msg(all_games()[found.item.game].title)
        ask = getattr(self, "ask", None)  # the confirmation screen, where the app has one
        if ask is None:
            self._usb_import(found)
            return
        ask(
            _("Import the components of {game}?", game=title),
            _("New games of {game} use them; games already started keep their set.", game=title),
            _("Import"),
            lambda: self._usb_import(found),
        )

    def _usb_import(self, found: Found) -> None:
        """Read the file again and keep its set, off the UI thread (the stick may have changed)."""
        store = self.service.components

        def work() -> ComponentFile | ComponentFileError:
            try:
                return store.import_file(found.path, inside=found.inside)
            except ComponentFileError as exc:
                return exc

        def done(result: ComponentFile | ComponentFileError) -> None:
            if isinstance(result, ComponentFileError):
                self.error = _("Not imported: {reason}", reason=result.message)
            else:
                self.error = None
                self.notice = _(
                    "Imported: {game} now uses your own components.",
                    game=Msg(all_games()[result.game].title),
                )
            self.usb_progress = None
            self.open_usb()

        self.usb_progress = (0, 0)  # the screen says it is reading; a second tap waits
        self.on_change()
        self.in_background(work, done)

    def usb_summary(self) -> str:
        if self.usb_progress is not None:
            done, total = self.usb_progress
            if total == 0:
                return self.text(_("Reading the USB stick..."))
            return self.text(
                _(
                    "Reading the USB stick: file {done} of {total}...",
                    done=min(done + 1, total),
                    total=total,
                )
            )
        if self.usb_refused and not self.usb_found:
            stick = self.usb_refused[0]
            return self.text(
                _(
                    "The USB stick {device} is formatted as {kind} and is not read: "
                    "use a stick formatted as FAT or exFAT.",
                    device=stick.device,
                    kind=stick.fs_type,
                )
            )
        if not sticks():
            return self.text(_("No USB stick found. Plug one in and look again."))
        if not self.usb_found:
            return self.text(_("No component files on the USB stick (*.tableside.json)."))
        return self.text(_("Component files on the USB stick:"))
