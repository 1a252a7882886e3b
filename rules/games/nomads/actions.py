"""Every Nomad action: what it asks the table, what it does, and its substitutes.

An action waiting in ``state["queue"]`` is an *item*::

    {"a": "food", "src": <Msg JSON: where it came from>, "inline": false, "n": 1}

Card actions get a step of their own (``inline`` false); income and
immediate benefits are carried out together with the step that produced them
(``inline`` true) unless they need a fact from the table. :func:`resolve`
applies one item and, if the Nomads cannot receive it, walks the
substitution table (:func:`rules.games.nomads.substitution.walk_down`).
``tableside decide`` runs the very same functions on a state built from the
situation (:mod:`rules.games.nomads.decisions`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.decision import Decision, Tracer
from rules.game import State
from rules.games.nomads import tribe
from rules.games.nomads.arrows import extreme_word, pick
from rules.games.nomads.catalogue import catalogue_of
from rules.games.nomads.hunting import (
    UNKNOWN,
    cell_id,
    cell_of,
    cells,
    choose_animal,
    first_free,
    first_with,
)
from rules.games.nomads.substitution import walk_down
from rules.games.nomads.terms import INCOME_ITEMS, term
from rules.prompt import Choice, Field
from rules.text import NOTHING, Msg, msg, msgn

Item = dict[str, Any]


@dataclass
class Out:
    """What one step did: instructions for the table, the trace, machine results."""

    tracer: Tracer = field(default_factory=Tracer)
    instructions: list[Msg] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)

    def say(self, m: Msg) -> None:
        self.instructions.append(m)


def income_field(key: str, label: Msg, default: Mapping[str, int] | None = None) -> Field:
    """A counts field for income symbols; defaults to nothing (or ``default``)."""
    values = {item: 0 for item in INCOME_ITEMS}
    values.update(default or {})
    return Field(
        key=key,
        label=label,
        kind="counts",
        default=values,
        minimum=0,
        maximum=9,
        choices=tuple(Choice(item, term(item)) for item in INCOME_ITEMS),
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


def arrows(st: State) -> tuple[str, str]:
    """The arrows of the top card of the discard pile.

    Early in a round (you move first, the pile is still empty) the assistant
    keeps using the last card revealed before the reshuffle (see docs/nomads.md).
    """
    a = st["arrows"] or st["last_arrows"] or FALLBACK_ARROWS
    return a["big"], a["small"]


def animal_name(st: State, animal: str) -> Msg:
    """An animal's printed name (translated by the catalogues for the example set)."""
    known = catalogue_of(st).animals.get(animal)
    return msg(known["name"]) if known else msg("unknown animal")


def animal_choices(
    st: State, extra: tuple[tuple[str, Msg], ...] = (), first: tuple[tuple[str, Msg], ...] = ()
) -> tuple[Choice, ...]:
    """The animals of the catalogue, ``first`` before them and ``extra`` after them."""
    base = tuple(Choice(aid, msg(a["name"])) for aid, a in catalogue_of(st).animals.items())
    return (
        tuple(Choice(v, label) for v, label in first)
        + base
        + tuple(Choice(v, label) for v, label in extra)
    )


REFILL = msg(
    "Never move the other cards; when the area is refilled, fill the empty spaces of the top "
    "row first (left to right), then the row below (left to right)."
)


# -- the card grids as tappable places ------------------------------------------------------


def space_label(r: int, c: int) -> Msg:
    return msg("row {r}, space {c}", r=r + 1, c=c + 1)


def area_fields(st: State) -> tuple[Field, ...]:
    """Correct the hunting area: tap a space, say what lies there; "done" when it is right.

    Spaces nobody named yet come first (set-up): then the space is preset and
    only the animal is asked. "Done" is offered once every space is named.
    """
    grid = st["hunt"]
    unknown = first_with(grid, UNKNOWN)
    choices = [
        Choice(
            cell_id(r, c),
            msg(
                "row {r}, space {c}: now {what}", r=r + 1, c=c + 1, what=_cell_text(st, grid[r][c])
            ),
        )
        for r, c in cells(grid)
    ]
    if unknown is None:
        choices.append(Choice("done", msg("done: the hunting area is as shown")))
    keep = () if unknown is not None else (("keep", msg("(no change)")),)
    return (
        Field(
            key="cell",
            label=msg("Space of the hunting area"),
            kind="choice",
            default=cell_id(*unknown) if unknown is not None else "done",
            choices=tuple(choices),
            places="cells",
        ),
        Field(
            key="animal",
            label=msg("What lies there"),
            kind="choice",
            default=None if unknown is not None else "keep",
            # "Nothing" first: an empty space is the commonest answer (#23: one BOT).
            choices=animal_choices(st, keep, first=(("empty", msg("nothing (empty space)")),)),
        ),
    )


