"""Checking the Ante Portas components against the box, by touch (``anteportas-components``).

Built from the schema (:mod:`rules.schema_editor`) with the game's words,
grouped so a table confirms what matches the box quickly (CONFIRM alone
walks every page, each prefilled with the set being corrected):

- **Battleground**: one page with the board drawn: the Spawn Point, the
  Spawn Area and the bottom row (tap the hexes), where a card's left, right
  and down arrows lead. The hexes' layout is kept (it is the printed board).
- **Defensive Works**: Invaders, Soldiers, Mines, Buildings, what the box
  holds and the costs, one page per piece, its values as steppers.
- **Movement cards**, one menu entry per deck (Raiders Era I, …) and one page
  per card: the Battleground with the card's spawns drawn as Invaders and its
  arrows as a path from the first spawn hex, its arrows and Special Powers in
  words, and the Invaders it spawns per hex of the Spawn Area as two counts
  (Basic, Elite). The arrows and powers are shown to check; they are
  corrected in a component file (``tableside components import``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.editor import Draft, Page
from rules.errors import IllegalInput
from rules.games.anteportas.battle import SOLDIER_NAMES, TILE_NAMES
from rules.games.anteportas.board import DIRECTIONS, OFF_BOARD, Battleground
from rules.games.anteportas.cards import MOST_SPAWNS
from rules.games.anteportas.game import AntePortas
from rules.games.anteportas.prompts import GOODS
from rules.games.anteportas.words import join_msgs, units_msg
from rules.prompt import Choice, Field
from rules.registry import register_editor
from rules.schema_editor import Leaf, Path, SchemaEditor, key_of, pattern_of
from rules.text import Msg, msg

BOARD_PAGE = ("battleground",)
CARDS = ("cards", "cards")

DIRECTION: dict[str, Msg] = {
    "up": msg("up"),
    "up-right": msg("up right"),
    "down-right": msg("down right"),
    "down": msg("down"),
    "down-left": msg("down left"),
    "up-left": msg("up left"),
    "left": msg("left"),
    "right": msg("right"),
}
POWER: dict[str, Msg] = {
    "regroup": msg("Regroup"),
    "increase": msg("Increase Troop Size"),
    "merge": msg("Merge Troops"),
    "remove_citizens": msg("Remove Citizens"),
    "weaker": msg("Weaker"),
    "stronger": msg("Stronger"),
    "destroy_trap": msg("Destroy Trap"),
    "decrease_in_trap": msg("Decrease in Trap"),
    "press_ahead": msg("Press Ahead"),
    "shoot": msg("Shoot"),
    "killed_by_citizens": msg("Killed by Citizens"),
    "split": msg("Split Troop"),
    "fire": msg("Fire"),
    "temporarily_weaker": msg("Temporarily Weaker"),
    "destroy_building": msg("Destroy Building"),
    "dodge": msg("Dodge"),
    "stealth": msg("Stealth"),
}
SCENARIO = {"R": msg("Raiders"), "D": msg("Dragons")}
ERA = {"1": "I", "2": "II"}

LABELS: dict[str, Msg] = {
    "defences": msg("Defensive Works"),
    "defences/invaders": msg("Invaders"),
    "defences/soldiers": msg("Soldiers"),
    "defences/mines": msg("Mines"),
    "defences/buildings": msg("Buildings"),
    "defences/components": msg("What the box holds"),
    "defences/costs": msg("Costs"),
    "defences/invaders/basic": msg("Basic Units"),
    "defences/invaders/elite": msg("Elite Units"),
    "defences/components/limits/*/tiles": msg("Tiles in the box"),
    "defences/components/invaders": msg("Invaders in the box"),
    "defences/components/colonists": msg("Colonists in the box"),
    "defences/components/invaders/basic": msg("Basic Units"),
    "defences/components/invaders/elite": msg("Elite Units"),
    "defences/components/colonists/farmer": msg("Farmers"),
    "defences/components/colonists/citizen": msg("Citizens"),
    "defences/costs/trap": msg("Set a Trap"),
    "defences/costs/bomb": msg("Plant a Bomb"),
    "defences/costs/heal": msg("Heal"),
    "defences/costs/upright": msg("Set Upright"),
    "defences/costs/mines": msg("Build a Mine"),
    "strength": msg("Strength"),
    "twice_as_strong": msg("Strength in Twice as Strong"),
    "absorbs_below": msg("Absorbs damage below"),
    "absorbs_up_to": msg("Withstands damage up to"),
    "air_defence": msg("Air defence"),
    "soldier": msg("Manned by"),
    "workers": msg("Soldier actions until set upright"),
    "arrows": msg("Arrows (as printed)"),
    "reach": msg("Hexes each arrow reaches"),
    "damage": msg("Damage per Soldier action"),
    "actions": msg("Actions"),
    "mobile": msg("Can be deployed"),
}
VALUES: dict[str, Msg] = {
    **TILE_NAMES,
    **SOLDIER_NAMES,
    **GOODS,
    **{k: v for k, v in DIRECTION.items() if k not in ("left", "right")},
    "replace": msg("Replace a Mine"),
    "knockback": msg("Knockback"),
    "fire_bomb": msg("Fire a Bomb"),
    "gunfire": msg("Gunfire"),
    "indirect_fire": msg("Indirect Fire"),
}


def deck_of(card_id: str) -> tuple[str, Msg]:
    """The menu entry of a card by its number: ``R1xx`` Raiders Era I, ``D2xx`` Dragons Era II."""
    scenario, era = SCENARIO.get(card_id[:1].upper()), ERA.get(card_id[1:2])
    if scenario is None or era is None:
        return "cards", msg("Movement cards")
    return f"cards-{card_id[:2].upper()}", msg(
        "{scenario}: Movement cards of Era {era}", scenario=scenario, era=era
    )


def arrow_words(arrow: Mapping[str, Any]) -> Msg:
    if "dodge" in arrow:  # one of the ways, whichever is free
        ways = [DIRECTION[d] for d in arrow["dodge"]]
        either = ways[-1]
        for way in reversed(ways[:-1]):
            either = msg("{a} or {b}", a=way, b=either)
        word = msg("dodge {ways}", ways=either)
    else:
        word = DIRECTION[arrow["dir"]]
    return msg("{arrow} (fire)", arrow=word) if arrow.get("fire") else word


def power_words(power: Mapping[str, Any]) -> Msg:
    name = POWER[power["power"]]
    if "value" in power:
        return msg("{power} {n}", power=name, n=power["value"])
    if "add" in power:
        return msg("{power}: {units}", power=name, units=units_msg(power["add"]))
    if "kinds" in power:
        return msg(
            "{power}: {what}", power=name, what=join_msgs([TILE_NAMES[k] for k in power["kinds"]])
        )
    return name


def card_path(board: Battleground, start: int, arrows: list[dict[str, Any]]) -> list[int]:
    """The hexes a troop on ``start`` crosses by the card's arrows (a dodge: its first way)."""
    path = [start]
    for arrow in arrows:
        way = arrow["dodge"][0] if "dodge" in arrow else arrow["dir"]
        nxt, _ = board.step(path[-1], way)
        if nxt in (OFF_BOARD, path[-1]):
            break
        path.append(nxt)
    return path


