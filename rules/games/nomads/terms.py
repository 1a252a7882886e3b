"""The Nomads' vocabulary: action ids, income items and their published German names.

Game terms reach the players as :class:`rules.text.Msg` parameters whose
msgid is the published German term (the rule text is German); the English
and Portuguese catalogues translate them. Ids stay stable in state and JSON.
"""

from __future__ import annotations

from rules.text import Msg, msg

#: Actions printed on nomad cards (and the special action), German names.
ACTIONS: dict[str, str] = {
    "animal": "Tiere erhalten",
    "random_animal": "Zufälliges Tier erhalten",
    "bury": "Karte begraben",
    "progress": "Fortschritt erhalten",
    "eclipse": "Sonnenfinsternis vorbereiten",
    "glacier": "Gletscherwertung",
    "idol": "Götze",
    "food": "Nahrung",
    "tool": "Werkzeug",
    "reveal_animal": "Tiere aufdecken",
    "megalith": "Megalith bauen",
    "sacred_stone": "Heiligen Stein erhalten",
    "settlement": "Siedlung errichten, dann Lager versetzen",
}

#: Further things income or benefits can give (never printed as card actions).
INCOME_ONLY: dict[str, str] = {
    "points": "Punkte",
    "camp": "Lager einsetzen / Lager versetzen",
    "draw_card": "Karte ziehen",
    "tribe_member": "Stammesmitglied",
    "hunt": "Tier erlegen",
    "torch": "Fackel",
    "paint": "Linie malen / Punkt ausmalen",
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


def term(item: str) -> Msg:
    """The German game term of an action or income item, as a translatable Msg."""
    return msg(ACTIONS.get(item) or INCOME_ONLY.get(item) or item)
