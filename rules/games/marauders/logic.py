"""The marauder tribe's decisions as pure functions (one ``decide_*`` module per season).

Each function takes plain values (tray counts by colour, a checked control
board, a tile, the priority marker's side) and returns a
:class:`rules.decision.Decision` whose ``trace`` records every count compared,
every clockwise walk from the priority marker, every skip and fallback, with
the step that decided marked. The step machine (``steps_*``) and
``tableside decide`` (``situations.py``) both call these, so play and the
JSON interface cannot disagree.
"""

from __future__ import annotations

from rules.games.marauders.decide_actions import action_choice, choose_best
from rules.games.marauders.decide_autumn import (
    activation_key,
    autumn_direction,
    autumn_move,
    autumn_order,
    autumn_target,
    beside_megalith,
)
from rules.games.marauders.decide_common import GAME, majority_tray
from rules.games.marauders.decide_spring import spring
from rules.games.marauders.decide_summer import (
    summer_action,
    summer_overview,
    summer_pillar,
    summer_walk,
)
from rules.games.marauders.decide_table import (
    final_result,
    marker_after,
    payer,
    payer_of,
    priority_steps,
)
from rules.games.marauders.expected import expected_change

__all__ = [
    "GAME",
    "action_choice",
    "activation_key",
    "autumn_direction",
    "autumn_move",
    "autumn_order",
    "autumn_target",
    "beside_megalith",
    "choose_best",
    "expected_change",
    "final_result",
    "majority_tray",
    "marker_after",
    "payer",
    "payer_of",
    "priority_steps",
    "spring",
    "summer_action",
    "summer_overview",
    "summer_pillar",
    "summer_walk",
]
