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


def follow(item: str, receivable: Callable[[str], bool], tracer: Tracer) -> tuple[str, list[str]]:
    """Walk down from ``item`` until something can be received.

    Returns the item received and the chain walked (``item`` first).
    """
    walked = [item]
    if item == "idol" or (item not in NEVER and receivable(item)):
        return item, walked
    for sub in substitutes(item):
        row = ROW.get(walked[-1])
        where = f"row {row}: " if row else ""
        tracer.add(
            "substitution",
            f"{where}cannot get {walked[-1]}, so {sub} instead",
            failed=walked[-1],
            instead=sub,
        )
        walked.append(sub)
        if sub == "idol" or receivable(sub):
            return sub, walked
    raise AssertionError("the chain ends in idol, which is always received")
