"""Where play goes next: the action queue, turns, rounds, and the screen of a queued action.

``state["step"]`` names the current question; a non-empty ``state["queue"]``
of Nomad actions always comes first. ``state["after"]`` says where play goes
once the queue is empty (``dispatch``, ``turn_end``, ``round_end`` or a step).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.nomads.actions import (
    SPECS,
    Out,
    animal_name,
    decision_of,
    needs_input,
    resolve,
)
from rules.games.nomads.catalogue import catalogue_of
from rules.games.nomads.terms import term
from rules.machine import copy_state
from rules.prompt import Field, Prompt
from rules.rng import shuffled
from rules.text import Msg, msg


def phase(st: State) -> Msg:
    if st["phase"] == "setup":
        return msg("Set-up")
    if st["phase"] == "final":
        return msg("Final scoring")
    if st["phase"] == "eclipse":
        return msg("Round {r}: eclipse", r=st["round"])
    return msg("Round {r}", r=st["round"])


def screen(st: State, **fields: Any) -> Prompt:
    """A :class:`Prompt` with the phase and round of ``st`` filled in."""
    inside = st["phase"] in ("turns", "eclipse")
    return Prompt(phase=phase(st), round=st["round"] if inside else None, **fields)


# -- the queue of Nomad actions ------------------------------------------------------------


def action_prompt(st: State) -> Prompt:
    """The screen of the first queued action: the rule with the arrows applied, and its fields.

    When every field has a default (the table only confirms), the screen shows
    the decision CONFIRM would carry out.
    """
    item = st["queue"][0]
    spec = SPECS[item["a"]]
    title = msg("Nomads: {action}", action=term(item["a"]))
    lines: tuple[Msg, ...] = (msg("From {src}.", src=Msg.from_json(item["src"])),)
    if item.get("instead"):
        lines = (msg("Instead of {x}:", x=term(item["instead"])), *lines)
    fields: tuple[Field, ...] = ()
    if needs_input(st, item):
        assert spec.fields is not None
        lines = (*lines, *spec.lines(st, item))
        fields = spec.fields(st, item)
    decision = None
    if all(f.default is not None for f in fields):
        _, decision = advance_queue(preview_copy(st), {f.key: f.default for f in fields})
    return screen(st, step="action", title=title, lines=lines, fields=fields, decision=decision)


def preview_copy(st: State) -> State:
    """A copy of ``st`` to try an answer on; the component record is shared (never changed)."""
    return copy_state(st)


def advance_queue(st: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    """Carry out the first queued action (or apply the table's correction and ask again)."""
    out = Out()
    item = st["queue"][0]
    spec = SPECS[item["a"]]
    if spec.edit is not None and needs_input(st, item) and spec.edit(st, answer, out):
        return st, None
    st["queue"].pop(0)
    resolve(st, item, answer, out)
    settle(st, out)
    received = out.result.get("received", out.result.get("substitute", item["a"]))
    kind = "substitution" if received != item["a"] else item["a"]
    return st, decision_of(st, kind, summary_of(st, item["a"], received, out), out)


def summary_of(st: State, action: str, received: str, out: Out) -> Msg:
    """The headline of a carried-out action: what they got, and where from."""
    if received != action:
        return msg("{a}: they get {b} instead", a=term(action), b=term(received))
    taken = out.result.get("animal")
    if taken:
        return msg(
            "They take the {a} from row {r}, space {c}",
            a=animal_name(st, taken["animal"]),
            r=taken["row"] + 1,
            c=taken["col"] + 1,
        )
    card = out.result.get("progress")
    if card:
        return msg(
            "They take the culture card in row {r}, space {c}",
            r=card["row"] + 1,
            c=card["col"] + 1,
        )
    return msg("Nomads: {action}", action=term(action))


def settle(st: State, out: Out) -> None:
    """Carry out inline items that need nothing from the table; then move on."""
    while st["queue"]:
        head = st["queue"][0]
        if not (head["inline"] and not needs_input(st, head)):
            return
        st["queue"].pop(0)
        resolve(st, head, {}, out)
    after, st["after"] = st["after"], "dispatch"
    if after == "turn_end":
        st["turn"] = "player"
        dispatch(st)
    elif after == "dispatch":
        dispatch(st)
    elif after == "round_end":
        round_end(st, out)
    else:
        st["step"] = after


# -- turns and rounds ------------------------------------------------------------------------


def dispatch(st: State) -> None:
    """Whose turn: the Nomads while they have figures (alternating), else the player, else eclipse.

    An empty nomad deck (only possible after very many eclipse preparations)
    ends the Nomads' turns for the round: there is no card to reveal (docs).
    """
    nomads_can = st["nomad_figs"] > 0 and st["deck_count"] > 0
    if nomads_can and (st["turn"] == "nomads" or st["player_done"]):
        if st["opts"]["cards"] == "digital":
            st["step"] = "reveal"
        else:
            st["pending"] = {"purpose": "turn"}
            st["step"] = "card"
    elif not st["player_done"]:
        st["step"] = "player"
    else:
        st["phase"] = "eclipse"
        st["step"] = "ecl_order"


def start_round(st: State, out: Out) -> None:
    """Preparation and the start of a round: figures back, nomad cards reshuffled."""
    cat = catalogue_of(st)
    st.update(
        phase="turns",
        discard=[],
        eclipse_pile=[],
        nomad_figs=st["figures"],
        player_placed=0,
        player_done=False,
        nomad_turn=0,
        column=None,
        raft_at_mouth=False,
        arrows=None,
    )
    st["turn"] = st["first"]
    for col in st["cols"].values():
        col.update(nomads=0, player=0, symbol=None)
    st["deck_count"] = len(cat.cards)
    if st["round"] > 1:
        out.say(msg("Preparation: shuffle all 16 nomad cards into a new Nomad deck."))
        if "rivers" in st["opts"]["modules"]:
            out.say(msg("Put the Nomads' raft back on the source."))
        if st["deck"] is not None:
            st["deck"] = shuffled(st, sorted(cat.cards))
        out.tracer.add("preparation", msg("All 16 nomad cards are reshuffled."))
    if st["opts"]["hard_reveal"]:
        if st["deck"] is not None:
            cid = st["deck"].pop(0)
            st["deck_count"] -= 1
            card = copy.deepcopy(cat.cards[cid])
            st["discard"].append(card)
            st["arrows"] = {"big": card["big"], "small": card["small"]}
            out.say(
                msg(
                    "Reveal nomad card {id} and lay it face up as the start of the "
                    "discard pile, without carrying it out.",
                    id=cid,
                )
            )
            out.tracer.add("higher difficulty", msg("Card {id} is revealed in advance.", id=cid))
        else:
            st["pending"] = {"purpose": "advance"}
            st["step"] = "card"
            return
    dispatch(st)


def round_end(st: State, out: Out) -> None:
    if st["round"] >= st["rounds"]:
        st["phase"] = "final"
        st["step"] = "final"
        return
    st["round"] += 1
    start_round(st, out)
