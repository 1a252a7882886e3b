"""Is this use of an action tile legal? One function per rule, each quoting it.

Every check takes a *table* (the positions on the card square, see
:func:`empty_table`), the :class:`~rules.games.targi.board.Board`, the player
and the proposed use. It returns the trace of the rules it walked
(``(rule id, finding)`` pairs, findings translatable) or raises
:class:`Refused` naming the rule broken. The game's steps offer only the
options these checks accept (``legal_*``), and ``tableside decide targi``
runs the very same checks on a situation, so play and decide cannot drift.
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalInput
from rules.games.targi.board import Board
from rules.games.targi.terms import GOOD, PLAYERS, TILE, TILES, other, who
from rules.text import Msg, msg

#: "höchstens 9 Stammeskarten ... inklusive der soeben gelegten Karte"
RENOUNCE_LIMIT = 9
STATUSES = ("unused", "used", "absent")

Table = dict[str, Any]
Trace = list[tuple[str, Msg]]


class Refused(IllegalInput):
    """A move the rules forbid: ``why`` (with its numbers) and the ``rule`` quoted, both Msgs."""

    def __init__(self, rule: Msg, why: Msg, field: str) -> None:
        self.rule = rule
        self.why = why
        super().__init__(msg("{why} (rule: {rule})", why=why, rule=rule), field)


def empty_table(start: str = "blue", robber: str = "") -> Table:
    """The positions a check looks at; the game state keeps the same keys.

    ``tiles`` says per player and tile ``unused``, ``used`` or ``absent`` (put
    back in the box at set-up); a new table holds no tile until the choice.
    """
    return {
        "start": start,
        "robber": robber,
        "targi": {p: [] for p in PLAYERS},
        "markers": {p: [] for p in PLAYERS},
        "targi_tiles": {p: None for p in PLAYERS},
        "tribe_tiles": {p: None for p in PLAYERS},
        "tiles": {p: dict.fromkeys(TILES, "absent") for p in PLAYERS},
        "tribe_cards": dict.fromkeys(PLAYERS, 0),
    }


def who_stands_on(table: Table, card: str) -> Msg | None:
    """What occupies ``card`` (robber, a Targi, a marker or a tile), in words; None if free."""
    if card == table["robber"]:
        return msg("the robber")
    for player in PLAYERS:
        if card in table["targi"][player]:
            return msg("{p}'s Targi", p=who(player))
        if card in table["markers"][player]:
            return msg("{p}'s tribe marker", p=who(player))
        if table["targi_tiles"][player] == card:
            return msg("{p}'s Targi tile", p=who(player))
        if table["tribe_tiles"][player] == card:
            return msg("{p}'s tribe-marker tile", p=who(player))
    return None


# -- "Jedes Aktionsplättchen kann nur einmal eingesetzt werden" ---------------------------


def check_holds(table: Table, player: str, tile: str, field: str) -> Trace:
    """The player kept this tile at set-up and has not used it yet."""
    status = table["tiles"][player][tile]
    if status == "absent":
        raise Refused(
            msg("each player keeps only the 3 tiles chosen at set-up"),
            msg("{p} put the {tile} back in the box", p=who(player), tile=TILE[tile]),
            field,
        )
    if status == "used":
        raise Refused(
            msg("each action tile can be used only once"),
            msg("{p} has already used the {tile}", p=who(player), tile=TILE[tile]),
            field,
        )
    return [("one use", msg("{p} still holds the unused {tile}", p=who(player), tile=TILE[tile]))]


# -- the base game's Targi placement (the frame the Targi tile refers to) -------------------


def all_targi_placed(table: Table, board: Board) -> bool:
    """ "Haben beide Spieler ihre Targi-Figuren gesetzt": every Targi of both is on the board."""
    return all(len(table["targi"][p]) == board.targi_per_player for p in PLAYERS)


def check_targi_figure(table: Table, board: Board, player: str, card: str) -> Trace:
    """A Targi figure (base game): a border card, not a corner, not the robber's card, not
    taken, not opposite the other player's Targi (the rule the Targi tile lifts)."""
    field = "targi"
    kind = board.cells[card].kind
    if kind != "border":
        raise Refused(
            msg("Targi stand on the border cards, never on a corner"),
            msg("{card} is not a border card with an action", card=card),
            field,
        )
    occupant = who_stands_on(table, card)
    if occupant is not None and card not in table["targi"][player]:
        raise Refused(
            msg("one figure per card; none on the robber's card"),
            msg("{card} is taken by {who}", card=card, who=occupant),
            field,
        )
    facing = board.opposite(card)
    if facing in table["targi"][other(player)]:
        raise Refused(
            msg("no Targi opposite a Targi of the other player"),
            msg(
                "{card} faces {p}'s Targi on {facing}",
                card=card,
                p=who(other(player)),
                facing=facing,
            ),
            field,
        )
    return [("Targi", msg("{p}'s Targi may stand on {card}", p=who(player), card=card))]


def legal_targi_figure_cards(table: Table, board: Board, player: str) -> list[str]:
    """The border cards where ``player`` may put a Targi, given the other player's."""
    return [c for c in board.action_border if _passes(check_targi_figure, table, board, player, c)]


