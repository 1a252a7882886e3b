"""How much the table must answer: steps, fields shown, values changed from the defaults.

Plays each game's scripted table (:mod:`ui.benchmarks.tables`) through a real
:class:`rules.session.Session` and counts, per game:

- **steps** confirmed, and how many of them needed no answer at all (CONFIRM alone);
- **bot steps** (steps whose prompt shows the bot's decision) and how many of
  those were confirmed with CONFIRM alone (target: all of them when the table
  did what the bot said);
- **fields shown** on all steps;
- **answers**: values the table had to set because the screen's default was
  not what happened (a field without a default always counts).

The counts are figures, not verdicts: a game that asks less is better, as
long as it still asks everything it cannot know.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any

from rules.errors import RulesError
from rules.registry import get_game
from rules.session import Session
from ui.benchmarks.offered import check_offered
from ui.commands.bench import Figure

NAME = "answers"
DESCRIPTION = "answers the table gives per game (scripted games): steps, fields, changed values"


def tables() -> dict[str, ModuleType]:
    import ui.benchmarks.tables as package

    found = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        found[module.GAME] = module
    return found


def play(module: ModuleType, options: dict[str, Any] | None = None) -> dict[str, int]:
    """Play one scripted game (with its ``OPTIONS``, or ``options``); return its counts."""
    game = get_game(module.GAME)
    session = Session(game, module.OPTIONS if options is None else options, seed=module.SEED)
    table = module.Table()
    counts = {
        "steps": 0,
        "confirm_only": 0,
        "bot_steps": 0,
        "bot_confirm_only": 0,
        "fields": 0,
        "answers": 0,
    }
    for _ in range(module.STEPS):
        prompt = session.prompt()
        if prompt.finished:
            break
        values: dict[str, Any] = table.answer(prompt, session.state)
        check_offered(module.GAME, counts["steps"] + 1, prompt, values)
        changed = [f for f in prompt.fields if f.key in values and values[f.key] != f.default] + [
            f for f in prompt.fields if f.key not in values and f.default is None
        ]
        try:
            decision = session.answer(values)
        except RulesError as exc:
            raise RuntimeError(
                f"{module.GAME}: the scripted table's answer at step {counts['steps'] + 1} "
                f"({prompt.step}) was refused: {exc}"
            ) from exc
        observe = getattr(table, "observe", None)
        if observe is not None:  # the table follows what the bot just said
            observe(prompt, values, decision)
        counts["steps"] += 1
        counts["fields"] += len(prompt.fields)
        counts["answers"] += len(changed)
        counts["confirm_only"] += not changed
        if prompt.decision is not None:
            counts["bot_steps"] += 1
            counts["bot_confirm_only"] += not changed
    return counts


def run(quick: bool) -> list[Figure]:
    figures = []
    for name, module in tables().items():
        # The default options first, then a table's VARIANTS (other set-up options).
        played = {name: play(module)}
        for label, options in getattr(module, "VARIANTS", {}).items():
            played[f"{name} ({label})"] = play(module, options)
        for title, counts in played.items():
            for key, value in counts.items():
                figures.append(
                    Figure(name=f"{title}: {key.replace('_', ' ')}", value=value, unit="")
                )
    return figures
