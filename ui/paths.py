"""Where tableside keeps its files (the user's data and config directories).

``TABLESIDE_HOME`` overrides both (tests, kiosks with a read-only root).
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_config_path, user_data_path


def data_dir() -> Path:
    home = os.environ.get("TABLESIDE_HOME")
    path = Path(home) / "data" if home else user_data_path("tableside")
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    home = os.environ.get("TABLESIDE_HOME")
    path = Path(home) / "config" if home else user_config_path("tableside")
    path.mkdir(parents=True, exist_ok=True)
    return path


def journal_path() -> Path:
    return data_dir() / "journal.sqlite3"
