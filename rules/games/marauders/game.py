"""The Marauders mode as a step machine: set-up, five rounds of spring/summer/autumn, the end.

Each step is named by ``state["step"]``. Steps that need facts from the table
(payments onto the control board, occupied columns, lane contents) ask for
them with defaults, so Enter mostly suffices; the bot then decides with
:mod:`rules.games.marauders.logic` and the decision is journalled. Bookkeeping
that follows from an answer (move the priority marker, markers back to the
supply) is shown as notes at the top of the next step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import IllegalInput
from rules.game import Game, State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic, parsing
from rules.games.marauders.model import (
    ACTIONS,
    COLOURS,
    PRIORITIES,
    ROUNDS,
    SIDES,
    TRIBE,
    clockwise_from,
    label,
    order_text,
)
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state, shuffled
from rules.text import Msg, msg

GATHERED = ("spring", "summer", "autumn")


_COLOUR_CHOICES = tuple(Choice(c, label(c)) for c in COLOURS)


def _colour_choices() -> tuple[Choice, ...]:
    return _COLOUR_CHOICES


def _zero() -> dict[str, int]:
    return {c: 0 for c in COLOURS}


def _paid_field(label_text: Msg | None = None) -> Field:
    return Field(
        "paid",
        label_text or msg("Paid onto the control board since the tribe's last step"),
        "counts",
        default=_zero(),
        choices=_colour_choices(),
        camera="tray_counts_delta",
    )


def _income_fields(state: State) -> tuple[Field, ...]:
    return (
        Field(
            "gained",
            msg("Markers/resources the tribe gained (they go onto its trays)"),
            "counts",
            default=_zero(),
            choices=_colour_choices(),
        ),
        Field("vp", msg("VP the tribe scored"), "int", default=0, minimum=0, maximum=99),
        Field(
            "dev",
            msg("Development points it would get (priority marker steps)"),
            "int",
            default=0,
            minimum=0,
            maximum=30,
        ),
    )


class Marauders(Game):
    """Prehistory — Marauders mode: the assistant plays the marauder tribe."""

    name = "marauders"
    title = "Prehistory — Marauders mode"
    role = "plays the marauder tribe against 1-3 players, explaining every decision"

    # -- set-up -------------------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field("players", msg("Number of players"), "int", default=1, minimum=1, maximum=3),
            Field(
                "hard_tiles",
                msg("Marauder tiles turned to their 3 side (0 = easy, 12 = hardest)"),
                "int",
                default=0,
                minimum=0,
                maximum=12,
            ),
            Field(
                "draw",
                msg("Marauder tiles"),
                "choice",
                default="digital",
                choices=(
                    Choice("digital", msg("the assistant draws them (seeded shuffle)")),
                    Choice("physical", msg("we draw the real tiles and enter them")),
                ),
            ),
            Field(
                "ceremony_choice",
                msg("Players choose the tribe's card in ceremony ties (variant)"),
                "bool",
                default=False,
            ),
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        catalogue = cat.default()
        state: State = {
            "rng": rng_state(seed),
            "players": options["players"],
            "hard_tiles": options["hard_tiles"],
            "draw": options["draw"],
            "ceremony_choice": options["ceremony_choice"],
            "example": catalogue["example"],
            "board": catalogue["control_board"],
            "board_example": catalogue["example"],
            "pricing": catalogue["pricing_tile"],
            "step": "setup",
            "round": 1,
            "order": [TRIBE, *[str(n) for n in range(1, options["players"] + 1)]],
            "trays": _zero(),
            "marker": cat.priority_side(catalogue["control_board"], "campsite"),
            "vp": 0,
            "development": 0,
            "tile": None,
            "pile": [],
            "discarded": [],
            "faces": {},
            "spring_done": 0,
            "summer_index": 0,
            "pillar": None,
            "autumn": {"total": 0, "done": 0},
            "members_on_map": 0,
            "campsites": 0,
            "paintings": 0,
            "pending": None,
            "notes": [],
            "final": None,
        }
        return state

    # -- helpers ------------------------------------------------------------------------

    @staticmethod
    def _payer(state: State) -> str:
        return next(w for w in state["order"] if w != TRIBE)

    @staticmethod
    def _tile_example(state: State) -> bool:
        tile = state["tile"]
        return bool(tile and tile.get("example"))

    def _example(self, state: State, board: bool = True, tile: bool = True) -> bool:
        return (board and state["board_example"]) or (tile and self._tile_example(state))

    @staticmethod
    def _add(state: State, counts: Mapping[str, int]) -> None:
        for colour, n in counts.items():
            state["trays"][colour] += n

    @staticmethod
    def _take(state: State, colour: str, n: int) -> None:
        state["trays"][colour] = max(0, state["trays"][colour] - n)

    def _note(self, state: State, *lines: Msg) -> None:
        state["notes"].extend(m.to_json() for m in lines)

    def _move_marker(self, state: State, steps: int) -> None:
        if steps <= 0:
            return
        before = state["marker"]
        state["marker"] = (before + steps) % SIDES
        state["development"] += steps
        icon = cat.priority_at(state["board"], state["marker"])
        self._note(
            state,
            msg(
                "Development points become priority marker steps: move it {n} step(s) "
                "clockwise, from side {a} to side {b} ({icon}).",
                n=steps,
                a=before,
                b=state["marker"],
                icon=label(icon),
            ),
        )

    def _next_tile_from_pile(self, state: State) -> None:
        """Digital draw: the next tile of the seeded pile waits in ``state["drawn"]``."""
        if state["draw"] != "digital":
            return
        if not state["pile"]:
            # A catalogue with fewer tiles than draws: reshuffle the discarded tiles
            # (the 12 printed tiles suffice for the 10 draws of a game).
            current = (state["tile"] or {}).get("id")
            used = [i for i in state["discarded"] if i != current]
            state["pile"] = [
                {"id": i, "face": state["faces"].get(i, 2)} for i in shuffled(state, used)
            ] or [{"id": current, "face": state["faces"].get(current, 2)}]
            state["discarded"] = []
        if state["pile"]:
            entry = state["pile"].pop(0)
            catalogue = cat.default()
            actions = catalogue["tiles"][entry["id"]][str(entry["face"])]
            tile = cat.make_tile(entry["id"], entry["face"], actions)
            tile["example"] = catalogue["example"]
            state["drawn"] = tile

    def _tile_fields(self, state: State) -> tuple[Field, ...]:
        if state["draw"] == "digital":
            return ()
        ids = list(cat.default()["tiles"])
        return (
            Field(
                "tile",
                msg("Which tile did you draw?"),
                "choice",
                default=ids[0] if ids else "other",
                choices=(
                    *(Choice(i, Msg(i)) for i in ids),
                    Choice("other", msg("other: I type its symbols")),
                ),
            ),
            Field(
                "face",
                msg("Its number (the side facing up)"),
                "choice",
                default="3" if state["hard_tiles"] >= 12 else "2",
                choices=(Choice("2", Msg("2")), Choice("3", Msg("3"))),
            ),
            Field(
                "actions",
                msg("Only for 'other': symbols clockwise from the framed one"),
                "text",
                default="",
                help=msg("e.g. fishing hunting gathering ceremony migration rock-painting"),
            ),
        )

    def _read_tile(self, state: State, answer: Mapping[str, Any]) -> dict[str, Any]:
        if state["draw"] == "digital":
            tile = state.pop("drawn")
            return tile
        face = int(answer["face"])
        if answer["tile"] == "other" or answer["actions"].strip():
            actions = parsing.tile_actions(answer["actions"])
            tile = cat.make_tile(
                None if answer["tile"] == "other" else answer["tile"], face, actions
            )
            tile["example"] = False
            return tile
        catalogue = cat.default()
        actions = catalogue["tiles"][answer["tile"]][str(face)]
        tile = cat.make_tile(answer["tile"], face, actions)
        tile["example"] = catalogue["example"]
        return tile

    def _tile_lines(self, state: State, tile: Mapping[str, Any] | None) -> list[Msg]:
        if tile is None:
            return [msg("Draw the top marauder tile; place it with the framed symbol pointing up.")]
        lines = [
            msg(
                "Draw tile {id} ({n} side up); place it with the framed symbol ({framed}) "
                "pointing up.",
                id=tile["id"] or "?",
                n=tile["number"],
                framed=label(tile["actions"][0]),
            ),
            msg(
                "Symbols clockwise from the top: {symbols}.",
                symbols=", ".join(str(label(a)) for a in tile["actions"]),
            ),
        ]
        if tile.get("example"):
            lines.append(msg("(EXAMPLE tile data: match it to your real tile.)"))
        return lines

    def _notes(self, state: State) -> list[Msg]:
        return [Msg.from_json(n) for n in state["notes"]]

    def _trays_line(self, state: State, with_actions: bool = True) -> Msg:
        """Tray counts by side, with the tile's action next to each tray when a tile lies."""
        marker = state["marker"]
        tile = state["tile"] if with_actions else None
        parts = []
        for side in state["board"]["sides"]:
            if side["tray"] is None:
                continue
            part = f"{side['tray']} {state['trays'][side['tray']]}"
            if tile:
                part += f" ({label(tile['actions'][side['side']])})"
            parts.append(part)
        return msg(
            "Trays now: {trays}. Priority marker: side {m} ({icon}).",
            trays=", ".join(parts),
            m=marker,
            icon=label(cat.priority_at(state["board"], marker)),
        )

    def _payer_line(self, state: State) -> Msg:
        return msg(
            "Player order: {order}. Player {p} pays expenses onto the control board.",
            order=order_text(state["order"]),
            p=self._payer(state),
        )

    # -- the prompts ----------------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        step = state["step"]
        builder = getattr(self, "_prompt_" + step.replace("-", "_"))
        prompt: Prompt = builder(state)
        notes = self._notes(state)
        if notes:
            prompt = Prompt(
                prompt.step,
                prompt.title,
                prompt.phase,
                (*notes, *prompt.lines),
                prompt.fields,
                prompt.decision,
                prompt.finished,
                prompt.confirm_label,
            )
        return prompt

    def _round_phase(self, state: State, season: Msg) -> Msg:
        return msg("Round {r} of {n} · {season}", r=state["round"], n=ROUNDS, season=season)

    def _prompt_setup(self, state: State) -> Prompt:
        trays, icons = parsing.board_words(state["board"])
        n = state["players"]
        hard = state["hard_tiles"]
        lines = [
            msg("Set up the base game for {n} player(s) plus the marauder tribe.", n=n),
            msg("Give the tribe a colour, a player board, all its tribe members and markers."),
            msg("Place the control board near the tribe's player board, in line with the map."),
            msg("Put the priority marker next to the priority track's campsite symbol."),
            msg(
                "Marauder tiles: {hard} on their 3 side, {easy} on their 2 side; shuffle them "
                "into one draw pile.",
                hard=hard,
                easy=12 - hard,
            ),
            msg(
                "Sides are numbered 0-5 clockwise from the top of the control board. Check the "
                "trays and icons below against your board (shipped values are EXAMPLE data)."
            ),
        ]
        fields = (
            Field(
                "order",
                msg("Player order (e.g. tribe 1 2)"),
                "text",
                default=" ".join("tribe" if w == TRIBE else w for w in state["order"]),
            ),
            Field("trays", msg("Tray colours on sides 0-5 (- = none)"), "text", default=trays),
            Field("priorities", msg("Priority icons on sides 0-5"), "text", default=icons),
            Field(
                "start",
                msg("Starting resources the tribe gets in the base set-up (onto its trays)"),
                "counts",
                default=_zero(),
                choices=_colour_choices(),
            ),
        )
        return Prompt("setup", msg("Set-up checklist"), msg("Set-up"), tuple(lines), fields)

    def _prompt_spring_start(self, state: State) -> Prompt:
        lines = [
            *self._tile_lines(state, state.get("drawn")),
            msg("Rotate the tribe's weather tile clockwise by 1 unit."),
            msg("Put the resources it earns onto the trays by colour (enter them below)."),
        ]
        fields = (
            *self._tile_fields(state),
            Field(
                "income",
                msg("Resources the tribe earns now"),
                "counts",
                default=_zero(),
                choices=_colour_choices(),
            ),
            Field(
                "order",
                msg("Player order this round"),
                "text",
                default=" ".join("tribe" if w == TRIBE else w for w in state["order"]),
            ),
        )
        return Prompt(
            "spring-start",
            msg("Spring begins: new marauder tile and income"),
            self._round_phase(state, msg("Spring")),
            tuple(lines),
            fields,
        )

    def _prompt_spring_turn(self, state: State) -> Prompt:
        tile = state["tile"]
        k = state["spring_done"] + 1
        lines = [
            self._payer_line(state),
            self._trays_line(state),
            msg("Play spring turns in player order until it is the tribe's turn."),
        ]
        fields = (
            _paid_field(),
            Field(
                "full",
                msg("Actions whose columns are all occupied"),
                "multi",
                default=[],
                choices=tuple(Choice(a, label(a)) for a in ACTIONS),
            ),
        )
        return Prompt(
            "spring-turn",
            msg("The tribe's spring action {k} of {n}", k=k, n=tile["number"]),
            self._round_phase(state, msg("Spring")),
            tuple(lines),
            fields,
            confirm_label=msg("Decide"),
        )

    def _action_decision(self, state: State) -> Decision:
        pending = state["pending"]
        action = pending["action"]
        tile = state["tile"]
        if action == "rock-painting":
            return logic.action_choice(
                action, [], tile["number"], False, painted=state["paintings"]
            )
        if action == "migration":
            return logic.action_choice(action, [], tile["number"], False)
        tracer = Tracer()
        framed = tile["actions"][0]
        order_rule = msg("VP > action marker > resource > development point")
        if action == "fishing":
            summary = msg("The tribe takes the fish that gives it the most steps")
            steps = [
                msg("Take the fish giving the most steps (equal fish: any of them)."),
                msg("Move the tribe up the fishing track as usual."),
            ]
            rule = "the fish with the most steps; equal values do not matter"
        elif action == "gathering":
            summary = msg("The tribe takes the gathering tile with the largest income")
            steps = [
                msg("Take the gathering tile with the largest income ({order}).", order=order_rule),
                msg(
                    "Tie: the first tile clockwise from the framed symbol ({framed}) on the "
                    "central pricing tile.",
                    framed=label(framed),
                ),
            ]
            rule = f"largest income; tie: first clockwise from {framed} on the pricing tile"
        else:
            what = msg("card")
            summary = msg(
                "The tribe takes the {action} card with the largest income", action=label(action)
            )
            steps = [
                msg(
                    "Take the {what} with the highest income now and at game end ({order}).",
                    what=what,
                    order=order_rule,
                ),
                msg("Tie: the one closer to the bottom of the game board."),
            ]
            rule = "largest income; tie: closer to the bottom of the board"
            if action == "ceremony":
                if state["ceremony_choice"]:
                    steps[1] = msg("Tie (variant): the players choose which card the tribe takes.")
                    rule = "largest income; tie: the players choose (variant)"
                steps.append(
                    msg(
                        "If no card gives VP at this moment, the tribe also scores {vp} VP "
                        "(answer below).",
                        vp=tile["number"],
                    )
                )
                steps.append(msg("Move the player order marker as usual."))
        tracer.add(
            "action choice",
            f"{action}: {rule} (VP > action marker > resource > development point)",
            action=action,
        )
        return Decision(
            logic.GAME,
            "action-choice",
            summary,
            tuple(steps),
            tracer.freeze(),
            {"action": action},
            False,
        )

    def _prompt_action(self, state: State) -> Prompt:
        pending = state["pending"]
        action = pending["action"]
        fields: list[Field] = []
        if action == "migration":
            fields.append(
                Field(
                    "moved",
                    msg("Tribe members moved onto the starting camp"),
                    "int",
                    default=2,
                    minimum=0,
                    maximum=2,
                )
            )
        if action == "ceremony":
            fields.append(
                Field("any_vp", msg("Did any card give VP at that moment?"), "bool", default=True)
            )
        fields.extend(_income_fields(state))
        if action == "ceremony":
            fields.append(
                Field(
                    "order",
                    msg("Player order after moving the order marker"),
                    "text",
                    default=" ".join("tribe" if w == TRIBE else w for w in state["order"]),
                )
            )
        season = msg("Spring") if pending["phase"] == "spring" else msg("Summer")
        return Prompt(
            "action",
            msg("The tribe carries out {action}", action=label(action)),
            self._round_phase(state, season),
            (),
            tuple(fields),
            decision=self._action_decision(state),
        )

    def _prompt_spring_end(self, state: State) -> Prompt:
        return Prompt(
            "spring-end",
            msg("The players finish spring"),
            self._round_phase(state, msg("Spring")),
            (
                msg("The tribe has no spring actions left."),
                self._payer_line(state),
            ),
            (_paid_field(msg("Paid onto the control board for the rest of spring")),),
        )

    def _prompt_summer_start(self, state: State) -> Prompt:
        old = state["tile"]
        lines = [
            msg("Discard the spring tile {id}.", id=(old or {}).get("id") or "-"),
            *self._tile_lines(state, state.get("drawn")),
        ]
        return Prompt(
            "summer-start",
            msg("Summer begins: new marauder tile"),
            self._round_phase(state, msg("Summer")),
            tuple(lines),
            self._tile_fields(state),
        )

    def _summer_walk(self, state: State) -> list[str]:
        order = state["pricing"]["actions"]
        start = order.index(state["tile"]["actions"][0])
        return [order[(start + k) % len(order)] for k in range(len(order))]

    def _prompt_summer_pillar(self, state: State) -> Prompt:
        framed = state["tile"]["actions"][0]
        walk = self._summer_walk(state)
        lines = [
            self._payer_line(state),
            self._trays_line(state),
            msg("It is the tribe's turn to take back action markers."),
            msg(
                "Starting at the {framed} symbol on the central pricing tile and going "
                "clockwise, count the markers on each pillar.",
                framed=label(framed),
            ),
        ]
        fields = [_paid_field()]
        for action in walk:
            fields.append(
                Field(
                    "p_" + action,
                    msg("Most markers on one pillar at {action}", action=label(action)),
                    "int",
                    default=0,
                    minimum=0,
                    maximum=30,
                )
            )
        return Prompt(
            "summer-pillar",
            msg("The tribe takes back action markers"),
            self._round_phase(state, msg("Summer")),
            tuple(lines),
            tuple(fields),
            confirm_label=msg("Decide"),
        )

    def _prompt_summer_take(self, state: State) -> Prompt:
        pillar = state["pillar"]
        return Prompt(
            "summer-take",
            msg("Markers taken back from {action}", action=label(pillar["action"])),
            self._round_phase(state, msg("Summer")),
            (
                msg(
                    "Put the {n} marker(s) from the first {action} pillar holding {n} into the "
                    "trays by colour.",
                    n=pillar["markers"],
                    action=label(pillar["action"]),
                ),
            ),
            (
                Field(
                    "taken",
                    msg("Their colours"),
                    "counts",
                    default=_zero(),
                    choices=_colour_choices(),
                ),
                Field(
                    "again",
                    msg("Does the tribe take back markers from another pillar now?"),
                    "bool",
                    default=False,
                ),
            ),
        )

    def _prompt_summer_action(self, state: State) -> Prompt:
        order = state["pricing"]["actions"]
        action = order[state["summer_index"]]
        tile = state["tile"]
        side = tile["actions"].index(action)
        colour = cat.tray_colour(state["board"], side)
        return Prompt(
            "summer-action",
            msg(
                "Summer: the {action} location ({i} of {n})",
                action=label(action),
                i=state["summer_index"] + 1,
                n=len(order),
            ),
            self._round_phase(state, msg("Summer")),
            (
                msg("Resolve the {action} location as usual.", action=label(action)),
                msg(
                    "The tribe takes it if its {colour} tray (next to {action}) holds at least 3 "
                    "markers; it holds {count} now.",
                    colour=label(colour) if colour else msg("(no)"),
                    action=label(action),
                    count=state["trays"].get(colour, 0) if colour else 0,
                ),
            ),
            (_paid_field(msg("Paid onto the control board before the tribe's check")),),
            confirm_label=msg("Decide"),
        )

    def _prompt_autumn_start(self, state: State) -> Prompt:
        marker = state["marker"]
        return Prompt(
            "autumn-start",
            msg("Autumn: the tribe members move"),
            self._round_phase(state, msg("Autumn")),
            (
                self._payer_line(state),
                self._trays_line(state, with_actions=False),
                msg(
                    "Activation order: the tribe members closest to the starting camp first; at "
                    "equal distance the first clockwise from the priority marker's direction "
                    "(side {m}); on the same space, any order.",
                    m=marker,
                ),
            ),
            (
                Field(
                    "members",
                    msg("Tribe members standing on the map (to activate)"),
                    "int",
                    default=state["members_on_map"],
                    minimum=0,
                    maximum=20,
                ),
                Field(
                    "positions",
                    msg("Optional: where they stand, as distance@side from the starting camp"),
                    "text",
                    default="",
                    help=msg(
                        "e.g. '0 0 2@1 2@4': two on the camp, two 2 spaces away toward sides 1 "
                        "and 4. Leave empty to apply the rule yourselves."
                    ),
                ),
                _paid_field(msg("Paid onto the control board before the tribe moves")),
            ),
        )

    def _prompt_autumn_member(self, state: State) -> Prompt:
        autumn = state["autumn"]
        order = autumn.get("order") or []
        member = (
            msg("Member {m}", m=order[autumn["done"]])
            if autumn["done"] < len(order)
            else msg("Member {i}", i=autumn["done"] + 1)
        )
        decision = logic.autumn_move(
            state["trays"],
            state["board"],
            state["marker"],
            None,
            False,
            self._example(state, tile=False),
            str(member),
        )
        fields: list[Field] = []
        if decision.result.get("direction") is not None:
            fields.append(
                Field(
                    "lane",
                    msg(
                        "What lies in the 3-space-wide lane toward side {s}? (all that apply)",
                        s=decision.result["direction"],
                    ),
                    "multi",
                    default=[],
                    choices=(
                        *(Choice(p, label(p)) for p in PRIORITIES if p != "megalith"),
                        Choice("megalith", msg("free megalith")),
                        Choice("megalith-occupied", msg("occupied megalith")),
                    ),
                )
            )
            if cat.priority_at(state["board"], state["marker"]) == "megalith":
                fields.append(
                    Field(
                        "near_megalith",
                        msg("Does the member stand on or next to a megalith?"),
                        "bool",
                        default=False,
                    )
                )
        return Prompt(
            "autumn-member",
            msg("Activate tribe member {i} of {n}", i=autumn["done"] + 1, n=autumn["total"]),
            self._round_phase(state, msg("Autumn")),
            (
                self._trays_line(state, with_actions=False),
                msg("Pick the member by the activation order (closest to the starting camp)."),
            ),
            tuple(fields),
            decision=decision,
            confirm_label=msg("Decide"),
        )

    def _prompt_autumn_result(self, state: State) -> Prompt:
        pending = state["pending"]
        fields: list[Field] = list(_income_fields(state))
        if pending.get("priority") == "action-marker":
            fields.insert(
                0,
                Field(
                    "marker_colour",
                    msg("Colour of the action marker taken"),
                    "choice",
                    default=COLOURS[0],
                    choices=_colour_choices(),
                ),
            )
            fields[1] = Field(
                "gained",
                msg("Other markers/resources gained (the action marker is counted already)"),
                "counts",
                default=_zero(),
                choices=_colour_choices(),
            )
        fields.append(_paid_field(msg("Paid onto the control board since then")))
        return Prompt(
            "autumn-result",
            msg("What the tribe member took"),
            self._round_phase(state, msg("Autumn")),
            (msg("Enter what the tribe gained from the {what}.", what=label(pending["priority"])),),
            tuple(fields),
        )

    def _prompt_round_end(self, state: State) -> Prompt:
        last = state["round"] >= ROUNDS
        return Prompt(
            "round-end",
            msg("End of round {r}", r=state["round"]),
            self._round_phase(state, msg("End of round")),
            (
                msg("Finish the round as usual; the text gives the tribe no further rule."),
                msg("This was the fifth round: the game ends.")
                if last
                else msg("Next: round {r}.", r=state["round"] + 1),
            ),
            (
                Field(
                    "vp",
                    msg("Other VP the tribe scored this round"),
                    "int",
                    default=0,
                    minimum=0,
                    maximum=99,
                ),
            ),
        )

    def _prompt_final(self, state: State) -> Prompt:
        fields = [
            Field(
                "tribe_vp",
                msg("The tribe's final VP"),
                "int",
                default=state["vp"],
                minimum=0,
                maximum=999,
            )
        ]
        for p in range(1, state["players"] + 1):
            fields.append(
                Field(f"p{p}", msg("Player {p}'s final VP", p=p), "int", minimum=0, maximum=999)
            )
        return Prompt(
            "final",
            msg("Final scoring"),
            msg("End of the game"),
            (
                msg("Score as usual. The tribe gets no VP for development points."),
                msg(
                    "The assistant tracked {vp} VP for the tribe from its own rules; add the "
                    "usual scoring.",
                    vp=state["vp"],
                ),
            ),
            tuple(fields),
        )

    def _prompt_end(self, state: State) -> Prompt:
        decision = Decision.from_json(state["final"])
        return Prompt(
            "end",
            msg("Game over"),
            msg("End of the game"),
            (msg("The tribe finished with {vp} VP.", vp=decision.result.get("tribe_vp", "?")),),
            decision=decision,
            finished=True,
        )

    # -- advancing -------------------------------------------------------------------------

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        step = state["step"]
        state["notes"] = []
        handler = getattr(self, "_advance_" + step.replace("-", "_"))
        decision: Decision | None = handler(state, answer)
        return state, decision

    def _advance_setup(self, state: State, answer: Mapping[str, Any]) -> Decision:
        state["order"] = parsing.order(answer["order"], state["players"])
        board = parsing.board(answer["trays"], answer["priorities"])
        if board != cat.default()["control_board"]:
            state["board"] = board
            state["board_example"] = False
        state["marker"] = cat.priority_side(state["board"], "campsite")
        self._add(state, answer["start"])
        if state["draw"] == "digital":
            ids = shuffled(state, sorted(cat.default()["tiles"]))
            hard = set(shuffled(state, ids)[: state["hard_tiles"]])
            state["pile"] = [{"id": i, "face": 3 if i in hard else 2} for i in ids]
            state["faces"] = {entry["id"]: entry["face"] for entry in state["pile"]}
        self._enter_spring(state)
        return logic.payer(state["order"])

    def _enter_spring(self, state: State) -> None:
        state["step"] = "spring-start"
        state["spring_done"] = 0
        self._next_tile_from_pile(state)

    def _advance_spring_start(self, state: State, answer: Mapping[str, Any]) -> Decision | None:
        if state["tile"]:
            state["discarded"].append(state["tile"]["id"])
        state["tile"] = self._read_tile(state, answer)
        before = state["order"]
        state["order"] = parsing.order(answer["order"], state["players"])
        self._add(state, answer["income"])
        state["step"] = "spring-turn"
        # Who pays is only news when the order changed.
        return logic.payer(state["order"]) if state["order"] != before else None

    def _advance_spring_turn(self, state: State, answer: Mapping[str, Any]) -> Decision:
        self._add(state, answer["paid"])
        tile = state["tile"]
        decision = logic.spring(
            state["trays"],
            state["board"],
            state["marker"],
            tile,
            answer["full"],
            self._example(state),
            state["spring_done"] + 1,
        )
        result = decision.result
        if result["outcome"] == "action":
            self._take(state, result["colour"], 2)
            state["pending"] = {"action": result["action"], "phase": "spring"}
            state["step"] = "action"
        else:
            state["vp"] += result["vp"]
            state["step"] = "spring-end"
        return decision

    def _advance_action(self, state: State, answer: Mapping[str, Any]) -> Decision:
        pending = state["pending"]
        action = pending["action"]
        decision = self._action_decision(state)
        tile = state["tile"]
        self._add(state, answer["gained"])
        state["vp"] += answer["vp"]
        tracer = Tracer()
        tracer.add(
            "income",
            f"gained {dict((c, n) for c, n in answer['gained'].items() if n)}, "
            f"{answer['vp']} VP, {answer['dev']} development point(s)",
        )
        if action == "rock-painting":
            state["paintings"] += 1
        if action == "migration":
            state["members_on_map"] += answer["moved"]
        if action == "ceremony":
            if not answer["any_vp"]:
                state["vp"] += tile["number"]
                tracer.add("ceremony fallback", f"no card gave VP: +{tile['number']} VP")
                self._note(
                    state,
                    msg(
                        "No ceremony card gave VP: the tribe scores {vp} VP more.",
                        vp=tile["number"],
                    ),
                )
            state["order"] = parsing.order(answer["order"], state["players"])
        self._move_marker(state, answer["dev"])
        state["pending"] = None
        if pending["phase"] == "spring":
            state["spring_done"] += 1
            state["step"] = "spring-turn" if state["spring_done"] < tile["number"] else "spring-end"
        else:
            self._next_summer_action(state)
        return Decision(
            logic.GAME,
            "action-income",
            decision.summary,
            decision.instructions,
            decision.trace + tracer.freeze(),
            {"action": action, **dict(answer)},
            decision.example_data,
        )

    def _advance_spring_end(self, state: State, answer: Mapping[str, Any]) -> None:
        self._add(state, answer["paid"])
        state["step"] = "summer-start"
        self._next_tile_from_pile(state)

    def _advance_summer_start(self, state: State, answer: Mapping[str, Any]) -> None:
        if state["tile"]:
            state["discarded"].append(state["tile"]["id"])
        state["tile"] = self._read_tile(state, answer)
        state["summer_index"] = 0
        state["step"] = "summer-pillar"

    def _advance_summer_pillar(self, state: State, answer: Mapping[str, Any]) -> Decision:
        self._add(state, answer["paid"])
        pillars = {a: [answer["p_" + a]] for a in self._summer_walk(state)}
        decision = logic.summer_pillar(
            pillars,
            state["pricing"],
            state["tile"]["actions"][0],
            state["example"] or self._tile_example(state),
        )
        if decision.result["outcome"] == "pillar":
            state["pillar"] = decision.result
            state["step"] = "summer-take"
        else:
            state["step"] = "summer-action"
        return decision

    def _advance_summer_take(self, state: State, answer: Mapping[str, Any]) -> None:
        expected = state["pillar"]["markers"]
        got = sum(answer["taken"].values())
        if got != expected:
            raise IllegalInput(
                f"the pillar held {expected} marker(s), the colours add up to {got}", "taken"
            )
        self._add(state, answer["taken"])
        state["step"] = "summer-pillar" if answer["again"] else "summer-action"
        state["pillar"] = None

    def _advance_summer_action(self, state: State, answer: Mapping[str, Any]) -> Decision:
        self._add(state, answer["paid"])
        action = state["pricing"]["actions"][state["summer_index"]]
        decision = logic.summer_action(
            state["trays"], state["board"], state["tile"], action, self._example(state)
        )
        if decision.result["outcome"] == "execute":
            self._take(state, decision.result["colour"], 3)
            state["pending"] = {"action": action, "phase": "summer"}
            state["step"] = "action"
        else:
            self._next_summer_action(state)
        return decision

    def _next_summer_action(self, state: State) -> None:
        state["summer_index"] += 1
        if state["summer_index"] < len(state["pricing"]["actions"]):
            state["step"] = "summer-action"
        else:
            state["step"] = "autumn-start"

    def _advance_autumn_start(self, state: State, answer: Mapping[str, Any]) -> Decision | None:
        self._add(state, answer["paid"])
        members = parsing.positions(answer["positions"])
        total = len(members) if members else answer["members"]
        decision = None
        order: list[str] = []
        if members:
            decision = logic.autumn_order(members, state["marker"], False)
            order = decision.result["order"]
            where = {m["id"]: m for m in members}
            order = [
                f"{i} ({where[i]['distance']}@{where[i]['side']})"
                if where[i]["distance"]
                else f"{i} (on the camp)"
                for i in order
            ]
        state["members_on_map"] = total
        state["autumn"] = {"total": total, "done": 0, "order": order}
        state["step"] = "autumn-member" if total else "round-end"
        return decision

    def _advance_autumn_member(self, state: State, answer: Mapping[str, Any]) -> Decision:
        lane = []
        for kind in answer.get("lane", []):
            item: dict[str, Any] = {
                "priority": "megalith" if kind.startswith("megalith") else kind,
                "distance": None,
                "line": "centre",
            }
            if kind == "megalith-occupied":
                item["occupied"] = True
            lane.append(item)
        order = state["autumn"].get("order") or []
        done = state["autumn"]["done"]
        member = f"Member {order[done]}" if done < len(order) else f"Member {done + 1}"
        decision = logic.autumn_move(
            state["trays"],
            state["board"],
            state["marker"],
            lane,
            bool(answer.get("near_megalith", False)),
            self._example(state, tile=False),
            member,
        )
        result = decision.result
        if result.get("colour"):
            self._take(state, result["colour"], result["returned"])
        state["autumn"]["done"] += 1
        priority = result.get("priority") if result["outcome"] == "move" else None
        if priority == "campsite":
            state["campsites"] += 1
            state["members_on_map"] = max(0, state["members_on_map"] - 1)
        if priority in {"hunting-tile", "gathering-tile", "fishing-tile", "action-marker"}:
            state["pending"] = {"priority": priority}
            state["step"] = "autumn-result"
        else:
            self._next_member(state)
        return decision

    def _next_member(self, state: State) -> None:
        autumn = state["autumn"]
        state["step"] = "autumn-member" if autumn["done"] < autumn["total"] else "round-end"

    def _advance_autumn_result(self, state: State, answer: Mapping[str, Any]) -> None:
        if "marker_colour" in answer:
            state["trays"][answer["marker_colour"]] += 1
        self._add(state, answer["gained"])
        self._add(state, answer["paid"])
        state["vp"] += answer["vp"]
        self._move_marker(state, answer["dev"])
        state["pending"] = None
        self._next_member(state)

    def _advance_round_end(self, state: State, answer: Mapping[str, Any]) -> None:
        state["vp"] += answer["vp"]
        if state["round"] >= ROUNDS:
            state["step"] = "final"
            return
        state["round"] += 1
        self._enter_spring(state)

    def _advance_final(self, state: State, answer: Mapping[str, Any]) -> Decision:
        players = {str(p): answer[f"p{p}"] for p in range(1, state["players"] + 1)}
        decision = logic.final_result(answer["tribe_vp"], players)
        state["final"] = decision.to_json()
        state["step"] = "end"
        return decision

    # -- decisions, board, status ------------------------------------------------------------

    def decisions(self) -> Mapping[str, Any]:
        from rules.games.marauders.situations import DECISIONS

        return DECISIONS

    def board(self, state: State) -> dict[str, Any]:
        from rules.games.marauders.scene import control_board_scene

        return control_board_scene(state)

    def status(self, state: State) -> tuple[Msg, ...]:
        from rules.games.marauders.scene import status_lines

        return status_lines(state)


def priority_walk(state: State) -> list[str]:
    """The map priorities in the order the tribe tries them (from the marker, clockwise)."""
    return [cat.priority_at(state["board"], s) for s in clockwise_from(state["marker"])]
