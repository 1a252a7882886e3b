"""The keeper: the hub's mirror of every box's games, in its own SQLite.

It subscribes to every box's steps (a persistent MQTT session, so Mosquitto
queues steps while the keeper restarts) and stores each ``INSERT OR IGNORE``
keyed ``(uid, seq)``: a step sent twice is stored once. After storing, it
publishes each box's retained high-water mark, ``{"games": {uid: seq}}``,
where ``seq`` is the highest step below which (and at which) it holds every
step of that game without a gap; the box resends whatever lies above.

It also answers calls (``call-received``), hands a game to a spare box on a
staff ``adopt`` (a retained :class:`~fleet.protocol.Adoption` for the spare,
a retained ``moved`` for the old box) and answers a box's ``fetch`` with the
same adoption. It writes nothing but its own database and its replies.
"""

from __future__ import annotations

import json
import logging
import signal
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from fleet.mqtt import Account, connect_async, make_client
from fleet.protocol import (
    ROOT,
    STAFF_ADOPT,
    Adoption,
    ProtocolError,
    Step,
    box_of,
    check_box_name,
    decode,
    encode,
    keeper_topic,
)

log = logging.getLogger("tableside.keeper")

#: Seconds between a step stored and its box's high-water mark published (marks coalesce).
MARK_EVERY = 0.1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS steps (
    uid TEXT NOT NULL,
    seq INTEGER NOT NULL,
    box TEXT NOT NULL,
    event TEXT NOT NULL,
    digest TEXT NOT NULL DEFAULT '',
    received REAL NOT NULL,
    PRIMARY KEY (uid, seq)
);
CREATE TABLE IF NOT EXISTS games (
    uid TEXT PRIMARY KEY,
    box TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    mark INTEGER NOT NULL DEFAULT -1,
    moved_from TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS calls (
    box TEXT NOT NULL,
    id TEXT NOT NULL,
    at REAL NOT NULL,
    received REAL NOT NULL,
    PRIMARY KEY (box, id)
);
"""


class KeeperStore:
    """The keeper's SQLite: steps, games (owner box, high-water mark), calls."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        self.conn.execute("PRAGMA journal_mode=WAL")
        # A process crash loses nothing committed; a power cut may lose the newest
        # steps, which the boxes resend because the high-water mark is read back from here.
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(_SCHEMA)

    @contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def put(self, step: Step) -> tuple[str, int] | None:
        """Store a step; returns ``(owner box, new mark)`` if the game's mark moved."""
        with self.tx() as db:
            row = db.execute("SELECT box, mark FROM games WHERE uid=?", (step.uid,)).fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO games (uid, box, game, options, seed) VALUES (?,?,?,?,?)",
                    (step.uid, step.box, step.game, step.options, step.seed),
                )
                owner, mark = step.box, -1
            else:
                owner, mark = row
            if owner != step.box:
                log.warning("step %s/%d from %s, but the game is %s's: ignored",
                            step.uid, step.seq, step.box, owner)  # fmt: skip
                return None
            db.execute(
                "INSERT OR IGNORE INTO steps (uid, seq, box, event, digest, received)"
                " VALUES (?,?,?,?,?,?)",
                (step.uid, step.seq, step.box, json.dumps(step.event, sort_keys=True),
                 step.digest, time.time()),
            )  # fmt: skip
            if step.seq != mark + 1:
                return None
            new = mark
            seqs = db.execute(
                "SELECT seq FROM steps WHERE uid=? AND seq>? ORDER BY seq", (step.uid, mark)
            ).fetchall()
            for (seq,) in seqs:
                if seq != new + 1:
                    break
                new = seq
            db.execute("UPDATE games SET mark=? WHERE uid=?", (new, step.uid))
            return owner, new

    def marks(self, box: str) -> dict[str, int]:
        rows = self.conn.execute("SELECT uid, mark FROM games WHERE box=?", (box,)).fetchall()
        return {uid: mark for uid, mark in rows if mark >= 0}

    def boxes(self) -> list[str]:
        rows = self.conn.execute(
            "SELECT DISTINCT box FROM games UNION SELECT DISTINCT moved_from FROM games"
        ).fetchall()
        return sorted(b for (b,) in rows if b)

    def moved(self, box: str) -> dict[str, str]:
        """The games moved away from ``box``: uid -> the box that has them now."""
        rows = self.conn.execute("SELECT uid, box FROM games WHERE moved_from=?", (box,)).fetchall()
        return dict(rows)

    def adoption(self, uid: str) -> Adoption | None:
        """The game as a spare needs it: every step held, from 0 to the mark."""
        row = self.conn.execute(
            "SELECT box, game, options, seed, mark, moved_from FROM games WHERE uid=?", (uid,)
        ).fetchone()
        if row is None:
            return None
        box, game, options, seed, mark, moved_from = row
        rows = self.conn.execute(
            "SELECT event, digest FROM steps WHERE uid=? AND seq<=? ORDER BY seq", (uid, mark)
        ).fetchall()
        return Adoption(
            uid=uid,
            game=game,
            options=options,
            seed=seed,
            source=moved_from or box,
            steps=[json.loads(e) for e, _d in rows],
            digest=rows[-1][1] if rows else "",
        )

    def move(self, uid: str, to: str) -> str | None:
        """Give the game to box ``to``; returns the box it came from (``None``: unknown game)."""
        with self.tx() as db:
            row = db.execute("SELECT box FROM games WHERE uid=?", (uid,)).fetchone()
            if row is None:
                return None
            if row[0] != to:
                db.execute("UPDATE games SET box=?, moved_from=? WHERE uid=?", (to, row[0], uid))
            return str(row[0])

    def call(self, box: str, call_id: str, at: float) -> None:
        with self.tx() as db:
            db.execute(
                "INSERT OR IGNORE INTO calls (box, id, at, received) VALUES (?,?,?,?)",
                (box, call_id, at, time.time()),
            )

    def count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM steps").fetchone()[0])

    def close(self) -> None:
        self.conn.close()


