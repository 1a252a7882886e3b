"""Entering the Marauders' printed components by touch: control board, 12 tiles, pricing tile.

Every page shows a hexagon (the ``control-board`` scene) with its six places
numbered 1 to 6 clockwise from the framed (or top) side, which is how the
players tap what they see: the control board's tray colours and priority
icons, each marauder tile's symbols on its side 2 and, flipped over, its
side 3, then the central pricing tile's symbols and how many pillar columns
each action has. Symbols are choice buttons; nothing is typed.

Checks as the players go: six different symbols on each face (the ``order``
field asks for all six once each), every colour's tray on the control board
exactly once, the same tile never entered twice (both faces equal to an
entered tile: the game tells the tiles apart by their symbols), and at save
the whole set through the game's own schema (docs/marauders.md, Components).

What the table enters during play, a tile "not in the set"
(``MaraudersGame.component_entries``), arrives as a known face of a new tile:
its page is filled in, the other face is still to be entered.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from rules.editor import ComponentEditor, Draft, Item, Page
from rules.errors import IllegalInput
from rules.games.marauders.model import (
    ACTIONS,
    COLOURS,
    PRIORITIES,
    SIDES,
    label,
    tile_symbols_field,
)
from rules.prompt import Choice, Field
from rules.registry import get_game, register_editor
from rules.schema import Spec
from rules.text import N_, Msg, msg

TILES = 12
FACES = ("2", "3")
NO_TRAY = "none"
#: The grey of a place not entered yet.
UNKNOWN = "grey"


def tile_id(number: int) -> str:
    return f"M{number:02d}"


def _split(key: str) -> tuple[str, str]:
    item, _, page = key.partition("/")
    return item, page


def _hexagon(
    title: Msg,
    centre: Msg,
    sides: Sequence[tuple[str | None, Msg | None]],
    framed: bool = True,
    live: Sequence[str] = (),
    labels: Mapping[str, Msg] | None = None,
) -> dict[str, Any]:
    """A hexagon picture: each place numbered 1-6 from the framed (or top) side, clockwise.

    ``sides`` gives per place a tray colour (or ``None``) and what is printed
    there (or ``None`` when not entered yet); the facts list says it in words.
    ``live`` names the ``order`` fields of the page whose n-th pick is what
    place n shows while the players tap (docs/board-scenes.md, "Live values"),
    each pick shown by its label from ``labels``.
    """
    out = []
    facts: list[list[Any]] = []
    shown = {value: text.to_json() for value, text in (labels or {}).items()}
    for s, (colour, printed) in enumerate(sides):
        out.append(
            {
                "id": str(s),
                "side": s,
                "tray": {"colour": colour or UNKNOWN, "count": s + 1},
                "action": None if printed is None else printed.to_json(),
                "priority": None,
            }
        )
        what = printed if printed is not None else msg("?")
        where = msg("{n} (framed)", n=1) if s == 0 and framed else Msg(str(s + 1))
        fact: list[Any] = [msg("{where}:", where=where).to_json(), what.to_json()]
        if live:
            fact.append({"fields": [[key, s] for key in live], "labels": shown})
        facts.append(fact)
    return {
        "kind": "control-board",
        "title": title.to_json(),
        "sides": out,
        "priority_marker": None,
        "centre": centre.to_json(),
        "framed_side": 0,
        "highlight_side": None,
        "facts": facts,
    }


class MaraudersEditor(ComponentEditor):
    """The Marauders' component editor (registered as ``marauders-components``)."""

    game_name = "marauders"
    title = N_("Prehistory: marauder tribe")

    def schema(self) -> Spec:
        schema = get_game(self.game_name).component_schema()
        assert schema is not None, "the Marauders game declares its component schema"
        return schema

    # -- drafts ---------------------------------------------------------------------------

    def blank(self) -> Draft:
        return {
            "board": {"trays": None, "priorities": None},
            "pricing": {"actions": None, "columns": None},
            "tiles": [{"id": tile_id(n), "faces": {f: None for f in FACES}} for n in range(1, 13)],
            "unplaced": [],
        }

    def draft_of(self, data: Mapping[str, Any]) -> Draft:
        sides = sorted(data["control_board"]["sides"], key=lambda s: s["side"])
        return {
            "board": {
                "trays": [s["tray"] or NO_TRAY for s in sides],
                "priorities": [s["priority"] for s in sides],
            },
            "pricing": copy.deepcopy(dict(data["pricing_tile"])),
            "tiles": [
                {"id": t["id"], "faces": {f: list(t["faces"][f]) for f in FACES}}
                for t in data["tiles"]
            ],
            "unplaced": [],
        }

    def data_of(self, draft: Draft) -> dict[str, Any]:
        board = draft["board"]
        return {
            "example": False,
            "control_board": {
                "sides": [
                    {
                        "side": s,
                        "tray": None if board["trays"][s] == NO_TRAY else board["trays"][s],
                        "priority": board["priorities"][s],
                    }
                    for s in range(SIDES)
                ]
            },
            "pricing_tile": copy.deepcopy(draft["pricing"]),
            "tiles": copy.deepcopy(draft["tiles"]),
        }

    # -- the walk ---------------------------------------------------------------------------

    def items(self, draft: Draft) -> tuple[Item, ...]:
        tiles = tuple(
            Item(
                key=f"tile-{n}",
                label=msg("Marauder tile {n}", n=n),
                pages=tuple(f"tile-{n}/{f}" for f in FACES),
            )
            for n in range(1, len(draft["tiles"]) + 1)
        )
        return (
            Item(key="board", label=msg("Control board"), pages=("board",)),
            *tiles,
            Item(key="pricing", label=msg("Central pricing tile"), pages=("pricing",)),
        )

    def entered(self, draft: Draft, key: str) -> bool:
        item, face = _split(key)
        if item == "board":
            return draft["board"]["trays"] is not None
        if item == "pricing":
            return draft["pricing"]["actions"] is not None
        return draft["tiles"][int(item[5:]) - 1]["faces"][face] is not None

    def page(self, draft: Draft, key: str) -> Page:
        item, face = _split(key)
        if item == "board":
            return self._board_page(draft)
        if item == "pricing":
            return self._pricing_page(draft)
        return self._tile_page(draft, int(item[5:]), face, key)

    def _board_page(self, draft: Draft) -> Page:
        board = draft["board"]
        trays, icons = board["trays"], board["priorities"]
        sides = [
            (
                None if trays is None or trays[s] == NO_TRAY else trays[s],
                None if icons is None else label(icons[s]),
            )
            for s in range(SIDES)
        ]
        return Page(
            key="board",
            title=msg("Control board"),
            lines=(
                msg("Lay the control board with its top side away from you."),
                msg(
                    "Tap the tray colours, then the priority icons, side by side: the top side "
                    "first, then clockwise (1 to 6 in the picture)."
                ),
            ),
            fields=(
                Field(
                    key="trays",
                    label=msg("Tray colours, sides 1 to 6"),
                    kind="order",
                    default=trays,
                    choices=(
                        *(Choice(c, label(c)) for c in COLOURS),
                        Choice(NO_TRAY, label(NO_TRAY)),
                    ),
                ),
                Field(
                    key="priorities",
                    label=msg("Priority icons, sides 1 to 6"),
                    kind="order",
                    default=icons,
                    choices=tuple(Choice(p, label(p)) for p in PRIORITIES),
                ),
            ),
            scene=_hexagon(
                msg("Control board"),
                msg("Top side = 1"),
                sides,
                framed=False,
                live=("trays", "priorities"),
                labels={
                    **{c: label(c) for c in (*COLOURS, NO_TRAY)},
                    **{p: label(p) for p in PRIORITIES},
                },
            ),
        )

    def _tile_page(self, draft: Draft, number: int, face: str, key: str) -> Page:
        tile = draft["tiles"][number - 1]
        actions = tile["faces"][face]
        sides = [(None, None if actions is None else label(actions[s])) for s in range(SIDES)]
        flip = (
            msg("Turn the tile over: the side with the number 3 in its middle.")
            if face == "3"
            else msg("Take a marauder tile with the number 2 in its middle facing up.")
        )
        return Page(
            key=key,
            title=msg("Marauder tile {n} of {all}: side {face}", n=number, all=TILES, face=face),
            lines=(
                flip,
                msg("Turn it so that its framed symbol points up (1 in the picture)."),
                msg("Tap its six symbols in order: the framed one, then clockwise."),
            ),
            fields=(tile_symbols_field(actions),),
            scene=_hexagon(
                msg("Marauder tile {n}", n=number),
                msg("Side {face}: {face} actions", face=face),
                sides,
                live=("symbols",),
                labels={a: label(a) for a in ACTIONS},
            ),
        )

    def _pricing_page(self, draft: Draft) -> Page:
        pricing = draft["pricing"]
        actions, columns = pricing["actions"], pricing["columns"]
        sides = [(None, None if actions is None else label(actions[s])) for s in range(SIDES)]
        return Page(
            key="pricing",
            title=msg("Central pricing tile"),
            lines=(
                msg("Turn the central pricing tile so that its framed symbol points up."),
                msg("Tap its six action symbols: the framed one, then clockwise."),
                msg("Then count the pillar columns beside each action."),
            ),
            fields=(
                Field(
                    key="actions",
                    label=msg("Action symbols from the framed one, clockwise"),
                    kind="order",
                    default=actions,
                    choices=tuple(Choice(a, label(a)) for a in ACTIONS),
                ),
                Field(
                    key="columns",
                    label=msg("Pillar columns beside each action"),
                    kind="counts",
                    default=columns,
                    minimum=1,
                    maximum=9,
                    choices=tuple(Choice(a, label(a)) for a in ACTIONS),
                ),
            ),
            scene=_hexagon(
                msg("Central pricing tile"),
                msg("Framed symbol = 1"),
                sides,
                live=("actions",),
                labels={a: label(a) for a in ACTIONS},
            ),
        )

    # -- answers ------------------------------------------------------------------------------

    def apply(self, draft: Draft, key: str, answer: Mapping[str, Any]) -> None:
        item, face = _split(key)
        if item == "board":
            trays = list(answer["trays"])
            if NO_TRAY not in trays:  # six sides, five colours: one side has no tray
                raise IllegalInput(msg("One side of the control board has no tray."), "trays")
            draft["board"] = {"trays": trays, "priorities": list(answer["priorities"])}
        elif item == "pricing":
            draft["pricing"] = {"actions": list(answer["actions"]), "columns": answer["columns"]}
        else:
            number = int(item[5:])
            tile = draft["tiles"][number - 1]
            tile["faces"][face] = list(answer["symbols"])
            self._refuse_duplicate(draft, number)

    @staticmethod
    def _refuse_duplicate(draft: Draft, number: int) -> None:
        """The same physical tile entered twice: both faces equal to another tile's."""
        faces = draft["tiles"][number - 1]["faces"]
        if None in faces.values():
            return
        for other, tile in enumerate(draft["tiles"], 1):
            if other != number and tile["faces"] == faces:
                raise IllegalInput(
                    msg(
                        "This is the same tile as marauder tile {other} (both sides): each "
                        "tile is entered once.",
                        other=other,
                    ),
                    "symbols",
                )

    def learn(self, draft: Draft, entries: Sequence[Mapping[str, Any]]) -> None:
        """Tile faces the table entered during play: each fills a face of a tile not yet entered."""
        for entry in entries:
            face, actions = str(entry.get("face")), entry.get("actions")
            if entry.get("part") != "tiles" or face not in FACES or not isinstance(actions, list):
                continue
            if sorted(actions) != sorted(ACTIONS):
                continue
            if any(t["faces"][face] == actions for t in draft["tiles"]):
                continue  # already known
            empty = [t for t in draft["tiles"] if all(v is None for v in t["faces"].values())]
            free = empty or [t for t in draft["tiles"] if t["faces"][face] is None]
            if free:
                free[0]["faces"][face] = list(actions)
            else:
                draft["unplaced"].append({"face": face, "actions": list(actions)})

    def menu_lines(self, draft: Draft) -> tuple[Msg, ...]:
        """Tile faces met in play that this set does not have (the set is probably wrong)."""
        return tuple(
            msg(
                "A tile seen in play is not in this set: side {face} with {framed} framed. "
                "Check your tiles.",
                face=entry["face"],
                framed=label(entry["actions"][0]),
            )
            for entry in draft["unplaced"]
        )


EDITOR = register_editor(MaraudersEditor())
