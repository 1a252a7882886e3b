"""Players' own printed-component data, read from files named in the environment.

The rules core ships EXAMPLE component data and never reads user files itself;
this module reads them and hands the content to the game modules.

``TABLESIDE_MARAUDERS_COMPONENTS=/path/components.json`` replaces the Marauders
control board, tiles and pricing tile (schema in docs/marauders.md).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from rules.errors import SituationError

MARAUDERS_ENV = "TABLESIDE_MARAUDERS_COMPONENTS"


def load_user_components(env: Mapping[str, str] | None = None) -> None:
    """Read every component file named in the environment; clear errors name the variable."""
    env = os.environ if env is None else env
    from rules.games.marauders import catalogue

    path = env.get(MARAUDERS_ENV)
    if not path:
        catalogue.use_components(None)
        return
    try:
        with open(path, encoding="utf-8") as handle:
            raw = json.load(handle)
    except OSError as exc:
        raise SituationError(MARAUDERS_ENV, f"cannot read {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise SituationError(
            MARAUDERS_ENV, f"{path} is not valid JSON ({exc.msg}, line {exc.lineno})"
        ) from exc
    catalogue.use_components(raw, MARAUDERS_ENV)
