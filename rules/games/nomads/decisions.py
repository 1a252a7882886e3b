"""Decisions runnable from a situation file: ``tableside decide nomads FILE``.

Every kind is a :class:`rules.game.DecisionKind`: a strict schema (unknown
fields, duplicates, bounds from the components, required fields, all named
by path) and a run that builds a game state from the situation and carries
out the very functions the game's steps call (:func:`flow.advance_queue`,
:func:`turns.take_turn`, :mod:`scoring`), so ``decide`` and play cannot
drift apart. A situation may carry its own ``components`` (checked by the
component schema); without them the EXAMPLE set is used. Schemas are listed
in docs/nomads.md; positions use ``col`` (0 = westernmost, growing east) and
``row`` (0 = northernmost, growing south).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import SituationError
from rules.game import DecisionKind, State
from rules.games.nomads.actions import SPECS, Out, animal_name
from rules.games.nomads.arrows import pick
from rules.games.nomads.catalogue import (
    ARROW_BIG,
    ARROW_SMALL,
    CARD,
    SCHEMA,
    Catalogue,
    catalogue_of,
    record_for,
)
from rules.games.nomads.flow import advance_queue
from rules.games.nomads.scoring import eclipse_workforce, final_score, part_label, stone_points
from rules.games.nomads.sites import choose_site, choose_stone
from rules.games.nomads.steps_setup import initial_state
from rules.games.nomads.terms import term
from rules.games.nomads.turns import take_turn
from rules.schema import Bool, Int, List, Map, Maybe, Obj, Spec, Str
from rules.text import Msg, msg, msgn

GAME = "nomads"
Situation = dict[str, Any]


# -- schema parts -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Coordinate(Spec):
    """A finite number (a position may lie between grid lines, e.g. a connection point)."""

    limit: float = 100.0

    def check(self, value: Any, path: str = "") -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SituationError(path, "must be a number")
        if not math.isfinite(value) or abs(value) > self.limit:
            raise SituationError(
                path, f"must be a number between -{self.limit:g} and {self.limit:g}"
            )
        return value


@dataclass(frozen=True)
class WithComponents(Obj):
    """A situation checked against the components it names (or the EXAMPLE set).

    The optional ``components`` field is checked by the component schema
    first; the rest of the situation is then checked by ``build(catalogue)``,
    so every bound (food cap, grid size, animal names) comes from the
    components in use. The checked value carries the component record under
    ``components``. As an :class:`Obj` it describes the situation with the
    EXAMPLE bounds, so tools (fuzz tests, docs) can read its fields.
    """

    build: Callable[[Catalogue], Obj] | None = None

    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise SituationError(path, "the situation must be a JSON object")
        assert self.build is not None
        record = record_for(value.get("components"))
        catalogue = Catalogue.of(record["data"], bool(record["example"]))
        body = {k: v for k, v in value.items() if k != "components"}
        checked: dict[str, Any] = self.build(catalogue).check(body, path)
        checked["components"] = record
        return checked


def with_components(build: Callable[[Catalogue], Obj]) -> WithComponents:
    """The schema of a situation kind whose bounds come from ``build(catalogue)``."""
    example = build(catalogue_of({"components": record_for()}))
    required = frozenset(example.fields) if example.required is None else example.required
    return WithComponents(
        fields={**example.fields, "components": SCHEMA},
        required=required,
        defaults=example.defaults,
        check_whole=example.check_whole,
        build=build,
    )


ARROWS = Obj({"big": Str(choices=ARROW_BIG), "small": Str(choices=ARROW_SMALL)})


def nomads_spec(cat: Catalogue) -> Obj:
    """What the Nomads hold, bounded by the components' limits."""
    limits = cat.limits
    return Obj(
        {
            "food": Int(0, limits["food"]),
            "tools": Int(0, limits["tools"]),
            "sacrifice_pile": Int(0, 60),
            "megaliths_built": Int(0, limits["megaliths"]),
            "sacred_stones": Int(0, limits["sacred_stones"]),
        }
    )


def grid_spec(cat: Catalogue, area: str, cell: Spec) -> List:
    shape = cat.board[area]
    return List(List(Maybe(cell), shape["columns"], shape["columns"]), shape["rows"], shape["rows"])


def _require_if(condition: Callable[[dict[str, Any]], bool], key: str, why: str) -> Any:
    def check(value: dict[str, Any], path: str) -> None:
        if condition(value) and key not in value:
            raise SituationError(f"{path}.{key}" if path else key, f"is missing ({why})")

    return check


