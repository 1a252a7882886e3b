"""Reading the players' typed answers (player order, tray colours, tile symbols).

Each parser raises :class:`rules.errors.IllegalInput` naming the field, so the
front end can say exactly what to retype.
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput, SituationError
from rules.games.marauders import catalogue as cat
from rules.games.marauders.model import ACTIONS, COLOURS, PRIORITIES, SIDES, TRIBE

_TRIBE_WORDS = {"tribe", "t", "m", "marauders", "marauder", "bot"}
_ACTION_SHORT = {
    "rock": "rock-painting",
    "painting": "rock-painting",
    "fish": "fishing",
    "gather": "gathering",
    "hunt": "hunting",
}
_PRIORITY_SHORT = {
    "animal": "hunting-tile",
    "hunting": "hunting-tile",
    "fruit": "gathering-tile",
    "gathering": "gathering-tile",
    "fish": "fishing-tile",
    "fishing": "fishing-tile",
    "marker": "action-marker",
    "camp": "campsite",
}


def order(text: str, players: int, key: str = "order") -> list[str]:
    """``"tribe 1 2"`` (or ``"P2 M P1"``) -> ``["tribe", "1", "2"]``."""
    out: list[str] = []
    for word in text.replace(",", " ").split():
        w = word.strip().lower()
        if w in _TRIBE_WORDS:
            out.append(TRIBE)
        elif w.lstrip("p").isdigit():
            out.append(str(int(w.lstrip("p"))))
        else:
            raise IllegalInput(f"'{word}' is neither 'tribe' nor a player number", key)
    expected = sorted([TRIBE, *[str(n) for n in range(1, players + 1)]])
    if sorted(out) != expected:
        want = " ".join(["tribe", *[str(n) for n in range(1, players + 1)]])
        raise IllegalInput(f"name the tribe and each player once, e.g. '{want}'", key)
    return out


def _words(
    text: str, key: str, known: tuple[str, ...], what: str, allow_none: bool
) -> list[str | None]:
    words = text.replace(",", " ").split()
    if len(words) != SIDES:
        raise IllegalInput(f"give {SIDES} {what}s, one per side 0-5 clockwise from the top", key)
    out: list[str | None] = []
    for word in words:
        short = _PRIORITY_SHORT if known == PRIORITIES else _ACTION_SHORT
        w = short.get(word.lower(), word.lower())
        if allow_none and w in {"-", "none", "x"}:
            out.append(None)
        elif w in known:
            out.append(w)
        else:
            raise IllegalInput(f"unknown {what} '{word}' (known: {', '.join(known)})", key)
    return out


def board(trays: str, priorities: str) -> cat.Board:
    """The control board from two typed lines (tray colours, priority icons; sides 0-5)."""
    colours = _words(trays, "trays", COLOURS, "tray colour", allow_none=True)
    icons = _words(priorities, "priorities", PRIORITIES, "priority icon", allow_none=False)
    raw = {"sides": [{"side": s, "tray": colours[s], "priority": icons[s]} for s in range(SIDES)]}
    try:
        return cat.control_board(raw)
    except SituationError as exc:
        key = "trays" if ".tray" in exc.field or exc.field.endswith("sides") else "priorities"
        raise IllegalInput(exc.problem, key) from None


def tile_actions(text: str, key: str = "actions") -> list[str]:
    actions = _words(text, key, ACTIONS, "action", allow_none=False)
    if len(set(actions)) != SIDES:
        raise IllegalInput("a tile shows each action once", key)
    return [a for a in actions if a is not None]


def board_words(board: cat.Board) -> tuple[str, str]:
    """The two typed lines that describe ``board`` (the defaults of the set-up fields)."""
    trays = " ".join(s["tray"] or "-" for s in board["sides"])
    icons = " ".join(s["priority"] for s in board["sides"])
    return trays, icons


def positions(text: str, key: str = "positions") -> list[dict[str, Any]]:
    """``"0 2@1 3@4"`` -> members ``A, B, C`` with distance and side (0 = on the starting camp)."""
    members: list[dict[str, Any]] = []
    for index, word in enumerate(text.replace(",", " ").split()):
        distance, _, side = word.partition("@")
        if not distance.isdigit() or (side and not side.isdigit()):
            raise IllegalInput(f"'{word}' is not distance@side, e.g. 2@3 (or 0 on the camp)", key)
        if int(distance) > 0 and not side:
            raise IllegalInput(f"'{word}': give the side too, e.g. {distance}@0", key)
        if side and int(side) >= SIDES:
            raise IllegalInput(f"'{word}': sides are 0-5", key)
        if index >= 26:
            raise IllegalInput("at most 26 tribe members", key)
        members.append(
            {"id": chr(ord("A") + index), "distance": int(distance), "side": int(side or 0)}
        )
    return members
