"""Decisions runnable from a situation file: ``tableside decide nomads FILE``.

Each function validates its situation strictly (errors name the field path)
and returns a :class:`rules.decision.Decision` with the trace. Situation
schemas are in docs/nomads.md; positions use ``col`` (0 = westernmost,
growing east) and ``row`` (0 = northernmost, growing south).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import SituationError
from rules.games.nomads.arrows import pick
from rules.games.nomads.catalogue import CATALOGUE, check_card
from rules.games.nomads.columns import choose_column
from rules.games.nomads.hunting import choose_animal
from rules.games.nomads.scoring import eclipse_workforce, final_score
from rules.games.nomads.substitution import NEVER, follow
from rules.text import msg

Situation = Mapping[str, Any]
GAME = "nomads"


# -- validation helpers ------------------------------------------------------------------


def _get(sit: Situation, key: str, where: str = "") -> Any:
    path = f"{where}.{key}" if where else key
    if not isinstance(sit, Mapping) or key not in sit:
        raise SituationError(path, "is missing")
    return sit[key]


def _int(sit: Situation, key: str, where: str = "", low: int = 0, default: Any = None) -> int:
    path = f"{where}.{key}" if where else key
    if default is not None and key not in sit:
        return int(default)
    value = _get(sit, key, where)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SituationError(path, "must be a whole number")
    if value < low:
        raise SituationError(path, f"must be at least {low}")
    return value


def _number(value: Any, path: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise SituationError(path, "must be a number")
    return value


def _bool(sit: Situation, key: str, where: str = "", default: bool | None = None) -> bool:
    if default is not None and key not in sit:
        return default
    value = _get(sit, key, where)
    if not isinstance(value, bool):
        raise SituationError(f"{where}.{key}" if where else key, "must be true or false")
    return value


def _arrows(sit: Situation) -> tuple[str, str]:
    arrows = _get(sit, "arrows")
    if not isinstance(arrows, Mapping):
        raise SituationError("arrows", 'must be {"big": "left|right", "small": "up|down"}')
    big, small = _get(arrows, "big", "arrows"), _get(arrows, "small", "arrows")
    if big not in ("left", "right"):
        raise SituationError("arrows.big", "must be left or right")
    if small not in ("up", "down"):
        raise SituationError("arrows.small", "must be up or down")
    return big, small


def _positions(items: Any, path: str) -> list[dict[str, Any]]:
    if not isinstance(items, list):
        raise SituationError(path, "must be a list")
    out = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]"
        if not isinstance(item, Mapping):
            raise SituationError(where, "must be an object with col and row")
        pos = dict(item)
        pos["col"] = _number(_get(item, "col", where), f"{where}.col")
        pos["row"] = _number(item.get("row", 0), f"{where}.row")
        out.append(pos)
    seen = set()
    for i, pos in enumerate(out):
        key = (pos["col"], pos["row"], pos.get("level"))
        if key in seen:
            raise SituationError(f"{path}[{i}]", "two entries share one position")
        seen.add(key)
    return out


def _grid(sit: Situation, key: str) -> list[list[str]]:
    grid = _get(sit, key)
    if not isinstance(grid, list) or not grid:
        raise SituationError(key, "must be a list of rows (top row first)")
    width = None
    out = []
    for r, row in enumerate(grid):
        if not isinstance(row, list):
            raise SituationError(f"{key}[{r}]", "must be a list of cells (left to right)")
        if width is not None and len(row) != width:
            raise SituationError(f"{key}[{r}]", f"has {len(row)} cells, row 0 has {width}")
        width = len(row)
        cells = []
        for c, cell in enumerate(row):
            if cell is None or cell == "":
                cells.append("")
            elif isinstance(cell, str) and cell != "?":
                cells.append(cell)
            else:
                raise SituationError(f"{key}[{r}][{c}]", "must be a card name or null")
        out.append(cells)
    return out


def _decision(
    kind: str,
    summary: Any,
    tracer: Tracer,
    result: dict[str, Any],
    example: bool = False,
    instructions: tuple[Any, ...] = (),
) -> Decision:
    return Decision(
        game=GAME,
        kind=kind,
        summary=summary,
        instructions=instructions,
        trace=tracer.freeze(),
        result=result,
        example_data=example,
    )


# -- decisions --------------------------------------------------------------------------


def decide_column(sit: Situation) -> Decision:
    """Which action column the Nomads take (and where the figure goes)."""
    order = sit.get("columns", CATALOGUE.column_ids)
    if not isinstance(order, list) or not order or not all(isinstance(c, str) for c in order):
        raise SituationError("columns", "must list the column ids from left to right")
    if len(set(order)) != len(order):
        raise SituationError("columns", "a column is listed twice")
    if "card" in sit:
        card = check_card(sit["card"], "card", order)
        marked, big = card["marked"], card["big"]
    else:
        marked, big = _get(sit, "marked"), _get(sit, "big")
    if marked not in order:
        raise SituationError("marked", f"must be one of {', '.join(order)}")
    if big not in ("left", "right"):
        raise SituationError("big", "must be left or right")
    occupied = _get(sit, "occupied")
    if not isinstance(occupied, list):
        raise SituationError("occupied", "must list the column ids holding figures")
    for i, c in enumerate(occupied):
        if c not in order:
            raise SituationError(f"occupied[{i}]", f"'{c}' is not a column")
    tracer = Tracer()
    column = choose_column(order, set(occupied), marked, big, tracer)
    spot = "symbol" if column not in occupied else "symbol-if-free"
    return _decision(
        "column",
        msg("The Nomads take column {c}", c=column),
        tracer,
        {"column": column, "placement": spot},
    )


def decide_get_animal(sit: Situation) -> Decision:
    """Which animal of the hunting area the Nomads get."""
    grid = _grid(sit, "hunting_area")
    owned = sit.get("owned", {})
    if not isinstance(owned, Mapping):
        raise SituationError("owned", "must map animal names to counts")
    for name, count in owned.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise SituationError(f"owned.{name}", "must be a whole number >= 0")
    big, small = _arrows(sit)
    tracer = Tracer()
    chosen = choose_animal(grid, owned, big, small, tracer)
    if chosen is None:
        return _decision(
            "get-animal", msg("No animal: the hunting area is empty"), tracer, {"animal": None}
        )
    return _decision(
        "get-animal",
        msg(
            "They take the {a} in row {r}, column {c}",
            a=chosen["animal"],
            r=chosen["row"] + 1,
            c=chosen["col"] + 1,
        ),
        tracer,
        {"animal": chosen["animal"], "row": chosen["row"], "col": chosen["col"]},
    )


def decide_progress(sit: Situation) -> Decision:
    """Which card of the progress display the Nomads take."""
    grid = _grid(sit, "display")
    big, small = _arrows(sit)
    tracer = Tracer()
    cards = [
        {"row": r, "col": c, "card": x}
        for r, row in enumerate(grid)
        for c, x in enumerate(row)
        if x
    ]
    if not cards:
        tracer.add("get progress", "the display is empty: row b of the table applies")
        return _decision(
            "progress",
            msg("No progress card: the display is empty"),
            tracer,
            {"card": None, "substitute": "bury"},
        )
    tracer.add("get progress", "big arrow: column with cards; small arrow: card in it")
    chosen = pick(cards, big, small, tracer, "progress card")
    return _decision(
        "progress",
        msg(
            "They take {card} (row {r}, column {c})",
            card=chosen["card"],
            r=chosen["row"] + 1,
            c=chosen["col"] + 1,
        ),
        tracer,
        {"card": chosen["card"], "row": chosen["row"], "col": chosen["col"]},
    )


def decide_megalith_site(sit: Situation) -> Decision:
    """Where the Nomads build their megalith: highest level first, then the arrows."""
    sites = _positions(_get(sit, "sites"), "sites")
    for i, site in enumerate(sites):
        level = site.get("level", 0)
        if not isinstance(level, int) or isinstance(level, bool) or level < 0:
            raise SituationError(f"sites[{i}].level", "must be a whole number >= 0 (0 = lowest)")
        site["level"] = level
    built = _int(sit, "megaliths_built", default=0)
    big, small = _arrows(sit)
    tracer = Tracer()
    limit = CATALOGUE.board["limits"]["megaliths"]
    if built >= limit or not sites:
        why = "all megaliths are built" if built >= limit else "no site is possible"
        tracer.add("build megalith", f"impossible: {why}; substitute: bury a card")
        return _decision(
            "megalith-site",
            msg("No megalith: they bury a card instead"),
            tracer,
            {"site": None, "substitute": "bury"},
            CATALOGUE.example,
        )
    top = max(s["level"] for s in sites)
    level_sites = [s for s in sites if s["level"] == top]
    tracer.add(
        "build megalith",
        f"{'a higher level is possible' if top > 0 else 'no higher level: the lowest level'}"
        f" (level {top}, {len(level_sites)} spot(s))",
        level=top,
    )
    chosen = pick(level_sites, big, small, tracer, "site")
    return _decision(
        "megalith-site",
        msg(
            "They build on level {l} at column {c}, row {r}",
            l=top,
            c=chosen["col"],
            r=chosen["row"],
        ),
        tracer,
        {"site": chosen},
        CATALOGUE.example,  # the megalith limit comes from board.json
    )


def decide_settlement(sit: Situation) -> Decision:
    """Special action: (A) settlement on a connection point, else (B)."""
    points = _positions(_get(sit, "connection_points"), "connection_points")
    placed = _int(sit, "settlements_placed", default=0)
    if placed > 3:
        raise SituationError("settlements_placed", "the Nomads have 3 settlements")
    hard = _bool(sit, "hard_settlement", default=False)
    big, small = _arrows(sit)
    tracer = Tracer()
    if not points:
        tracer.add("special action", "no connection point: steps (B)")
        return _decision(
            "settlement",
            msg("(B): reveal a map card, move the 2 inner camps"),
            tracer,
            {"step": "B"},
        )
    chosen = pick(points, big, small, tracer, "connection point")
    piece = (
        "settlement" if placed < 3 else ("nomad tile (settlement)" if hard else "nomad tile (camp)")
    )
    tracer.add(
        "special action (A)",
        f"place a {piece}; then reveal a map card and move the 3 outer camps",
        placed=placed,
    )
    return _decision(
        "settlement",
        msg(
            "(A): {p} on the connection point at column {c}, row {r}",
            p=piece,
            c=chosen["col"],
            r=chosen["row"],
        ),
        tracer,
        {"step": "A", "point": chosen, "piece": piece},
    )


def _nomads(sit: Situation) -> dict[str, int]:
    n = sit.get("nomads", {})
    if not isinstance(n, Mapping):
        raise SituationError("nomads", "must be an object")
    return {
        key: _int(n, key, "nomads", default=0)
        for key in ("food", "tools", "sacrifice_pile", "megaliths_built", "sacred_stones")
    }


def decide_substitution(sit: Situation) -> Decision:
    """What the Nomads get when an action or income is impossible (table a-d)."""
    action = _get(sit, "action")
    known = (
        "sacred_stone",
        "megalith",
        "progress",
        "draw_card",
        "tribe_member",
        "hunt",
        "animal",
        "random_animal",
        "bury",
        "tool",
        "food",
        "idol",
    )
    if action not in known:
        raise SituationError("action", f"must be one of {', '.join(known)}")
    n = _nomads(sit)
    table = sit.get("table", {})
    if not isinstance(table, Mapping):
        raise SituationError("table", "must be an object")
    limits = CATALOGUE.board["limits"]
    cost = table.get("sacred_stone_cost", {"food": 0, "tools": 0})
    if not isinstance(cost, Mapping):
        raise SituationError("table.sacred_stone_cost", "must be {food, tools}")
    cost_food = _int(cost, "food", "table.sacred_stone_cost", default=0)
    cost_tools = _int(cost, "tools", "table.sacred_stone_cost", default=0)
    checks: dict[str, Callable[[], bool]] = {
        "sacred_stone": lambda: (
            n["sacred_stones"] < limits["sacred_stones"]
            and _bool(table, "sacred_stone_available", "table", True)
            and cost_food <= n["food"]
            and cost_tools <= n["tools"]
        ),
        "megalith": lambda: (
            n["megaliths_built"] < limits["megaliths"]
            and _bool(table, "megalith_site", "table", True)
        ),
        "progress": lambda: _int(table, "progress_display_cards", "table", default=1) > 0,
        "animal": lambda: _int(table, "hunting_area_animals", "table", default=1) > 0,
        "random_animal": lambda: _int(table, "animal_deck", "table", default=1) > 0,
        "bury": lambda: n["sacrifice_pile"] > 0,
        "tool": lambda: n["tools"] < limits["tools"],
        "food": lambda: n["food"] < limits["food"],
    }
    tracer = Tracer()
    if action in NEVER:
        tracer.add(action, "the Nomads can never receive this")
    received, walked = follow(action, lambda item: checks[item](), tracer)
    if received == action:
        tracer.add(action, "they can receive it: no substitution")
    return _decision(
        "substitution",
        msg("They get {x}", x=received),
        tracer,
        {"received": received, "chain": walked},
        CATALOGUE.example,
    )


def decide_sacred_stone(sit: Situation) -> Decision:
    """Which sacred stone the Nomads buy (big arrow: leftmost or rightmost available)."""
    stones = _get(sit, "stones")
    if not isinstance(stones, list):
        raise SituationError("stones", "must list the stones in the reserve, left to right")
    era = _int(sit, "era", low=1)
    if era not in (1, 2):
        raise SituationError("era", "must be 1 or 2")
    big, _ = _arrows(sit)
    n = _nomads(sit)
    tracer = Tracer()
    usable = []
    for i, stone in enumerate(stones):
        where = f"stones[{i}]"
        if not isinstance(stone, Mapping):
            raise SituationError(where, "must be an object")
        stone_era = _int(stone, "era", where, low=1)
        if stone_era not in (1, 2):
            raise SituationError(f"{where}.era", "must be 1 or 2")
        entry = {
            "col": i,
            "row": 0,
            "era": stone_era,
            "food": _int(stone, "food", where, default=0),
            "tools": _int(stone, "tools", where, default=0),
            "name": stone.get("name", i),
        }
        if stone_era <= era:
            usable.append(entry)
    tracer.add("sacred stone", f"{len(usable)} stone(s) available in era {era}")
    chosen = None
    if n["sacred_stones"] < CATALOGUE.board["limits"]["sacred_stones"] and usable:
        chosen = pick(usable, big, "up", tracer, "sacred stone")
        if chosen["food"] > n["food"] or chosen["tools"] > n["tools"]:
            tracer.add("sacred stone", "they cannot pay its cost")
            chosen = None
    if chosen is None:
        received, walked = follow(
            "sacred_stone",
            lambda item: (
                item != "megalith" or n["megaliths_built"] < CATALOGUE.board["limits"]["megaliths"]
            ),
            tracer,
        )
        return _decision(
            "sacred-stone",
            msg("No sacred stone: they get {x}", x=received),
            tracer,
            {"stone": None, "received": received, "chain": walked},
            CATALOGUE.example,
        )
    slot = n["sacred_stones"] + 1
    return _decision(
        "sacred-stone",
        msg("They buy stone {s} onto space {k}", s=chosen["name"], k=slot),
        tracer,
        {"stone": chosen, "space": slot},
        CATALOGUE.example,  # the sacred-stone limit comes from board.json
    )


def decide_eclipse(sit: Situation) -> Decision:
    """Eclipse: the Nomads' workforce and the step-4 points for sacred stones."""
    pile = _get(sit, "eclipse_pile_workforce")
    if not isinstance(pile, list):
        raise SituationError("eclipse_pile_workforce", "must list the cards' workforce")
    for i, value in enumerate(pile):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise SituationError(f"eclipse_pile_workforce[{i}]", "must be a whole number >= 0")
    last = _int(sit, "last_card_workforce")
    stones = _int(sit, "sacred_stones", default=0)
    tracer = Tracer()
    total = eclipse_workforce(pile, last)
    tracer.add(
        "workforce",
        "every eclipse-pile card plus the last revealed nomad card",
        pile=sum(pile),
        last=last,
        total=total,
    )
    tracer.add("step 4", "2 points per sacred stone instead of the printed points", stones=stones)
    return _decision(
        "eclipse",
        msg("Workforce {w}; {p} points for sacred stones", w=total, p=2 * stones),
        tracer,
        {"workforce": total, "stone_points": 2 * stones},
    )