class Keeper:
    """The keeper process: one MQTT client (persistent session) and one :class:`KeeperStore`.

    Runs on the calling thread (:meth:`run`); every callback comes from
    paho's loop on that thread, so the SQLite connection has one user.
    """

    def __init__(self, account: Account, database: Path) -> None:
        self.account = account
        self.database = Path(database)
        self.store: KeeperStore | None = None
        self.client = make_client(account, client_id="keeper")
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self._due: dict[str, float] = {}  # box -> when its mark is to be published
        self._stop = threading.Event()
        self.connected = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:
        """Connect (and reconnect, every second) and serve until :meth:`stop`."""
        self.store = KeeperStore(self.database)
        connect_async(self.client, self.account, persistent=True, keepalive=10)
        retry_at = 0.0
        try:
            while not self._stop.is_set():
                if self.client.loop(timeout=0.05) != mqtt.MQTT_ERR_SUCCESS:
                    self.connected.clear()
                    if time.monotonic() >= retry_at:
                        retry_at = time.monotonic() + 1.0
                        try:
                            self.client.reconnect()
                        except OSError as exc:
                            log.info("keeper: the broker cannot be reached yet: %s", exc)
                    else:
                        time.sleep(0.05)
                    continue
                self._publish_due()
        finally:
            self.client.disconnect()
            self.store.close()

    # -- MQTT --------------------------------------------------------------------------

    def _on_connect(self, client: mqtt.Client, _u: Any, _f: Any, rc: Any, _p: Any) -> None:
        if rc.is_failure:
            log.warning("keeper: the broker refused the connection: %s", rc)
            return
        for what in ("step", "call", "fetch"):
            client.subscribe(f"{ROOT}/box/+/{what}", qos=1)
        client.subscribe(STAFF_ADOPT, qos=1)
        assert self.store is not None
        # After a restart of the broker (its retained messages may be older than the last
        # save) or of the keeper: every box hears its mark and its moved games again.
        for box in self.store.boxes():
            self._due[box] = 0.0
            moved = self.store.moved(box)
            if moved:
                self._publish(keeper_topic(box, "moved"), {"games": moved}, retain=True)
        self.connected.set()

    def _on_message(self, _c: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        try:
            data = decode(message.payload)
            if message.topic == STAFF_ADOPT:
                self._adopt(str(data.get("game", "")), check_box_name(str(data.get("to", ""))))
                return
            box = box_of(message.topic)
            what = message.topic.rsplit("/", 1)[1]
            if what == "step":
                self._step(Step(**data), box)
            elif what == "call":
                self._call(box, data)
            elif what == "fetch":
                self._fetch(box, str(data.get("game", "")))
        except (ProtocolError, TypeError, ValueError) as exc:
            log.warning("keeper: a message on %s was not used: %s", message.topic, exc)

    def _publish(self, topic: str, payload: object, *, retain: bool = False) -> None:
        self.client.publish(topic, encode(payload), qos=1, retain=retain)

    def _publish_due(self) -> None:
        if not self._due or not self.client.is_connected():
            return
        now = time.monotonic()
        assert self.store is not None
        for box, when in list(self._due.items()):
            if when <= now:
                del self._due[box]
                self._publish(
                    keeper_topic(box, "high-water"), {"games": self.store.marks(box)}, retain=True
                )

    # -- what the keeper does ------------------------------------------------------------

    def _step(self, step: Step, box: str) -> None:
        if step.box != box:
            raise ProtocolError(f"a step on {box}'s topic names box {step.box!r}")
        assert self.store is not None
        moved = self.store.put(step)
        owner = moved[0] if moved else box
        self._due.setdefault(owner, time.monotonic() + MARK_EVERY)

    def _call(self, box: str, data: dict[str, Any]) -> None:
        call_id = str(data.get("id", ""))
        assert self.store is not None
        self.store.call(box, call_id, float(data.get("at", time.time())))
        self._publish(keeper_topic(box, "call-received"), {"id": call_id})

    def _adopt(self, uid: str, to: str) -> None:
        assert self.store is not None
        source = self.store.move(uid, to)
        if source is None:
            log.warning("keeper: staff asked to move game %s, which the keeper does not hold", uid)
            return
        adoption = self.store.adoption(uid)
        assert adoption is not None
        self._publish(keeper_topic(to, "adopt"), asdict(adoption), retain=True)
        if source != to:
            self._publish(
                keeper_topic(source, "moved"), {"games": self.store.moved(source)}, retain=True
            )
        self._due[to] = 0.0
        log.info("keeper: game %s moved from %s to %s (%d steps)",
                 uid, source, to, len(adoption.steps))  # fmt: skip

    def _fetch(self, box: str, uid: str) -> None:
        assert self.store is not None
        adoption = self.store.adoption(uid)
        owner = self.store.conn.execute("SELECT box FROM games WHERE uid=?", (uid,)).fetchone()
        if adoption is None or owner is None or owner[0] != box:
            log.warning("keeper: box %s fetched game %s, which is not its game", box, uid)
            return
        self._publish(keeper_topic(box, "adopt"), asdict(adoption), retain=True)


def run_forever(account: Account, database: Path) -> None:
    """Run a keeper until SIGTERM or SIGINT (the systemd unit's command)."""
    keeper = Keeper(account, database)
    signal.signal(signal.SIGTERM, lambda *_: keeper.stop())
    signal.signal(signal.SIGINT, lambda *_: keeper.stop())
    keeper.run()
