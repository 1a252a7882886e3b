"""``tableside decide targi legality``: check one use of an action tile from a situation file.

The situation (docs/targi.md) describes the table as the players see it. It
is checked by :data:`SCHEMA` (unknown fields, wrong types, unknown card
labels, impossible positions and missing fields are
:class:`~rules.errors.SituationError` naming the field); the use itself is
then judged by the very checks the game's steps use
(:mod:`rules.games.targi.legality`). The result says ``legal`` and, if not,
the rule's ``reason``.
"""

from __future__ import annotations

from typing import Any

from rules.components import COMPONENTS_OPTION
from rules.decision import Decision, Tracer
from rules.errors import SituationError
from rules.game import DecisionKind
from rules.games.targi import legality as L
from rules.games.targi.board import ALL_LABELS, BOARD_SCHEMA, Board, board_from_data, example_board
from rules.games.targi.terms import GOOD, PLAYERS, TILE, TILES, other, who
from rules.schema import Bool, Int, List, Map, Maybe, Obj, Str
from rules.text import Msg, msg

USES = ("targi-tile", "tribe-tile", "renounce", "joker", "fata-morgana", "move-renounce")
USE_NAME = {
    "targi-tile": TILE["targi"],
    "tribe-tile": TILE["tribe"],
    "renounce": TILE["renounce"],
    "joker": TILE["joker"],
    "fata-morgana": msg("Fata Morgana"),
    "move-renounce": TILE["renounce"],
}
#: The tile a use spends (its status in ``tiles`` decides); the Fata Morgana spends none.
TILE_OF = {
    "targi-tile": "targi",
    "tribe-tile": "tribe",
    "renounce": "renounce",
    "joker": "joker",
}
#: Fields a use cannot be judged without (no silent defaults).
NEEDS = {
    "targi-tile": ("card", "targi", "targi_tiles"),
    "tribe-tile": ("card", "targi", "markers", "tribe_tiles"),
    "renounce": ("tribe_cards", "just_laid"),
    "joker": ("good",),
    "fata-morgana": ("from", "to", "markers", "tribe_tiles"),
    "move-renounce": (),
}

CARD = Str(choices=ALL_LABELS)
PLAYER = Str(choices=PLAYERS)
PER_PLAYER_CARDS = Map(List(CARD, max_length=4, unique=True), keys=Str(choices=PLAYERS))
PER_PLAYER_CARD = Map(Maybe(CARD), keys=Str(choices=PLAYERS))
STATUS = Map(Str(choices=L.STATUSES), keys=Str(choices=TILES))


def board_for(situation: dict[str, Any]) -> Board:
    """The situation's own components, else the example board."""
    data = situation.get(COMPONENTS_OPTION)
    return board_from_data(data) if data is not None else example_board()


def _check_whole(s: dict[str, Any], path: str) -> None:
    """What the field specs cannot see: needed fields, cards of this board, possible positions."""
    use, player = s["use"], s["player"]
    for key in NEEDS[use]:
        if key not in s:
            raise SituationError(key, f"is needed to judge a {use}")
    tile = TILE_OF.get(use)
    if tile is not None and tile not in s["tiles"].get(player, {}):
        raise SituationError(f"tiles.{player}.{tile}", "is needed: unused, used or absent")
    board = board_for(s)
    _on_board(s, board)
    table = table_from(s, board)
    _possible(table, board, s)
    if use in ("targi-tile", "tribe-tile") and player != s["start_player"]:
        start, t = s["start_player"], TILE_OF[use]
        undecided = table["tiles"][start][t] == "unused" and table[f"{t}_tiles"][start] is None
        if undecided and "start_player_pending" not in s:
            raise SituationError(
                "start_player_pending",
                "is needed: does the start player also want to use this tile this round?",
            )


def _on_board(s: dict[str, Any], board: Board) -> None:
    """Every card named is a card of the board, of the kind its field needs."""
    kinds = {
        "robber": ("border", "corner"),
        "targi": ("border",),
        "markers": ("inner",),
        "targi_tiles": ("border",),
        "tribe_tiles": ("inner",),
    }
    for key, allowed in kinds.items():
        value = s.get(key)
        places: list[tuple[str, Any]] = []
        if isinstance(value, str):
            places = [(key, value)]
        elif isinstance(value, dict):
            for p, cards in value.items():
                if isinstance(cards, list):
                    places += [(f"{key}.{p}[{i}]", c) for i, c in enumerate(cards)]
                elif cards is not None:
                    places.append((f"{key}.{p}", cards))
        for where, card in places:
            cell = board.cells.get(card)
            if cell is None:
                raise SituationError(where, f"'{card}' is not a card of this board")
            if cell.kind not in allowed:
                article = "an" if cell.kind == "inner" else "a"
                raise SituationError(where, f"{card} is {article} {cell.kind} card")
    for key in ("card", "from", "to"):
        if key in s and s[key] not in board.cells:
            raise SituationError(key, f"'{s[key]}' is not a card of this board")


