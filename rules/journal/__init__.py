"""The SQLite journal: every confirmed step, durable before it counts.

One file holds many sessions. It runs in WAL mode with ``synchronous=FULL``,
so a step whose ``append`` returned survives a pulled plug. Every session
and event carries a checksum (:mod:`.integrity`), the file carries SQLite's
``application_id``, and a last good copy (``.bak``, SQLite's online backup)
is refreshed every few steps.

:func:`open_journal` (:mod:`.recovery`) looks before it touches anything: it
reads the file and its ``-wal`` into memory (:mod:`.reading`), never through
SQLite on the original, so a foreign ``-wal`` is never checkpointed into it,
and verifies every row.

- **Healthy**: opened for writing (:class:`Journal`, :mod:`.store`); steps
  missing from it but present in the last good copy (a lost ``-wal``) are
  put back.
- **Damaged or foreign** (or empty/missing while a last good copy or a
  damaged copy exists): every intact event from every source is merged into
  a new file built beside it; only then is the original moved aside under a
  unique ``.damaged-<time>`` name (:mod:`.files`; never deleted) and the new
  file put in its place. Each game resumes from its last intact event; the
  notice says so.
- **One writer per game** (:mod:`.locks`): a process appends to a game only
  while it holds that game's lock (taken at resume and at the first write);
  another gets :class:`GameInUse` naming it. Only a process that has the
  journal to itself repairs it.
- **The environment refuses** (storage full, read-only, permission, I/O):
  nothing is moved; the journal opens *read-only* from memory with
  :attr:`Journal.problem` set, so the game can be viewed; writing raises
  :class:`JournalUnavailable` until the condition clears.

Every SQLite and OS error leaves this package as a :class:`JournalError`
(:mod:`.errors`). This is the only I/O the rules core does.
"""

from rules.journal.errors import GameInUse, JournalDamaged, JournalError, JournalUnavailable
from rules.journal.reading import APPLICATION_ID
from rules.journal.recovery import JournalCheck, check_journal, open_journal
from rules.journal.store import (
    BACKUP_EVERY,
    SCHEMA_VERSION,
    Journal,
    JournalSink,
    SessionRecord,
)

__all__ = [
    "APPLICATION_ID",
    "BACKUP_EVERY",
    "SCHEMA_VERSION",
    "GameInUse",
    "Journal",
    "JournalCheck",
    "JournalDamaged",
    "JournalError",
    "JournalSink",
    "JournalUnavailable",
    "SessionRecord",
    "check_journal",
    "open_journal",
]
