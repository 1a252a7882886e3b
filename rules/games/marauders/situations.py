"""Situation files for ``tableside decide marauders FILE``: strict validation, then a decision.

The schema is documented in docs/situations.md. Every problem raises
:class:`rules.errors.SituationError` with the field path (``trays.red``,
``lane[1].distance``), never a traceback. Printed-component data missing from
the situation comes from the catalogue; when that is example data the
decision says so (``example_data``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.decision import Decision
from rules.errors import SituationError
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic
from rules.games.marauders.catalogue import side_number, term, whole
from rules.games.marauders.logic import LINES
from rules.games.marauders.model import ACTIONS, COLOURS, PRIORITIES, TRIBE

COMMON = {"decision", "components", "control_board", "pricing_tile", "note", "comment"}


class Reader:
    """Reads one situation, remembering whether example component data was used."""

    def __init__(self, situation: Mapping[str, Any], allowed: set[str]) -> None:
        if not isinstance(situation, Mapping):
            raise SituationError("", "the situation must be a JSON object")
        for key in situation:
            if key not in allowed | COMMON:
                known = ", ".join(sorted(allowed))
                raise SituationError(key, f"unknown field for this decision (known: {known})")
        self.raw = situation
        self.example = False
        if "components" in situation:
            self.catalogue = cat.catalogue(situation["components"], "components")
        else:
            self.catalogue = cat.default()

    def need(self, key: str) -> Any:
        if key not in self.raw:
            raise SituationError(key, "missing")
        return self.raw[key]

    def board(self) -> cat.Board:
        if "control_board" in self.raw:
            return cat.control_board(self.raw["control_board"])
        self.example |= self.catalogue["example"]
        return self.catalogue["control_board"]

    def pricing(self) -> cat.Pricing:
        if "pricing_tile" in self.raw:
            return cat.pricing_tile(self.raw["pricing_tile"])
        self.example |= self.catalogue["example"]
        return self.catalogue["pricing_tile"]

    def tile(self) -> cat.Tile:
        tile, from_catalogue = cat.tile_from(self.catalogue, self.need("tile"))
        if from_catalogue:
            self.example |= self.catalogue["example"]
        return tile

    def trays(self) -> dict[str, int]:
        raw = self.need("trays")
        if not isinstance(raw, Mapping):
            raise SituationError("trays", "must map each colour to its number of markers")
        out = {c: 0 for c in COLOURS}
        for colour, count in raw.items():
            term(colour, f"trays.{colour}", COLOURS, "colour")
            out[colour] = whole(count, f"trays.{colour}")
        return out

    def marker(self) -> int:
        return side_number(self.need("priority_marker"), "priority_marker")

    def flag(self, key: str, default: bool) -> bool:
        value = self.raw.get(key, default)
        if value is None and default is None:
            return None
        if not isinstance(value, bool):
            raise SituationError(key, "must be true or false")
        return value

    def actions(self, key: str) -> list[str]:
        raw = self.raw.get(key, [])
        if not isinstance(raw, list):
            raise SituationError(key, "must be a list of actions")
        return [term(a, f"{key}[{i}]", ACTIONS, "action") for i, a in enumerate(raw)]


def _list(raw: Any, path: str) -> list[Any]:
    if not isinstance(raw, list):
        raise SituationError(path, "must be a JSON list")
    return raw


def _obj(raw: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise SituationError(path, "must be a JSON object")
    return raw


def player_order(raw: Any, path: str = "order") -> list[str]:
    """``["tribe", "1", "2"]``: the tribe once and players 1..n once each (n = 1-3)."""
    items = _list(raw, path)
    order = [str(x) for x in items]
    humans = sorted(x for x in order if x != TRIBE)
    if order.count(TRIBE) != 1:
        raise SituationError(path, 'must contain "tribe" exactly once')
    if not 1 <= len(humans) <= 3 or humans != [str(n) for n in range(1, len(humans) + 1)]:
        raise SituationError(path, 'players must be "1" .. "3", each once')
    return order


def decide_payer(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"order"})
    return logic.payer(player_order(r.need("order")))


def decide_spring(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"trays", "priority_marker", "tile", "full_actions", "action_number"})
    trays, board, marker, tile = r.trays(), r.board(), r.marker(), r.tile()
    full = r.actions("full_actions")
    number = whole(s.get("action_number", 1), "action_number", 1, tile["number"])
    return logic.spring(trays, board, marker, tile, full, r.example, number)


def _pillar_count(raw: Any, path: str) -> int:
    if isinstance(raw, Mapping):
        return sum(
            whole(n, f"{path}.{c}")
            for c, n in raw.items()
            if term(c, f"{path}.{c}", COLOURS, "colour")
        )
    return whole(raw, path)


def decide_summer_pillar(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"tile", "framed", "pillars"})
    pricing = r.pricing()
    if "framed" in s:
        framed = term(s["framed"], "framed", ACTIONS, "action")
    else:
        framed = r.tile()["actions"][0]
    raw = _obj(r.need("pillars"), "pillars")
    pillars: dict[str, list[int]] = {}
    colours: dict[str, list[Any]] = {}
    for action, items in raw.items():
        term(action, f"pillars.{action}", ACTIONS, "action")
        entries = _list(items, f"pillars.{action}")
        counts = [_pillar_count(x, f"pillars.{action}[{i}]") for i, x in enumerate(entries)]
        colours[action] = [dict(x) if isinstance(x, Mapping) else None for x in entries]
        if len(counts) > pricing["columns"][action]:
            raise SituationError(
                f"pillars.{action}",
                f"{len(counts)} pillars, but the pricing tile has {pricing['columns'][action]}",
            )
        pillars[action] = counts
    return logic.summer_pillar(pillars, pricing, framed, r.example, colours)


def decide_priority_steps(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"priority_marker", "development_points"})
    board, marker = r.board(), r.marker()
    points = whole(r.need("development_points"), "development_points", 0, 99)
    return logic.priority_steps(board, marker, points, r.example)


def decide_summer_actions(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"trays", "tile", "current_action"})
    trays, board, tile = r.trays(), r.board(), r.tile()
    if "current_action" in s:
        action = term(s["current_action"], "current_action", ACTIONS, "action")
        return logic.summer_action(trays, board, tile, action, r.example)
    return logic.summer_overview(trays, board, tile, r.example)


def decide_autumn_order(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"members", "priority_marker"})
    marker = r.marker()
    members = []
    seen: set[str] = set()
    for i, raw in enumerate(_list(r.need("members"), "members")):
        where = f"members[{i}]"
        item = _obj(raw, where)
        mid = str(item.get("id", i + 1))
        if mid in seen:
            raise SituationError(f"{where}.id", f"member {mid} is listed twice")
        seen.add(mid)
        distance = whole(item.get("distance"), f"{where}.distance")
        side = side_number(item.get("side", 0), f"{where}.side")
        members.append({"id": mid, "distance": distance, "side": side})
    if not members:
        raise SituationError("members", "at least one tribe member is needed")
    return logic.autumn_order(members, marker, False)


def lane_items(raw: Any, path: str = "lane") -> list[dict[str, Any]]:
    """What lies in the 3-line lane: priority, distance (>= 1), line, occupied, colour."""
    items = []
    for i, entry in enumerate(_list(raw, path)):
        where = f"{path}[{i}]"
        item = _obj(entry, where)
        for key in item:
            if key not in {"priority", "distance", "line", "occupied", "colour", "id"}:
                raise SituationError(f"{where}.{key}", "unknown field")
        priority = term(item.get("priority"), f"{where}.priority", PRIORITIES, "priority")
        out: dict[str, Any] = {
            "priority": priority,
            "distance": whole(item.get("distance"), f"{where}.distance", 1),
            "line": term(item.get("line", "centre"), f"{where}.line", LINES, "line"),
        }
        if "id" in item:
            out["id"] = str(item["id"])
        if "occupied" in item:
            if priority != "megalith":
                raise SituationError(f"{where}.occupied", "only a megalith can be occupied")
            if not isinstance(item["occupied"], bool):
                raise SituationError(f"{where}.occupied", "must be true or false")
            out["occupied"] = item["occupied"]
        if "colour" in item:
            if priority != "action-marker":
                raise SituationError(f"{where}.colour", "only an action marker has a colour")
            out["colour"] = term(item["colour"], f"{where}.colour", COLOURS, "colour")
        items.append(out)
    return items


def decide_autumn_move(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"trays", "priority_marker", "lane", "near_megalith", "member"})
    trays, board, marker = r.trays(), r.board(), r.marker()
    lane = lane_items(s["lane"]) if "lane" in s else None
    near = r.flag("near_megalith", False)
    member = str(s.get("member", "member"))
    return logic.autumn_move(trays, board, marker, lane, near, r.example, member)


def _income(raw: Any, path: str) -> dict[str, int]:
    item = _obj(raw, path)
    out = {}
    for key, value in item.items():
        term(key, f"{path}.{key}", ("vp", "action_markers", "resources", "development"), "income")
        out[key] = whole(value, f"{path}.{key}")
    return out


def decide_action_choice(s: Mapping[str, Any]) -> Decision:
    r = Reader(
        s,
        {
            "action",
            "offers",
            "tile",
            "tile_number",
            "any_vp_now",
            "players_choose_ties",
            "painted",
            "row_length",
            "members_on_board",
        },
    )
    action = term(r.need("action"), "action", ACTIONS, "action")
    if "tile_number" in s:
        number = whole(s["tile_number"], "tile_number", 1, 9)
    elif "tile" in s:
        number = r.tile()["number"]
    else:
        number = 2
        if action == "ceremony":
            raise SituationError("tile_number", "the ceremony fallback needs the tile's number")
    offers: list[dict[str, Any]] = []
    if action in {"fishing", "gathering", "hunting", "ceremony"}:
        for i, entry in enumerate(_list(r.need("offers"), "offers")):
            where = f"offers[{i}]"
            item = _obj(entry, where)
            offer: dict[str, Any] = {"id": str(item.get("id", f"offer {i + 1}"))}
            if action == "fishing":
                offer["steps"] = whole(item.get("steps"), f"{where}.steps")
            else:
                offer["income"] = _income(item.get("income", {}), f"{where}.income")
            if action == "gathering":
                offer["clockwise"] = whole(item.get("clockwise", i), f"{where}.clockwise")
            if action in {"hunting", "ceremony"}:
                offer["row"] = whole(item.get("row"), f"{where}.row", 1)
            offers.append(offer)
        if not offers:
            raise SituationError("offers", "at least one offer is needed")
    any_vp = s.get("any_vp_now")
    if any_vp is not None and not isinstance(any_vp, bool):
        raise SituationError("any_vp_now", "must be true or false")
    members = s.get("members_on_board")
    return logic.action_choice(
        action,
        offers,
        number,
        r.example,
        any_vp_now=any_vp,
        players_choose_ties=r.flag("players_choose_ties", False),
        painted=whole(s.get("painted", 0), "painted"),
        row_length=whole(s["row_length"], "row_length", 1) if "row_length" in s else None,
        members_on_board=None if members is None else whole(members, "members_on_board"),
    )


def decide_final(s: Mapping[str, Any]) -> Decision:
    r = Reader(s, {"tribe_vp", "players"})
    tribe = whole(r.need("tribe_vp"), "tribe_vp")
    players = _obj(r.need("players"), "players")
    if not 1 <= len(players) <= 3:
        raise SituationError("players", "1 to 3 players")
    scores = {str(p): whole(v, f"players.{p}") for p, v in players.items()}
    return logic.final_result(tribe, scores)


DECISIONS: dict[str, Callable[[Mapping[str, Any]], Decision]] = {
    "payer": decide_payer,
    "spring": decide_spring,
    "summer-pillar": decide_summer_pillar,
    "summer-actions": decide_summer_actions,
    "autumn-order": decide_autumn_order,
    "autumn-move": decide_autumn_move,
    "action-choice": decide_action_choice,
    "final": decide_final,
    "priority-steps": decide_priority_steps,
}
