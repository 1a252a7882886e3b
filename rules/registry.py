"""Game modules and their component editors, by name.

Every module in :mod:`rules.games` that calls :func:`register` at import time
is found by :func:`all_games`; nothing else needs editing to add a game. A
game package's ``editor`` module (``rules/games/<game>/editor.py``) registers
the game's component editor with :func:`register_editor`; a game with
components but no editor of its own gets one built from its schema
(:mod:`rules.schema_editor`). Editors are step machines too: :func:`get_game`
finds them by their name (``marauders-components``), so the front ends and the
journal run them like a game session.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from typing import TYPE_CHECKING

from rules.errors import RulesError
from rules.game import Game

if TYPE_CHECKING:
    from rules.editor import ComponentEditor

_GAMES: dict[str, Game] = {}
_EDITORS: dict[str, ComponentEditor] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game instance to the registry (called by each game module)."""
    _GAMES[game.name] = game
    return game


def register_editor(editor: ComponentEditor) -> ComponentEditor:
    """Add a game's component editor (called by ``rules/games/<game>/editor.py``)."""
    _EDITORS[editor.game_name] = editor
    return editor


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    import rules.games as package

    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
        if info.ispkg and importlib.util.find_spec(f"{info.name}.editor") is not None:
            importlib.import_module(f"{info.name}.editor")
    _loaded = True


def all_games() -> dict[str, Game]:
    _load_all()
    return dict(sorted(_GAMES.items()))


def editor_for(game_name: str) -> ComponentEditor | None:
    """The component editor of a game (``None`` when the game has no printed components)."""
    game = all_games().get(game_name)
    if game is None or game.component_schema() is None:
        return None
    if game_name not in _EDITORS:
        from rules.schema_editor import SchemaEditor

        _EDITORS[game_name] = SchemaEditor(game)
    return _EDITORS[game_name]


def all_editors() -> dict[str, ComponentEditor]:
    """The component editors of every game that has printed components, by game name."""
    found = {name: editor_for(name) for name in all_games()}
    return {name: editor for name, editor in found.items() if editor is not None}


def get_game(name: str) -> Game:
    """A game, or a component editor by its name (``nomads-components``)."""
    games = all_games()
    if name in games:
        return games[name]
    from rules.editor import SUFFIX

    if name.endswith(SUFFIX):
        editor = editor_for(name.removesuffix(SUFFIX))
        if editor is not None:
            return editor
    known = ", ".join(games) or "none"
    raise RulesError(f"unknown game '{name}' (known games: {known})")
