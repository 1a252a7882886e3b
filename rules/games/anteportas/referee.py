"""The referee flow of the confrontational variants (Capture the Flag, Area Control).

There is no Battle Phase: the assistant lists the preparations and general rules,
then, at game end, reads each team's Units and names the winner. Teams type their
Units like ``4 F guard_post; 9 F; 6 F catapult`` (the ``set`` syntax of the table
commands without the word ``set``); team A plays from the bottom, team B from the top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.errors import IllegalInput, SituationError
from rules.game import State
from rules.games.anteportas.decisions import decide_area_control, decide_capture_the_flag
from rules.games.anteportas.table import SOLDIER_CODES, parse_hex, parse_tile
from rules.games.anteportas.units import defences
from rules.games.anteportas.versus import GENERAL_RULES
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

PREPARATIONS = (
    msg("Turn the Battleground to the side showing unnumbered hexes, between the two teams."),
    msg("4 players: teams sit opposite; play alternates between the teams, then within a team."),
    msg(
        "One team uses Farmers and Citizens, the other the Basic and Elite Units instead; "
        "limit the first team to as many Farmers and Citizens as there are Basic and Elite Units."
    ),
    msg("Each player starts with an additional Hunting Lodge and the usual three Farms."),
)
SPAWN_NOTE = {
    "capture_the_flag": msg("Capture the Flag: your Spawn Point is on the edge."),
    "area_control": msg("Area Control: your Spawn Points are closer together."),
}


def parse_team(text: str, field: str) -> dict[int, dict[str, Any]]:
    """``"4 F guard_post; 9 F"`` -> hex -> side."""
    units: dict[int, dict[str, Any]] = {}
    for part in text.split(";"):
        words = part.split()
        if not words or words == ["none"]:
            continue
        try:
            hex_id = parse_hex(words[0])
            soldiers, tile = [], None
            for token in words[1:]:
                if token in SOLDIER_CODES:
                    kind, tired = SOLDIER_CODES[token]
                    soldiers.append({"kind": kind, "exhausted": tired})
                elif tile is None:
                    tile = parse_tile(token)
                else:
                    raise IllegalInput("no hex can have more than one tile on it", field)
        except IllegalInput as exc:
            raise IllegalInput(exc.reason, field) from None
        units[hex_id] = {"soldiers": soldiers, "tile": tile}
    return units


def mobile_hexes(units: dict[int, dict[str, Any]]) -> list[int]:
    """One entry per Mobile Unit (Soldiers, Catapults, Howitzers) by hex."""
    out = []
    for hex_id, s in units.items():
        out += [hex_id] * len(s["soldiers"])
        tile = s["tile"]
        if tile and tile["type"] == "building" and defences().buildings[tile["kind"]]["mobile"]:
            out.append(hex_id)
    return out


def prompt(state: State) -> Prompt:
    mode = state["mode"]
    title = msg("Capture the Flag") if mode == "capture_the_flag" else msg("Area Control")
    if state["stage"] == "versus-prep":
        lines: list[Msg] = [*PREPARATIONS, SPAWN_NOTE[mode]]
        lines += list(GENERAL_RULES)
        return Prompt(
            step="versus-prep",
            title=msg("Preparations and general rules"),
            phase=title,
            lines=tuple(lines),
        )
    if state["stage"] == "versus-done":
        return Prompt(
            step="versus-done",
            title=msg("Game over"),
            phase=title,
            lines=tuple(Msg.from_json(m) for m in state["log"]),
            finished=True,
        )
    fields = [
        Field(key="team_a", label=msg("Team A (bottom) Units"), kind="text", default="none"),
        Field(key="team_b", label=msg("Team B (top) Units"), kind="text", default="none"),
    ]
    if mode == "area_control":
        fields += [
            Field(
                key="spawn_a",
                label=msg("Team A Spawn Point hex"),
                kind="int",
                default=2,
                minimum=1,
                maximum=28,
            ),
            Field(
                key="spawn_b",
                label=msg("Team B Spawn Point hex"),
                kind="int",
                default=27,
                minimum=1,
                maximum=28,
            ),
        ]
    else:
        fields.append(
            Field(
                key="crossed",
                label=msg("Did a team move a Unit over the opposite edge?"),
                kind="choice",
                default="none",
                choices=(
                    Choice("none", msg("no")),
                    Choice("A", msg("team A")),
                    Choice("B", msg("team B")),
                ),
            )
        )
    return Prompt(
        step="versus-end",
        title=msg("Game end: who wins?"),
        phase=title,
        lines=(msg("Type each team's Units, e.g. 4 F guard_post; 9 F; 6 F catapult"),),
        fields=tuple(fields),
    )


def advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    if state["stage"] == "versus-prep":
        state["stage"] = "versus-end"
        return state, None
    a = parse_team(str(answer["team_a"]), "team_a")
    b = parse_team(str(answer["team_b"]), "team_b")
    situation: dict[str, Any]
    try:
        if state["mode"] == "area_control":
            situation = {
                "teams": {
                    "A": {
                        "spawn_point": answer["spawn_a"],
                        "battleground": {str(h): s for h, s in a.items()},
                    },
                    "B": {
                        "spawn_point": answer["spawn_b"],
                        "battleground": {str(h): s for h, s in b.items()},
                    },
                }
            }
            decision = decide_area_control(situation)
        else:
            crossed = None if answer["crossed"] == "none" else answer["crossed"]
            situation = {
                "teams": {
                    "A": {"mobile_units": mobile_hexes(a)},
                    "B": {"mobile_units": mobile_hexes(b)},
                },
                "crossed": crossed,
            }
            decision = decide_capture_the_flag(situation)
    except SituationError as exc:
        raise IllegalInput(exc.problem, "team_b") from None
    state["stage"] = "versus-done"
    state["log"] = [decision.summary.to_json()]
    return state, decision
