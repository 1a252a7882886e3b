"""A scripted 5-round, 2-player Prehistory Marauders game for ``tableside bench answers``.

The :class:`World` is the real table as the players see it: the marker trays
of the control board, the pillars next to the central pricing tile, the map
around the starting camp with its tiles, megaliths, campsite spaces and action
markers, and where the tribe's members stand. It is written from the rule
text alone (its own hex geometry, its own reading of the autumn lane), never
from the game module, so the figures show what a real table would have to
enter. Income, payments, rewards and the players' own moves follow a fixed
script.

:class:`Table` answers each prompt from the world: it sets a field only when
the screen's default is not what happened on the table, and after each step
it does what the bot said (:meth:`Table.observe`). It answers only what the
screen asks, so the game's options decide: when the tribe's VP are kept on the
score track the news panels offer no VP entry (the table moves the tribe's
marker, ``World.vp``, and types nothing) and the final step asks the tribe's VP
off the track (``World.vp``); when the assistant keeps them the news carries
them and the final default is the assistant's count.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from rules.decision import Decision
from rules.prompt import Prompt

GAME = "marauders"
OPTIONS: dict[str, Any] = {"players": 2, "hard_tiles": 6}
#: The same game with other set-up options, printed beside the default's figures: the
#: tribe's VP entered in every news panel (the default keeps them on the score track).
VARIANTS: dict[str, dict[str, Any]] = {
    "tribe VP entered here": {**OPTIONS, "tribe_score": "assistant"},
}
SEED = 2026
STEPS = 800

COLOURS = ("red", "yellow", "blue", "brown", "white")
#: Neighbour directions of a flat-top hex map in axial coordinates (q right, r down),
#: clockwise from the top: the control board's sides 0-5 lie along them.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
MAP_RADIUS = 6
#: The tribe's members (the base game's pieces of one colour; the text does not say
#: how many, the table's box has 8).
TRIBE_MEMBERS = 8
#: How far along its lane a player can tap things on the lane picture.
LANE_ROWS = 8
Hex = tuple[int, int]
#: Where a member that built a campsite stands until the round's autumn ends: back on the
#: tribe's player board, off the map (the app drops it once the last member has moved).
PLAYER_BOARD: Hex = (99, 99)


def step(hex_: Hex, side: int, times: int = 1) -> Hex:
    dq, dr = DIRECTIONS[side % 6]
    return hex_[0] + dq * times, hex_[1] + dr * times


def distance(a: Hex, b: Hex = (0, 0)) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def angle(hex_: Hex) -> float:
    """Clockwise position around the camp in sides (0 = straight up, 1 = side 1, ...)."""
    d = distance(hex_)
    if d == 0:
        return 0.0
    for side in range(6):
        corner = step((0, 0), side, d)
        for j in range(d):
            if step(corner, side + 2, j) == hex_:
                return side + j / d
    raise ValueError(hex_)


def example_components() -> dict[str, Any]:
    text = resources.files("rules.games.marauders").joinpath("data/components.json")
    data: dict[str, Any] = json.loads(text.read_text("utf-8"))
    return data


@dataclass
class Item:
    kind: str  # hunting-tile, gathering-tile, fishing-tile, megalith, campsite, action-marker
    colour: str | None = None
    occupied: bool = False


#: What the tribe gets when it carries out an action (the table's script).
ACTION_GAINS: dict[str, dict[str, Any]] = {
    "rock-painting": {"gained": {}, "vp": 2, "dev": 0},
    "fishing": {"gained": {"yellow": 1}, "vp": 0, "dev": 1},
    "gathering": {"gained": {"red": 1, "brown": 1}, "vp": 0, "dev": 0},
    "hunting": {"gained": {"brown": 1}, "vp": 1, "dev": 0},
    "ceremony": {"gained": {}, "vp": 2, "dev": 1},
    "migration": {"gained": {}, "vp": 0, "dev": 0},
}
#: What a tile taken in autumn gives the tribe.
TILE_GAINS: dict[str, dict[str, Any]] = {
    "hunting-tile": {"gained": {"brown": 1}, "vp": 1},
    "gathering-tile": {"gained": {"red": 1}, "vp": 0},
    "fishing-tile": {"gained": {"yellow": 1}, "vp": 0},
}
PAYMENTS = (
    {"blue": 1, "yellow": 1},
    {"red": 1},
    {},
    {"brown": 1, "white": 1},
    {"yellow": 2},
    {"blue": 1},
)
PLAYER_ACTIONS = ("hunting", "gathering", "fishing", "ceremony", "rock-painting", "migration")


@dataclass(kw_only=True)
class World:
    """The real table: trays, pillars, the map, the tribe's members, its score."""

    components: dict[str, Any]
    trays: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))
    order: list[str] = field(default_factory=lambda: ["tribe", "1", "2"])
    pillars: dict[str, list[list[str]]] = field(default_factory=dict)
    items: dict[Hex, Item] = field(default_factory=dict)
    members: list[Hex] = field(default_factory=list)
    marker: int = 0
    vp: int = 0
    round: int = 0
    payments: int = 0
    placements: int = 0

    def __post_init__(self) -> None:
        board = self.components["control_board"]["sides"]
        self.marker = next(s["side"] for s in board if s["priority"] == "campsite")
        self.empty_pillars()
        rng = random.Random(7)
        spaces = [
            (q, r)
            for q in range(-MAP_RADIUS, MAP_RADIUS + 1)
            for r in range(-MAP_RADIUS, MAP_RADIUS + 1)
            if 2 <= distance((q, r)) <= MAP_RADIUS
        ]
        rng.shuffle(spaces)
        kinds = (
            ["hunting-tile"] * 9
            + ["gathering-tile"] * 9
            + ["fishing-tile"] * 6
            + ["megalith"] * 4
            + ["campsite"] * 5
            + ["action-marker"] * 6
        )
        for index, kind in enumerate(kinds):
            colour = COLOURS[index % 5] if kind == "action-marker" else None
            self.items[spaces[index]] = Item(kind, colour)

    # -- control board -------------------------------------------------------------------

    def tray_side(self, colour: str) -> int:
        return next(
            s["side"] for s in self.components["control_board"]["sides"] if s["tray"] == colour
        )

    def priority(self, side: int) -> str:
        return str(self.components["control_board"]["sides"][side % 6]["priority"])

    def add(self, counts: dict[str, int]) -> None:
        for colour, n in counts.items():
            self.trays[colour] += n

    def migrants(self) -> int:
        """Migration: 2 members onto the starting camp "if it's possible"."""
        return max(0, min(2, TRIBE_MEMBERS - len(self.members)))

    def payer(self) -> str:
        return next(w for w in self.order if w != "tribe")

    def payment(self) -> dict[str, int]:
        """What the paying player pays onto the trays with the next action."""
        paid = dict(PAYMENTS[self.payments % len(PAYMENTS)])
        self.payments += 1
        self.add(paid)
        return paid

    # -- pillars ----------------------------------------------------------------------------

    def empty_pillars(self) -> None:
        columns = self.components["pricing_tile"]["columns"]
        self.pillars = {a: [[] for _ in range(n)] for a, n in columns.items()}

    def full(self) -> list[str]:
        return sorted(a for a, cols in self.pillars.items() if all(cols))

    def players_place(self) -> None:
        """Each player puts markers onto an empty pillar of the action they choose."""
        for markers in (2, 1):
            for offset in range(6):
                action = PLAYER_ACTIONS[(self.placements + offset) % 6]
                empty = [col for col in self.pillars[action] if not col]
                if empty:
                    colours = [COLOURS[(self.placements + k) % 5] for k in range(markers)]
                    empty[0].extend(colours)
                    break
            self.placements += 1

    def tribe_places(self, action: str, colour: str) -> None:
        empty = [col for col in self.pillars[action] if not col]
        assert empty, f"the bot chose {action}, whose columns are all occupied"
        empty[0].append(colour)

    def take_pillar(self, action: str, count: int) -> dict[str, int]:
        column = next(col for col in self.pillars[action] if len(col) == count)
        taken = {c: column.count(c) for c in COLOURS if c in column}
        column.clear()
        self.add(taken)
        return taken

    # -- the map -------------------------------------------------------------------------

    def lane(self, start: Hex, side: int) -> list[tuple[int, int, Hex]]:
        """``(distance, line, hex)`` of the 3-line lane: line 0 left, 1 centre, 2 right."""
        out = []
        for k in range(1, 2 * MAP_RADIUS + 1):
            rows = (
                step(step(start, side - 1), side, k - 1),
                step(start, side, k),
                step(step(start, side + 1), side, k - 1),
            )
            for line, hex_ in enumerate(rows):
                if distance(hex_) <= MAP_RADIUS:
                    out.append((k, line, hex_))
        return out

    def activation_order(self) -> list[int]:
        def key(i: int) -> tuple[int, float]:
            d = distance(self.members[i])
            return (d, 0.0 if d == 0 else (angle(self.members[i]) - self.marker) % 6)

        return sorted(range(len(self.members)), key=key)

    def target(self, member: Hex, side: int) -> tuple[str, Hex] | None:
        """Where the member goes by the text's priorities (its own reading, first principles)."""
        lane = [(d, line, h) for d, line, h in self.lane(member, side) if d <= LANE_ROWS]
        for k in range(6):
            kind = self.priority(self.marker + k)
            found = [(d, line, h) for d, line, h in lane if self.kind_at(h) == kind]
            if not found:
                continue
            if kind == "megalith":
                free = [f for f in found if not self.items[f[2]].occupied]
                if free:
                    return kind, min(free)[2]
                return kind, min(found)[2]
            return kind, min(found)[2]
        return None

    def kind_at(self, hex_: Hex) -> str | None:
        item = self.items.get(hex_)
        return item.kind if item else None

    def beside(self, megalith: Hex, member: Hex) -> Hex:
        taken = set(self.items) | set(self.members)
        empty = [step(megalith, s) for s in range(6) if step(megalith, s) not in taken]
        return min(empty, key=lambda h: distance(h, member)) if empty else member


