"""The box's side of the fleet: status, the step mirror, calls, moves, pushes and adoptions.

A :class:`BoxClient` runs beside the app (or headless) on two threads of its
own: paho's network thread and a worker that owns everything else. The app
only hands it notes (:meth:`BoxClient.step`, :meth:`BoxClient.update_status`,
:meth:`BoxClient.call_staff`), which never wait: confirming a step does not
depend on the network.

The mirror: after each confirmed step the worker reads the journal (the
outbox, :mod:`fleet.box.outbox`) from the last step it sent and publishes
each new event with QoS 1. The keeper answers with a retained high-water mark
per game; after a (re)connect the box resends everything above it, and if the
mark stops short of what was sent for :data:`RESEND_AFTER` seconds (a keeper
restart, a broker killed before it saved its queue) it resends from the mark
again, waiting twice as long after each resend that brought no progress (a
slow keeper is not buried under copies of its backlog). Duplicates are
harmless: the keeper stores steps ``INSERT OR IGNORE``.

A retained ``moved`` message from the keeper lists the games staff moved to
another box; :meth:`BoxClient.moved_to` tells the service to refuse writing
them. A retained ``adopt`` message hands this box a game
(:mod:`fleet.box.adopt`). Pushed components and settings are kept until the
next game start takes them (:meth:`BoxClient.take_pushes`); the versions held
are in the status.
"""

from __future__ import annotations

import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from fleet.box.outbox import GameRow, Outbox
from fleet.digest import state_digest
from fleet.enrol import BoxConfig
from fleet.mqtt import connect_async, make_client
from fleet.protocol import (
    PUSH_KINDS,
    Adoption,
    Call,
    ProtocolError,
    Push,
    Status,
    Step,
    box_topic,
    decode,
    encode,
    keeper_topic,
    push_topic,
)
from rules.errors import RulesError
from rules.registry import get_game
from rules.session import Session

log = logging.getLogger("tableside.fleet")

#: Seconds the keeper's mark may stay short of what was sent before the box sends again.
RESEND_AFTER = 3.0
#: Each resend of a game without progress doubles its wait, up to this (a keeper that is
#: only slow must not be buried under copies of its own backlog); progress resets it.
RESEND_AFTER_MAX = 30.0
#: Seconds after connecting to wait for the retained mark before sending without it.
MARK_WAIT = 2.0
#: Seconds a step already in the journal waits for its own note (which carries the state its
#: digest is made from) before it is sent without a digest (a step of another process).
NOTE_WAIT = 1.0
#: Longest game replayed for the digest of its newest step after a restart (a few seconds).
REPLAY_LIMIT = 2000
#: Steps read and published per game and turn of the worker (bounds memory after an outage).
BATCH = 200
KEEPALIVE = 6  # seconds: the broker marks a silent box offline after 1.5 x this