def _grid_empty(value: dict[str, Any], key: str) -> bool:
    return not any(cell for row in value[key] for cell in row)


# -- a game state from a situation ------------------------------------------------------------


def situation_state(
    sit: Situation,
    *,
    nomads: Mapping[str, int] | None = None,
    arrows: Mapping[str, str] | None = None,
    hard_settlement: bool = False,
) -> State:
    """A game state as at a Nomad action, holding what the situation says."""
    options = {
        "cards": "digital",
        "hard_reveal": False,
        "hard_settlement": hard_settlement,
        "modules": [],
        "components": sit["components"],
    }
    st = initial_state(options, seed=0)
    st.update(phase="turns", step="reveal", round=1, after="dispatch", nomad_figs=1)
    st["hunt"] = [[""] * len(row) for row in st["hunt"]]
    st["display"] = [[""] * len(row) for row in st["display"]]
    if arrows is not None:
        st["arrows"] = dict(arrows)
    if nomads is not None:
        n = st["nomads"]
        n["food"], n["tools"] = nomads["food"], nomads["tools"]
        n["sacrifice"] = ["I"] * nomads["sacrifice_pile"]
        n["megaliths"] = nomads["megaliths_built"]
        n["stones"] = [{"food": 0, "tools": 0}] * nomads["sacred_stones"]
    return st


Answers = Callable[[State, str], dict[str, Any]]


def carry_out(st: State, action: str, answers: Answers) -> Decision:
    """Carry out ``action`` as the game does, substitutes included; one combined decision.

    ``answers(st, action)`` gives the table's answer for an action that asks
    (and for any substitute it leads to).
    """
    st["queue"] = [{"a": action, "src": msg("the situation").to_json(), "inline": False}]
    trace: list[Any] = []
    instructions: list[Msg] = []
    result: dict[str, Any] = {}
    decision = None
    for _ in range(8):  # the substitution chain is at most 5 long
        head = st["queue"][0]["a"]
        _, step = advance_queue(st, answers(st, head))
        if step is None:  # a correction of the table: cannot happen with "done" answers
            continue
        decision = step
        trace += step.trace
        instructions += step.instructions
        result.update(step.result)
        if "substitute" not in step.result or not st["queue"]:
            break
        result.pop("substitute", None)
    assert decision is not None
    if any(t.decisive for t in trace):
        first = next(i for i, t in enumerate(trace) if t.decisive)
        trace = [t if i == first else replace(t, decisive=False) for i, t in enumerate(trace)]
    result.pop("substitute", None)
    return replace(decision, trace=tuple(trace), instructions=tuple(instructions), result=result)


def _decided(kind: str, summary: Msg, base: Decision, result: dict[str, Any]) -> Decision:
    return replace(base, kind=kind, summary=summary, result=result)


def _plain(tracer: Tracer, st: State, kind: str, summary: Msg, result: dict[str, Any]) -> Decision:
    return Decision(
        game=GAME,
        kind=kind,
        summary=summary,
        trace=tracer.freeze(),
        result=result,
        example_data=bool(st["components"]["example"]),
    )


def _received_summary(st: State, action: str, result: Mapping[str, Any]) -> Msg | None:
    received = result.get("received", action)
    if received == action:
        return None
    return msg("No {a}: they get {b}", a=term(action), b=term(received))


# -- column -----------------------------------------------------------------------------------


def column_spec(cat: Catalogue) -> Obj:
    ids = (*cat.column_ids, cat.board["cave_painting_column"]["id"])

    def whole(value: dict[str, Any], path: str) -> None:
        order = value.get("columns", cat.column_ids)
        has_card = "card" in value
        has_pair = "marked" in value or "big" in value
        if has_card == has_pair or (has_pair and not ("marked" in value and "big" in value)):
            raise SituationError(path or "card", "give either card, or marked and big")
        marked = value["card"]["marked"] if has_card else value["marked"]
        where = "card.marked" if has_card else "marked"
        if marked not in order:
            raise SituationError(where, f"'{marked}' is not one of the columns: {', '.join(order)}")
        for i, column in enumerate(value["occupied"]):
            if column not in order:
                raise SituationError(f"occupied[{i}]", f"'{column}' is not one of the columns")

    return Obj(
        {
            "columns": List(Str(choices=ids), 2, len(ids), unique=True),
            "occupied": List(Str(choices=ids), 0, len(ids), unique=True),
            "marked": Str(choices=ids),
            "big": Str(choices=ARROW_BIG),
            "card": CARD,
        },
        required=frozenset({"occupied"}),
        check_whole=whole,
    )


