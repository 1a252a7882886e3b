"""Entering the Nomads' printed components by touch: 16 nomad cards, then the box's numbers.

Each nomad card is five pages: its top (the marked column, the big and the
small arrow, the labor), then one page per action column with the card's
upper and lower action, tapped from the action names. The picture is the
card as a grid: the column names on top (the marked one ringed), the two
rows of actions under them, ``?`` where nothing is entered yet.

The rest of the component set (the board's sizes and limits, the animals'
set sizes, the idol tracks) are numbers the players check against their box:
those pages start from the players' own set, or the EXAMPLE values when they
have none, and count as entered only once confirmed. The column ids and
names, the animal names and the idol tracks' tables are not edited here
(docs/components.md, "Nomads").
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from rules.editor import ComponentEditor, Draft, Item, Page
from rules.errors import IllegalInput
from rules.games.nomads.catalogue import SCHEMA, SET_SIZES, example_data
from rules.games.nomads.steps_cards import face_fields
from rules.games.nomads.terms import CARD_ACTIONS, term
from rules.prompt import Choice, Field
from rules.registry import register_editor
from rules.schema import Spec
from rules.text import N_, Msg, msg

CARDS = 16
TOP = "top"
#: Pages the players confirm against their box (besides the cards).
CHECKS: dict[str, Msg] = {
    "areas": msg("Card displays"),
    "limits": msg("Supply limits"),
    "rounds": msg("Rounds and figures"),
    "animals": msg("Animals"),
    "fame": msg("Idol track: fame"),
    "offerings": msg("Idol track: offerings"),
}
LIMITS: dict[str, Msg] = {
    "food": msg("Food"),
    "tools": msg("Tools"),
    "sacred_stones": msg("Sacred stones"),
    "megaliths": msg("Megaliths"),
    "settlements": msg("Settlements"),
    "camps": msg("Camps"),
}


def _card_key(number: int, page: str) -> str:
    return f"card-{number}/{page}"


def _split(key: str) -> tuple[str, str]:
    item, _, page = key.partition("/")
    return item, page


class NomadsEditor(ComponentEditor):
    """The Nomads' component editor (registered as ``nomads-components``)."""

    game_name = "nomads"
    title = N_("Endless Winter: Nomads")

    def schema(self) -> Spec:
        return SCHEMA

    # -- drafts ---------------------------------------------------------------------------

    def _empty_card(self, number: int, columns: Sequence[str]) -> dict[str, Any]:
        return {
            "id": number,
            "marked": None,
            "big": None,
            "small": None,
            "workforce": None,
            "actions": {c: [None, None] for c in columns},
        }

    def blank(self) -> Draft:
        template = example_data()
        columns = [c["id"] for c in template["board"]["columns"]]
        return {
            "cards": [self._empty_card(n, columns) for n in range(1, CARDS + 1)],
            "board": template["board"],
            "animals": template["animals"],
            "idols": template["idols"],
            "checked": [],
        }

    def draft_of(self, data: Mapping[str, Any]) -> Draft:
        cards = sorted(copy.deepcopy(data["cards"]), key=lambda c: c["id"])
        return {
            "cards": cards,
            "board": copy.deepcopy(data["board"]),
            "animals": copy.deepcopy(data["animals"]),
            "idols": copy.deepcopy(data["idols"]),
            "checked": list(CHECKS),
        }

    def data_of(self, draft: Draft) -> dict[str, Any]:
        return {
            "example": False,
            "cards": copy.deepcopy(draft["cards"]),
            "board": copy.deepcopy(draft["board"]),
            "animals": copy.deepcopy(draft["animals"]),
            "idols": copy.deepcopy(draft["idols"]),
        }

    @staticmethod
    def _columns(draft: Draft) -> list[str]:
        return [c["id"] for c in draft["board"]["columns"]]

    @staticmethod
    def _column_name(draft: Draft, column: str) -> Msg:
        names = {c["id"]: c["name"] for c in draft["board"]["columns"]}
        return msg(names.get(column, column))

    # -- the walk ---------------------------------------------------------------------------

    def items(self, draft: Draft) -> tuple[Item, ...]:
        columns = self._columns(draft)
        cards = tuple(
            Item(
                key=f"card-{n}",
                label=msg("Nomad card {n}", n=n),
                pages=tuple(_card_key(n, p) for p in (TOP, *columns)),
            )
            for n in range(1, CARDS + 1)
        )
        checks = tuple(Item(key=k, label=label, pages=(k,)) for k, label in CHECKS.items())
        return cards + checks

    def entered(self, draft: Draft, key: str) -> bool:
        item, page = _split(key)
        if not item.startswith("card-"):
            return key in draft["checked"]
        card = draft["cards"][int(item[5:]) - 1]
        if page == TOP:
            return all(card[k] is not None for k in ("marked", "big", "small", "workforce"))
        return None not in card["actions"].get(page, [None])

    def page(self, draft: Draft, key: str) -> Page:
        item, page = _split(key)
        if item.startswith("card-"):
            number = int(item[5:])
            if page == TOP:
                return self._top_page(draft, number, key)
            return self._column_page(draft, number, page, key)
        return self._check_page(draft, key)

    def _card_scene(self, draft: Draft, number: int, column: str | None) -> dict[str, Any]:
        """The card as a grid: column names on top, its two rows of actions, then its corner.

        The bottom row shows the big and the small arrow and the labor; ``?``
        marks what is not entered yet, the column being entered is ringed.
        """
        card = draft["cards"][number - 1]
        cells: list[dict[str, Any]] = []
        actions = {a: term(a).to_json() for a in CARD_ACTIONS}
        for col_index, col in enumerate(self._columns(draft)):
            header: dict[str, Any] = {
                "id": col,
                "row": 0,
                "col": col_index,
                "label": self._column_name(draft, col).to_json(),
                "shade": "border",
                "highlight": col == column,
            }
            if card["marked"] == col:
                header["sub"] = msg("marked").to_json()
            cells.append(header)
            for row, action in enumerate(card["actions"][col]):
                cell = {
                    "id": f"{col}/{row}",
                    "row": row + 1,
                    "col": col_index,
                    "label": (term(action) if action else msg("?")).to_json(),
                    "shade": "empty" if action is None else None,
                    "highlight": col == column,
                }
                if col == column:  # the column being entered shows the taps (live values)
                    cell["field"] = ["upper" if row == 0 else "lower"]
                    cell["labels"] = actions
                cells.append(cell)
        workforce = card["workforce"]
        corner = (
            ("big", msg("Big arrow"), _word(card["big"])),
            ("small", msg("Small arrow"), _word(card["small"])),
            ("workforce", msg("Labor"), Msg("?" if workforce is None else str(workforce))),
        )
        words = {w: msg(w).to_json() for w in ("left", "right", "up", "down")}
        for index, (ident, label, value) in enumerate(corner):
            row, first = 3 + index // 2, 2 * (index % 2)
            for offset, text in enumerate((label, value)):
                cell = {
                    "id": f"{ident}/{offset}",
                    "row": row,
                    "col": first + offset,
                    "label": text.to_json(),
                    "shade": "inner",
                    "highlight": column is None and value.template == "?",
                }
                if column is None and offset == 1:  # the top page: mirror its fields
                    cell["field"] = [ident]
                    cell["labels"] = words
                cells.append(cell)
        return {
            "kind": "card-grid",
            "title": msg("Nomad card {n} of {all}", n=number, all=CARDS).to_json(),
            "rows": 5,
            "cols": max(len(self._columns(draft)), 4),
            "cells": cells,
        }

    def _top_page(self, draft: Draft, number: int, key: str) -> Page:
        card = draft["cards"][number - 1]
        columns = self._columns(draft)
        return Page(
            key=key,
            title=msg("Nomad card {n}: its top", n=number),
            lines=(
                msg("Take the nomad card numbered {n} from the deck.", n=number),
                msg("Tap the column it marks, the way its two arrows point, and its labor."),
            ),
            fields=tuple(
                face_fields(
                    tuple(Choice(c, self._column_name(draft, c)) for c in columns),
                    card,
                    places="cells",
                )
            ),
            scene=self._card_scene(draft, number, None),
        )

    def _column_page(self, draft: Draft, number: int, column: str, key: str) -> Page:
        upper, lower = draft["cards"][number - 1]["actions"][column]
        choices = tuple(Choice(a, term(a)) for a in CARD_ACTIONS)
        name = self._column_name(draft, column)
        return Page(
            key=key,
            title=msg("Nomad card {n}: column {c}", n=number, c=name),
            lines=(msg("Tap the two actions the card shows under {c}, upper first.", c=name),),
            fields=(
                Field(
                    key="upper",
                    label=msg("Upper action"),
                    kind="choice",
                    default=upper,
                    choices=choices,
                ),
                Field(
                    key="lower",
                    label=msg("Lower action"),
                    kind="choice",
                    default=lower,
                    choices=choices,
                ),
            ),
            scene=self._card_scene(draft, number, column),
        )

    def _check_page(self, draft: Draft, key: str) -> Page:
        board = draft["board"]
        lines = [msg("Check these against your box and correct what differs.")]
        fields: list[Field] = []
        if key == "areas":
            for part, dim, label, most in (
                ("hunting_area", "rows", msg("Hunting area: rows"), 4),
                ("hunting_area", "columns", msg("Hunting area: columns"), 8),
                ("progress_display", "rows", msg("Culture card display: rows"), 4),
                ("progress_display", "columns", msg("Culture card display: columns"), 8),
            ):
                fields.append(
                    Field(
                        key=f"{part}-{dim}",
                        label=label,
                        kind="int",
                        default=board[part][dim],
                        minimum=1,
                        maximum=most,
                    )
                )
        elif key == "limits":
            for limit, label in LIMITS.items():
                fields.append(
                    Field(
                        key=limit,
                        label=label,
                        kind="int",
                        default=board["limits"][limit],
                        minimum=1,
                        maximum=30,
                    )
                )
        elif key == "rounds":
            for part, label, most in (
                ("rounds", msg("Rounds"), 8),
                ("figures", msg("Figures per side"), 8),
                ("map_cards", msg("Map cards"), 20),
            ):
                fields.append(
                    Field(
                        key=part,
                        label=label,
                        kind="int",
                        default=board[part],
                        minimum=1,
                        maximum=most,
                    )
                )
            eras = ", ".join(str(e) for e in board["era_by_round"])
            lines.append(msg("Era of each round: {eras}.", eras=eras))
        elif key == "animals":
            lines.append(msg("How many tiles of each animal: 10, 5 or 1."))
            for animal in draft["animals"]:
                fields.append(
                    Field(
                        key=animal["id"],
                        label=msg(animal["name"]),
                        kind="choice",
                        default=str(animal["set"]),
                        choices=tuple(Choice(str(n), Msg(str(n))) for n in SET_SIZES),
                    )
                )
        else:
            track = draft["idols"][key]
            fields.append(
                Field(
                    key="top",
                    label=msg("Last space of the track"),
                    kind="int",
                    default=track["top"],
                    minimum=1,
                    maximum=30,
                )
            )
            for space, benefit in sorted(track["benefits"].items(), key=lambda kv: int(kv[0])):
                for what, n in benefit.items():
                    lines.append(
                        msg("Space {s} gives {n} × {what}.", s=space, n=n, what=term(what))
                    )
        return Page(
            key=key,
            title=CHECKS[key],
            lines=tuple(lines),
            fields=tuple(fields),
        )

    # -- answers ------------------------------------------------------------------------------

    def apply(self, draft: Draft, key: str, answer: Mapping[str, Any]) -> None:
        item, page = _split(key)
        if item.startswith("card-"):
            card = draft["cards"][int(item[5:]) - 1]
            if page == TOP:
                card.update({k: answer[k] for k in ("marked", "big", "small", "workforce")})
            else:
                card["actions"][page] = [answer["upper"], answer["lower"]]
            return
        board = draft["board"]
        if key == "areas":
            for path, value in answer.items():
                part, dim = path.split("-")
                board[part][dim] = value
        elif key == "limits":
            board["limits"].update(answer)
        elif key == "rounds":
            rounds = answer["rounds"]
            eras = list(board["era_by_round"])
            eras = (eras + [eras[-1]] * rounds)[:rounds]
            board.update(
                rounds=rounds,
                figures=answer["figures"],
                map_cards=answer["map_cards"],
                era_by_round=eras,
            )
        elif key == "animals":
            for animal in draft["animals"]:
                animal["set"] = int(answer[animal["id"]])
        else:
            track = draft["idols"][key]
            top = answer["top"]
            beyond = [s for s in track["benefits"] if int(s) > top]
            if beyond:
                raise IllegalInput(
                    msg("Space {s} gives a benefit: the track is longer.", s=beyond[0]), "top"
                )
            last = track["rate"][str(min(track["top"], top))]
            track["rate"] = {str(s): track["rate"].get(str(s), last) for s in range(top + 1)}
            track["top"] = top
        if key not in draft["checked"]:
            draft["checked"].append(key)

    def menu_lines(self, draft: Draft) -> tuple[Msg, ...]:
        """Cards entered twice are named (two printed cards are rarely identical)."""
        seen: dict[str, int] = {}
        for card in draft["cards"]:
            content = repr({k: v for k, v in card.items() if k != "id"})
            if content in seen and None not in _values(card):
                return (
                    msg(
                        "Nomad cards {a} and {b} are entered the same: check that neither was "
                        "entered twice.",
                        a=seen[content],
                        b=card["id"],
                    ),
                )
            seen[content] = card["id"]
        return ()

    def learn(self, draft: Draft, entries: Sequence[Mapping[str, Any]]) -> None:
        """Card faces and actions corrected during play (``NomadsGame.component_entries``)."""
        columns = self._columns(draft)
        for entry in entries:
            number = entry.get("id")
            if entry.get("part") != "card" or not isinstance(number, int):
                continue
            if not 1 <= number <= CARDS:
                continue
            card = draft["cards"][number - 1]
            for k in ("marked", "big", "small", "workforce"):
                if k in entry:
                    card[k] = entry[k]
            column = entry.get("column")
            if column in columns:
                pair = card["actions"][column]
                for row, k in enumerate(("upper", "lower")):
                    if entry.get(k) in CARD_ACTIONS:
                        pair[row] = entry[k]


def _word(value: str | None) -> Msg:
    """An arrow's direction as shown (``left`` ... ``down`` are catalogue words)."""
    return msg("?") if value is None else msg(value)


def _values(card: Mapping[str, Any]) -> list[Any]:
    out = [card[k] for k in ("marked", "big", "small", "workforce")]
    for pair in card["actions"].values():
        out += pair
    return out


EDITOR = register_editor(NomadsEditor())
