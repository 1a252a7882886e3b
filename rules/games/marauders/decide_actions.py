"""What the tribe takes when it carries out an action (largest income, tie-breaks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.decide_common import make_decision
from rules.games.marauders.model import (
    income_key,
)
from rules.text import msg


def _offer_name(offer: Mapping[str, Any], index: int) -> str:
    return str(offer.get("id", f"offer {index + 1}"))


def choose_best(
    action: str,
    offers: Sequence[Mapping[str, Any]],
    tracer: Tracer,
) -> tuple[list[int], int]:
    """Indices tied for the best income and the one the tie-break picks.

    Fishing compares ``steps``; the others compare ``income`` by VP > action
    marker > resource > development point. Ties: gathering takes the first
    clockwise from the framed symbol (``clockwise``, 0 = at it); hunting and
    ceremony take the one closer to the bottom of the board (``row``, 1 =
    bottom row); fishing takes the first listed (the text says it does not matter).
    """
    if action == "fishing":
        keys: list[tuple[int, ...]] = [(int(o.get("steps", 0)),) for o in offers]
        what = "steps on the fishing track"
    else:
        keys = [income_key(o.get("income", {})) for o in offers]
        what = "income as (VP, action markers, resources, development points)"
    best = max(keys)
    tied = [i for i, k in enumerate(keys) if k == best]
    tracer.add(
        "largest income",
        f"compared {what}: "
        + ", ".join(f"{_offer_name(o, i)}={list(keys[i])}" for i, o in enumerate(offers)),
        best=list(best),
        tied=[_offer_name(offers[i], i) for i in tied],
    )
    if len(tied) == 1:
        return tied, tied[0]
    if action == "gathering":
        pick = min(tied, key=lambda i: int(offers[i].get("clockwise", 0)))
        rule = "first clockwise from the framed symbol on the pricing tile"
    elif action in {"hunting", "ceremony"}:
        pick = min(tied, key=lambda i: int(offers[i].get("row", 0)))
        rule = "closer to the bottom of the game board"
    else:
        pick = tied[0]
        rule = "equal values: it does not matter which; the first listed"
    tracer.add(
        "tie-break",
        f"{len(tied)} tie; {rule}: {_offer_name(offers[pick], pick)}",
        chosen=_offer_name(offers[pick], pick),
    )
    return tied, pick


def action_choice(
    action: str,
    offers: Sequence[Mapping[str, Any]],
    tile_number: int,
    example: bool,
    any_vp_now: bool | None = None,
    players_choose_ties: bool = False,
    painted: int = 0,
    row_length: int | None = None,
    members_on_board: int | None = None,
) -> Decision:
    """What the tribe takes when it carries out an action (the text's per-action rules)."""
    tracer = Tracer()
    if action == "rock-painting":
        number = painted + 1
        if row_length:
            row, section = divmod(painted, row_length)
            where = msg("row {r}, section {s} from the left", r=row + 1, s=section + 1)
            result: dict[str, Any] = {"row": row + 1, "section": section + 1}
        else:
            where = msg("the next section of the current row (left to right, top row first)")
            result = {"painting": number}
        tracer.add(
            "rock painting",
            f"paints left to right, row by row from the top; {painted} section(s) painted so "
            f"far, so this is section {number}",
            painted=painted,
            **result,
        )
        return make_decision(
            "action-choice",
            msg("The tribe paints {where}", where=where),
            [msg("Paint {where} for the tribe.", where=where)],
            tracer,
            {"action": action, **result},
            example,
        )
    if action == "migration":
        moved = 2 if members_on_board is None else min(2, members_on_board)
        tracer.add(
            "migration",
            f"2 tribe members move onto the starting camp if possible; {moved} can",
            moved=moved,
        )
        return make_decision(
            "action-choice",
            msg("{n} tribe member(s) move onto the starting camp", n=moved),
            [msg("Put {n} tribe member(s) onto the starting camp.", n=moved)],
            tracer,
            {"action": action, "moved": moved},
            example,
        )
    if not offers:
        raise ValueError("offers needed")
    tied, pick = choose_best(action, offers, tracer)
    chosen = _offer_name(offers[pick], pick)
    result = {"action": action, "chosen": chosen, "tied": [_offer_name(offers[i], i) for i in tied]}
    instructions = [msg("The tribe takes {item}.", item=chosen)]
    summary = msg("The tribe takes {item}", item=chosen)
    if action == "ceremony":
        if players_choose_ties and len(tied) > 1:
            names = [_offer_name(offers[i], i) for i in tied]
            tracer.add(
                "players' choice", "variant: the players choose among the tied cards", tied=names
            )
            summary = msg("Players choose the tribe's card among: {cards}", cards=", ".join(names))
            instructions = [msg("Choose which of {cards} the tribe takes.", cards=", ".join(names))]
            result["players_choose"] = names
        if any_vp_now is None:
            any_vp_now = any(int(o.get("income", {}).get("vp", 0)) > 0 for o in offers)
        if not any_vp_now:
            tracer.add(
                "ceremony fallback",
                f"no card gives VP at this moment: the tribe also scores {tile_number} VP",
                vp=tile_number,
            )
            instructions.append(
                msg("No card gives VP now: the tribe also scores {vp} VP.", vp=tile_number)
            )
            result["bonus_vp"] = tile_number
        else:
            result["bonus_vp"] = 0
        instructions.append(msg("Move the player order marker as usual."))
    return make_decision("action-choice", summary, instructions, tracer, result, example)
