"""The referee flow of the confrontational variants (Capture the Flag, Area Control).

There is no Battle Phase: the assistant lists the preparations and general rules,
then the table enters each team's Units hex by hex (tap a hex, set its Soldiers
and tile) and the assistant names the winner. Team A plays from the bottom,
team B from the top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.errors import IllegalInput
from rules.game import State
from rules.games.anteportas.battle import SOLDIER_NAMES, TILE_NAMES
from rules.games.anteportas.kit import Kit, kit_of
from rules.games.anteportas.scene import hex_words
from rules.games.anteportas.units import BUILDING_KINDS, MINE_KINDS
from rules.games.anteportas.versus import GENERAL_RULES, TEAMS
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
TEAM_NAMES = {"A": msg("Team A (bottom)"), "B": msg("Team B (top)")}


def setup(state: State, kit: Kit) -> None:
    state["stage"] = "versus-prep"
    state["teams"] = {"A": {}, "B": {}}
    state["versus_hex"] = None


def _title(state: State) -> Msg:
    return msg("Capture the Flag") if state["mode"] == "capture_the_flag" else msg("Area Control")


def _hexes(kit: Kit, hexes: list[int]) -> tuple[Choice, ...]:
    return tuple(Choice(str(h), msg("#{hex}", hex=h)) for h in hexes)


def prompt(state: State) -> Prompt:
    kit = kit_of(state)
    phase = _title(state)
    if state["stage"] == "versus-prep":
        return Prompt(
            step="versus-prep",
            title=msg("Preparations and general rules"),
            phase=phase,
            lines=(*PREPARATIONS, SPAWN_NOTE[state["mode"]], *GENERAL_RULES),
        )
    if state["stage"] == "versus-done":
        return Prompt(
            step="versus-done",
            title=msg("Game over"),
            phase=phase,
            lines=tuple(Msg.from_json(m) for m in state["log"]),
            finished=True,
        )
    editing = state["versus_hex"]
    if editing is not None:
        team, hex_id = editing["team"], editing["hex"]
        side = state["teams"][team].get(str(hex_id), {"soldiers": [], "tile": None})
        tile = side["tile"]
        return Prompt(
            step="versus-hex",
            title=msg("{team}: Units on #{hex}", team=TEAM_NAMES[team], hex=hex_id),
            phase=phase,
            fields=(
                Field(
                    key="soldiers",
                    label=msg("Soldiers"),
                    kind="counts",
                    minimum=0,
                    default={
                        k: sum(1 for x in side["soldiers"] if x["kind"] == k)
                        for k in ("farmer", "citizen")
                    },
                    choices=tuple(
                        Choice(k, SOLDIER_NAMES[k], limit=6) for k in ("farmer", "citizen")
                    ),
                ),
                Field(
                    key="tile",
                    label=msg("Tile"),
                    kind="choice",
                    default="none" if tile is None else str(tile.get("kind") or tile["type"]),
                    choices=(
                        Choice("none", msg("no tile")),
                        *(
                            Choice(k, TILE_NAMES[k])
                            for k in (*BUILDING_KINDS, *MINE_KINDS, "trap", "bomb")
                        ),
                    ),
                ),
            ),
        )
    fields: list[Field] = [
        Field(
            key="action",
            label=msg("What next?"),
            kind="choice",
            default="score",
            choices=(
                Choice("score", msg("Name the winner")),
                Choice("A", msg("Set a hex of team A")),
                Choice("B", msg("Set a hex of team B")),
            ),
        ),
        Field(
            key="hex",
            label=msg("Hex to set"),
            kind="choice",
            default=str(kit.board.spawn_point),
            choices=_hexes(kit, sorted(kit.board.hexes)),
            places="hexes",
        ),
    ]
    if state["mode"] == "area_control":
        fields += [
            Field(
                key=f"spawn_{t.lower()}",
                label=msg("{team}: Spawn Point", team=TEAM_NAMES[t]),
                kind="choice",
                default=str(kit.board.spawn_point if t == "A" else max(kit.board.spawn_area)),
                choices=_hexes(kit, sorted(kit.board.hexes)),
            )
            for t in TEAMS
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
    lines = [msg("Set each team's Units hex by hex, then name the winner.")]
    for team in TEAMS:
        for key, side in sorted(state["teams"][team].items(), key=lambda kv: int(kv[0])):
            words = hex_words(_units(side))
            if words is not None:
                lines.append(
                    msg("{team}, #{hex}: {what}", team=TEAM_NAMES[team], hex=int(key), what=words)
                )
    return Prompt(
        step="versus-end",
        title=msg("Game end: who wins?"),
        phase=phase,
        lines=tuple(lines),
        fields=tuple(fields),
    )


def _units(side: dict[str, Any]) -> dict[str, Any]:
    soldiers = {k: 0 for k in ("farmer", "farmer_exhausted", "citizen", "citizen_exhausted")}
    for x in side["soldiers"]:
        soldiers[x["kind"]] += 1
    tile = side["tile"]
    return {
        "soldiers": soldiers,
        "tile": None if tile is None else str(tile.get("kind") or tile["type"]),
    }


def _tile(value: str) -> dict[str, Any] | None:
    if value == "none":
        return None
    if value in MINE_KINDS:
        return {"type": "mine", "kind": value}
    if value in BUILDING_KINDS:
        return {"type": "building", "kind": value, "rotation": 0}
    return {"type": value}


def advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    from rules.games.anteportas.decisions import run_area, run_flag

    kit = kit_of(state)
    if state["stage"] == "versus-prep":
        state["stage"] = "versus-end"
        return state, None
    editing = state["versus_hex"]
    if editing is not None:
        team, key = editing["team"], str(editing["hex"])
        soldiers = [
            {"kind": k, "exhausted": False}
            for k in ("farmer", "citizen")
            for _ in range(answer["soldiers"][k])
        ]
        tile = _tile(answer["tile"])
        state["versus_hex"] = None
        if soldiers or tile:
            state["teams"][team][key] = {"soldiers": soldiers, "tile": tile}
        else:
            state["teams"][team].pop(key, None)
        return state, None
    if answer["action"] in TEAMS:
        team = answer["action"]
        other = TEAMS[1 - TEAMS.index(team)]
        if answer["hex"] in state["teams"][other]:
            raise IllegalInput(f"the other team holds #{answer['hex']}", "hex")
        state["versus_hex"] = {"team": team, "hex": int(answer["hex"])}
        return state, None
    teams = state["teams"]
    if state["mode"] == "area_control":
        decision = run_area(
            {
                "kit": kit,
                "teams": {
                    t: {"spawn_point": int(answer[f"spawn_{t.lower()}"]), "battleground": teams[t]}
                    for t in TEAMS
                },
            }
        )
    else:
        crossed = None if answer["crossed"] == "none" else answer["crossed"]
        decision = run_flag(
            {
                "kit": kit,
                "teams": {t: {"mobile_units": mobile_hexes(teams[t], kit)} for t in TEAMS},
                "crossed": crossed,
            }
        )
    state["stage"] = "versus-done"
    state["log"] = [decision.summary.to_json()]
    return state, decision


def mobile_hexes(units: Mapping[str, dict[str, Any]], kit: Kit) -> list[int]:
    """One entry per Mobile Unit (Soldiers, Catapults, Howitzers) by hex."""
    out = []
    for key, s in units.items():
        out += [int(key)] * len(s["soldiers"])
        tile = s["tile"]
        if tile and tile["type"] == "building" and kit.defences.buildings[tile["kind"]]["mobile"]:
            out.append(int(key))
    return sorted(out)


def board(state: State) -> dict[str, Any]:
    kit = kit_of(state)
    hexes = []
    for hex_id, (q, r) in sorted(kit.board.hexes.items()):
        units: dict[str, Any] = {}
        for team in TEAMS:
            side = state["teams"][team].get(str(hex_id))
            if side:
                units[team] = _units(side)
        hexes.append(
            {
                "id": str(hex_id),
                "q": q,
                "r": r,
                "label": str(hex_id),
                "teams": units,
                "tokens": [],
                "shade": None,
                "highlight": False,
            }
        )
    return {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "title": _title(state).to_json(),
        "facts": [],
        "example_data": True,
        "hexes": hexes,
        "path": [],
        "arrows": [],
    }


def status(state: State) -> tuple[Msg, ...]:
    return (_title(state),)
