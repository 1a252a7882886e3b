"""What the front ends draw and list: a ``columns`` scene and the status lines."""

from __future__ import annotations

from typing import Any

from rules.game import State
from rules.games.nomads.catalogue import CATALOGUE
from rules.games.nomads.terms import term
from rules.text import Msg, msg


def _facts(st: State) -> list[list[Any]]:
    n = st["nomads"]
    animals = ", ".join(
        f"{CATALOGUE.animals[a]['de']} x{c}" for a, c in sorted(n["animals"].items())
    )
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
        (msg("Settlements"), f"{n['settlements']} / 3"),
        (msg("Nomad tile"), "on the board" if n["tile"] == "board" else "beside their board"),
        (msg("Eclipse pile"), len(st["eclipse_pile"])),
        (msg("Nomad deck"), st["deck_count"]),
        (msg("Map deck / discard"), f"{st['map']['deck']} / {st['map']['discard']}"),
        (msg("Animals"), animals or "-"),
    ]
    if st["ritual_sites"]:
        rows.append((msg("Ritual sites"), st["ritual_sites"]))
    return [[label.to_json(), str(value)] for label, value in rows]


def board(st: State) -> dict[str, Any]:
    """A ``columns`` scene (docs/board-scenes.md)."""
    top = st["discard"][-1] if st["discard"] else None
    columns = []
    for c in st["order"]:
        col = st["cols"][c]
        items = [{"text": "Nomads", "colour": "red"}] * col["nomads"]
        items += [{"text": "You", "colour": "blue"}] * col["player"]
        if c in st["blocked"]:
            items = [{"text": "blocked", "colour": "grey"}]
        columns.append(
            {
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
        "example_data": CATALOGUE.example,
        "columns": columns,
        "marked": st["order"].index(top["marked"]) if top else None,
        "arrows": dict(st["arrows"]) if st["arrows"] else None,
        "strip": strip,
    }


def status(st: State) -> tuple[Msg, ...]:
    n = st["nomads"]
    out = [
        msg("Round {r} of {t}; Nomads' score {s}", r=st["round"], t=st["rounds"], s=n["score"]),
        msg("Food {f}, tools {t}", f=n["food"], t=n["tools"]),
        msg("Idol markers: fame track {a}, offerings track {b}", a=n["fame"], b=n["offerings"]),
        msg(
            "Sacrifice pile {s} card(s); buried {b}",
            s=len(n["sacrifice"]),
            b=len(n["buried"]),
        ),
        msg(
            "Sacred stones {s}, megaliths {m}, settlements {k}/3, nomad tile {t}",
            s=len(n["stones"]),
            m=n["megaliths"],
            k=n["settlements"],
            t=msg("placed") if n["tile"] == "board" else msg("not placed"),
        ),
        msg(
            "Nomad figures left {f}; eclipse pile {e}; nomad deck {d}",
            f=st["nomad_figs"],
            e=len(st["eclipse_pile"]),
            d=st["deck_count"],
        ),
    ]
    if n["animals"]:
        out.append(
            msg(
                "Animals: {a}",
                a=", ".join(f"{CATALOGUE.animals[a]['de']} x{c}" for a, c in n["animals"].items()),
            )
        )
    if CATALOGUE.example:
        out.append(msg("EXAMPLE component data in use (nomad cards, tracks, animals)."))
    return tuple(out)
