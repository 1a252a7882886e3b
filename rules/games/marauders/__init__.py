"""Prehistory — Marauders mode: the assistant plays the marauder tribe (1-3 players).

Modules: ``model`` (vocabulary, clockwise walks), ``catalogue`` (printed
component data and its validation), ``logic`` (the pure decisions with
traces; one ``decide_*`` module per season), ``situations`` (``tableside
decide`` input), ``parsing`` (typed answers), ``game`` (the step machine, one
``steps_*`` mixin per season), ``scene`` (board picture, status).
"""

from rules.games.marauders.game import Marauders
from rules.registry import register

GAME = register(Marauders())

__all__ = ["GAME", "Marauders"]
