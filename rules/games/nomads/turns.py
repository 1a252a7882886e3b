"""A Nomad turn: reveal and stack the card, choose the column, queue the actions.

The discard pile is stacked offset so the bottom row of every earlier card
stays visible. The new (top) card's two actions in the chosen column come
first, upper then lower; then the visible bottom row of every earlier card,
from the newest down to the oldest (top to bottom on the table).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rules.game import State
from rules.games.nomads.actions import Out
from rules.games.nomads.columns import choose_column, placement
from rules.text import msg


def occupied_columns(st: State) -> list[str]:
    """Columns with at least one figure (blocked columns always count)."""
    return [
        c
        for c in st["order"]
        if c in st["blocked"] or st["cols"][c]["nomads"] + st["cols"][c]["player"] > 0
    ]


def correct_occupancy(st: State, occupied: Collection[str], out: Out) -> None:
    """Take the players' word for which columns hold figures."""
    for c in st["order"]:
        if c in st["blocked"]:
            continue
        col = st["cols"][c]
        total = col["nomads"] + col["player"]
        if c in occupied and total == 0:
            col["player"] = 1
            out.tracer.add(
                "occupancy", msg("The table reports a figure in {c}.", c=msg(st["names"][c]))
            )
        elif c not in occupied and total > 0:
            col.update(nomads=0, player=0, symbol=None)
            out.tracer.add("occupancy", msg("The table reports {c} empty.", c=msg(st["names"][c])))


def visible_actions(st: State, column: str) -> list[dict[str, Any]]:
    """The actions to carry out, top to bottom, as queue items."""
    pile = st["discard"]
    top = pile[-1]
    items = []
    for row, action in zip(("upper", "lower"), top["actions"][column], strict=True):
        items.append(
            {
                "a": action,
                "src": msg("card {id}, {row} row", id=top["id"], row=msg(row)).to_json(),
                "inline": False,
            }
        )
    for card in reversed(pile[:-1]):
        items.append(
            {
                "a": card["actions"][column][1],
                "src": msg("card {id}, visible bottom row", id=card["id"]).to_json(),
                "inline": False,
            }
        )
    return items


def take_turn(st: State, card: dict[str, Any], out: Out) -> str:
    """Stack ``card``, choose and occupy the column; returns the column id."""
    st["discard"].append(card)
    st["arrows"] = {"big": card["big"], "small": card["small"]}
    st["last_arrows"] = dict(st["arrows"])
    out.say(
        msg(
            "Put nomad card {id} on the Nomads' discard pile, offset so the bottom row of each "
            "earlier card stays visible.",
            id=card["id"],
        )
    )
    occupied = occupied_columns(st)
    out.tracer.add(
        "reveal",
        msg(
            "Card {id}: marked column {c}, big arrow {b}, small arrow {s}.",
            id=card["id"],
            c=msg(st["names"][card["marked"]]),
            b=msg(card["big"]),
            s=msg(card["small"]),
        ),
        occupied=occupied,
    )
    column = choose_column(
        st["order"], occupied, card["marked"], card["big"], out.tracer, st["names"]
    )
    col = st["cols"][column]
    spot = placement(col["nomads"] + col["player"] == 0, col["symbol"])
    name = msg(st["names"][column])
    if spot == "symbol":
        col["symbol"] = "nomads"
        out.say(
            msg("Place a Nomad figure on the action symbol of the bottom field of {c}.", c=name)
        )
    elif spot == "large":
        out.say(msg("Place a Nomad figure on the large space of the bottom field of {c}.", c=name))
    else:
        out.say(
            msg(
                "Place a Nomad figure on the bottom field of {c}: on the action symbol if it is "
                "still free, otherwise on the large space.",
                c=name,
            )
        )
    out.say(msg("Any Nomad figure will do, their chief figure too."))
    col["nomads"] += 1
    st["nomad_figs"] -= 1
    st["nomad_turn"] += 1
    st["column"] = column
    out.result.update(column=column, placement=spot, card=card["id"], marked=card["marked"])
    return column
