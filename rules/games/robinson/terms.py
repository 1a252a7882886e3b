"""The words of the versus referee the players read, translatable.

Portuguese terms come verbatim from the rule text (peão, acampamento,
abrigo, telhado, paliçada, melhoria de armas, organização do acampamento,
descanso, caça, construção, coleta, marcador de determinação, carta de
invenção, itens iniciais; glossary in docs/ui.md). Names printed on cards
and scenario texts are component data in the players' own words and are
shown as entered; the example terrains have translations here.
"""

from __future__ import annotations

from rules.text import Msg, msg, verbatim

COLOURS = ("red", "blue", "green", "yellow")
COLOUR = {
    "red": msg("Red"),
    "blue": msg("Blue"),
    "green": msg("Green"),
    "yellow": msg("Yellow"),
}
TRACK = {
    "hearts": msg("Hearts"),
    "weapon": msg("Weapon"),
    "roof": msg("Roof"),
    "palisade": msg("Palisade"),
    "determination": msg("Determination"),
    "food": msg("Food"),
    "wood": msg("Wood"),
    "hide": msg("Hide"),
    "pawns": msg("Pawns"),
}
ACTION = {
    "shelter": msg("shelter"),
    "roof": msg("roof"),
    "palisade": msg("palisade"),
    "weapon": msg("improve the weapon"),
    "arrange": msg("arrange the camp"),
    "rest": msg("rest"),
    "hunt": msg("hunting"),
}
#: The same in running text ("Red: weapon 2 → 3").
TRACK_WORD = {
    "hearts": msg("hearts"),
    "weapon": msg("weapon"),
    "roof": msg("roof"),
    "palisade": msg("palisade"),
    "determination": msg("determination"),
    "food": msg("food"),
    "wood": msg("wood"),
    "hide": msg("hide"),
    "pawns": msg("pawns"),
}
RESOURCE = {"food": msg("food"), "wood": msg("wood"), "hide": msg("hide")}
TERRAIN = {
    "beach": msg("beach"),
    "river": msg("river"),
    "plains": msg("plains"),
    "hills": msg("hills"),
    "mountains": msg("mountains"),
}
ICON = {
    "book": msg("book icon"),
    "adventure-building": msg("adventure icon: building"),
    "adventure-gathering": msg("adventure icon: gathering"),
    "adventure-exploring": msg("adventure icon: exploring"),
}
CATEGORY = {
    "hunting": msg("hunting"),
    "building": msg("building"),
    "gathering": msg("gathering"),
    "exploring": msg("exploring"),
    "arranging": msg("arranging the camp"),
    "resting": msg("resting"),
}


def who(player: str) -> Msg:
    """The player's colour, translated."""
    return COLOUR[player]


def terrain(name: str) -> Msg:
    """A terrain: translated when it is one of the example's, else as the players entered it."""
    return TERRAIN.get(name, verbatim(name))


def text(value: str) -> Msg:
    """Component text (a card name, a scenario's text) shown as entered."""
    return verbatim(value)


def space(space_id: str) -> Msg:
    return msg("space {s}", s=space_id)


def tile(tile_id: str) -> Msg:
    return msg("island tile {t}", t=tile_id)
