"""The questions that arise while the assistant resolves something, as prompt fields.

A :class:`~rules.games.anteportas.asking.NeedChoice` carries the question as
data; :func:`question_field` turns it into one touch field with only the
legal answers (the default is what happens when nobody acts: Mine first, no
Soldier action), and :func:`answer_of` turns the field's value back into the
answer the resolution reads.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.games.anteportas.battle import SOLDIER_NAMES, TILE_NAMES, soldier_name
from rules.games.anteportas.forms import sources_field
from rules.games.anteportas.words import join_msgs, tools, unit_count, units_msg
from rules.prompt import Choice, Field
from rules.text import Msg, msg, msgn

NAMES = {**TILE_NAMES, **SOLDIER_NAMES}
KEY = "answer"


def losses_msg(kinds: list[str]) -> Msg:
    """``["citizen", "farmer", "farmer"]`` -> "1 Citizen and 2 Farmers"."""
    counted = Counter(kinds)
    return join_msgs(
        [
            msg("{n} {unit}", n=n, unit=soldier_name(k, n) if k in SOLDIER_NAMES else NAMES[k])
            for k, n in sorted(counted.items())
        ]
    )


def title(question: dict[str, Any]) -> Msg:
    kind, hex_id = question["kind"], question["hex"]
    return {
        "battle": msg("Battle on #{hex}: your choice", hex=hex_id),
        "damage": msg("Damage on #{hex}: your choice", hex=hex_id),
        "support": msg("Battle on #{hex}: fire support?", hex=hex_id),
        "gunfire": msg("Fire at the troop on #{hex}?", hex=hex_id),
        "replace": msg("Replace the Mine on #{hex}?", hex=hex_id),
    }[kind]


def lines(question: dict[str, Any]) -> tuple[Msg, ...]:
    """What happened so far, then the question in words."""
    before = tuple(Msg.from_json(m) for m in question.get("steps", []))
    kind, hex_id = question["kind"], question["hex"]
    if kind == "battle":
        ask = msg(
            "Your Strength {ours} beats the Invaders' {theirs}. Who takes the damage?",
            ours=question["ours"],
            theirs=question["theirs"],
        )
    elif kind == "damage":
        ask = msg("{n} damage on #{hex}. Who takes it?", n=question["damage"], hex=hex_id)
    elif kind == "support":
        ask = msg(
            "A Battle starts on #{hex} against {units}. Buildings may fire on it first "
            "(one Soldier each time).",
            hex=hex_id,
            units=units_msg(question["units"]),
        )
    elif kind == "gunfire":
        ask = msgn(
            "{units} enters #{hex}. Buildings may fire on it (one Soldier each time).",
            "{units} enter #{hex}. Buildings may fire on them (one Soldier each time).",
            n=unit_count(question["units"]),
            units=units_msg(question["units"]),
            hex=hex_id,
        )
    else:
        ask = msg(
            "A Guard Post or Guard Tower in sight may replace the {mine} for {tools}.",
            mine=TILE_NAMES[question["mine"]],
            tools=tools(question["cost"]),
        )
    return (*before, ask)


def question_field(question: dict[str, Any], field: dict[str, Any]) -> Field:
    """One field with the legal answers to ``question``; its default: nobody acts."""
    kind = question["kind"]
    if kind in ("battle", "damage"):
        how = {True: msg("the Mine detonates"), False: msg("the Soldiers take the damage")}
        return Field(
            key=KEY,
            label=msg("Damage"),
            kind="choice",
            default="mine",
            choices=tuple(
                Choice(
                    "mine" if o["mine_first"] else "soldiers",
                    msgn(
                        "{how}: {falls} falls",
                        "{how}: {falls} fall",
                        how=how[o["mine_first"]],
                        falls=losses_msg(o["falls"]),
                        n=len(o["falls"]),
                    ),
                )
                for o in question["options"]
            ),
        )
    if kind in ("support", "gunfire"):
        sources = {int(h): n for h, n in question["sources"].items()}
        return sources_field(KEY, sources, field, msg("Soldiers firing, per Building"))
    return Field(
        key=KEY,
        label=msg("Replace from"),
        kind="choice",
        default="none",
        choices=(
            Choice("none", msg("no replacement")),
            *(Choice(str(h), msg("Guard Post on #{hex}", hex=h)) for h in question["sources"]),
        ),
    )


def answer_of(question: dict[str, Any], value: Any) -> Any:
    """The field's value as the answer the resolution reads."""
    kind = question["kind"]
    if kind in ("battle", "damage"):
        return value
    if kind in ("support", "gunfire"):
        return [
            int(h) for h, n in sorted(value.items(), key=lambda kv: int(kv[0])) for _ in range(n)
        ]
    return [] if value == "none" else [int(value)]
