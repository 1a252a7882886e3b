"""The one place front ends start, resume and drive journalled game sessions.

The terminal, the Kivy app and the GPIO buttons all go through
:class:`TableService`, so every confirmed step reaches the journal the same
way, whatever pressed CONFIRM.

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

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rules.components import COMPONENTS_OPTION, component_record
from rules.decision import Decision
from rules.editor import ComponentEditor
from rules.errors import RulesError
from rules.game import Game
from rules.journal import Journal, JournalError, SessionRecord, open_journal
from rules.registry import editor_for, get_game
from rules.session import Session
from rules.text import Msg
from ui.component_store import ComponentFileError, ComponentStore
from ui.i18n import _

SNAPSHOT_EVERY = 25  # effective steps between state snapshots


class TableService:
    """Owns the journal, the active session and the players' component sets."""

    def __init__(
        self,
        journal_file: Path,
        recover: bool = True,
        components: ComponentStore | None = None,
    ) -> None:
        self.journal: Journal
        self.journal, self.notice = open_journal(journal_file, recover=recover)
        self.components = components or ComponentStore(journal_file.parent / "components")
        self.session: Session | None = None
        self.session_id: int | None = None
        #: What the front end should say about the component set of the game just
        #: started or resumed (a set that differs, a file that cannot be used).
        self.component_notice: Msg | None = None
        #: Components the last answer entered that are now offered for saving.
        self.learned_now = 0

    def close(self) -> None:
        self.journal.close()

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
        session_id = self.journal.create_session(game.name, checked, seed)
        self.session_id = session_id
        self.session = Session(game, checked, seed, sink=self.journal.sink(session_id))
        return self.session

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
        status = self.components.status(game.name)
        try:
            record = component_record(
                game.name,
                schema,
                status.own.data if status.own else None,
                game.example_components(),
            )
        except RulesError:
            return None
        return str(record["digest"])

    def resume(self, session_id: int) -> Session:
        record = self.journal.session(session_id)
        game = get_game(record.game)
        self.session_id = record.id
        self.session = Session(
            game,
            record.options,
            record.seed,
            events=self.journal.events(record.id),
            sink=self.journal.sink(record.id),
            snapshots=self.journal.snapshot_lookup(record.id),
        )
        self.component_notice = self._differs(game, self.session.options)
        return self.session

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

    def resumable(self, game_name: str | None = None) -> SessionRecord | None:
        return self.journal.latest_unfinished(game_name)

    # -- entering components ----------------------------------------------------------

    def edit_components(self, game_name: str) -> Session:
        """Open the component editor of a game: its draft if one is unfinished, else a new one.

        A new entry starts from the players' own set (to correct) or from
        nothing, and takes what the table entered while playing.
        """
        editor = editor_for(game_name)
        if editor is None:
            raise RulesError(f"{game_name} has no printed components to enter")
        draft = self.journal.latest_unfinished(editor.name)
        if draft is not None:
            return self.resume(draft.id)
        status = self.components.status(game_name)
        options = {
            "start": status.own.data if status.own else None,
            "learned": status.learned,
        }
        return self.start(editor.name, options)

    def draft(self, game_name: str) -> Session | None:
        """The unfinished component entry of a game (not made current), or ``None``."""
        editor = editor_for(game_name)
        record = None if editor is None else self.journal.latest_unfinished(editor.name)
        if editor is None or record is None:
            return None
        return Session(editor, record.options, record.seed, events=self.journal.events(record.id))

    def _save_components(self, session: Session) -> None:
        """The editor's set was saved by the players: keep it in the store (or undo the save)."""
        editor = session.game
        assert isinstance(editor, ComponentEditor)
        result = editor.result(session.state)
        try:
            if result is None:
                raise ComponentFileError("the editor finished without a component set")
            self.components.save(editor.game_name, result)
        except ComponentFileError as exc:
            session.undo()  # back to the menu: the entry stays in the draft
            raise JournalError(f"the components were not saved: {exc}") from None
        self.components.clear_learned(editor.game_name)

    # -- driving ----------------------------------------------------------------------

    def _require(self) -> tuple[Session, int]:
        if self.session is None or self.session_id is None:
            raise JournalError("no game is running")
        return self.session, self.session_id

    def answer(self, values: Mapping[str, Any] | None = None) -> Decision | None:
        session, session_id = self._require()
        decision = session.answer(values)
        self.learned_now = 0
        if session.entered:
            try:
                self.learned_now = self.components.add_learned(session.game.name, session.entered)
            except OSError:
                self.learned_now = 0  # an offer lost, never a step: the journal has the answer
        finished = session.prompt().finished
        if finished and isinstance(session.game, ComponentEditor):
            self._save_components(session)
        if session.step_count % SNAPSHOT_EVERY == 0:
            steps, digest, state = session.snapshot()
            self.journal.put_snapshot(session_id, steps, digest, state)
        if finished:
            self.journal.set_finished(session_id)
        return decision

    def undo(self, to_step: int | None = None) -> None:
        session, session_id = self._require()
        was_finished = session.prompt().finished
        session.undo(to_step)
        if was_finished:
            self.journal.set_finished(session_id, False)

    def redo(self) -> Decision | None:
        session, session_id = self._require()
        decision = session.redo()
        if session.prompt().finished:
            if isinstance(session.game, ComponentEditor):
                self._save_components(session)
            self.journal.set_finished(session_id)
        return decision
