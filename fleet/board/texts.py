"""Every word on the staff board, translated with the product's catalogues (en/de/pt).

The page's script gets them as one table (:func:`page_texts`): templates such as
``"Waiting {age}"`` are filled in the browser, where the ages tick each second. A game's
name is shown by its title (:func:`game_titles`), in the board's language.
"""

from __future__ import annotations

from rules.registry import all_games
from rules.text import Msg
from ui.i18n import LANGUAGES, translator
from ui.i18n import _ as _

#: key -> English template (the gettext msgid); the page looks them up by key.
TEXTS: dict[str, Msg] = {
    "title": _("Staff board"),
    "tables": _("Tables"),
    "calls": _("Calls"),
    "offline": _("Offline"),
    "alerts": _("Alerts"),
    "waiting_long": _("Waiting long"),
    "no_tables": _("No table has reported yet."),
    "no_game": _("No game running"),
    "offline_for": _("Offline for {age}"),
    "offline_unknown": _("Offline"),
    "silent": _("Not heard from for {age}"),
    "waiting": _("Waiting {age}"),
    "call": _("Staff called {age} ago"),
    "call_received": _("call received"),
    "camera_missing": _("Camera missing"),
    "camera_unsure": _("Camera unsure"),
    "storage_low": _("Storage almost full"),
    "storage_full": _("Storage full: steps are not saved"),
    "storage_read-only": _("Storage read-only: steps are not saved"),
    "storage_damaged": _("Storage damaged"),
    "broker_down": _("No connection to the hub: the tiles may be out of date."),
    "stream_down": _("Connection to the board lost; reconnecting…"),
    "version": _("Version {version}"),
    "seconds": _("{n} s"),
    "minutes": _("{n} min"),
    "hours": _("{h} h {m} min"),
    "read_only": _("Read-only: this page changes nothing at the tables."),
    "password": _("The staff board needs the staff password."),
}


def page_texts(lang: str) -> dict[str, str]:
    """The page's words in ``lang``, by key (templates keep their ``{placeholders}``)."""
    tr = translator(lang)
    return {key: tr(message.template) for key, message in TEXTS.items()}


def game_titles(lang: str) -> dict[str, str]:
    """Each game's title in ``lang``, by the game's name as a status carries it."""
    tr = translator(lang)
    return {name: Msg(game.title).render(tr) for name, game in all_games().items()}


def choose_language(asked: str | None, accept: str, default: str) -> str:
    """``?lang=`` if known, else the first known language of ``Accept-Language``, else default."""
    if asked in LANGUAGES:
        return asked
    for part in accept.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return default