def edit_area(st: State, ans: Mapping[str, Any], out: Out) -> bool:
    """Apply one correction of the hunting area; ``False`` when the table said "done"."""
    if ans["cell"] == "done":
        return False
    r, c = cell_of(ans["cell"])
    animal = ans["animal"]
    if animal != "keep":
        st["hunt"][r][c] = "" if animal == "empty" else animal
        out.tracer.add(
            "hunting area",
            msg(
                "The table says: {what} in row {r}, space {c}.",
                what=_cell_text(st, animal),
                r=r + 1,
                c=c + 1,
            ),
        )
    return True


def _cell_text(st: State, content: str) -> Msg:
    if content in ("", "empty"):
        return msg("empty")
    if content == UNKNOWN:
        return msg("not named yet")
    return animal_name(st, content)


def display_fields(st: State) -> tuple[Field, ...]:
    """Correct the progress display by tapping a space (card <-> empty); "done" when right."""
    grid = st["display"]
    choices = [
        Choice(
            cell_id(r, c),
            msg(
                "row {r}, space {c}: now {what}",
                r=r + 1,
                c=c + 1,
                what=msg("empty") if grid[r][c] else msg("a card"),
            ),
        )
        for r, c in cells(grid)
    ]
    choices.append(Choice("done", msg("done: the display is as shown")))
    return (
        Field(
            key="fix",
            label=msg("Culture panel"),
            kind="choice",
            default="done",
            choices=tuple(choices),
            places="cells",
        ),
    )


def edit_display(st: State, ans: Mapping[str, Any], out: Out) -> bool:
    """Toggle one space of the progress display; ``False`` when the table said "done"."""
    if ans["fix"] == "done":
        return False
    r, c = cell_of(ans["fix"])
    st["display"][r][c] = "" if st["display"][r][c] else "card"
    return True


# -- the actions ---------------------------------------------------------------------------