def run_column(sit: Situation) -> Decision:
    st = situation_state(sit)
    cat = catalogue_of(st)
    order = sit.get("columns", cat.column_ids)
    names = {**cat.column_names(True)}
    st["order"] = order
    st["names"] = {c: names.get(c, c) for c in order}
    st["cols"] = {c: {"nomads": 0, "player": 0, "symbol": None} for c in order}
    for c in sit["occupied"]:
        st["cols"][c]["player"] = 1
    if "card" in sit:
        card = dict(sit["card"])
    else:
        card = {"id": 0, "marked": sit["marked"], "big": sit["big"], "small": "up"}
        card.update(workforce=0, actions={})
    out = Out()
    column = take_turn(st, card, out)
    return _plain(
        out.tracer,
        st,
        "column",
        msg("The Nomads take column {c}", c=msg(st["names"][column])),
        {"column": column, "placement": out.result["placement"]},
    )


# -- get-animal -------------------------------------------------------------------------------


def animal_spec(cat: Catalogue) -> Obj:
    animals = Str(choices=tuple(cat.animals))
    return Obj(
        {
            "hunting_area": grid_spec(cat, "hunting_area", animals),
            "owned": Map(Int(0, 40), keys=animals),
            "arrows": ARROWS,
            "nomads": nomads_spec(cat),
        },
        required=frozenset({"hunting_area", "owned", "arrows"}),
        check_whole=_require_if(
            lambda v: _grid_empty(v, "hunting_area"),
            "nomads",
            "the hunting area is empty, so the substitution table decides",
        ),
    )


def _table_answers(st: State, action: str) -> dict[str, Any]:
    """The answers a table gives that did what the screen said (fields' defaults)."""
    spec = SPECS[action]
    fields = spec.fields(st, {"a": action}) if spec.fields else ()
    return {f.key: f.default for f in fields}


def run_get_animal(sit: Situation) -> Decision:
    st = situation_state(sit, nomads=sit.get("nomads"), arrows=sit["arrows"])
    st["hunt"] = [[cell or "" for cell in row] for row in sit["hunting_area"]]
    st["nomads"]["animals"] = dict(sit["owned"])
    done = carry_out(st, "animal", _table_answers)
    taken = done.result.get("animal")
    if taken is None:
        summary = _received_summary(st, "animal", done.result) or msg("No animal")
        return _decided("get-animal", summary, done, {"animal": None, **done.result})
    return _decided(
        "get-animal",
        msg(
            "They take the {a} in row {r}, space {c}",
            a=animal_name(st, taken["animal"]),
            r=taken["row"] + 1,
            c=taken["col"] + 1,
        ),
        done,
        {"animal": taken["animal"], "row": taken["row"], "col": taken["col"]},
    )


# -- progress ---------------------------------------------------------------------------------


def progress_spec(cat: Catalogue) -> Obj:
    return Obj(
        {
            "display": grid_spec(cat, "progress_display", Str(max_length=80)),
            "arrows": ARROWS,
            "nomads": nomads_spec(cat),
        },
        required=frozenset({"display", "arrows"}),
        check_whole=_require_if(
            lambda v: _grid_empty(v, "display"),
            "nomads",
            "the display is empty, so the substitution table decides",
        ),
    )


def run_progress(sit: Situation) -> Decision:
    st = situation_state(sit, nomads=sit.get("nomads"), arrows=sit["arrows"])
    st["display"] = [[cell or "" for cell in row] for row in sit["display"]]
    done = carry_out(st, "progress", _table_answers)
    taken = done.result.get("progress")
    if taken is None:
        summary = _received_summary(st, "progress", done.result) or msg("No culture card")
        return _decided("progress", summary, done, {"card": None, **done.result})
    return _decided(
        "progress",
        msg(
            "They take {card} (row {r}, space {c})",
            card=taken["card"],
            r=taken["row"] + 1,
            c=taken["col"] + 1,
        ),
        done,
        {"card": taken["card"], "row": taken["row"], "col": taken["col"]},
    )


# -- megalith-site ----------------------------------------------------------------------------


def site_spec(cat: Catalogue) -> Obj:
    site = Obj(
        {"id": Str(max_length=40), "level": Int(0, 5), "col": Coordinate(), "row": Coordinate()},
        required=frozenset({"level", "col", "row"}),
    )
    return Obj(
        {
            "sites": List(site, 0, 60, key=lambda s: (s["col"], s["row"])),
            "arrows": ARROWS,
            "nomads": nomads_spec(cat),
        }
    )


