"""Printed components as part of a game's state.

The rule texts do not print what is on the tiles and cards (which symbols a
marauder tile shows, what a nomad card shows, the battleground layout), so
that is data the players enter once. The set a game is played with is
chosen at set-up and copied into the game's options as a *record*::

    {"game": "marauders", "digest": "3f2a...", "example": false, "data": {...}}

The journal stores the options with the game, so replaying a saved game uses
exactly the set it was played with, whatever is configured today; the digest
lets a front end warn when the players' current catalogue differs. Game code
reads components only from its state (``state["components"]["data"]``),
never from a module-level cache.

The front end passes the players' data (or nothing: the game's EXAMPLE set
is used and marked ``"example": true``, which the screens show).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from rules.errors import SituationError
from rules.schema import Spec

#: The set-up option that carries the component record.
COMPONENTS_OPTION = "components"


def digest_of(data: Mapping[str, Any]) -> str:
    """A stable digest of component data (canonical JSON, SHA-256, 16 hex digits)."""
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def is_record(given: Any) -> bool:
    """Whether ``given`` is a record :func:`component_record` made (options stored by a
    journal carry one), not plain component data from the players' catalogue."""
    return isinstance(given, Mapping) and "data" in given and "digest" in given


def component_record(
    game: str,
    schema: Spec,
    given: Any,
    example: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """The record kept in the options: checked data, its digest and whether it is example data.

    ``given`` is either ``None`` (use the example), a record made earlier (a
    journal being replayed: it is checked again, its digest must match), or
    plain component data from the players' catalogue.
    """
    if given is None:
        if example is None:
            raise SituationError(COMPONENTS_OPTION, f"{game} needs its component data")
        data = schema.check(dict(example), COMPONENTS_OPTION)
        return {"game": game, "digest": digest_of(data), "example": True, "data": data}
    if not isinstance(given, Mapping):
        raise SituationError(COMPONENTS_OPTION, "must be an object")
    if is_record(given):
        data = schema.check(given["data"], f"{COMPONENTS_OPTION}.data")
        if digest_of(data) != given["digest"]:
            raise SituationError(
                f"{COMPONENTS_OPTION}.digest", "does not match the data (the record was changed)"
            )
        return {
            "game": game,
            "digest": given["digest"],
            "example": bool(given.get("example", False)),
            "data": data,
        }
    data = schema.check(dict(given), COMPONENTS_OPTION)
    example_flag = bool(data.get("example", False)) if isinstance(data, dict) else False
    return {"game": game, "digest": digest_of(data), "example": example_flag, "data": data}


def components_of(state: Mapping[str, Any]) -> Mapping[str, Any]:
    """The component data a game state was set up with."""
    record = state.get(COMPONENTS_OPTION)
    if not isinstance(record, Mapping) or "data" not in record:
        raise SituationError(COMPONENTS_OPTION, "this game state carries no component data")
    data: Mapping[str, Any] = record["data"]
    return data
