"""Each tray the follower was sure of but wrong, with the change that made it so.

Reads a ``TABLESIDE_FOLLOW_DEBUG`` file of ``tableside bench follow`` (dev games only: held-out
games are not looked at one by one) and prints one event per run of identical sure-but-wrong
readings of one tray, with the evidence line of the change that made it. The bench writes a
still moment's sure-but-wrong lines *before* that change's evidence lines, so the change is
the first evidence line of the same game and tray after the event. How issue 28's twelfth
round found its cases::

    TABLESIDE_FOLLOW_SEEDS=dev:32 TABLESIDE_FOLLOW_AFTER_ONLY=1 TABLESIDE_FOLLOW_JOBS=2 \\
    TABLESIDE_FOLLOW_CACHE=/tmp/fd/cache TABLESIDE_FOLLOW_DEBUG=/tmp/fd/ev.jsonl \\
        ./run bench follow
    .venv/bin/python scripts/vision/follow_sure_wrong.py /tmp/fd/ev.jsonl [stacked]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

KEEP = (
    "at",
    "delta",
    "stacked",
    "sure",
    "why",
    "expected",
    "measured",
    "old",
    "followed",
    "stack_by",
    "why_flat",
    "agreed",
    "guard",
    "guard_before",
    "heat_stack",
    "heat_counts",
    "heat_check",
    "over_cubes",
    "stack_limit",
    "p_followed",
    "counter",
    "faint",
    "shown_by",
)
"""The evidence fields printed for the change behind an event."""


def events(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Runs of identical sure-but-wrong readings of one tray, each with its first line's
    index (``i``), its length (``n``) and its tray conditions (``conds``)."""
    out: list[dict[str, Any]] = []
    current: dict[tuple[int, str], tuple[str, dict[str, Any]]] = {}
    for i, line in enumerate(lines):
        if "sure_wrong" not in line:
            continue
        key = (line["seed"], line["sure_wrong"])
        sig = json.dumps([line["shown"], line["truth"]], sort_keys=True)
        if key in current and current[key][0] == sig:
            current[key][1]["n"] += 1
            current[key][1]["conds"].add(line["tray"])
            continue
        event = {**line, "n": 1, "conds": {line["tray"]}, "i": i}
        current[key] = (sig, event)
        out.append(event)
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    with open(argv[0], encoding="utf-8") as debug:
        lines = [json.loads(raw) for raw in debug]
    only = argv[1] if len(argv) > 1 else None
    found = events(lines)
    readings = Counter(line["tray"] for line in lines if "sure_wrong" in line)
    print(f"sure-but-wrong readings by tray condition: {dict(readings)}; events {len(found)}")
    for event in found:
        if only and only not in event["conds"]:
            continue
        seed, side = event["seed"], event["sure_wrong"]
        print(
            f"\n== game {seed} tray {side}: {event['n']} reading(s), {sorted(event['conds'])}, "
            f"{event['light']} light, {event['tilt']}, camera {event['camera']}"
        )
        shown = {c: n for c, n in event["shown"].items() if n}
        truth = {c: n for c, n in event["truth"].items() if n}
        print(f"   shown {shown}, truth {truth}")
        after = next(
            (x for x in lines[event["i"] :] if x.get("seed") == seed and x.get("side") == side),
            None,
        )
        if after is not None:
            print("   change:", json.dumps({k: after[k] for k in KEEP if k in after}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
