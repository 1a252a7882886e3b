"""Situation files for ``tableside decide marauders FILE``: a schema per kind, then a decision.

Each kind is a :class:`rules.game.DecisionKind`: its :mod:`rules.schema` spec
refuses unknown fields, duplicates, missing required fields and values
outside what the components allow, naming the field path
(``lane[1].line``); ``run`` calls the same ``logic`` functions the game's
steps call. Fields are documented in docs/situations.md. Printed-component
data missing from the situation comes from the shipped EXAMPLE set, and the
decision then says so (``example_data``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rules.decision import Decision
from rules.errors import SituationError
from rules.game import DecisionKind
from rules.games.marauders import logic
from rules.games.marauders.catalogue import (
    COMPONENTS,
    CONTROL_BOARD,
    PRICING_TILE,
    SITUATION_TILE,
    Board,
    Pricing,
    Tile,
    example_data,
    tile_from,
)
from rules.games.marauders.decide_actions import CHOOSING
from rules.games.marauders.hexmap import LINES, MAX_DISTANCE, step
from rules.games.marauders.model import (
    ACTIONS,
    COLOURS,
    MAX_DEVELOPMENT,
    MAX_MARKERS,
    MAX_MEMBERS,
    MAX_PAINTINGS,
    MAX_PILLAR,
    MAX_VP,
    MOST_ACTIONS,
    PRIORITIES,
    SIDES,
    TRIBE,
    human_names,
)
from rules.schema import Bool, Int, List, Map, Maybe, Obj, OneOf, Spec, Str
from rules.text import verbatim

#: The players' ids in a player order or a final score: at most 3 players.
PLAYERS = human_names(3)

TRAYS = Map(Int(0, MAX_MARKERS), keys=Str(COLOURS))
MARKER = Int(0, SIDES - 1)

#: Printed-component data a situation may carry instead of the shipped example.
COMPONENT_FIELDS: dict[str, Spec] = {
    "components": COMPONENTS,
    "control_board": CONTROL_BOARD,
    "pricing_tile": PRICING_TILE,
}


@lru_cache(maxsize=1)
def _example() -> Mapping[str, Any]:
    """The shipped example set (package data, never the players' configuration)."""
    return example_data()


class Parts:
    """The printed components a situation uses, remembering whether example data was used."""

    def __init__(self, situation: Mapping[str, Any]) -> None:
        self.situation = situation
        given = situation.get("components")
        self.data: Mapping[str, Any] = given if given is not None else _example()
        self.data_example = bool(self.data["example"])
        self.example = False

    def board(self) -> Board:
        if "control_board" in self.situation:
            board: Board = self.situation["control_board"]
            return board
        self.example |= self.data_example
        board = self.data["control_board"]
        return board

    def pricing(self) -> Pricing:
        if "pricing_tile" in self.situation:
            pricing: Pricing = self.situation["pricing_tile"]
            return pricing
        self.example |= self.data_example
        pricing = self.data["pricing_tile"]
        return pricing

    def tile(self) -> Tile:
        raw = self.situation["tile"]
        if "actions" not in raw:
            self.example |= self.data_example
        return tile_from(self.data, raw)


def situation(fields: Mapping[str, Spec], required: set[str], check: Any = None) -> Obj:
    """A kind's schema: its own fields plus the optional component data."""
    return Obj(
        {**fields, **COMPONENT_FIELDS},
        required=frozenset(required),
        check_whole=check,
    )


# -- payer ------------------------------------------------------------------------------------


def _check_order(order: list[str], path: str) -> None:
    if order.count(TRIBE) != 1:
        raise SituationError(path, 'must contain "tribe" exactly once')
    humans = sorted(x for x in order if x != TRIBE)
    if humans != human_names(len(humans)):
        raise SituationError(path, f'players must be "1" .. "{len(humans)}", each once')


class Order(Spec):
    """A player order: the tribe once and players "1".."n" once each (n = 1-3)."""

    def check(self, value: Any, path: str = "") -> list[str]:
        order: list[str] = List(
            Str((TRIBE, *PLAYERS)), min_length=2, max_length=4, unique=True
        ).check(value, path)
        _check_order(order, path)
        return order


def run_payer(s: dict[str, Any]) -> Decision:
    return logic.payer(s["order"])


# -- spring ------------------------------------------------------------------------------------


def _check_spring(s: dict[str, Any], path: str) -> None:
    number = s["tile"].get("number", s["tile"].get("face"))
    if s.get("action_number", 1) > number:
        raise SituationError(
            "action_number", f"the tile's number is {number}: it has no action {s['action_number']}"
        )


def run_spring(s: dict[str, Any]) -> Decision:
    parts = Parts(s)
    board, tile = parts.board(), parts.tile()
    return logic.spring(
        s["trays"],
        board,
        s["priority_marker"],
        tile,
        s["full_actions"],
        parts.example,
        s["action_number"],
    )


# -- summer ------------------------------------------------------------------------------------

PILLAR = OneOf([Int(0, MAX_PILLAR), Map(Int(0, MAX_PILLAR), keys=Str(COLOURS))])


def _pillar_count(entry: int | Mapping[str, int]) -> int:
    return entry if isinstance(entry, int) else sum(entry.values())


def _check_framed(s: dict[str, Any], path: str) -> None:
    if ("framed" in s) == ("tile" in s):
        raise SituationError("framed", 'give either "framed" (the framed action) or "tile"')


def run_summer_pillar(s: dict[str, Any]) -> Decision:
    parts = Parts(s)
    pricing = parts.pricing()
    framed = s["framed"] if "framed" in s else parts.tile()["actions"][0]
    pillars: dict[str, list[int]] = {}
    colours: dict[str, list[Any]] = {}
    for action, entries in s["pillars"].items():
        columns = pricing["columns"][action]
        if len(entries) > columns:
            raise SituationError(
                f"pillars.{action}",
                f"{len(entries)} pillars, but the pricing tile has {columns} next to {action}",
            )
        pillars[action] = [_pillar_count(e) for e in entries]
        colours[action] = [dict(e) if isinstance(e, Mapping) else None for e in entries]
    board = parts.board() if any(c for cs in colours.values() for c in cs) else None
    return logic.summer_pillar(pillars, pricing, framed, parts.example, colours, board)


def run_summer_actions(s: dict[str, Any]) -> Decision:
    parts = Parts(s)
    board, tile = parts.board(), parts.tile()
    if "current_action" in s:
        return logic.summer_action(s["trays"], board, tile, s["current_action"], parts.example)
    return logic.summer_overview(s["trays"], board, tile, parts.example)


# -- autumn ------------------------------------------------------------------------------------


def _check_member(member: dict[str, Any], path: str) -> None:
    if member["distance"] == 0:
        if member.get("steps_clockwise"):
            raise SituationError(f"{path}.steps_clockwise", "a member on the camp has no steps")
        return
    if member["side"] is None:
        raise SituationError(f"{path}.side", "a member away from the camp needs its direction")
    if member.get("steps_clockwise", 0) >= member["distance"]:
        raise SituationError(
            f"{path}.steps_clockwise",
            f"at distance {member['distance']} at most {member['distance'] - 1} steps",
        )


MEMBER = Obj(
    {
        "id": Str(max_length=20),
        "distance": Int(0, MAX_DISTANCE),
        "side": Maybe(MARKER),
        "steps_clockwise": Int(0, MAX_DISTANCE - 1),
    },
    required=frozenset({"id", "distance", "side"}),
    check_whole=_check_member,
)


def member_space(member: Mapping[str, Any]) -> tuple[int, int]:
    """The hex of a situation's member: ``distance`` toward ``side``, then clockwise steps."""
    if member["distance"] == 0:
        return 0, 0
    corner = step((0, 0), member["side"], member["distance"])
    return step(corner, member["side"] + 2, member.get("steps_clockwise", 0))


def run_autumn_order(s: dict[str, Any]) -> Decision:
    members = [{"id": m["id"], "at": member_space(m)} for m in s["members"]]
    return logic.autumn_order(members, s["priority_marker"], False)


def _check_lane_item(item: dict[str, Any], path: str) -> None:
    megalith = item["priority"] == "megalith"
    marker = item["priority"] == "action-marker"
    if megalith != ("occupied" in item):
        raise SituationError(
            f"{path}.occupied",
            "is missing: say whether the megalith is occupied"
            if megalith
            else "only a megalith can be occupied",
        )
    if marker != ("colour" in item):
        raise SituationError(
            f"{path}.colour",
            "is missing: the action marker's colour"
            if marker
            else "only an action marker has a colour",
        )


LANE_ITEM = Obj(
    {
        "priority": Str(PRIORITIES),
        "distance": Int(1, MAX_DISTANCE),
        "line": Str(LINES),
        "occupied": Bool(),
        "colour": Str(COLOURS),
        "id": Str(max_length=40),
    },
    required=frozenset({"priority", "distance", "line"}),
    check_whole=_check_lane_item,
)
#: One space holds one thing: two items on one space of the lane are refused.
LANE = List(LANE_ITEM, max_length=3 * MAX_DISTANCE, key=lambda i: (i["distance"], i["line"]))


def run_autumn_move(s: dict[str, Any]) -> Decision:
    parts = Parts(s)
    board = parts.board()
    member = verbatim(s["member"]) if "member" in s else None
    return logic.autumn_move(
        s["trays"],
        board,
        s["priority_marker"],
        s.get("lane"),
        s["near_megalith"],
        parts.example,
        member,
    )


# -- actions ------------------------------------------------------------------------------------

INCOME = Obj(
    {k: Int(0, MAX_VP) for k in ("vp", "action_markers", "resources", "development")},
    required=frozenset(),
)
OFFER_FIELDS: dict[str, tuple[dict[str, Spec], frozenset[str]]] = {
    "fishing": ({"id": Str(max_length=40), "steps": Int(0, 99)}, frozenset({"steps"})),
    "gathering": (
        {"id": Str(max_length=40), "income": INCOME, "clockwise": Int(0, SIDES - 1)},
        frozenset({"income", "clockwise"}),
    ),
    "hunting": (
        {"id": Str(max_length=40), "income": INCOME, "row": Int(1, 20)},
        frozenset({"income", "row"}),
    ),
}
OFFER_FIELDS["ceremony"] = OFFER_FIELDS["hunting"]


class Offers(Spec):
    """A list of offers; each is checked against its action's fields by the whole-object check."""

    def check(self, value: Any, path: str = "") -> list[Any]:
        return List(_AnyObject(), max_length=40).check(value, path)


class _AnyObject(Spec):
    """Any JSON object (its fields are checked later, once the action is known)."""

    def check(self, value: Any, path: str = "") -> Any:
        if not isinstance(value, Mapping):
            raise SituationError(path, "must be an object")
        return dict(value)


def _check_action_choice(s: dict[str, Any], path: str) -> None:
    action = s["action"]
    if action in CHOOSING:
        if "offers" not in s:
            raise SituationError("offers", f"is missing: {action} picks among offers")
        fields, required = OFFER_FIELDS[action]
        spec = List(Obj(fields, required=required), min_length=1, max_length=40, key=_offer_key)
        s["offers"] = spec.check(s["offers"], "offers")
        # One tile per position clockwise from the framed symbol, one card per row: two
        # offers on one place are impossible (and the tie-break could not settle them).
        place = "clockwise" if action == "gathering" else "row" if action != "fishing" else None
        if place is not None:
            seen: dict[int, int] = {}
            for i, offer in enumerate(s["offers"]):
                if offer[place] in seen:
                    raise SituationError(
                        f"offers[{i}]",
                        f"lies on the same {place} position as offer {seen[offer[place]]}",
                    )
                seen[offer[place]] = i
    elif "offers" in s:
        raise SituationError("offers", f"{action} has no offers to choose from")
    if action == "ceremony":
        if "tile_number" not in s and "tile" not in s:
            raise SituationError("tile_number", "the ceremony fallback needs the tile's number")
        if "any_vp_now" not in s:
            raise SituationError(
                "any_vp_now", "is missing: does any card give VP at this moment (true/false)?"
            )
    if "tile_number" in s and "tile" in s:
        raise SituationError("tile_number", 'give either "tile_number" or "tile"')


def _offer_key(offer: Mapping[str, Any]) -> Any:
    return offer.get("id", object())


def run_action_choice(s: dict[str, Any]) -> Decision:
    parts = Parts(s)
    if "tile_number" in s:
        number = s["tile_number"]
    elif "tile" in s:
        number = parts.tile()["number"]
    else:
        number = 2  # only the ceremony fallback reads it, and the ceremony requires it
    return logic.action_choice(
        s["action"],
        s.get("offers"),
        number,
        parts.example,
        any_vp_now=s.get("any_vp_now"),
        players_choose_ties=s["players_choose_ties"],
        painted=s["painted"],
        row_length=s.get("row_length"),
        members_on_board=s.get("members_on_board"),
    )


# -- the rest ------------------------------------------------------------------------------------


def run_priority_steps(s: dict[str, Any]) -> Decision:
    parts = Parts(s)
    board = parts.board()
    return logic.priority_steps(board, s["priority_marker"], s["development_points"], parts.example)


def _check_final(s: dict[str, Any], path: str) -> None:
    names = sorted(s["players"])
    if names != human_names(len(names)):
        raise SituationError(
            "players", f'players are "1" .. "{len(names)}" (got {", ".join(names)})'
        )


def run_final(s: dict[str, Any]) -> Decision:
    return logic.final_result(s["tribe_vp"], s["players"])


DECISIONS: dict[str, DecisionKind] = {
    "payer": DecisionKind(situation({"order": Order()}, {"order"}), run_payer),
    "spring": DecisionKind(
        Obj(
            {
                "trays": TRAYS,
                "priority_marker": MARKER,
                "tile": SITUATION_TILE,
                "full_actions": List(Str(ACTIONS), unique=True),
                "action_number": Int(1, MOST_ACTIONS),
                **COMPONENT_FIELDS,
            },
            required=frozenset({"trays", "priority_marker", "tile"}),
            defaults={"full_actions": [], "action_number": 1},
            check_whole=_check_spring,
        ),
        run_spring,
    ),
    "summer-pillar": DecisionKind(
        situation(
            {
                "framed": Str(ACTIONS),
                "tile": SITUATION_TILE,
                "pillars": Map(List(PILLAR, max_length=9), keys=Str(ACTIONS)),
            },
            {"pillars"},
            _check_framed,
        ),
        run_summer_pillar,
    ),
    "summer-actions": DecisionKind(
        situation(
            {"trays": TRAYS, "tile": SITUATION_TILE, "current_action": Str(ACTIONS)},
            {"trays", "tile"},
        ),
        run_summer_actions,
    ),
    "autumn-order": DecisionKind(
        situation(
            {
                "priority_marker": MARKER,
                "members": List(
                    MEMBER, min_length=1, max_length=MAX_MEMBERS, key=lambda m: m["id"]
                ),
            },
            {"priority_marker", "members"},
        ),
        run_autumn_order,
    ),
    "autumn-move": DecisionKind(
        situation(
            {
                "trays": TRAYS,
                "priority_marker": MARKER,
                "lane": LANE,
                "near_megalith": Bool(),
                "member": Str(max_length=40),
            },
            {"trays", "priority_marker", "near_megalith"},
        ),
        run_autumn_move,
    ),
    "action-choice": DecisionKind(
        Obj(
            {
                "action": Str(ACTIONS),
                "offers": Offers(),
                "tile": SITUATION_TILE,
                "tile_number": Int(2, MOST_ACTIONS),
                "any_vp_now": Bool(),
                "players_choose_ties": Bool(),
                "painted": Int(0, MAX_PAINTINGS),
                "row_length": Int(1, MAX_PAINTINGS),
                "members_on_board": Int(0, MAX_MEMBERS),
                **COMPONENT_FIELDS,
            },
            required=frozenset({"action"}),
            defaults={"players_choose_ties": False, "painted": 0},
            check_whole=_check_action_choice,
        ),
        run_action_choice,
    ),
    "priority-steps": DecisionKind(
        situation(
            {"priority_marker": MARKER, "development_points": Int(0, MAX_DEVELOPMENT)},
            {"priority_marker", "development_points"},
        ),
        run_priority_steps,
    ),
    "final": DecisionKind(
        situation(
            {
                "tribe_vp": Int(0, MAX_VP),
                "players": Map(
                    Int(0, MAX_VP), keys=Str(tuple(PLAYERS)), min_length=1, max_length=3
                ),
            },
            {"tribe_vp", "players"},
            _check_final,
        ),
        run_final,
    ),
}
