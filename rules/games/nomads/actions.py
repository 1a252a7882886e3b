"""Every Nomad action: what it asks the table, what it does, and its substitutes.

An action waiting in ``state["queue"]`` is an *item*::

    {"a": "food", "src": <Msg JSON: where it came from>, "inline": false, "n": 1}

Card actions get a step of their own (``inline`` false); income and
immediate benefits are carried out together with the step that produced them
(``inline`` true) unless they need a fact from the table. :func:`resolve`
applies one item and, if the Nomads cannot receive it, walks the
substitution chain (see :mod:`rules.games.nomads.substitution`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import IllegalInput
from rules.game import State
from rules.games.nomads import tribe
from rules.games.nomads.catalogue import CATALOGUE
from rules.games.nomads.hunting import choose_animal, format_grid, parse_grid
from rules.games.nomads.substitution import ROW, substitutes
from rules.games.nomads.terms import INCOME_ITEMS, term
from rules.prompt import Choice, Field
from rules.text import N_, Msg, msg

Item = dict[str, Any]


@dataclass
class Out:
    """What one step did: instructions for the table, the trace, machine results."""

    tracer: Tracer = field(default_factory=Tracer)
    instructions: list[Msg] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)

    def say(self, m: Msg) -> None:
        self.instructions.append(m)


def income_fields_choices() -> tuple[Choice, ...]:
    return tuple(Choice(item, term(item)) for item in INCOME_ITEMS)


def income_field(key: str, label: Msg, default: Mapping[str, int] | None = None) -> Field:
    """A counts field for income symbols (``food=1 camp=1``); defaults to nothing."""
    values = {item: 0 for item in INCOME_ITEMS}
    values.update(default or {})
    return Field(
        key=key,
        label=label,
        kind="counts",
        default=values,
        choices=income_fields_choices(),
        help=msg("Income symbols as name=count; 'camp' stands for place/move camps."),
    )


def income_items(counts: Mapping[str, int], src: Msg, inline: bool = True) -> list[Item]:
    """Expand income counts into queue items, in the fixed income order."""
    items: list[Item] = []
    for key in INCOME_ITEMS:
        n = int(counts.get(key, 0))
        if n <= 0:
            continue
        if key == "points":
            items.append({"a": "points", "n": n, "src": src.to_json(), "inline": inline})
            continue
        action = "settlement" if key == "camp" else key
        for _ in range(n):
            item = {"a": action, "src": src.to_json(), "inline": inline}
            if key == "camp":
                item["from_camp"] = True
            items.append(item)
    return items


#: Only used if a decision is needed before any nomad card was ever revealed.
FALLBACK_ARROWS = {"big": "left", "small": "up"}


EXTREME = {
    "right": N_("easternmost (right)"),
    "left": N_("westernmost (left)"),
    "down": N_("southernmost (bottom)"),
    "up": N_("northernmost (top)"),
}


def extreme_word(arrow: str) -> Msg:
    """``"right"`` -> ``Msg("easternmost (right)")``: the arrow as a compass direction."""
    return msg(EXTREME[arrow])


def arrows(st: State) -> tuple[str, str]:
    """The arrows of the top card of the discard pile.

    Early in a round (you move first, the pile is still empty) the assistant
    keeps using the last card revealed before the reshuffle (see docs/nomads.md).
    """
    a = st["arrows"] or st["last_arrows"] or FALLBACK_ARROWS
    return a["big"], a["small"]


def animal_choices(extra: tuple[tuple[str, Msg], ...] = ()) -> tuple[Choice, ...]:
    base = tuple(Choice(aid, msg(a["de"])) for aid, a in CATALOGUE.animals.items())
    return base + tuple(Choice(v, label) for v, label in extra)


def grid_help() -> Msg:
    ids = " ".join(f"{i}={aid}" for i, aid in enumerate(CATALOGUE.animals, 1))
    return msg(
        "Rows from top to bottom separated by '/', spaces from left to right, "
        "'.' for an empty space. Animals by id or number: {ids}",
        ids=ids,
    )


REFILL = msg(
    "Never move the other cards; when the area is refilled, fill the empty spaces of the top "
    "row first (left to right), then the row below (left to right)."
)


# -- the actions -------------------------------------------------------------------


def _food(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    out.say(tribe.gain_food(st["nomads"]))
    out.tracer.add("food", "the Nomads get 1 food")
    return True


def _tool(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    out.say(tribe.gain_tool(st["nomads"]))
    out.tracer.add("tool", "the Nomads get 1 tool")
    return True


def _points(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    out.say(tribe.gain_points(st["nomads"], int(item.get("n", 1))))
    out.tracer.add("points", f"the Nomads score {item.get('n', 1)}")
    return True


def _idol(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    if item["a"] in ("torch", "paint"):
        out.say(msg("Cave Painting: the Nomads get 1 idol instead of {x}.", x=term(item["a"])))
        out.tracer.add("cave painting", f"{item['a']} becomes an idol")
    instruction, benefit = tribe.idol(st["nomads"], CATALOGUE.idols)
    out.say(instruction)
    out.tracer.add(
        "idol",
        "fame track first, then offerings track, then 1 point each",
        fame=st["nomads"]["fame"],
        offerings=st["nomads"]["offerings"],
    )
    if benefit:
        src = msg("immediate benefit of the idol track")
        out.say(msg("They reached a step with an immediate benefit: they get it like you."))
        out.tracer.add("idol benefit", f"immediate benefit {benefit}")
        st["queue"][0:0] = income_items(benefit, src)
    return True


def _bury(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    out.say(tribe.bury(st["nomads"]))
    out.tracer.add("bury", "top card of the sacrifice pile goes under the gravestone")
    return True


def _eclipse(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    if st["deck_count"] <= 0:
        out.say(msg("The Nomad deck is empty: nothing happens."))
        out.tracer.add("prepare eclipse", "the nomad deck is empty; no substitute (not a benefit)")
        return True
    st["deck_count"] -= 1
    card = st["deck"].pop(0) if st["deck"] is not None else None
    st["eclipse_pile"].append(card)
    out.say(
        msg(
            "Put the top card of the Nomad deck face down on the Nomads' eclipse pile "
            "({n} card(s) there now).",
            n=len(st["eclipse_pile"]),
        )
    )
    out.tracer.add("prepare eclipse", "top nomad card onto the eclipse pile", card=card)
    return True


def _glacier(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    count = int(ans.get("glaciers", 0))
    st["sticky"]["glaciers"] = count
    out.say(tribe.gain_points(st["nomads"], count))
    out.tracer.add("glacier scoring", f"1 point for each of {count} glacier fields with a camp")
    return True


def _reveal_animal(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    revealed = ans["revealed"]
    if revealed == "full":
        out.say(msg("The hunting area is full: nothing happens."))
        out.tracer.add("reveal animals", "hunting area full: nothing happens")
        return True
    slot = first_free(st["hunt"])
    if slot is not None:
        r, c = slot
        st["hunt"][r][c] = revealed
    out.say(msg("Animal revealed into the hunting area."))
    out.tracer.add("reveal animals", "top animal to the first free space: top row first, then left")
    return True


def first_free(grid: list[list[str]]) -> tuple[int, int] | None:
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == "":
                return r, c
    return None


def _animal(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    shape = CATALOGUE.board["hunting_area"]
    grid = parse_grid(
        str(ans.get("area", format_grid(st["hunt"]))),
        shape["rows"],
        shape["columns"],
        CATALOGUE.animals,
        "area",
    )
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == "?":
                raise IllegalInput(f"name the animal in row {r + 1}, column {c + 1}", "area")
    big, small = arrows(st)
    chosen = choose_animal(grid, st["nomads"]["animals"], big, small, out.tracer)
    st["hunt"] = grid
    if chosen is None:
        return False
    animal = chosen["animal"]
    grid[chosen["row"]][chosen["col"]] = ""
    owned = st["nomads"]["animals"]
    owned[animal] = owned.get(animal, 0) + 1
    out.say(
        msg(
            "Take the {animal} from row {r}, column {c} of the hunting area into the "
            "Nomads' animal area.",
            animal=msg(CATALOGUE.animals[animal]["de"]),
            r=chosen["row"] + 1,
            c=chosen["col"] + 1,
        )
    )
    out.result["animal"] = {"animal": animal, "row": chosen["row"], "col": chosen["col"]}
    out.say(REFILL)
    return True


def _random_animal(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    drawn = ans.get("drawn")
    if drawn == "empty":
        out.tracer.add("random animal", "the animal deck is empty")
        return False
    owned = st["nomads"]["animals"]
    owned[drawn] = owned.get(drawn, 0) + 1
    out.say(msg("The top animal card goes into the Nomads' animal area."))
    out.tracer.add("random animal", f"top card of the animal deck: {drawn}")
    return True


def _progress(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    if ans.get("taken", "taken") == "empty":
        out.tracer.add("get progress", "the progress display is empty")
        return False
    st["nomads"]["sacrifice"].append("progress")
    out.say(msg("Put that progress card face down on the Nomads' sacrifice pile."))
    out.say(REFILL)
    out.tracer.add("get progress", "card from the display onto the sacrifice pile")
    return True


def _megalith(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    built = ans.get("built", "lowest")
    if built == "none":
        out.tracer.add("build megalith", "no site where they can build")
        return False
    st["nomads"]["megaliths"] += 1
    out.say(
        msg(
            "Megalith built ({n} of {m}); the Nomads get the usual income.",
            n=st["nomads"]["megaliths"],
            m=tribe.LIMITS["megaliths"],
        )
    )
    out.tracer.add("build megalith", f"built on the {built} level")
    st["queue"][0:0] = income_items(ans.get("income", {}), msg("megalith income"))
    return True


def _sacred_stone(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    n = st["nomads"]
    if not ans.get("available", True):
        out.tracer.add("sacred stone", "no sacred stone available (era I limit or none left)")
        return False
    food, tools = int(ans.get("cost_food", 0)), int(ans.get("cost_tools", 0))
    if food > n["food"] or tools > n["tools"]:
        out.tracer.add(
            "sacred stone",
            f"they cannot pay {food} food and {tools} tools",
            food=n["food"],
            tools=n["tools"],
        )
        return False
    n["food"] -= food
    n["tools"] -= tools
    n["stones"].append({"food": food, "tools": tools})
    out.say(
        msg(
            "Place the sacred stone on space {k} of the Nomads' board (left to right) and "
            "move their markers left: {f} food, {t} tools (now {nf} food, {nt} tools).",
            k=len(n["stones"]),
            f=food,
            t=tools,
            nf=n["food"],
            nt=n["tools"],
        )
    )
    out.tracer.add("sacred stone", "bought; the income of its space follows")
    st["queue"][0:0] = income_items(ans.get("income", {}), msg("sacred stone income"))
    return True


def reveal_map(st: State, out: Out) -> None:
    m = st["map"]
    if m["deck"] == 0:
        m["deck"], m["discard"] = m["discard"], 0
        out.say(msg("The map deck is empty: shuffle the map discard pile into a new map deck."))
        out.tracer.add("map deck", "empty: the discard pile is shuffled into a new deck")
    m["deck"] -= 1
    m["discard"] += 1


def _settlement(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    n = st["nomads"]
    opts = st["opts"]
    if item.get("from_camp"):
        out.tracer.add("camps income", "'place/move camps' becomes the special action")
    if "rivers" in opts["modules"] and not st["raft_at_mouth"]:
        out.say(msg("First move the Nomads' raft 1 space downstream."))
        st["raft_at_mouth"] = bool(ans.get("raft_mouth", False))
    can_a = bool(ans.get("connection", True))
    st["sticky"]["connection"] = can_a
    big, small = arrows(st)
    if can_a:
        out.tracer.add(
            "special action (A)",
            f"a connection point is free: build there ({big} arrow first, then {small})",
        )
        if n["settlements"] < tribe.LIMITS["settlements"]:
            n["settlements"] += 1
            out.say(
                msg(
                    "(A) Place a Nomad settlement on that connection point without paying food "
                    "({k} of 3 placed).",
                    k=n["settlements"],
                )
            )
        elif n["tile"] == "supply":
            n["tile"] = "board"
            out.say(
                msg(
                    "(A) All 3 settlements are out: place the nomad tile there instead; it "
                    "counts as {what}.",
                    what=msg("a settlement (2 influence)")
                    if opts["hard_settlement"]
                    else msg("a camp on the 3 adjacent fields (1 influence)"),
                )
            )
        else:
            out.say(msg("(A) Move the nomad tile to that connection point."))
        reveal_map(st, out)
        out.say(
            msg(
                "Reveal the top map card and move the Nomads' 3 camps of the outer ring to its "
                "3 marked outer fields (mind the north star)."
            )
        )
        out.result["step"] = "A"
    else:
        out.tracer.add("special action (B)", "no connection point is possible")
        reveal_map(st, out)
        out.say(
            msg(
                "(B) Reveal the top map card and move the Nomads' 2 camps of the inner ring to "
                "its 2 marked inner fields."
            )
        )
        if "mammoth" in opts["modules"]:
            out.say(
                msg(
                    "Mammoth: draw a line along the edge between the two inner camps, through "
                    "the start field to the far side, up to the connection point between inner "
                    "and outer ring; move the Mammoth there, unless that point is occupied."
                )
            )
        out.result["step"] = "B"
    st["queue"][0:0] = income_items(ans.get("tile_income", {}), msg("ice-find or fish tiles"))
    return True


def _never(reason: str) -> Callable[[State], str | None]:
    return lambda st: reason


# -- what each action asks -----------------------------------------------------------


def _glacier_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="glaciers",
            label=msg("Glacier fields with a Nomad camp"),
            kind="int",
            default=st["sticky"].get("glaciers", 0),
            minimum=0,
            maximum=tribe.LIMITS["camps"],
        ),
    )


def _reveal_fields(st: State, item: Item) -> tuple[Field, ...]:
    """Which animal came up; no default (a random card), unless the area is known full."""
    default = "full" if first_free(st["hunt"]) is None else None
    extra = (("full", msg("hunting area full: nothing revealed")),)
    return (
        Field(
            key="revealed",
            label=msg("Animal revealed"),
            kind="choice",
            default=default,
            choices=animal_choices(extra),
        ),
    )


def _animal_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="area",
            label=msg("Hunting area now"),
            kind="text",
            default=format_grid(st["hunt"]),
            help=grid_help(),
        ),
    )


def _random_fields(st: State, item: Item) -> tuple[Field, ...]:
    extra = (("empty", msg("animal deck empty")),)
    return (
        Field(key="drawn", label=msg("Animal drawn"), kind="choice", choices=animal_choices(extra)),
    )


def _progress_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="taken",
            label=msg("Progress card"),
            kind="choice",
            default="taken",
            choices=(
                Choice("taken", msg("taken as described")),
                Choice("empty", msg("the display is empty")),
            ),
        ),
    )


def _megalith_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="built",
            label=msg("Where did they build?"),
            kind="choice",
            default="lowest",
            choices=(
                Choice("higher", msg("on a higher level")),
                Choice("lowest", msg("on the lowest level")),
                Choice("none", msg("nowhere possible")),
            ),
        ),
        income_field("income", msg("Income of that megalith space")),
    )


def _stone_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="available",
            label=msg("Is such a sacred stone available?"),
            kind="bool",
            default=True,
        ),
        Field(
            key="cost_food",
            label=msg("Its cost in food"),
            kind="int",
            default=0,
            minimum=0,
            maximum=10,
        ),
        Field(
            key="cost_tools",
            label=msg("Its cost in tools"),
            kind="int",
            default=0,
            minimum=0,
            maximum=5,
        ),
        income_field("income", msg("Income of the space it goes on")),
    )


def _settlement_fields(st: State, item: Item) -> tuple[Field, ...]:
    fields = [
        Field(
            key="connection",
            label=msg("Can they build a settlement on a connection point (usual rules)?"),
            kind="bool",
            default=st["sticky"].get("connection", True),
        ),
        income_field("tile_income", msg("Income from ice-find or fish tiles the camps uncover")),
    ]
    if "rivers" in st["opts"]["modules"] and not st["raft_at_mouth"]:
        fields.insert(
            0,
            Field(
                key="raft_mouth",
                label=msg("Has the raft now reached the mouth?"),
                kind="bool",
                default=False,
            ),
        )
    return tuple(fields)


# -- the rule, with the arrows applied, as the table reads it ------------------------


def _lines_animal(st: State, item: Item) -> tuple[Msg, ...]:
    big, small = arrows(st)
    return (
        msg(
            "They take the first animal meeting: 1. a kind they own 1-3 of; 2. a kind they own "
            "none of; 3. a kind they own 4+ of. Among several: the {side} column, then the "
            "{end} card.",
            side=msg("right") if big == "right" else msg("left"),
            end=msg("bottom") if small == "down" else msg("top"),
        ),
        msg("Check the hunting area below and confirm or correct it."),
    )


def _lines_progress(st: State, item: Item) -> tuple[Msg, ...]:
    big, small = arrows(st)
    return (
        msg(
            "Take from the progress display: the {side} column that has cards, there the {end} "
            "card.",
            side=msg("rightmost") if big == "right" else msg("leftmost"),
            end=msg("bottom") if small == "down" else msg("top"),
        ),
    )


def _lines_reveal(st: State, item: Item) -> tuple[Msg, ...]:
    slot = first_free(st["hunt"])
    where = (
        msg("as far as the assistant knows: row {r}, column {c}", r=slot[0] + 1, c=slot[1] + 1)
        if slot
        else msg("the assistant knows no free space")
    )
    return (
        msg(
            "Reveal the top animal card onto the first free space of the hunting area: the top "
            "row with room, its leftmost free space ({where}). If the area is full, nothing "
            "happens.",
            where=where,
        ),
    )


def _lines_megalith(st: State, item: Item) -> tuple[Msg, ...]:
    big, small = arrows(st)
    return (
        msg(
            "Build a Nomad megalith by the usual rules: on a higher level if possible (the "
            "highest first), else on the lowest level. Several spots: the {h}, then the {v}.",
            h=extreme_word(big),
            v=extreme_word(small),
        ),
    )


def _lines_stone(st: State, item: Item) -> tuple[Msg, ...]:
    big, _ = arrows(st)
    eras = CATALOGUE.board["era_by_round"]
    era = eras[min(st["round"], len(eras)) - 1]
    return (
        msg(
            "They buy the {side} sacred stone available{limit}, pay its cost and take the "
            "income of its space.",
            side=msg("rightmost") if big == "right" else msg("leftmost"),
            limit=msg(" (era I: only era-I stones)") if era == 1 else msg(""),
        ),
    )


def _lines_settlement(st: State, item: Item) -> tuple[Msg, ...]:
    big, small = arrows(st)
    lines = [
        msg(
            "(A) If a connection point allows a settlement: the {h}, if tied the {v}; "
            "build there, then reveal a map card and move the 3 outer camps.",
            h=extreme_word(big),
            v=extreme_word(small),
        ),
        msg("(B) Otherwise: reveal a map card and move the 2 inner camps."),
        msg("The Nomads never remove their camps from the terrain board."),
    ]
    if st["map"]["deck"] == 0:
        lines.append(msg("The map deck is empty: shuffle the map discard pile first."))
    return tuple(lines)


def _lines_glacier(st: State, item: Item) -> tuple[Msg, ...]:
    return (msg("1 point for each glacier field with a Nomad camp."),)


def _no_lines(st: State, item: Item) -> tuple[Msg, ...]:
    return ()


@dataclass(frozen=True)
class Spec:
    apply: Callable[[State, Item, Mapping[str, Any], Out], bool]
    fields: Callable[[State, Item], tuple[Field, ...]] | None = None
    lines: Callable[[State, Item], tuple[Msg, ...]] = _no_lines
    blocked: Callable[[State], str | None] | None = None


def _cap(key: str, limit: int, what: str) -> Callable[[State], str | None]:
    def check(st: State) -> str | None:
        value = st["nomads"][key]
        value = len(value) if isinstance(value, list) else value
        return f"they already have {limit} {what}" if value >= limit else None

    return check


def _sacrifice_empty(st: State) -> str | None:
    return None if st["nomads"]["sacrifice"] else "their sacrifice pile is empty"


SPECS: dict[str, Spec] = {
    "food": Spec(_food, blocked=_cap("food", tribe.LIMITS["food"], "food")),
    "tool": Spec(_tool, blocked=_cap("tools", tribe.LIMITS["tools"], "tools")),
    "idol": Spec(_idol),
    "torch": Spec(_idol),
    "paint": Spec(_idol),
    "points": Spec(_points),
    "bury": Spec(_bury, blocked=_sacrifice_empty),
    "eclipse": Spec(_eclipse),
    "glacier": Spec(_glacier, _glacier_fields, _lines_glacier),
    "reveal_animal": Spec(_reveal_animal, _reveal_fields, _lines_reveal),
    "animal": Spec(_animal, _animal_fields, _lines_animal),
    "random_animal": Spec(_random_animal, _random_fields),
    "progress": Spec(_progress, _progress_fields, _lines_progress),
    "megalith": Spec(
        _megalith,
        _megalith_fields,
        _lines_megalith,
        _cap("megaliths", tribe.LIMITS["megaliths"], "megaliths built (all of them)"),
    ),
    "sacred_stone": Spec(
        _sacred_stone,
        _stone_fields,
        _lines_stone,
        _cap("stones", tribe.LIMITS["sacred_stones"], "sacred stones"),
    ),
    "settlement": Spec(_settlement, _settlement_fields, _lines_settlement),
    "draw_card": Spec(_food, blocked=_never("the Nomads have no draw pile")),
    "tribe_member": Spec(_food, blocked=_never("the Nomads never get tribe members")),
    "hunt": Spec(_food, blocked=_never("the Nomads never hunt (kill) animals")),
}


def needs_input(st: State, item: Item) -> bool:
    spec = SPECS[item["a"]]
    return spec.fields is not None and (spec.blocked is None or spec.blocked(st) is None)


def resolve(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> None:
    """Carry out ``item``; if impossible, follow the substitution chain down."""
    action = item["a"]
    spec = SPECS[action]
    reason = spec.blocked(st) if spec.blocked else None
    if reason is None:
        if spec.apply(st, item, ans, out):
            out.result.setdefault("received", action)
            return
    else:
        out.tracer.add(action, f"impossible: {reason}")
    failed = action
    for sub in substitutes(action):
        row = ROW.get(failed)
        out.tracer.add(
            "substitution",
            f"{'row ' + row + ': ' if row else ''}cannot get {failed}; {sub} instead",
            failed=failed,
            instead=sub,
        )
        out.say(msg("They cannot get {a}: instead {b}.", a=term(failed), b=term(sub)))
        sub_spec = SPECS[sub]
        sub_reason = sub_spec.blocked(st) if sub_spec.blocked else None
        if sub_reason is not None:
            out.tracer.add(sub, f"impossible: {sub_reason}")
            failed = sub
            continue
        if sub_spec.fields is not None:
            st["queue"].insert(
                0, {"a": sub, "src": item["src"], "inline": False, "instead": action}
            )
            out.result["substitute"] = sub
            return
        if sub_spec.apply(st, {"a": sub, "src": item["src"]}, {}, out):
            out.result["received"] = sub
            return
        failed = sub
    raise AssertionError("the substitution chain ends in idol")


def decision_of(kind: str, summary: Msg, out: Out) -> Decision:
    """Wrap what a step did as the Nomads' :class:`Decision` (example data flagged)."""
    return Decision(
        game="nomads",
        kind=kind,
        summary=summary,
        instructions=tuple(out.instructions),
        trace=out.tracer.freeze(),
        result=dict(out.result),
        example_data=CATALOGUE.example,
    )
