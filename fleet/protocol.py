"""The topics and payloads the boxes, the keeper, the staff board and staff commands speak.

This module is the one contract between the box side (:mod:`fleet.box`) and the hub side
(:mod:`fleet.hub`). Every topic starts with ``tableside/`` and names who may write it:

- ``tableside/box/<box>/status`` (box; QoS 1, retained): :class:`Status`; the box's will
  is ``{"box": …, "online": false}`` on the same topic.
- ``tableside/box/<box>/step`` (box; QoS 1): :class:`Step`, one confirmed journal event.
- ``tableside/box/<box>/call`` (box; QoS 1): :class:`Call`, a player pressed "Call staff".
- ``tableside/box/<box>/fetch`` (box; QoS 1): ``{"game": uid}``, a spare asks for a game.
- ``tableside/keeper/<box>/high-water`` (keeper; QoS 1, retained): ``{"games": {uid: seq}}``.
- ``tableside/keeper/<box>/call-received`` (keeper; QoS 1): ``{"id": call id}``.
- ``tableside/keeper/<box>/adopt`` (keeper; QoS 1): :class:`Adoption`, to the spare box.
- ``tableside/keeper/<box>/moved`` (keeper; QoS 1, retained): ``{"games": {uid: new box}}``.
- ``tableside/staff/adopt`` (staff; QoS 1): ``{"game": uid, "to": box}``.
- ``tableside/staff/push/<kind>`` (staff; QoS 1, retained): :class:`Push`, kind
  ``components`` or ``settings``.

Accounts (one password each, no anonymous client): a box's user name is its box name
and it writes only ``tableside/box/<its name>/#`` and reads ``tableside/keeper/<its
name>/#`` and ``tableside/staff/push/#``; ``keeper`` reads ``tableside/box/#`` and
``tableside/staff/#`` and writes ``tableside/keeper/#``; ``board`` only reads
(``tableside/box/+/status``, ``tableside/box/+/call``, ``tableside/keeper/#``);
``staff`` writes ``tableside/staff/#`` and reads everything. :func:`acl_text` writes
that as a Mosquitto ``acl_file``.

A step is keyed by ``(game uid, seq)``: the keeper stores it with ``INSERT OR IGNORE``,
so a resent step is never duplicated, and its high-water mark per game is the highest
``seq`` below which it holds every step. After any outage the box resends from it: the
journal itself is the outbox (paho keeps unsent messages only in memory).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from typing import Any

ROOT = "tableside"
RESERVED = frozenset({"keeper", "board", "staff"})
BOX_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
PUSH_KINDS = ("components", "settings")


class ProtocolError(ValueError):
    """A payload or name that does not follow this contract."""


def check_box_name(name: str) -> str:
    """Return ``name`` if it may name a box (lower-case letters, digits, '-'; not reserved)."""
    if not BOX_NAME.match(name) or name in RESERVED:
        raise ProtocolError(
            f"{name!r} cannot name a box: use 1-32 lower-case letters, digits or '-', "
            f"not one of {', '.join(sorted(RESERVED))}"
        )
    return name


def box_topic(box: str, what: str) -> str:
    """``tableside/box/<box>/<what>``: what a box publishes (status, step, call, fetch)."""
    return f"{ROOT}/box/{check_box_name(box)}/{what}"


def keeper_topic(box: str, what: str) -> str:
    """``tableside/keeper/<box>/<what>``: what the keeper tells one box."""
    return f"{ROOT}/keeper/{check_box_name(box)}/{what}"


STAFF_ADOPT = f"{ROOT}/staff/adopt"


def push_topic(kind: str) -> str:
    """``tableside/staff/push/<kind>``: a retained, versioned push to every box."""
    if kind not in PUSH_KINDS:
        raise ProtocolError(f"unknown push kind {kind!r}: one of {', '.join(PUSH_KINDS)}")
    return f"{ROOT}/staff/push/{kind}"


def box_of(topic: str) -> str:
    """The box a ``tableside/box/<box>/…`` or ``tableside/keeper/<box>/…`` topic is about."""
    parts = topic.split("/")
    if len(parts) < 4 or parts[0] != ROOT or parts[1] not in ("box", "keeper"):
        raise ProtocolError(f"not a box topic: {topic!r}")
    return check_box_name(parts[2])


@dataclass(frozen=True, kw_only=True)
class Status:
    """A box's retained status: what the staff board shows on its tile."""

    box: str
    online: bool = True
    game: str | None = None  # the game's name (e.g. "marauders"), None between games
    uid: str | None = None  # the journal session's uid
    where: str = ""  # round and phase in the player's words, e.g. "Round 3 · Autumn"
    asked: str = ""  # what the table is asked now, or whose turn it is
    waiting_since: float | None = None  # epoch seconds the current question was first shown
    call_since: float | None = None  # epoch seconds of an open "Call staff", else None
    camera: str = "off"  # "ok", "unsure", "off", "missing"
    storage: str = "ok"  # "ok", "low", "full", "read-only", "damaged"
    version: str = ""
    pushed: dict[str, int] = field(default_factory=dict)  # push kind -> version held
    sent: float = 0.0  # epoch seconds this status was published


