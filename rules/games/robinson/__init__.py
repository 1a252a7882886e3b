"""Robinson Crusoe versus rules: the assistant referees competitive scenarios (2-4 players)."""

from rules.games.robinson.game import RobinsonGame
from rules.registry import register

GAME = register(RobinsonGame())

__all__ = ["GAME", "RobinsonGame"]
