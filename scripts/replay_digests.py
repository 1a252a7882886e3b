"""Digest every state of the scripted games of ``tableside bench answers``.

Plays each game's scripted table (:mod:`ui.benchmarks.tables`) through a real
:class:`rules.session.Session`, then replays the recorded events into a fresh
session (as the journal does on resume), and prints one line per step::

    game step-index prompt-step sha256(state) sha256(decision)

Save the output before changing the rules core and compare it after: equal
lines mean old journals replay to the same states and the same decisions.

    uv run --locked python scripts/replay_digests.py > before.txt
    ... change rules/ ...
    uv run --locked python scripts/replay_digests.py | diff before.txt -
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping
from typing import Any

from rules.registry import get_game
from rules.session import Session
from ui.benchmarks.answers import tables


def digest(value: Any) -> str:
    blob = json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def plain(state: Mapping[str, Any]) -> Any:
    """The state as plain JSON data (whatever read-only view the session hands out)."""
    return json.loads(json.dumps(state, default=lambda v: dict(v) if isinstance(v, Mapping) else v))


def lines_for(module: Any) -> list[str]:
    game = get_game(module.GAME)
    session = Session(game, module.OPTIONS, seed=module.SEED)
    table = module.Table()
    for _ in range(module.STEPS):
        prompt = session.prompt()
        if prompt.finished:
            break
        values = table.answer(prompt, session.state)
        decision = session.answer(values)
        observe = getattr(table, "observe", None)
        if observe is not None:
            observe(prompt, values, decision)
    # Replay the journal's events into a fresh session, as a resumed game does.
    replayed = Session(game, module.OPTIONS, seed=module.SEED, events=session.events)
    assert replayed.replay_problem is None, replayed.replay_problem
    out = []
    history = replayed.history
    for index in range(replayed.step_count + 1):
        state = replayed.state_at(index)
        entry = history[index - 1] if index else None
        decision = entry.decision.to_json() if entry and entry.decision else None
        step = entry.step if entry else "-"
        out.append(f"{module.GAME} {index} {step} {digest(plain(state))} {digest(decision)}")
    final = replayed.prompt()
    out.append(f"{module.GAME} prompt {final.step} finished={final.finished}")
    return out


def main() -> int:
    for module in tables().values():
        for line in lines_for(module):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
