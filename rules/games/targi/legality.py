"""Is this use of an action tile legal? Each check quotes the rule it applies.

Every check takes a *table* (the positions the players reported, see
:func:`empty_table`), the player and the proposed use. It returns the trace of
the rules it walked, ``(rule, finding)`` pairs in English, or raises
:class:`~rules.errors.IllegalInput` whose reason names the rule broken. The
game module and ``tableside decide targi`` share these checks.
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput
from rules.games.targi.board import BOARD, Board

PLAYERS = ("blue", "white")
TILES = ("joker", "targi", "tribe", "renounce")
GOODS = ("dates", "salt", "pepper")
TILE_NAMES = {
    "joker": "joker goods tile",
    "targi": "Targi tile",
    "tribe": "tribe-marker tile",
    "renounce": "renounce tile",
}
#: "höchstens 9 Stammeskarten ... inklusive der soeben gelegten Karte"
RENOUNCE_LIMIT = 9

Table = dict[str, Any]
Trace = list[tuple[str, str]]


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def empty_table(start: str = "blue") -> Table:
    """The positions a check looks at; the game state keeps the same keys."""
    return {
        "start": start,
        "robber": BOARD.robber_start,
        "targi": {p: [] for p in PLAYERS},
        "targi_done": False,
        "markers": {p: [] for p in PLAYERS},
        "markers_done": False,
        "targi_tiles": {p: None for p in PLAYERS},
        "tribe_tiles": {p: None for p in PLAYERS},
        "tiles": {p: dict.fromkeys(TILES, "unused") for p in PLAYERS},
        "tribe_cards": dict.fromkeys(PLAYERS, 0),
    }


def _refuse(rule: str, why: str, field: str) -> IllegalInput:
    return IllegalInput(f"{why} (rule: {rule})", field)


def check_holds(table: Table, player: str, tile: str, field: str = "tile") -> Trace:
    """The player kept this tile at set-up and has not used it ("nur einmal")."""
    status = table["tiles"][player][tile]
    name = TILE_NAMES[tile]
    if status == "absent":
        raise _refuse(
            "each player keeps only the 3 tiles chosen at set-up",
            f"{player} did not keep the {name}",
            field,
        )
    if status == "used":
        raise _refuse(
            "each action tile can be used only once",
            f"{player} has already used the {name}",
            field,
        )
    return [("one use", f"{player} still holds the unused {name}")]


def _start_first(table: Table, player: str, pending: bool, tile: str, field: str) -> Trace:
    if pending and player != table["start"]:
        raise _refuse(
            f"when both use the {TILE_NAMES[tile]} in the same round, the start player goes first",
            f"{table['start']} (start player) places first",
            field,
        )
    return []


def who_stands_on(table: Table, card: str) -> str | None:
    """What occupies ``card`` (robber, a Targi, a marker or a tile), in words; None if free."""
    if card == table["robber"]:
        return "the robber"
    for player in PLAYERS:
        if card in table["targi"][player]:
            return f"{player}'s Targi"
        if card in table["markers"][player]:
            return f"{player}'s tribe marker"
        if table["targi_tiles"][player] == card:
            return f"{player}'s Targi tile"
        if table["tribe_tiles"][player] == card:
            return f"{player}'s tribe-marker tile"
    return None


def check_targi_tile(
    table: Table, player: str, card: str, pending_start: bool = False, board: Board = BOARD
) -> Trace:
    """The Targi tile: after both placed their Targi, on any free border card.

    Reading: "free" = not a corner (no action), no robber, no Targi, no tile.
    """
    field = "card"
    trace = check_holds(table, player, "targi", field)
    if not table["targi_done"]:
        raise _refuse(
            "the Targi tile may be used only after both players have placed their Targi",
            "not every Targi is on the board yet",
            field,
        )
    trace += _start_first(table, player, pending_start, "targi", field)
    cell = board.cells.get(card)
    if cell is None:
        raise IllegalInput(f"'{card}' is not a card of the board", field)
    if cell.kind == "inner":
        raise _refuse(
            "the Targi tile goes on a free border card", f"{card} is an inner card", field
        )
    if cell.kind == "corner":
        raise _refuse(
            "the Targi tile goes on a free border card; corner cards carry no action",
            f"{card} is a corner card",
            field,
        )
    occupant = who_stands_on(table, card)
    if occupant is not None:
        raise _refuse(
            "the Targi tile goes on a free border card", f"{card} is taken by {occupant}", field
        )
    trace.append(("free border card", f"{card} is a free border card"))
    opposite = board.opposite(card)
    if opposite in table["targi"][other(player)]:
        trace.append(
            (
                "opposite allowed",
                f"{card} is opposite {other(player)}'s Targi on {opposite}: "
                "the action tile rules allow it explicitly",
            )
        )
    return trace


def crossing_points(table: Table, player: str, board: Board = BOARD) -> list[str]:
    """Inner cards where the robber's line meets a line of one of ``player``'s Targi.

    Readings (docs/targi.md): only Targi *figures* have lines, the Targi tile is
    not one; a robber on a corner has no line through the inner cards; parallel
    lines do not cross.
    """
    robber_line = board.line_of(table["robber"])
    if robber_line is None:
        return []
    points: list[str] = []
    for card in table["targi"][player]:
        line = board.line_of(card)
        point = board.crossing(robber_line, line) if line else None
        if point is not None and point not in points:
            points.append(point)
    return sorted(points)


def check_tribe_tile(
    table: Table, player: str, card: str, pending_start: bool = False, board: Board = BOARD
) -> Trace:
    """The tribe-marker tile: after both placed tribe markers, on a free robber/Targi crossing."""
    field = "card"
    trace = check_holds(table, player, "tribe", field)
    if not table["markers_done"]:
        raise _refuse(
            "the tribe-marker tile may be used only after both players have placed "
            "their tribe markers",
            "not every tribe marker is on the board yet",
            field,
        )
    trace += _start_first(table, player, pending_start, "tribe", field)
    cell = board.cells.get(card)
    if cell is None:
        raise IllegalInput(f"'{card}' is not a card of the board", field)
    if cell.kind != "inner":
        raise _refuse(
            "the tribe-marker tile goes on a free crossing point",
            f"{card} is not an inner card",
            field,
        )
    occupant = who_stands_on(table, card)
    if occupant is not None:
        raise _refuse(
            "the tribe-marker tile goes on a free crossing point",
            f"{card} is taken by {occupant}",
            field,
        )
    robber = table["robber"]
    if board.line_of(robber) is None:
        raise _refuse(
            "the crossing point lies on a line of the robber",
            f"the robber stands on corner {robber}, whose lines run along the border "
            "and cross no inner card",
            field,
        )
    points = crossing_points(table, player, board)
    if card not in points:
        legal = ", ".join(p for p in points if who_stands_on(table, p) is None) or "none"
        raise _refuse(
            "the crossing point lies on a line of the robber and a line of one of "
            "the player's own Targi",
            f"{card} is not such a crossing for {player} (free ones: {legal})",
            field,
        )
    trace.append(
        (
            "crossing point",
            f"{card} lies on the robber's line from {robber} and on a line of {player}'s Targi",
        )
    )
    return trace


def check_renounce(table: Table, player: str, cards: int, just_laid: bool = True) -> Trace:
    """The renounce tile: only for the card just laid, while at most 9 tribe cards."""
    field = "renounce"
    trace = check_holds(table, player, "renounce", field)
    if not just_laid:
        raise _refuse(
            "the renounce tile goes only on the tribe card just laid",
            "this tribe card was not just laid",
            field,
        )
    if cards > RENOUNCE_LIMIT:
        raise _refuse(
            "the renounce tile may be used only while the player has at most 9 tribe cards, "
            "including the card just laid",
            f"{player} has {cards} tribe cards",
            field,
        )
    trace.append(
        (
            "at most 9 tribe cards",
            f"{player} has {cards} tribe cards including the new one (limit {RENOUNCE_LIMIT})",
        )
    )
    return trace


def check_joker(table: Table, player: str, good: str) -> Trace:
    """The joker goods tile: at any time, as 1 good of the player's choice."""
    trace = check_holds(table, player, "joker", "joker")
    if good not in GOODS:
        raise _refuse(
            "the joker goods tile counts as 1 date, salt or pepper",
            f"'{good}' is not one of dates, salt, pepper",
            "good",
        )
    trace.append(("any time", f"{player} uses the joker as 1 {good}"))
    return trace