class BoxClient:
    """One box's connection to the hub; every public method returns at once."""

    def __init__(
        self,
        config: BoxConfig,
        journal: Path,
        *,
        state_dir: Path,
        version: str = "",
        keepalive: int = KEEPALIVE,
        on_adoption: Callable[[Adoption], Any] | None = None,
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        self.box = config.box
        self.account = config.account()
        self.keepalive = keepalive
        self.outbox = Outbox(journal)
        self.state_file = Path(state_dir) / "fleet-state.json"
        #: Writes an adopted game into the journal; what it returns is kept in :attr:`adopted`.
        self.on_adoption = on_adoption
        #: Told (on the worker thread) what changed: "moved", "call-received", "push", "adopted".
        self.on_change = on_change or (lambda what: None)
        self.client = make_client(
            self.account,
            client_id=f"box-{self.box}",
            will=(box_topic(self.box, "status"), encode({"box": self.box, "online": False})),
        )
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self._notes: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="fleet-box", daemon=True)
        # worker-owned
        self._hw: dict[str, int] = {}
        self._sent: dict[str, int] = {}
        self._since: dict[str, float] = {}  # uid -> when the mark last moved or sending began
        self._patience: dict[str, float] = {}  # uid -> seconds to wait for the mark now
        self._digests: dict[str, dict[int, str]] = {}
        self._games: dict[int, GameRow] = {}
        self._noted: dict[int, tuple[int, float]] = {}  # session id -> (last noted seq, when)
        self._dirty: set[int] = set()  # session ids with steps to send
        self._online = False
        self._connected_at = 0.0
        self._mark_seen = False
        held = self._load_held()
        self._status = Status(box=self.box, version=version, pushed=held)
        self._status_dirty = True
        # shared with the app thread (under _lock)
        self._moved: dict[str, str] = {}
        self._pending: dict[str, Push] = {}
        self._held: dict[str, int] = dict(held)
        self.calls_received: dict[str, float] = {}
        self.adopted: list[Any] = []
        #: Figures for tests and the bench.
        self.published = 0
        self.resends = 0

    # -- the app's side (never blocks) ----------------------------------------------------

    def start(self) -> None:
        connect_async(self.client, self.account, persistent=False, keepalive=self.keepalive)
        self.client.loop_start()
        self._thread.start()

    def close(self, timeout: float = 3.0) -> None:
        """Say "offline" (a clean disconnect sends no will) and stop both threads."""
        self._stop.set()
        self._thread.join(timeout)
        if self._online:
            offline = encode({"box": self.box, "online": False})
            info = self.client.publish(box_topic(self.box, "status"), offline, qos=1, retain=True)
            with suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout)
        self.client.disconnect()
        self.client.loop_stop()

    def step(self, session_id: int, seq: int, state: Mapping[str, Any] | None = None) -> None:
        """A step was confirmed (event ``seq`` of game ``session_id``): mirror it."""
        self._notes.put(("step", session_id, seq, state))

    def update_status(self, **changes: Any) -> None:
        """Change fields of the retained status (see :class:`fleet.protocol.Status`)."""
        self._notes.put(("status", changes))

    def call_staff(self) -> str:
        """A player asks for staff; returns the call's id (see :attr:`calls_received`)."""
        call_id = secrets.token_hex(4)
        self._notes.put(("call", call_id))
        return call_id

    def moved_to(self, uid: str) -> str | None:
        """The box a game was moved to by staff, or ``None`` (it is this box's to write)."""
        with self._lock:
            return self._moved.get(uid)

    def take_pushes(self) -> dict[str, Push]:
        """The pushes not yet taken (at a game start): they count as held from now on."""
        with self._lock:
            taken, self._pending = self._pending, {}
            for kind, push in taken.items():
                self._held[kind] = push.version
            held = dict(self._held)
        if taken:
            self._save_held(held)
            self.update_status(pushed=held)
        return taken

    @property
    def online(self) -> bool:
        return self._online

    # -- paho's network thread: only notes for the worker ---------------------------------

    def _on_connect(self, client: mqtt.Client, _u: Any, _f: Any, rc: Any, _p: Any) -> None:
        if rc.is_failure:
            log.warning("fleet: the hub refused box %s: %s", self.box, rc)
            return
        client.subscribe(keeper_topic(self.box, "#"), qos=1)
        for kind in PUSH_KINDS:
            client.subscribe(push_topic(kind), qos=1)
        self._notes.put(("connected",))

    def _on_disconnect(self, _c: mqtt.Client, _u: Any, _f: Any, rc: Any, _p: Any) -> None:
        self._notes.put(("disconnected", str(rc)))

    def _on_message(self, _c: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        self._notes.put(("message", message.topic, message.payload))

    # -- the worker ------------------------------------------------------------------------

    def _run(self) -> None:
        last_check = 0.0
        while not self._stop.is_set():
            try:
                note: tuple[Any, ...] | None = self._notes.get(timeout=0.2)
            except queue.Empty:
                note = None
            try:
                while note is not None:
                    self._handle(note)
                    try:
                        note = self._notes.get_nowait()
                    except queue.Empty:
                        note = None
                now = time.monotonic()
                if self._online:
                    if self._status_dirty:
                        self._publish_status()
                    if self._mark_seen or now - self._connected_at > MARK_WAIT:
                        self._pump()
                    if now - last_check > 0.5:
                        self._check_marks(now)
                        last_check = now
            except Exception:  # the mirror must never take the app down
                log.exception("fleet: box worker error")
                time.sleep(0.5)
        self.outbox.close()  # its SQLite connection belongs to this thread

    def _handle(self, note: tuple[Any, ...]) -> None:
        kind = note[0]
        if kind == "step":
            _k, session_id, seq, state = note
            self._dirty.add(session_id)
            self._noted[session_id] = (seq, time.monotonic())
            if state is not None:
                game = self._game(session_id)
                if game is not None:
                    self._digests.setdefault(game.uid, {})[seq] = state_digest(state)
        elif kind == "status":
            self._status = replace(self._status, **note[1])
            self._status_dirty = True
        elif kind == "call":
            call = Call(box=self.box, id=note[1], at=time.time())
            self.client.publish(box_topic(self.box, "call"), encode(call), qos=1)
            self._status = replace(self._status, call_since=call.at)
            self._status_dirty = True
        elif kind == "connected":
            self._online = True
            self._connected_at = time.monotonic()
            self._mark_seen = False
            self._sent = {}
            self._status_dirty = True
            self._dirty.update(g.id for g in self.outbox.games())
        elif kind == "disconnected":
            self._online = False
            log.info("fleet: box %s disconnected (%s)", self.box, note[1])
        elif kind == "message":
            self._message(note[1], note[2])

    def _message(self, topic: str, payload: bytes) -> None:
        try:
            data = decode(payload) if payload else {}
            if topic == keeper_topic(self.box, "high-water"):
                self._marks(data.get("games", {}))
            elif topic == keeper_topic(self.box, "moved"):
                with self._lock:
                    self._moved = {str(k): str(v) for k, v in data.get("games", {}).items()}
                self.on_change("moved")
            elif topic == keeper_topic(self.box, "call-received"):
                self.calls_received[str(data.get("id"))] = time.time()
                # The call stays open on the board until a player closes it ("Staff is
                # here", ui/app/call_staff.py): received is not yet served.
                self.on_change("call-received")
            elif topic == keeper_topic(self.box, "adopt") and data:
                self._adopt(Adoption(**data))
            elif topic.startswith(push_topic("components").rsplit("/", 1)[0]) and data:
                self._push(Push(**data))
        except (ProtocolError, TypeError, ValueError) as exc:
            log.warning("fleet: a message on %s was not understood: %s", topic, exc)

    def _marks(self, games: Mapping[str, Any]) -> None:
        now = time.monotonic()
        for uid, seq in games.items():
            if int(seq) > self._hw.get(uid, -1):
                self._since[uid] = now
                self._patience.pop(uid, None)
            self._hw[uid] = int(seq)
        if not self._mark_seen:
            self._mark_seen = True
            self._dirty.update(g.id for g in self.outbox.games())

    def _push(self, push: Push) -> None:
        if push.kind not in PUSH_KINDS:
            return
        with self._lock:
            if push.version > self._held.get(push.kind, 0):
                self._pending[push.kind] = push
        self.on_change("push")

    def _adopt(self, adoption: Adoption) -> None:
        if self.on_adoption is None:
            log.warning("fleet: box %s cannot take adopted games", self.box)
            return
        self.adopted.append(self.on_adoption(adoption))
        self._games.clear()
        self._dirty.update(g.id for g in self.outbox.games())
        self.on_change("adopted")

    def _game(self, session_id: int) -> GameRow | None:
        if session_id not in self._games:
            game = self.outbox.game(session_id)
            if game is None:
                return None
            self._games[session_id] = game
        return self._games[session_id]

    def _pump(self) -> None:
        for session_id in sorted(self._dirty):
            game = self._game(session_id)
            if game is None or self.moved_to(game.uid) is not None:
                self._dirty.discard(session_id)
                continue
            start = self._sent.get(game.uid, self._hw.get(game.uid, -1))
            events = self.outbox.events_after(session_id, start, BATCH)
            noted, when = self._noted.get(session_id, (-1, 0.0))
            if events and time.monotonic() - when < NOTE_WAIT and events[-1][0] > noted:
                # Steps of this process whose notes (and digests) are still on their way.
                events = [(seq, event) for seq, event in events if seq <= noted]
                if not events:
                    continue
            elif not events:
                self._dirty.discard(session_id)
                continue
            if start <= self._hw.get(game.uid, -1):
                self._since[game.uid] = time.monotonic()
            digests = self._digests.setdefault(game.uid, {})
            last = events[-1][0]
            if len(events) < BATCH and last not in digests and last > noted:
                # The game's newest step, journalled before this process (a restart): its
                # digest comes from a replay, so an adoption can still be checked.
                digests[last] = self._replayed_digest(game, last)
            for seq, event in events:
                step = Step(
                    box=self.box,
                    uid=game.uid,
                    game=game.game,
                    options=game.options,
                    seed=game.seed,
                    seq=seq,
                    event=event,
                    digest=digests.get(seq, ""),
                )
                self.client.publish(box_topic(self.box, "step"), encode(step), qos=1)
                self.published += 1
            self._sent[game.uid] = events[-1][0]
            if len(events) < BATCH and events[-1][0] >= noted:
                self._dirty.discard(session_id)

    def _replayed_digest(self, game: GameRow, seq: int) -> str:
        """The state digest after event ``seq``, by replaying the game (``""`` if it cannot)."""
        if seq >= REPLAY_LIMIT:
            return ""
        try:
            events = [event for _s, event in self.outbox.events_after(game.id, -1, seq + 1)]
            session = Session(get_game(game.game), json.loads(game.options), game.seed,
                              events=events)  # fmt: skip
            return state_digest(session.state)
        except (RulesError, ValueError, TypeError) as exc:
            log.warning("fleet: game %s could not be replayed for its digest: %s", game.uid, exc)
            return ""

    def _check_marks(self, now: float) -> None:
        """Resend from the keeper's mark when it stays short of what was sent."""
        for uid, sent in list(self._sent.items()):
            mark = self._hw.get(uid, -1)
            if mark >= sent:
                digests = self._digests.get(uid)
                if digests:
                    for seq in [s for s in digests if s < mark]:
                        del digests[seq]
                continue
            patience = self._patience.get(uid, RESEND_AFTER)
            if now - self._since.get(uid, now) > patience:
                self._sent[uid] = mark
                self._since[uid] = now
                self._patience[uid] = min(patience * 2, RESEND_AFTER_MAX)
                self.resends += 1
                self._dirty.update(sid for sid, g in self._games.items() if g.uid == uid)

    def _publish_status(self) -> None:
        self._status = replace(self._status, online=True, sent=time.time())
        body = asdict(self._status)
        self.client.publish(box_topic(self.box, "status"), encode(body), qos=1, retain=True)
        self._status_dirty = False

    # -- the versions of pushes held, kept across restarts ---------------------------------

    def _load_held(self) -> dict[str, int]:
        try:
            data = json.loads(self.state_file.read_text())
            return {k: int(v) for k, v in data.get("pushed", {}).items() if k in PUSH_KINDS}
        except (OSError, ValueError, AttributeError):
            return {}

    def _save_held(self, held: dict[str, int]) -> None:
        try:
            tmp = self.state_file.with_suffix(".tmp")
            tmp.write_text(json.dumps({"pushed": held}))
            tmp.replace(self.state_file)
        except OSError as exc:
            log.warning("fleet: the versions of pushes held were not kept: %s", exc)
