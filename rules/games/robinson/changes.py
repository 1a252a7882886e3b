"""Other changes the players report: base-game effects on what the referee tracks.

Every phase prompt has a ``changes`` field, entries separated by commas::

    red hearts -2           blue weapon +1          green determination -1
    red uses axe            (a marker spent on a starting or mystery card)
    blue finds treasure 2   (a mystery card with 2 markers)
    red steals knife from blue
    blue gives knife to red

Tracks: hearts, weapon, roof, palisade, determination, pawns. Cards move as
the versus rules say (stay built, keep markers, one-time bonus at the end of
the phase, see :func:`rules.games.robinson.model.transfer`).
"""

from __future__ import annotations

from rules.errors import IllegalInput
from rules.games.robinson.model import TRACKS, State, change_hearts, ids, player, transfer
from rules.text import Msg, msg

FIELD = "changes"


def _delta(token: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise IllegalInput(f"'{token}' is not a change like +1 or -2", FIELD) from None


def _who(state: State, token: str) -> str:
    if token not in ids(state):
        raise IllegalInput(f"'{token}' is not a player ({', '.join(ids(state))})", FIELD)
    if not player(state, token)["alive"]:
        raise IllegalInput(f"{token} has been eliminated", FIELD)
    return token


def apply_changes(state: State, text: str, notes: list[Msg]) -> None:
    """Apply every entry of ``text`` to ``state`` (refusing the whole text on any error)."""
    for entry in (e.strip() for e in text.replace(";", ",").split(",")):
        if not entry:
            continue
        words = entry.lower().split()
        if len(words) < 3:
            raise IllegalInput(f"'{entry}' is incomplete (e.g. 'red hearts -1')", FIELD)
        pid = _who(state, words[0])
        verb = words[1]
        p = player(state, pid)
        if verb in TRACKS and len(words) == 3:
            delta = _delta(words[2])
            if verb == "hearts":
                change_hearts(state, pid, delta, notes)
            else:
                if p[verb] + delta < 0:
                    raise IllegalInput(f"{pid}'s {verb} is {p[verb]}: it cannot go below 0", FIELD)
                p[verb] += delta
            notes.append(msg("{p}: {track} {d:+d}", p=pid, track=verb, d=delta))
        elif verb == "uses" and len(words) == 3:
            card = p["cards"].get(words[2])
            if card is None or card["markers"] is None:
                raise IllegalInput(f"{pid} has no starting or mystery card '{words[2]}'", FIELD)
            if card["markers"] < 1:
                raise IllegalInput(f"{words[2]} has no marker left", FIELD)
            card["markers"] -= 1
            notes.append(
                msg("{p} uses {card}: {n} marker(s) left", p=pid, card=words[2], n=card["markers"])
            )
        elif verb == "finds" and len(words) == 4:
            p["cards"][words[2]] = {"kind": "mystery", "markers": max(0, _delta(words[3]))}
            notes.append(msg("{p} takes the mystery card {card}", p=pid, card=words[2]))
        elif verb == "steals" and len(words) == 5 and words[3] == "from":
            transfer(state, words[2], _who(state, words[4]), pid, notes)
        elif verb == "gives" and len(words) == 5 and words[3] == "to":
            transfer(state, words[2], pid, _who(state, words[4]), notes)
        else:
            raise IllegalInput(
                f"'{entry}' is not understood (e.g. 'red hearts -1', 'red steals knife from blue')",
                FIELD,
            )
