"""The one place front ends start, resume and drive journalled game sessions.

The terminal, the Kivy app and the GPIO buttons all go through
:class:`TableService`, so every confirmed step reaches the journal the same
way, whatever pressed CONFIRM.

Errors: besides the rules' own :class:`~rules.errors.RulesError` (an answer
the rules refuse), every failure of the storage, whatever SQLite or the OS
said, reaches the caller as one family, :class:`~rules.journal.JournalError`,
whose ``message`` is a translatable :class:`~rules.text.Msg` to show as it
is. Nothing is half-done when it is raised: a step either is in the journal
and on screen, or in neither.

When the storage refuses writes (full, read-only, permission, I/O) the
service keeps the game: :attr:`TableService.problem` says why,
:attr:`TableService.can_save` is ``False``, the game can still be viewed
(resume, history, trace), and every step tried meanwhile first checks again,
so play continues by itself once the condition clears
(:meth:`TableService.recheck` does the same for a timer).

It also hands each game the players' own printed components
(docs/components.md): a new game gets the set kept in the component store
(``components/`` beside the journal, i.e. in the data directory), else the
game's EXAMPLE set; resuming a game whose set differs from the box's set
today says so (the game plays on with its own set). Component editors
(``rules.editor``) run as sessions of the same journal, so a half-entered set
is a draft that survives a pulled plug; when the players save, the set goes
into the store. What the table enters of its components while playing
(``Game.component_entries``) is kept there too, to be offered for saving.
"""

from __future__ import annotations

import logging
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from rules.components import COMPONENTS_OPTION, component_record
from rules.decision import Decision
from rules.editor import ComponentEditor
from rules.errors import IllegalInput, RulesError
from rules.game import Game
from rules.journal import Journal, JournalError, JournalSink, SessionRecord, open_journal
from rules.journal.files import storage_error
from rules.registry import editor_for, get_game
from rules.session import Session
from rules.text import Msg
from ui.component_store import ComponentFileError, ComponentStore
from ui.i18n import _

SNAPSHOT_EVERY = 25  # effective steps between state snapshots

log = logging.getLogger("tableside.service")
T = TypeVar("T")