def _megalith_answers(built: str) -> Answers:
    def answers(st: State, action: str) -> dict[str, Any]:
        values = _table_answers(st, action)
        if action == "megalith":
            values["built"] = built
        return values

    return answers


def run_megalith_site(sit: Situation) -> Decision:
    st = situation_state(sit, nomads=sit["nomads"], arrows=sit["arrows"])
    tracer = Tracer()
    blocked = SPECS["megalith"].blocked
    site = None
    if blocked is None or blocked(st) is None:
        site = choose_site(sit["sites"], sit["arrows"]["big"], sit["arrows"]["small"], tracer)
    built = "none" if site is None else ("higher" if site["level"] > 0 else "lowest")
    done = carry_out(st, "megalith", _megalith_answers(built))
    done = replace(
        done, trace=tracer.freeze() + done.trace if site is None else _site_first(tracer, done)
    )
    summary = _received_summary(st, "megalith", done.result)
    if summary is not None or site is None:
        return _decided(
            "megalith-site", summary or msg("No megalith"), done, {"site": None, **done.result}
        )
    return _decided(
        "megalith-site",
        msg(
            "They build on level {l} at column {c}, row {r}",
            l=site["level"],
            c=site["col"],
            r=site["row"],
        ),
        done,
        {"site": site, "received": "megalith"},
    )


def _site_first(tracer: Tracer, done: Decision) -> tuple[Any, ...]:
    """The site choice decided; the building steps after it only report."""
    return tracer.freeze() + tuple(replace(t, decisive=False) for t in done.trace)


# -- settlement -------------------------------------------------------------------------------


def settlement_spec(cat: Catalogue) -> Obj:
    point = Obj(
        {"id": Str(max_length=40), "col": Coordinate(), "row": Coordinate()},
        required=frozenset({"col", "row"}),
    )
    return Obj(
        {
            "connection_points": List(point, 0, 60, key=lambda p: (p["col"], p["row"])),
            "settlements_placed": Int(0, cat.limits["settlements"]),
            "tile_placed": Bool(),
            "hard_settlement": Bool(),
            "arrows": ARROWS,
        }
    )


def run_settlement(sit: Situation) -> Decision:
    st = situation_state(sit, arrows=sit["arrows"], hard_settlement=sit["hard_settlement"])
    st["nomads"]["settlements"] = sit["settlements_placed"]
    st["nomads"]["tile"] = "board" if sit["tile_placed"] else "supply"
    tracer = Tracer()
    points = sit["connection_points"]
    point = (
        pick(points, sit["arrows"]["big"], sit["arrows"]["small"], tracer, msg("connection points"))
        if points
        else None
    )

    def answers(st: State, action: str) -> dict[str, Any]:
        values = _table_answers(st, action)
        values["connection"] = point is not None
        return values

    done = carry_out(st, "settlement", answers)
    trace = tracer.freeze() + tuple(replace(t, decisive=False) for t in done.trace)
    if point is None:
        trace = tuple(replace(t, decisive=t.rule == "special action") for t in done.trace)
    done = replace(done, trace=trace)
    if point is None:
        return _decided(
            "settlement", msg("(B): reveal a map card, move the 2 inner camps"), done, {"step": "B"}
        )
    piece = done.result["piece"]
    return _decided(
        "settlement",
        msg(
            "(A): {p} on the connection point at column {c}, row {r}",
            p=msg("a settlement") if piece == "settlement" else msg("the nomad tile"),
            c=point["col"],
            r=point["row"],
        ),
        done,
        {"step": "A", "point": point, "piece": piece},
    )


# -- substitution -----------------------------------------------------------------------------

#: Actions a situation may ask about, and the table facts each can consult.
FACTS: dict[str, tuple[str, ...]] = {
    "sacred_stone": ("sacred_stone_available", "sacred_stone_cost", "megalith_site"),
    "megalith": ("megalith_site",),
    "progress": ("progress_display_cards",),
    "draw_card": (),
    "tribe_member": (),
    "hunt": (),
    "animal": ("hunting_area_animals",),
    "random_animal": ("animal_deck",),
    "bury": (),
    "tool": (),
    "food": (),
    "idol": (),
}


