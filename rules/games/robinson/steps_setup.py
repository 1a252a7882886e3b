"""Set-up: each player's camp (space and island tile), 2 starting items, hearts.

"Cada jogador recebe 2 itens iniciais." "cada jogador tem seus próprios itens
iniciais, recursos, invenções e seu próprio campo." The scenario's start
camps (component data) are the defaults; the players confirm them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import IllegalInput
from rules.game import State
from rules.games.robinson.model import camp_owner, owner_of, player
from rules.games.robinson.steps import Out, Step, cat, scenario, step, step_prompt
from rules.games.robinson.terms import space, terrain, text, tile, who
from rules.machine import Edge
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg


def free_spaces(state: State) -> list[str]:
    return [s for s in cat(state).spaces if s not in state["island"]]


def free_tiles(state: State) -> list[str]:
    placed = set(state["island"].values())
    return [t for t in cat(state).tiles if t not in placed]


def free_items(state: State) -> list[str]:
    return [i for i in cat(state).starting_items if owner_of(state, i) is None]


def start_camp(state: State, pid: str) -> dict[str, str] | None:
    """The scenario's start camp for this seat, while its space and tile are still free."""
    seat = [p["id"] for p in state["players"]].index(pid)
    camps = scenario(state).get("start_camps", [])
    if seat >= len(camps):
        return None
    camp: dict[str, str] = camps[seat]
    if camp["space"] in free_spaces(state) and camp["tile"] in free_tiles(state):
        return camp
    return None


def prompt_setup(state: State) -> Prompt:
    pid = state["queue"][0]
    c = cat(state)
    camp = start_camp(state, pid)
    tiles = free_tiles(state)
    return step_prompt(
        state,
        step="setup",
        title=msg("Set up {p}", p=who(pid)),
        lines=(
            msg("Each player has their own starting items, resources, inventions and camp."),
            msg(
                "Mark the camps with number markers and each player's levels "
                "with markers of their colour."
            ),
            msg("Pay building costs as if there were only two players."),
            msg("No wreckage card on the threat action field; no adventure cards."),
        ),
        # The items first: the only field with no default, so the step opens on it (#23).
        fields=(
            Field(
                key="items",
                label=msg("2 starting items"),
                kind="multi",
                minimum=2,
                maximum=2,
                choices=tuple(Choice(i, text(c.card_name(i))) for i in free_items(state)),
            ),
            Field(
                key="camp",
                label=msg("Camp space"),
                kind="choice",
                default=camp["space"] if camp else None,
                choices=tuple(Choice(s, space(s)) for s in free_spaces(state)),
                places="hexes",
            ),
            Field(
                key="tile",
                label=msg("Island tile of the camp"),
                kind="choice",
                default=camp["tile"] if camp else None,
                choices=tuple(
                    Choice(
                        t,
                        msg("{tile}: {terrain}", tile=tile(t), terrain=terrain(c.tiles[t].terrain)),
                    )
                    for t in tiles
                ),
            ),
            Field(
                key="hearts",
                label=msg("Hearts (character's life)"),
                kind="int",
                default=scenario(state)["hearts"],
                minimum=1,
                maximum=c.limits["hearts"],
            ),
        ),
    )


def advance_setup(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    pid = state["queue"].pop(0)
    c = cat(state)
    where, drawn = answer["camp"], answer["tile"]
    if camp_owner(state, where) is not None or where in state["island"]:
        raise IllegalInput(msg("{space} already holds a camp", space=space(where)), "camp")
    if len(set(answer["items"])) != 2:
        raise IllegalInput(msg("each player receives exactly 2 starting items"), "items")
    p = player(state, pid)
    p["camp"] = where
    p["hearts"] = p["life"] = answer["hearts"]
    p["cards"] = {
        i: {"kind": "starting", "markers": c.starting_items[i]["markers"]} for i in answer["items"]
    }
    state["island"][where] = drawn
    return msg(
        "{p}'s camp on {s} ({terrain})",
        p=who(pid),
        s=space(where),
        terrain=terrain(c.tiles[drawn].terrain),
    )


STEPS: dict[str, Step] = {
    "setup": step(
        prompt_setup, advance_setup, then=(Edge("event", when=lambda s, a: not s["queue"]),)
    )
}