def _possible(table: L.Table, board: Board, s: dict[str, Any]) -> None:
    """No card holds two things; no more figures than the box has; the base game's Targi rule."""
    seen: dict[str, str] = {}
    if table["robber"]:
        seen[table["robber"]] = "robber"
    for key in ("targi", "markers", "targi_tiles", "tribe_tiles"):
        for p in PLAYERS:
            value = table[key][p]
            cards = value if isinstance(value, list) else ([value] if value else [])
            for index, card in enumerate(cards):
                where = f"{key}.{p}[{index}]" if isinstance(value, list) else f"{key}.{p}"
                if card in seen:
                    raise SituationError(where, f"{card} already holds the {seen[card]}")
                seen[card] = f"{key} of {p}"
    for p in PLAYERS:
        if len(table["targi"][p]) > board.targi_per_player:
            raise SituationError(f"targi.{p}", f"each player has {board.targi_per_player} Targi")
        if len(table["markers"][p]) > board.markers_per_player:
            raise SituationError(
                f"markers.{p}", f"each player has {board.markers_per_player} tribe markers"
            )
        for index, card in enumerate(table["targi"][p]):
            if board.opposite(card) in table["targi"][other(p)]:
                raise SituationError(
                    f"targi.{p}[{index}]", f"{card} faces a Targi of the other player (base game)"
                )
    if s.get("tribe_cards", 0) > board.tribe_cards_max:
        raise SituationError("tribe_cards", f"a display holds at most {board.tribe_cards_max}")


SCHEMA = Obj(
    {
        "use": Str(choices=USES),
        "player": PLAYER,
        "start_player": PLAYER,
        "robber": CARD,
        "targi": PER_PLAYER_CARDS,
        "markers": PER_PLAYER_CARDS,
        "targi_tiles": PER_PLAYER_CARD,
        "tribe_tiles": PER_PLAYER_CARD,
        "tiles": Map(STATUS, keys=Str(choices=PLAYERS)),
        "start_player_pending": Bool(),
        "card": CARD,
        "good": Str(choices=(*GOOD, "gold")),
        "tribe_cards": Int(1, 20),
        "just_laid": Bool(),
        "from": CARD,
        "to": CARD,
        COMPONENTS_OPTION: BOARD_SCHEMA,
    },
    required=frozenset({"use", "player", "start_player", "robber", "tiles"}),
    check_whole=_check_whole,
)


def table_from(s: dict[str, Any], board: Board) -> L.Table:
    """The positions of a checked situation as a table for the checks.

    Tiles not named are ``unused`` (only the used tile's status is required).
    """
    table = L.empty_table(s["start_player"], s["robber"])
    for key in ("targi", "markers"):
        for p, cards in s.get(key, {}).items():
            table[key][p] = list(cards)
    for key in ("targi_tiles", "tribe_tiles"):
        for p, card in s.get(key, {}).items():
            table[key][p] = card
    for p in PLAYERS:
        table["tiles"][p] = dict.fromkeys(TILES, "unused") | s["tiles"].get(p, {})
    return table


def judge(s: dict[str, Any], board: Board) -> L.Trace:
    """Run the game's own check for this use (raises :class:`legality.Refused`)."""
    table = table_from(s, board)
    use, player = s["use"], s["player"]
    pending = s.get("start_player_pending", False)
    if use == "targi-tile":
        return L.check_targi_tile(table, board, player, s["card"], pending)
    if use == "tribe-tile":
        return L.check_tribe_tile(table, board, player, s["card"], pending)
    if use == "renounce":
        return L.check_renounce(table, player, s["tribe_cards"], s["just_laid"])
    if use == "joker":
        return L.check_joker(table, player, s["good"])
    if use == "fata-morgana":
        return L.check_fata_morgana(table, board, player, s["from"], s["to"])
    return L.check_move_renounce(player)


def decide_legality(s: dict[str, Any]) -> Decision:
    """Check one proposed use of an action tile and explain the ruling."""
    board = board_for(s)
    use, player = s["use"], s["player"]
    tracer = Tracer()
    result: dict[str, Any] = {"use": use, "player": player}
    summary: Msg
    try:
        trace = judge(s, board)
    except L.Refused as refusal:
        tracer.decide("refused", msg("{why} (rule: {rule})", why=refusal.why, rule=refusal.rule))
        summary = msg("Not allowed: {why}", why=refusal.why)
        result.update(legal=False, reason=refusal.reason, field=refusal.field)
    else:
        for index, (rule, finding) in enumerate(trace):
            tracer.add(rule, finding, decisive=index == len(trace) - 1)
        summary = msg("Allowed: {p} may use the {what}", p=who(player), what=USE_NAME[use])
        result.update(legal=True)
    return Decision(
        game="targi",
        kind="legality",
        summary=summary,
        trace=tracer.freeze(),
        result=result,
        example_data=board.example,
    )


LEGALITY = DecisionKind(SCHEMA, decide_legality)
