"""Targi — action tiles: the assistant referees the 8 action tiles (2 players)."""

from rules.games.targi.game import TargiGame
from rules.registry import register

GAME = register(TargiGame())

__all__ = ["GAME", "TargiGame"]