def substitution_spec(cat: Catalogue) -> Obj:
    limits = cat.limits
    shape = cat.board["progress_display"]
    hunt = cat.board["hunting_area"]
    table = Obj(
        {
            "sacred_stone_available": Bool(),
            "sacred_stone_cost": Obj(
                {"food": Int(0, limits["food"]), "tools": Int(0, limits["tools"])}
            ),
            "megalith_site": Bool(),
            "progress_display_cards": Int(0, shape["rows"] * shape["columns"]),
            "hunting_area_animals": Int(0, hunt["rows"] * hunt["columns"]),
            "animal_deck": Int(0, 200),
        },
        required=frozenset(),
    )

    def whole(value: dict[str, Any], path: str) -> None:
        for fact in FACTS[value["action"]]:
            if fact not in value.get("table", {}):
                raise SituationError(
                    f"table.{fact}", f"is missing (the table for {value['action']} needs it)"
                )

    return Obj(
        {"action": Str(choices=tuple(FACTS)), "nomads": nomads_spec(cat), "table": table},
        required=frozenset({"action", "nomads"}),
        defaults={"table": {}},
        check_whole=whole,
    )


def _facts_answers(facts: Mapping[str, Any]) -> Answers:
    """Answers of a table whose facts are ``facts`` (only those the action consults)."""

    def answers(st: State, action: str) -> dict[str, Any]:
        values = _table_answers(st, action)
        if action == "sacred_stone":
            cost = facts["sacred_stone_cost"]
            values.update(
                available=facts["sacred_stone_available"],
                cost_food=cost["food"],
                cost_tools=cost["tools"],
            )
        elif action == "megalith":
            values["built"] = "lowest" if facts["megalith_site"] else "none"
        elif action == "random_animal":
            values["drawn"] = next(iter(st_animals(st))) if facts["animal_deck"] else "empty"
        return values

    return answers


def st_animals(st: State) -> list[str]:
    """The animal kinds of the components in use."""
    return list(catalogue_of(st).animals)


def _fill(grid: list[list[str]], count: int, content: str) -> None:
    for r, row in enumerate(grid):
        for c in range(len(row)):
            if count > 0:
                grid[r][c] = content
                count -= 1


def run_substitution(sit: Situation) -> Decision:
    st = situation_state(sit, nomads=sit["nomads"])
    facts = sit["table"]
    action = sit["action"]
    if action == "progress":
        _fill(st["display"], facts["progress_display_cards"], "card")
    if action == "animal":
        _fill(st["hunt"], facts["hunting_area_animals"], st_animals(st)[0])
    done = carry_out(st, action, _facts_answers(facts))
    received = str(done.result.get("received", action))
    return _decided(
        "substitution",
        msg("They get {x}", x=term(received)),
        done,
        {"received": received, "chain": done.result.get("chain", [action])},
    )


# -- sacred-stone -----------------------------------------------------------------------------


def stone_spec(cat: Catalogue) -> Obj:
    limits = cat.limits
    stone = Obj(
        {
            "name": Str(max_length=60),
            "era": Int(1, 2),
            "food": Int(0, limits["food"]),
            "tools": Int(0, limits["tools"]),
        }
    )
    return Obj(
        {
            "stones": List(stone, 0, 20, key=lambda s: s["name"]),
            "era": Int(1, 2),
            "nomads": nomads_spec(cat),
            "megalith_site": Bool(),
            "arrows": ARROWS,
        }
    )


def run_sacred_stone(sit: Situation) -> Decision:
    st = situation_state(sit, nomads=sit["nomads"], arrows=sit["arrows"])
    tracer = Tracer()
    blocked = SPECS["sacred_stone"].blocked
    chosen = None
    if blocked is None or blocked(st) is None:
        chosen = choose_stone(sit["stones"], sit["era"], sit["arrows"]["big"], tracer)
    facts = {
        "sacred_stone_available": chosen is not None,
        "sacred_stone_cost": {
            "food": chosen["food"] if chosen else 0,
            "tools": chosen["tools"] if chosen else 0,
        },
        "megalith_site": sit["megalith_site"],
    }
    done = carry_out(st, "sacred_stone", _facts_answers(facts))
    received = done.result.get("received", "sacred_stone")
    if received == "sacred_stone" and chosen is not None:
        trace = tracer.freeze() + tuple(replace(t, decisive=False) for t in done.trace)
        return _decided(
            "sacred-stone",
            msg("They buy stone {s} onto space {k}", s=chosen["name"], k=done.result["space"]),
            replace(done, trace=trace),
            {"stone": chosen, "space": done.result["space"], "received": received},
        )
    trace = tuple(replace(t, decisive=False) for t in tracer.freeze()) + done.trace
    return _decided(
        "sacred-stone",
        msg("No sacred stone: they get {x}", x=term(received)),
        replace(done, trace=trace),
        {"stone": None, "received": received, "chain": done.result.get("chain")},
    )


