"""Walk any game step by step with random legal answers, as a table of careless players would.

:func:`walk` starts a game with its default set-up and answers every prompt
the way the front ends can: first CONFIRM alone (the defaults), then random
values drawn from the fields themselves (a choice among the offered ones, a
count within the bounds, ...) until the rules accept one. It yields every
prompt it met, so tests can check properties of *every* step of *every*
game (which steps are secret, that no step asks for typed text, that no
internal id reaches a screen) without a script per game.

Only :class:`rules.errors.RulesError` may refuse an answer; any other
exception is a bug and propagates.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.decision import Decision
from rules.errors import RulesError
from rules.game import Game, State
from rules.prompt import Field, Prompt
from rules.session import Session
from ui.commands.screenshots import legal_guess

#: Random answers tried per step before the walk gives up on that step.
ATTEMPTS = 60


@dataclass(frozen=True)
class Visit:
    """One step met on a walk: the prompt, the accepted answer and the decision it gave.

    ``refusals`` are the errors the rules raised for the answers tried before
    (what the players would have read on the screen); ``state`` is the game
    state the prompt was drawn from (kept only when the walk is asked to).
    """

    prompt: Prompt
    answer: dict[str, Any] | None
    decision: Decision | None
    refusals: tuple[RulesError, ...] = ()
    state: State | None = None


def random_value(field: Field, rng: random.Random) -> Any:
    """A value for ``field`` as a player could give it on the touchscreen.

    The very drawing ``tableside screenshots`` answers refused steps with."""
    return legal_guess(field, rng)


def random_answer(prompt: Prompt, rng: random.Random, keep_defaults: float = 0.6) -> dict[str, Any]:
    """An answer that keeps some defaults and draws the other values at random."""
    answer: dict[str, Any] = {}
    for field in prompt.fields:
        if field.default is not None and rng.random() < keep_defaults:
            continue
        answer[field.key] = random_value(field, rng)
    return answer


def walk(
    game: Game,
    seed: int,
    steps: int = 300,
    options: Mapping[str, Any] | None = None,
    careless: bool = False,
    states: bool = False,
) -> Iterator[Visit]:
    """Play ``game`` for up to ``steps`` steps with random accepted answers; yield every step.

    Each step is first answered with the defaults, then at random;
    ``careless`` players first try a random answer, then the defaults (more
    refusals met, and the game still goes on); with ``states`` each visit
    keeps the state its prompt came from. Ends early when the game is over
    or no answer tried is accepted (the last visit then has ``answer=None``).
    """
    rng = random.Random(seed)
    session = Session(game, options or {}, seed=seed)
    for _ in range(steps):
        prompt = session.prompt()
        state = session.state if states else None
        if prompt.finished:
            yield Visit(prompt, None, None, state=state)
            return
        refusals: list[RulesError] = []
        for attempt in range(ATTEMPTS):
            defaults_at = 1 if careless else 0
            answer = {} if attempt == defaults_at else random_answer(prompt, rng)
            try:
                decision = session.answer(answer)
            except RulesError as refused:
                refusals.append(refused)
                continue
            yield Visit(prompt, answer, decision, tuple(refusals), state)
            break
        else:
            yield Visit(prompt, None, None, tuple(refusals), state)
            return
