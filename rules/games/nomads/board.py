"""What the front ends draw and list: the action columns, the hunting area, the progress display.

:func:`board` returns a scene with three ``parts`` (docs/board-scenes.md): a
``columns`` scene of the action columns and two ``card-grid`` scenes whose
spaces the players tap (layer ``cells``, ids ``r{row}c{col}``). The grid the
current step asks about comes first, so its ``cells`` layer is the one the
step's ``places`` field names. Arrows are directions (``left``/``right``,
``up``/``down``) for the painter to draw as arrows.
"""

from __future__ import annotations

from typing import Any

from rules.game import State
from rules.games.nomads.actions import animal_name, arrows
from rules.games.nomads.catalogue import catalogue_of
from rules.games.nomads.hunting import UNKNOWN, cell_id, cells, first_free
from rules.games.nomads.terms import term
from rules.text import Msg, msg, msgn


def _facts(st: State) -> list[list[Any]]:
    n = st["nomads"]
    limits = catalogue_of(st).limits
    rows: list[tuple[Msg, Any]] = [
        (msg("Round"), f"{st['round']} / {st['rounds']}"),
        (msg("Score"), n["score"]),
        (msg("Food"), n["food"]),
        (msg("Tools"), n["tools"]),
        (msg("Idols: fame / offerings"), f"{n['fame']} / {n['offerings']}"),
        (msg("Sacrifice pile"), len(n["sacrifice"])),
        (msg("Buried cards"), len(n["buried"])),
        (msg("Sacred stones"), len(n["stones"])),
        (msg("Megaliths"), n["megaliths"]),
        (msg("Settlements"), f"{n['settlements']} / {limits['settlements']}"),
        (msg("Eclipse pile"), len(st["eclipse_pile"])),
        (msg("Nomad deck"), st["deck_count"]),
        (msg("Map deck / discard"), f"{st['map']['deck']} / {st['map']['discard']}"),
    ]
    if st["ritual_sites"]:
        rows.append((msg("Ritual sites"), st["ritual_sites"]))
    return [[label.to_json(), str(value)] for label, value in rows]


def _arrows(st: State) -> dict[str, str] | None:
    if st["arrows"] is None and st["last_arrows"] is None:
        return None
    big, small = arrows(st)
    return {"big": big, "small": small}


def columns_scene(st: State) -> dict[str, Any]:
    top = st["discard"][-1] if st["discard"] else None
    columns = []
    for c in st["order"]:
        col = st["cols"][c]
        # Item texts are messages, drawn in the players' language; the colours tell the
        # sides apart.
        items = [{"text": msg("Nomads").to_json(), "colour": "red"}] * col["nomads"]
        items += [{"text": msg("You").to_json(), "colour": "blue"}] * col["player"]
        if c in st["blocked"]:
            items = [{"text": "X", "colour": "grey"}]
        columns.append(
            {
                "id": c,
                "title": msg(st["names"][c]).to_json(),
                "items": items,
                "highlight": c == st["column"],
                "blocked": c in st["blocked"],
            }
        )
    strip = []
    if top is not None and st["column"]:
        column = st["column"]
        for card in reversed(st["discard"]):
            actions = card["actions"][column] if card is top else card["actions"][column][1:]
            for a in actions:
                strip.append(msg("card {id}: {a}", id=card["id"], a=term(a)).to_json())
    return {
        "kind": "columns",
        "title": msg("Nomads, round {r}", r=st["round"]).to_json(),
        "facts": _facts(st),
        "example_data": bool(st["components"]["example"]),
        "columns": columns,
        "marked": st["order"].index(top["marked"]) if top else None,
        "arrows": _arrows(st),
        "strip": strip,
    }


def _grid_scene(
    st: State, grid: list[list[str]], title: Msg, label: Any, highlight: tuple[int, int] | None
) -> dict[str, Any]:
    out_cells = []
    for r, c in cells(grid):
        content = grid[r][c]
        out_cells.append(
            {
                "id": cell_id(r, c),
                "row": r,
                "col": c,
                "label": label(content).to_json(),
                "shade": "empty" if content in ("", UNKNOWN) else None,
                "highlight": highlight == (r, c),
            }
        )
    return {
        "kind": "card-grid",
        "title": title.to_json(),
        "example_data": bool(st["components"]["example"]),
        "rows": len(grid),
        "cols": len(grid[0]) if grid else 0,
        "cells": out_cells,
        "arrows": _arrows(st),
    }


def _animal_label(st: State) -> Any:
    def label(content: str) -> Msg:
        if content == "":
            return msg("empty")
        if content == UNKNOWN:
            return msg("?")
        return animal_name(st, content)

    return label


def hunting_scene(st: State) -> dict[str, Any]:
    head = st["queue"][0]["a"] if st["queue"] else None
    mark = first_free(st["hunt"]) if head == "reveal_animal" else None
    return _grid_scene(st, st["hunt"], msg("Hunting area"), _animal_label(st), mark)


def display_scene(st: State) -> dict[str, Any]:
    return _grid_scene(
        st,
        st["display"],
        msg("Culture panel"),
        lambda content: msg("card") if content else msg("empty"),
        None,
    )


def board(st: State) -> dict[str, Any]:
    """The table picture: the grid the current step asks about first, then the others."""
    head = st["queue"][0]["a"] if st["queue"] else None
    hunting, display, columns = hunting_scene(st), display_scene(st), columns_scene(st)
    if head == "progress":
        parts = [display, columns, hunting]
    elif head in ("animal", "reveal_animal") or (not head and st["step"] == "area"):
        parts = [hunting, columns, display]
    else:  # your turn, the column choice and everything else: the action columns
        parts = [columns, hunting, display]
    # The first part is also the scene itself, for front ends that draw one picture.
    return {**parts[0], "facts": _facts(st), "parts": parts}


def status(st: State) -> tuple[Msg, ...]:
    n = st["nomads"]
    limits = catalogue_of(st).limits
    out = [
        msg("Round {r} of {t}; Nomads' score {s}", r=st["round"], t=st["rounds"], s=n["score"]),
        msg("Food {f}, tools {t}", f=n["food"], t=n["tools"]),
        msg("Idol markers: fame track {a}, offerings track {b}", a=n["fame"], b=n["offerings"]),
        msgn(
            "Sacrifice pile {n} card; buried {b}",
            "Sacrifice pile {n} cards; buried {b}",
            n=len(n["sacrifice"]),
            b=len(n["buried"]),
        ),
        msg(
            "Sacred stones {s}, megaliths {m}, settlements {k}/{K}, nomad tile {t}",
            s=len(n["stones"]),
            m=n["megaliths"],
            k=n["settlements"],
            K=limits["settlements"],
            t=msg("placed") if n["tile"] == "board" else msg("not placed"),
        ),
        msg(
            "Nomad figures left {f}; eclipse pile {e}; nomad deck {d}",
            f=st["nomad_figs"],
            e=len(st["eclipse_pile"]),
            d=st["deck_count"],
        ),
    ]
    for animal, count in sorted(n["animals"].items()):
        out.append(msg("Animals: {a} x{n}", a=animal_name(st, animal), n=count))
    if st["components"]["example"]:
        out.append(msg("EXAMPLE component data in use (nomad cards, tracks, animals)."))
    return tuple(out)
