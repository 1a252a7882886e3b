"""Where tableside keeps its files (the user's data and config directories, the pin map).

``TABLESIDE_HOME`` overrides both (tests, kiosks with a read-only root).
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from platformdirs import user_config_path, user_data_path

from hardware.config import PIN_MAP_FILENAME

log = logging.getLogger(__name__)


def data_dir() -> Path:
    home = os.environ.get("TABLESIDE_HOME")
    path = Path(home) / "data" if home else user_data_path("tableside")
    path.mkdir(parents=True, exist_ok=True)
    return path


#: The camera's calibration, in the data directory unless a command names another file.
CALIBRATION_FILE = "vision-calibration.json"


def default_calibration() -> Path:
    """Where ``tableside vision calibrate`` and the Camera screen keep the calibration."""
    return data_dir() / CALIBRATION_FILE


def config_dir() -> Path:
    home = os.environ.get("TABLESIDE_HOME")
    path = Path(home) / "config" if home else user_config_path("tableside")
    path.mkdir(parents=True, exist_ok=True)
    return path


def journal_path() -> Path:
    return data_dir() / "journal.sqlite3"


#: A pin map is a few hundred bytes; anything larger is not one (e.g. /dev/zero).
PIN_MAP_MAX_BYTES = 64 * 1024


def _special(path: Path) -> str | None:
    """Why ``path`` must not be read as a pin map (a FIFO would block, a device never ends)."""
    try:
        info = path.stat()
    except OSError:
        return None  # missing or unreadable: the pin map loader says so itself
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > PIN_MAP_MAX_BYTES:
        return f"larger than {PIN_MAP_MAX_BYTES // 1024} KiB"
    return None


def pin_map_choices() -> list[Path]:
    """The pin map files the kiosk's Settings offer: ``*.toml`` in the config directory."""
    return sorted(p for p in config_dir().glob("*.toml") if p.is_file() and _special(p) is None)


def pin_map_to_load(setting: str, kiosk: bool = False) -> Path | None:
    """The pin map file the app loads: the setting, else the installer's ``pins.toml``, else none.

    In kiosk mode the setting must be one of :func:`pin_map_choices` (nothing
    can be typed there); a path that is not a small regular file is never
    read, so a FIFO or a device cannot hang or bloat the app.
    """
    if setting:
        chosen = Path(setting).expanduser()
        why = "not offered in kiosk mode" if kiosk and chosen not in pin_map_choices() else None
        why = why or _special(chosen)
        if why is None:
            return chosen
        log.warning("pin map %s ignored: %s", chosen, why)
    installed = config_dir() / PIN_MAP_FILENAME
    return installed if installed.is_file() and _special(installed) is None else None
