"""What the bot's instructions do to the trays: the seam for checking the table by camera.

After each bot step the camera can compare the trays it reads with the trays
before plus :func:`expected_change`. The change follows from the decision
alone (its ``result``), so a tool needs nothing else:

- spring: "From the chosen tray it places 1 marker into the general supply and
  1 onto an empty column": that tray loses 2;
- summer, taking back a pillar: "It places the action markers onto the
  central board, according to their colour": each tray gains its colour's
  markers (when the pillar's colours are not known, only how many arrive);
- summer, executing an action: "it returns 3 markers to the common supply from
  that tray": that tray loses 3;
- autumn: "half of the markers from the tray that showed direction go back
  into the general supply (rounded up)", and an action marker found on the map
  goes "onto the control board" into its colour's tray.

>>> from rules.games.marauders.decide_spring import spring
>>> expected_change({"kind": "spring", "result": {"outcome": "action", "side": 3,
...     "colour": "yellow", "pay": {"yellow": 2}}})
{'trays': {'3': {'yellow': -2}}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision


def expected_change(decision: Decision | Mapping[str, Any]) -> dict[str, Any]:
    """``{"trays": {side: {colour: delta}}}`` implied by a decision's instructions.

    Sides are strings (``"0"``..``"5"``, as in JSON); trays that do not change
    are left out. ``"unknown"`` (only when not 0) counts markers that arrive on
    the trays in colours the decision does not know (a pillar taken back whose
    colours were not entered yet).
    """
    if isinstance(decision, Decision):
        kind, result = decision.kind, decision.result
    else:
        kind, result = str(decision.get("kind")), dict(decision.get("result", {}))
    trays: dict[str, dict[str, int]] = {}
    unknown = 0

    def change(side: Any, colour: str, delta: int) -> None:
        if delta:
            entry = trays.setdefault(str(side), {})
            entry[colour] = entry.get(colour, 0) + delta

    outcome = result.get("outcome")
    if kind == "spring" and outcome == "action":
        for colour, n in result["pay"].items():
            change(result["side"], colour, -int(n))
    elif kind == "summer-pillar" and outcome == "pillar":
        if "colours" in result and "sides" in result:
            for colour, n in result["colours"].items():
                change(result["sides"][colour], colour, int(n))
        else:
            unknown += int(result["markers"])
    elif kind == "summer-action" and outcome == "execute":
        for colour, n in result["pay"].items():
            change(result["side"], colour, -int(n))
    elif kind == "autumn-move" and result.get("direction") is not None:
        change(result["direction"], result["colour"], -int(result["returned"]))
        marker = result.get("marker")
        if marker:
            change(marker["side"], marker["colour"], 1)
        elif result.get("priority") == "action-marker":
            unknown += 1
    out: dict[str, Any] = {"trays": trays}
    if unknown:
        out["unknown"] = unknown
    return out
