"""The marauder tribe's decisions as pure functions (one ``decide_*`` module per season).

Each function takes plain values (tray counts by colour, a validated control
board, a tile, the priority marker's side) and returns a
:class:`rules.decision.Decision` whose ``trace`` records every count compared,
every clockwise walk from the priority marker, every skip and fallback. The
step machine (``game.py``) and ``tableside decide`` (``situations.py``) both
call these, so play and the JSON interface can never disagree.
"""

from __future__ import annotations

from rules.games.marauders.decide_actions import action_choice, choose_best
from rules.games.marauders.decide_autumn import (
    autumn_direction,
    autumn_move,
    autumn_order,
    autumn_target,
)
from rules.games.marauders.decide_common import GAME, LINES, majority_tray
from rules.games.marauders.decide_spring import spring
from rules.games.marauders.decide_summer import summer_action, summer_overview, summer_pillar
from rules.games.marauders.decide_table import final_result, payer, priority_steps

__all__ = [
    "GAME",
    "LINES",
    "action_choice",
    "autumn_direction",
    "autumn_move",
    "autumn_order",
    "autumn_target",
    "choose_best",
    "final_result",
    "majority_tray",
    "payer",
    "priority_steps",
    "spring",
    "summer_action",
    "summer_overview",
    "summer_pillar",
]
