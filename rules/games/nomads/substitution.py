"""Impossible actions and the substitution table (a-d) of the Nomads' player aid.

The aid's table has four rows; left is what the Nomads cannot get, right
its substitute::

    a  Heiliger Stein            -> Megalith
    b  Fortschritt / Karte ziehen -> Karte begraben
    c  Stammesmitglied            -> Werkzeug
    d  Tier erlegen               -> Nahrung
                                  -> Götze (below the table)

If they cannot get the right-hand item either, they get what stands directly
below it, and so on down; idols can always be received. So the right column
is one chain ``megalith, bury, tool, food, idol`` and every item enters it at
its row.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.decision import Tracer
from rules.games.nomads.terms import term
from rules.text import msg

CHAIN: tuple[str, ...] = ("megalith", "bury", "tool", "food", "idol")

#: Where each item enters the chain when it cannot be received.
ENTRY: dict[str, int] = {
    "sacred_stone": 0,  # a
    "megalith": 1,
    "progress": 1,  # b
    "draw_card": 1,  # b
    "bury": 2,
    "tribe_member": 2,  # c
    "tool": 3,
    "hunt": 3,  # d
    "animal": 3,  # reading: like d (see docs, Ambiguities)
    "random_animal": 3,  # reading: like d
    "food": 4,
}

ROW: dict[str, str] = {
    "sacred_stone": "a",
    "progress": "b",
    "draw_card": "b",
    "tribe_member": "c",
    "hunt": "d",
    "animal": "d",
    "random_animal": "d",
}

#: The Nomads never receive these (no draw pile, no tribe members, no hunting).
NEVER: frozenset[str] = frozenset({"draw_card", "tribe_member", "hunt"})


def substitutes(item: str) -> tuple[str, ...]:
    """What the Nomads get instead of ``item``, in the order to try."""
    if item == "idol":
        return ()
    if item not in ENTRY:
        raise KeyError(item)
    return CHAIN[ENTRY[item] :]


def note_step(tracer: Tracer, failed: str, instead: str) -> None:
    """Trace one step down the table: row a-d for the left column, then straight down."""
    row = ROW.get(failed)
    finding = (
        msg(
            "Row {row}: they cannot get {a}, so {b} instead.",
            row=row,
            a=term(failed),
            b=term(instead),
        )
        if row
        else msg("They cannot get {a} either, so {b} instead.", a=term(failed), b=term(instead))
    )
    tracer.add("substitution", finding, failed=failed, instead=instead)


def walk_down(
    failed: str, receivable: Callable[[str], bool], tracer: Tracer
) -> tuple[str, list[str]]:
    """From an item they cannot get, walk down the table until ``receivable`` says yes.

    Returns the item received and the chain walked (``failed`` first). Idols
    can always be received, so the walk always ends.
    """
    walked = [failed]
    for sub in substitutes(failed):
        note_step(tracer, walked[-1], sub)
        walked.append(sub)
        if receivable(sub) or sub == "idol":  # asked first: it may carry the item out
            return sub, walked
    raise AssertionError("the chain ends in idol, which is always received")


def follow(item: str, receivable: Callable[[str], bool], tracer: Tracer) -> tuple[str, list[str]]:
    """``item`` itself if it can be received, else :func:`walk_down` from it.

    The Nomads never receive the items in :data:`NEVER`; idols always.
    """
    if item == "idol" or (item not in NEVER and receivable(item)):
        return item, [item]
    return walk_down(item, receivable, tracer)
