"""The staff board's configuration file (TOML).

An example, as ``tableside fleet hub install`` writes it::

    [broker]
    host = "127.0.0.1"          # the hub's Mosquitto
    port = 8883
    ca = "/etc/tableside/fleet/ca.crt"    # the café CA (the broker speaks only TLS)
    user = "board"
    password_file = "/etc/tableside/fleet/board.password"

    [web]
    host = "0.0.0.0"
    port = 8443
    user = "staff"
    password_file = "/etc/tableside/fleet/board-web.password"
    cert = "/etc/tableside/fleet/server.crt"   # both or neither: HTTPS
    key = "/etc/tableside/fleet/server.key"
    language = "en"                  # en, de or pt (a browser asking for another wins)
    waiting_long = 300               # seconds before a waiting table is highlighted
    silent_after = 180               # seconds without a status before a box is "not heard"

Relative paths are read from the file's folder. Passwords live in their own files (one
line, readable only by the board's service) so the configuration can be shown freely.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ui.i18n import LANGUAGES


class ConfigError(ValueError):
    """The configuration file cannot be used; the message says what to fix."""


@dataclass(frozen=True, kw_only=True)
class BoardConfig:
    """Everything the board needs to run."""

    broker_host: str = "127.0.0.1"
    broker_port: int = 8883
    broker_ca: Path | None = None
    broker_user: str = "board"
    broker_password: str = ""
    web_host: str = "0.0.0.0"
    web_port: int = 8443
    web_user: str = "staff"
    web_password: str = ""
    cert: Path | None = None
    key: Path | None = None
    language: str = "en"
    waiting_long: float = 300.0
    silent_after: float = 180.0


def _password(section: dict[str, Any], where: str, base: Path) -> str:
    if "password" in section:
        return str(section["password"])
    name = section.get("password_file")
    if not name:
        raise ConfigError(f"[{where}] needs password_file (or password)")
    path = base / str(name)
    try:
        text = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ConfigError(f"[{where}] password_file {path}: {exc.strerror}") from None
    if not text:
        raise ConfigError(f"[{where}] password_file {path} is empty")
    return text


def _path(section: dict[str, Any], key: str, base: Path) -> Path | None:
    value = section.get(key)
    return None if not value else base / str(value)


def load_config(path: Path) -> BoardConfig:
    """Read ``path``; a :class:`ConfigError` names the file and the problem."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    base = Path(path).resolve().parent
    broker = data.get("broker", {})
    web = data.get("web", {})
    try:
        config = BoardConfig(
            broker_host=str(broker.get("host", "127.0.0.1")),
            broker_port=int(broker.get("port", 8883)),
            broker_ca=_path(broker, "ca", base),
            broker_user=str(broker.get("user", "board")),
            broker_password=_password(broker, "broker", base),
            web_host=str(web.get("host", "0.0.0.0")),
            web_port=int(web.get("port", 8443)),
            web_user=str(web.get("user", "staff")),
            web_password=_password(web, "web", base),
            cert=_path(web, "cert", base),
            key=_path(web, "key", base),
            language=str(web.get("language", "en")),
            waiting_long=float(web.get("waiting_long", 300)),
            silent_after=float(web.get("silent_after", 180)),
        )
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError(f"{path}: {exc}") from None
    if config.broker_ca is None:
        raise ConfigError(f"{path}: [broker] needs ca (the café CA: the broker speaks only TLS)")
    if config.language not in LANGUAGES:
        raise ConfigError(f"{path}: language must be one of {', '.join(LANGUAGES)}")
    if (config.cert is None) != (config.key is None):
        raise ConfigError(f"{path}: [web] needs both cert and key for HTTPS, or neither")
    return config
