"""Shared helpers of the Marauders step machine: fields, tray bookkeeping, tiles, notes.

The season modules (``steps_*.py``) are mixins over :class:`TableHelpers`;
``game.Marauders`` combines them. Every helper works on the plain state dict.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import parsing
from rules.games.marauders.model import COLOURS, ROUNDS, SIDES, TRIBE, label, order_text
from rules.prompt import Choice, Field
from rules.rng import shuffled
from rules.text import Msg, msg

COLOUR_CHOICES = tuple(Choice(c, label(c)) for c in COLOURS)


def colour_choices() -> tuple[Choice, ...]:
    return COLOUR_CHOICES


def zero() -> dict[str, int]:
    return {c: 0 for c in COLOURS}


def paid_field(label_text: Msg | None = None) -> Field:
    return Field(
        key="paid",
        label=label_text or msg("Paid onto the control board since the tribe's last step"),
        kind="counts",
        default=zero(),
        choices=colour_choices(),
    )


def trays_field(state: State) -> Field:
    """The markers on the control board now, per colour: a check the camera can prefill.

    Its default is what the assistant tracked. When the players (or the camera)
    change it, the entered counts replace the tracked ones and the ``paid`` field
    of the same step is not added on top (see :meth:`TableHelpers._apply_table`).
    """
    return Field(
        key="trays_now",
        label=msg("Markers on the control board now (correct if the table differs)"),
        kind="counts",
        default=dict(state["trays"]),
        choices=colour_choices(),
        camera="colour_totals",
    )


def income_fields(state: State) -> tuple[Field, ...]:
    return (
        Field(
            key="gained",
            label=msg("Markers/resources the tribe gained (they go onto its trays)"),
            kind="counts",
            default=zero(),
            choices=colour_choices(),
        ),
        Field(
            key="vp", label=msg("VP the tribe scored"), kind="int", default=0, minimum=0, maximum=99
        ),
        Field(
            key="dev",
            label=msg("Development points it would get (priority marker steps)"),
            kind="int",
            default=0,
            minimum=0,
            maximum=30,
        ),
    )


class TableHelpers:
    """Bookkeeping every season needs: trays, notes, the priority marker, tiles."""

    @staticmethod
    def _payer(state: State) -> str:
        return next(w for w in state["order"] if w != TRIBE)

    @staticmethod
    def _tile_example(state: State) -> bool:
        tile = state["tile"]
        return bool(tile and tile.get("example"))

    def _example(self, state: State, board: bool = True, tile: bool = True) -> bool:
        return (board and state["board_example"]) or (tile and self._tile_example(state))

    def _apply_table(self, state: State, answer: Mapping[str, Any]) -> None:
        """Apply a step's payments, or the tray counts read from the table.

        Reading chosen: counts in ``trays_now`` that differ from the tracked ones
        are the truth of the table (typed or read by the camera) and replace the
        tracked counts; otherwise the ``paid`` markers are added.
        """
        now = answer.get("trays_now")
        if now is not None and dict(now) != dict(state["trays"]):
            before = dict(state["trays"])
            state["trays"] = {c: int(now.get(c, 0)) for c in state["trays"]}
            changed = ", ".join(
                f"{c} {before[c]}->{state['trays'][c]}"
                for c in before
                if before[c] != state["trays"][c]
            )
            self._note(state, msg("Tray counts taken from the table: {changes}", changes=changed))
            return
        self._add(state, answer["paid"])

    @staticmethod
    def _add(state: State, counts: Mapping[str, int]) -> None:
        for colour, n in counts.items():
            state["trays"][colour] += n

    @staticmethod
    def _take(state: State, colour: str, n: int) -> None:
        state["trays"][colour] = max(0, state["trays"][colour] - n)

    def _note(self, state: State, *lines: Msg) -> None:
        state["notes"].extend(m.to_json() for m in lines)

    def _move_marker(self, state: State, steps: int) -> None:
        if steps <= 0:
            return
        before = state["marker"]
        state["marker"] = (before + steps) % SIDES
        state["development"] += steps
        icon = cat.priority_at(cat.board_of(state), state["marker"])
        self._note(
            state,
            msg(
                "Development points become priority marker steps: move it {n} step(s) "
                "clockwise, from side {a} to side {b} ({icon}).",
                n=steps,
                a=before,
                b=state["marker"],
                icon=label(icon),
            ),
        )

    def _next_tile_from_pile(self, state: State) -> None:
        """Digital draw: the next tile of the seeded pile waits in ``state["drawn"]``."""
        if state["draw"] != "digital":
            return
        if not state["pile"]:
            # A catalogue with fewer tiles than draws: reshuffle the discarded tiles
            # (the 12 printed tiles suffice for the 10 draws of a game).
            current = (state["tile"] or {}).get("id")
            used = [i for i in state["discarded"] if i != current]
            state["pile"] = shuffled(state, used) or [current]
            state["discarded"] = []
        if state["pile"]:
            tile_id = state["pile"].pop(0)
            face = 3 if tile_id in state["hard"] else 2
            catalogue = cat.default()
            actions = catalogue["tiles"][tile_id][str(face)]
            tile = cat.make_tile(tile_id, face, actions)
            tile["example"] = catalogue["example"]
            state["drawn"] = tile

    def _tile_fields(self, state: State) -> tuple[Field, ...]:
        if state["draw"] == "digital":
            return ()
        ids = list(cat.default()["tiles"])
        return (
            Field(
                key="tile",
                label=msg("Which tile did you draw?"),
                kind="choice",
                default=ids[0] if ids else "other",
                choices=(
                    *(Choice(i, Msg(i)) for i in ids),
                    Choice("other", msg("other: I type its symbols")),
                ),
            ),
            Field(
                key="face",
                label=msg("Its number (the side facing up)"),
                kind="choice",
                default="3" if state["hard_tiles"] >= 12 else "2",
                choices=(Choice("2", Msg("2")), Choice("3", Msg("3"))),
            ),
            Field(
                key="actions",
                label=msg("Only for 'other': symbols clockwise from the framed one"),
                kind="text",
                default="",
                help=msg("e.g. fishing hunting gathering ceremony migration rock-painting"),
            ),
        )

    def _read_tile(self, state: State, answer: Mapping[str, Any]) -> dict[str, Any]:
        if state["draw"] == "digital":
            tile = state.pop("drawn")
            return tile
        face = int(answer["face"])
        if answer["tile"] == "other" or answer["actions"].strip():
            actions = parsing.tile_actions(answer["actions"])
            tile = cat.make_tile(
                None if answer["tile"] == "other" else answer["tile"], face, actions
            )
            tile["example"] = False
            return tile
        catalogue = cat.default()
        actions = catalogue["tiles"][answer["tile"]][str(face)]
        tile = cat.make_tile(answer["tile"], face, actions)
        tile["example"] = catalogue["example"]
        return tile

    def _tile_lines(self, state: State, tile: Mapping[str, Any] | None) -> list[Msg]:
        if tile is None:
            return [msg("Draw the top marauder tile; place it with the framed symbol pointing up.")]
        lines = [
            msg(
                "Draw tile {id} ({n} side up); place it with the framed symbol ({framed}) "
                "pointing up.",
                id=tile["id"] or "?",
                n=tile["number"],
                framed=label(tile["actions"][0]),
            ),
            msg(
                "Symbols clockwise from the top: {symbols}.",
                symbols=", ".join(str(label(a)) for a in tile["actions"]),
            ),
        ]
        if tile.get("example"):
            lines.append(msg("(EXAMPLE tile data: match it to your real tile.)"))
        return lines

    def _notes(self, state: State) -> list[Msg]:
        return [Msg.from_json(n) for n in state["notes"]]

    def _trays_line(self, state: State, with_actions: bool = True) -> Msg:
        """Tray counts by side, with the tile's action next to each tray when a tile lies."""
        marker = state["marker"]
        tile = state["tile"] if with_actions else None
        parts = []
        for side in cat.board_of(state)["sides"]:
            if side["tray"] is None:
                continue
            part = f"{side['tray']} {state['trays'][side['tray']]}"
            if tile:
                part += f" ({label(tile['actions'][side['side']])})"
            parts.append(part)
        return msg(
            "Trays now: {trays}. Priority marker: side {m} ({icon}).",
            trays=", ".join(parts),
            m=marker,
            icon=label(cat.priority_at(cat.board_of(state), marker)),
        )

    def _payer_line(self, state: State) -> Msg:
        return msg(
            "Player order: {order}. Player {p} pays expenses onto the control board.",
            order=order_text(state["order"]),
            p=self._payer(state),
        )

    def _round_phase(self, state: State, season: Msg) -> Msg:
        return msg("Round {r} of {n} · {season}", r=state["round"], n=ROUNDS, season=season)

    # -- provided by a season mixin ----------------------------------------------------------

    def _next_summer_action(self, state: State) -> None:
        """Go on to the next summer action location (``steps_summer``)."""
        raise NotImplementedError
