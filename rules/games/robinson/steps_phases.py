"""The phases around the action: event, morale, production, weather, night.

1 "Evento: não resolva a carta de evento ... Resolva apenas o ícone na carta
  (ícone de livro ou aventura)." The book icon brings the scenario's book
  effect (component data; each player's choice asked with the affordable
  one as the default), the adventure icon a token on that action.
2 "Moral: A moral é sempre 1 ... cada jogador recebe 1 marcador de
  determinação".
3 "Produção: Cada jogador recebe os recursos no tile onde está seu
  acampamento" (the camp tile's resource icons, component data).
5 "Tempo: Apenas o primeiro jogador lança os dados uma vez, mas todos os
  jogadores são afetados."
6 "Noite: Cada jogador come e sofre penalidades como se ele fosse o único
  jogador. Os jogadores podem então mover seu acampamento na ordem do
  jogador. Um jogador nunca pode mover um acampamento em um ladrilho onde
  já existe outro acampamento." First every player eats (one ``night`` step
  each; a death at night removes only that player), *then* the camps move in
  player order (one ``move-camp`` step for each player who has a space to go
  to), so a tile freed by a death at night is free for every mover.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.game import State
from rules.games.robinson.model import (
    alive,
    camp_owner,
    change_hearts,
    change_tracks,
    in_order,
    player,
    set_track,
)
from rules.games.robinson.steps import Out, Step, cat, other_field, scenario, step, step_prompt
from rules.games.robinson.terms import CATEGORY, ICON, RESOURCE, space, text, who
from rules.machine import Edge
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

ICONS = tuple(ICON)

# -- 1 Event --------------------------------------------------------------------------------


def prompt_event(state: State) -> Prompt:
    return step_prompt(
        state,
        step="event",
        title=msg("Event: resolve only the icon"),
        lines=(
            msg("Draw the event card but do not resolve it and do not put it on the threat field."),
            msg("Resolve only its icon."),
        ),
        fields=(
            Field(
                key="icon",
                label=msg("Icon on the event card"),
                kind="choice",
                choices=tuple(Choice(i, ICON[i]) for i in ICONS),
            ),
            other_field(state),
        ),
    )


def advance_event(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    icon = answer["icon"]
    book = scenario(state)["book"]
    if icon == "book":
        out.notes.append(msg("Book icon: {text}", text=text(book["text"])))
        out.tracer.decide(
            "event", msg("only the icon counts: the book icon brings the scenario's book effect")
        )
        if len(book["choices"]) == 1:
            for pid in in_order(state):
                change_tracks(state, pid, book["choices"][0]["changes"], out.notes)
        return msg("Event card: only its book icon counts")
    cat_name = icon.split("-")[1]
    if cat_name not in state["adventure_tokens"]:
        state["adventure_tokens"].append(cat_name)
    out.notes.append(msg("Place an adventure token on the {what} action.", what=CATEGORY[cat_name]))
    out.tracer.decide(
        "event", msg("only the icon counts: an adventure token on {what}", what=CATEGORY[cat_name])
    )
    return msg("Event card: only its adventure icon counts")


def affordable(state: State, pid: str, changes: Mapping[str, int]) -> bool:
    """A choice the player can pay (losing a resource they have); hearts can always be lost."""
    p = player(state, pid)
    return all(p[t] + d >= 0 for t, d in changes.items() if t != "hearts")


def book_default(state: State, pid: str) -> str:
    choices = scenario(state)["book"]["choices"]
    for choice in choices:
        if affordable(state, pid, choice["changes"]):
            return str(choice["id"])
    return str(choices[-1]["id"])


def prompt_book(state: State) -> Prompt:
    book = scenario(state)["book"]
    return step_prompt(
        state,
        step="book",
        title=msg("Book icon"),
        lines=(text(book["text"]),),
        fields=tuple(
            Field(
                key=f"book_{pid}",
                label=who(pid),
                kind="choice",
                default=book_default(state, pid),
                choices=tuple(Choice(c["id"], text(c["text"])) for c in book["choices"]),
            )
            for pid in in_order(state)
        ),
    )


def advance_book(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    choices = {c["id"]: c for c in scenario(state)["book"]["choices"]}
    for pid in in_order(state):
        choice = choices[answer[f"book_{pid}"]]
        out.notes.append(msg("{p} {what}.", p=who(pid), what=text(choice["text"])))
        change_tracks(state, pid, choice["changes"], out.notes)
    return None


# -- 2 Morale, 3 Production -------------------------------------------------------------------


def prompt_morale(state: State) -> Prompt:
    return step_prompt(
        state,
        step="morale",
        title=msg("Morale stays at 1"),
        lines=(msg("Every player takes 1 determination token."),),
        fields=(other_field(state),),
    )


def advance_morale(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    for pid in in_order(state):
        set_track(state, pid, "determination", player(state, pid)["determination"] + 1, out.notes)
    out.tracer.decide("morale", msg("morale is always 1; each player gets 1 determination token"))
    return msg("Morale 1: each player takes 1 determination token")


def production(state: State, pid: str) -> tuple[str, list[str]]:
    """The camp's space and the resource icons of its tile."""
    where = player(state, pid)["camp"]
    tile = cat(state).tiles[state["island"][where]]
    return where, list(tile.resources)


