"""What the tribe takes when it carries out an action (largest income, tie-breaks).

One function, :func:`action_choice`, serves both paths: with ``offers`` (the
items on the table with their values, as a situation lists them) it picks
the item; without them (in play, where the players see the items) it states
the same rule with its tie-break, for the players to apply.

"Important: In questionable situations the marauder tribe always decides
according to the following order, when it calculates the biggest income:
VP > action marker > resource > development point".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders import counted as C
from rules.games.marauders.decide_common import join, make_decision, settle
from rules.games.marauders.model import income_key, label
from rules.text import Msg, msg, msgn

#: Actions whose item the tribe picks by value (the others have no choice to make).
CHOOSING = ("fishing", "gathering", "hunting", "ceremony")
#: "2 of the marauder tribe's tribe members move onto the starting camp (if it's possible)."
MIGRANTS = 2


def _offer_name(offer: Mapping[str, Any], index: int) -> str:
    return str(offer.get("id", f"offer {index + 1}"))


def _income_text(key: Sequence[int]) -> Msg:
    return msg(
        "{vp} VP, {am}, {res}, {dev}",
        vp=key[0],
        am=C.action_markers(key[1]),
        res=msgn("{n} resource", "{n} resources", n=key[2]),
        dev=msgn("{n} development point", "{n} development points", n=key[3]),
    )


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
    bottom row); fishing takes the first listed (the text: "There is no
    significance which one is taken in the case of fish with identical values").
    """
    if action == "fishing":
        keys: list[tuple[int, ...]] = [(int(o["steps"]),) for o in offers]
        texts = [
            msgn("{name}: {n} step", "{name}: {n} steps", name=_offer_name(o, i), n=keys[i][0])
            for i, o in enumerate(offers)
        ]
    else:
        keys = [income_key(o.get("income", {})) for o in offers]
        texts = [
            msg("{name}: {income}", name=_offer_name(o, i), income=_income_text(keys[i]))
            for i, o in enumerate(offers)
        ]
    best = max(keys)
    tied = [i for i, k in enumerate(keys) if k == best]
    tracer.add(
        "largest income",
        msg("Compared: {offers}", offers=join(texts)),
        best=list(best),
        tied=[_offer_name(offers[i], i) for i in tied],
    )
    if len(tied) == 1:
        tracer.decide(
            "largest income",
            msg("{name} gives the most", name=_offer_name(offers[tied[0]], tied[0])),
            chosen=_offer_name(offers[tied[0]], tied[0]),
        )
        return tied, tied[0]
    if action == "gathering":
        pick = min(tied, key=lambda i: int(offers[i]["clockwise"]))
        rule = msg("the first clockwise from the framed symbol on the pricing tile")
    elif action in {"hunting", "ceremony"}:
        pick = min(tied, key=lambda i: int(offers[i]["row"]))
        rule = msg("the one closer to the bottom of the game board")
    else:
        pick = tied[0]
        rule = msg("equal fish: it does not matter which, the first listed")
    tracer.decide(
        "tie-break",
        msg(
            "{k} tie; {rule}: {name}",
            k=len(tied),
            rule=rule,
            name=_offer_name(offers[pick], pick),
        ),
        chosen=_offer_name(offers[pick], pick),
    )
    return tied, pick


def _rule_text(action: str, framed: str | None, players_choose_ties: bool) -> tuple[Msg, list[Msg]]:
    """The summary and instructions that state the choosing rule in words (play)."""
    order_rule = msg("VP > action marker > resource > development point")
    if action == "fishing":
        return msg("The tribe takes the fish that gives it the most steps"), [
            msg("Take the fish giving the most steps (equal fish: any of them)."),
            msg("Move the tribe up the fishing track as usual."),
        ]
    if action == "gathering":
        return msg("The tribe takes the gathering tile with the largest income"), [
            msg("Take the gathering tile with the largest income ({order}).", order=order_rule),
            msg(
                "Tie: the first tile clockwise from the framed symbol ({framed}) on the "
                "central pricing tile.",
                framed=label(framed) if framed else msg("framed"),
            ),
        ]
    steps = [
        msg(
            "Take the card with the highest income now and at game end ({order}).",
            order=order_rule,
        ),
        msg("Tie (variant): the players choose which card the tribe takes.")
        if action == "ceremony" and players_choose_ties
        else msg("Tie: the one closer to the bottom of the game board."),
    ]
    return (
        msg("The tribe takes the {action} card with the largest income", action=label(action)),
        steps,
    )


