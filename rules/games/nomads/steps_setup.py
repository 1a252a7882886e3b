"""Steps outside the Nomads' turns: set-up, the hunting area builder, your turn, your events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.nomads import tribe
from rules.games.nomads.actions import (
    Out,
    animal_choices,
    animal_name,
    area_fields,
    decision_of,
    edit_area,
    income_field,
    income_items,
)
from rules.games.nomads.catalogue import catalogue_of
from rules.games.nomads.flow import dispatch, screen, settle, start_round
from rules.games.nomads.hunting import UNKNOWN, empty_grid
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state, shuffled
from rules.text import msg, msgn


def initial_state(options: Mapping[str, Any], seed: int) -> State:
    """The state before set-up; ``options`` carry the component record (``"components"``)."""
    opts = {k: v for k, v in options.items() if k != "components"}
    st: State = {"components": options["components"]}
    cat = catalogue_of(st)
    cave = "cave_painting" in opts["modules"]
    hunt, display = cat.board["hunting_area"], cat.board["progress_display"]
    st.update(
        {
            "rng": rng_state(seed),
            "opts": opts,
            "round": 1,
            "rounds": cat.board["rounds"],
            "figures": cat.board["figures"],
            "phase": "setup",
            "step": "setup",
            "order": cat.column_order(cave),
            "names": cat.column_names(cave),
            "blocked": [cat.board["cave_painting_column"]["id"]] if cave else [],
            "deck": None,
            "deck_count": len(cat.cards),
            "discard": [],
            "eclipse_pile": [],
            "cols": {c: {"nomads": 0, "player": 0, "symbol": None} for c in cat.column_order(cave)},
            "nomad_figs": 0,
            "player_placed": 0,
            "player_done": False,
            "turn": "nomads",
            "first": "nomads",
            "queue": [],
            "after": "dispatch",
            "pending": None,
            "nomads": tribe.new_nomads(cave),
            "map": {"deck": cat.board["map_cards"] - 1, "discard": 1},
            "hunt": empty_grid(hunt["rows"], hunt["columns"], UNKNOWN),
            # The display is prepared as usual at set-up: every space holds a card.
            "display": empty_grid(display["rows"], display["columns"], "card"),
            "sticky": {},
            "ritual_sites": 4 if "ritual_sites" in opts["modules"] else 0,
            "raft_at_mouth": False,
            "arrows": None,
            "last_arrows": None,
            "nomad_turn": 0,
            "column": None,
            "final": None,
        }
    )
    if opts["cards"] == "digital":
        st["deck"] = shuffled(st, sorted(cat.cards))
    return st


def prompt_setup(st: State) -> Prompt:
    opts = st["opts"]
    lines = [
        msg("Set up a 2-player game; you play alone against the Nomads."),
        msg("Compass: call the board edge nearest to you south, the far edge north."),
        msg(
            "Culture cards: draw 5 random era-I and 5 random era-II cards unseen; put the 5 era-I "
            "cards on the 5 era-II cards as the face-down sacrifice pile; then set up the "
            "culture cards as usual."
        ),
        msg("You: draw 2 chiefs, keep 1 and choose its side; draw 2 set-up cards, keep 1."),
        msg(
            "Nomads: a colour, 1 chief figure but no chief card, no 9 starting cards, no "
            "set-up card, no player aid. Sacrifice pile beside their board."
        ),
        msg(
            "Nomad tile beside their board, {side} side up.",
            side=msg("settlement") if opts["hard_settlement"] else msg("camp"),
        ),
        msg("Turn order: Nomads' tribe marker on the top space, yours below it; you get 1 food."),
        msg(
            "After your camps are on the start field: shuffle the 6 map cards, reveal the top "
            "one and put 1 Nomad camp on each of its 5 marked fields (mind the north star)."
        ),
        msg("Last step: draw the top animal into the Nomads' animal area."),
    ]
    if opts["cards"] == "digital":
        lines.append(msg("The assistant shuffles the 16 nomad cards digitally."))
    else:
        lines.append(msg("Shuffle the 16 nomad cards face down as the Nomad deck."))
    mods = opts["modules"]
    if "rivers" in mods:
        lines.append(msg("Rivers & Rafts: Nomads' raft on the source tile; no start tile."))
    if "cave_painting" in mods:
        lines.append(
            msg(
                "Cave Painting: no board for the Nomads; a figure of an unused colour blocks "
                "the lowest action symbol of the Höhlenmalerei column all game; the Nomads "
                "start with 25 points."
            )
        )
    if "ancestors" in mods or "cave_painting" in mods:
        lines.append(
            msg(
                "New culture cards (Ancestors, Cave Painting): prepare the sacrifice pile as "
                "usual first, then shuffle them into their decks (Cave Painting: era I)."
            )
        )
    if "ritual_sites" in mods:
        lines.append(
            msg("Ritual Sites: lay out 4 random ritual site cards in a row; the Nomads take none.")
        )
    if "rest_tiles" in mods or "four_legged" in mods:
        lines.append(msg("The Nomads ignore rest tiles and four-legged friends."))
    return screen(
        st,
        step="setup",
        title=msg("Set up the solo game"),
        lines=tuple(lines),
        fields=(
            Field(
                key="first_animal",
                label=msg("The Nomads' first animal"),
                kind="choice",
                default=None,
                choices=animal_choices(st),
            ),
        ),
    )


def advance_setup(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    animal = ans["first_animal"]
    st["nomads"]["animals"][animal] = 1
    out.tracer.decide("set-up", msg("The Nomads' first animal: {a}.", a=animal_name(st, animal)))
    out.say(msg("Now tell the assistant what lies in the hunting area, space by space."))
    return decision_of(st, "setup", msg("Set-up done"), out)


def prompt_area(st: State) -> Prompt:
    return screen(
        st,
        step="area",
        title=msg("The hunting area"),
        lines=(
            msg("Tap a space of the hunting area and say which animal lies there (or none)."),
            msg("The spaces run from the top row, left to right."),
        ),
        fields=area_fields(st),
    )


def advance_area(st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
    if edit_area(st, ans, out):
        return None
    out.say(msg("The Nomads begin the first round."))
    start_round(st, out)
    return decision_of(st, "setup", msg("The Nomads begin the first round"), out)


def figure_places(st: State) -> list[Choice]:
    """Where your figure can go: the free columns in board order with the *Ruhefeld* (the
    default) in their middle, so the button box reaches every column in at most 2 presses
    from it; "done" (you stop placing) follows, the farthest."""
    free = [Choice(c, msg(st["names"][c])) for c in st["order"] if c not in st["blocked"]]
    half = len(free) // 2
    return [*free[:half], Choice("rest", msg("Ruhefeld")), *free[half:]]


def prompt_player(st: State) -> Prompt:
    left = st["player_placed"] < st["figures"]
    choices = [*(figure_places(st) if left else []), Choice("done", msg("no figure left / done"))]
    default = "rest" if left else "done"
    events = [
        Choice("none", msg("nothing else")),
        Choice("income", msg("the Nomads get income (ice-find, fish, Prosperity card ...)")),
    ]
    if "ancestors" in st["opts"]["modules"]:
        events.append(Choice("strife", msg("I played a Strife card")))
    if st["ritual_sites"] > 0:
        events.append(Choice("ritual", msg("I took a ritual site card")))
    return screen(
        st,
        step="player",
        title=msg("Your turn"),
        lines=(msg("Play your turn, then say where your figure went."),),
        fields=(
            Field(
                key="placed",
                label=msg("Your figure went to"),
                kind="choice",
                default=default,
                choices=tuple(choices),
                places="columns",
            ),
            Field(
                key="event",
                label=msg("Anything for the Nomads?"),
                kind="choice",
                default="none",
                choices=tuple(events),
                optional=True,
            ),
        ),
    )


def advance_player(st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
    placed = ans["placed"]
    if placed == "done":
        st["player_done"] = True
    else:
        st["player_placed"] += 1
        if placed != "rest":
            st["cols"][placed]["player"] += 1
    st["turn"] = "nomads"
    event = ans["event"]
    if event == "income":
        st["step"] = "event_income"
        return None
    if event == "strife":
        if st["nomads"]["score"] >= 2:
            out.say(tribe.gain_points(st["nomads"], -2))
            out.tracer.decide(
                "strife", msg("The Nomads lose 2 points, so they take the main action.")
            )
            st["step"] = "event_income"
            return decision_of(st, "strife", msg("Strife: the Nomads lose 2 points"), out)
        out.tracer.decide(
            "strife",
            msgn(
                "They have {n} point and cannot lose 2: no main action.",
                "They have {n} points and cannot lose 2: no main action.",
                n=st["nomads"]["score"],
            ),
        )
        dispatch(st)
        return decision_of(st, "strife", msg("Strife: the Nomads cannot pay 2 points"), out)
    if event == "ritual":
        st["ritual_sites"] = 0
        out.say(msg("Remove the remaining ritual site cards from the game."))
        out.tracer.decide("ritual sites", msg("You took one: the rest leave the game."))
        dispatch(st)
        return decision_of(st, "ritual-sites", msg("Ritual sites removed"), out)
    dispatch(st)
    return None


def prompt_event_income(st: State) -> Prompt:
    return screen(
        st,
        step="event_income",
        title=msg("Income for the Nomads"),
        lines=(msg("Enter what the Nomads get, as a normal player would."),),
        fields=(income_field("income", msg("Income")),),
    )


def advance_event_income(st: State, ans: Mapping[str, Any], out: Out) -> Decision:
    st["queue"].extend(income_items(ans["income"], msg("income on your turn")))
    st["after"] = "dispatch"
    settle(st, out)
    return decision_of(st, "income", msg("Income for the Nomads"), out)
