"""The Nomads as a step machine: set-up, turns, eclipse, preparation, final scoring.

``state["step"]`` names the current question; a non-empty ``state["queue"]``
of Nomad actions always comes first (see :mod:`rules.games.nomads.actions`).
``state["after"]`` says where play goes once the queue is empty.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.game import Game, State
from rules.games.nomads import board as scene
from rules.games.nomads import decisions as situations
from rules.games.nomads import tribe
from rules.games.nomads.actions import (
    SPECS,
    Out,
    animal_choices,
    decision_of,
    grid_help,
    income_field,
    income_items,
    needs_input,
    resolve,
)
from rules.games.nomads.catalogue import CATALOGUE
from rules.games.nomads.hunting import empty_grid, parse_grid
from rules.games.nomads.steps_cards import CardSteps
from rules.games.nomads.steps_eclipse import EclipseSteps
from rules.games.nomads.terms import term
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state, shuffled
from rules.text import N_, Msg, msg

GAME = "nomads"

MODULES: tuple[tuple[str, str], ...] = (
    ("rest_tiles", N_("Ruheplättchen")),
    ("ice_find", N_("Eisfundplättchen")),
    ("ancestors", N_("Ahnen")),
    ("rivers", N_("Flüsse & Flöße")),
    ("cave_painting", N_("Höhlenmalerei")),
    ("four_legged", N_("Vierbeinige Freunde")),
    ("ritual_sites", N_("Ritualstätten")),
    ("mammoth", N_("Mammut")),
)


class NomadsGame(CardSteps, EclipseSteps, Game):
    """Endless Winter: Paleoamericans, solo against the Nomads."""

    name = GAME
    title = "Endless Winter: Nomads (solo)"
    role = "plays the Nomads: nomad deck, action column, arrows, substitutions, eclipse, scoring"

    # -- set-up -------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                key="cards",
                label=msg("Nomad cards"),
                kind="choice",
                default="digital",
                choices=(
                    Choice("digital", msg("the assistant draws (example catalogue)")),
                    Choice("physical", msg("I draw the printed cards and enter them")),
                ),
            ),
            Field(
                key="hard_reveal",
                label=msg("Harder: one nomad card revealed in advance"),
                kind="bool",
                default=False,
            ),
            Field(
                key="hard_settlement",
                label=msg("Harder: nomad tile on its settlement side"),
                kind="bool",
                default=False,
            ),
            Field(
                key="modules",
                label=msg("Modules and expansions in play"),
                kind="multi",
                default=[],
                choices=tuple(Choice(k, msg(de)) for k, de in MODULES),
            ),
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        opts = dict(options)
        cave = "cave_painting" in opts["modules"]
        order = CATALOGUE.column_order(cave)
        hunt = CATALOGUE.board["hunting_area"]
        st: State = {
            "rng": rng_state(seed),
            "opts": opts,
            "round": 1,
            "rounds": CATALOGUE.board["rounds"],
            "figures": CATALOGUE.board["figures"],
            "phase": "setup",
            "step": "setup",
            "order": order,
            "names": CATALOGUE.column_names(cave),
            "blocked": [CATALOGUE.board["cave_painting_column"]["id"]] if cave else [],
            "deck": None,
            "deck_count": len(CATALOGUE.cards),
            "discard": [],
            "eclipse_pile": [],
            "cols": {c: {"nomads": 0, "player": 0, "symbol": None} for c in order},
            "nomad_figs": 0,
            "player_placed": 0,
            "player_done": False,
            "turn": "nomads",
            "first": "nomads",
            "queue": [],
            "after": "dispatch",
            "pending": None,
            "nomads": tribe.new_nomads(cave),
            "map": {"deck": CATALOGUE.board["map_cards"] - 1, "discard": 1},
            "hunt": empty_grid(hunt["rows"], hunt["columns"]),
            "sticky": {},
            "ritual_sites": 4 if "ritual_sites" in opts["modules"] else 0,
            "raft_at_mouth": False,
            "arrows": None,
            "last_arrows": None,
            "nomad_turn": 0,
            "column": None,
            "final": None,
        }
        if opts["cards"] == "digital":
            st["deck"] = shuffled(st, sorted(CATALOGUE.cards))
        return st

    # -- prompts ------------------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        st = state
        if st["queue"]:
            return self._action_prompt(st)
        step = st["step"]
        return getattr(self, f"_prompt_{step}")(st)

    def _phase(self, st: State) -> Msg:
        if st["phase"] == "setup":
            return msg("Set-up")
        if st["phase"] == "final":
            return msg("Final scoring")
        if st["phase"] == "eclipse":
            return msg("Round {r}: eclipse", r=st["round"])
        return msg("Round {r}", r=st["round"])

    def _prompt_setup(self, st: State) -> Prompt:
        opts = st["opts"]
        lines = [
            msg("Set up a 2-player game; you play alone against the Nomads."),
            msg("Compass: call the board edge nearest to you south, the far edge north."),
            msg(
                "Progress: draw 5 random era-I and 5 random era-II cards unseen; put the 5 era-I "
                "cards on the 5 era-II cards as the face-down sacrifice pile; then set up the "
                "progress cards as usual."
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
            msg(
                "Turn order: Nomads' tribe marker on the top space, yours below it; you get 1 food."
            ),
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
                    "New progress cards (Ancestors, Cave Painting): prepare the sacrifice pile as "
                    "usual first, then shuffle them into their decks (Cave Painting: era I)."
                )
            )
        if "ritual_sites" in mods:
            lines.append(
                msg(
                    "Ritual Sites: lay out 4 random ritual site cards in a row; the Nomads take "
                    "none."
                )
            )
        if "rest_tiles" in mods or "four_legged" in mods:
            lines.append(msg("The Nomads ignore rest tiles and four-legged friends."))
        shape = CATALOGUE.board["hunting_area"]
        return Prompt(
            step="setup",
            title=msg("Set up the solo game"),
            phase=self._phase(st),
            lines=tuple(lines),
            fields=(
                Field(
                    key="first_animal",
                    label=msg("The Nomads' first animal"),
                    kind="choice",
                    default=None,
                    choices=animal_choices(),
                ),
                Field(
                    key="area",
                    label=msg("Hunting area ({r} rows x {c})", r=shape["rows"], c=shape["columns"]),
                    kind="text",
                    help=grid_help(),
                ),
            ),
        )

    def _prompt_player(self, st: State) -> Prompt:
        free = [c for c in st["order"] if c not in st["blocked"]]
        choices = [Choice(c, msg(st["names"][c])) for c in free]
        choices += [Choice("rest", msg("Ruhefeld")), Choice("done", msg("no figure left / done"))]
        default = "done" if st["player_placed"] >= st["figures"] else "rest"
        events = [
            Choice("none", msg("nothing else")),
            Choice("income", msg("the Nomads get income (ice-find, fish, Prosperity card ...)")),
        ]
        if "ancestors" in st["opts"]["modules"]:
            events.append(Choice("strife", msg("I played a Strife card")))
        if st["ritual_sites"] > 0:
            events.append(Choice("ritual", msg("I took a ritual site card")))
        return Prompt(
            step="player",
            title=msg("Your turn"),
            phase=self._phase(st),
            lines=(msg("Play your turn, then say where your figure went."),),
            fields=(
                Field(
                    key="placed",
                    label=msg("Your figure went to"),
                    kind="choice",
                    default=default,
                    choices=tuple(choices),
                ),
                Field(
                    key="event",
                    label=msg("Anything for the Nomads?"),
                    kind="choice",
                    default="none",
                    choices=tuple(events),
                ),
            ),
        )

    def _prompt_event_income(self, st: State) -> Prompt:
        return Prompt(
            step="event_income",
            title=msg("Income for the Nomads"),
            phase=self._phase(st),
            lines=(msg("Enter what the Nomads get, as a normal player would."),),
            fields=(income_field("income", msg("Income")),),
        )

    def _action_prompt(self, st: State) -> Prompt:
        item = st["queue"][0]
        spec = SPECS[item["a"]]
        src = Msg.from_json(item["src"])
        title = msg("Nomads: {action}", action=term(item["a"]))
        if needs_input(st, item):
            lines = (msg("From {src}.", src=src), *spec.lines(st, item))
            if item.get("instead"):
                lines = (msg("Instead of {x}:", x=term(item["instead"])), *lines)
            assert spec.fields is not None
            return Prompt(
                step="action",
                title=title,
                phase=self._phase(st),
                lines=lines,
                fields=spec.fields(st, item),
            )
        preview_state = copy.deepcopy(st)
        _, decision = self.advance(preview_state, {})
        return Prompt(
            step="action",
            title=title,
            phase=self._phase(st),
            lines=(msg("From {src}.", src=src),),
            decision=decision,
        )

    # -- advancing ----------------------------------------------------------------------

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        st = state
        out = Out()
        if st["queue"]:
            item = st["queue"].pop(0)
            resolve(st, item, answer, out)
            self._settle(st, out)
            received = out.result.get("received", item["a"])
            kind = "substitution" if received != item["a"] else item["a"]
            summary = (
                msg("{a}: they get {b} instead", a=term(item["a"]), b=term(received))
                if received != item["a"]
                else msg("Nomads: {action}", action=term(item["a"]))
            )
            return st, decision_of(kind, summary, out)
        decision = getattr(self, f"_advance_{st['step']}")(st, answer, out)
        return st, decision

    def _settle(self, st: State, out: Out) -> None:
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
            self._dispatch(st)
        elif after == "dispatch":
            self._dispatch(st)
        elif after == "round_end":
            self._round_end(st, out)
        else:
            st["step"] = after

    def _dispatch(self, st: State) -> None:
        # An empty nomad deck (only possible after very many eclipse preparations) ends
        # the Nomads' turns for the round: there is no card to reveal (see docs).
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

    def _start_round(self, st: State, out: Out) -> None:
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
        st["deck_count"] = len(CATALOGUE.cards)
        if st["round"] > 1:
            out.say(msg("Preparation: shuffle all 16 nomad cards into a new Nomad deck."))
            if "rivers" in st["opts"]["modules"]:
                out.say(msg("Put the Nomads' raft back on the source."))
            if st["deck"] is not None:
                st["deck"] = shuffled(st, sorted(CATALOGUE.cards))
            out.tracer.add("preparation", "all 16 nomad cards reshuffled")
        if st["opts"]["hard_reveal"]:
            if st["deck"] is not None:
                cid = st["deck"].pop(0)
                st["deck_count"] -= 1
                card = copy.deepcopy(CATALOGUE.cards[cid])
                st["discard"].append(card)
                st["arrows"] = {"big": card["big"], "small": card["small"]}
                out.say(
                    msg(
                        "Reveal nomad card {id} and lay it face up as the start of the "
                        "discard pile, without carrying it out.",
                        id=cid,
                    )
                )
                out.tracer.add("higher difficulty", f"card {cid} revealed in advance")
            else:
                st["pending"] = {"purpose": "advance"}
                st["step"] = "card"
                return
        self._dispatch(st)

    def _round_end(self, st: State, out: Out) -> None:
        if st["round"] >= st["rounds"]:
            st["phase"] = "final"
            st["step"] = "final"
            return
        st["round"] += 1
        self._start_round(st, out)

    def _advance_setup(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        shape = CATALOGUE.board["hunting_area"]
        st["hunt"] = parse_grid(
            ans["area"], shape["rows"], shape["columns"], CATALOGUE.animals, "area"
        )
        animal = ans["first_animal"]
        st["nomads"]["animals"][animal] = 1
        out.tracer.add("set-up", f"first animal {animal}; Nomads start the first round")
        out.say(msg("The Nomads begin the first round."))
        self._start_round(st, out)
        return decision_of("setup", msg("Set-up done"), out)

    def _advance_player(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
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
                out.tracer.add("strife", "the Nomads lose 2 points, so they take the main action")
                st["step"] = "event_income"
                return decision_of("strife", msg("Strife: the Nomads lose 2 points"), out)
            out.tracer.add("strife", "they cannot lose 2 points, so no main action")
            self._dispatch(st)
            return decision_of("strife", msg("Strife: the Nomads cannot pay 2 points"), out)
        if event == "ritual":
            st["ritual_sites"] = 0
            out.say(msg("Remove the remaining ritual site cards from the game."))
            out.tracer.add("ritual sites", "you took one: the rest leave the game")
            self._dispatch(st)
            return decision_of("ritual-sites", msg("Ritual sites removed"), out)
        self._dispatch(st)
        return None

    def _advance_event_income(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        st["queue"].extend(income_items(ans["income"], msg("income on your turn")))
        st["after"] = "dispatch"
        self._settle(st, out)
        return decision_of("income", msg("Income for the Nomads"), out)

    # -- other faces --------------------------------------------------------------------

    def decisions(self) -> Mapping[str, Any]:
        return situations.DECISIONS

    def board(self, state: State) -> dict[str, Any]:
        return scene.board(state)

    def status(self, state: State) -> tuple[Msg, ...]:
        return scene.status(state)
