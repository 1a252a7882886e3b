"""Reading a physical Movement card the players drew and typed in.

``R105`` alone takes the card from the catalogue (EXAMPLE data). To enter what
the printed card shows, add its spawn and arrows::

    R105 spawn=26,27,27e arrows=down,left*,right

``spawn``: one entry per Unit, the hex number, ``e`` for an Elite Unit.
``arrows``: ``left``, ``right``, ``down`` (or a hex direction); ``*`` marks a
flaming arrow; ``left/down/right`` is a Dodge arrow (first choice first).
Special Powers always come from the card number (the rule text lists them).
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput, SituationError
from rules.games.anteportas.cards import catalogue, parse_card


def read_card(
    text: str, scenario: str, field: str = "card", use: str = "move"
) -> tuple[dict[str, Any], bool]:
    """``(card, example)`` for one typed card.

    ``use`` is ``"spawn"`` (the top of the card matters) or ``"move"`` (arrows and
    powers). ``example`` is true when what matters came from the EXAMPLE catalogue:
    untyped spawn/arrows, or power values (the text names the powers, not their values).
    """
    words = text.split()
    if not words:
        raise IllegalInput("type the card number, e.g. R105", field)
    cid = words[0].upper()
    example, cards = catalogue()
    base = cards.get(cid)
    prefix = "R" if scenario == "raiders" else "D"
    if not cid.startswith(prefix):
        raise IllegalInput(f"{cid} is not a card of the {scenario} deck", field)
    raw: dict[str, Any] = {
        "id": cid,
        "scenario": scenario,
        "era": int(cid[1]) if len(cid) > 1 and cid[1] in "12" else 1,
        "spawn": list(base["spawn"]) if base else [],
        "arrows": list(base["arrows"]) if base else [],
        "powers": list(base["powers"]) if base else [],
    }
    typed = {"spawn": False, "arrows": False}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in typed:
            raise IllegalInput(f"'{word}': write spawn=... or arrows=...", field)
        typed[key] = True
        items = [v for v in value.split(",") if v]
        if key == "spawn":
            raw["spawn"] = _spawn(items, field)
        else:
            raw["arrows"] = [_arrow(v) for v in items]
    if base is None and not typed["arrows"]:
        raise IllegalInput(f"{cid} is not in the catalogue: add spawn=... arrows=...", field)
    try:
        card = parse_card(raw, field)
    except SituationError as exc:
        raise IllegalInput(exc.problem, field) from None
    needed = "spawn" if use == "spawn" else "arrows"
    uses_catalogue = not typed[needed] or (use == "move" and bool(card["powers"]))
    return card, example and base is not None and uses_catalogue


def _spawn(items: list[str], field: str) -> list[dict[str, Any]]:
    per_hex: dict[int, dict[str, int]] = {}
    for item in items:
        elite = item.lower().endswith("e")
        number = item[:-1] if elite else item
        if not number.isdigit():
            raise IllegalInput(f"'{item}' is not a hex number (add e for an Elite Unit)", field)
        entry = per_hex.setdefault(int(number), {"basic": 0, "elite": 0})
        entry["elite" if elite else "basic"] += 1
    return [{"hex": h, **units} for h, units in sorted(per_hex.items())]


def _arrow(item: str) -> dict[str, Any] | str:
    fire = item.endswith("*")
    item = item.rstrip("*")
    if "/" in item:
        return {"dodge": item.split("/"), "fire": fire}
    return {"dir": item, "fire": fire}
