"""Steps that reveal a nomad card: the digital draw, or the printed card entered and confirmed."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.errors import IllegalInput
from rules.game import State
from rules.games.nomads.actions import Out, decision_of
from rules.games.nomads.catalogue import catalogue_of
from rules.games.nomads.flow import dispatch, screen
from rules.games.nomads.terms import CARD_ACTIONS, term
from rules.games.nomads.turns import (
    correct_occupancy,
    occupied_columns,
    take_turn,
    visible_actions,
)
from rules.prompt import Choice, Field, Prompt
from rules.text import msg, msgn


def _arrow_choices(values: tuple[str, str]) -> tuple[Choice, ...]:
    return tuple(Choice(v, msg(v)) for v in values)


def prompt_card(st: State) -> Prompt:
    purpose = st["pending"]["purpose"]
    seen = {c["id"] for c in st["discard"]}
    choices = tuple(
        Choice(str(cid), msg("card {id}", id=cid))
        for cid in sorted(catalogue_of(st).cards)
        if cid not in seen
    )
    title = (
        msg("Reveal a nomad card in advance")
        if purpose == "advance"
        else msg("Nomads' turn {n}: reveal the top nomad card", n=st["nomad_turn"] + 1)
    )
    lines = (msg("Turn the top card of the Nomad deck face up and enter its number."),)
    return screen(
        st,
        step="card",
        title=title,
        lines=lines,
        fields=(
            Field(
                key="card",
                label=msg("Card number"),
                kind="choice",
                default=None,
                choices=choices,
            ),
        ),
    )


def columns_field(st: State) -> Field:
    free = [c for c in st["order"] if c not in st["blocked"]]
    return Field(
        key="occupied",
        label=msg("Columns holding figures now"),
        kind="multi",
        places="columns",
        default=[c for c in occupied_columns(st) if c not in st["blocked"]],
        choices=tuple(Choice(c, msg(st["names"][c])) for c in free),
    )


def face_fields(columns: tuple[Choice, ...], card: Mapping[str, Any], places: str) -> list[Field]:
    """A nomad card's top as the players read it: marked column, both arrows, labor.

    ``card`` gives the defaults (``None``: nothing known yet); ``places`` is
    the picture layer whose items are the columns. Play (confirming a drawn
    card) and the component editor (entering the deck) ask the same way.
    """
    return [
        Field(
            key="marked",
            label=msg("Marked column"),
            kind="choice",
            places=places,
            default=card["marked"],
            choices=columns,
        ),
        Field(
            key="big",
            label=msg("Big arrow"),
            kind="choice",
            default=card["big"],
            choices=_arrow_choices(("left", "right")),
        ),
        Field(
            key="small",
            label=msg("Small arrow"),
            kind="choice",
            default=card["small"],
            choices=_arrow_choices(("up", "down")),
        ),
        Field(
            key="workforce",
            label=msg("Labor"),
            kind="int",
            default=card["workforce"],
            minimum=0,
            maximum=20,
        ),
    ]


def prompt_face(st: State) -> Prompt:
    cid = st["pending"]["id"]
    card = catalogue_of(st).cards[cid]
    free = [c for c in st["order"] if c not in st["blocked"]]
    fields = face_fields(
        tuple(Choice(c, msg(st["names"][c])) for c in free), card, places="columns"
    )
    if st["pending"]["purpose"] == "turn":
        fields.append(columns_field(st))
    return screen(
        st,
        step="face",
        title=msg("Card {id}: confirm what it shows", id=cid),
        lines=(msg("Defaults come from the EXAMPLE catalogue: correct them to the printed card."),),
        fields=tuple(fields),
    )


def prompt_reveal(st: State) -> Prompt:
    card = catalogue_of(st).cards[st["deck"][0]]
    lines = (
        msg(
            "Nomad card {id} is revealed: marked column {c}, big arrow {b}, small arrow {s}, "
            "labor {w}.",
            id=card["id"],
            c=msg(st["names"][card["marked"]]),
            b=msg(card["big"]),
            s=msg(card["small"]),
            w=card["workforce"],
        ),
        msg("Confirm which action columns hold figures right now."),
    )
    return screen(
        st,
        step="reveal",
        title=msg("Nomads' turn {n}", n=st["nomad_turn"] + 1),
        lines=lines,
        fields=(columns_field(st),),
    )


def prompt_visible(st: State) -> Prompt:
    column = st["column"]
    choices = tuple(Choice(a, term(a)) for a in CARD_ACTIONS)
    pile = st["discard"]
    top = pile[-1]
    fields = [
        Field(
            key="a0",
            label=msg("Card {id}, upper action", id=top["id"]),
            kind="choice",
            default=top["actions"][column][0],
            choices=choices,
        ),
        Field(
            key="a1",
            label=msg("Card {id}, lower action", id=top["id"]),
            kind="choice",
            default=top["actions"][column][1],
            choices=choices,
        ),
    ]
    for k, card in enumerate(reversed(pile[:-1]), 2):
        fields.append(
            Field(
                key=f"a{k}",
                label=msg("Card {id}, visible bottom row", id=card["id"]),
                kind="choice",
                default=card["actions"][column][1],
                choices=choices,
            )
        )
    return screen(
        st,
        step="visible",
        title=msg("Actions under {c}", c=msg(st["names"][column])),
        lines=(msg("Confirm the actions shown under the chosen column, top to bottom."),),
        fields=tuple(fields),
    )


def advance_card(st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
    cid = int(ans["card"])
    if cid in {c["id"] for c in st["discard"]}:
        raise IllegalInput(
            msg("Nomad card {n} already lies on the discard pile this round", n=cid), "card"
        )
    st["pending"]["id"] = cid
    return None


def advance_face(st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
    pending, st["pending"] = st["pending"], None
    card = copy.deepcopy(catalogue_of(st).cards[pending["id"]])
    card.update(
        marked=ans["marked"], big=ans["big"], small=ans["small"], workforce=ans["workforce"]
    )
    st["deck_count"] -= 1
    if pending["purpose"] == "advance":
        st["discard"].append(card)
        st["arrows"] = {"big": card["big"], "small": card["small"]}
        out.say(
            msg(
                "Lay card {id} face up as the start of the discard pile, without carrying it out.",
                id=card["id"],
            )
        )
        dispatch(st)
        return decision_of(st, "advance-card", msg("Card revealed in advance"), out)
    correct_occupancy(st, ans["occupied"], out)
    column = take_turn(st, card, out)
    st["step"] = "visible"
    return decision_of(st, "column", msg("The Nomads take {c}", c=msg(st["names"][column])), out)


def advance_visible(st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
    column = st["column"]
    pile = st["discard"]
    pile[-1]["actions"][column] = [ans["a0"], ans["a1"]]
    for k, card in enumerate(reversed(pile[:-1]), 2):
        card["actions"][column][1] = ans[f"a{k}"]
    queue_turn(st, column)
    return None


def card_entries(st: State, ans: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
    """What a "face" or "visible" answer says about a printed card that the set has otherwise.

    The players correct a card to what is printed on it; each difference from
    the component set is an entry the component editor takes
    (``rules/games/nomads/editor.py``), so the next game knows the card.
    """
    known = catalogue_of(st).cards
    if st["step"] == "face":
        cid = st["pending"]["id"]
        face = {k: ans[k] for k in ("marked", "big", "small", "workforce")}
        if all(known[cid][k] == v for k, v in face.items()):
            return ()
        return ({"part": "card", "id": cid, **face},)
    if st["step"] != "visible":
        return ()
    column = st["column"]
    pile = st["discard"]
    seen = [(pile[-1]["id"], {"upper": ans["a0"], "lower": ans["a1"]})]
    seen += [(card["id"], {"lower": ans[f"a{k}"]}) for k, card in enumerate(reversed(pile[:-1]), 2)]
    out = []
    for cid, rows in seen:
        printed = dict(zip(("upper", "lower"), known[cid]["actions"][column], strict=True))
        if any(printed[row] != action for row, action in rows.items()):
            out.append({"part": "card", "id": cid, "column": column, **rows})
    return tuple(out)


def queue_turn(st: State, column: str) -> None:
    st["queue"].extend(visible_actions(st, column))
    st["after"] = "turn_end"
    st["step"] = "action"


def advance_reveal(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    cid = st["deck"].pop(0)
    st["deck_count"] -= 1
    correct_occupancy(st, ans["occupied"], out)
    column = take_turn(st, copy.deepcopy(catalogue_of(st).cards[cid]), out)
    actions = visible_actions(st, column)
    out.say(
        msgn(
            "Then they carry out {n} action under {c}, top to bottom.",
            "Then they carry out {n} actions under {c}, top to bottom.",
            n=len(actions),
            c=msg(st["names"][column]),
        )
    )
    queue_turn(st, column)
    return decision_of(st, "column", msg("The Nomads take {c}", c=msg(st["names"][column])), out)
