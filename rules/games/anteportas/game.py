"""The Ante Portas step machine: spawn, the players' half-year, the Battle Phase, Final Wave.

Stages (``state["stage"]``):

``spawn``   start of a half-year: draw the Movement cards (digital or typed in) and
            place their Invaders in the Spawn Area;
``turns``   the players take their turns and tell the assistant what changed on
            the Battleground (:mod:`rules.games.anteportas.table` commands);
``battle``  one Movement card per occupied hex, lowest hex first;
``choice``  a Battle or move needs the players: Mine or Soldiers first, fire
            support, Gunfire at a passing troop, replacing a Mine;
``year``    after a Winter Battle Phase: next year, Era II, or the Final Wave;
``final``   the one action of a Final Wave Battle Round;
``won`` / ``lost``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import IllegalInput
from rules.game import Game, State
from rules.games.anteportas import referee
from rules.games.anteportas.battle import BattleContext, battle_needed
from rules.games.anteportas.board import battleground
from rules.games.anteportas.cards import catalogue, deck_ids
from rules.games.anteportas.movement import MoveOutcome, NeedChoice, move_troop
from rules.games.anteportas.physical import read_card
from rules.games.anteportas.prompts import build_prompt, half_title, where
from rules.games.anteportas.scene import board_scene
from rules.games.anteportas.schedule import (
    spawn_count,
)
from rules.games.anteportas.table import apply_commands, battle_now
from rules.games.anteportas.units import defences
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state, shuffled
from rules.text import Msg, msg

GAME = "anteportas"


def new_field() -> dict[str, Any]:
    board = battleground()
    return {
        "hexes": {str(h): {"soldiers": [], "tile": None} for h in sorted(board.hexes)},
        "troops": {},
        "sickbay": {"farmer": 0, "citizen": 0},
        "supply": {k: int(defences().components["invaders"][k]) for k in ("basic", "elite")},
    }


def support_hexes(text: str) -> list[int]:
    """``"9 9 10"`` -> ``[9, 9, 10]``; ``none`` or empty -> ``[]``."""
    words = str(text).replace(",", " ").split()
    if words in ([], ["none"]):
        return []
    if not all(w.lstrip("#").isdigit() for w in words):
        raise IllegalInput("type hex numbers like 9 10, or none", "support")
    return [int(w.lstrip("#")) for w in words]


class AntePortas(Game):
    name = GAME
    title = "The Colonists: Ante Portas"
    role = "runs the Raiders or Dragons and resolves every Battle"

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                key="mode",
                label=msg("Game"),
                kind="choice",
                default="cooperative",
                choices=(
                    Choice("cooperative", msg("cooperative (1-3 players)")),
                    Choice("capture_the_flag", msg("versus: Capture the Flag (2 or 4)")),
                    Choice("area_control", msg("versus: Area Control (2 or 4)")),
                ),
            ),
            Field(key="players", label=msg("Players"), kind="int", default=2, minimum=1, maximum=3),
            Field(
                key="scenario",
                label=msg("Scenario"),
                kind="choice",
                default="raiders",
                choices=(Choice("raiders", msg("Raiders")), Choice("dragons", msg("Dragons"))),
            ),
            Field(
                key="draw",
                label=msg("Movement cards"),
                kind="choice",
                default="digital",
                choices=(
                    Choice("digital", msg("the assistant draws (seeded, example catalogue)")),
                    Choice("physical", msg("we draw the printed cards and type them in")),
                ),
            ),
            Field(
                key="variant",
                label=msg("Variant"),
                kind="choice",
                default="none",
                choices=(
                    Choice("none", msg("none")),
                    Choice("twice", msg("Twice as Strong (2-3 players)")),
                    Choice("twice_plus", msg("Twice as Strong, 3 players, three turns")),
                ),
            ),
            Field(
                key="final_wave",
                label=msg("Final Wave"),
                kind="choice",
                default="normal",
                choices=(
                    Choice("normal", msg("normal")),
                    Choice("all_dead", msg("All Dead")),
                    Choice("crescendo", msg("Crescendo")),
                ),
            ),
        )

    def coerce_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        checked = super().coerce_options(options)
        if checked["variant"] == "twice" and checked["players"] == 1:
            raise IllegalInput("Twice as Strong is a variant for two or three players", "variant")
        if checked["variant"] == "twice_plus" and checked["players"] != 3:
            raise IllegalInput("the three-turn Twice as Strong is for three players", "variant")
        return checked

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        state: State = {
            "rng": rng_state(seed),
            "players": options["players"],
            "scenario": options["scenario"],
            "draw": options["draw"],
            "variant": options["variant"],
            "final_wave": options["final_wave"],
            "era": 1,
            "year": 1,
            "season": "summer",
            "stage": "spawn",
            "field": new_field(),
            "deck": [],
            "discard": [],
            "queue": [],
            "pending": None,
            "final_round": 0,
            "last_path": [],
            "log": [],
            "example": False,
            "mode": options["mode"],
        }
        if options["mode"] != "cooperative":
            state["stage"] = "versus-prep"
        state["field"]["twice"] = self._twice(state)
        # Setup 9: the third Farmer of each player starts as a Soldier on the Spawn Point.
        point = str(battleground().spawn_point)
        state["field"]["hexes"][point]["soldiers"] = [
            {"kind": "farmer", "exhausted": False} for _ in range(options["players"])
        ]
        self._new_deck(state)
        return state

    # -- helpers --------------------------------------------------------------------

    @staticmethod
    def _twice(state: State) -> bool:
        return state["variant"] in ("twice", "twice_plus")

    @staticmethod
    def _new_deck(state: State) -> None:
        state["deck"] = shuffled(state, deck_ids(state["scenario"], state["era"]))
        state["discard"] = []

    def _draw(self, state: State) -> dict[str, Any]:
        if not state["deck"]:
            state["deck"] = shuffled(state, state["discard"])
            state["discard"] = []
        cid = state["deck"].pop()
        state["discard"].append(cid)
        state["example"] = state["example"] or catalogue()[0]
        return copy.deepcopy(catalogue()[1][cid])

    # -- prompts --------------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        if state["mode"] != "cooperative":
            return referee.prompt(state)
        return build_prompt(state)

    # -- advancing ------------------------------------------------------------------

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        if state["mode"] != "cooperative":
            return referee.advance(state, answer)
        stage = state["stage"]
        if stage == "spawn":
            return self._spawn(state, answer)
        if stage in ("turns", "final"):
            return self._turns(state, answer)
        if stage == "battle":
            return self._battle(state, answer)
        if stage == "choice":
            pending = state["pending"]
            if pending["need"].get("kind") in ("support", "replace", "gunfire"):
                pending["choices"][pending["need"]["key"]] = support_hexes(answer["support"])
            else:
                pending["choices"][pending["need"]["key"]] = answer["order"]
            return self._run_card(
                state, pending["hex"], pending["card"], pending["choices"], pending["example"]
            )
        if stage == "year":
            return self._year(state, answer)
        raise IllegalInput("the game is over")

    def _cards_from(
        self, state: State, answer: Mapping[str, Any], n: int
    ) -> tuple[list[dict[str, Any]], bool]:
        cards, example = [], False
        for i in range(n):
            if state["draw"] == "digital":
                cards.append(self._draw(state))
                example = example or catalogue()[0]
            else:
                key = f"card{i + 1}" if n > 1 else "card"
                use = "spawn" if state["stage"] == "spawn" else "move"
                card, ex = read_card(str(answer.get(key, "")), state["scenario"], key, use)
                cards.append(card)
                example = example or ex
        return cards, example

    def _spawn(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        n = spawn_count(state)
        cards, example = self._cards_from(state, answer, n)
        fld = state["field"]
        steps: list[Msg] = []
        tracer = Tracer()
        for card in cards:
            for place in card["spawn"]:
                got = {k: min(place[k], fld["supply"][k]) for k in ("basic", "elite")}
                if got != {k: place[k] for k in ("basic", "elite")}:
                    tracer.add("limited components", f"only {got} left in the supply")
                if not got["basic"] + got["elite"]:
                    continue
                for k in got:
                    fld["supply"][k] -= got[k]
                troop = fld["troops"].setdefault(str(place["hex"]), {"basic": 0, "elite": 0})
                for k in got:
                    troop[k] += got[k]
                steps.append(
                    msg(
                        "Card {card}: place {b} Basic and {e} Elite Unit(s) on #{hex}",
                        card=card["id"],
                        b=got["basic"],
                        e=got["elite"],
                        hex=place["hex"],
                    )
                )
                tracer.add("spawn", f"card {card['id']}: {got} on #{place['hex']}")
                here = fld["hexes"][str(place["hex"])]
                if battle_needed(here, BattleContext(twice=self._twice(state)), troop):
                    battle_now(fld, place["hex"], steps)
        state["log"] = [m.to_json() for m in steps]
        if state["final_round"] and fld["supply"]["basic"] == 0:
            state["all_basic_out"] = True
        if state["final_round"]:
            self._start_battle_phase(state)
        else:
            state["stage"] = "turns"
        if not cards:
            return state, None
        summary = msg(
            "{n} card(s) drawn: {ids}", n=len(cards), ids=", ".join(c["id"] for c in cards)
        )
        return state, Decision(
            game=GAME,
            kind="spawn",
            summary=summary,
            instructions=tuple(steps),
            trace=tracer.freeze(),
            result={"cards": [c["id"] for c in cards]},
            example_data=example,
        )

    def _turns(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        text = str(answer["change"]).strip()
        fld = state["field"]
        if text.lower() not in ("done", "none", ""):
            steps = apply_commands(fld, text, self._twice(state))
            state["log"] = [m.to_json() for m in steps]
            return state, Decision(
                game=GAME,
                kind="table",
                summary=msg("Battleground updated"),
                instructions=tuple(steps),
            )
        state["log"] = []
        if state["stage"] == "final":
            state["final_round"] += 1
            state["stage"] = "spawn"
            if spawn_count(state) == 0 and not fld["troops"]:
                state["stage"] = "won"
            return state, None
        self._start_battle_phase(state)
        return state, None

    def _start_battle_phase(self, state: State) -> None:
        state["queue"] = sorted(int(h) for h in state["field"]["troops"])
        state["stage"] = "battle"
        self._next_troop(state)

    def _next_troop(self, state: State) -> None:
        fld = state["field"]
        while state["queue"] and str(state["queue"][0]) not in fld["troops"]:
            state["queue"].pop(0)
        if state["queue"]:
            state["stage"] = "battle"
            return
        self._end_battle_phase(state)

    def _end_battle_phase(self, state: State) -> None:
        fld = state["field"]
        if state["final_round"]:
            more = spawn_count({**state, "stage": "spawn", "final_round": state["final_round"] + 1})
            if not fld["troops"] and more == 0:
                state["stage"] = "won"
            else:
                state["stage"] = "final"
            return
        for s in fld["hexes"].values():
            for x in s["soldiers"]:
                x["exhausted"] = False
        if state["season"] == "summer":
            state["season"] = "winter"
            state["stage"] = "spawn"
        else:
            state["stage"] = "year"

    def _battle(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        hex_id = state["queue"][0]
        text = str(answer.get("change", "none")).strip()
        fld = state["field"]
        pre: list[Msg] = []
        if text.lower() not in ("none", "done", ""):
            pre = apply_commands(fld, text, self._twice(state))
            if str(hex_id) not in fld["troops"]:
                state["queue"].pop(0)
                state["log"] = [m.to_json() for m in pre]
                self._next_troop(state)
                return state, Decision(
                    game=GAME,
                    kind="table",
                    summary=msg("Battleground updated"),
                    instructions=tuple(pre),
                )
        cards, example = self._cards_from(state, answer, 1)
        return self._run_card(state, hex_id, cards[0], {}, example, pre)

    def _run_card(
        self,
        state: State,
        hex_id: int,
        card: dict[str, Any],
        choices: dict[str, Any],
        example: bool,
        pre: list[Msg] | None = None,
    ) -> tuple[State, Decision | None]:
        try:
            outcome: MoveOutcome = move_troop(
                state["field"],
                hex_id,
                card,
                twice=self._twice(state),
                dragons=state["scenario"] == "dragons",
                choices=choices,
            )
        except NeedChoice as need:
            state["stage"] = "choice"
            state["pending"] = {
                "hex": hex_id,
                "card": card,
                "choices": choices,
                "need": need.pending,
                "example": example,
            }
            return state, None
        if state["final_round"] and state["final_wave"] == "all_dead":
            # All Dead: defeated Invaders leave the game instead of the supply.
            for k in ("basic", "elite"):
                outcome.field["supply"][k] = min(
                    outcome.field["supply"][k], state["field"]["supply"][k]
                )
        state["field"] = outcome.field
        state["pending"] = None
        state["last_path"] = outcome.path
        steps = [*(pre or []), *outcome.steps]
        state["log"] = [m.to_json() for m in steps]
        tracer = Tracer()
        for rule, finding, data in outcome.trace:
            tracer.add(rule, finding, **data)
        path = " -> ".join(f"#{h}" for h in outcome.path)
        decision = Decision(
            game=GAME,
            kind="move-troop",
            summary=msg("Card {card}: {path}", card=card["id"], path=path),
            instructions=tuple(steps),
            trace=tracer.freeze(),
            result={
                "card": card["id"],
                "path": outcome.path,
                "battles": outcome.battles,
                "defeat": outcome.defeat,
            },
            example_data=example,
        )
        if outcome.defeat:
            state["stage"] = "lost"
            return state, decision
        state["queue"].pop(0)
        self._next_troop(state)
        return state, decision

    def _year(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        choice = answer["next"]
        state["log"] = []
        if choice == "final":
            state["final_round"] = 1
            state["stage"] = "spawn"
            return state, None
        state["season"] = "summer"
        if choice == "era2":
            if state["era"] == 2:
                raise IllegalInput("the game has only two Eras; play the Final Wave", "next")
            state["era"], state["year"] = 2, 1
            self._new_deck(state)
        else:
            state["year"] += 1
        state["stage"] = "spawn"
        return state, None

    # -- views ----------------------------------------------------------------------

    def board(self, state: State) -> dict[str, Any]:
        highlight = state["queue"][0] if state["stage"] == "battle" and state["queue"] else None
        return board_scene(state["field"], state["last_path"], highlight, self._example(state))

    @staticmethod
    def _example(state: State) -> bool:
        return bool(state["example"]) or battleground().example

    def status(self, state: State) -> tuple[Msg, ...]:
        fld = state["field"]
        invaders = sum(t["basic"] + t["elite"] for t in fld["troops"].values())
        return (
            half_title(state),
            msg(
                "Invaders on the Battleground: {n} in {t} troop(s)",
                n=invaders,
                t=len(fld["troops"]),
            ),
            msg(
                "Sickbay: {f} Farmer(s), {c} Citizen(s)",
                f=fld["sickbay"]["farmer"],
                c=fld["sickbay"]["citizen"],
            ),
            msg(
                "Supply: {b} Basic, {e} Elite Unit(s)",
                b=fld["supply"]["basic"],
                e=fld["supply"]["elite"],
            ),
            msg("Cards left in the deck: {n}", n=len(state["deck"])),
            *where(state),
            msg("Your Units: {listing}", listing=self._units_listing(state) or "-"),
        )

    @staticmethod
    def _units_listing(state: State) -> str:
        scene = board_scene(state["field"], [], None, False)
        parts = []
        for h in scene["hexes"]:
            own = [t["text"] for t in h["tokens"] if t["colour"] != "red"]
            if own:
                parts.append(f"#{h['id']} {' '.join(own)}")
        return ", ".join(parts)

    def decisions(self) -> Mapping[str, Any]:
        from rules.games.anteportas.decisions import DECISIONS

        return DECISIONS
