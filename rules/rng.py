"""Seeded randomness kept in the game state.

The state holds ``{"rng": {"seed": S, "draws": N}}``. Each draw derives a
fresh :class:`random.Random` from ``(S, N)`` and bumps ``N``, so replaying the
same journal gives the identical shuffle on every machine and Python version
(string seeds go through SHA-512, which ``random`` keeps stable).
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

T = TypeVar("T")


def rng_state(seed: int) -> dict[str, int]:
    return {"seed": int(seed), "draws": 0}


def _next_random(state: dict[str, Any]) -> random.Random:
    rng = state["rng"]
    generator = random.Random(f"tableside/{rng['seed']}/{rng['draws']}")
    rng["draws"] += 1
    return generator


def shuffled(state: dict[str, Any], items: list[T]) -> list[T]:
    """Return a shuffled copy of ``items``; advances the state's draw counter."""
    copy = list(items)
    _next_random(state).shuffle(copy)
    return copy


def randbelow(state: dict[str, Any], n: int) -> int:
    """A whole number in ``range(n)``; advances the state's draw counter."""
    return _next_random(state).randrange(n)
