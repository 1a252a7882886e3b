"""A short test game whose steps use every prompt field kind and every board-scene kind.

It stands in for the real game modules while the app is built: a set-up
checklist, a counts field the camera could prefill, a bot decision with a
trace on example data, a choice without a default, a bool, an int, and
scenes of the kinds ``facts``, ``control-board``, ``columns``, ``hex-grid``
and ``tracks``. Import :func:`ensure_registered` to add it to the registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.game import Game, State
from rules.machine import copy_state
from rules.prompt import Choice, Field, Prompt
from rules.registry import all_games, register
from rules.text import Msg, msg

COLOURS = ("yellow", "red", "blue")
ACTIONS = ("hunt", "gather", "build")


def _counts_field(default: dict[str, int]) -> Field:
    return Field(
        key="markers",
        label=msg("Markers on the fishing tray"),
        kind="counts",
        default=default,
        maximum=9,
        choices=tuple(Choice(c, msg(c)) for c in COLOURS),
        camera="tray_counts",
    )


class SceneGame(Game):
    name = "scenes"
    title = "Scene test game"
    role = "exercises every screen of the app"

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(key="players", label=msg("Players"), kind="int", default=2, minimum=1, maximum=3),
            Field(
                key="difficulty",
                label=msg("Difficulty"),
                kind="choice",
                default="normal",
                choices=tuple(Choice(v, msg(v)) for v in ("easy", "normal", "hard")),
            ),
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        return {
            "step": 0,
            "players": options["players"],
            "markers": {"yellow": 3, "red": 1, "blue": 2},
            "action": None,
            "attacked": False,
            "moved": 0,
            "score": 0,
        }

    # -- the bot ------------------------------------------------------------------------

    @staticmethod
    def spring_decision(markers: Mapping[str, int]) -> Decision:
        tracer = Tracer()
        best = max(COLOURS, key=lambda c: (markers[c], -COLOURS.index(c)))
        tracer.add("compare", f"counted {dict(markers)}", **dict(markers))
        tracer.add("tie-break", f"{best} has the most markers (ties go to the first colour)")
        return Decision(
            game="scenes",
            kind="spring-tray",
            summary=msg("Take the {colour} tray", colour=msg(best)),
            instructions=(
                msg("Move {n} {colour} marker(s) to the supply", n=markers[best], colour=msg(best)),
                msg("Put the priority marker on the next side"),
            ),
            trace=tracer.freeze(),
            result={"colour": best},
            example_data=True,
        )

    # -- steps --------------------------------------------------------------------------

    def prompt(self, state: State) -> Prompt:
        step = state["step"]
        if step == 0:
            return Prompt(
                step="setup-board",
                title=msg("Set up the table"),
                phase=msg("Set-up"),
                lines=(
                    msg("Put the control board in the middle of the table"),
                    msg("Shuffle the marauder tiles and put them face down"),
                    msg("Each player takes {n} markers of their colour", n=5),
                ),
            )
        if step == 1:
            return Prompt(
                step="count",
                title=msg("Count the fishing tray"),
                phase=msg("Spring"),
                lines=(msg("Check the counts the camera read, then confirm"),),
                fields=(_counts_field(dict(state["markers"])),),
            )
        if step == 2:
            return Prompt(
                step="bot-spring",
                title=msg("The marauders choose a tray"),
                phase=msg("Spring"),
                decision=self.spring_decision(state["markers"]),
                confirm_label=msg("Done"),
            )
        if step == 3:
            return Prompt(
                step="summer",
                title=msg("What did the players do?"),
                phase=msg("Summer"),
                fields=(
                    Field(
                        key="action",
                        label=msg("Action"),
                        kind="choice",
                        choices=tuple(Choice(a, msg(a)) for a in ACTIONS),
                    ),
                    Field(
                        key="attacked",
                        label=msg("Did the marauders attack?"),
                        kind="bool",
                        default=False,
                    ),
                ),
            )
        if step == 4:
            return Prompt(
                step="move",
                title=msg("Move the raiders"),
                phase=msg("Autumn"),
                fields=(
                    Field(
                        key="moved",
                        label=msg("Steps moved"),
                        kind="int",
                        default=1,
                        minimum=0,
                        maximum=6,
                    ),
                ),
            )
        if step == 5:
            return Prompt(step="score", title=msg("Score the round"), phase=msg("Winter"))
        return Prompt(step="end", title=msg("Game over"), phase=msg("End"), finished=True)

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        state = copy_state(state)  # pure, as every game's advance
        step = state["step"]
        decision = None
        if step == 1:
            state["markers"] = dict(answer["markers"])
        elif step == 2:
            decision = self.spring_decision(state["markers"])
        elif step == 3:
            state["action"] = answer["action"]
            state["attacked"] = answer["attacked"]
        elif step == 4:
            state["moved"] = answer["moved"]
        elif step == 5:
            state["score"] = sum(state["markers"].values()) + state["moved"]
        state["step"] = step + 1
        return state, decision

    # -- pictures -----------------------------------------------------------------------

    def board(self, state: State) -> dict[str, Any]:
        step = state["step"]
        facts = [
            [msg("Players").to_json(), str(state["players"])],
            [msg("Score").to_json(), str(state["score"])],
        ]
        if step == 0:
            return {"kind": "facts", "title": msg("Table").to_json(), "facts": facts}
        if step in (1, 2):
            chosen = self.spring_decision(state["markers"]).result["colour"] if step == 2 else None
            sides = []
            for side in range(6):
                colour = COLOURS[side % 3] if side < 3 else None
                sides.append(
                    {
                        "side": side,
                        "tray": {"colour": colour, "count": state["markers"][colour]}
                        if colour
                        else None,
                        "action": msg(("fishing", "hunting", "gathering")[side % 3]).to_json(),
                        "priority": msg("animal").to_json(),
                    }
                )
            return {
                "kind": "control-board",
                "title": msg("Control board").to_json(),
                "sides": sides,
                "priority_marker": 2,
                "centre": msg("Tile {id}: {n} actions", id="M03", n=2).to_json(),
                "framed_side": 0,
                "highlight_side": COLOURS.index(chosen) if chosen else None,
                "facts": facts,
                "example_data": True,
            }
        if step == 3:
            return {
                "kind": "columns",
                "title": msg("Action columns").to_json(),
                "columns": [
                    {
                        "title": msg(a).to_json(),
                        "items": [{"text": "Nomads", "colour": "red"}] if a == "hunt" else [],
                        "highlight": a == "gather",
                        "blocked": a == "build",
                    }
                    for a in ACTIONS
                ],
                "marked": 1,
                "arrows": {"big": "left", "small": "down"},
                "strip": [msg("Discard: 2 cards").to_json()],
                "facts": facts,
            }
        if step == 4:
            hexes = []
            cells = [(q, row) for row in range(4) for q in range(-(row // 2), 5 - (row // 2))]
            for number, (q, r) in enumerate(cells):
                hid = str(number + 1)
                hexes.append(
                    {
                        "id": hid,
                        "q": q,
                        "r": r,
                        "label": hid,
                        "tokens": [{"text": "2B", "colour": "red"}] if hid == "3" else [],
                        "shade": "spawn" if r == 0 else ("bottom" if r == 3 else None),
                        "highlight": hid == "12",
                    }
                )
            return {
                "kind": "hex-grid",
                "title": msg("Battleground").to_json(),
                "hexes": hexes,
                "path": ["3", "8", "12", "17"],
                "arrows": [{"from": "12", "to": "17"}],
                "facts": facts,
            }
        return {
            "kind": "tracks",
            "title": msg("Scores").to_json(),
            "players": [
                {
                    "name": "Blue",
                    "colour": "blue",
                    "active": True,
                    "rows": [[msg("Score").to_json(), str(state["score"])]],
                    "tokens": [{"text": "Tile", "used": False}],
                },
                {
                    "name": "Bot",
                    "colour": "red",
                    "active": False,
                    "rows": [[msg("Score").to_json(), "4"]],
                    "tokens": [{"text": "Tile", "used": True}],
                },
            ],
            "facts": facts,
        }

    def status(self, state: State) -> tuple[Msg, ...]:
        return (msg("Score: {n}", n=state["score"]),)


def ensure_registered() -> SceneGame:
    """Register the scene game (and the core's toy game) once; return the scene game."""
    from tests.support.toy_game import ToyGame

    games = all_games()
    if "toy" not in games:
        register(ToyGame())
    found = games.get("scenes")
    if isinstance(found, SceneGame):
        return found
    return register(SceneGame())  # type: ignore[return-value]


ensure_registered()
