"""The printable camera kit as a PDF (fpdf2): stickers at true size, ruler, grey patch.

Page 1: instructions, a 100 mm ruler to check the print is true to size, and a
grey reference patch. Then every board fiducial at its true size (with its
white margin and a cut line, labelled with where it goes in board millimetres),
then the token stickers (labelled with the component they go on).

:func:`sticker_artwork` is the one drawing of a sticker: the PDF prints it, and
the photo-like renderer (:mod:`vision.table_render`) sticks the same pixels on
its boards and components.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import cv2
import numpy as np

from rules.text import Msg, msg
from vision.geometry import Board, TokenCatalogue
from vision.registration import dictionary_for

if TYPE_CHECKING:  # fpdf (and its fontTools, Pillow) is imported by build_kit only: the
    from fpdf import FPDF  # app's camera and the renderer need sticker_artwork, not PDFs

PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 12.0
PRINT_PX_PER_MM = 12.0
"""Resolution of the sticker pictures in the PDF (about 300 dpi)."""
CUT_LINE_MM = 0.3
"""Width of the grey cut line drawn along each sticker's outer edge."""
CUT_LINE_GREY = 170

INSTRUCTIONS: tuple[Msg, ...] = (
    msg(
        "1. Print this file at 100 % (actual size, no 'fit to page'); "
        "the ruler below must measure exactly 100 mm."
    ),
    msg(
        "2. Cut out the board stickers along the grey lines, keeping the white margin, "
        "and stick each one where its label says (millimetres from the board's top-left "
        "corner, the top being the side the control board's side 0 faces)."
    ),
    msg(
        "3. Stick the small stickers on the components named under them, "
        "with the sticker's top towards the component's front (the framed symbol)."
    ),
    msg("4. Mount the camera above the table so it sees every sticker, in steady light."),
    msg(
        "5. Calibrate: put exactly one marker of each tray's colour in that tray and "
        "nothing else, then run 'tableside vision calibrate' (or use Calibrate on the screen)."
    ),
    msg(
        "6. The grey patch is a neutral reference: if colours look odd, point the camera "
        "at it and check that it shows grey."
    ),
)


def sticker_artwork(
    dictionary: str, marker_id: int, size_mm: float, margin_mm: float, px_per_mm: float
) -> np.ndarray:
    """One sticker as printed (grey levels, 0 = ink, 255 = paper): the ArUco marker of
    ``size_mm`` centred in its white margin, with the grey cut line along the outer edge."""
    outer = round((size_mm + 2 * margin_mm) * px_per_mm)
    inner = round(size_mm * px_per_mm)
    image = np.full((outer, outer), 255, np.uint8)
    marker = cv2.aruco.generateImageMarker(dictionary_for(dictionary), marker_id, inner)
    off = (outer - inner) // 2
    image[off : off + inner, off : off + inner] = marker
    line = max(1, round(CUT_LINE_MM * px_per_mm))
    cv2.rectangle(image, (0, 0), (outer - 1, outer - 1), CUT_LINE_GREY, line)
    return image


def _sticker_png(dictionary: str, marker_id: int, size: float, margin: float) -> io.BytesIO:
    image = sticker_artwork(dictionary, marker_id, size, margin, PRINT_PX_PER_MM)
    ok, png = cv2.imencode(".png", image)
    if not ok:
        raise ValueError(f"cannot draw marker {marker_id}")
    return io.BytesIO(png.tobytes())


class _Sheet:
    """Places stickers left to right, top to bottom, adding pages as needed."""

    def __init__(self, pdf: FPDF, title: str) -> None:
        self.pdf = pdf
        self.title = title
        self._new_page()

    def _new_page(self) -> None:
        self.pdf.add_page()
        self.pdf.set_font("helvetica", "B", 12)
        self.pdf.text(MARGIN, MARGIN, self.title)
        self.x, self.y, self.row_h = MARGIN, MARGIN + 6, 0.0

    def place(self, png: io.BytesIO, size: float, margin: float, label: str) -> None:
        outer = size + 2 * margin
        cell_w, cell_h = max(outer, 30.0) + 4, outer + 9
        if self.x + cell_w > PAGE_W - MARGIN:
            self.x, self.y, self.row_h = MARGIN, self.y + self.row_h, 0.0
        if self.y + cell_h > PAGE_H - MARGIN:
            self._new_page()
        pdf = self.pdf
        pdf.image(png, self.x, self.y, w=outer, h=outer)  # margin and cut line included
        pdf.set_font("helvetica", "", 6)
        pdf.text(self.x, self.y + outer + 3, label)
        self.x += cell_w
        self.row_h = max(self.row_h, cell_h)


def build_kit(boards: list[Board], tokens: TokenCatalogue) -> FPDF:
    """The kit as an :class:`fpdf.FPDF` document (call ``output(path)``)."""
    from fpdf import FPDF

    pdf = FPDF(unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.set_font("helvetica", "B", 16)
    pdf.text(MARGIN, MARGIN + 4, msg("tableside camera kit").english())
    pdf.set_font("helvetica", "", 10)
    pdf.set_xy(MARGIN, MARGIN + 10)
    for line in INSTRUCTIONS:
        pdf.multi_cell(PAGE_W - 2 * MARGIN, 5, line.english())
        pdf.ln(1)
    if any(b.example for b in boards) or tokens.example:
        pdf.set_text_color(180, 0, 0)
        pdf.multi_cell(
            PAGE_W - 2 * MARGIN,
            5,
            msg(
                "EXAMPLE DATA: sticker places come from example board files; measure your "
                "boards and edit the files (docs/vision.md) before sticking."
            ).english(),
        )
        pdf.set_text_color(0, 0, 0)
    y = pdf.get_y() + 8
    # Ruler: 100 mm with centimetre ticks.
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.3)
    pdf.line(MARGIN, y, MARGIN + 100, y)
    for cm in range(11):
        pdf.line(MARGIN + 10 * cm, y, MARGIN + 10 * cm, y - (4 if cm % 5 == 0 else 2))
    pdf.set_font("helvetica", "", 8)
    pdf.text(MARGIN + 102, y, msg("100 mm").english())
    # Grey reference patch: white, greys, black.
    y += 8
    for i, level in enumerate((255, 200, 128, 64, 0)):
        pdf.set_fill_color(level, level, level)
        pdf.set_draw_color(120, 120, 120)
        pdf.rect(MARGIN + 22 * i, y, 20, 20, style="DF")
    pdf.text(MARGIN, y + 25, msg("grey reference patch").english())

    for board in boards:
        flag = " (EXAMPLE)" if board.example else ""
        sheet = _Sheet(pdf, f"{board.name}: board stickers{flag}")
        for f in board.fiducials:
            label = f"#{f.id} at x={f.centre[0]:g} y={f.centre[1]:g} mm"
            sheet.place(
                _sticker_png(board.dictionary, f.id, f.size, f.margin), f.size, f.margin, label
            )
    sheet = _Sheet(pdf, "component stickers" + (" (EXAMPLE)" if tokens.example else ""))
    for token in tokens.tokens.values():
        label = f"#{token.id} {token.name}"
        png = _sticker_png(tokens.dictionary, token.id, tokens.size, tokens.margin)
        sheet.place(png, tokens.size, tokens.margin, label)
    return pdf