# -- Targi-Plättchen ------------------------------------------------------------------------


def check_start_first(table: Table, player: str, pending: bool, tile: str, field: str) -> Trace:
    """ "Wollen beide ... in derselben Runde einsetzen, setzt zuerst der Startspieler"."""
    if pending and player != table["start"]:
        raise Refused(
            msg(
                "when both use the {tile} in the same round, the start player goes first",
                tile=TILE[tile],
            ),
            msg("{p} (start player) places first", p=who(table["start"])),
            field,
        )
    return []


def check_targi_tile(
    table: Table, board: Board, player: str, card: str, pending_start: bool = False
) -> Trace:
    """The Targi tile: after both placed their Targi, on any free border card, also the one
    opposite the other player's Targi.

    Reading: "free" = not a corner (no action), no robber, no Targi, no tile.
    """
    field = "card"
    trace = check_holds(table, player, "targi", field)
    if not all_targi_placed(table, board):
        raise Refused(
            msg("the Targi tile may be used only after both players have placed their Targi"),
            msg("not every Targi is on the board yet"),
            field,
        )
    trace += check_start_first(table, player, pending_start, "targi", field)
    kind = board.cells[card].kind
    if kind != "border":
        why = (
            msg("{card} is an inner card", card=card)
            if kind == "inner"
            else msg("{card} is a corner card: corners carry no action", card=card)
        )
        raise Refused(msg("the Targi tile goes on a free border card"), why, field)
    occupant = who_stands_on(table, card)
    if occupant is not None:
        raise Refused(
            msg("the Targi tile goes on a free border card"),
            msg("{card} is taken by {who}", card=card, who=occupant),
            field,
        )
    trace.append(("free border card", msg("{card} is a free border card", card=card)))
    facing = board.opposite(card)
    if facing in table["targi"][other(player)]:
        trace.append(
            (
                "opposite allowed",
                msg(
                    "{card} faces {p}'s Targi on {facing}: the action-tile rules allow it",
                    card=card,
                    p=who(other(player)),
                    facing=facing,
                ),
            )
        )
    return trace


def legal_targi_tile_cards(table: Table, board: Board, player: str) -> list[str]:
    return [c for c in board.border if _passes(check_targi_tile, table, board, player, c)]


# -- Stammesmarker and the Stammesmarker-Plättchen -------------------------------------------


def crossings_of(table: Table, board: Board, player: str) -> list[str]:
    """Base game: a player's tribe markers go where the lines of his own Targi cross.

    Reading: only Targi *figures* have lines; the Targi tile is not one.
    """
    lines = [board.line_of(card) for card in table["targi"][player]]
    points = {
        point
        for a in lines
        for b in lines
        if a is not None and b is not None
        for point in [board.crossing(a, b)]
        if point is not None
    }
    return sorted(points)[: board.markers_per_player]


def all_markers_placed(table: Table, board: Board) -> bool:
    """ "Haben beide Spieler ihre Stammesmarker gesetzt": each on all of his crossings."""
    return all_targi_placed(table, board) and all(
        len(table["markers"][p]) == len(crossings_of(table, board, p)) for p in PLAYERS
    )


def robber_crossings(table: Table, board: Board, player: str) -> list[str]:
    """Inner cards where the robber's line meets a line of one of ``player``'s Targi.

    Readings: a robber on a corner has no line through the inner cards; a
    robber's line parallel to a Targi's line gives no crossing.
    """
    robber_line = board.line_of(table["robber"])
    if robber_line is None:
        return []
    points = set()
    for card in table["targi"][player]:
        line = board.line_of(card)
        point = board.crossing(robber_line, line) if line else None
        if point is not None:
            points.add(point)
    return sorted(points)


def check_tribe_tile(
    table: Table, board: Board, player: str, card: str, pending_start: bool = False
) -> Trace:
    """The tribe-marker tile: after both placed their tribe markers, on a free crossing of a
    line of the robber and a line of one of the player's own Targi."""
    field = "card"
    trace = check_holds(table, player, "tribe", field)
    if not all_markers_placed(table, board):
        raise Refused(
            msg(
                "the tribe-marker tile may be used only after both players "
                "have placed their tribe markers"
            ),
            msg("not every tribe marker is on the board yet"),
            field,
        )
    trace += check_start_first(table, player, pending_start, "tribe", field)
    if board.cells[card].kind != "inner":
        raise Refused(
            msg("the tribe-marker tile goes on a free crossing point"),
            msg("{card} is not an inner card", card=card),
            field,
        )
    occupant = who_stands_on(table, card)
    if occupant is not None:
        raise Refused(
            msg("the tribe-marker tile goes on a free crossing point"),
            msg("{card} is taken by {who}", card=card, who=occupant),
            field,
        )
    robber = table["robber"]
    if board.line_of(robber) is None:
        raise Refused(
            msg("the crossing point lies on a line of the robber"),
            msg(
                "the robber stands on the corner {card}: its lines cross no inner card", card=robber
            ),
            field,
        )
    if card not in robber_crossings(table, board, player):
        raise Refused(
            msg(
                "the crossing lies on a line of the robber "
                "and a line of one of the player's own Targi"
            ),
            msg("{card} is no such crossing for {p}", card=card, p=who(player)),
            field,
        )
    trace.append(
        (
            "crossing point",
            msg(
                "{card} lies on the robber's line from {robber} and on a line of {p}'s Targi",
                card=card,
                robber=robber,
                p=who(player),
            ),
        )
    )
    return trace