def decide_final_score(sit: Situation) -> Decision:
    """The Nomads' final score with every part."""
    keys = ("score", "food", "tools", "offerings", "fame", "buried_cards", "buried_progress_points")
    v = {k: _int(sit, k, low=-1000 if k == "score" else 0) for k in keys}
    for track in ("offerings", "fame"):
        if v[track] > CATALOGUE.idols[track]["top"]:
            raise SituationError(track, f"the track ends at {CATALOGUE.idols[track]['top']}")
    animals = sit.get("animals", [])
    if not isinstance(animals, list):
        raise SituationError("animals", "must list {name, set, count}")
    counts: dict[str, int] = {}
    sets: dict[str, int] = {}
    for i, animal in enumerate(animals):
        where = f"animals[{i}]"
        name = _get(animal, "name", where)
        size = _int(animal, "set", where, low=1)
        if size not in (10, 5, 1):
            raise SituationError(f"{where}.set", "must be 10, 5 or 1")
        counts[str(name)] = _int(animal, "count", where)
        sets[str(name)] = size
    total, parts = final_score(
        v["score"],
        v["food"],
        v["tools"],
        v["offerings"],
        v["fame"],
        v["buried_cards"],
        v["buried_progress_points"],
        counts,
        sets,
        CATALOGUE.idols,
    )
    tracer = Tracer()
    for part, points in parts.items():
        tracer.add("final scoring", f"{part}: {points}", points=points)
    return _decision(
        "final-score",
        msg("The Nomads score {t} points", t=total),
        tracer,
        {"total": total, "parts": parts},
        CATALOGUE.example,
    )


DECISIONS: dict[str, Callable[[Situation], Decision]] = {
    "column": decide_column,
    "get-animal": decide_get_animal,
    "progress": decide_progress,
    "megalith-site": decide_megalith_site,
    "settlement": decide_settlement,
    "substitution": decide_substitution,
    "sacred-stone": decide_sacred_stone,
    "eclipse": decide_eclipse,
    "final-score": decide_final_score,
}
