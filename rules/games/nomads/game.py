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
from rules.errors import IllegalInput
from rules.game import Game
from rules.games.nomads import board as scene
from rules.games.nomads import decisions as situations
from rules.games.nomads import tribe
from rules.games.nomads.actions import (
    SPECS,
    Out,
    animal_choices,
    arrows,
    grid_help,
    income_field,
    income_items,
    needs_input,
    resolve,
)
from rules.games.nomads.arrows import pick
from rules.games.nomads.catalogue import CATALOGUE
from rules.games.nomads.hunting import empty_grid, parse_grid
from rules.games.nomads.scoring import eclipse_workforce, final_score
from rules.games.nomads.terms import CARD_ACTIONS, term
from rules.games.nomads.turns import correct_occupancy, occupied_columns, take_turn, visible_actions
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state, shuffled
from rules.text import Msg, msg

State = dict[str, Any]
GAME = "nomads"

MODULES: tuple[tuple[str, str], ...] = (
    ("rest_tiles", "Ruheplättchen"),
    ("ice_find", "Eisfundplättchen"),
    ("ancestors", "Ahnen"),
    ("rivers", "Flüsse & Flöße"),
    ("cave_painting", "Höhlenmalerei"),
    ("four_legged", "Vierbeinige Freunde"),
    ("ritual_sites", "Ritualstätten"),
    ("mammoth", "Mammut"),
)


def _decision(kind: str, summary: Msg, out: Out) -> Decision:
    return Decision(
        GAME,
        kind,
        summary,
        tuple(out.instructions),
        out.tracer.freeze(),
        dict(out.result),
        example_data=CATALOGUE.example,
    )


def _arrow_choices(values: tuple[str, str]) -> tuple[Choice, ...]:
    return tuple(Choice(v, msg(v)) for v in values)


