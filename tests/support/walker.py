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
from rules.game import Game
from rules.prompt import Field, Prompt
from rules.session import Session
from ui.commands.screenshots import legal_guess

#: Random answers tried per step before the walk gives up on that step.
ATTEMPTS = 60


@dataclass(frozen=True)
class Visit:
    """One step met on a walk: the prompt, the accepted answer and the decision it gave."""

    prompt: Prompt
    answer: dict[str, Any] | None
    decision: Decision | None


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
) -> Iterator[Visit]:
    """Play ``game`` for up to ``steps`` steps with random accepted answers; yield every step.

    Ends early when the game is over or no answer tried is accepted (the
    last visit then has ``answer=None``).
    """
    rng = random.Random(seed)
    session = Session(game, options or {}, seed=seed)
    for _ in range(steps):
        prompt = session.prompt()
        if prompt.finished:
            yield Visit(prompt, None, None)
            return
        for attempt in range(ATTEMPTS):
            answer = {} if attempt == 0 else random_answer(prompt, rng)
            try:
                decision = session.answer(answer)
            except RulesError:
                continue
            yield Visit(prompt, answer, decision)
            break
        else:
            yield Visit(prompt, None, None)
            return
