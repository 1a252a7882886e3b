"""A spare box takes over a game: the keeper's steps written into its journal, replayed, checked.

The game keeps its uid, so the keeper goes on filling the same record and the
old box's mirror and the spare's join up. The journal is written through
:class:`rules.journal.Journal` like any game (checksums, one writer per
game); the replay through the rules core gives the state, whose digest must
equal the one the old box reported for the same step.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from fleet.digest import state_digest
from fleet.protocol import Adoption
from rules.journal import Journal
from rules.registry import get_game
from rules.session import Session


@dataclass(frozen=True, kw_only=True)
class Adopted:
    """What taking over a game did."""

    session_id: int
    uid: str
    steps: int  # events in the spare's journal for the game now
    written: int  # events written by this adoption
    digest: str  # the state digest after replaying them here
    expected: str  # the old box's digest ("" when it reported none)
    seconds: float

    @property
    def digest_equal(self) -> bool | None:
        """Whether the replay reached the old box's state (``None``: nothing to compare)."""
        return None if not self.expected else self.digest == self.expected


def adopt(journal_path: Path, adoption: Adoption) -> Adopted:
    """Write the adopted game's steps the spare lacks into its journal and replay the game."""
    started = time.monotonic()
    options = json.loads(adoption.options)
    journal = Journal(journal_path)
    try:
        session_id = journal.session_with_uid(adoption.uid)
        if session_id is None:
            session_id = journal.create_session(
                adoption.game, options, adoption.seed, uid=adoption.uid
            )
        have = len(journal.events(session_id))
        for event in adoption.steps[have:]:
            journal.append(session_id, event)
        events = journal.events(session_id)
        session = Session(get_game(adoption.game), options, adoption.seed, events=events)
        if session.prompt().finished:
            journal.set_finished(session_id)
        digest = state_digest(session.state)
        if adoption.steps and len(events) > len(adoption.steps):
            # The spare already played on: compare at the old box's last step.
            digest = state_digest(
                Session(
                    get_game(adoption.game), options, adoption.seed,
                    events=events[: len(adoption.steps)],
                ).state
            )  # fmt: skip
    finally:
        journal.close()
    return Adopted(
        session_id=session_id,
        uid=adoption.uid,
        steps=len(events),
        written=max(0, len(adoption.steps) - have),
        digest=digest,
        expected=adoption.digest,
        seconds=time.monotonic() - started,
    )
