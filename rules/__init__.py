"""tableside's shared rules core: pure, deterministic, standard library only.

A game is a *step machine*: :meth:`rules.game.Game.prompt` says what the table
must do or tell now, :meth:`rules.game.Game.advance` takes the players' answer
and returns the next state plus the bot's :class:`rules.decision.Decision`.
A :class:`rules.session.Session` replays an append-only event log through it,
so undo, redo and crash recovery are all the same operation: replay.
"""

from rules.decision import Decision, TraceStep
from rules.errors import IllegalInput, RulesError, SituationError
from rules.game import Game
from rules.prompt import Choice, Field, Prompt
from rules.registry import all_games, get_game
from rules.session import Session
from rules.text import Msg, msg

__all__ = [
    "Choice",
    "Decision",
    "Field",
    "Game",
    "IllegalInput",
    "Msg",
    "Prompt",
    "RulesError",
    "Session",
    "SituationError",
    "TraceStep",
    "all_games",
    "get_game",
    "msg",
]
