"""A box's enrolment: which hub, which box name, its password and the café CA.

The enrol file is JSON, written once by ``tableside fleet enrol`` into the
config directory (``fleet.json``, mode 0600) with the CA beside it
(``fleet-ca.crt``). Without it a box plays exactly as before: nothing of the
fleet is started.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fleet.hub.broker import DEFAULT_PORT
from fleet.mqtt import Account
from fleet.protocol import ProtocolError, check_box_name

ENROL_FILE = "fleet.json"
CA_FILE = "fleet-ca.crt"


class EnrolError(ValueError):
    """The enrol file or what the hub sent cannot be used; the message says why."""


@dataclass(frozen=True, kw_only=True)
class BoxConfig:
    """What a box needs to join its café's hub."""

    hub: str
    port: int
    box: str
    password: str
    ca: Path

    def account(self) -> Account:
        return Account(
            host=self.hub, port=self.port, user=self.box, password=self.password, ca=self.ca
        )

    def __repr__(self) -> str:  # never print the password
        return f"BoxConfig(hub={self.hub!r}, port={self.port}, box={self.box!r})"


def enrol_text(*, hub: str, port: int, box: str, password: str, ca_pem: str) -> str:
    """The enrol document the hub hands a box (JSON with the CA inside)."""
    return json.dumps(
        {"hub": hub, "port": port, "box": box, "password": password, "ca": ca_pem}, indent=1
    )


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise EnrolError(f"the enrol document has no valid {key!r}")
    return value


def write_enrolment(text: str, config_dir: Path) -> BoxConfig:
    """Check the hub's enrol document and keep it (private) in ``config_dir``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EnrolError(f"the enrol document is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise EnrolError("the enrol document is not a JSON object")
    try:
        check_box_name(_field(data, "box", str))
    except ProtocolError as exc:
        raise EnrolError(str(exc)) from None
    _field(data, "hub", str)
    _field(data, "port", int)
    _field(data, "password", str)
    ca = _field(data, "ca", str)
    if "BEGIN CERTIFICATE" not in ca:
        raise EnrolError("the enrol document's CA is not a PEM certificate")
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / CA_FILE).write_text(ca)
    target = config_dir / ENROL_FILE
    tmp = target.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(json.dumps({k: data[k] for k in ("hub", "port", "box", "password")}))
    tmp.replace(target)
    config = load(config_dir)
    assert config is not None
    return config


def load(config_dir: Path) -> BoxConfig | None:
    """The box's enrolment, or ``None`` when it has none (the box plays alone)."""
    path = config_dir / ENROL_FILE
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text())
        return BoxConfig(
            hub=_field(data, "hub", str),
            port=int(data.get("port", DEFAULT_PORT)),
            box=check_box_name(_field(data, "box", str)),
            password=_field(data, "password", str),
            ca=config_dir / CA_FILE,
        )
    except (OSError, json.JSONDecodeError, ProtocolError, ValueError) as exc:
        raise EnrolError(f"{path} cannot be used: {exc}") from None
