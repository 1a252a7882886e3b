"""Players' own printed-component data, read from files named in the environment.

The rules core ships EXAMPLE component data and never reads user files
itself. Until the component store (issue 14) replaces it, a file named in
the environment is read here when a game starts and handed to the game as
its ``"components"`` set-up option, which the game checks and keeps in its
state (:mod:`rules.components`); ``tableside decide`` puts it into a
situation that names no components of its own.

``TABLESIDE_MARAUDERS_COMPONENTS=/path/components.json`` replaces the Marauders
control board, tiles and pricing tile (schema in docs/marauders.md).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from rules.components import COMPONENTS_OPTION
from rules.errors import SituationError

MARAUDERS_ENV = "TABLESIDE_MARAUDERS_COMPONENTS"
#: The environment variable naming each game's component file.
ENVIRONMENT = {"marauders": MARAUDERS_ENV}


def user_components(game: str, env: Mapping[str, str] | None = None) -> Any | None:
    """The content of the game's component file named in the environment, or ``None``.

    Clear errors name the variable; the content is checked by the game when it is used.
    """
    env = os.environ if env is None else env
    variable = ENVIRONMENT.get(game)
    path = env.get(variable) if variable else None
    if not path:
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as exc:
        raise SituationError(variable or "", f"cannot read {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise SituationError(
            variable or "", f"{path} is not valid JSON ({exc.msg}, line {exc.lineno})"
        ) from exc


def with_user_components(
    game: str, values: Mapping[str, Any], env: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """``values`` (set-up options or a situation) with the players' components added.

    Values that already carry components keep theirs (a journal being resumed,
    a situation with its own set).
    """
    out = dict(values)
    if COMPONENTS_OPTION not in out:
        data = user_components(game, env)
        if data is not None:
            out[COMPONENTS_OPTION] = data
    return out
