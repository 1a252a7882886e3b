"""The state digest both boxes compute, so an adopted game can be shown to be the same game."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any


def state_digest(state: Mapping[str, Any]) -> str:
    """SHA-256 (hex, 32 characters) of the state as canonical JSON."""
    blob = json.dumps(dict(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]
