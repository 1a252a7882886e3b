"""Targi with the action tiles: the assistant referees the 8 extra tiles.

It collects both secret tile choices (one player at a time), tracks which tile
each player still holds, asks each round where the robber, the Targi and the
tribe markers stand, and checks every use of a tile against the rules in
:mod:`rules.games.targi.legality`. The base game itself is played on the
table; the assistant only needs the positions the players report.

Round steps: robber -> Targi positions -> Targi tiles (start player first) ->
tribe markers -> tribe-marker tiles (start player first) -> actions (tribe
cards laid, renounce tile, Fata Morgana) -> next round or final scoring. A
``joker`` field on every step from the reveal on lets a player spend the
joker goods tile "at any time".

Every ambiguity of the rule text and the reading chosen is listed in
docs/targi.md ("Ambiguities and readings chosen") and tested.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import IllegalInput
from rules.game import Game, State
from rules.games.targi import legality as L
from rules.games.targi.board import BOARD
from rules.games.targi.situation import decide_legality
from rules.prompt import Choice, Field, Prompt
from rules.rng import randbelow, rng_state
from rules.text import Msg, msg

GAME = "targi"
COLOUR_NAMES = {"blue": msg("Blue"), "white": msg("White")}
TILE_LABELS = {
    "joker": msg("joker goods tile"),
    "targi": msg("Targi tile"),
    "tribe": msg("tribe-marker tile"),
    "renounce": msg("renounce tile"),
}
GOOD_LABELS = {"dates": msg("dates"), "salt": msg("salt"), "pepper": msg("pepper")}


def who(player: str) -> Msg:
    return COLOUR_NAMES[player]


def tile_list(tiles: list[str]) -> str:
    return ", ".join(L.TILE_NAMES[t] for t in tiles)


class TargiGame(Game):
    """Referee for the Targi action tiles (2 players, blue and white)."""

    name = GAME
    title = "Targi — action tiles"
    role = "referee: secret tile choice, one-use tracking, legal placements, end scoring"
    secret_steps = frozenset({"secret"})

    # -- set-up ------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                key="selection",
                label=msg("How are the 3 tiles chosen?"),
                kind="choice",
                default="secret",
                choices=(
                    Choice("secret", msg("each player chooses in secret")),
                    Choice("random", msg("at random: one tile goes back unseen")),
                ),
            ),
            Field(
                key="same_tiles",
                label=msg("Both players use the same tiles?"),
                kind="bool",
                default=False,
            ),
            Field(
                key="start",
                label=msg("Start player"),
                kind="choice",
                default="blue",
                choices=tuple(Choice(p, COLOUR_NAMES[p]) for p in L.PLAYERS),
            ),
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        start = options["start"]
        state: State = {
            "rng": rng_state(seed),
            "options": dict(options),
            "table": L.empty_table(start),
            "chosen": {p: None for p in L.PLAYERS},
            "stage": "secret",
            "queue": [start, L.other(start)],
            "round": 1,
            "pending": None,
            "renounced": {p: [] for p in L.PLAYERS},
            "jokers": [],
            "scores": None,
        }
        if options["selection"] == "random":
            # "mischt jeder seine Plättchen verdeckt, legt eins ungesehen in die Schachtel"
            shared = list(L.TILES)
            shared.pop(randbelow(state, 4))
            for player in (start, L.other(start)):
                if options["same_tiles"]:
                    state["chosen"][player] = list(shared)
                else:
                    kept = list(L.TILES)
                    kept.pop(randbelow(state, 4))
                    state["chosen"][player] = kept
            state["stage"] = "reveal"
            state["queue"] = []
        elif options["same_tiles"]:
            state["stage"] = "agree"
            state["queue"] = []
        return state

    # -- prompts -----------------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        stage = state["stage"]
        builder = getattr(self, "_prompt_" + stage.replace("-", "_"))
        prompt: Prompt = builder(state)
        if stage not in ("secret", "agree", "over") and self._joker_choices(state):
            prompt = replace(prompt, fields=(*prompt.fields, self._joker_field(state)))
        return prompt

    def _keep_field(self) -> Field:
        return Field(
            key="keep",
            label=msg("Tiles kept (choose 3)"),
            kind="multi",
            choices=tuple(Choice(t, TILE_LABELS[t]) for t in L.TILES),
        )

    def _prompt_secret(self, state: State) -> Prompt:
        player = state["queue"][0]
        lines = [
            msg("{other}: look away now.", other=who(L.other(player))),
            msg(
                "{p}: choose in secret the 3 tiles you keep; the fourth goes back in the box.",
                p=who(player),
            ),
        ]
        if state["chosen"][L.other(player)] is not None:
            lines.append(
                msg("{other}'s choice is stored and stays hidden.", other=who(L.other(player)))
            )
        return Prompt(
            step="secret",
            title=msg("{p} chooses tiles in secret", p=who(player)),
            phase=msg("Set-up"),
            lines=tuple(lines),
            fields=(self._keep_field(),),
            secret=True,
        )

    def _prompt_agree(self, state: State) -> Prompt:
        return Prompt(
            step="agree",
            title=msg("Choose the 3 tiles both players use"),
            phase=msg("Set-up"),
            lines=(msg("You agreed to play with the same tiles: choose them together."),),
            fields=(self._keep_field(),),
        )

    def _prompt_reveal(self, state: State) -> Prompt:
        lines = [msg("Both choices revealed. Lay your tiles face up with your other material.")]
        for player in L.PLAYERS:
            lines.append(
                msg("{p} keeps: {tiles}", p=who(player), tiles=tile_list(state["chosen"][player]))
            )
        lines.append(msg("Each action tile can be used only once."))
        return Prompt(
            step="reveal", title=msg("Tiles revealed"), phase=msg("Set-up"), lines=tuple(lines)
        )

    def _round_phase(self, state: State) -> Msg:
        return msg("Round {n}", n=state["round"])

    def _card_choices(self, labels: list[str], none: bool = False) -> tuple[Choice, ...]:
        head = (Choice("none", msg("not this round")),) if none else ()
        return head + tuple(Choice(label, msg(label)) for label in labels)

    def _prompt_robber(self, state: State) -> Prompt:
        table = state["table"]
        default = (
            BOARD.robber_start if state["round"] == 1 else BOARD.next_clockwise(table["robber"])
        )
        return Prompt(
            step="robber",
            title=msg("Where is the robber?"),
            phase=self._round_phase(state),
            lines=(msg("Move the robber as the base game says, then confirm its card."),),
            fields=(
                Field(
                    key="robber",
                    label=msg("Robber's card"),
                    kind="choice",
                    default=default,
                    choices=self._card_choices(BOARD.border),
                    camera="targi_robber",
                ),
                Field(
                    key="start",
                    label=msg("Start player this round"),
                    kind="choice",
                    default=self._default_start(state),
                    choices=tuple(Choice(p, COLOUR_NAMES[p]) for p in L.PLAYERS),
                ),
            ),
        )

    @staticmethod
    def _default_start(state: State) -> str:
        """Round 1: the set-up option. Later: the other player (reading of the base game,
        where the start player changes every round); the players can correct it."""
        start = state["table"]["start"]
        return start if state["round"] == 1 else L.other(start)

    def _prompt_targi(self, state: State) -> Prompt:
        fields = tuple(
            Field(
                key=f"targi_{p}",
                label=msg("{p}'s Targi (border cards)", p=who(p)),
                kind="multi",
                choices=self._card_choices(BOARD.action_border),
                camera="targi_figures",
            )
            for p in L.PLAYERS
        )
        return Prompt(
            step="targi",
            title=msg("Where do the Targi stand?"),
            phase=self._round_phase(state),
            lines=(msg("Place all Targi as in the base game, then tell where they stand."),),
            fields=fields,
        )

    def _prompt_targi_tile(self, state: State) -> Prompt:
        player = state["queue"][0]
        return Prompt(
            step="targi-tile",
            title=msg("{p}: use the Targi tile?", p=who(player)),
            phase=self._round_phase(state),
            lines=(
                msg("Any free border card, also the one opposite the other player's Targi."),
                msg("If both use it this round, the start player places first."),
            ),
            fields=(
                Field(
                    key="card",
                    label=msg("Card for the Targi tile"),
                    kind="choice",
                    default="none",
                    choices=self._card_choices(BOARD.border, none=True),
                ),
            ),
        )

    def _prompt_markers(self, state: State) -> Prompt:
        fields = tuple(
            Field(
                key=f"markers_{p}",
                label=msg("{p}'s tribe markers (inner cards)", p=who(p)),
                kind="multi",
                default=[],
                choices=self._card_choices(BOARD.inner),
                camera="targi_markers",
            )
            for p in L.PLAYERS
        )
        return Prompt(
            step="markers",
            title=msg("Where are the tribe markers?"),
            phase=self._round_phase(state),
            lines=(msg("Place the tribe markers as in the base game, then tell where they are."),),
            fields=fields,
        )

    def _prompt_tribe_tile(self, state: State) -> Prompt:
        player = state["queue"][0]
        points = [
            p
            for p in L.crossing_points(state["table"], player)
            if L.who_stands_on(state["table"], p) is None
        ]
        return Prompt(
            step="tribe-tile",
            title=msg("{p}: use the tribe-marker tile?", p=who(player)),
            phase=self._round_phase(state),
            lines=(
                msg("A free crossing of a line of the robber and a line of one of your Targi."),
                msg(
                    "Free crossings for {p}: {cards}", p=who(player), cards=", ".join(points) or "-"
                ),
            ),
            fields=(
                Field(
                    key="card",
                    label=msg("Card for the tribe-marker tile"),
                    kind="choice",
                    default="none",
                    choices=self._card_choices(BOARD.inner, none=True),
                ),
            ),
        )

    def _prompt_actions(self, state: State) -> Prompt:
        choices = [Choice("end-round", msg("all actions done: end the round"))]
        for p in L.PLAYERS:
            choices.append(Choice(f"card:{p}", msg("{p} lays a tribe card", p=who(p))))
        for p in L.PLAYERS:
            choices.append(Choice(f"fata:{p}", msg("{p} uses the Fata Morgana", p=who(p))))
        choices.append(Choice("game-end", msg("the game has ended: final scoring")))
        return Prompt(
            step="actions",
            title=msg("Carry out the actions"),
            phase=self._round_phase(state),
            lines=(
                msg("Tell the assistant when a tribe card is laid or the Fata Morgana is used."),
            ),
            fields=(
                Field(
                    key="event",
                    label=msg("What happens?"),
                    kind="choice",
                    default="end-round",
                    choices=tuple(choices),
                ),
            ),
        )

    def _prompt_card(self, state: State) -> Prompt:
        player = state["pending"]
        fields = [
            Field(
                key="cards",
                label=msg("Tribe cards in {p}'s display, the new one included", p=who(player)),
                kind="int",
                default=state["table"]["tribe_cards"][player] + 1,
                minimum=1,
                maximum=12,
            )
        ]
        if state["table"]["tiles"][player]["renounce"] == "unused":
            fields.append(
                Field(
                    key="renounce",
                    label=msg("Renounce its text with the renounce tile?"),
                    kind="bool",
                    default=False,
                )
            )
        return Prompt(
            step="card",
            title=msg("{p} lays a tribe card", p=who(player)),
            phase=self._round_phase(state),
            lines=(),
            fields=tuple(fields),
        )

    def _prompt_fata(self, state: State) -> Prompt:
        player = state["pending"]
        return Prompt(
            step="fata",
            title=msg("{p} uses the Fata Morgana", p=who(player)),
            phase=self._round_phase(state),
            lines=(
                msg("Neither onto the card with a tribe-marker tile, nor moving that tile itself."),
            ),
            fields=(
                Field(
                    key="from",
                    label=msg("From card"),
                    kind="choice",
                    choices=self._card_choices(BOARD.inner),
                ),
                Field(
                    key="to",
                    label=msg("To card"),
                    kind="choice",
                    choices=self._card_choices(BOARD.inner),
                ),
            ),
        )

    def _prompt_scoring(self, state: State) -> Prompt:
        return Prompt(
            step="scoring",
            title=msg("Final scoring"),
            phase=msg("Game end"),
            lines=(
                msg("Count the base game points; the assistant adds 2 per renounced tribe card."),
            ),
            fields=tuple(
                Field(
                    key=f"points_{p}",
                    label=msg("{p}'s points before the renounce bonus", p=who(p)),
                    kind="int",
                    minimum=0,
                    maximum=999,
                )
                for p in L.PLAYERS
            ),
        )

    def _prompt_over(self, state: State) -> Prompt:
        scores = state["scores"]
        lines = tuple(msg("{p}: {n} points", p=who(p), n=scores[p]) for p in L.PLAYERS)
        return Prompt(
            step="over", title=msg("Game over"), phase=msg("Game end"), lines=lines, finished=True
        )

    # -- the joker, "zu einem beliebigen Zeitpunkt" ---------------------------------

    def _joker_choices(self, state: State) -> list[str]:
        return [
            f"{p}:{g}"
            for p in L.PLAYERS
            if state["table"]["tiles"][p]["joker"] == "unused"
            for g in L.GOODS
        ]

    def _joker_field(self, state: State) -> Field:
        choices = [Choice("none", msg("nobody"))]
        for value in self._joker_choices(state):
            player, good = value.split(":")
            choices.append(
                Choice(value, msg("{p}: joker as 1 {good}", p=who(player), good=GOOD_LABELS[good]))
            )
        return Field(
            key="joker",
            label=msg("Joker goods tile used now?"),
            kind="choice",
            default="none",
            choices=tuple(choices),
        )

    # -- advancing ---------------------------------------------------------------------

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        state = copy.deepcopy(state)
        tracer = Tracer()
        notes: list[Msg] = []
        joker = answer.get("joker", "none")
        if joker != "none":
            player, good = joker.split(":")
            for rule, finding in L.check_joker(state["table"], player, good):
                tracer.add(rule, finding)
            state["table"]["tiles"][player]["joker"] = "used"
            state["jokers"].append({"player": player, "good": good, "round": state["round"]})
            notes.append(
                msg(
                    "{p} uses the joker goods tile as 1 {good}; it goes back in the box.",
                    p=who(player),
                    good=GOOD_LABELS[good],
                )
            )
        stage = state["stage"].replace("-", "_")
        summary = getattr(self, "_advance_" + stage)(state, answer, tracer, notes)
        if summary is None and not notes:
            return state, None
        summary = summary or notes[0]
        example = BOARD.example and stage in ("targi_tile", "tribe_tile", "fata")
        decision = Decision(
            game=GAME,
            kind=stage.replace("_", "-"),
            summary=summary,
            instructions=tuple(notes),
            trace=tracer.freeze(),
            result={},
            example_data=example,
        )
        return state, decision

    def _advance_secret(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        player = state["queue"].pop(0)
        state["chosen"][player] = self._kept(answer["keep"])
        if not state["queue"]:
            state["stage"] = "reveal"
        # Nothing about the choice is shown: the other player is about to choose.
        return None

    def _advance_agree(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        kept = self._kept(answer["keep"])
        for p in L.PLAYERS:
            state["chosen"][p] = list(kept)
        state["stage"] = "reveal"
        return None

    @staticmethod
    def _kept(keep: list[str]) -> list[str]:
        if len(set(keep)) != 3:
            raise IllegalInput(
                "keep exactly 3 different tiles of your 4 (rule: each player chooses 3 tiles)",
                "keep",
            )
        return [t for t in L.TILES if t in keep]

    def _advance_reveal(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        for p in L.PLAYERS:
            for tile in L.TILES:
                state["table"]["tiles"][p][tile] = (
                    "unused" if tile in state["chosen"][p] else "absent"
                )
        state["stage"] = "robber"
        return None

    def _advance_robber(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        state["table"]["robber"] = answer["robber"]
        state["table"]["start"] = answer["start"]
        state["stage"] = "targi"
        return None

    def _advance_targi(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        table = state["table"]
        seen: dict[str, str] = {}
        for p in L.PLAYERS:
            cards = answer[f"targi_{p}"]
            if len(cards) > BOARD.targi_per_player:
                raise IllegalInput(f"{p} has only {BOARD.targi_per_player} Targi", f"targi_{p}")
            for card in cards:
                if card == table["robber"]:
                    raise IllegalInput(
                        f"{card} holds the robber: no Targi can stand there (base game)",
                        f"targi_{p}",
                    )
                if card in seen:
                    raise IllegalInput(
                        f"{card} is named twice ({seen[card]} and {p})", f"targi_{p}"
                    )
                seen[card] = p
            table["targi"][p] = sorted(set(cards))
        table["targi_done"] = True
        self._queue_tiles(state, "targi")
        return None

    def _queue_tiles(self, state: State, tile: str) -> None:
        """Ask the holders of ``tile`` in turn, the start player first."""
        start = state["table"]["start"]
        order = [start, L.other(start)]
        state["queue"] = [p for p in order if state["table"]["tiles"][p][tile] == "unused"]
        state["stage"] = (
            ("targi-tile" if tile == "targi" else "tribe-tile")
            if state["queue"]
            else ("markers" if tile == "targi" else "actions")
        )

    def _advance_targi_tile(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        return self._use_tile(state, answer["card"], tracer, notes, "targi", "markers")

    def _use_tile(
        self,
        state: State,
        card: str,
        tracer: Tracer,
        notes: list[Msg],
        tile: str,
        next_stage: str,
    ) -> Msg | None:
        """The queued player places their Targi (``tile="targi"``) or tribe-marker tile."""
        player = state["queue"][0]
        summary = None
        if card != "none":
            check = L.check_targi_tile if tile == "targi" else L.check_tribe_tile
            for rule, finding in check(state["table"], player, card):
                tracer.add(rule, finding)
            state["table"][f"{tile}_tiles"][player] = card
            state["table"]["tiles"][player][tile] = "used"
            summary = (
                msg("{p} places the Targi tile on {card}", p=who(player), card=card)
                if tile == "targi"
                else msg("{p} places the tribe-marker tile on {card}", p=who(player), card=card)
            )
            notes.append(
                msg(
                    "{p} carries out the action of {card} like their other actions; "
                    "then the tile goes back in the box.",
                    p=who(player),
                    card=card,
                )
            )
        state["queue"].pop(0)
        if not state["queue"]:
            state["stage"] = next_stage
        return summary

    def _advance_markers(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        table = state["table"]
        seen: dict[str, str] = {}
        for p in L.PLAYERS:
            for card in answer[f"markers_{p}"]:
                if card in seen:
                    raise IllegalInput(
                        f"{card} is named twice ({seen[card]} and {p})", f"markers_{p}"
                    )
                seen[card] = p
            table["markers"][p] = sorted(set(answer[f"markers_{p}"]))
        table["markers_done"] = True
        self._queue_tiles(state, "tribe")
        return None

    def _advance_tribe_tile(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        return self._use_tile(state, answer["card"], tracer, notes, "tribe", "actions")

    def _advance_actions(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        event = answer["event"]
        if event == "end-round":
            table = state["table"]
            for key in ("targi", "markers"):
                table[key] = {p: [] for p in L.PLAYERS}
            for key in ("targi_tiles", "tribe_tiles"):
                table[key] = {p: None for p in L.PLAYERS}
            table["targi_done"] = table["markers_done"] = False
            state["round"] += 1
            state["stage"] = "robber"
            return None
        if event == "game-end":
            state["stage"] = "scoring"
            return None
        kind, player = event.split(":")
        state["pending"] = player
        state["stage"] = kind
        return None

    def _advance_card(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        player = state["pending"]
        table = state["table"]
        cards = answer["cards"]
        if cards <= table["tribe_cards"][player]:
            raise IllegalInput(
                f"{player} had {table['tribe_cards'][player]} tribe cards; "
                "with the new one it is more",
                "cards",
            )
        summary = None
        if answer.get("renounce"):
            for rule, finding in L.check_renounce(table, player, cards):
                tracer.add(rule, finding)
            table["tiles"][player]["renounce"] = "used"
            state["renounced"][player].append(cards)
            summary = msg(
                "{p} renounces tribe card number {n}: 2 extra points at game end",
                p=who(player),
                n=cards,
            )
            notes.append(
                msg(
                    "Lay the renounce tile on that card; ignore its text. "
                    "The tile can no longer be moved."
                )
            )
        table["tribe_cards"][player] = cards
        state["pending"] = None
        state["stage"] = "actions"
        return summary

    def _advance_fata(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        player = state["pending"]
        table = state["table"]
        for rule, finding in L.check_fata_morgana(table, player, answer["from"], answer["to"]):
            tracer.add(rule, finding)
        markers = table["markers"][player]
        markers[markers.index(answer["from"])] = answer["to"]
        markers.sort()
        state["pending"] = None
        state["stage"] = "actions"
        return msg(
            "{p} moves a tribe marker from {a} to {b}",
            p=who(player),
            a=answer["from"],
            b=answer["to"],
        )

    def _advance_scoring(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        scores = {}
        for p in L.PLAYERS:
            bonus = 2 * len(state["renounced"][p])
            scores[p] = answer[f"points_{p}"] + bonus
            tracer.add(
                "renounce bonus",
                f"{p}: {answer[f'points_{p}']} + 2 x {len(state['renounced'][p])} "
                f"renounced = {scores[p]}",
                base=answer[f"points_{p}"],
                bonus=bonus,
            )
            notes.append(
                msg(
                    "{p}: {n} points ({b} from renounced tribe cards)",
                    p=who(p),
                    n=scores[p],
                    b=bonus,
                )
            )
        state["scores"] = scores
        state["stage"] = "over"
        return msg("Final scores with the renounce bonus")

    # -- what the front ends show ----------------------------------------------------

    def active_player(self, state: State) -> str | None:
        if state["stage"] in ("secret", "targi-tile", "tribe-tile"):
            return state["queue"][0]
        if state["stage"] in ("card", "fata"):
            return state["pending"]
        return None

    def board(self, state: State) -> dict[str, Any]:
        hidden = state["stage"] in ("secret", "agree")
        table = state["table"]
        active = self.active_player(state)
        players = []
        for p in L.PLAYERS:
            rows = [
                [msg("Tribe cards").to_json(), str(table["tribe_cards"][p])],
                [msg("Renounced cards (+2 each)").to_json(), str(len(state["renounced"][p]))],
                [msg("Targi").to_json(), " ".join(table["targi"][p]) or "-"],
                [msg("Tribe markers").to_json(), " ".join(table["markers"][p]) or "-"],
            ]
            tokens = (
                []
                if hidden
                else [
                    {"text": L.TILE_NAMES[t], "used": table["tiles"][p][t] == "used"}
                    for t in L.TILES
                    if table["tiles"][p][t] != "absent"
                ]
            )
            players.append(
                {
                    "name": str(who(p)),
                    "colour": p,
                    "active": p == active,
                    "rows": rows,
                    "tokens": tokens,
                }
            )
        return {
            "kind": "tracks",
            "title": msg("Targi — action tiles").to_json(),
            "facts": [
                [msg("Round").to_json(), str(state["round"])],
                [msg("Robber").to_json(), table["robber"]],
                [msg("Start player").to_json(), str(who(table["start"]))],
            ],
            "example_data": BOARD.example,
            "players": players,
        }

    def status(self, state: State) -> tuple[Msg, ...]:
        if state["stage"] in ("secret", "agree"):
            return (msg("Tile choices are secret until both are made."),)
        lines = [
            msg("Round {n}; robber on {card}", n=state["round"], card=state["table"]["robber"])
        ]
        for p in L.PLAYERS:
            tiles = state["table"]["tiles"][p]
            held = [L.TILE_NAMES[t] for t in L.TILES if tiles[t] == "unused"]
            lines.append(msg("{p} still holds: {tiles}", p=who(p), tiles=", ".join(held) or "-"))
        return tuple(lines)

    def decisions(self) -> Mapping[str, Any]:
        return {"legality": decide_legality}
