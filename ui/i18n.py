"""Languages: gettext catalogues (built with Babel) that render :class:`rules.text.Msg`.

The English template of every ``Msg`` is the gettext msgid. Catalogues live in
``ui/locale/<lang>/LC_MESSAGES/tableside.po`` (committed); the binary ``.mo``
files are compiled from them **at start-up** by :func:`compile_catalogues`
(Babel's ``write_mo``) whenever a ``.po`` is newer than its ``.mo``, so a fresh
checkout, the test run and the kiosk all work without a build step. Where the
package directory is read-only (a kiosk with ``ProtectSystem=strict``) the
``.mo`` files go to a cache directory instead.

Text in ``ui/`` is written ``_("English {x}", x=...)``: :func:`_` builds a
``Msg`` exactly like ``rules.text.msg``, so the app renders it late and can
switch language at run time. ``babel.cfg`` extracts ``msg``/``N_`` from
``rules/``, ``_`` from ``ui/`` and ``tx("...")`` from the ``.kv`` files
(:func:`extract_kv`). See docs/ui.md for the update commands.
"""

from __future__ import annotations

import gettext
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from rules.text import Msg

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "tableside"
#: Languages offered, in menu order, with their names in their own language.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "pt": "Português"}
DEFAULT_LANGUAGE = "en"

Translator = Callable[[str], str]


def _(template: str, **params: Any) -> Msg:
    """A player-facing UI text: an English template (the msgid) with parameters."""
    return Msg(template, params)


def _mo_dir() -> Path:
    """Where compiled catalogues go: beside the .po files, else a writable cache."""
    if os.access(LOCALE_DIR, os.W_OK):
        return LOCALE_DIR
    return Path(os.environ.get("XDG_CACHE_HOME", tempfile.gettempdir())) / "tableside-locale"


def compile_catalogues() -> Path:
    """Compile every stale ``.po`` to ``.mo``; return the directory holding the ``.mo`` files.

    Uses Babel when it is installed (it is in the project's environment). A
    missing Babel with up-to-date ``.mo`` files is fine; a missing Babel without
    them leaves that language in English (never a crash).
    """
    target = _mo_dir()
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = po.parent.parent.name
        mo = target / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        try:
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
        except ImportError:  # pragma: no cover - babel is part of the environment
            continue
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        mo.parent.mkdir(parents=True, exist_ok=True)
        tmp = mo.with_suffix(f".{os.getpid()}.tmp")  # parallel test workers compile too
        with tmp.open("wb") as handle:
            write_mo(handle, catalog)
        tmp.replace(mo)
    return target


class _Catalogue(gettext.GNUTranslations):
    """A compiled catalogue that never translates the empty text.

    gettext keeps the catalogue's header under the empty msgid, so ``gettext("")``
    would put "Project-Id-Version: ..." on a screen (issue 23)."""

    def gettext(self, message: str) -> str:
        return super().gettext(message) if message else ""

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if not msgid1:
            return ""
        # An untranslated plural entry (its forms still empty) stays English.
        return super().ngettext(msgid1, msgid2, n) or (msgid1 if n == 1 else msgid2)


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    # English has a catalogue too: it names game terms whose msgids are German
    # (Endless Winter's published German terms) by their English-edition names.
    directory = compile_catalogues()
    return gettext.translation(
        DOMAIN, localedir=directory, languages=[lang], fallback=True, class_=_Catalogue
    )


def translator(lang: str) -> Translator:
    """The function that translates a msgid into ``lang`` (unknown ones stay English)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    return _translations(lang).gettext


def language_of(tr: Translator) -> str:
    """The language ``tr`` (from :func:`translator`) translates into; ``"en"`` when unknown."""
    owner = getattr(tr, "__self__", None)
    info = owner.info() if isinstance(owner, gettext.NullTranslations) else {}
    language = str(info.get("language", "en"))
    return language if language in LANGUAGES else "en"


def render(message: Msg | str, lang: str) -> str:
    """Render one message (or a plain string, which is returned as it is) in ``lang``."""
    if isinstance(message, Msg):
        return message.render(translator(lang))
    return message


def reload_catalogues() -> None:
    """Forget loaded catalogues (after editing a ``.po`` while the app runs)."""
    _translations.cache_clear()


# -- extraction from .kv files (used by babel.cfg) ----------------------------------

_KV_CALL = re.compile(r"""\btx\(\s*(["'])(?P<text>(?:\\.|(?!\1).)*)\1""")


def extract_kv(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor: the ``tx("English")`` calls in Kivy language files."""
    for number, raw in enumerate(fileobj, 1):
        line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        for found in _KV_CALL.finditer(line):
            yield number, "tx", found.group("text"), []
