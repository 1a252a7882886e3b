"""No module of rules/ imports, directly or round a circle, one that imports it back (issue 25)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rules_has_no_import_circles() -> None:
    spec = importlib.util.spec_from_file_location(
        "import_cycles", ROOT / "scripts/import_cycles.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        found = script.modules("rules")
        graph = {name: script.imports(name, path, set(found)) for name, path in found.items()}
    finally:
        os.chdir(here)
    assert len(found) > 100
    assert graph["rules.session"] >= {"rules.game", "rules.machine"}
    assert script.cycles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    spec = importlib.util.spec_from_file_location(
        "import_cycles", ROOT / "scripts/import_cycles.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
