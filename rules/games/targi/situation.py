"""``tableside decide targi legality``: check one tile use from a situation file.

The situation (schema in docs/targi.md) describes the table as the players
see it; it is validated strictly (unknown keys, wrong types and impossible
positions are :class:`~rules.errors.SituationError` naming the field). The
answer is a decision whose ``result`` says ``legal`` and, if not, the rule's
``reason``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.errors import IllegalInput, SituationError
from rules.games.targi import legality as L
from rules.games.targi.board import BOARD
from rules.text import msg

USES = ("targi-tile", "tribe-tile", "renounce", "joker", "fata-morgana", "move-renounce")
KEYS = {
    "decision", "use", "player", "start_player", "robber", "targi", "all_targi_placed",
    "markers", "all_markers_placed", "targi_tiles", "tribe_tiles", "tiles",
    "start_player_pending", "card", "good", "tribe_cards", "just_laid", "from", "to",
}  # fmt: skip
NEEDS = {
    "targi-tile": ("card",),
    "tribe-tile": ("card",),
    "renounce": ("tribe_cards",),
    "joker": ("good",),
    "fata-morgana": ("from", "to"),
    "move-renounce": (),
}


def _choice(s: Mapping[str, Any], key: str, options: tuple[str, ...] | list[str]) -> str:
    value = s.get(key)
    if value not in options:
        raise SituationError(key, f"must be one of {', '.join(options)} (got {value!r})")
    return str(value)


def _bool(s: Mapping[str, Any], key: str, default: bool) -> bool:
    value = s.get(key, default)
    if not isinstance(value, bool):
        raise SituationError(key, "must be true or false")
    return value


def _cards(s: Mapping[str, Any], key: str, allowed: list[str]) -> dict[str, list[str]]:
    value = s.get(key, {})
    if not isinstance(value, dict):
        raise SituationError(key, "must be an object with blue and white lists")
    out: dict[str, list[str]] = {}
    for player in L.PLAYERS:
        cards = value.get(player, [])
        if not isinstance(cards, list):
            raise SituationError(f"{key}.{player}", "must be a list of card labels")
        for i, card in enumerate(cards):
            if card not in allowed:
                raise SituationError(
                    f"{key}.{player}[{i}]", f"'{card}' is not one of {', '.join(allowed)}"
                )
        out[player] = list(cards)
    for extra in set(value) - set(L.PLAYERS):
        raise SituationError(f"{key}.{extra}", "players are blue and white")
    return out


def _one_each(s: Mapping[str, Any], key: str, allowed: list[str]) -> dict[str, str | None]:
    value = s.get(key, {})
    if not isinstance(value, dict):
        raise SituationError(key, 'must be an object like {"white": "d1"}')
    out: dict[str, str | None] = {p: None for p in L.PLAYERS}
    for player, card in value.items():
        if player not in L.PLAYERS:
            raise SituationError(f"{key}.{player}", "players are blue and white")
        if card is not None and card not in allowed:
            raise SituationError(f"{key}.{player}", f"'{card}' is not one of {', '.join(allowed)}")
        out[player] = card
    return out


def table_from_situation(s: Mapping[str, Any]) -> L.Table:
    """Validate a legality situation and turn it into a table for the checks."""
    extra = sorted(set(s) - KEYS)
    if extra:
        raise SituationError(extra[0], f"unknown key (known: {', '.join(sorted(KEYS))})")
    table = L.empty_table(_choice(s, "start_player", L.PLAYERS))
    table["robber"] = _choice(s, "robber", BOARD.border)
    table["targi"] = _cards(s, "targi", BOARD.action_border)
    table["markers"] = _cards(s, "markers", BOARD.inner)
    table["targi_done"] = _bool(s, "all_targi_placed", True)
    table["markers_done"] = _bool(s, "all_markers_placed", True)
    table["targi_tiles"] = _one_each(s, "targi_tiles", BOARD.border)
    table["tribe_tiles"] = _one_each(s, "tribe_tiles", BOARD.inner)
    tiles = s.get("tiles", {})
    if not isinstance(tiles, dict):
        raise SituationError("tiles", "must map each player to {tile: unused|used|absent}")
    for player, statuses in tiles.items():
        if player not in L.PLAYERS or not isinstance(statuses, dict):
            raise SituationError(
                f"tiles.{player}", "players are blue and white, each with an object"
            )
        for tile, status in statuses.items():
            if tile not in L.TILES:
                raise SituationError(f"tiles.{player}.{tile}", f"tiles are {', '.join(L.TILES)}")
            if status not in ("unused", "used", "absent"):
                raise SituationError(f"tiles.{player}.{tile}", "must be unused, used or absent")
            table["tiles"][player][tile] = status
    placed: dict[str, str] = {}
    for key in ("targi", "markers"):
        for player in L.PLAYERS:
            for card in table[key][player]:
                if card in placed:
                    raise SituationError(f"{key}.{player}", f"{card} already holds {placed[card]}")
                placed[card] = f"{player}'s {key}"
    for key in ("targi_tiles", "tribe_tiles"):
        for player, card in table[key].items():
            if card is not None and card in placed:
                raise SituationError(f"{key}.{player}", f"{card} already holds {placed[card]}")
            if card is not None:
                placed[card] = f"{player}'s {key[:-1].replace('_', ' ')}"
    if table["robber"] in placed:
        raise SituationError("robber", f"{table['robber']} already holds {placed[table['robber']]}")
    return table


def decide_legality(s: Mapping[str, Any]) -> Decision:
    """Check one proposed use of an action tile and explain the ruling."""
    table = table_from_situation(s)
    use = _choice(s, "use", USES)
    player = _choice(s, "player", L.PLAYERS)
    for key in NEEDS[use]:
        if key not in s:
            raise SituationError(key, f"needed to check a {use}")
    pending = _bool(s, "start_player_pending", False)
    tracer = Tracer()
    try:
        if use == "targi-tile":
            trace = L.check_targi_tile(table, player, str(s["card"]), pending)
        elif use == "tribe-tile":
            trace = L.check_tribe_tile(table, player, str(s["card"]), pending)
        elif use == "renounce":
            cards = s["tribe_cards"]
            if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
                raise SituationError("tribe_cards", "must be a whole number of at least 1")
            trace = L.check_renounce(table, player, cards, _bool(s, "just_laid", True))
        elif use == "joker":
            trace = L.check_joker(table, player, str(s["good"]))
        elif use == "fata-morgana":
            trace = L.check_fata_morgana(table, player, str(s["from"]), str(s["to"]))
        else:
            trace = L.check_move_renounce(player)
    except IllegalInput as exc:
        tracer.add("refused", exc.reason)
        return Decision(
            game="targi",
            kind="legality",
            summary=msg("Not allowed: {reason}", reason=exc.reason),
            trace=tracer.freeze(),
            result={
                "legal": False,
                "use": use,
                "player": player,
                "reason": exc.reason,
                "field": exc.field,
            },
            example_data=BOARD.example,
        )
    for rule, finding in trace:
        tracer.add(rule, finding)
    return Decision(
        game="targi",
        kind="legality",
        summary=msg("Allowed: {player} may use the {use}", player=player, use=use),
        trace=tracer.freeze(),
        result={"legal": True, "use": use, "player": player},
        example_data=BOARD.example,
    )
