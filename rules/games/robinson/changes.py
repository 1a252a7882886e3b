"""The guided "other changes": base-game effects on what the referee tracks, by touch.

A phase step's ``other`` field names a player; this step then shows that
player's tracked values as steppers (defaults: the values now), their
shelter, the cards with markers left (one marker spent each) and what can
happen to a card: a mystery card found, or a card of another player taken
("roubar" or "receber": it stays built and keeps its markers, a one-time
bonus comes at the end of the phase). ``next`` picks another player or
ends the loop; the game then goes on where it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import IllegalInput
from rules.game import State
from rules.games.robinson.components import TRACKS
from rules.games.robinson.model import alive, card_label, player, set_track, transfer
from rules.games.robinson.steps import Out, Step, cat, step, step_prompt, tracks_field
from rules.games.robinson.terms import TRACK_WORD, who
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg, msgn


def open_changes(state: State, pid: str) -> None:
    """Go to the change step for ``pid``; afterwards the game goes on at the current stage."""
    state["change"] = {"player": pid, "resume": state["stage"]}
    state["stage"] = "change"


def card_choices(state: State, pid: str) -> list[Choice]:
    c = cat(state)
    out = [Choice("none", msg("no card changes hands"))]
    for n in range(c.limits["markers"] + 1):
        out.append(
            Choice(
                f"find:{n}",
                msgn(
                    "finds a mystery card with {n} marker",
                    "finds a mystery card with {n} markers",
                    n=n,
                ),
            )
        )
    for other in alive(state):
        if other == pid:
            continue
        for card, entry in sorted(player(state, other)["cards"].items()):
            out.append(
                Choice(
                    f"take:{other}:{card}",
                    msg("takes {card} from {q}", card=card_label(c, card, entry), q=who(other)),
                )
            )
    return out


def prompt_change(state: State) -> Prompt:
    pid = state["change"]["player"]
    p = player(state, pid)
    c = cat(state)
    with_markers = [k for k, e in sorted(p["cards"].items()) if e["markers"]]
    return step_prompt(
        state,
        step="change",
        title=msg("Other changes for {p}", p=who(pid)),
        lines=(msg("Set what the table shows now; the rest stays as it is."),),
        fields=(
            tracks_field(state, pid, "tracks", msg("{p} now", p=who(pid)), TRACKS),
            Field(key="shelter", label=msg("Shelter built"), kind="bool", default=p["shelter"]),
            Field(
                key="use",
                label=msg("Cards used (one marker each)"),
                kind="multi",
                default=[],
                minimum=0,
                choices=tuple(Choice(k, card_label(c, k, p["cards"][k])) for k in with_markers),
            ),
            Field(
                key="card",
                label=msg("A card found or taken"),
                kind="choice",
                default="none",
                choices=tuple(card_choices(state, pid)),
            ),
            Field(
                key="next",
                label=msg("Changes for another player?"),
                kind="choice",
                default="done",
                choices=(
                    Choice("done", msg("no: done")),
                    *(Choice(q, who(q)) for q in alive(state) if q != pid),
                ),
            ),
        ),
    )


def advance_change(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    pid = state["change"]["player"]
    p = player(state, pid)
    c = cat(state)
    changed = False
    for card in answer["use"]:
        entry = p["cards"][card]
        entry["markers"] -= 1
        out.notes.append(
            msgn(
                "{p} uses {card}: {n} marker left",
                "{p} uses {card}: {n} markers left",
                p=who(pid),
                card=card_label(c, card, entry),
                n=entry["markers"],
            )
        )
        changed = True
    choice = answer["card"]
    if choice.startswith("find:"):
        state["mystery_count"] += 1
        card = f"mystery-{state['mystery_count']}"
        p["cards"][card] = {"kind": "mystery", "markers": int(choice.partition(":")[2])}
        out.notes.append(
            msg("{p} takes {card}", p=who(pid), card=card_label(c, card, p["cards"][card]))
        )
        changed = True
    elif choice.startswith("take:"):
        _, giver, card = choice.split(":", 2)
        transfer(state, card, giver, pid, out.notes)
        changed = True
    if answer["shelter"] != p["shelter"]:
        p["shelter"] = answer["shelter"]
        out.notes.append(
            msg("{p} has a shelter.", p=who(pid))
            if p["shelter"]
            else msg("{p} has no shelter.", p=who(pid))
        )
        changed = True
    placed = sum(1 for x in state["placements"] if x["player"] == pid)
    if answer["tracks"]["pawns"] < placed:
        raise IllegalInput(
            msgn(
                "{p} has already placed {n} pawn this round: pawns cannot be fewer",
                "{p} has already placed {n} pawns this round: pawns cannot be fewer",
                p=who(pid),
                n=placed,
            ),
            "tracks.pawns",
        )
    for track, value in answer["tracks"].items():
        before = p[track]
        if value != before and p["alive"]:
            out.notes.append(
                msg(
                    "{p}: {track} {a} → {b}", p=who(pid), track=TRACK_WORD[track], a=before, b=value
                )
            )
            set_track(state, pid, track, value, out.notes)
            changed = True
    nxt = answer["next"]
    if nxt != "done" and player(state, nxt)["alive"]:
        state["change"]["player"] = nxt
    else:
        state["stage"] = state["change"]["resume"]
        state["change"] = None
    if changed:
        out.tracer.decide(
            "other changes", msg("the table reports base-game effects for {p}", p=who(pid))
        )
        return msg("Other changes for {p}", p=who(pid))
    return None


STEPS: dict[str, Step] = {"change": step(prompt_change, advance_change)}