def prompt_production(state: State) -> Prompt:
    lines = []
    for pid in in_order(state):
        where, resources = production(state, pid)
        lines.append(
            msg(
                "{p} takes {resources} from the tile on {s}, where their camp is.",
                p=who(pid),
                resources=_resources(resources),
                s=space(where),
            )
        )
    return step_prompt(
        state,
        step="production",
        title=msg("Production at each camp"),
        lines=tuple(lines),
        fields=(other_field(state),),
    )


def _resources(resources: list[str]) -> Msg:
    if not resources:
        return msg("nothing")
    out = msg("1 {r}", r=RESOURCE[resources[0]])
    for r in resources[1:]:
        out = msg("{a} and 1 {r}", a=out, r=RESOURCE[r])
    return out


def advance_production(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    for pid in in_order(state):
        _, resources = production(state, pid)
        change_tracks(state, pid, dict.fromkeys(resources, 1), out.notes)
    out.tracer.decide("production", msg("each player takes the resources of their own camp's tile"))
    from rules.games.robinson.steps_action import start_placement

    start_placement(state)
    return None


# -- 5 Weather --------------------------------------------------------------------------------


def prompt_weather(state: State) -> Prompt:
    return step_prompt(
        state,
        step="weather",
        title=msg("Weather: {p} rolls once", p=who(state["first"])),
        lines=(
            msg("Only the first player rolls the weather dice, once; every player is affected."),
        ),
        fields=(
            Field(
                key="hearts",
                label=msg("Hearts lost by each player"),
                kind="counts",
                default=dict.fromkeys(in_order(state), 0),
                minimum=0,
                choices=tuple(
                    Choice(p, who(p), limit=player(state, p)["hearts"]) for p in in_order(state)
                ),
            ),
            other_field(state),
        ),
    )


def advance_weather(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    out.tracer.decide(
        "weather",
        msg("only the first player ({p}) rolls, once; everyone is affected", p=who(state["first"])),
    )
    for pid, lost in answer["hearts"].items():
        if lost:
            out.notes.append(msg("{p} loses {n} heart(s).", p=who(pid), n=lost))
            change_hearts(state, pid, -lost, out.notes)
    state["queue"] = in_order(state)
    return None


# -- 6 Night ----------------------------------------------------------------------------------


def night_defaults(state: State, pid: str) -> tuple[int, int]:
    """Food eaten and hearts lost as if the player were alone (component data ``night``)."""
    night = cat(state).night
    p = player(state, pid)
    need = night["food_per_player"]
    eaten = min(p["food"], need)
    lost = (need - eaten) * night["hearts_per_missing_food"]
    if not p["shelter"]:
        lost += night["hearts_without_shelter"]
    return eaten, lost


def camp_moves(state: State, pid: str) -> list[str]:
    """Explored spaces the camp may move to: never onto a tile with another camp."""
    own = player(state, pid)["camp"]
    return [s for s in state["island"] if s != own and camp_owner(state, s) is None]


def prompt_night(state: State) -> Prompt:
    pid = state["queue"][0]
    p = player(state, pid)
    eaten, lost = night_defaults(state, pid)
    return step_prompt(
        state,
        step="night",
        title=msg("Night: {p} eats alone", p=who(pid)),
        lines=(msg("{p} eats and suffers penalties as if they were the only player.", p=who(pid)),),
        fields=(
            Field(
                key="food",
                label=msg("Food eaten"),
                kind="int",
                default=eaten,
                minimum=0,
                maximum=p["food"],
            ),
            Field(
                key="hearts",
                label=msg("Hearts lost at night"),
                kind="int",
                default=min(lost, p["hearts"]),  # more than all is death all the same
                minimum=0,
                maximum=p["hearts"],
            ),
            other_field(state),
        ),
    )


def advance_night(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    pid = state["queue"][0]
    p = player(state, pid)
    night = cat(state).night
    if answer["food"]:
        set_track(state, pid, "food", p["food"] - answer["food"], out.notes)
    missing = night["food_per_player"] - answer["food"]
    out.tracer.add(
        "night",
        msg(
            "{p} eats {n} of {need} food, alone",
            p=who(pid),
            n=answer["food"],
            need=night["food_per_player"],
        ),
        missing=max(0, missing),
    )
    if answer["hearts"]:
        out.notes.append(msg("{p} loses {n} heart(s) at night.", p=who(pid), n=answer["hearts"]))
        change_hearts(state, pid, -answer["hearts"], out.notes)
    # The player's own night is over; a death removed them from the queue already, and
    # the next player's night still comes (each eats as if alone).
    if state["queue"] and state["queue"][0] == pid:
        state["queue"].pop(0)
    if not state["queue"]:
        start_camp_moves(state, out)
    return None


def start_camp_moves(state: State, out: Out) -> None:
    """Everyone has eaten: "os jogadores podem então mover seu acampamento na ordem do jogador"."""
    state["stage"] = "move-camp"
    state["queue"] = in_order(state)
    next_camp_mover(state, out)


def next_camp_mover(state: State, out: Out) -> None:
    """Skip the players with no space to move to; after the last mover the round ends."""
    while state["queue"] and not camp_moves(state, state["queue"][0]):
        state["queue"].pop(0)
    if not state["queue"]:
        end_round(state, out)


def prompt_move_camp(state: State) -> Prompt:
    pid = state["queue"][0]
    return step_prompt(
        state,
        step="move-camp",
        title=msg("Night: {p} may move the camp", p=who(pid)),
        lines=(
            msg("Everyone has eaten; the camps move in player order."),
            msg("Never onto a tile with another camp."),
        ),
        fields=(
            Field(
                key="camp",
                label=msg("Move the camp to (none: it stays)"),
                kind="multi",
                default=[],
                minimum=0,
                maximum=1,
                choices=tuple(Choice(s, space(s)) for s in camp_moves(state, pid)),
                places="hexes",
            ),
            other_field(state),
        ),
    )


def advance_move_camp(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    pid = state["queue"].pop(0)
    summary = None
    if answer["camp"]:
        where = answer["camp"][0]
        player(state, pid)["camp"] = where
        summary = msg("{p} moves the camp to {s}", p=who(pid), s=space(where))
        out.tracer.decide(
            "camp move",
            msg(
                "in player order, onto an explored space without another camp: {s}", s=space(where)
            ),
        )
    next_camp_mover(state, out)
    return summary


def end_round(state: State, out: Out) -> None:
    """Reading 10: the first player passes clockwise (base game), skipping the eliminated."""
    seats = [p["id"] for p in state["players"]]
    start = seats.index(state["first"])
    for seat in range(1, len(seats) + 1):
        candidate = seats[(start + seat) % len(seats)]
        if player(state, candidate)["alive"]:
            state["first"] = candidate
            break
    state["last_spots"] = {
        pid: [x["spot"] for x in state["placements"] if x["player"] == pid] for pid in alive(state)
    }
    state["placements"] = []
    state["round"] += 1
    if state["round"] > scenario(state)["rounds"]:
        state["stage"] = "over"
        return
    out.notes.append(msg("The first player token passes to {p}.", p=who(state["first"])))
    state["stage"] = "event"


def book_to_choose(state: State, answer: Mapping[str, Any]) -> bool:
    """The book icon came up and the scenario's book effect offers a choice."""
    return answer["icon"] == "book" and len(scenario(state)["book"]["choices"]) > 1


STEPS: dict[str, Step] = {
    "event": step(
        prompt_event, advance_event, then=(Edge("book", when=book_to_choose), Edge("morale"))
    ),
    "book": step(prompt_book, advance_book, then=(Edge("morale"),)),
    "morale": step(prompt_morale, advance_morale, then=(Edge("production"),)),
    # Production starts the placement (steps_action.start_placement names the step).
    "production": step(prompt_production, advance_production),
    "weather": step(prompt_weather, advance_weather, then=(Edge("night"),)),
    "night": step(prompt_night, advance_night),
    "move-camp": step(prompt_move_camp, advance_move_camp),
}
