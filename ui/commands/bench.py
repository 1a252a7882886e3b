"""``tableside bench [NAME ...]``: measure and print figures (speed, memory, accuracy).

Benchmarks are modules in :mod:`ui.benchmarks`. Each defines ``NAME``,
``DESCRIPTION`` and ``run(quick: bool) -> list[Figure]``. Figures carry their
target so the output says at a glance whether a target is met; nothing here
fails a test run, because timings on shared machines are figures, not verdicts.
A module whose ``run`` also takes ``params`` gets the ``--set NAME=NUMBER``
values (sizes, counts, durations), e.g. ``tableside bench journal --quick
--set race_seconds=600``.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import pkgutil
import sys
from dataclasses import asdict, dataclass
from types import ModuleType

from ui.cli import UserError


@dataclass(frozen=True)
class Figure:
    """One measured figure, e.g. ``Figure("spring decision", 0.21, "ms", "< 1 ms", True)``."""

    name: str
    value: float
    unit: str
    target: str = ""
    met: bool | None = None
    #: A line of text printed under the figure (e.g. the message a player saw).
    note: str = ""


def benchmarks() -> dict[str, ModuleType]:
    import ui.benchmarks as package

    found = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        if hasattr(module, "run"):
            found[module.NAME] = module
    return found


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("bench", help="run benchmarks and print figures")
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--json", action="store_true", help="print figures as JSON")
    parser.add_argument("--list", action="store_true", help="list the benchmarks")
    parser.add_argument(
        "--games", type=int, metavar="N", help="games to play (benchmarks that play games)"
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=NUMBER",
        help="a size or count for benchmarks that take them (e.g. kills=1000)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    found = benchmarks()
    if args.list:
        for name, module in found.items():
            print(f"{name:16} {module.DESCRIPTION}")
        return 0
    unknown = [n for n in args.names if n not in found]
    if unknown:
        raise UserError(f"unknown benchmark {unknown[0]} (known: {', '.join(found)})")
    params = _params(args.set)
    results: dict[str, list[dict]] = {}
    for name in args.names or list(found):
        module = found[name]
        print(f"== {name}: {module.DESCRIPTION}", file=sys.stderr, flush=True)
        wants = inspect.signature(module.run).parameters
        if args.games is not None and args.games < 1:
            raise UserError("--games needs a number of games of 1 or more")
        extra: dict[str, object] = {}
        if "games" in wants and args.games:
            extra["games"] = args.games
        if "params" in wants:
            extra["params"] = params
        figures = module.run(args.quick, **extra)
        results[name] = [asdict(f) for f in figures]
        if not args.json:
            for f in figures:
                verdict = "" if f.met is None else ("  ok" if f.met else "  MISSED")
                target = f"  (target {f.target})" if f.target else ""
                print(f"  {f.name:44} {f.value:12.3f} {f.unit:6}{target}{verdict}")
                for line in f.note.splitlines():
                    print(f"      {line}")
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    return 0


def _params(pairs: list[str]) -> dict[str, float]:
    params: dict[str, float] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        try:
            params[name.strip()] = float(value)
        except ValueError:
            raise UserError(f"--set wants NAME=NUMBER, not {pair!r}") from None
    return params