class TableService:
    """Owns the journal, the active session and the players' component sets."""

    def __init__(
        self,
        journal_file: Path,
        recover: bool = True,
        components: ComponentStore | None = None,
        backups_at_rest: bool = False,
        holder: str = "",
    ) -> None:
        self.path = Path(journal_file)
        self.recover = recover
        #: How this process is named to another that wants to play the same game
        #: (``app``, ``play``): one process plays a game at a time (docs/journal.md).
        self.holder = holder
        #: The app refreshes the journal's last good copy at rest (:meth:`at_rest`),
        #: never inside a press; the terminal and the tests with each step that is due.
        self.backups_at_rest = backups_at_rest
        self.journal: Journal
        self.notice: Msg | None
        with self._storage():
            self.journal, self.notice = open_journal(self.path, recover=recover)
        self.journal.defer_backups = backups_at_rest
        self.journal.role = holder
        self.components = components or ComponentStore(self.path.parent / "components")
        self.session: Session | None = None
        self.session_id: int | None = None
        #: What the front end should say about the component set of the game just
        #: started or resumed (a set that differs, a file that cannot be used).
        self.component_notice: Msg | None = None
        #: How many components the last answer entered that are now offered for saving.
        self.learned_now = 0

    def close(self) -> None:
        self.at_rest()
        self.journal.close()

    def at_rest(self) -> None:
        """Work that waits until nobody is pressing: the journal's due last good copy."""
        if self.journal.writable and self.journal.problem is None:
            self.journal.backup_if_due()

    # -- storage state ----------------------------------------------------------------

    @property
    def problem(self) -> Msg | None:
        """Why steps cannot be saved now (show it with the game), or ``None``."""
        problem = self.journal.problem
        return problem.message if problem is not None else None

    @property
    def can_save(self) -> bool:
        """``False`` while the storage refuses writes; the game stays viewable meanwhile."""
        return self.journal.writable and self.journal.problem is None

    @property
    def read_only(self) -> bool:
        """The journal is a read-only copy held in memory (see :meth:`recheck`)."""
        return not self.journal.writable

    def recheck(self) -> bool:
        """Check the storage again; ``True`` when steps can be saved (play continues).

        One small durable write is tried on the open journal; if that fails,
        the journal is opened again from the file (a card remounted read-only
        needs a fresh connection once it is writable again). Cheap enough for
        a timer every few seconds while :attr:`problem` is set.
        """
        if self.journal.writable and (self.journal.problem is None or self.journal.probe()):
            return True
        try:
            journal, notice = open_journal(self.path, recover=self.recover)
        except JournalError as exc:
            log.warning("journal still unavailable: %s", exc)
            return False
        if not journal.writable or journal.problem is not None:
            journal.close()
            return False
        journal.defer_backups = self.backups_at_rest
        journal.role = self.holder
        journal.hand_over(self.journal)
        old, self.journal = self.journal, journal
        old.close()
        if notice is not None:
            self.notice = notice
        self._reload_session()
        return True

    def _reload_session(self) -> None:
        """After reopening: keep the session if the file agrees, else replay it from the file."""
        if self.session is None or self.session_id is None:
            return
        try:
            events = self.journal.events(self.session_id)
        except JournalError:
            self.session, self.session_id = None, None
            return
        if events != self.session.events:
            self.resume(self.session_id)

    def _ready(self) -> None:
        """Before a write: after a storage problem, check again; still refused -> its problem."""
        if not self.can_save and not self.recheck():
            assert self.journal.problem is not None
            raise self.journal.problem

    @contextmanager
    def _storage(self) -> Iterator[None]:
        """The last net: any SQLite or OS error becomes a :class:`JournalError`."""
        try:
            yield
        except (sqlite3.Error, OSError) as exc:
            log.warning("journal %s: %s", self.path, exc)
            raise storage_error(exc, self.path) from exc

    def _guarded(self, action: Callable[[], T]) -> T:
        with self._storage():
            return action()

    # -- starting ---------------------------------------------------------------------

    def start(self, game_name: str, options: Mapping[str, Any], seed: int | None = None) -> Session:
        """Start a game (with the players' own components unless ``options`` name a set)."""
        game = get_game(game_name)
        options = dict(options)
        self.component_notice = None
        if COMPONENTS_OPTION not in options and not isinstance(game, ComponentEditor):
            own = self._own_components(game)
            if own is not None:
                options[COMPONENTS_OPTION] = own
        checked = game.coerce_options(options)
        seed = secrets.randbelow(2**31) if seed is None else int(seed)
        self._ready()
        session_id = self._guarded(lambda: self.journal.create_session(game.name, checked, seed))
        self._leave(session_id)
        self.session_id = session_id
        self.session = Session(
            game, checked, seed, sink=JournalSink(lambda: self.journal, session_id)
        )
        return self.session

    def resume(self, session_id: int) -> Session:
        """Resume a game: this process becomes its only writer (else :class:`GameInUse`)."""

        def load() -> Session:
            record = self.journal.session(session_id)
            return Session(
                get_game(record.game),
                record.options,
                record.seed,
                events=self.journal.events(record.id),
                sink=JournalSink(lambda: self.journal, record.id),
                snapshots=self.journal.snapshot_lookup(record.id),
            )

        self._guarded(lambda: self.journal.claim(session_id))
        try:
            session = self._guarded(load)
        except BaseException:
            if session_id != self.session_id:
                self.journal.release(session_id)
            raise
        self._leave(session_id)
        self.session = session
        self.session_id = session_id
        self.component_notice = self._differs(self.session.game, self.session.options)
        return self.session

    def watch(self, session_id: int) -> Session:
        """A game replayed for reading only: never claimed, never written (benchmarks, views).

        The process playing it keeps its lock; what is returned has no sink, so an
        answer on it changes nothing on the card.
        """

        def load() -> Session:
            record = self.journal.session(session_id)
            return Session(
                get_game(record.game),
                record.options,
                record.seed,
                events=self.journal.events(record.id),
                snapshots=self.journal.snapshot_lookup(record.id),
            )

        return self._guarded(load)

    def _leave(self, new_id: int) -> None:
        """The game played until now is left for ``new_id``: another process may take it."""
        if self.session_id is not None and self.session_id != new_id:
            self.journal.release(self.session_id)

    def resumable(self, game_name: str | None = None) -> SessionRecord | None:
        return self._guarded(lambda: self.journal.latest_unfinished(game_name))

    # -- the players' components --------------------------------------------------------

    def _own_components(self, game: Game) -> dict[str, Any] | None:
        if game.component_schema() is None:
            return None
        status = self.components.status(game.name)
        if status.problem is not None:
            self.component_notice = _(
                "Your components for {game} cannot be used ({problem}); this game uses the "
                "EXAMPLE set. Enter them again in Settings.",
                game=Msg(game.title),
                problem=status.problem,
            )
        return None if status.own is None else status.own.data

    def current_digest(self, game: Game) -> str | None:
        """The digest of the set a new game of ``game`` would use on this box today."""
        schema = game.component_schema()
        if schema is None:
            return None
        own = self.components.status(game.name).own
        try:
            record = component_record(
                game.name, schema, own.data if own else None, game.example_components()
            )
        except RulesError:
            return None
        return str(record["digest"])

    def _differs(self, game: Game, options: Mapping[str, Any]) -> Msg | None:
        """A warning when a resumed game's component set is not the box's set of today."""
        record = options.get(COMPONENTS_OPTION)
        if not isinstance(record, Mapping) or isinstance(game, ComponentEditor):
            return None
        today = self.current_digest(game)
        if today is None or today == record.get("digest"):
            return None
        return _(
            "This game was set up with another component set ({was}) than this box has now "
            "({now}); it goes on with the set it started with.",
            was=str(record.get("digest")),
            now=today,
        )

    def edit_components(self, game_name: str) -> Session:
        """Open the component editor of a game: its draft if one is unfinished, else a new one.

        A new entry starts from the players' own set (to correct) or from
        nothing, and takes what the table entered while playing.
        """
        editor = editor_for(game_name)
        if editor is None:
            raise RulesError(f"{game_name} has no printed components to enter")
        draft = self.resumable(editor.name)
        if draft is not None:
            return self.resume(draft.id)
        status = self.components.status(game_name)
        options = {"start": status.own.data if status.own else None, "learned": status.learned}
        return self.start(editor.name, options)

    def draft(self, game_name: str) -> Session | None:
        """The unfinished component entry of a game (not made current), or ``None``."""
        editor = editor_for(game_name)
        if editor is None:
            return None
        record = self.resumable(editor.name)
        if record is None:
            return None
        events = self._guarded(lambda: self.journal.events(record.id))
        return Session(editor, record.options, record.seed, events=events)

    def _keep_components(self, session: Session, values: Mapping[str, Any] | None) -> None:
        """Before an editor's "save" is journalled: keep the set in the store (or refuse)."""
        editor = session.game
        if not isinstance(editor, ComponentEditor):
            return
        result = editor.saving(session.state, session.prompt().coerce(values or {}))
        if result is None:
            return
        try:
            self.components.save(editor.game_name, result)
        except ComponentFileError as exc:  # nothing journalled: the entry stays a draft
            raise IllegalInput(
                _("The components were not saved: {reason}", reason=str(exc)), "go"
            ) from None
        self.components.clear_learned(editor.game_name)

    def _learn(self, session: Session) -> None:
        """Keep what the last answer entered of the printed components, to offer it for saving."""
        self.learned_now = 0
        if session.entered:
            try:
                self.learned_now = self.components.add_learned(session.game.name, session.entered)
            except OSError as exc:  # an offer lost, never a step: the journal has the answer
                log.warning("components learned in play not kept: %s", exc)

    # -- driving ----------------------------------------------------------------------

    def _require(self) -> tuple[Session, int]:
        if self.session is None or self.session_id is None:
            raise JournalError("no game is running")
        return self.session, self.session_id

    def answer(self, values: Mapping[str, Any] | None = None) -> Decision | None:
        session, session_id = self._require()
        self._ready()
        self._keep_components(session, values)
        decision = self._guarded(lambda: session.answer(values))
        self._learn(session)
        if session.step_count % SNAPSHOT_EVERY == 0:
            steps, digest, state = session.snapshot()
            self._guarded(lambda: self.journal.put_snapshot(session_id, steps, digest, state))
        return decision

    def undo(self, to_step: int | None = None) -> None:
        session, _session_id = self._require()
        self._ready()
        self._guarded(lambda: session.undo(to_step))

    def redo(self) -> Decision | None:
        session, _session_id = self._require()
        self._ready()
        if session.can_redo:
            self._keep_components(session, session.redo_values)
        return self._guarded(session.redo)