# -- eclipse and final score ------------------------------------------------------------------


def eclipse_spec(cat: Catalogue) -> Obj:
    return Obj(
        {
            "eclipse_pile_workforce": List(Int(0, 20), 0, len(cat.cards)),
            "last_card_workforce": Int(0, 20),
            "sacred_stones": Int(0, cat.limits["sacred_stones"]),
        }
    )


def run_eclipse(sit: Situation) -> Decision:
    st = situation_state(sit)
    pile, last, stones = (
        sit["eclipse_pile_workforce"],
        sit["last_card_workforce"],
        sit["sacred_stones"],
    )
    total = eclipse_workforce(pile, last)
    tracer = Tracer()
    tracer.decide(
        "workforce",
        msg(
            "Labor: {p} from their eclipse pile + {w} from the last nomad card = {t}.",
            p=sum(pile),
            w=last,
            t=total,
        ),
        pile=sum(pile),
        last=last,
        total=total,
    )
    tracer.add(
        "step 4",
        msgn(
            "{n} sacred stone x 2 points = {p} (instead of the printed points).",
            "{n} sacred stones x 2 points = {p} (instead of the printed points).",
            n=stones,
            p=stone_points(stones),
        ),
        stones=stones,
    )
    return _plain(
        tracer,
        st,
        "eclipse",
        msg("Labor {w}; {p} points for sacred stones", w=total, p=stone_points(stones)),
        {"workforce": total, "stone_points": stone_points(stones)},
    )


def final_spec(cat: Catalogue) -> Obj:
    limits = cat.limits

    def whole(value: dict[str, Any], path: str) -> None:
        for i, animal in enumerate(value["animals"]):
            if animal["set"] not in (10, 5, 1):
                raise SituationError(f"animals[{i}].set", "must be 10, 5 or 1")

    return Obj(
        {
            "score": Int(-1000, 1000),
            "food": Int(0, limits["food"]),
            "tools": Int(0, limits["tools"]),
            "offerings": Int(0, cat.idols["offerings"]["top"]),
            "fame": Int(0, cat.idols["fame"]["top"]),
            "buried_cards": Int(0, 100),
            "buried_progress_points": Int(0, 500),
            "animals": List(
                Obj({"name": Str(max_length=60), "set": Int(1, 10), "count": Int(0, 40)}),
                0,
                40,
                key=lambda a: a["name"],
            ),
        },
        check_whole=whole,
    )


def run_final_score(sit: Situation) -> Decision:
    st = situation_state(sit)
    cat = catalogue_of(st)
    counts = {a["name"]: a["count"] for a in sit["animals"]}
    sets = {a["name"]: a["set"] for a in sit["animals"]}
    total, parts = final_score(
        sit["score"],
        sit["food"],
        sit["tools"],
        sit["offerings"],
        sit["fame"],
        sit["buried_cards"],
        sit["buried_progress_points"],
        counts,
        sets,
        cat.idols,
    )
    names = {a: v["name"] for a, v in cat.animals.items()}
    tracer = Tracer()
    for part, points in parts.items():
        tracer.add(
            "final scoring",
            msg("{part}: {p}", part=part_label(part, names, counts), p=points),
            points=points,
        )
    tracer.decide("final scoring", msg("Total: {t} points.", t=total), total=total)
    return _plain(
        tracer,
        st,
        "final-score",
        msg("The Nomads score {t} points", t=total),
        {"total": total, "parts": parts},
    )


def _kind(build: Callable[[Catalogue], Obj], run: Callable[[Situation], Decision]) -> DecisionKind:
    return DecisionKind(schema=with_components(build), run=run)


DECISIONS: dict[str, DecisionKind] = {
    "column": _kind(column_spec, run_column),
    "get-animal": _kind(animal_spec, run_get_animal),
    "progress": _kind(progress_spec, run_progress),
    "megalith-site": _kind(site_spec, run_megalith_site),
    "settlement": _kind(settlement_spec, run_settlement),
    "substitution": _kind(substitution_spec, run_substitution),
    "sacred-stone": _kind(stone_spec, run_sacred_stone),
    "eclipse": _kind(eclipse_spec, run_eclipse),
    "final-score": _kind(final_spec, run_final_score),
}