class NomadsGame(Game):
    """Endless Winter: Paleoamericans, solo against the Nomads."""

    name = GAME
    title = "Endless Winter: Nomads (solo)"
    role = "plays the Nomads: nomad deck, action column, arrows, substitutions, eclipse, scoring"

    # -- set-up -------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                "cards",
                msg("Nomad cards"),
                "choice",
                "digital",
                choices=(
                    Choice("digital", msg("the assistant draws (example catalogue)")),
                    Choice("physical", msg("I draw the printed cards and enter them")),
                ),
            ),
            Field("hard_reveal", msg("Harder: one nomad card revealed in advance"), "bool", False),
            Field(
                "hard_settlement", msg("Harder: nomad tile on its settlement side"), "bool", False
            ),
            Field(
                "modules",
                msg("Modules and expansions in play"),
                "multi",
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
            "setup",
            msg("Set up the solo game"),
            self._phase(st),
            tuple(lines),
            (
                Field(
                    "first_animal",
                    msg("The Nomads' first animal"),
                    "choice",
                    None,
                    choices=animal_choices(),
                ),
                Field(
                    "area",
                    msg("Hunting area ({r} rows x {c})", r=shape["rows"], c=shape["columns"]),
                    "text",
                    help=grid_help(),
                ),
            ),
        )

    def _prompt_card(self, st: State) -> Prompt:
        purpose = st["pending"]["purpose"]
        # All 16 stay listed so a typed number is the card number itself.
        choices = tuple(
            Choice(str(cid), msg("card {id}", id=cid)) for cid in sorted(CATALOGUE.cards)
        )
        title = (
            msg("Reveal a nomad card in advance")
            if purpose == "advance"
            else msg("Nomads' turn {n}: reveal the top nomad card", n=st["nomad_turn"] + 1)
        )
        lines = (msg("Turn the top card of the Nomad deck face up and enter its number."),)
        return Prompt(
            "card",
            title,
            self._phase(st),
            lines,
            (Field("card", msg("Card number"), "choice", None, choices=choices),),
        )

    def _columns_field(self, st: State) -> Field:
        free = [c for c in st["order"] if c not in st["blocked"]]
        return Field(
            "occupied",
            msg("Columns holding figures now"),
            "multi",
            default=[c for c in occupied_columns(st) if c not in st["blocked"]],
            choices=tuple(Choice(c, msg(st["names"][c])) for c in free),
        )

    def _prompt_face(self, st: State) -> Prompt:
        cid = st["pending"]["id"]
        card = CATALOGUE.cards[cid]
        free = [c for c in st["order"] if c not in st["blocked"]]
        fields = [
            Field(
                "marked",
                msg("Marked column"),
                "choice",
                card["marked"],
                choices=tuple(Choice(c, msg(st["names"][c])) for c in free),
            ),
            Field(
                "big",
                msg("Big arrow"),
                "choice",
                card["big"],
                choices=_arrow_choices(("left", "right")),
            ),
            Field(
                "small",
                msg("Small arrow"),
                "choice",
                card["small"],
                choices=_arrow_choices(("up", "down")),
            ),
            Field("workforce", msg("Workforce"), "int", card["workforce"], minimum=0, maximum=20),
        ]
        if st["pending"]["purpose"] == "turn":
            fields.append(self._columns_field(st))
        return Prompt(
            "face",
            msg("Card {id}: confirm what it shows", id=cid),
            self._phase(st),
            (msg("Defaults come from the EXAMPLE catalogue: correct them to the printed card."),),
            tuple(fields),
        )

    def _prompt_reveal(self, st: State) -> Prompt:
        card = CATALOGUE.cards[st["deck"][0]]
        lines = (
            msg(
                "Nomad card {id} is revealed: marked column {c}, big arrow {b}, small arrow {s}, "
                "workforce {w}.",
                id=card["id"],
                c=msg(st["names"][card["marked"]]),
                b=msg(card["big"]),
                s=msg(card["small"]),
                w=card["workforce"],
            ),
            msg("Confirm which action columns hold figures right now."),
        )
        return Prompt(
            "reveal",
            msg("Nomads' turn {n}", n=st["nomad_turn"] + 1),
            self._phase(st),
            lines,
            (self._columns_field(st),),
        )

    def _prompt_visible(self, st: State) -> Prompt:
        column = st["column"]
        choices = tuple(Choice(a, term(a)) for a in CARD_ACTIONS)
        pile = st["discard"]
        top = pile[-1]
        fields = [
            Field(
                "a0",
                msg("Card {id}, upper action", id=top["id"]),
                "choice",
                top["actions"][column][0],
                choices=choices,
            ),
            Field(
                "a1",
                msg("Card {id}, lower action", id=top["id"]),
                "choice",
                top["actions"][column][1],
                choices=choices,
            ),
        ]
        for k, card in enumerate(reversed(pile[:-1]), 2):
            fields.append(
                Field(
                    f"a{k}",
                    msg("Card {id}, visible bottom row", id=card["id"]),
                    "choice",
                    card["actions"][column][1],
                    choices=choices,
                )
            )
        return Prompt(
            "visible",
            msg("Actions under {c}", c=msg(st["names"][column])),
            self._phase(st),
            (msg("Confirm the actions shown under the chosen column, top to bottom."),),
            tuple(fields),
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
            "player",
            msg("Your turn"),
            self._phase(st),
            (msg("Play your turn, then say where your figure went."),),
            (
                Field(
                    "placed", msg("Your figure went to"), "choice", default, choices=tuple(choices)
                ),
                Field(
                    "event",
                    msg("Anything for the Nomads?"),
                    "choice",
                    "none",
                    choices=tuple(events),
                ),
            ),
        )

    def _prompt_event_income(self, st: State) -> Prompt:
        return Prompt(
            "event_income",
            msg("Income for the Nomads"),
            self._phase(st),
            (msg("Enter what the Nomads get, as a normal player would."),),
            (income_field("income", msg("Income")),),
        )

    def _workforce(self, st: State) -> tuple[int | None, int]:
        pile = st["eclipse_pile"]
        last = st["discard"][-1]["workforce"] if st["discard"] else 0
        if any(c is None for c in pile):
            return None, last
        return eclipse_workforce([CATALOGUE.cards[c]["workforce"] for c in pile], 0), last

    def _prompt_ecl_order(self, st: State) -> Prompt:
        pile_wf, last = self._workforce(st)
        fields = []
        lines = []
        if pile_wf is None:
            lines.append(
                msg(
                    "Turn over the Nomads' eclipse pile ({n} cards) and add up its workforce.",
                    n=len(st["eclipse_pile"]),
                )
            )
            fields.append(
                Field(
                    "pile_workforce",
                    msg("Workforce of their eclipse pile"),
                    "int",
                    None,
                    minimum=0,
                    maximum=200,
                )
            )
            lines.append(msg("Add {w} for the last nomad card revealed.", w=last))
        else:
            lines.append(
                msg(
                    "The Nomads' workforce: {p} from their eclipse pile ({n} cards) + {w} from the "
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
                "position",
                msg("Nomads' space on the turn order track"),
                "choice",
                st["sticky"].get("position", "1"),
                choices=(Choice("1", msg("top (first)")), Choice("2", msg("second"))),
            )
        )
        return Prompt(
            "ecl_order", msg("Eclipse: turn order"), self._phase(st), tuple(lines), tuple(fields)
        )

    def _prompt_ecl_income1(self, st: State) -> Prompt:
        pos = st["sticky"].get("position", "1")
        default = CATALOGUE.board["turn_order_income"].get(pos, {})
        return Prompt(
            "ecl_income1",
            msg("Eclipse step 1: income beside their tribe marker"),
            self._phase(st),
            (msg("Step 2 does not apply to the Nomads."),),
            (income_field("income", msg("Income beside the Nomads' tribe marker"), default),),
        )

    def _prompt_ecl_terrain(self, st: State) -> Prompt:
        n = st["nomads"]
        tile = 0
        if n["tile"] == "board":
            tile = 2 if st["opts"]["hard_settlement"] else 1
        lines = [
            msg(
                "Influence of the Nomads: 1 per camp (5 camps), 2 per settlement ({s} placed)"
                "{tile}.",
                s=n["settlements"],
                tile=msg(", nomad tile {k} on its 3 adjacent fields", k=tile) if tile else msg(""),
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
        return Prompt(
            "ecl_terrain",
            msg("Eclipse step 3: terrain income"),
            self._phase(st),
            tuple(lines),
            (
                income_field(
                    "income", msg("Income of those terrain fields"), st["sticky"].get("terrain")
                ),
            ),
        )

    def _prompt_ecl_board(self, st: State) -> Prompt:
        stones = len(st["nomads"]["stones"])
        lines = [
            msg(
                "Their sacred stones score 2 points each instead of the printed points: {p}.",
                p=2 * stones,
            ),
        ]
        if "ancestors" in st["opts"]["modules"]:
            lines.append(msg("Ancestors: the Nomads get no eclipse points for the new animals."))
        return Prompt(
            "ecl_board",
            msg("Eclipse step 4: their player board"),
            self._phase(st),
            tuple(lines),
            (
                income_field(
                    "income", msg("Other income of their player board"), st["sticky"].get("board")
                ),
            ),
        )

    def _prompt_ecl_modules(self, st: State) -> Prompt:
        fields = []
        lines = []
        if st["ritual_sites"] > 0:
            big, _ = arrows(st)
            lines.append(
                msg(
                    "Ritual Sites: remove the {side} ritual site card from the game; the Nomads "
                    "score 5 points.",
                    side=msg("rightmost") if big == "right" else msg("leftmost"),
                )
            )
        if "rivers" in st["opts"]["modules"]:
            fields.append(
                Field(
                    "raft_points",
                    msg("Raft points (closest to the mouth, ties too)"),
                    "int",
                    0,
                    minimum=0,
                    maximum=50,
                )
            )
            fields.append(
                Field(
                    "landmarks",
                    msg("Landmark fields where they have the most influence (5 points each)"),
                    "int",
                    0,
                    minimum=0,
                    maximum=20,
                )
            )
        return Prompt(
            "ecl_modules", msg("Eclipse: modules"), self._phase(st), tuple(lines), tuple(fields)
        )

    def _prompt_final(self, st: State) -> Prompt:
        n = st["nomads"]
        return Prompt(
            "final",
            msg("Final scoring of the Nomads"),
            self._phase(st),
            (
                msg(
                    "Turn over the {k} cards under their gravestone and add the points of the "
                    "progress cards among them.",
                    k=len(n["buried"]),
                ),
            ),
            (
                Field(
                    "buried_points",
                    msg("Points on their buried progress cards"),
                    "int",
                    None,
                    minimum=0,
                    maximum=500,
                ),
                Field(
                    "animals",
                    msg("The Nomads' animals"),
                    "counts",
                    default={a: n["animals"].get(a, 0) for a in CATALOGUE.animals},
                    choices=animal_choices(),
                ),
                Field(
                    "player_score", msg("Your final score"), "int", None, minimum=-100, maximum=1000
                ),
            ),
        )

    def _prompt_over(self, st: State) -> Prompt:
        f = st["final"]
        lines = [msg("{part}: {p}", part=msg(k), p=v) for k, v in f["parts"].items()]
        lines.append(msg("The Nomads: {n} points. You: {y} points.", n=f["total"], y=f["player"]))
        verdict = (
            msg("You win!")
            if f["player"] > f["total"]
            else msg("The Nomads win.")
            if f["player"] < f["total"]
            else msg("A tie.")
        )
        return Prompt("over", verdict, self._phase(st), tuple(lines), finished=True)

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
            return Prompt("action", title, self._phase(st), lines, spec.fields(st, item))
        preview_state = copy.deepcopy(st)
        _, decision = self.advance(preview_state, {})
        return Prompt(
            "action", title, self._phase(st), (msg("From {src}.", src=src),), decision=decision
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
            return st, _decision(kind, summary, out)
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
        return _decision("setup", msg("Set-up done"), out)

    def _advance_card(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
        cid = int(ans["card"])
        if cid in {c["id"] for c in st["discard"]}:
            raise IllegalInput(f"card {cid} already lies on the discard pile this round", "card")
        st["pending"]["id"] = cid
        st["step"] = "face"
        return None

    def _advance_face(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
        pending, st["pending"] = st["pending"], None
        card = copy.deepcopy(CATALOGUE.cards[pending["id"]])
        card.update(
            marked=ans["marked"], big=ans["big"], small=ans["small"], workforce=ans["workforce"]
        )
        st["deck_count"] -= 1
        if pending["purpose"] == "advance":
            st["discard"].append(card)
            st["arrows"] = {"big": card["big"], "small": card["small"]}
            out.say(
                msg(
                    "Lay card {id} face up as the start of the discard pile, without carrying "
                    "it out.",
                    id=card["id"],
                )
            )
            self._dispatch(st)
            return _decision("advance-card", msg("Card revealed in advance"), out)
        correct_occupancy(st, ans["occupied"], out)
        column = take_turn(st, card, out)
        st["step"] = "visible"
        return _decision("column", msg("The Nomads take {c}", c=msg(st["names"][column])), out)

    def _advance_visible(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision | None:
        column = st["column"]
        pile = st["discard"]
        pile[-1]["actions"][column] = [ans["a0"], ans["a1"]]
        for k, card in enumerate(reversed(pile[:-1]), 2):
            card["actions"][column][1] = ans[f"a{k}"]
        self._queue_turn(st, column)
        return None

    def _queue_turn(self, st: State, column: str) -> None:
        st["queue"].extend(visible_actions(st, column))
        st["after"] = "turn_end"
        st["step"] = "action"

    def _advance_reveal(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        cid = st["deck"].pop(0)
        st["deck_count"] -= 1
        correct_occupancy(st, ans["occupied"], out)
        column = take_turn(st, copy.deepcopy(CATALOGUE.cards[cid]), out)
        actions = visible_actions(st, column)
        out.say(
            msg(
                "Then they carry out {n} action(s) under {c}, top to bottom.",
                n=len(actions),
                c=msg(st["names"][column]),
            )
        )
        self._queue_turn(st, column)
        return _decision("column", msg("The Nomads take {c}", c=msg(st["names"][column])), out)

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
                return _decision("strife", msg("Strife: the Nomads lose 2 points"), out)
            out.tracer.add("strife", "they cannot lose 2 points, so no main action")
            self._dispatch(st)
            return _decision("strife", msg("Strife: the Nomads cannot pay 2 points"), out)
        if event == "ritual":
            st["ritual_sites"] = 0
            out.say(msg("Remove the remaining ritual site cards from the game."))
            out.tracer.add("ritual sites", "you took one: the rest leave the game")
            self._dispatch(st)
            return _decision("ritual-sites", msg("Ritual sites removed"), out)
        self._dispatch(st)
        return None

    def _advance_event_income(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        st["queue"].extend(income_items(ans["income"], msg("income on your turn")))
        st["after"] = "dispatch"
        self._settle(st, out)
        return _decision("income", msg("Income for the Nomads"), out)

    def _advance_ecl_order(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        pile_wf, last = self._workforce(st)
        if pile_wf is None:
            pile_wf = int(ans["pile_workforce"])
        st["sticky"]["position"] = ans["position"]
        st["first"] = "nomads" if ans["position"] == "1" else "player"
        out.tracer.add(
            "eclipse workforce",
            "eclipse pile plus the last revealed card",
            pile=pile_wf,
            last=last,
            total=pile_wf + last,
        )
        out.result["workforce"] = pile_wf + last
        st["step"] = "ecl_income1"
        return _decision("eclipse-workforce", msg("Nomads' workforce: {w}", w=pile_wf + last), out)

    def _income_step(
        self, st: State, ans: Mapping[str, Any], out: Out, src: Msg, after: str
    ) -> None:
        st["queue"].extend(income_items(ans["income"], src))
        st["after"] = after
        self._settle(st, out)

    def _advance_ecl_income1(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        self._income_step(st, ans, out, msg("eclipse step 1"), "ecl_terrain")
        return _decision("eclipse-income", msg("Eclipse step 1"), out)

    def _advance_ecl_terrain(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        st["sticky"]["terrain"] = dict(ans["income"])
        self._income_step(st, ans, out, msg("eclipse step 3"), "ecl_board")
        return _decision("eclipse-income", msg("Eclipse step 3"), out)

    def _advance_ecl_board(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        st["sticky"]["board"] = dict(ans["income"])
        stones = len(st["nomads"]["stones"])
        if stones:
            out.say(tribe.gain_points(st["nomads"], 2 * stones))
        out.tracer.add("eclipse step 4", f"{stones} sacred stone(s) x 2 points", stones=stones)
        modules = st["ritual_sites"] > 0 or "rivers" in st["opts"]["modules"]
        self._income_step(
            st, ans, out, msg("eclipse step 4"), "ecl_modules" if modules else "round_end"
        )
        return _decision("eclipse-income", msg("Eclipse step 4"), out)

    def _advance_ecl_modules(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        n = st["nomads"]
        if st["ritual_sites"] > 0:
            big, _ = arrows(st)
            sites = [{"col": i, "row": 0} for i in range(st["ritual_sites"])]
            chosen = pick(sites, big, "up", out.tracer, "ritual site")
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
                "raft and landmarks (5 points each)",
                raft=ans.get("raft_points", 0),
                landmarks=ans.get("landmarks", 0),
            )
        self._round_end(st, out)
        return _decision("eclipse-modules", msg("Eclipse: modules scored"), out)

    def _advance_final(self, st: State, ans: Mapping[str, Any], out: Out) -> Decision:
        n = st["nomads"]
        n["animals"] = {a: c for a, c in ans["animals"].items() if c}
        total, parts = final_score(
            n["score"],
            n["food"],
            n["tools"],
            n["offerings"],
            n["fame"],
            len(n["buried"]),
            ans["buried_points"],
            n["animals"],
            {a: v["set"] for a, v in CATALOGUE.animals.items()},
            CATALOGUE.idols,
        )
        for part, points in parts.items():
            out.tracer.add("final scoring", f"{part}: {points}", points=points)
        st["final"] = {"total": total, "parts": parts, "player": ans["player_score"]}
        out.result.update(total=total, parts=parts)
        st["step"] = "over"
        return _decision("final-score", msg("The Nomads score {t} points", t=total), out)

    # -- other faces --------------------------------------------------------------------

    def decisions(self) -> Mapping[str, Any]:
        return situations.DECISIONS

    def board(self, state: State) -> dict[str, Any]:
        return scene.board(state)

    def status(self, state: State) -> tuple[Msg, ...]:
        return scene.status(state)
