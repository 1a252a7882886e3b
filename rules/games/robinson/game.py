"""Robinson Crusoe versus rules: the assistant runs the phases and referees.

Each round steps through the six phases with their versus changes: event
(only the icon), morale (always 1; a determination token for everyone),
production (each at their own camp), action (placement alternating one pawn
at a time, then resolution in the cooperative order with fights), weather
(the first player rolls once for everyone) and night (each eats alone; camps
move in player order). The assistant tracks each player's hearts, levels,
determination tokens, pawns and cards; everything else stays on the table.

Every ambiguity of the rule text and the reading chosen is listed in
docs/robinson.md ("Ambiguities and readings chosen") and tested.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import IllegalInput
from rules.game import Game
from rules.games.robinson import actions as A
from rules.games.robinson.catalogue import CATALOGUE, Scenario
from rules.games.robinson.changes import apply_changes
from rules.games.robinson.model import (
    COLOURS,
    State,
    alive,
    camp_owner,
    change_hearts,
    in_order,
    player,
    return_inventions,
    transfer,
)
from rules.games.robinson.situation import decide_fight, decide_placement
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

GAME = "robinson"
PHASES = ("event", "morale", "production", "action", "weather", "night")
PHASE_OF = {
    "setup": "setup",
    "event": "event",
    "morale": "morale",
    "production": "production",
    "placement": "action",
    "resolve": "action",
    "reward": "action",
    "weather": "weather",
    "night": "night",
    "over": "over",
}
PHASE_TITLES = {
    "setup": msg("Set-up"),
    "event": msg("1 Event"),
    "morale": msg("2 Morale"),
    "production": msg("3 Production"),
    "action": msg("4 Action"),
    "weather": msg("5 Weather"),
    "night": msg("6 Night"),
    "over": msg("Game end"),
}
ICONS = ("book", "adventure-building", "adventure-gathering", "adventure-exploring")
ACTION_LABELS = {
    "shelter": msg("build the shelter (camp)"),
    "roof": msg("raise the roof (camp)"),
    "palisade": msg("raise the palisade (camp)"),
    "weapon": msg("improve the weapon (camp)"),
    "arrange": msg("arrange the camp (camp)"),
    "rest": msg("rest (camp)"),
    "hunt": msg("hunt a beast"),
    "attack": msg("attack another player's camp"),
    "gather": msg("gather resources on a tile"),
    "explore": msg("explore an island spot"),
    "build": msg("build an invention"),
}


def scenario(state: State) -> Scenario:
    return CATALOGUE.scenarios[state["scenario"]]


def phase_of(state: State, stage: str) -> str:
    """The round phase a stage belongs to (the spoils of a fatal fight: where it happened)."""
    if stage == "spoils":
        return PHASE_OF[state["after_spoils"]]
    return PHASE_OF[stage]


def changes_field() -> Field:
    return Field(
        key="changes",
        label=msg("Other changes (e.g. 'red hearts -1, blue steals knife from red')"),
        kind="text",
        default="",
    )


class RobinsonGame(Game):
    """Referee for Robinson Crusoe in versus scenarios (2-4 players)."""

    name = GAME
    title = "Robinson Crusoe — versus"
    role = "referee: phase stepper, placement order, fights, stealing, elimination"

    # -- set-up ------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(key="players", label=msg("Players"), kind="int", default=2, minimum=2, maximum=4),
            Field(
                key="first",
                label=msg("First player"),
                kind="choice",
                default="red",
                choices=tuple(Choice(c, msg(c)) for c in COLOURS),
            ),
            Field(
                key="scenario",
                label=msg("Versus scenario"),
                kind="choice",
                default=next(iter(CATALOGUE.scenarios)),
                choices=tuple(Choice(s.id, msg(s.title)) for s in CATALOGUE.scenarios.values()),
            ),
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        colours = COLOURS[: options["players"]]
        if options["first"] not in colours:
            raise IllegalInput(
                f"with {options['players']} players the colours are {', '.join(colours)}", "first"
            )
        scen = CATALOGUE.scenarios[options["scenario"]]
        players: list[dict[str, Any]] = [
            {
                "id": c,
                "hearts": scen.hearts,
                "weapon": scen.start_levels.get("weapon", 0),
                "roof": scen.start_levels.get("roof", 0),
                "palisade": scen.start_levels.get("palisade", 0),
                "shelter": False,
                "determination": 0,
                "pawns": scen.pawns,
                "camp": None,
                "alive": True,
                "cards": {},
            }
            for c in colours
        ]
        return {
            "scenario": scen.id,
            "players": players,
            "first": options["first"],
            "round": 1,
            "stage": "setup",
            "queue": [c for c in colours],
            "revealed": {},
            "discovered_by": {},
            "adventure_tokens": [],
            "placements": [],
            "placer": None,
            "pending_bonus": [],
            "spoils": None,
            "after_spoils": None,
            "fight": None,
            "winner": None,
        }

    # -- prompts -----------------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        builder = getattr(self, "_prompt_" + state["stage"])
        return builder(state)

    def _phase(self, state: State) -> Msg:
        title = PHASE_TITLES[phase_of(state, state["stage"])]
        if state["stage"] in ("setup", "over"):
            return title
        return msg("Round {n} · {phase}", n=state["round"], phase=title)

    def _prompt_setup(self, state: State) -> Prompt:
        pid = state["queue"][0]
        items = tuple(Choice(i.id, msg(i.name)) for i in CATALOGUE.starting_items.values())
        lines = [
            msg("Each player has their own starting items, resources, inventions and camp."),
            msg(
                "Mark the camps with number markers and each player's roof, palisade and "
                "weapon levels with markers of their colour."
            ),
            msg("Pay building costs as if there were only two players."),
            msg("No wreckage card on the threat action field; no adventure cards."),
        ]
        return Prompt(
            step="setup",
            title=msg("Set up {p}", p=pid),
            phase=self._phase(state),
            lines=tuple(lines),
            fields=(
                Field(
                    key="camp", label=msg("Camp tile"), kind="choice", choices=self._spot_choices()
                ),
                Field(
                    key="terrain",
                    label=msg("Terrain of the camp tile"),
                    kind="choice",
                    choices=tuple(Choice(t, msg(t)) for t in CATALOGUE.terrains),
                ),
                Field(key="items", label=msg("2 starting items"), kind="multi", choices=items),
                Field(
                    key="hearts",
                    label=msg("Hearts (character's life)"),
                    kind="int",
                    default=scenario(state).hearts,
                    minimum=1,
                    maximum=20,
                ),
            ),
        )

    def _spot_choices(self, stay: bool = False) -> tuple[Choice, ...]:
        """Tile spots in data order ("stay" last, so a typed number is the tile's place)."""
        tail = (Choice("stay", msg("stay")),) if stay else ()
        return tuple(Choice(s, msg("tile {s}", s=s)) for s in CATALOGUE.spots) + tail

    def _prompt_event(self, state: State) -> Prompt:
        return Prompt(
            step="event",
            title=msg("Event: resolve only the icon"),
            phase=self._phase(state),
            lines=(
                msg(
                    "Draw the event card but do not resolve it and do not put it on the "
                    "threat field. Resolve only its icon."
                ),
            ),
            fields=(
                Field(
                    key="icon",
                    label=msg("Icon on the event card"),
                    kind="choice",
                    choices=tuple(Choice(i, msg(i)) for i in ICONS),
                ),
                changes_field(),
            ),
        )

    def _prompt_morale(self, state: State) -> Prompt:
        return Prompt(
            step="morale",
            title=msg("Morale stays at 1"),
            phase=self._phase(state),
            lines=(msg("Every player takes 1 determination token."),),
            fields=(changes_field(),),
        )

    def _prompt_production(self, state: State) -> Prompt:
        lines = tuple(
            msg(
                "{p} takes the resources of tile {t}, where their camp is.",
                p=pid,
                t=player(state, pid)["camp"],
            )
            for pid in in_order(state)
        )
        return Prompt(
            step="production",
            title=msg("Production at each camp"),
            phase=self._phase(state),
            lines=lines,
            fields=(changes_field(),),
        )

    def _prompt_placement(self, state: State) -> Prompt:
        pid = state["placer"]
        left = A.pawns_left(state, pid)
        return Prompt(
            step="placement",
            title=msg("{p} places a pawn ({n} left)", p=pid, n=left),
            phase=self._phase(state),
            lines=(
                msg(
                    "One pawn at a time in player order. Only camp actions may hold pawns "
                    "of several players; no gathering on a tile with an enemy camp."
                ),
            ),
            fields=(
                Field(
                    key="action",
                    label=msg("Action"),
                    kind="choice",
                    choices=tuple(Choice(a, ACTION_LABELS[a]) for a in A.ACTIONS),
                ),
                Field(
                    key="target",
                    label=msg("Target (player, 'tile resource', spot or invention)"),
                    kind="text",
                    default="",
                ),
            ),
        )

    def _prompt_resolve(self, state: State) -> Prompt:
        item = state["queue"][0]
        pid, spot = item["player"], item["spot"]
        kind = spot.partition(":")[0]
        lines: list[Msg] = []
        fields: list[Field] = []
        if kind == "attack":
            target = spot.partition(":")[2]
            defender = player(state, target)
            lines.append(
                msg(
                    "{a} (weapon {w}) attacks {d} (weapon {dw}, palisade {dp}).",
                    a=pid,
                    w=player(state, pid)["weapon"],
                    d=target,
                    dw=defender["weapon"],
                    dp=defender["palisade"],
                )
            )
            if defender["alive"] and defender["palisade"] > 0:
                fields.append(
                    Field(
                        key="palisade_bonus",
                        label=msg(
                            "{d}: add your palisade to your weapon (costs 1 palisade)?", d=target
                        ),
                        kind="bool",
                        default=False,
                    )
                )
        elif A.category(spot) in A.ADVENTURE_CATEGORIES:
            fields.append(
                Field(
                    key="success", label=msg("Did the action succeed?"), kind="bool", default=True
                )
            )
            if kind == "explore":
                fields.append(
                    Field(
                        key="terrain",
                        label=msg("Terrain of the new tile"),
                        kind="choice",
                        default="none",
                        choices=(
                            Choice("none", msg("none (not explored)")),
                            *(Choice(t, msg(t)) for t in CATALOGUE.terrains),
                        ),
                    )
                )
            if item["pawns"] == 1:
                fields.append(
                    Field(
                        key="adventure",
                        label=msg("Adventure icon rolled?"),
                        kind="bool",
                        default=False,
                    )
                )
            else:
                fields.append(
                    Field(
                        key="adventure",
                        label=msg("Not rolling: resolve the special adventure event anyway?"),
                        kind="bool",
                        default=False,
                    )
                )
            if A.category(spot) in state["adventure_tokens"]:
                lines.append(
                    msg(
                        "An adventure token lies on this action: "
                        "the special adventure event happens."
                    )
                )
        else:
            lines.append(msg("Resolve it as in the base game."))
        fields.append(changes_field())
        return Prompt(
            step="resolve",
            title=msg("Resolve: {p} on {spot} ({n} pawn(s))", p=pid, spot=spot, n=item["pawns"]),
            phase=self._phase(state),
            lines=tuple(lines),
            fields=tuple(fields),
        )

    def _prompt_reward(self, state: State) -> Prompt:
        fight = state["fight"]
        rewards = scenario(state).rewards
        loser_cards = sorted(player(state, fight["loser"])["cards"])
        return Prompt(
            step="reward",
            title=msg("{p} won the fight: choose a reward", p=fight["winner"]),
            phase=self._phase(state),
            lines=tuple(msg("{id}: {text}", id=r.id, text=r.text) for r in rewards),
            fields=(
                Field(
                    key="reward",
                    label=msg("Reward"),
                    kind="choice",
                    choices=(
                        Choice("none", msg("none")),
                        *(Choice(r.id, msg(r.text)) for r in rewards),
                    ),
                ),
                Field(
                    key="card",
                    label=msg("Card to steal"),
                    kind="choice",
                    default="none",
                    choices=(
                        Choice("none", msg("none")),
                        *(Choice(c, msg(c)) for c in loser_cards),
                    ),
                ),
            ),
        )

    def _prompt_spoils(self, state: State) -> Prompt:
        spoils = state["spoils"]
        return Prompt(
            step="spoils",
            title=msg("{w} won a fatal fight", w=spoils["winner"]),
            phase=self._phase(state),
            lines=(
                msg(
                    "{w} may take all of {l}'s resources and cards, inventions included.",
                    w=spoils["winner"],
                    l=spoils["loser"],
                ),
            ),
            fields=(Field(key="take", label=msg("Take everything?"), kind="bool"),),
        )

    def _prompt_weather(self, state: State) -> Prompt:
        return Prompt(
            step="weather",
            title=msg("Weather: {p} rolls once", p=state["first"]),
            phase=self._phase(state),
            lines=(
                msg(
                    "Only the first player rolls the weather dice, once; every player is affected."
                ),
            ),
            fields=(
                Field(
                    key="hearts",
                    label=msg("Hearts lost by each player"),
                    kind="counts",
                    default=dict.fromkeys(alive(state), 0),
                    choices=tuple(Choice(p, msg(p)) for p in alive(state)),
                ),
                changes_field(),
            ),
        )

    def _prompt_night(self, state: State) -> Prompt:
        pid = state["queue"][0]
        return Prompt(
            step="night",
            title=msg("Night: {p} eats alone", p=pid),
            phase=self._phase(state),
            lines=(
                msg("{p} eats and suffers penalties as if they were the only player.", p=pid),
                msg("Then {p} may move the camp, never onto a tile with another camp.", p=pid),
            ),
            fields=(
                Field(
                    key="hearts",
                    label=msg("Hearts lost at night"),
                    kind="int",
                    default=0,
                    minimum=0,
                    maximum=20,
                ),
                Field(
                    key="camp",
                    label=msg("Move the camp to"),
                    kind="choice",
                    default="stay",
                    choices=self._spot_choices(stay=True),
                ),
                changes_field(),
            ),
        )

    def _prompt_over(self, state: State) -> Prompt:
        winner = state["winner"]
        line = (
            msg("{p} is the last player standing and wins.", p=winner)
            if winner
            else msg("The scenario's rounds are over: check its victory condition.")
        )
        return Prompt(
            step="over",
            title=msg("Game over"),
            phase=self._phase(state),
            lines=(line,),
            finished=True,
        )

    # -- advancing ---------------------------------------------------------------------

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        state = copy.deepcopy(state)
        tracer = Tracer()
        notes: list[Msg] = []
        stage = state["stage"]
        summary: Msg | None = getattr(self, "_advance_" + stage)(state, answer, tracer, notes)
        if answer.get("changes"):
            apply_changes(state, answer["changes"], notes)
        self._settle(state, stage, notes)
        if summary is None and not notes:
            return state, None
        # Example data is flagged where printed contents were used: scenario texts,
        # the island's distances, invention cards.
        uses_data = stage in ("event", "placement", "resolve", "reward", "spoils")
        decision = Decision(
            game=GAME,
            kind=stage,
            summary=summary or notes[0],
            instructions=tuple(notes),
            trace=tracer.freeze(),
            result={},
            example_data=CATALOGUE.example and uses_data,
        )
        return state, decision

    def _settle(self, state: State, old: str, notes: list[Msg]) -> None:
        """After a step: fatal-fight spoils, end-of-phase bonuses, game over."""
        if state["winner"] is not None or not alive(state):
            state["stage"] = "over"
            return
        if state["spoils"] is not None and state["stage"] != "spoils":
            state["after_spoils"] = state["stage"]
            state["stage"] = "spoils"
            return
        if phase_of(state, state["stage"]) != phase_of(state, old) and state["pending_bonus"]:
            for bonus in state["pending_bonus"]:
                text = CATALOGUE.inventions[bonus["card"]].one_time_bonus
                notes.append(
                    msg(
                        "End of phase: {p} receives the one-time bonus of {card}: {bonus}",
                        p=bonus["player"],
                        card=bonus["card"],
                        bonus=text,
                    )
                )
            state["pending_bonus"] = []

    def _advance_setup(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        pid = state["queue"][0]
        camp = answer["camp"]
        if camp_owner(state, camp) is not None:
            raise IllegalInput(
                f"{camp_owner(state, camp)}'s camp is already on tile {camp}", "camp"
            )
        known = state["revealed"].get(camp)
        if known is not None and known != answer["terrain"]:
            raise IllegalInput(f"tile {camp} was set up as {known}", "terrain")
        items = answer["items"]
        if len(set(items)) != 2:
            raise IllegalInput("each player receives exactly 2 starting items", "items")
        for item in items:
            for other in state["players"]:
                if item in other["cards"]:
                    raise IllegalInput(f"{item} is already {other['id']}'s", "items")
        p = player(state, pid)
        p["camp"] = camp
        p["hearts"] = answer["hearts"]
        p["cards"] = {
            i: {"kind": "starting", "markers": CATALOGUE.starting_items[i].markers} for i in items
        }
        state["revealed"][camp] = answer["terrain"]
        state["queue"].pop(0)
        if not state["queue"]:
            state["stage"] = "event"
        return None

    def _advance_event(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        icon = answer["icon"]
        if icon == "book":
            notes.append(msg("Book icon: {text}", text=scenario(state).book_effect))
            tracer.add("event", "only the book icon is resolved: the scenario's book effect")
        else:
            cat = icon.split("-")[1]
            if cat not in state["adventure_tokens"]:
                state["adventure_tokens"].append(cat)
            notes.append(msg("Place an adventure token on the {cat} action field.", cat=cat))
            tracer.add("event", f"only the adventure icon is resolved: token on {cat}")
        state["stage"] = "morale"
        return msg("Event card: only its {icon} icon counts", icon=icon)

    def _advance_morale(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        for pid in in_order(state):
            player(state, pid)["determination"] += 1
        tracer.add("morale", "morale is always 1; each player gets 1 determination token")
        state["stage"] = "production"
        return msg("Morale 1: each player takes 1 determination token")

    def _advance_production(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        state["stage"] = "placement"
        state["placements"] = []
        state["placer"] = A.next_placer(state, None)
        if state["placer"] is None:
            state["stage"] = "weather"
        return None

    def _advance_placement(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        pid = state["placer"]
        spot, trace = A.check_placement(state, pid, answer["action"], answer["target"])
        for rule, finding in trace:
            tracer.add(rule, finding)
        state["placements"].append({"player": pid, "spot": spot})
        state["placer"] = A.next_placer(state, pid)
        if state["placer"] is not None:
            return msg("{p} places a pawn on {spot}", p=pid, spot=spot)
        state["queue"] = A.resolution_queue(state)
        for n, item in enumerate(state["queue"], 1):
            notes.append(
                msg(
                    "{n}. {p}: {spot} ({k} pawn(s))",
                    n=n,
                    p=item["player"],
                    spot=item["spot"],
                    k=item["pawns"],
                )
            )
        tracer.add(
            "resolution order",
            "cooperative order (hunting, building, gathering, exploring, arranging, resting); "
            "the first player first on the same action",
        )
        state["stage"] = "resolve" if state["queue"] else "weather"
        return msg("All pawns placed: resolve in this order")

    def _advance_resolve(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        item = state["queue"].pop(0)
        pid, spot = item["player"], item["spot"]
        kind, _, rest = spot.partition(":")
        summary: Msg | None = None
        if kind == "attack":
            summary = self._attack(
                state, pid, rest, item["pawns"], bool(answer.get("palisade_bonus")), tracer, notes
            )
        elif A.category(spot) in A.ADVENTURE_CATEGORIES:
            summary = self._resolve_rolled(state, item, answer, tracer, notes)
        else:
            summary = msg("{p} resolves {spot}", p=pid, spot=spot)
        if state["stage"] == "resolve" and not state["queue"]:
            state["stage"] = "weather"
        return summary

    def _resolve_rolled(
        self,
        state: State,
        item: dict[str, Any],
        answer: Mapping[str, Any],
        tracer: Tracer,
        notes: list[Msg],
    ) -> Msg:
        pid, spot = item["player"], item["spot"]
        kind, _, rest = spot.partition(":")
        cat = A.category(spot)
        success = answer["success"]
        p = player(state, pid)
        if success and kind == "camp":
            if rest == "shelter":
                p["shelter"] = True
            else:
                p[rest] += 1
            notes.append(msg("{p}: {what} now {n}", p=pid, what=rest, n=p[rest]))
        elif success and kind == "build":
            A.check_invention(state, pid, rest)
            p["cards"][rest] = {"kind": "invention", "markers": None}
            bonus = CATALOGUE.inventions[rest].one_time_bonus
            notes.append(
                msg(
                    "{p} takes the {card} card and turns it over: only {p} may use it.",
                    p=pid,
                    card=rest,
                )
            )
            if bonus:
                notes.append(msg("{p} receives its one-time bonus: {bonus}", p=pid, bonus=bonus))
            tracer.add("ownership", f"the builder {pid} owns {rest}; nobody else can build it")
        elif success and kind == "explore":
            terrain = answer.get("terrain", "none")
            if terrain == "none":
                raise IllegalInput("name the terrain of the explored tile", "terrain")
            state["revealed"][rest] = terrain
            state["discovered_by"][rest] = pid
            notes.append(
                msg(
                    "Only {p} takes the discovery tokens and resolves totem events of tile {t}.",
                    p=pid,
                    t=rest,
                )
            )
            tracer.add(
                "discoverer", f"{pid} explored tile {rest}: discovery tokens go to {pid} only"
            )
        adventure = False
        # Reading: a token triggers for the first resolution of its action type,
        # whatever the success, and is then removed.
        if cat in state["adventure_tokens"]:
            state["adventure_tokens"].remove(cat)
            adventure = True
            tracer.add(
                "adventure token", f"a token lay on {cat}: the special adventure event happens"
            )
        if answer.get("adventure"):
            adventure = True
            how = "rolled an adventure icon" if item["pawns"] == 1 else "chose it without rolling"
            tracer.add("adventure icon", f"{pid} {how}")
        if adventure:
            notes.append(
                msg(
                    "{p} draws no adventure card but resolves the scenario's "
                    "special adventure event: {text}",
                    p=pid,
                    text=scenario(state).adventure_event,
                )
            )
        return msg(
            "{p} resolves {spot}: {result}",
            p=pid,
            spot=spot,
            result=msg("success") if success else msg("failure"),
        )

    def _attack(
        self,
        state: State,
        pid: str,
        target: str,
        pawns: int,
        bonus: bool,
        tracer: Tracer,
        notes: list[Msg],
    ) -> Msg:
        attacker, defender = player(state, pid), player(state, target)
        if not defender["alive"]:
            return msg("{d} is out of the game: no fight", d=target)
        distance = CATALOGUE.distance(attacker["camp"], defender["camp"])
        need = A.attack_pawns(distance)
        if pawns < need:
            tracer.add("attack reach", f"{distance} spaces need {need} pawns; {pid} placed {pawns}")
            return msg(
                "{a}'s attack fails: {need} pawns are needed for a camp {d} spaces away",
                a=pid,
                need=need,
                d=distance,
            )
        result, trace = A.fight(attacker["weapon"], defender["weapon"], defender["palisade"], bonus)
        for rule, finding in trace:
            tracer.add(rule, finding)
        if bonus:
            defender["palisade"] -= 1
            notes.append(msg("{d} loses 1 palisade for the defender's bonus.", d=target))
        if result["winner"] is None:
            return msg("{a} attacks {d}: a tie, nobody wins", a=pid, d=target)
        names = {"attacker": pid, "defender": target}
        winner, loser = names[result["winner"]], names[result["loser"]]
        notes.append(msg("{l} loses {n} heart(s).", l=loser, n=result["hearts_lost"]))
        change_hearts(state, loser, -result["hearts_lost"], notes, killer=winner)
        if winner == pid and defender["alive"]:
            state["fight"] = {"winner": pid, "loser": target}
            state["stage"] = "reward"
        return msg("{w} wins the fight against {l}", w=winner, l=loser)

    def _advance_reward(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        fight = state["fight"]
        reward = next((r for r in scenario(state).rewards if r.id == answer["reward"]), None)
        if reward is not None and reward.steal:
            if not player(state, fight["loser"])["cards"]:
                raise IllegalInput(f"{fight['loser']} has no card to steal", "reward")
            if answer["card"] == "none":
                raise IllegalInput("choose the card to steal", "card")
            transfer(state, answer["card"], fight["loser"], fight["winner"], notes)
        elif answer["card"] != "none":
            raise IllegalInput("only a stealing reward takes a card", "card")
        if reward is not None:
            notes.append(msg("{w}'s reward: {text}", w=fight["winner"], text=reward.text))
        state["fight"] = None
        state["stage"] = "resolve" if state["queue"] else "weather"
        return None

    def _advance_spoils(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        spoils = state["spoils"]
        winner, loser = spoils["winner"], spoils["loser"]
        if answer["take"]:
            for card in sorted(player(state, loser)["cards"]):
                transfer(state, card, loser, winner, notes)
            notes.append(msg("{w} also takes all of {l}'s resources.", w=winner, l=loser))
        else:
            return_inventions(state, loser, notes)
        state["spoils"] = None
        nxt = state["after_spoils"]
        if nxt == "resolve" and not state["queue"]:
            nxt = "weather"
        state["stage"] = nxt
        return None

    def _advance_weather(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        tracer.add(
            "weather", f"only the first player ({state['first']}) rolls, once; everyone is affected"
        )
        for pid, lost in answer["hearts"].items():
            if lost:
                change_hearts(state, pid, -lost, notes)
        state["stage"] = "night"
        state["queue"] = in_order(state)
        return None

    def _advance_night(
        self, state: State, answer: Mapping[str, Any], tracer: Tracer, notes: list[Msg]
    ) -> Msg | None:
        pid = state["queue"][0]
        summary = None
        camp = answer["camp"]
        if camp != "stay" and camp != player(state, pid)["camp"]:
            other = camp_owner(state, camp)
            if other is not None:
                raise IllegalInput(
                    f"{other}'s camp is on tile {camp} "
                    "(rule: a camp never moves onto a tile with another camp)",
                    "camp",
                )
            if camp not in state["revealed"]:
                raise IllegalInput(f"tile {camp} is not explored", "camp")
            player(state, pid)["camp"] = camp
            summary = msg("{p} moves the camp to tile {t}", p=pid, t=camp)
        if answer["hearts"]:
            change_hearts(state, pid, -answer["hearts"], notes)
        state["queue"].pop(0)
        if not state["queue"]:
            self._end_round(state, notes)
        return summary

    def _end_round(self, state: State, notes: list[Msg]) -> None:
        """Reading: the first player passes clockwise (base game), skipping the eliminated."""
        order = in_order(state)
        state["first"] = order[1 % len(order)] if state["first"] in order else order[0]
        state["round"] += 1
        state["placements"] = []
        if state["round"] > scenario(state).rounds:
            state["stage"] = "over"
            return
        notes.append(msg("The first player token passes to {p}.", p=state["first"]))
        state["stage"] = "event"

    # -- what the front ends show ----------------------------------------------------

    def active_player(self, state: State) -> str | None:
        stage = state["stage"]
        if stage == "placement":
            return state["placer"]
        if stage in ("setup", "night"):
            return state["queue"][0]
        if stage == "resolve":
            return state["queue"][0]["player"]
        if stage == "reward":
            return state["fight"]["winner"]
        if stage == "spoils":
            return state["spoils"]["winner"]
        if stage in ("event", "weather"):
            return state["first"]
        return None

    def board(self, state: State) -> dict[str, Any]:
        active = self.active_player(state)
        players = []
        for p in state["players"]:
            placed = sum(1 for x in state["placements"] if x["player"] == p["id"])
            rows = [
                [msg("Hearts").to_json(), str(p["hearts"]) if p["alive"] else "†"],
                [msg("Weapon").to_json(), str(p["weapon"])],
                [msg("Roof").to_json(), str(p["roof"])],
                [msg("Palisade").to_json(), str(p["palisade"])],
                [msg("Shelter").to_json(), "yes" if p["shelter"] else "no"],
                [msg("Determination").to_json(), str(p["determination"])],
                [msg("Pawns placed").to_json(), f"{placed}/{p['pawns']}"],
                [msg("Camp").to_json(), p["camp"] or "-"],
            ]
            tokens = [
                {
                    "text": card if entry["markers"] is None else f"{card} ({entry['markers']})",
                    "used": False,
                }
                for card, entry in sorted(p["cards"].items())
            ]
            players.append(
                {
                    "name": p["id"].capitalize(),
                    "colour": p["id"],
                    "active": p["id"] == active,
                    "rows": rows,
                    "tokens": tokens,
                }
            )
        return {
            "kind": "tracks",
            "title": msg("Robinson Crusoe — versus").to_json(),
            "facts": [
                [msg("Round").to_json(), str(state["round"])],
                [msg("Phase").to_json(), self._phase(state).english()],
                [msg("First player").to_json(), state["first"]],
                [msg("Adventure tokens").to_json(), ", ".join(state["adventure_tokens"]) or "-"],
            ],
            "example_data": CATALOGUE.example,
            "players": players,
        }

    def status(self, state: State) -> tuple[Msg, ...]:
        lines = [msg("Round {n}, first player {p}", n=state["round"], p=state["first"])]
        for p in state["players"]:
            if not p["alive"]:
                lines.append(msg("{p}: eliminated", p=p["id"]))
                continue
            lines.append(
                msg(
                    "{p}: {h} hearts, weapon {w}, roof {r}, palisade {pa}, "
                    "{d} determination, cards: {c}",
                    p=p["id"],
                    h=p["hearts"],
                    w=p["weapon"],
                    r=p["roof"],
                    pa=p["palisade"],
                    d=p["determination"],
                    c=", ".join(sorted(p["cards"])) or "-",
                )
            )
        return tuple(lines)

    def decisions(self) -> Mapping[str, Any]:
        return {"fight": decide_fight, "placement": decide_placement}
