"""Endless Winter: Paleoamericans, solo against the Nomads (game module ``nomads``).

The assistant runs the Nomads' whole turn from the solo rules: the nomad deck,
the action column, the decision arrows, every action and its substitutes,
their eclipse and their final score. See docs/nomads.md.
"""

from rules.games.nomads.game import NomadsGame
from rules.registry import register

GAME = register(NomadsGame())

__all__ = ["GAME", "NomadsGame"]
