"""The guided builder: the players tell what they did by choosing among the legal options.

A loop of steps, no typed language: the menu offers the actions legal now
(:func:`menu_field`, with "done" to end the loop); each action then asks one
or more *pages*, each only with legal options: hexes are picked on the
Battleground picture (``places="hexes"``), counts by steppers, kinds from the
kinds still in the box. A page whose every question has one legal answer is
filled in by itself. When the last page is answered the action is complete
(:func:`action_from`) and the game carries it out
(:func:`rules.games.anteportas.actions.apply_action`).

Correcting hexes is also where a camera's reading of the tagged units comes
in: the fields of :func:`correct_fields` name ``camera="battleground"``
(docs/anteportas.md, "Camera seam").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.camera import HexPieces
from rules.games.anteportas import actions as act
from rules.games.anteportas.actions import Table
from rules.games.anteportas.battle import SOLDIER_NAMES, TILE_NAMES
from rules.games.anteportas.combat import fire_sources
from rules.games.anteportas.effects import Field as BattleField
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.units import BUILDING_KINDS, MINE_KINDS, tile_kind
from rules.prompt import Choice, Field
from rules.text import Msg, msg

#: Answer keys that name a hex (converted to numbers; ``none`` -> ``None``).
HEX_KEYS = ("hex", "from", "to", "by")
#: The camera reading that can prefill :func:`correct_fields` (docs/anteportas.md): the
#: pieces on the battleground's hexes, read by the field's key.
CAMERA = HexPieces("anteportas-battleground")
SOLDIER_COUNTS = ("farmer", "farmer_exhausted", "citizen", "citizen_exhausted")

ACTION_LABELS: dict[str, Msg] = {
    "enlist": msg("Recruiting Officer: Enlist"),
    "discharge": msg("Recruiting Officer: Discharge"),
    "deploy": msg("Commander: Deploy"),
    "advance": msg("Supreme Commander: move up to two hexes"),
    "rotate": msg("Commander: Rotate"),
    "rotate2": msg("Supreme Commander: Rotate"),
    "heal": msg("Army Doctor: Heal"),
    "upright": msg("Army Doctor: Set Upright"),
    "mine": msg("Minelayer: build a Mine"),
    "trap": msg("Trapper: Set a Trap"),
    "knockback": msg("Trapper: Knockback"),
    "bomb": msg("Combat Engineer: Plant a Bomb"),
    "fire_bomb": msg("Combat Engineer: Fire a Bomb"),
    "build": msg("Build a Defensive Work"),
    "gunfire": msg("Soldier action: Gunfire / Indirect Fire"),
    "gp_bomb": msg("Soldier action: Fire a Bomb (Guard Post)"),
    "gp_knockback": msg("Soldier action: Knockback (Guard Post)"),
    "sickbay": msg("Citizens not sustained: to the Sickbay"),
    "correct": msg("Correct hexes"),
}
SOLDIER_ACTIONS = ("gunfire", "gp_bomb", "gp_knockback")


def _hex_choices(hexes: list[int]) -> tuple[Choice, ...]:
    return tuple(Choice(str(h), msg("#{hex}", hex=h)) for h in hexes)


def _hex_field(key: str, label: Msg, hexes: list[int], default: int | None = None) -> Field:
    only = hexes[0] if len(hexes) == 1 else default
    return Field(
        key=key,
        label=label,
        kind="choice",
        choices=_hex_choices(hexes),
        places="hexes",
        default=None if only is None else str(only),
    )


def _unit_counts(key: str, label: Msg, limits: dict[str, int], names: dict[str, Msg]) -> Field:
    return Field(
        key=key,
        label=label,
        kind="counts",
        choices=tuple(Choice(k, names[k], limit=n) for k, n in limits.items()),
        default={k: 0 for k in limits},
        minimum=0,
    )


def _soldier_entries(entries: list[tuple[int, str, bool, int]], key: str, label: Msg) -> Field:
    choices = []
    for hex_id, kind, tired, n in entries:
        name = (
            msg("#{hex} {unit} (exhausted)", hex=hex_id, unit=SOLDIER_NAMES[kind])
            if tired
            else msg("#{hex} {unit}", hex=hex_id, unit=SOLDIER_NAMES[kind])
        )
        choices.append(Choice(act.entry_key(hex_id, kind, tired), name, limit=n))
    return Field(
        key=key,
        label=label,
        kind="counts",
        choices=tuple(choices),
        default={c.value: 0 for c in choices},
        minimum=0,
    )


# -- which actions are offered ----------------------------------------------------------------


def offered(field: BattleField, table: Table, kit: Kit, soldier_only: bool) -> list[str]:
    """The actions legal now, in menu order."""
    room = act.placeable(field, kit)
    tests: dict[str, Callable[[], bool]] = {
        "enlist": lambda: any(act.colonists_left(field, k, kit) for k in ("farmer", "citizen")),
        "discharge": lambda: bool(act.soldier_entries(field)),
        "deploy": lambda: bool(act.movable(field, kit)),
        "advance": lambda: bool(act.movable(field, kit)),
        "rotate": lambda: bool(act.buildings(field)),
        "rotate2": lambda: bool(act.buildings(field)),
        "heal": lambda: bool(field["sickbay"]["farmer"] or field["sickbay"]["citizen"]),
        "upright": lambda: bool(act.soldier_entries(field, exhausted_only=True)),
        "mine": lambda: bool(room) and any(act.tiles_left(field, k, kit) for k in MINE_KINDS),
        "trap": lambda: bool(room) and act.tiles_left(field, "trap", kit) > 0,
        "knockback": lambda: bool(act.trapped(field)),
        "bomb": lambda: (
            act.combat_engineer_open(table)
            and bool(room)
            and act.tiles_left(field, "bomb", kit) > 0
        ),
        "fire_bomb": lambda: (
            act.combat_engineer_open(table) and bool(act.tile_hexes(field, "bomb"))
        ),
        "build": lambda: bool(room) and any(act.tiles_left(field, k, kit) for k in BUILDING_KINDS),
        "gunfire": lambda: bool(act.gunfire_targets(field, kit)),
        "gp_bomb": lambda: any(
            act.guard_posts_for(field, h, "fire_bomb", kit) for h in act.tile_hexes(field, "bomb")
        ),
        "gp_knockback": lambda: any(
            act.guard_posts_for(field, h, "knockback", kit) for h in act.trapped(field)
        ),
        "sickbay": lambda: any(k == "citizen" for _, k, _, _ in act.soldier_entries(field)),
        "correct": lambda: True,
    }
    names = [*SOLDIER_ACTIONS, "correct"] if soldier_only else list(ACTION_LABELS)
    return [name for name in names if tests[name]()]


def menu_field(done: str, done_label: Msg, names: list[str]) -> Field:
    """The action menu: "done" (the default: CONFIRM alone) and every legal action."""
    return Field(
        key="action",
        label=msg("What happened?"),
        kind="choice",
        default=done,
        choices=(Choice(done, done_label), *(Choice(n, ACTION_LABELS[n]) for n in names)),
    )


# -- the pages of each action ------------------------------------------------------------------

Page = Callable[[BattleField, Table, Kit, dict[str, Any]], tuple[Field, ...]]


def _enlist(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    limits = {k: act.colonists_left(f, k, kit) for k in ("farmer", "citizen")}
    return (
        _unit_counts("units", msg("Soldiers enlisted onto the Spawn Point"), limits, SOLDIER_NAMES),
    )


def _discharge(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    return (_soldier_entries(act.soldier_entries(f), "soldiers", msg("Soldiers discharged home")),)


def _sickbay(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    entries = [e for e in act.soldier_entries(f) if e[1] == "citizen"]
    return (_soldier_entries(entries, "soldiers", msg("Citizens moved to the Sickbay")),)


def _upright(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    entries = act.soldier_entries(f, exhausted_only=True)
    return (_soldier_entries(entries, "soldiers", msg("Soldiers set upright")),)


def _heal(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    limits = {k: f["sickbay"][k] for k in ("farmer", "citizen") if f["sickbay"][k]}
    return (_unit_counts("units", msg("Soldiers healed and sent home"), limits, SOLDIER_NAMES),)


def _move_from(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    return (_hex_field("from", msg("Move from"), act.movable(f, kit)),)


def _move_what(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    here = f["hexes"][str(int(c["from"]))]
    limits = {
        kind: sum(1 for x in here["soldiers"] if x["kind"] == kind and not x["exhausted"])
        for kind in ("farmer", "citizen")
    }
    fields = [_unit_counts("units", msg("Upright Soldiers that move"), limits, SOLDIER_NAMES)]
    tile = here["tile"]
    reach = 2 if c["do"] == "advance" else 1
    free = [
        h
        for h in act.move_targets(f, int(c["from"]), reach, kit)
        if f["hexes"][str(h)]["tile"] is None
    ]
    mobile = (
        tile is not None
        and tile["type"] == "building"
        and kit.defences.buildings[tile["kind"]]["mobile"]
    )
    if mobile and free:
        fields.append(
            Field(
                key="building",
                label=msg("The {tile} moves too", tile=TILE_NAMES[tile["kind"]]),
                kind="bool",
                default=False,
            )
        )
    return tuple(fields)


def _move_to(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    reach = 2 if c["do"] == "advance" else 1
    targets = act.move_targets(f, int(c["from"]), reach, kit)
    if c.get("building"):
        targets = [h for h in targets if f["hexes"][str(h)]["tile"] is None]
    return (_hex_field("to", msg("Move to"), targets),)


def _rotate(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    turns = (-2, -1, 1, 2) if c["do"] == "rotate2" else (-1, 1)
    labels = {
        -2: msg("120 degrees counter-clockwise"),
        -1: msg("60 degrees counter-clockwise"),
        1: msg("60 degrees clockwise"),
        2: msg("120 degrees clockwise"),
    }
    return (
        _hex_field("hex", msg("Building"), act.buildings(f)),
        Field(
            key="turn",
            label=msg("Turn"),
            kind="choice",
            default="1",
            choices=tuple(Choice(str(n), labels[n]) for n in turns),
        ),
    )


def _tile_page(kinds: tuple[str, ...], label: Msg) -> Page:
    def page(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
        room = act.placeable(f, kit)
        last = t.last_hex if t.last_hex in room else None
        fields = [_hex_field("hex", label, room, last)]
        left = [k for k in kinds if act.tiles_left(f, k, kit)]
        if len(kinds) > 1:
            fields.append(
                Field(
                    key="kind",
                    label=msg("Kind"),
                    kind="choice",
                    default=left[0] if len(left) == 1 else None,
                    choices=tuple(Choice(k, TILE_NAMES[k]) for k in left),
                )
            )
        return tuple(fields)

    return page


def _bomb_hex(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    hexes = act.tile_hexes(f, "bomb")
    if c["do"] == "gp_bomb":
        hexes = [h for h in hexes if act.guard_posts_for(f, h, "fire_bomb", kit)]
    return (_hex_field("hex", msg("Bomb"), hexes),)


def _by(action: str) -> Page:
    def page(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
        posts = act.guard_posts_for(f, int(c["hex"]), action, kit)
        return (_hex_field("by", msg("Guard Post or Guard Tower whose Soldier acts"), posts),)

    return page


def _trap_hex(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    hexes = act.trapped(f)
    if c["do"] == "gp_knockback":
        hexes = [h for h in hexes if act.guard_posts_for(f, h, "knockback", kit)]
    return (_hex_field("hex", msg("Trap with Invaders"), hexes),)


def _knockback(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    troop = f["troops"][str(int(c["hex"]))]
    groups = act.knockback_groups(troop)
    largest = max(groups, key=lambda g: (g[0] + g[1], g[0]))
    return (
        Field(
            key="group",
            label=msg("Invaders sent back"),
            kind="choice",
            default=f"{largest[0]}-{largest[1]}",
            choices=tuple(
                Choice(f"{b}-{e}", msg("{b} Basic, {e} Elite", b=b, e=e)) for b, e in groups
            ),
        ),
        Field(
            key="distance",
            label=msg("Hexes back"),
            kind="choice",
            default="2",
            choices=(Choice("1", msg("one hex")), Choice("2", msg("two hexes"))),
        ),
    )


def _gunfire_target(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    return (_hex_field("hex", msg("Troop fired at"), act.gunfire_targets(f, kit)),)


def sources_field(key: str, sources: dict[int, int], field: BattleField, label: Msg) -> Field:
    """Soldiers exhausted per Building that fires (a counts field by Building hex)."""
    choices = tuple(
        Choice(
            str(h),
            msg("{tile} on #{hex}", tile=TILE_NAMES[field["hexes"][str(h)]["tile"]["kind"]], hex=h),
            limit=n,
        )
        for h, n in sorted(sources.items())
    )
    return Field(
        key=key,
        label=label,
        kind="counts",
        choices=choices,
        default={c.value: 0 for c in choices},
        minimum=0,
    )


def _gunfire_sources(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    target = int(c["hex"])
    sources = fire_sources(f, target, f["troops"][str(target)], False, kit)
    field = sources_field("sources", sources, f, msg("Soldiers firing, per Building"))
    if len(sources) == 1:
        (only,) = sources
        field = replace(field, default={str(only): 1})
    return (field,)


def _correct_hexes(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    return (
        Field(
            key="hexes",
            label=msg("Hexes to correct"),
            kind="multi",
            minimum=1,
            choices=_hex_choices(sorted(kit.board.hexes)),
            places="hexes",
        ),
    )


def correct_fields(f: BattleField, hexes: list[int], kit: Kit) -> tuple[Field, ...]:
    """Per hex: Soldiers, Invaders and the tile, defaulting to what the assistant tracks.

    Every field names ``camera="battleground"``: a camera reading of tagged
    units proposes its value (the key's number is the hex), the players confirm.
    """
    names = {
        "farmer": SOLDIER_NAMES["farmer"],
        "farmer_exhausted": msg("{unit} (exhausted)", unit=SOLDIER_NAMES["farmer"]),
        "citizen": SOLDIER_NAMES["citizen"],
        "citizen_exhausted": msg("{unit} (exhausted)", unit=SOLDIER_NAMES["citizen"]),
        "basic": msg("Basic Units"),
        "elite": msg("Elite Units"),
    }
    tiles = (
        Choice("none", msg("no tile")),
        *(Choice(k, TILE_NAMES[k]) for k in (*BUILDING_KINDS, *MINE_KINDS, "trap", "bomb")),
    )
    out: list[Field] = []
    defs = kit.defences
    for h in hexes:
        s = f["hexes"][str(h)]
        troop = f["troops"].get(str(h), {"basic": 0, "elite": 0})
        soldiers = {
            k: sum(
                1
                for x in s["soldiers"]
                if x["kind"] == k.split("_")[0] and x["exhausted"] == k.endswith("exhausted")
            )
            for k in SOLDIER_COUNTS
        }
        out += [
            Field(
                key=f"soldiers-{h}",
                label=msg("Soldiers on #{hex}", hex=h),
                kind="counts",
                default=soldiers,
                minimum=0,
                choices=tuple(
                    Choice(k, names[k], limit=defs.box(k.split("_")[0])) for k in SOLDIER_COUNTS
                ),
                camera=CAMERA,
            ),
            Field(
                key=f"invaders-{h}",
                label=msg("Invaders on #{hex}", hex=h),
                kind="counts",
                default=dict(troop),
                minimum=0,
                choices=tuple(Choice(k, names[k], limit=defs.box(k)) for k in ("basic", "elite")),
                camera=CAMERA,
            ),
            Field(
                key=f"tile-{h}",
                label=msg("Tile on #{hex}", hex=h),
                kind="choice",
                default="none" if s["tile"] is None else tile_kind(s["tile"]),
                choices=tiles,
                camera=CAMERA,
            ),
        ]
    return tuple(out)


def _correct(f: BattleField, t: Table, kit: Kit, c: dict[str, Any]) -> tuple[Field, ...]:
    return correct_fields(f, sorted(int(h) for h in c["hexes"]), kit)


PAGES: dict[str, tuple[Page, ...]] = {
    "enlist": (_enlist,),
    "discharge": (_discharge,),
    "sickbay": (_sickbay,),
    "deploy": (_move_from, _move_what, _move_to),
    "advance": (_move_from, _move_what, _move_to),
    "rotate": (_rotate,),
    "rotate2": (_rotate,),
    "heal": (_heal,),
    "upright": (_upright,),
    "mine": (_tile_page(MINE_KINDS, msg("Hex for the Mine")),),
    "trap": (_tile_page(("trap",), msg("Hex for the Trap")),),
    "bomb": (_tile_page(("bomb",), msg("Hex for the Bomb")),),
    "build": (_tile_page(BUILDING_KINDS, msg("Hex for the Building")),),
    "fire_bomb": (_bomb_hex,),
    "gp_bomb": (_bomb_hex, _by("fire_bomb")),
    "knockback": (_trap_hex, _knockback),
    "gp_knockback": (_trap_hex, _knockback, _by("knockback")),
    "gunfire": (_gunfire_target, _gunfire_sources),
    "correct": (_correct_hexes, _correct),
}


def page_fields(
    do: str, page: int, field: BattleField, table: Table, kit: Kit, chosen: dict[str, Any]
) -> tuple[Field, ...] | None:
    """The fields of one page of an action, or ``None`` after the last page."""
    pages = PAGES[do]
    if page >= len(pages):
        return None
    return pages[page](field, table, kit, {"do": do, **chosen})


def self_answered(fields: tuple[Field, ...]) -> dict[str, Any] | None:
    """The answers of a page whose every question has exactly one legal answer, else ``None``."""
    if not fields or any(f.kind != "choice" or len(f.choices) != 1 for f in fields):
        return None
    return {f.key: f.choices[0].value for f in fields}


def action_from(do: str, chosen: dict[str, Any], field: BattleField) -> dict[str, Any]:
    """The complete action as data for :func:`rules.games.anteportas.actions.apply_action`."""
    action: dict[str, Any] = {"do": do}
    for key, value in chosen.items():
        if key in HEX_KEYS:
            action[key] = None if value in (None, "none") else int(value)
        elif key == "units":
            action.update({k: int(n) for k, n in value.items()})
        elif key == "group":
            basic, elite = value.split("-")
            action.update(basic=int(basic), elite=int(elite))
        elif key in ("distance", "turn"):
            action[key] = int(value)
        else:
            action[key] = value
    for kind in ("farmer", "citizen"):
        action.setdefault(kind, 0)
    if do in ("deploy", "advance"):
        action["supreme"] = do == "advance"
        action.setdefault("building", False)
        action["do"] = "deploy"
    if do in ("rotate", "rotate2"):
        action["do"] = "rotate"
    if do == "gp_bomb":
        action["do"] = "fire_bomb"
    if do == "gp_knockback":
        action["do"] = "knockback"
    if do in ("knockback", "fire_bomb"):
        action.setdefault("by", None)
    if do == "mine" or do == "build":
        action["do"] = "mine" if do == "mine" else "build"
    if do == "correct":
        action["hexes"] = _corrections(chosen, field)
    return action


def _corrections(chosen: dict[str, Any], field: BattleField) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in chosen.items():
        if not key.startswith("tile-"):
            continue
        h = key.split("-", 1)[1]
        old = field["hexes"][h]["tile"]
        if value == "none":
            tile = None
        elif value in MINE_KINDS:
            tile = {"type": "mine", "kind": value}
        elif value in BUILDING_KINDS:
            turn = old.get("rotation", 0) if old and old.get("kind") == value else 0
            tile = {"type": "building", "kind": value, "rotation": turn}
        else:
            tile = {"type": value}
        out[h] = {
            "soldiers": dict(chosen[f"soldiers-{h}"]),
            "invaders": dict(chosen[f"invaders-{h}"]),
            "tile": tile,
        }
    return out