@dataclass(frozen=True, kw_only=True)
class Step:
    """One confirmed journal event, mirrored to the keeper."""

    box: str
    uid: str  # the game's journal uid
    game: str
    options: str  # the session's options as the journal stores them (text)
    seed: int
    seq: int  # 0-based index of the event in the game's journal
    event: dict[str, Any]  # the journal's event, as stored
    digest: str = ""  # state digest after this event (empty if the box does not compute it)


@dataclass(frozen=True)
class Call:
    """A player pressed "Call staff"."""

    box: str
    id: str
    at: float


@dataclass(frozen=True, kw_only=True)
class Adoption:
    """The keeper hands a game to a spare box: every step it holds, in order."""

    uid: str
    game: str
    options: str
    seed: int
    source: str  # the box the game comes from
    steps: list[dict[str, Any]]  # the events, seq 0..n-1, no gap
    digest: str = ""  # state digest after the last step, as the old box reported it


@dataclass(frozen=True)
class Push:
    """Component sets or settings published by staff: retained, versioned."""

    kind: str
    version: int
    payload: dict[str, Any]


def encode(payload: object) -> bytes:
    """A payload (one of this module's dataclasses, or a dict) as compact UTF-8 JSON."""
    body = asdict(payload) if hasattr(payload, "__dataclass_fields__") else payload  # type: ignore[arg-type]
    return json.dumps(body, separators=(",", ":"), sort_keys=True).encode()


def decode(data: bytes, limit: int = 4 * 1024 * 1024) -> dict[str, Any]:
    """A received payload as a dict; a clear :class:`ProtocolError` for anything else."""
    if len(data) > limit:
        raise ProtocolError(f"payload of {len(data)} bytes is over the {limit}-byte limit")
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"payload is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise ProtocolError("payload is not a JSON object")
    return value


def acl_text() -> str:
    """The Mosquitto ``acl_file`` for the accounts above (``%u`` is the box's user name)."""
    return "\n".join(
        [
            "# tableside fleet ACL (written by fleet.protocol.acl_text; do not edit by hand)",
            "user keeper",
            f"topic read {ROOT}/box/#",
            f"topic read {ROOT}/staff/#",
            f"topic readwrite {ROOT}/keeper/#",
            "",
            "user board",
            f"topic read {ROOT}/box/+/status",
            f"topic read {ROOT}/box/+/call",
            f"topic read {ROOT}/keeper/#",
            f"topic read {ROOT}/staff/push/#",
            "",
            "user staff",
            f"topic readwrite {ROOT}/staff/#",
            f"topic read {ROOT}/box/#",
            f"topic read {ROOT}/keeper/#",
            "",
            "# every other user is a box, named by its user name",
            f"pattern write {ROOT}/box/%u/#",
            f"pattern read {ROOT}/box/%u/#",
            f"pattern read {ROOT}/keeper/%u/#",
            f"pattern read {ROOT}/staff/push/#",
            "",
        ]
    )
