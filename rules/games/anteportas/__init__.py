"""The Colonists: Ante Portas — the assistant runs the Raiders or Dragons and every Battle.

Modules: ``board`` (Battleground data), ``units`` (Strengths), ``battle`` (Resolving
Battle), ``cards`` / ``physical`` (Movement cards), ``movement`` (moving a troop,
Special Powers), ``effects`` (fire, Shoot, Bombs), ``sight`` (line of sight),
``table`` (the players' changes and Soldier actions), ``schedule`` (spawns),
``prompts`` (what each stage asks), ``game`` (the step machine), ``scene`` (the
board picture), ``decisions`` (``tableside decide``), ``versus``/``referee``
(the confrontational variants).
"""

from rules.games.anteportas.game import AntePortas
from rules.registry import register

register(AntePortas())