def check_fata_morgana(table: Table, player: str, source: str, target: str) -> Trace:
    """Moving a tribe marker with the Fata Morgana, with the tribe-marker tile's restrictions.

    Reading: the forbidden target is a card with *either* player's tribe-marker
    tile; the target must also be free (base-game consistency).
    """
    if table["tribe_tiles"][player] == source:
        raise _refuse(
            "the Fata Morgana may not move the tribe-marker tile itself",
            f"{source} holds {player}'s tribe-marker tile",
            "from",
        )
    if source not in table["markers"][player]:
        raise IllegalInput(f"{player} has no tribe marker on {source}", "from")
    cell = BOARD.cells.get(target)
    if cell is None or cell.kind != "inner":
        raise IllegalInput(f"'{target}' is not an inner card", "to")
    for owner in PLAYERS:
        if table["tribe_tiles"][owner] == target:
            raise _refuse(
                "the Fata Morgana may not move an own tribe marker onto the card "
                "holding a tribe-marker tile",
                f"{target} holds {owner}'s tribe-marker tile",
                "to",
            )
    occupant = who_stands_on(table, target)
    if occupant is not None:
        raise _refuse(
            "base game: a tribe marker moves onto a free card", f"{target} holds {occupant}", "to"
        )
    return [("Fata Morgana", f"{player} moves a tribe marker from {source} to {target}")]


def check_move_renounce(player: str) -> Trace:
    """A renounce tile once placed never moves."""
    raise _refuse(
        "a placed renounce tile can no longer be moved or removed",
        f"{player}'s renounce tile stays on its tribe card",
        "tile",
    )
