"""``tableside kit OUT.pdf``: write the printable camera kit (see :mod:`vision.kit`)."""

from __future__ import annotations

import argparse

from ui.calibration_file import board as load_board
from ui.calibration_file import tokens as load_tokens
from ui.cli import UserError
from vision.kit import build_kit


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("kit", help="write the printable camera kit (fiducial stickers, PDF)")
    parser.add_argument("out", help="PDF file to write")
    parser.add_argument(
        "--board",
        action="append",
        help="board file or example (control-board, hex-grid, square-grid); default: all examples",
    )
    parser.add_argument("--tokens", help="token catalogue JSON (default: the shipped example)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    boards = [load_board(b) for b in (args.board or ["control-board", "hex-grid", "square-grid"])]
    tokens = load_tokens(args.tokens)
    pdf = build_kit(boards, tokens)
    from ui.button_card import add_button_cards  # the UI's page: what the buttons do

    add_button_cards(pdf)
    try:
        pdf.output(args.out)
    except OSError as exc:
        raise UserError(f"cannot write {args.out}: {exc.strerror}") from exc
    print(f"kit written to {args.out} ({pdf.page_no()} pages)")
    return 0
