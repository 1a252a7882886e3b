"""The confrontational variants as a referee: who controls which hex, who advanced furthest.

Two teams face each other across the Battleground: team ``A`` sits at the bottom
(#1-5 side) and moves up, team ``B`` sits at the top and moves down. The
confrontational side of the board shows unnumbered hexes whose layout the text
does not give; the referee uses the numbered battleground data as a stand-in
(EXAMPLE) — the rules do not depend on the numbers.

Area Control: you control every hex in sight that is not in sight of the other
team. Sight as in the cooperative game, with the other team's Units blocking it.
Buildings are built with their name tags facing their owner, so team B's arrows
point the other way (three positions turned).

Capture the Flag: a team wins when one of its Units crosses the opposite edge;
otherwise the team whose Mobile Units advanced furthest wins, compared row by
row from the furthest row: the first row where the teams have different numbers
of Units decides.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.games.anteportas.kit import Kit
from rules.games.anteportas.sight import in_sight
from rules.text import Msg, msg

TEAMS = ("A", "B")
GENERAL_RULES: tuple[Msg, ...] = (
    msg(
        "Apply all rules of the cooperative game as completely as possible; no Battle Phase, "
        "no Final Wave, no Movement or new Market cards."
    ),
    msg("Building limit: the number of base game Buildings is limited."),
    msg("Build Defensive Works with their name tags facing you."),
    msg(
        "Set your team's exhausted Soldiers upright at no cost at the start of your first turn "
        "in a Half-Year (each player individually)."
    ),
    msg("Fee: pay the other team's Stewards. Trading: the cooperative rules apply within a team."),
    msg("Indirect Fire destroys enemy Traps and Mines (regardless of Strength) on the hex."),
    msg("No player may have more than 6 Soldiers on any given hex."),
    msg("Moving a Mobile Unit may take its manning Soldier along, exhausted or not."),
    msg("Moving is exhausting: exhaust Soldiers after moving them on the Battleground."),
    msg("New Places are added by the current Starting Player."),
    msg("In enemy Traps, the active team decides which of its Units are slowed down."),
    msg(
        "Units left on the other team's Spawn Point at the end of your three turns "
        "go to the Sickbay."
    ),
    msg("The team defeated in Battle decides which Soldiers of the winning team are wounded."),
    msg("Soldier actions may be taken at any time, even on another player's turn."),
)


def team_field(
    units: dict[int, dict[str, Any]], enemy: dict[int, dict[str, Any]], turn: int, kit: Kit
) -> dict[str, Any]:
    """A cooperative-style field for one team: its Units, enemy hexes as blocking troops."""
    board = kit.board
    hexes: dict[str, dict[str, Any]] = {str(h): {"soldiers": [], "tile": None} for h in board.hexes}
    for h, s in units.items():
        side = copy.deepcopy(s)
        if side.get("tile") and side["tile"]["type"] == "building":
            side["tile"]["rotation"] = (side["tile"].get("rotation", 0) + turn) % 6
        hexes[str(h)] = side
    troops = {str(h): {"basic": 1, "elite": 0} for h in enemy}
    return {"hexes": hexes, "troops": troops}


def team_sight(
    team: str, units: dict[str, dict[int, dict[str, Any]]], spawn_points: dict[str, int], kit: Kit
) -> set[int]:
    """The hexes in sight of ``team`` (its Spawn Point, its Units, its manned Buildings)."""
    other = TEAMS[1 - TEAMS.index(team)]
    turn = 0 if team == "A" else 3
    field = team_field(units[team], units[other], turn, kit)
    return in_sight(field, kit, spawn_points[team])


def area_control(
    units: dict[str, dict[int, dict[str, Any]]], spawn_points: dict[str, int], kit: Kit
) -> dict[str, Any]:
    """Hexes each team controls and the winner (``None`` on a tie)."""
    sight = {t: team_sight(t, units, spawn_points, kit) for t in TEAMS}
    control = {
        "A": sorted(sight["A"] - sight["B"]),
        "B": sorted(sight["B"] - sight["A"]),
    }
    a, b = len(control["A"]), len(control["B"])
    winner = "A" if a > b else "B" if b > a else None
    return {"control": control, "counts": {"A": a, "B": b}, "winner": winner}


def advance(team: str, hex_id: int, kit: Kit) -> int:
    """How far (in half-hex rows) a Unit of ``team`` on ``hex_id`` has advanced."""
    levels = [kit.board.level(h) for h in kit.board.hexes]
    low, high = min(levels), max(levels)
    level = kit.board.level(hex_id)
    return level - low if team == "A" else high - level


def capture_the_flag(mobile: dict[str, list[int]], kit: Kit) -> dict[str, Any]:
    """Which team's Mobile Units advanced furthest, compared row by row."""
    rows = {t: sorted((advance(t, h, kit) for h in mobile[t]), reverse=True) for t in TEAMS}
    top = max([*rows["A"], *rows["B"], 0])
    decided_at = None
    winner = None
    for row in range(top, -1, -1):
        a, b = rows["A"].count(row), rows["B"].count(row)
        if a != b:
            winner, decided_at = ("A" if a > b else "B"), row
            break
    return {"advance": rows, "winner": winner, "decided_at_row": decided_at}
