"""No module imports, directly or round a circle, one that imports it back (issue 25).

rules/, vision/, hardware/ and fleet/ have none; ui/ has one left on purpose: the
"parts" painter draws each part of a composite picture with the painter of its
kind, which it looks up in ``ui.painters`` (a recursion of the design).
"""

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


def _script():
    spec = importlib.util.spec_from_file_location(
        "import_cycles", ROOT / "scripts/import_cycles.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def _circles(package: str) -> list[list[str]]:
    script = _script()
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        found = script.modules(package)
        graph = {name: script.imports(name, path, set(found)) for name, path in found.items()}
    finally:
        os.chdir(here)
    return script.cycles(graph)


def test_the_other_packages_have_only_the_composite_painter_circle() -> None:
    assert _circles("vision") == []
    assert _circles("hardware") == []
    assert _circles("fleet") == []
    assert _circles("ui") == [["ui.painters", "ui.painters.parts"]]


def test_an_import_only_for_type_checking_ties_nothing(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nimport pkg.a\n"
        "if TYPE_CHECKING:\n    from pkg.b import B\n"
    )
    assert _script().imports("pkg.m", module, {"pkg.a", "pkg.b", "pkg.m"}) == {"pkg.a"}