def action_choice(
    action: str,
    offers: Sequence[Mapping[str, Any]] | None,
    tile_number: int,
    example: bool,
    any_vp_now: bool | None = None,
    players_choose_ties: bool = False,
    painted: int = 0,
    row_length: int | None = None,
    members_on_board: int | None = None,
    framed: str | None = None,
) -> Decision:
    """What the tribe takes when it carries out ``action`` (the text's per-action rules).

    ``offers`` is ``None`` in play: the decision then states the rule in words.
    Ceremony with ``any_vp_now`` ``None`` (not known yet) states the fallback as
    a condition; ``False`` adds the tile's number in VP.
    """
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
        tracer.decide(
            "rock painting",
            msgn(
                "Paints left to right, row by row from the top; {n} section painted so far, "
                "so this is section {k}",
                "Paints left to right, row by row from the top; {n} sections painted so far, "
                "so this is section {k}",
                n=painted,
                k=number,
            ),
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
        moved = MIGRANTS if members_on_board is None else min(MIGRANTS, members_on_board)
        tracer.decide(
            "migration",
            msg("2 tribe members move onto the starting camp if possible; {n} can", n=moved),
            moved=moved,
        )
        return make_decision(
            "action-choice",
            msgn(
                "{n} tribe member moves onto the starting camp",
                "{n} tribe members move onto the starting camp",
                n=moved,
            ),
            [
                msgn(
                    "Put {n} tribe member onto the starting camp.",
                    "Put {n} tribe members onto the starting camp.",
                    n=moved,
                )
            ],
            tracer,
            {"action": action, "moved": moved},
            example,
        )
    result = {"action": action}
    if offers is None:
        summary, instructions = _rule_text(action, framed, players_choose_ties)
        tracer.decide("action choice", summary, action=action)
    else:
        tied, pick = choose_best(action, offers, tracer)
        chosen = _offer_name(offers[pick], pick)
        result.update({"chosen": chosen, "tied": [_offer_name(offers[i], i) for i in tied]})
        instructions = [msg("The tribe takes {item}.", item=chosen)]
        summary = msg("The tribe takes {item}", item=chosen)
        if action == "ceremony" and players_choose_ties and len(tied) > 1:
            names = [_offer_name(offers[i], i) for i in tied]
            tracer.decide(
                "players' choice",
                msg(
                    "Variant: the players choose among the tied cards: {cards}",
                    cards=join([Msg(n) for n in names]),
                ),
                tied=names,
            )
            summary = msg(
                "Players choose the tribe's card among: {cards}",
                cards=join([Msg(n) for n in names]),
            )
            instructions = [
                msg("Choose which of {cards} the tribe takes.", cards=join([Msg(n) for n in names]))
            ]
            result["players_choose"] = names
    if action == "ceremony":
        if any_vp_now is None:
            instructions.append(
                msg(
                    "If no card gives VP at this moment, the tribe also scores {vp} VP.",
                    vp=tile_number,
                )
            )
        elif not any_vp_now:
            tracer.add(
                "ceremony fallback",
                msg(
                    "No card gives VP at this moment: the tribe also scores {vp} VP",
                    vp=tile_number,
                ),
                vp=tile_number,
            )
            instructions.append(
                msg("No card gives VP now: the tribe also scores {vp} VP.", vp=tile_number)
            )
            result["bonus_vp"] = tile_number
        else:
            result["bonus_vp"] = 0
        instructions.append(msg("Move the player order marker as usual."))
    if not any(step.decisive for step in tracer.steps):
        settle(tracer)
    return make_decision("action-choice", summary, instructions, tracer, result, example)