def _food(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    out.say(tribe.gain_food(st["nomads"]))
    out.tracer.add("food", msg("The Nomads get 1 food (now {n}).", n=st["nomads"]["food"]))
    return True


def _tool(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    out.say(tribe.gain_tool(st["nomads"]))
    out.tracer.add("tool", msg("The Nomads get 1 tool (now {n}).", n=st["nomads"]["tools"]))
    return True


def _points(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    n = int(item.get("n", 1))
    out.say(tribe.gain_points(st["nomads"], n))
    out.tracer.add(
        "points", msgn("The Nomads score {n} point.", "The Nomads score {n} points.", n=n)
    )
    return True


def _idol(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    if item["a"] in ("torch", "paint"):
        out.say(msg("Cave Painting: the Nomads get 1 idol instead of {x}.", x=term(item["a"])))
        out.tracer.add("cave painting", msg("{x} becomes 1 idol.", x=term(item["a"])))
    instruction, benefit = tribe.idol(st["nomads"], catalogue_of(st).idols)
    out.say(instruction)
    out.tracer.add(
        "idol",
        msg(
            "Idol: fame track first, then the offerings track, then 1 point each (fame {f}, "
            "offerings {o}).",
            f=st["nomads"]["fame"],
            o=st["nomads"]["offerings"],
        ),
    )
    if benefit:
        out.say(msg("They reached a step with an immediate benefit: they get it like you."))
        out.tracer.add(
            "idol benefit", msg("An immediate benefit of the idol track follows."), benefit=benefit
        )
        st["queue"][0:0] = income_items(benefit, msg("immediate benefit of the idol track"))
    return True


def _bury(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    out.say(tribe.bury(st["nomads"]))
    out.tracer.add("bury", msg("The top card of their sacrifice pile goes under the gravestone."))
    return True


def _eclipse(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    if st["deck_count"] <= 0:
        out.say(msg("The Nomad deck is empty: nothing happens."))
        out.tracer.add(
            "prepare eclipse", msg("The Nomad deck is empty: nothing happens (it is no benefit).")
        )
        return True
    st["deck_count"] -= 1
    card = st["deck"].pop(0) if st["deck"] is not None else None
    st["eclipse_pile"].append(card)
    out.say(
        msgn(
            "Put the top card of the Nomad deck face down on the Nomads' eclipse pile "
            "({n} card there now).",
            "Put the top card of the Nomad deck face down on the Nomads' eclipse pile "
            "({n} cards there now).",
            n=len(st["eclipse_pile"]),
        )
    )
    out.tracer.add("prepare eclipse", msg("The top nomad card goes onto their eclipse pile."))
    return True


def _glacier(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    count = int(ans["glaciers"])
    st["sticky"]["glaciers"] = count
    out.say(tribe.gain_points(st["nomads"], count))
    out.tracer.add(
        "glacier scoring",
        msgn(
            "1 point for each of {n} glacier field with a Nomad camp.",
            "1 point for each of {n} glacier fields with a Nomad camp.",
            n=count,
        ),
    )
    return True


def _reveal_animal(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    where, revealed = ans["cell"], ans["revealed"]
    if where == "full" or revealed == "none":
        out.say(msg("The hunting area is full: nothing happens."))
        out.tracer.add("reveal animals", msg("The hunting area is full: nothing happens."))
        return True
    r, c = cell_of(where)
    st["hunt"][r][c] = revealed
    out.say(
        msg(
            "The {animal} lies in row {r}, space {c} of the hunting area.",
            animal=animal_name(st, revealed),
            r=r + 1,
            c=c + 1,
        )
    )
    out.tracer.add(
        "reveal animals",
        msg("The top animal goes to the first free space: top row first, then from the left."),
    )
    return True


def _animal(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    big, small = arrows(st)
    chosen = choose_animal(st["hunt"], st["nomads"]["animals"], big, small, out.tracer)
    if chosen is None:
        return False
    animal = chosen["animal"]
    st["hunt"][chosen["row"]][chosen["col"]] = ""
    owned = st["nomads"]["animals"]
    owned[animal] = owned.get(animal, 0) + 1
    out.say(
        msg(
            "Take the {animal} from row {r}, space {c} of the hunting area into the "
            "Nomads' animal area.",
            animal=animal_name(st, animal),
            r=chosen["row"] + 1,
            c=chosen["col"] + 1,
        )
    )
    out.result["animal"] = {"animal": animal, "row": chosen["row"], "col": chosen["col"]}
    out.say(REFILL)
    return True


def _random_animal(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    drawn = ans["drawn"]
    if drawn == "empty":
        out.tracer.add("random animal", msg("The animal deck is empty."))
        return False
    owned = st["nomads"]["animals"]
    owned[drawn] = owned.get(drawn, 0) + 1
    out.say(msg("The top animal card goes into the Nomads' animal area."))
    out.tracer.add(
        "random animal", msg("Top card of the animal deck: {a}.", a=animal_name(st, drawn))
    )
    return True


def _progress(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    grid = st["display"]
    found = [{"row": r, "col": c, "card": grid[r][c]} for r, c in cells(grid) if grid[r][c]]
    if not found:
        out.tracer.add("get progress", msg("The culture panel is empty."))
        return False
    big, small = arrows(st)
    out.tracer.add(
        "get progress", msg("Big arrow: the column with cards; small arrow: the card in it.")
    )
    chosen = pick(found, big, small, out.tracer, msg("culture cards"))
    grid[chosen["row"]][chosen["col"]] = ""
    st["nomads"]["sacrifice"].append("progress")
    out.say(
        msg(
            "Take the culture card in row {r}, space {c} of the display and put it face down "
            "on the Nomads' sacrifice pile.",
            r=chosen["row"] + 1,
            c=chosen["col"] + 1,
        )
    )
    out.say(REFILL)
    out.result["progress"] = {"card": chosen["card"], "row": chosen["row"], "col": chosen["col"]}
    return True


def _megalith(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    built = ans["built"]
    if built == "none":
        out.tracer.add("build megalith", msg("There is no site where they can build."))
        return False
    st["sticky"]["built"] = built
    st["nomads"]["megaliths"] += 1
    out.say(
        msg(
            "Megalith built ({n} of {m}); the Nomads get the usual income.",
            n=st["nomads"]["megaliths"],
            m=catalogue_of(st).limits["megaliths"],
        )
    )
    out.tracer.add(
        "build megalith",
        msg("Built on a higher level.")
        if built == "higher"
        else msg("No higher level possible: built on the lowest level."),
    )
    out.result["level"] = built
    st["queue"][0:0] = income_items(ans["income"], msg("megalith income"))
    return True


def _sacred_stone(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    n = st["nomads"]
    if not ans["available"]:
        out.tracer.add(
            "sacred stone", msg("No sacred stone is available (era I limit or none left).")
        )
        return False
    food, tools = int(ans["cost_food"]), int(ans["cost_tools"])
    if food > n["food"] or tools > n["tools"]:
        out.tracer.add(
            "sacred stone",
            msg(
                "The stone costs {f} food and {t} tools; they have {hf} food and {ht} tools: "
                "they cannot pay.",
                f=food,
                t=tools,
                hf=n["food"],
                ht=n["tools"],
            ),
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
    out.tracer.add(
        "sacred stone",
        msg("Bought onto space {k}; the income of that space follows.", k=len(n["stones"])),
    )
    out.result["space"] = len(n["stones"])
    st["queue"][0:0] = income_items(ans["income"], msg("sacred stone income"))
    return True


def reveal_map(st: State, out: Out) -> None:
    m = st["map"]
    if m["deck"] == 0:
        m["deck"], m["discard"] = m["discard"], 0
        out.say(msg("The map deck is empty: shuffle the map discard pile into a new map deck."))
        out.tracer.add(
            "map deck", msg("The map deck is empty: the discard pile becomes a new deck.")
        )
    m["deck"] -= 1
    m["discard"] += 1


def _settlement(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> bool:
    n = st["nomads"]
    opts = st["opts"]
    limits = catalogue_of(st).limits
    if item.get("from_camp"):
        out.tracer.add("camps income", msg("'Place or move camps' becomes their special action."))
    if "rivers" in opts["modules"] and not st["raft_at_mouth"]:
        out.say(msg("First move the Nomads' raft 1 space downstream."))
        st["raft_at_mouth"] = bool(ans.get("raft_mouth", False))
    can_a = bool(ans["connection"])
    st["sticky"]["connection"] = can_a
    if can_a:
        out.tracer.add("special action", msg("A connection point allows a settlement: steps (A)."))
        if n["settlements"] < limits["settlements"]:
            n["settlements"] += 1
            piece = "settlement"
            out.say(
                msg(
                    "(A) Place a Nomad settlement on that connection point without paying food "
                    "({k} of {m} placed).",
                    k=n["settlements"],
                    m=limits["settlements"],
                )
            )
        elif n["tile"] == "supply":
            n["tile"] = "board"
            piece = "tile"
            out.say(
                msg(
                    "(A) All their settlements are out: place the nomad tile there instead; it "
                    "counts as {what}.",
                    what=msg("a settlement (2 influence)")
                    if opts["hard_settlement"]
                    else msg("a camp on the 3 adjacent fields (1 influence)"),
                )
            )
        else:
            piece = "tile"
            out.say(msg("(A) Move the nomad tile to that connection point."))
        reveal_map(st, out)
        out.say(
            msg(
                "Reveal the top map card and move the Nomads' 3 camps of the outer ring to its "
                "3 marked outer fields (mind the north star)."
            )
        )
        out.result.update(step="A", piece=piece)
    else:
        out.tracer.add("special action", msg("No connection point allows a settlement: steps (B)."))
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


# -- what each action asks -------------------------------------------------------------------


def _glacier_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="glaciers",
            label=msg("Glacier fields with a Nomad camp"),
            kind="int",
            default=st["sticky"].get("glaciers", 0),
            minimum=0,
            maximum=catalogue_of(st).limits["camps"] + 1,
        ),
    )


def _reveal_fields(st: State, item: Item) -> tuple[Field, ...]:
    """Which animal came up (a random card: no default) and where it went (default: tracked)."""
    slot = first_free(st["hunt"])
    where = [Choice(cell_id(r, c), space_label(r, c)) for r, c in cells(st["hunt"])]
    where.append(Choice("full", msg("the hunting area is full")))
    return (
        Field(
            key="revealed",
            label=msg("Animal revealed"),
            kind="choice",
            default="none" if slot is None else None,
            choices=animal_choices(st, (("none", msg("none: the hunting area is full")),)),
        ),
        Field(
            key="cell",
            label=msg("Where it lies"),
            kind="choice",
            default=cell_id(*slot) if slot is not None else "full",
            choices=tuple(where),
            places="cells",
        ),
    )


def _random_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="drawn",
            label=msg("Animal drawn"),
            kind="choice",
            choices=animal_choices(st, (("empty", msg("the animal deck is empty")),)),
        ),
    )


def _megalith_fields(st: State, item: Item) -> tuple[Field, ...]:
    return (
        Field(
            key="built",
            label=msg("Where did they build?"),
            kind="choice",
            default=st["sticky"].get("built", "lowest"),
            choices=(
                Choice("higher", msg("on a higher level")),
                Choice("lowest", msg("on the lowest level")),
                Choice("none", msg("nowhere possible")),
            ),
        ),
        income_field("income", msg("Income of that megalith space")),
    )


def _stone_fields(st: State, item: Item) -> tuple[Field, ...]:
    limits = catalogue_of(st).limits
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
            maximum=limits["food"],
        ),
        Field(
            key="cost_tools",
            label=msg("Its cost in tools"),
            kind="int",
            default=0,
            minimum=0,
            maximum=limits["tools"],
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


# -- the rule, with the arrows applied, as the table reads it --------------------------------


def _lines_animal(st: State, item: Item) -> tuple[Msg, ...]:
    big, small = arrows(st)
    return (
        msg(
            "They take the first animal meeting: 1. a kind they own 1-3 of; 2. a kind they own "
            "none of; 3. a kind they own 4+ of. Among several: the {side} column, then the "
            "{end} card.",
            side=extreme_word(big),
            end=extreme_word(small),
        ),
        msg("If the hunting area differs from the picture, tap the space and say what lies there."),
    )


def _lines_progress(st: State, item: Item) -> tuple[Msg, ...]:
    big, small = arrows(st)
    return (
        msg(
            "They take from the culture panel: the {side} column that has cards, there the "
            "{end} card.",
            side=extreme_word(big),
            end=extreme_word(small),
        ),
        msg("If the display differs from the picture, tap the space that is different."),
    )


def _lines_reveal(st: State, item: Item) -> tuple[Msg, ...]:
    return (
        msg(
            "Reveal the top animal card onto the first free space of the hunting area: the top "
            "row with room, its leftmost free space. If the area is full, nothing happens."
        ),
    )


def _lines_megalith(st: State, item: Item) -> tuple[Msg, ...]:
    big, small = arrows(st)
    return (
        msg(
            "Build a Nomad megalith by the usual rules: on a higher level if any is possible, "
            "else on the lowest level. Several sites to choose from: the {h}, then the {v}.",
            h=extreme_word(big),
            v=extreme_word(small),
        ),
    )


def _lines_stone(st: State, item: Item) -> tuple[Msg, ...]:
    big, _ = arrows(st)
    era_one = catalogue_of(st).era(st["round"]) == 1
    return (
        msg(
            "They buy the {side} sacred stone available{limit}, pay its cost and take the "
            "income of its space.",
            side=extreme_word(big),
            limit=msg(" (era I: only era-I stones)") if era_one else NOTHING,
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


Blocked = Callable[[State], Msg | None]


@dataclass(frozen=True, kw_only=True)
class Spec:
    """One action: what it does, what it asks, the rule as lines, why it may be impossible.

    ``edit`` (with ``fields``) makes the step a builder: an answer that
    corrects the table (a tapped space) is applied and the same step asks
    again; ``edit`` returns ``False`` when the table said "done".
    """

    apply: Callable[[State, Item, Mapping[str, Any], Out], bool]
    fields: Callable[[State, Item], tuple[Field, ...]] | None = None
    lines: Callable[[State, Item], tuple[Msg, ...]] = _no_lines
    blocked: Blocked | None = None
    edit: Callable[[State, Mapping[str, Any], Out], bool] | None = None


def _cap(key: str, what: Msg) -> Blocked:
    def check(st: State) -> Msg | None:
        limit = catalogue_of(st).limits[key]
        value = st["nomads"]["stones" if key == "sacred_stones" else key]
        value = len(value) if isinstance(value, list) else value
        return msg("they already have {n} {what}", n=limit, what=what) if value >= limit else None

    return check


def _sacrifice_empty(st: State) -> Msg | None:
    return None if st["nomads"]["sacrifice"] else msg("their sacrifice pile is empty")


def _never(reason: Msg) -> Blocked:
    return lambda st: reason


SPECS: dict[str, Spec] = {
    "food": Spec(apply=_food, blocked=_cap("food", msg("food"))),
    "tool": Spec(apply=_tool, blocked=_cap("tools", msg("tools"))),
    "idol": Spec(apply=_idol),
    "torch": Spec(apply=_idol),
    "paint": Spec(apply=_idol),
    "points": Spec(apply=_points),
    "bury": Spec(apply=_bury, blocked=_sacrifice_empty),
    "eclipse": Spec(apply=_eclipse),
    "glacier": Spec(apply=_glacier, fields=_glacier_fields, lines=_lines_glacier),
    "reveal_animal": Spec(apply=_reveal_animal, fields=_reveal_fields, lines=_lines_reveal),
    "animal": Spec(
        apply=_animal, fields=lambda st, item: area_fields(st), lines=_lines_animal, edit=edit_area
    ),
    "random_animal": Spec(apply=_random_animal, fields=_random_fields),
    "progress": Spec(
        apply=_progress,
        fields=lambda st, item: display_fields(st),
        lines=_lines_progress,
        edit=edit_display,
    ),
    "megalith": Spec(
        apply=_megalith,
        fields=_megalith_fields,
        lines=_lines_megalith,
        blocked=_cap("megaliths", msg("megaliths built (all of them)")),
    ),
    "sacred_stone": Spec(
        apply=_sacred_stone,
        fields=_stone_fields,
        lines=_lines_stone,
        blocked=_cap("sacred_stones", msg("sacred stones")),
    ),
    "settlement": Spec(apply=_settlement, fields=_settlement_fields, lines=_lines_settlement),
    "draw_card": Spec(apply=_food, blocked=_never(msg("the Nomads have no draw pile"))),
    "tribe_member": Spec(apply=_food, blocked=_never(msg("the Nomads never get tribe members"))),
    "hunt": Spec(apply=_food, blocked=_never(msg("the Nomads never hunt (kill) animals"))),
}


def needs_input(st: State, item: Item) -> bool:
    """The action asks the table (it has fields and is not known to be impossible)."""
    spec = SPECS[item["a"]]
    return spec.fields is not None and (spec.blocked is None or spec.blocked(st) is None)


def resolve(st: State, item: Item, ans: Mapping[str, Any], out: Out) -> None:
    """Carry out ``item``; if impossible, walk down the substitution table.

    A substitute that needs a fact from the table is queued as the next step
    (``out.result["substitute"]``); otherwise ``out.result["received"]`` is
    what they got and ``out.result["chain"]`` the items walked.
    """
    action = item["a"]
    spec = SPECS[action]
    chain = list(item.get("chain", [action]))
    reason = spec.blocked(st) if spec.blocked else None
    if reason is None and spec.apply(st, item, ans, out):
        out.result.setdefault("received", action)
        out.result.setdefault("chain", chain)
        return
    if reason is not None:
        out.tracer.add(action, msg("They cannot get {a}: {why}.", a=term(action), why=reason))
    queued: list[str] = []
    settled_at: list[int] = []

    def receivable(sub: str) -> bool:
        settled_at[:] = [len(out.tracer.steps) - 1]
        sub_spec = SPECS[sub]
        why = sub_spec.blocked(st) if sub_spec.blocked else None
        if why is not None:
            out.tracer.add(sub, msg("They cannot get {a}: {why}.", a=term(sub), why=why))
            return False
        if sub_spec.fields is not None:
            queued.append(sub)
            return True
        return sub_spec.apply(st, {"a": sub, "src": item["src"]}, {}, out)

    received, walked = walk_down(action, receivable, out.tracer)
    chain += walked[1:]
    if settled_at and not any(s.decisive for s in out.tracer.steps):
        index = settled_at[0]
        out.tracer.steps[index] = replace(out.tracer.steps[index], decisive=True)
    out.say(msg("They cannot get {a}: they get {b} instead.", a=term(action), b=term(received)))
    if queued:
        st["queue"].insert(
            0,
            {
                "a": received,
                "src": item["src"],
                "inline": False,
                "instead": item.get("instead", action),
                "chain": chain,
            },
        )
        out.result["substitute"] = received
        out.result["chain"] = chain
        return
    out.result["received"] = received
    out.result["chain"] = chain


def decision_of(st: State, kind: str, summary: Msg, out: Out) -> Decision:
    """Wrap what a step did as the Nomads' :class:`Decision` (example data flagged)."""
    return Decision(
        game="nomads",
        kind=kind,
        summary=summary,
        instructions=tuple(out.instructions),
        trace=out.tracer.freeze(),
        result=dict(out.result),
        example_data=bool(st["components"]["example"]),
    )
