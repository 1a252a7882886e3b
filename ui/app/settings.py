"""The app's settings: language, preferred difficulty, pin map, kiosk options, voice.

Stored as JSON in the user's config directory (``settings.json``); unknown or
broken values fall back to the defaults so a damaged file never stops the kiosk.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from ui.i18n import DEFAULT_LANGUAGE, LANGUAGES

ROTATIONS = (0, 90, 180, 270)


#: The volumes the settings screen offers (percent).
VOICE_VOLUMES = (25, 50, 75, 100)


@dataclass(frozen=True)
class Settings:
    """What the players or café staff choose on the settings screen."""

    language: str = DEFAULT_LANGUAGE
    #: Prefills a game's set-up field named ``difficulty`` when it has this value.
    difficulty: str = ""
    #: TOML pin map for the buttons and LEDs ("" = the hardware package's defaults).
    pin_map: str = ""
    #: Kiosk: screen rotation in degrees and whether the mouse cursor is shown.
    rotation: int = 0
    show_cursor: bool = False
    #: Hands-free voice (ui/voice.py): speak the bot's action and instructions; volume 0-100.
    voice: bool = False
    voice_volume: int = 75  # one of VOICE_VOLUMES, so the settings screen lights its button

    def checked(self) -> Settings:
        """A copy with every out-of-range value replaced by its default."""
        default = Settings()
        return replace(
            self,
            language=self.language if self.language in LANGUAGES else default.language,
            difficulty=str(self.difficulty),
            pin_map=str(self.pin_map),
            rotation=self.rotation if self.rotation in ROTATIONS else default.rotation,
            show_cursor=bool(self.show_cursor),
            voice=bool(self.voice),
            voice_volume=self.voice_volume
            if isinstance(self.voice_volume, int) and 0 <= self.voice_volume <= 100
            else default.voice_volume,
        )


def load_settings(path: Path) -> Settings:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {k: v for k, v in data.items() if k in known}
    try:
        return Settings(**values).checked()
    except TypeError:
        return Settings()


def save_settings(path: Path, settings: Settings) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(settings), indent=2), "utf-8")
    tmp.replace(path)
