"""Load one of the repository's ``scripts/`` files as a module, to test its functions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parents[2]


def load_script(relative: str) -> ModuleType:
    """``scripts/<relative>`` (e.g. ``vision/combine_counters.py``) as a fresh module."""
    path = ROOT / "scripts" / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
