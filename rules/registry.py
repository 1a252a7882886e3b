"""Game modules by name.

Every module in :mod:`rules.games` that calls :func:`register` at import time
is found by :func:`all_games`; nothing else needs editing to add a game.
"""

from __future__ import annotations

import importlib
import pkgutil

from rules.errors import RulesError
from rules.game import Game

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game instance to the registry (called by each game module)."""
    _GAMES[game.name] = game
    return game


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    import rules.games as package

    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
    _loaded = True


def all_games() -> dict[str, Game]:
    _load_all()
    return dict(sorted(_GAMES.items()))


def get_game(name: str) -> Game:
    games = all_games()
    if name not in games:
        known = ", ".join(games) or "none"
        raise RulesError(f"unknown game '{name}' (known games: {known})")
    return games[name]
