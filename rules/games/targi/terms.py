"""The words of Targi the players read: colours, the four action tiles, goods.

Every term is a translatable :class:`~rules.text.Msg` (German from the rule
text: Joker-Warenplättchen, Targi-Plättchen, Stammesmarker-Plättchen,
Verzichtsplättchen; glossary in docs/ui.md). ``SHORT_TILE`` are the chip
labels of the player panel, short enough for a 90-px chip.
"""

from __future__ import annotations

from rules.text import Msg, msg

PLAYERS = ("blue", "white")
TILES = ("joker", "targi", "tribe", "renounce")
GOODS = ("dates", "salt", "pepper")

COLOUR = {"blue": msg("Blue"), "white": msg("White")}
TILE = {
    "joker": msg("joker goods tile"),
    "targi": msg("Targi tile"),
    "tribe": msg("tribe-marker tile"),
    "renounce": msg("renounce tile"),
}
SHORT_TILE = {
    "joker": msg("Joker"),
    "targi": msg("Targi"),
    "tribe": msg("Tribe"),
    "renounce": msg("Renounce"),
}
GOOD = {"dates": msg("dates"), "salt": msg("salt"), "pepper": msg("pepper")}


def who(player: str) -> Msg:
    """The player's colour, translated."""
    return COLOUR[player]


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def tile_list(tiles: list[str]) -> Msg:
    """``joker goods tile, Targi tile and renounce tile`` as one translatable text."""
    names = [TILE[t] for t in tiles]
    if len(names) == 3:
        return msg("{a}, {b} and {c}", a=names[0], b=names[1], c=names[2])
    if len(names) == 2:
        return msg("{a} and {b}", a=names[0], b=names[1])
    return names[0] if names else msg("none")


def card_list(cards: list[str]) -> str:
    """Card labels for a sentence (coordinates: the same in every language)."""
    return ", ".join(cards) if cards else "-"
