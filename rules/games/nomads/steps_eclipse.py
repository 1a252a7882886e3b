"""Steps of the Nomads' eclipse (workforce, income steps 1, 3, 4, modules) and final scoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.nomads import tribe
from rules.games.nomads.actions import (
    Out,
    animal_choices,
    arrows,
    decision_of,
    income_field,
    income_items,
)
from rules.games.nomads.arrows import extreme_word, pick
from rules.games.nomads.catalogue import catalogue_of
from rules.games.nomads.flow import round_end, screen, settle
from rules.games.nomads.scoring import eclipse_workforce, final_score, part_label, stone_points
from rules.prompt import Choice, Field, Prompt
from rules.text import NOTHING, Msg, msg, msgn


def workforce(st: State) -> tuple[int | None, int]:
    pile = st["eclipse_pile"]
    last = st["discard"][-1]["workforce"] if st["discard"] else 0
    if any(c is None for c in pile):
        return None, last
    return eclipse_workforce([catalogue_of(st).cards[c]["workforce"] for c in pile], 0), last


def prompt_ecl_order(st: State) -> Prompt:
    pile_wf, last = workforce(st)
    fields = []
    lines = []
    if pile_wf is None:
        lines.append(
            msg(
                "Turn over the Nomads' eclipse pile ({n} cards) and add up its labor.",
                n=len(st["eclipse_pile"]),
            )
        )
        fields.append(
            Field(
                key="pile_workforce",
                label=msg("Labor of their eclipse pile"),
                kind="int",
                default=None,
                minimum=0,
                maximum=200,
            )
        )
        lines.append(msg("Add {w} for the last nomad card revealed.", w=last))
    else:
        lines.append(
            msg(
                "The Nomads' labor: {p} from their eclipse pile ({n} cards) + {w} from the "
                "last nomad card = {t}.",
                p=pile_wf,
                n=len(st["eclipse_pile"]),
                w=last,
                t=pile_wf + last,
            )
        )
    lines.append(msg("Set the new turn order as usual and say where the Nomads' marker is."))
    fields.append(
        Field(
            key="position",
            label=msg("Nomads' space on the turn order track"),
            kind="choice",
            default=st["sticky"].get("position", "1"),
            choices=(Choice("1", msg("top (first)")), Choice("2", msg("second"))),
        )
    )
    return screen(
        st,
        step="ecl_order",
        title=msg("Eclipse: turn order"),
        lines=tuple(lines),
        fields=tuple(fields),
    )


def prompt_ecl_income1(st: State) -> Prompt:
    pos = st["sticky"].get("position", "1")
    default = catalogue_of(st).board["turn_order_income"].get(pos, {})
    return screen(
        st,
        step="ecl_income1",
        title=msg("Eclipse step 1: income beside their tribe marker"),
        lines=(msg("Step 2 does not apply to the Nomads."),),
        fields=(income_field("income", msg("Income beside the Nomads' tribe marker"), default),),
    )


def prompt_ecl_terrain(st: State) -> Prompt:
    n = st["nomads"]
    tile = 0
    if n["tile"] == "board":
        tile = 2 if st["opts"]["hard_settlement"] else 1
    lines = [
        msg(
            "Influence of the Nomads: 1 per camp (5 camps), 2 per settlement ({s} placed){tile}.",
            s=n["settlements"],
            tile=msg(", nomad tile {k} on its 3 adjacent fields", k=tile) if tile else NOTHING,
        ),
        msg(
            "They get the income of every terrain field where they have the most influence "
            "(ties with you included)."
        ),
    ]
    if "rivers" in st["opts"]["modules"]:
        lines.append(msg("Their raft counts as a camp, as usual."))
    if st["ritual_sites"] or "rivers" in st["opts"]["modules"]:
        lines.append(msg("Modules are scored after step 4."))
    return screen(
        st,
        step="ecl_terrain",
        title=msg("Eclipse step 3: terrain income"),
        lines=tuple(lines),
        fields=(
            income_field(
                "income", msg("Income of those terrain fields"), st["sticky"].get("terrain")
            ),
        ),
    )


def prompt_ecl_board(st: State) -> Prompt:
    stones = len(st["nomads"]["stones"])
    lines = [
        msg(
            "Their sacred stones score 2 points each instead of the printed points: {p}.",
            p=stone_points(stones),
        ),
    ]
    if "ancestors" in st["opts"]["modules"]:
        lines.append(msg("Ancestors: the Nomads get no eclipse points for the new animals."))
    return screen(
        st,
        step="ecl_board",
        title=msg("Eclipse step 4: their player board"),
        lines=tuple(lines),
        fields=(
            income_field(
                "income", msg("Other income of their player board"), st["sticky"].get("board")
            ),
        ),
    )


def prompt_ecl_modules(st: State) -> Prompt:
    fields = []
    lines = []
    if st["ritual_sites"] > 0:
        big, _ = arrows(st)
        lines.append(
            msg(
                "Ritual Sites: remove the {side} ritual site card from the game; the Nomads "
                "score 5 points.",
                side=extreme_word(big),
            )
        )
    if "rivers" in st["opts"]["modules"]:
        fields.append(
            Field(
                key="raft_points",
                label=msg("Raft points (closest to the mouth, ties too)"),
                kind="int",
                default=0,
                minimum=0,
                maximum=50,
            )
        )
        fields.append(
            Field(
                key="landmarks",
                label=msg("Landmark fields where they have the most influence (5 points each)"),
                kind="int",
                default=0,
                minimum=0,
                maximum=20,
            )
        )
    return screen(
        st,
        step="ecl_modules",
        title=msg("Eclipse: modules"),
        lines=tuple(lines),
        fields=tuple(fields),
    )


def prompt_final(st: State) -> Prompt:
    n = st["nomads"]
    return screen(
        st,
        step="final",
        title=msg("Final scoring of the Nomads"),
        lines=(
            msgn(
                "Turn over the {n} card under their gravestone and add the points of the "
                "culture cards among them.",
                "Turn over the {n} cards under their gravestone and add the points of the "
                "culture cards among them.",
                n=len(n["buried"]),
            )
            if n["buried"]
            else msg("No card lies under their gravestone: their buried cards score 0."),
        ),
        fields=(
            Field(
                key="buried_points",
                label=msg("Points on their buried culture cards"),
                kind="int",
                default=None if n["buried"] else 0,  # nothing buried: nothing to add
                minimum=0,
                maximum=500,
            ),
            Field(
                key="animals",
                label=msg("The Nomads' animals"),
                kind="counts",
                default={a: n["animals"].get(a, 0) for a in catalogue_of(st).animals},
                choices=animal_choices(st),
            ),
            Field(
                key="player_score",
                label=msg("Your final score"),
                kind="int",
                default=None,
                minimum=0,  # reading 29: no score below 0
                maximum=1000,
            ),
        ),
    )


def prompt_over(st: State) -> Prompt:
    f = st["final"]
    names = {a: v["name"] for a, v in catalogue_of(st).animals.items()}
    animals = st["nomads"]["animals"]
    lines = [
        msg("{part}: {p}", part=part_label(k, names, animals), p=v) for k, v in f["parts"].items()
    ]
    lines.append(msg("The Nomads: {n} points. You: {y} points.", n=f["total"], y=f["player"]))
    verdict = (
        msg("You win!")
        if f["player"] > f["total"]
        else msg("The Nomads win.")
        if f["player"] < f["total"]
        else msg("A tie.")
    )
    return screen(st, step="over", title=verdict, lines=tuple(lines), finished=True)


def advance_ecl_order(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    pile_wf, last = workforce(st)
    if pile_wf is None:
        pile_wf = int(ans["pile_workforce"])
    st["sticky"]["position"] = ans["position"]
    st["first"] = "nomads" if ans["position"] == "1" else "player"
    out.tracer.decide(
        "eclipse workforce",
        msg(
            "Labor: {p} from their eclipse pile + {w} from the last nomad card = {t}.",
            p=pile_wf,
            w=last,
            t=pile_wf + last,
        ),
        pile=pile_wf,
        last=last,
        total=pile_wf + last,
    )
    out.result["workforce"] = pile_wf + last
    return decision_of(st, "eclipse-workforce", msg("Nomads' labor: {w}", w=pile_wf + last), out)


def income_step(st: State, ans: Mapping[str, Any], out: Out, src: Msg, after: str) -> None:
    st["queue"].extend(income_items(ans["income"], src))
    st["after"] = after
    settle(st, out)


def advance_ecl_income1(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    income_step(st, ans, out, msg("eclipse step 1"), "ecl_terrain")
    return decision_of(st, "eclipse-income", msg("Eclipse step 1"), out)


def advance_ecl_terrain(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    st["sticky"]["terrain"] = dict(ans["income"])
    income_step(st, ans, out, msg("eclipse step 3"), "ecl_board")
    return decision_of(st, "eclipse-income", msg("Eclipse step 3"), out)


def advance_ecl_board(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    st["sticky"]["board"] = dict(ans["income"])
    stones = len(st["nomads"]["stones"])
    if stones:
        out.say(tribe.gain_points(st["nomads"], stone_points(stones)))
    out.tracer.decide(
        "eclipse step 4",
        msgn(
            "{n} sacred stone x 2 points = {p} (instead of the printed points).",
            "{n} sacred stones x 2 points = {p} (instead of the printed points).",
            n=stones,
            p=stone_points(stones),
        ),
        stones=stones,
    )
    modules = st["ritual_sites"] > 0 or "rivers" in st["opts"]["modules"]
    income_step(st, ans, out, msg("eclipse step 4"), "ecl_modules" if modules else "round_end")
    return decision_of(st, "eclipse-income", msg("Eclipse step 4"), out)


def advance_ecl_modules(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    n = st["nomads"]
    if st["ritual_sites"] > 0:
        big, _ = arrows(st)
        sites = [{"col": i, "row": 0} for i in range(st["ritual_sites"])]
        chosen = pick(sites, big, "up", out.tracer, msg("ritual site cards"))
        st["ritual_sites"] -= 1
        out.say(
            msg(
                "Remove ritual site card {k} (counted from the left) from the game.",
                k=chosen["col"] + 1,
            )
        )
        out.say(tribe.gain_points(n, 5))
    if "rivers" in st["opts"]["modules"]:
        if ans.get("raft_points"):
            out.say(tribe.gain_points(n, int(ans["raft_points"])))
        if ans.get("landmarks"):
            out.say(tribe.gain_points(n, 5 * int(ans["landmarks"])))
        out.tracer.add(
            "rivers",
            msgn(
                "Raft: {n} point; landmarks: {k} x 5 points.",
                "Raft: {n} points; landmarks: {k} x 5 points.",
                n=ans.get("raft_points", 0),
                k=ans.get("landmarks", 0),
            ),
            raft=ans.get("raft_points", 0),
            landmarks=ans.get("landmarks", 0),
        )
    round_end(st, out)
    return decision_of(st, "eclipse-modules", msg("Eclipse: modules scored"), out)


def advance_final(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    n = st["nomads"]
    n["animals"] = {a: c for a, c in ans["animals"].items() if c}
    cat = catalogue_of(st)
    total, parts = final_score(
        n["score"],
        n["food"],
        n["tools"],
        n["offerings"],
        n["fame"],
        len(n["buried"]),
        ans["buried_points"],
        n["animals"],
        {a: v["set"] for a, v in cat.animals.items()},
        cat.idols,
    )
    names = {a: v["name"] for a, v in cat.animals.items()}
    for part, points in parts.items():
        out.tracer.add(
            "final scoring",
            msg("{part}: {p}", part=part_label(part, names, n["animals"]), p=points),
            points=points,
        )
    out.tracer.decide("final scoring", msg("Total: {t} points.", t=total), total=total)
    st["final"] = {"total": total, "parts": parts, "player": ans["player_score"]}
    out.result.update(total=total, parts=parts)
    return decision_of(st, "final-score", msg("The Nomads score {t} points", t=total), out)
