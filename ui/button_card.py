"""The button card: a page of the printed kit saying what the four buttons do.

``tableside kit`` adds it after the camera stickers (ui/commands/kit.py): one
card per language (English, German, Portuguese) to cut out and stick beside
the button box. The texts are the app's own (ui/locale), so the card and the
screen never disagree; docs/ui.md has the same table.
"""

from __future__ import annotations

from typing import Any

from rules.text import Msg
from ui.i18n import LANGUAGES, _, render

CARD_W, CARD_H = 90.0, 80.0  # mm: three fit on an A4 page, cut out along the frame

#: (button, what it does) in the order of the box, left to right. The buttons'
#: names are what is printed on them, the same in every language.
ROWS: tuple[tuple[str, Msg], ...] = (
    ("NEXT", _("Next field (then Confirm); a step that asks nothing: done.")),
    ("CONFIRM", _("Confirm the step with the values shown.")),
    ("UNDO", _("On a field: minus. Otherwise: back one step. Hold: the menu.")),
    ("BOT", _("On a field: plus. Otherwise: how the bot decided. Hold: call staff.")),
)


def card_texts(lang: str) -> tuple[str, list[tuple[str, str]]]:
    """The card's title and rows in ``lang``."""
    title = render(_("The buttons"), lang)
    return title, [(button, render(text, lang)) for button, text in ROWS]


def add_button_cards(pdf: Any) -> None:
    """Add one A4 page with a button card per language to an ``fpdf.FPDF`` (unit mm)."""
    pdf.add_page()
    pdf.set_font("helvetica", "B", 14)
    pdf.cell(0, 8, render(_("Button cards: cut out one and stick it beside the box"), "en"))
    pdf.ln(10)
    x0, y = 15.0, 25.0
    for index, lang in enumerate(LANGUAGES):
        x = x0 + (index % 2) * (CARD_W + 10)
        top = y + (index // 2) * (CARD_H + 10)
        _card(pdf, x, top, lang)


def _card(pdf: Any, x: float, top: float, lang: str) -> None:
    title, rows = card_texts(lang)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.3)
    pdf.rect(x, top, CARD_W, CARD_H)
    pdf.set_xy(x + 4, top + 4)
    pdf.set_font("helvetica", "B", 13)
    pdf.cell(CARD_W - 8, 7, _latin1(title))
    row_top = top + 14
    for button, text in rows:
        pdf.set_xy(x + 4, row_top)
        pdf.set_font("helvetica", "B", 11)
        pdf.cell(24, 6, _latin1(button))
        pdf.set_xy(x + 28, row_top)
        pdf.set_font("helvetica", "", 9.5)
        pdf.multi_cell(CARD_W - 32, 4.6, _latin1(text), align="L")
        row_top += 15


def _latin1(text: str) -> str:
    """The PDF's core font speaks Latin-1: replace the few typographic marks outside it."""
    return text.replace("–", "-").replace("…", "...").replace("’", "'")
