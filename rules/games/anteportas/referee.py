"""The steps of the confrontational variants (Capture the Flag, Area Control).

There is no Battle Phase: the assistant lists the preparations and general
rules, asks where the Spawn Points are, then referees the teams' turns
(:mod:`rules.games.anteportas.versus_play`): the active team tells its actions
through the guided builder, seen from its side, and ends its turn; at the end
of the game the assistant names the winner from the Units it tracked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.decision import Decision
from rules.errors import IllegalInput
from rules.game import State
from rules.games.anteportas import forms, questions
from rules.games.anteportas.actions import Table
from rules.games.anteportas.asking import Asker, Log, NeedChoice
from rules.games.anteportas.battle import SOLDIER_NAMES
from rules.games.anteportas.kit import Kit, kit_of
from rules.games.anteportas.scene import hex_units, hex_words
from rules.games.anteportas.versus import GENERAL_RULES, TEAMS
from rules.games.anteportas.versus_play import (
    OFF_EDGE,
    TURNS_EACH,
    active,
    end_turn,
    new_teams,
    over_the_edge,
    per_team,
    play,
    player_round,
    view,
)
from rules.games.anteportas.words import farmers_citizens
from rules.machine import copy_state
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
B_NAMES = {
    SOLDIER_NAMES["farmer"].template: msg("Basic Unit"),
    SOLDIER_NAMES["citizen"].template: msg("Elite Unit"),
}
#: Actions of the cooperative builder the referee offers (the rest stay the players' own).
VERSUS_ACTIONS = (
    "enlist",
    "discharge",
    "deploy",
    "advance",
    "rotate",
    "rotate2",
    "heal",
    "upright",
    "mine",
    "trap",
    "build",
    "gunfire",
)
#: Default Spawn Points (A, B) per variant: on the edges, or closer together.
SPAWN_DEFAULTS = {"capture_the_flag": (2, 27), "area_control": (7, 22)}


def setup(state: State, kit: Kit) -> None:
    state["stage"] = "versus-prep"
    state["teams"] = new_teams(kit)
    state["spawns"] = {}
    state["turn"] = 0
    state["winner"] = None


def _title(state: State) -> Msg:
    return msg("Capture the Flag") if state["mode"] == "capture_the_flag" else msg("Area Control")


def _hexes(hexes: list[int]) -> tuple[Choice, ...]:
    return tuple(Choice(str(h), msg("#{hex}", hex=h)) for h in hexes)


def _prompt(state: State, **kwargs: Any) -> Prompt:
    return Prompt(phase=_title(state), round=state["half"], **kwargs)


def prompt(state: State) -> Prompt:
    kit = kit_of(state)
    if state["stage"] == "versus-prep":
        a, b = SPAWN_DEFAULTS[state["mode"]]
        return _prompt(
            state,
            step="versus-prep",
            title=msg("Preparations and general rules"),
            lines=(*PREPARATIONS, SPAWN_NOTE[state["mode"]], *GENERAL_RULES),
            fields=tuple(
                Field(
                    key=f"spawn_{t.lower()}",
                    label=msg("{team}: Spawn Point", team=TEAM_NAMES[t]),
                    kind="choice",
                    default=str(d),
                    choices=_hexes(sorted(kit.board.hexes)),
                    places="hexes",
                )
                for t, d in (("A", a), ("B", b))
            ),
        )
    if state["stage"] == "versus-done":
        return _prompt(
            state,
            step="versus-done",
            title=msg("Game over"),
            lines=tuple(Msg.from_json(m) for m in state["log"]),
            finished=True,
        )
    pending = state.get("pending")
    if pending:
        question = _open_question(state)
        decides = TEAM_NAMES[question["decides"]]
        return _prompt(
            state,
            step="choice",
            title=questions.title(question),
            lines=(
                *questions.lines(question),
                msg("{team} was defeated and decides.", team=decides),
            ),
            fields=(questions.question_field(question, view(state, active(state), kit)),),
        )
    team = active(state)
    if state.get("builder"):
        return _builder_prompt(state, kit)
    return _prompt(
        state,
        step="versus-turn",
        title=msg(
            "{team}: player {p}, turn {t} of {n}",
            team=TEAM_NAMES[team],
            p=(state["turn"] // 2) % per_team(state) + 1,
            t=player_round(state) + 1,
            n=TURNS_EACH,
        ),
        lines=(
            msg("Tell me each change on the Battleground; then end the turn."),
            *_listing(state),
        ),
        fields=(_menu(state, kit),),
    )


def _listing(state: State) -> list[Msg]:
    lines = []
    for team in TEAMS:
        field = {"hexes": {k: v for k, v in state["teams"][team]["units"].items()}, "troops": {}}
        for key in sorted(field["hexes"], key=int):
            words = hex_words(hex_units(field, int(key)))
            if words is not None:
                lines.append(
                    msg(
                        "{team}, #{hex}: {what}",
                        team=TEAM_NAMES[team],
                        hex=int(key),
                        what=as_team(team, words),
                    )
                )
    return lines


def _menu(state: State, kit: Kit) -> Field:
    field = view(state, active(state), kit)
    legal = forms.offered(field, Table(), kit, soldier_only=False)
    names = [n for n in VERSUS_ACTIONS if n in legal]
    menu = forms.menu_field("end", msg("End of this turn"), names)
    return replace(
        menu, choices=(*menu.choices, Choice("score", msg("End of the game: name the winner")))
    )


def _page(state: State, kit: Kit) -> tuple[Field, ...] | None:
    builder = state["builder"]
    field = view(state, active(state), kit)
    fields = forms.page_fields(
        builder["do"], builder["page"], field, Table(), kit, builder["chosen"]
    )
    if fields is None:
        return None
    out = list(fields)
    if builder["do"] in ("deploy", "advance"):
        for i, f in enumerate(out):
            if f.key == "building":
                out.insert(
                    i + 1,
                    Field(
                        key="crew",
                        label=msg("Its manning Soldier moves along"),
                        kind="bool",
                        default=True,
                    ),
                )
                break
            start = int(builder["chosen"]["from"]) if f.key == "to" else None
            if start is not None and over_the_edge(state, active(state), start, kit):
                edge = Choice(str(OFF_EDGE), msg("over the opposite edge"))
                out[i] = replace(f, choices=(*f.choices, edge), default=None)
    return tuple(out)


def as_team(team: str, message: Msg) -> Msg:
    """Team B's Basic and Elite Units stand in for Farmers and Citizens: name them so."""
    if team == "A":
        return message
    if not message.params and message.template in B_NAMES:
        return B_NAMES[message.template]
    params = {k: as_team(team, v) if isinstance(v, Msg) else v for k, v in message.params.items()}
    return replace(message, params=params)


