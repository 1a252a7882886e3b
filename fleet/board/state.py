"""What the staff board knows: one tile per box, built from the broker's messages.

:class:`Fleet` is fed every message the ``board`` account receives (:meth:`Fleet.receive`)
and answers with the tiles that changed, as plain JSON-ready dicts for the page. It does
no I/O and knows nothing of paho or the web server, so it is tested with bare payloads.

A tile is the box's last :class:`fleet.protocol.Status` (retained, so a board that opens
late sees every box at once; the box's will turns it ``online: false``) plus the staff
calls seen on ``tableside/box/<box>/call`` and answered on
``tableside/keeper/<box>/call-received``. A call stays open until the box publishes a
status sent after it with no open call (``call_since`` empty): the box, not the board,
says when the table no longer waits for staff.
"""

from __future__ import annotations

import dataclasses
import re
import threading
import time
from collections.abc import Callable
from typing import Any

from fleet.protocol import ROOT, ProtocolError, Status, box_of, decode

#: Fields a status may carry, from the contract (anything else in a payload is ignored).
_STATUS_FIELDS = {f.name for f in dataclasses.fields(Status)}
#: Health values that are worth an alert on the tile.
CAMERA_ALERTS = frozenset({"missing", "unsure"})
STORAGE_ALERTS = frozenset({"low", "full", "read-only", "damaged"})
#: (side, last part) of the topics the board reads.
_BOARD_TOPICS = frozenset({("box", "status"), ("box", "call"), ("keeper", "call-received")})


def parse_status(box: str, payload: dict[str, Any]) -> Status:
    """A :class:`Status` from a received payload; the topic's box wins over the payload's."""
    known = {k: v for k, v in payload.items() if k in _STATUS_FIELDS}
    known["box"] = box
    try:
        status = Status(**known)
    except TypeError as exc:  # pragma: no cover - only unknown keys raise, filtered above
        raise ProtocolError(f"status of {box!r}: {exc}") from None
    for name in ("waiting_since", "call_since"):
        value = getattr(status, name)
        if value is not None and not isinstance(value, int | float):
            raise ProtocolError(f"status of {box!r}: {name} is not a number")
    return status


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sort ``table-2`` before ``table-10``."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name)
    )


class Fleet:
    """Every box's tile; thread-safe (paho's thread writes, the web server reads)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._status: dict[str, Status] = {}
        self._offline_since: dict[str, float] = {}  # box -> when the board learnt it
        self._calls: dict[str, dict[str, dict[str, Any]]] = {}  # box -> call id -> call
        #: box -> the hub's clock minus the box's, from the last status heard live (a Pi has
        #: no clock of its own: one that booted without network time can be hours behind).
        self._skew: dict[str, float] = {}
        self._heard: dict[str, float] = {}  # box -> its last status, on the hub's clock

    def receive(self, topic: str, payload: bytes, retained: bool = False) -> list[dict[str, Any]]:
        """Take one message; return the tiles it changed (empty if it is not for the board).

        ``retained``: the broker kept it from before the board subscribed (an offline box
        found that way has no known time of going dark).

        A payload that breaks the contract raises :class:`ProtocolError` (the caller logs it
        and goes on; nothing already known is lost).
        """
        parts = topic.split("/")
        kind = (parts[1], parts[3]) if len(parts) == 4 and parts[0] == ROOT else None
        if kind not in _BOARD_TOPICS:
            return []
        box = box_of(topic)
        body = decode(payload) if payload else {}
        with self._lock:
            if kind == ("box", "status"):
                if not payload:  # a cleared retained status: the box was removed
                    self._status.pop(box, None)
                    self._calls.pop(box, None)
                    self._offline_since.pop(box, None)
                    self._skew.pop(box, None)
                    self._heard.pop(box, None)
                    return [{"box": box, "removed": True}]
                self._take_status(parse_status(box, body), retained)
            elif kind == ("box", "call"):
                call_id = str(body.get("id", ""))
                at = body.get("at")
                if not call_id or not isinstance(at, int | float):
                    raise ProtocolError(f"call of {box!r} without id or time")
                calls = self._calls.setdefault(box, {})
                calls.setdefault(call_id, {"id": call_id, "at": float(at), "received": False})
            elif kind == ("keeper", "call-received"):
                call = self._calls.get(box, {}).get(str(body.get("id", "")))
                if call is None:
                    return []
                call["received"] = True
            return [self._tile(box)]

    def _take_status(self, status: Status, retained: bool) -> None:
        before = self._status.get(status.box)
        if status.online and status.sent > 0 and not retained:
            self._skew[status.box] = self._clock() - status.sent
        if status.online:  # heard from it (a retained status: when the box sent it)
            self._heard[status.box] = status.sent + self._skew.get(status.box, 0.0)
        if not status.online:
            # The will says only "offline": keep what the table was doing when it went dark.
            if before is not None:
                status = dataclasses.replace(before, online=False)
            if retained:
                self._offline_since.pop(status.box, None)
            elif before is None or before.online:
                self._offline_since[status.box] = self._clock()
        else:
            self._offline_since.pop(status.box, None)
        self._status[status.box] = status
        if status.online and status.call_since is None:  # the box closed its calls
            calls = self._calls.get(status.box, {})
            for call_id in [i for i, c in calls.items() if c["at"] <= status.sent]:
                del calls[call_id]

    def tiles(self) -> list[dict[str, Any]]:
        """Every tile, in the boxes' natural order."""
        with self._lock:
            boxes = set(self._status) | set(self._calls)
            return [self._tile(box) for box in sorted(boxes, key=natural_key)]

    def _tile(self, box: str) -> dict[str, Any]:
        """The tile; the box's times are told on the hub's clock (see ``_skew``)."""
        status = self._status.get(box, Status(box=box, online=False))
        skew = self._skew.get(box, 0.0)

        def hub_time(when: float | None) -> float | None:
            return None if when is None else when + skew

        calls = sorted(self._calls.get(box, {}).values(), key=lambda c: c["at"])
        call_since = status.call_since
        if calls:
            call_since = min(calls[0]["at"], call_since or calls[0]["at"])
        return {
            "box": box,
            "known": box in self._status,
            "online": status.online,
            "game": status.game,
            "where": status.where,
            "asked": status.asked,
            "waiting_since": hub_time(status.waiting_since),
            "call_since": hub_time(call_since),
            "call_received": bool(calls) and all(c["received"] for c in calls),
            "camera": status.camera,
            "camera_alert": status.online and status.camera in CAMERA_ALERTS,
            "storage": status.storage,
            "storage_alert": status.storage in STORAGE_ALERTS,
            "offline_since": None if status.online else self._offline_since.get(box),
            "version": status.version,
            "sent": hub_time(status.sent),
            "heard": self._heard.get(box),
        }
