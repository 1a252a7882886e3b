"""The journal read as the fleet's outbox: sessions and their events, read-only.

The journal itself is the outbox (paho keeps unsent messages only in memory):
every confirmed step is already in it, so after any outage the box client
reads again whatever the keeper does not hold yet. This reader has its own
read-only SQLite connection (WAL lets it read beside the app's writer) and
reopens it when the journal file was replaced (a repair moves it aside).
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, kw_only=True)
class GameRow:
    """A journal session as the fleet names it: by its uid."""

    id: int
    uid: str
    game: str
    options: str
    seed: int
    events: int


class Outbox:
    """Read sessions and events of one journal file without ever writing to it."""

    def __init__(self, journal: Path) -> None:
        self.path = Path(journal)
        self._conn: sqlite3.Connection | None = None
        self._inode: int | None = None

    def _db(self) -> sqlite3.Connection | None:
        try:
            inode = os.stat(self.path).st_ino
        except OSError:
            self.close()
            return None
        if self._conn is None or inode != self._inode:
            self.close()
            self._conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)
            self._inode = inode
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def games(self) -> list[GameRow]:
        """Every session with at least one event, oldest first."""
        db = self._db()
        if db is None:
            return []
        try:
            rows = db.execute(
                "SELECT s.id, s.uid, s.game, s.options, s.seed,"
                " (SELECT COUNT(*) FROM events e WHERE e.session_id = s.id)"
                " FROM sessions s ORDER BY s.id"
            ).fetchall()
        except sqlite3.Error:
            self.close()
            return []
        return [
            GameRow(id=r[0], uid=r[1], game=r[2], options=r[3], seed=r[4], events=r[5])
            for r in rows
            if r[5] > 0 and r[1]
        ]

    def game(self, session_id: int) -> GameRow | None:
        for row in self.games():
            if row.id == session_id:
                return row
        return None

    def events_after(self, session_id: int, seq: int, limit: int = 500) -> list[tuple[int, Any]]:
        """``(seq, event)`` of the session's events after ``seq``, in order, at most ``limit``."""
        db = self._db()
        if db is None:
            return []
        try:
            rows = db.execute(
                "SELECT seq, body FROM events WHERE session_id=? AND seq>? ORDER BY seq LIMIT ?",
                (session_id, seq, limit),
            ).fetchall()
        except sqlite3.Error:
            self.close()
            return []
        return [(int(s), json.loads(body)) for s, body in rows]
