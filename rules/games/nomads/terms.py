"""The Nomads' vocabulary: action ids, income items and their published German names.

Game terms reach the players as :class:`rules.text.Msg` parameters whose
msgid is the published German term (the rule text is German); the English
and Portuguese catalogues translate them. Ids stay stable in state and JSON.
"""

from __future__ import annotations

from rules.text import N_, Msg, msg

#: Actions printed on nomad cards (and the special action), German names.
ACTIONS: dict[str, str] = {
    "animal": N_("Tiere erhalten"),
    "random_animal": N_("Zufälliges Tier erhalten"),
    "bury": N_("Karte begraben"),
    "progress": N_("Fortschritt erhalten"),
    "eclipse": N_("Sonnenfinsternis vorbereiten"),
    "glacier": N_("Gletscherwertung"),
    "idol": N_("Götze"),
    "food": N_("Nahrung"),
    "tool": N_("Werkzeug"),
    "reveal_animal": N_("Tiere aufdecken"),
    "megalith": N_("Megalith bauen"),
    "sacred_stone": N_("Heiligen Stein erhalten"),
    "settlement": N_("Siedlung errichten, dann Lager versetzen"),
}

#: Further things income or benefits can give (never printed as card actions).
INCOME_ONLY: dict[str, str] = {
    "points": N_("Punkte"),
    "camp": N_("Lager einsetzen / Lager versetzen"),
    "draw_card": N_("Karte ziehen"),
    "tribe_member": N_("Stammesmitglied"),
    "hunt": N_("Tier erlegen"),
    "torch": N_("Fackel"),
    "paint": N_("Linie malen / Punkt ausmalen"),
}

#: Everything an income counts field offers, in the order it is carried out.
INCOME_ITEMS: tuple[str, ...] = (
    "points",
    "food",
    "tool",
    "idol",
    "torch",
    "paint",
    "bury",
    "draw_card",
    "tribe_member",
    "hunt",
    "progress",
    "animal",
    "random_animal",
    "reveal_animal",
    "sacred_stone",
    "megalith",
    "camp",
)

CARD_ACTIONS: tuple[str, ...] = tuple(ACTIONS)

#: Published German names of the action columns (the ids and order live in
#: data/board.json); listed here so the translation catalogues get them.
COLUMN_TERMS: tuple[str, ...] = (
    N_("Einweihen"),
    N_("Entwickeln"),
    N_("Weiterziehen"),
    N_("Jagen"),
    N_("Höhlenmalerei"),
    N_("Ruhefeld"),
)

#: Names of the animals in the EXAMPLE component data (German edition names, the
#: msgids): listed so the catalogues translate them (English edition names in en).
EXAMPLE_ANIMALS: tuple[str, ...] = (
    N_("Riesenfaultier"),
    N_("Bison"),
    N_("Mammut"),
    N_("Pferd"),
    N_("Kamel"),
    N_("Argentavis"),
    N_("Säbelzahnkatze"),
    N_("Kurznasenbär"),
    N_("Schreckenswolf"),
    N_("Promotier"),
)

#: Words the screens pass as parameters.
WORDS: tuple[str, ...] = (
    N_("upper"),
    N_("lower"),
    N_("left"),
    N_("right"),
    N_("up"),
    N_("down"),
    N_("leftmost"),
    N_("rightmost"),
    N_("top"),
    N_("bottom"),
    N_("west"),
    N_("east"),
    N_("north"),
    N_("south"),
)


def term(item: str) -> Msg:
    """The German game term of an action or income item, as a translatable Msg."""
    return msg(ACTIONS.get(item) or INCOME_ONLY.get(item) or item)
