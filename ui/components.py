"""Which component set ``tableside decide`` uses: the situation's, else the box's own.

The rules core ships EXAMPLE component data and never reads user files.
A game started on the box gets the set kept in the component store
(:mod:`ui.component_store`, ``components/<game>.json`` in the data
directory). ``tableside decide`` does the same, so staff settling a dispute
get the decision the table's game would get: a situation that names no
``"components"`` gets the box's own set, and the command says which set it
used and its digest (on standard error, the decision stays pure JSON).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.components import COMPONENTS_OPTION, component_record
from rules.errors import RulesError, SituationError
from rules.game import Game
from ui.component_store import ComponentStore


@dataclass(frozen=True)
class Chosen:
    """The situation to decide on and a sentence saying which component set it carries."""

    situation: dict[str, Any]
    said: str | None


def with_box_components(game: Game, situation: Mapping[str, Any], store: ComponentStore) -> Chosen:
    """``situation`` with the box's own components of ``game`` added when it names none.

    A box set that cannot be used is refused (the staff must know the decision
    would not be the table's); no set on the box -> the shipped EXAMPLE set.
    """
    out = dict(situation)
    schema = game.component_schema()
    if schema is None:
        return Chosen(out, None)
    if COMPONENTS_OPTION in out:
        given = out[COMPONENTS_OPTION]
        return Chosen(out, f"components: the situation's own set ({_digest(game, given)})")
    status = store.status(game.name)
    if status.problem is not None:
        raise SituationError(
            COMPONENTS_OPTION,
            f"this box's {game.name} components cannot be used ({status.problem}); "
            "fix them (tableside components edit) or name a set in the situation",
        )
    if status.own is not None:
        out[COMPONENTS_OPTION] = status.own.data
        return Chosen(out, f"components: this box's own set ({status.own.digest})")
    return Chosen(
        out, f"components: the EXAMPLE set ({_digest(game, None)}); none entered on this box"
    )


def _digest(game: Game, given: Any) -> str:
    schema = game.component_schema()
    assert schema is not None
    try:
        record = component_record(game.name, schema, given, game.example_components())
    except RulesError:
        return "not valid"
    return str(record["digest"])