def space_id(hex_: Hex) -> str:
    """The screens' id of a map space: "0" the camp, "d@s" toward side s, "d@s+j" past it."""
    d = distance(hex_)
    if d == 0:
        return "0"
    turn = angle(hex_)
    side = int(turn)
    j = round((turn - side) * d)
    return f"{d}@{side}" + (f"+{j}" if j else "")


class Table:
    """Answers the prompts from the :class:`World`; follows the bot's decisions."""

    def __init__(self) -> None:
        self.world = World(components=example_components())
        self.news: dict[str, Any] = {}
        self.member: int | None = None
        #: The members still to activate this autumn (indices into the world's members).
        self.order: list[int] = []
        self.ceremony = False
        self.state: dict[str, Any] = {}
        self.resolved: set[int] = set()
        self.clear_news()

    def clear_news(self) -> None:
        self.news = {"added": dict.fromkeys(COLOURS, 0), "vp": 0, "dev": 0}

    def gain(self, gained: dict[str, int], vp: int = 0, dev: int = 0) -> None:
        """Something landed on the trays (or the score) since the tribe's last step."""
        self.world.add(gained)
        self.world.vp += vp
        self.world.marker = (self.world.marker + dev) % 6
        for colour, n in gained.items():
            self.news["added"][colour] += n
        self.news["vp"] += vp
        self.news["dev"] += dev

    def pay(self) -> None:
        paid = self.world.payment()
        self.world.add({c: -n for c, n in paid.items()})  # counted once, as news
        self.gain(paid)

    def report(self) -> dict[str, Any]:
        """The news: what happened since the tribe's last step."""
        out: dict[str, Any] = {
            "news": {**self.news["added"], "vp": self.news["vp"], "dev": self.news["dev"]}
        }
        if self.ceremony:
            w = self.world
            any_vp = w.round % 2 == 0
            if not any_vp:
                w.vp += int(self.state["tile"]["number"])
            out.update({"any_vp": any_vp, "order": list(w.order)})
            self.ceremony = False
        self.clear_news()
        return out

    # -- the answers -------------------------------------------------------------------

    def answer(self, prompt: Prompt, state: dict[str, Any]) -> dict[str, Any]:
        self.state = state  # read only for what the assistant shows (the tile it drew)
        handler = getattr(self, "_" + prompt.step.replace("-", "_"), None)
        wanted: dict[str, Any] = handler(prompt) if handler else {}
        out = {}
        for f in prompt.fields:
            if f.key not in wanted:
                continue
            value = wanted[f.key]
            if f.kind == "counts":  # a count not named is 0
                value = {c.value: int(value.get(c.value, 0)) for c in f.choices}
            if value != f.default:
                out[f.key] = value
        return out

    def _setup(self, prompt: Prompt) -> dict[str, Any]:
        start = dict.fromkeys(COLOURS, 1)
        self.world.add(start)
        return {"start": start}

    def _spring_start(self, prompt: Prompt) -> dict[str, Any]:
        w = self.world
        w.round += 1
        w.empty_pillars()
        if w.round == 4:
            w.order = ["1", "tribe", "2"]
        r = w.round
        income = {"red": 1 + r % 2, "yellow": 1, "blue": r % 3, "brown": 1, "white": r % 2}
        w.add(income)
        return {"income": income, "order": list(w.order)}

    def _spring_turn(self, prompt: Prompt) -> dict[str, Any]:
        self.pay()
        self.world.players_place()
        out = self.report()
        if any(f.key == "full" for f in prompt.fields):  # the screen asks it each turn
            out["full"] = self.world.full()
        return out

    def _spring_action(self, prompt: Prompt) -> dict[str, Any]:
        assert prompt.decision is not None
        if prompt.decision.result.get("action") in self.world.full():
            return {"blocked": True}  # every column of that action is taken
        return self._carry_out(prompt)

    def _summer_do(self, prompt: Prompt) -> dict[str, Any]:
        self.summer_location(prompt)
        return self._carry_out(prompt)

    def summer_location(self, prompt: Prompt) -> None:
        """The players resolve the action location the screen shows (once each)."""
        index = int(self.state["summer_index"])
        if index in self.resolved:
            return
        self.resolved.add(index)
        self.world.empty_pillars()  # the players have taken back their own markers
        if index == 1:
            self.pay()

    def _carry_out(self, prompt: Prompt) -> dict[str, Any]:
        """The bot step: the table does what it says; migration moves 2 members if it can."""
        assert prompt.decision is not None
        action = prompt.decision.result.get("action")
        return {"moved": self.world.migrants()} if action == "migration" else {}

    def _spring_end(self, prompt: Prompt) -> dict[str, Any]:
        self.pay()
        return self.report()

    def _summer_pillar(self, prompt: Prompt) -> dict[str, Any]:
        w = self.world
        self.resolved = set()
        if w.round % 2:
            self.pay()
        pillars = {action: max(len(c) for c in cols) for action, cols in w.pillars.items()}
        return {"pillars": pillars, **self.report()}

    def _summer_take(self, prompt: Prompt) -> dict[str, Any]:
        return {"again": False}

    def _summer_action(self, prompt: Prompt) -> dict[str, Any]:
        self.summer_location(prompt)
        return self.report()

    def _autumn_start(self, prompt: Prompt) -> dict[str, Any]:
        w = self.world
        if w.round % 2 == 0:
            self.pay()
        self.order = w.activation_order()
        out: dict[str, Any] = {"members": len(w.members), **self.report()}
        for i, hex_ in enumerate(w.members):
            out[f"m{i + 1}"] = space_id(hex_)
        return out

    def _autumn_member(self, prompt: Prompt) -> dict[str, Any]:
        """Tap the spaces of the first priority that lies in the lane (the screen's order)."""
        w = self.world
        self.member = self.order.pop(0)
        here = w.members[self.member]
        side = self.direction()
        lane = [(d, line, h) for d, line, h in w.lane(here, side) if d <= LANE_ROWS]
        out: dict[str, Any] = {}
        for k in range(6):
            kind = w.priority(w.marker + k)
            found = [h for _, _, h in lane if w.kind_at(h) == kind]
            if not found:
                continue
            if kind == "megalith":
                free = [h for h in found if not w.items[h].occupied]
                if free:
                    out["megalith"] = [space_id(h) for h in free]
                else:
                    out["megalith-occupied"] = [space_id(h) for h in found]
            else:
                out[kind] = [space_id(h) for h in found]
            break
        if w.priority(w.marker) == "megalith":
            around = [here, *(step(here, s) for s in range(6))]
            out["near_megalith"] = any(w.kind_at(h) == "megalith" for h in around)
        return out

    def direction(self) -> int:
        """The tray with the most markers, ties clockwise from the priority marker."""
        w = self.world
        best = max(w.trays.values())
        for k in range(6):
            side = (w.marker + k) % 6
            colour = w.components["control_board"]["sides"][side]["tray"]
            if colour and w.trays[colour] == best and best > 0:
                return side
        raise AssertionError("no direction")

    def _autumn_move(self, prompt: Prompt) -> dict[str, Any]:
        if self.member is None:  # no direction: it lies down where it stands
            self.member = self.order.pop(0)
        field = next((f for f in prompt.fields if f.key == "to"), None)
        if field is None:
            return {}
        # An occupied megalith: the bot names the space next to it; the table takes it
        # if it is empty, else the nearest empty one it sees.
        w = self.world
        taken = set(w.items) | set(w.members)
        if all(space_id(h) != field.default for h in taken):
            return {}
        assert prompt.decision is not None
        megalith = prompt.decision.result["item"]["at"]
        here = w.members[self.member]
        mega = next(h for h in w.items if space_id(h) == megalith)
        return {"to": space_id(w.beside(mega, here))}

    def _autumn_gain(self, prompt: Prompt) -> dict[str, Any]:
        return self.report()

    def _round_end(self, prompt: Prompt) -> dict[str, Any]:
        extra = 1 if self.world.round % 2 == 0 else 0
        self.gain({}, vp=extra)
        return self.report()

    def _final(self, prompt: Prompt) -> dict[str, Any]:
        return {"tribe_vp": self.world.vp, "p1": 60, "p2": 40}

    # -- doing what the bot said -------------------------------------------------------

    def observe(self, prompt: Prompt, values: dict[str, Any], decision: Decision | None) -> None:
        if decision is None or prompt.decision is None:
            return  # the bot acts at its own steps (a decision on the screen)
        w = self.world
        result = decision.result
        if decision.kind in {"spring", "summer-action"}:
            if values.get("blocked"):
                return
            if result["outcome"] in {"action", "execute"}:
                action = result["action"]
                w.trays[result["colour"]] -= sum(result["pay"].values())
                if decision.kind == "spring":
                    w.tribe_places(action, result["colour"])
                gains = ACTION_GAINS[action]
                self.gain(gains["gained"], gains["vp"], gains["dev"])
                if action == "migration":
                    w.members.extend([(0, 0)] * int(values.get("moved", 2)))
                if action == "ceremony":
                    self.ceremony = True
            elif result["outcome"] == "vp":
                w.vp += result["vp"]
        elif decision.kind == "summer-pillar" and result["outcome"] == "pillar":
            taken = w.take_pillar(result["action"], result["markers"])
            w.add({c: -n for c, n in taken.items()})
            self.gain(taken)
        elif decision.kind == "autumn-move":
            self._move(result, values.get("to"))

    def _move(self, result: Mapping[str, Any], to: str | None) -> None:
        w = self.world
        assert self.member is not None
        if result.get("colour"):
            w.trays[result["colour"]] -= result["returned"]
        member, self.member = self.member, None
        if result["outcome"] == "move":
            self._walk(member, result, to)
        if not self.order:  # the round's last member: those back on the player board leave the map
            w.members = [m for m in w.members if m != PLAYER_BOARD]

    def _walk(self, member: int, result: Mapping[str, Any], to: str | None) -> None:
        """The member goes where the bot said and takes (or builds on) what lies there."""
        w = self.world
        here = w.members[member]
        found = w.target(here, result["direction"])
        assert found is not None and found[0] == result["priority"], (found, result)
        kind, hex_ = found
        if kind == "megalith" and w.items[hex_].occupied:
            # beside the occupied megalith: where the bot said, or where the table put it
            megalith = next(h for h in w.items if space_id(h) == result["item"]["at"])
            hex_ = next(
                step(megalith, s)
                for s in range(6)
                if space_id(step(megalith, s)) == (to or result["to"])
            )
        assert space_id(hex_) == (to or result["to"]), (space_id(hex_), result)
        item = w.items.get(hex_)
        if kind == "campsite":
            w.items.pop(hex_)
            w.members[member] = PLAYER_BOARD
        elif kind == "megalith":
            w.members[member] = hex_
            if item is not None and item.kind == "megalith":
                item.occupied = True
        elif kind == "action-marker":
            assert item is not None and item.colour is not None
            w.items.pop(hex_)
            w.members[member] = hex_
            self.gain({item.colour: 1})
        else:
            w.items.pop(hex_)
            w.members[member] = hex_
            gains = TILE_GAINS[kind]
            self.gain(gains["gained"], gains["vp"])