def legal_tribe_tile_cards(table: Table, board: Board, player: str) -> list[str]:
    return [c for c in board.inner if _passes(check_tribe_tile, table, board, player, c)]


# -- Verzichtsplättchen ----------------------------------------------------------------------


def check_renounce(table: Table, player: str, cards: int, just_laid: bool = True) -> Trace:
    """The renounce tile: only on the tribe card just laid, while at most 9 tribe cards."""
    field = "renounce"
    trace = check_holds(table, player, "renounce", field)
    if not just_laid:
        raise Refused(
            msg("the renounce tile goes only on the tribe card just laid"),
            msg("this tribe card was not just laid"),
            field,
        )
    if cards > RENOUNCE_LIMIT:
        raise Refused(
            msg(
                "the renounce tile only while the player has at most 9 tribe cards, "
                "the new one included"
            ),
            msg("{p} has {n} tribe cards", p=who(player), n=cards),
            field,
        )
    trace.append(
        (
            "at most 9 tribe cards",
            msg(
                "{p} has {n} tribe cards including the new one (at most {limit})",
                p=who(player),
                n=cards,
                limit=RENOUNCE_LIMIT,
            ),
        )
    )
    return trace


def check_move_renounce(player: str) -> Trace:
    """A renounce tile once placed never moves."""
    raise Refused(
        msg("a placed renounce tile can no longer be moved or removed"),
        msg("{p}'s renounce tile stays on its tribe card", p=who(player)),
        "tile",
    )


# -- Joker-Warenplättchen --------------------------------------------------------------------


def check_joker(table: Table, player: str, good: str) -> Trace:
    """The joker goods tile: at any time, as 1 good of the player's choice (dates, salt, pepper)."""
    trace = check_holds(table, player, "joker", "joker")
    if good not in GOOD:
        raise Refused(
            msg("the joker goods tile counts as 1 date, salt or pepper"),
            msg("only dates, salt or pepper can be chosen"),
            "good",
        )
    trace.append(
        ("any time", msg("{p} uses the joker as 1 {good}", p=who(player), good=GOOD[good]))
    )
    return trace


# -- Fata Morgana with a tribe-marker tile on the board ---------------------------------------


def check_fata_morgana(table: Table, board: Board, player: str, source: str, target: str) -> Trace:
    """Moving an own tribe marker with the Fata Morgana, with the tribe-marker tile's limits.

    Readings: the forbidden target is a card with *either* player's tribe-marker
    tile; the target must also be a free inner card (base game).
    """
    if table["tribe_tiles"][player] == source:
        raise Refused(
            msg("the Fata Morgana may not move the tribe-marker tile itself"),
            msg("{card} holds {p}'s tribe-marker tile", card=source, p=who(player)),
            "from",
        )
    if source not in table["markers"][player]:
        raise Refused(
            msg("the Fata Morgana moves one of the player's own tribe markers"),
            msg("{p} has no tribe marker on {card}", p=who(player), card=source),
            "from",
        )
    if board.cells[target].kind != "inner":
        raise Refused(
            msg("base game: a tribe marker moves onto a free inner card"),
            msg("{card} is not an inner card", card=target),
            "to",
        )
    for owner in PLAYERS:
        if table["tribe_tiles"][owner] == target:
            raise Refused(
                msg("no own tribe marker may be moved onto the card with a tribe-marker tile"),
                msg("{card} holds {p}'s tribe-marker tile", card=target, p=who(owner)),
                "to",
            )
    occupant = who_stands_on(table, target)
    if occupant is not None:
        raise Refused(
            msg("base game: a tribe marker moves onto a free inner card"),
            msg("{card} holds {who}", card=target, who=occupant),
            "to",
        )
    return [
        (
            "Fata Morgana",
            msg("{p} moves a tribe marker from {a} to {b}", p=who(player), a=source, b=target),
        )
    ]


def fata_morgana_moves(table: Table, board: Board, player: str) -> tuple[list[str], list[str]]:
    """The markers ``player`` may move and the cards they may go to (each allowed pair)."""
    sources = [
        s
        for s in table["markers"][player]
        if any(_fata_ok(table, board, player, s, t) for t in board.inner)
    ]
    targets = [t for t in board.inner if any(_fata_ok(table, board, player, s, t) for s in sources)]
    return sources, targets


def _fata_ok(table: Table, board: Board, player: str, source: str, target: str) -> bool:
    try:
        check_fata_morgana(table, board, player, source, target)
    except Refused:
        return False
    return True


def _passes(check: Any, table: Table, board: Board, player: str, card: str) -> bool:
    try:
        check(table, board, player, card)
    except Refused:
        return False
    return True