def battleground_scene(
    data: Mapping[str, Any],
    spawns: Mapping[int, dict[str, int]] | None = None,
    path: list[int] | None = None,
) -> dict[str, Any]:
    """The Battleground of the data being checked, with spawned Invaders and a path."""
    ground = data["battleground"]
    area, bottom = set(ground["spawn_area"]), set(ground["bottom_row"])
    hexes = []
    for row in sorted(ground["hexes"], key=lambda r: r["id"]):
        hex_id = row["id"]
        units: dict[str, Any] = {"soldiers": {}, "tile": None}
        if spawns and hex_id in spawns:
            units["invaders"] = spawns[hex_id]
        hexes.append(
            {
                "id": str(hex_id),
                "q": row["q"],
                "r": row["r"],
                "label": str(hex_id),
                "units": units,
                "shade": "spawn" if hex_id in area else "bottom" if hex_id in bottom else None,
                "highlight": spawns is None and hex_id == ground["spawn_point"],
            }
        )
    return {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "title": msg("Battleground").to_json(),
        "hexes": hexes,
        "path": [str(h) for h in path or []],
        "arrows": [],
    }


class AntePortasEditor(SchemaEditor):
    labels = LABELS
    values = VALUES
    hidden = frozenset({"battleground", "cards"})

    # -- the walk: the generic pages, the Battleground's and one per card ---------------------

    def walk(self, data: Mapping[str, Any]) -> list[tuple[Path, list[Leaf]]]:
        none: list[Leaf] = []  # pages of its own: their fields come from page()
        cards: list[tuple[Path, list[Leaf]]] = [
            ((*CARDS, i), none) for i in range(len(data["cards"]["cards"]))
        ]
        return [(BOARD_PAGE, none), *super().walk(data), *cards]

    def group_of(self, path: Path, data: Mapping[str, Any]) -> tuple[str, Msg]:
        if path == BOARD_PAGE:
            return "battleground", msg("Battleground")
        if path[:2] == CARDS:
            return deck_of(str(data["cards"]["cards"][path[2]]["id"]))
        if path[:1] == ("defences",) and len(path) > 1:
            return f"defences/{path[1]}", msg(
                "{a} · {b}", a=LABELS["defences"], b=self.label_of(path[:2])
            )
        return super().group_of(path, data)

    def title_of(self, path: Path, data: Mapping[str, Any]) -> Msg:
        parts = [p for p in path if not str(p).startswith("#")]
        pattern = pattern_of(tuple(parts))
        if pattern == "defences/components/limits/*":
            kinds = data["defences"]["components"]["limits"][parts[3]]["kinds"]
            return msg("Tiles: {kinds}", kinds=join_msgs([TILE_NAMES[k] for k in kinds]))
        if len(parts) == 3 and parts[1] in ("buildings", "mines", "soldiers", "invaders"):
            return self.label_of(tuple(parts))
        return super().title_of(path, data)

    def field_of(self, leaf: Leaf, value: Any, data: Mapping[str, Any]) -> Field:
        field = super().field_of(leaf, value, data)
        if leaf.path[-1] == "actions":  # every Building offers at least one
            return replace(field, minimum=1)
        return field

    # -- the pages of its own -----------------------------------------------------------------

    def page(self, draft: Draft, key: str) -> Page:
        data = draft["data"]
        if key == key_of(BOARD_PAGE):
            return self._board_page(data)
        if key.startswith(key_of(CARDS) + "/"):
            return self._card_page(data, int(key.rsplit("/", 1)[1]), key)
        return super().page(draft, key)

    def _hex_choices(self, data: Mapping[str, Any]) -> tuple[Choice, ...]:
        ids = sorted(row["id"] for row in data["battleground"]["hexes"])
        return tuple(Choice(str(h), msg("#{hex}", hex=h)) for h in ids)

    def _board_page(self, data: Mapping[str, Any]) -> Page:
        ground = data["battleground"]
        hexes = self._hex_choices(data)
        directions = tuple(Choice(d, DIRECTION[d]) for d in DIRECTIONS)
        fields = [
            Field(
                key="spawn_point",
                label=msg("Spawn Point (tap the hex)"),
                kind="choice",
                default=str(ground["spawn_point"]),
                choices=hexes,
                places="hexes",
            ),
            *(
                Field(
                    key=key,
                    label=label,
                    kind="multi",
                    default=[str(h) for h in ground[key]],
                    minimum=1,
                    choices=hexes,
                    places="hexes",
                )
                for key, label in (
                    ("spawn_area", msg("Spawn Area")),
                    ("bottom_row", msg("Bottom row")),
                )
            ),
        ]
        for arrow in ("left", "right", "down"):
            fields.append(
                Field(
                    key=f"arrow_{arrow}",
                    label=msg("A card's arrow {arrow} leads", arrow=DIRECTION[arrow]),
                    kind="choice",
                    default=ground["card_arrows"][arrow],
                    choices=directions,
                )
            )
        return Page(
            key=key_of(BOARD_PAGE),
            title=msg("Battleground"),
            lines=(
                msg("Check the board against your Battleground and correct what differs."),
                msg("The hexes' numbers and places are kept as printed."),
            ),
            fields=tuple(fields),
            scene=battleground_scene(data),
        )

    def _card_page(self, data: Mapping[str, Any], index: int, key: str) -> Page:
        card = data["cards"]["cards"][index]
        area = list(data["battleground"]["spawn_area"])
        spawns = {s["hex"]: {"basic": s["basic"], "elite": s["elite"]} for s in card["spawn"]}
        start = card["spawn"][0]["hex"] if card["spawn"] else area[len(area) // 2]
        board = Battleground.from_data(data["battleground"])
        arrows = [arrow_words(a) for a in card["arrows"]]
        powers = [power_words(p) for p in card["powers"]]
        lines = [
            msg("Check the card against your box: what it spawns, its arrows, its powers."),
            msg("Arrows: {arrows}", arrows=join_msgs(arrows) if arrows else msg("none")),
            msg("Special Powers: {powers}", powers=join_msgs(powers) if powers else msg("none")),
        ]
        choices = tuple(Choice(str(h), msg("#{hex}", hex=h)) for h in area)
        fields = tuple(
            Field(
                key=kind,
                label=label,
                kind="counts",
                default={str(h): spawns.get(h, {}).get(kind, 0) for h in area},
                minimum=0,
                maximum=12,
                choices=choices,
            )
            for kind, label in (
                ("basic", msg("Basic Units it spawns, per hex")),
                ("elite", msg("Elite Units it spawns, per hex")),
            )
        )
        title = msg("Movement card {card}", card=card["id"])
        return Page(
            key=key,
            title=title,
            lines=tuple(lines),
            fields=fields,
            scene=battleground_scene(data, spawns, card_path(board, start, card["arrows"])),
        )

    def apply(self, draft: Draft, key: str, answer: Mapping[str, Any]) -> None:
        data = draft["data"]
        if key == key_of(BOARD_PAGE):
            ground = data["battleground"]
            ground["spawn_point"] = int(answer["spawn_point"])
            ground["spawn_area"] = sorted(int(h) for h in answer["spawn_area"])
            ground["bottom_row"] = sorted(int(h) for h in answer["bottom_row"])
            ground["card_arrows"] = {a: answer[f"arrow_{a}"] for a in ("left", "right", "down")}
        elif key.startswith(key_of(CARDS) + "/"):
            card = data["cards"]["cards"][int(key.rsplit("/", 1)[1])]
            spawn = self._spawns_back(card["spawn"], answer)
            if len(spawn) > MOST_SPAWNS:
                raise IllegalInput(
                    msg(
                        "A card spawns on at most {most} hexes; these counts spawn on {n}.",
                        most=MOST_SPAWNS,
                        n=len(spawn),
                    ),
                    "basic",
                )
            card["spawn"] = spawn
        else:
            super().apply(draft, key, answer)
            return
        if key not in draft["checked"]:
            draft["checked"].append(key)

    @staticmethod
    def _spawns_back(before: list[dict[str, Any]], answer: Mapping[str, Any]) -> list[Any]:
        """The card's spawn places from the counts: its order kept, new hexes after it."""
        counts = {
            int(h): {"basic": answer["basic"].get(h, 0), "elite": answer["elite"].get(h, 0)}
            for h in answer["basic"]
        }
        kept = [s["hex"] for s in before]
        order = kept + sorted(h for h in counts if h not in kept)
        seen = []
        for h in order:
            if h in counts and h not in seen and sum(counts[h].values()):
                seen.append(h)
        return [{"hex": h, **counts[h]} for h in seen]


EDITOR = register_editor(AntePortasEditor(AntePortas()))
