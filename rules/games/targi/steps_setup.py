"""Set-up steps: the secret choice of 3 tiles (or the agreed same tiles), the reveal.

"Jeder Spieler erhält einen Satz aus 4 verschiedenen Aktionsplättchen. Dann
wählt jeder geheim 3 dieser Plättchen aus. Das jeweils übrig gebliebene
Plättchen wird in die Schachtel zurückgelegt." The screen asks the one tile put
back (the same choice as the 3 kept, one pick instead of three). The tiles a player keeps are
``unused`` from the moment both choices are made; the one put back is
``absent`` and can never be used (not even the joker at the reveal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import IllegalInput
from rules.game import State
from rules.games.targi.steps import Out, Step, queue_empty, step, table
from rules.games.targi.terms import PLAYERS, TILE, TILES, other, tile_list, who
from rules.machine import Edge
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

SET_UP = msg("Set-up")


def back_field() -> Field:
    """The one tile of the 4 that goes back in the box (the other 3 are kept): one choice,
    the same answer as choosing the 3 kept, in a press or two on the button box."""
    return Field(
        key="back",
        label=msg("Tile that goes back in the box"),
        kind="choice",
        choices=tuple(Choice(t, TILE[t]) for t in TILES),
    )


def kept(keep: list[str]) -> list[str]:
    """The 3 tiles kept, in the tiles' order (an answer saved as the 3 kept tiles)."""
    if len(set(keep)) != 3 or not set(keep) <= set(TILES):
        raise IllegalInput(
            msg("keep exactly 3 different tiles of your 4 (rule: each player chooses 3 tiles)"),
            "keep",
        )
    return [t for t in TILES if t in keep]


def all_but(back: str) -> list[str]:
    """The 3 tiles kept when ``back`` goes back in the box, in the tiles' order."""
    return [t for t in TILES if t != back]


def saved_answer(answer: Mapping[str, Any]) -> Mapping[str, Any]:
    """A choice saved as the 3 tiles kept (``keep``, before the question became the tile
    put back) as today's ``back``; anything else as it is."""
    if "keep" not in answer or "back" in answer:
        return answer
    rest = {k: v for k, v in answer.items() if k != "keep"}
    keep = answer["keep"]
    kept_tiles = kept(list(keep) if isinstance(keep, list | tuple) else [keep])
    return {**rest, "back": next(t for t in TILES if t not in kept_tiles)}


def hand_out(state: State) -> None:
    """Both choices made: the kept tiles are the players' own (unused), the 4th is in the box."""
    for player in PLAYERS:
        for tile in TILES:
            chosen = tile in state["chosen"][player]
            table(state)["tiles"][player][tile] = "unused" if chosen else "absent"
    state["queue"] = []


def prompt_secret(state: State) -> Prompt:
    player = state["queue"][0]
    lines = [
        msg("{other}: look away now.", other=who(other(player))),
        msg(
            "{p}: choose in secret the tile that goes back in the box; you keep the other 3.",
            p=who(player),
        ),
    ]
    if state["chosen"][other(player)] is not None:
        lines.append(msg("{other}'s choice is stored and stays hidden.", other=who(other(player))))
    return Prompt(
        step="secret",
        title=msg("{p} chooses tiles in secret", p=who(player)),
        phase=SET_UP,
        lines=tuple(lines),
        fields=(back_field(),),
        secret=True,
    )


def advance_secret(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    player = state["queue"].pop(0)
    state["chosen"][player] = all_but(answer["back"])
    if not state["queue"]:
        hand_out(state)
    return None  # nothing about the choice is shown: the other player is about to choose


def prompt_agree(state: State) -> Prompt:
    return Prompt(
        step="agree",
        title=msg("Choose the 3 tiles both players use"),
        phase=SET_UP,
        lines=(
            msg(
                "You agreed to play with the same tiles: choose together the one that goes "
                "back in the box."
            ),
        ),
        fields=(back_field(),),
    )


def advance_agree(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    tiles = all_but(answer["back"])
    for player in PLAYERS:
        state["chosen"][player] = list(tiles)
    hand_out(state)
    return None


def prompt_reveal(state: State) -> Prompt:
    lines = [msg("Both choices revealed. Lay your tiles face up with your other material.")]
    for player in PLAYERS:
        lines.append(
            msg("{p} keeps: {tiles}", p=who(player), tiles=tile_list(state["chosen"][player]))
        )
    lines.append(msg("Each action tile can be used only once."))
    return Prompt(step="reveal", title=msg("Tiles revealed"), phase=SET_UP, lines=tuple(lines))


def advance_reveal(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    return None


STEPS: dict[str, Step] = {
    "secret": step(
        prompt_secret, advance_secret, joker=False, then=(Edge("reveal", when=queue_empty),)
    ),
    "agree": step(prompt_agree, advance_agree, joker=False, then=(Edge("reveal"),)),
    "reveal": step(prompt_reveal, advance_reveal, then=(Edge("robber"),)),
}