def _for_team(team: str, field: Field) -> Field:
    return replace(
        field,
        label=as_team(team, field.label),
        choices=tuple(replace(c, label=as_team(team, c.label)) for c in field.choices),
    )


def _builder_prompt(state: State, kit: Kit) -> Prompt:
    fields = _page(state, kit)
    assert fields is not None
    fields = tuple(_for_team(active(state), f) for f in fields)
    return _prompt(
        state,
        step="action",
        title=msg(
            "{team}: {action}",
            team=TEAM_NAMES[active(state)],
            action=forms.ACTION_LABELS[state["builder"]["do"]],
        ),
        fields=fields,
    )


def advance(state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
    kit = kit_of(state)
    if state["stage"] == "versus-prep":
        state["spawns"] = {t: int(answer[f"spawn_{t.lower()}"]) for t in TEAMS}
        if state["spawns"]["A"] == state["spawns"]["B"]:
            raise IllegalInput(msg("the two teams need different Spawn Points"), "spawn_b")
        for team in TEAMS:  # set-up 9: the third Farmer of each player as a Soldier on it
            state["teams"][team]["units"][str(state["spawns"][team])] = {
                "soldiers": [{"kind": "farmer", "exhausted": False}] * per_team(state),
                "tile": None,
            }
        state["stage"] = "versus-turn"
        return state, None
    if state.get("pending"):
        question = _open_question(state)
        state["pending"]["answers"][question["key"]] = questions.answer_of(
            question, answer[questions.KEY]
        )
        return _finish(state, kit)
    if state.get("builder"):
        builder = state["builder"]
        builder["chosen"].update(answer)
        builder["page"] += 1
        return _skip(state, kit)
    choice = answer["action"]
    if choice == "end":
        said = end_turn(state, kit)
        state["log"] = [m.to_json() for m in said]
        return state, None
    if choice == "score":
        return _score(state, kit)
    state["builder"] = {"do": choice, "page": 0, "chosen": {}}
    return _skip(state, kit)


def _skip(state: State, kit: Kit) -> tuple[State, Decision | None]:
    builder = state["builder"]
    while True:
        fields = _page(state, kit)
        if fields is None:
            field = view(state, active(state), kit)
            action = forms.action_from(builder["do"], builder["chosen"], field)
            action.setdefault("crew", bool(builder["chosen"].get("crew", False)))
            state["builder"] = None
            state["pending"] = {"action": action, "answers": {}}
            return _finish(state, kit)
        auto = forms.self_answered(fields)
        if auto is None:
            return state, None
        builder["chosen"].update(auto)
        builder["page"] += 1


def _resolve(state: State, kit: Kit) -> tuple[State, Log]:
    work = copy_state(state)
    log = Log()
    play(work, dict(state["pending"]["action"]), kit, Asker(state["pending"]["answers"], log))
    return work, log


def _open_question(state: State) -> dict[str, Any]:
    try:
        _resolve(state, kit_of(state))
    except NeedChoice as need:
        return need.question
    raise IllegalInput(msg("no question is open"))


def _finish(state: State, kit: Kit) -> tuple[State, Decision | None]:
    try:
        done, log = _resolve(state, kit)
    except NeedChoice:
        return state, None
    done["pending"] = None
    done["log"] = [m.to_json() for m in log.steps]
    decision = Decision(
        game="anteportas",
        kind="table",
        summary=msg("Battleground updated"),
        instructions=tuple(log.steps),
        trace=log.tracer.freeze(),
        example_data=kit.example,
        referee=True,
    )
    if done.get("winner"):
        return _score(done, kit)
    return done, decision


def _score(state: State, kit: Kit) -> tuple[State, Decision | None]:
    from rules.games.anteportas.decisions import run_area, run_flag

    teams = {t: state["teams"][t]["units"] for t in TEAMS}
    if state["mode"] == "area_control":
        decision = run_area(
            {
                "kit": kit,
                "teams": {
                    t: {"spawn_point": state["spawns"][t], "battleground": teams[t]} for t in TEAMS
                },
            }
        )
    else:
        decision = run_flag(
            {
                "kit": kit,
                "teams": {t: {"mobile_units": mobile_hexes(teams[t], kit)} for t in TEAMS},
                "crossed": state.get("winner"),
            }
        )
    state["stage"] = "versus-done"
    state["log"] = [decision.summary.to_json()]
    return state, replace(decision, referee=True)  # the winner named by the referee


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
    """Both teams' Units per hex (``teams``: ``{"A": units, "B": units}`` as in the
    cooperative scene's ``units``), the Spawn Points marked."""
    kit = kit_of(state)
    hexes = []
    spawns = {v: k for k, v in state.get("spawns", {}).items()}
    for hex_id, (q, r) in sorted(kit.board.hexes.items()):
        teams: dict[str, Any] = {}
        for team in TEAMS:
            units = state["teams"][team]["units"]
            if str(hex_id) in units:
                field = {"hexes": {str(hex_id): units[str(hex_id)]}, "troops": {}}
                teams[team] = hex_units(field, hex_id)
        hexes.append(
            {
                "id": str(hex_id),
                "q": q,
                "r": r,
                "label": str(hex_id),
                "teams": teams,
                "shade": "spawn" if hex_id in spawns else None,
                "highlight": False,
            }
        )
    return {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "title": _title(state).to_json(),
        "facts": [[m.to_json(), ""] for m in _listing(state)],
        "example_data": kit.example,
        "hexes": hexes,
        "path": [],
        "arrows": [],
    }


def status(state: State) -> tuple[Msg, ...]:
    out = [_title(state)]
    for team in TEAMS:
        sick = state["teams"][team]["sickbay"]
        out.append(
            msg(
                "{team} Sickbay: {people}",
                team=TEAM_NAMES[team],
                people=farmers_citizens(sick["farmer"], sick["citizen"]),
            )
        )
    return tuple(out)
