"""The rules core stays pure: standard library only, no I/O modules but the journal's."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"
#: Modules that reach the outside world; only the journal may use them.
IO_MODULES = {"os", "sqlite3", "shutil", "socket", "subprocess", "urllib", "http", "pathlib"}
JOURNAL = RULES / "journal"  # the package rules/journal/


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_rules_imports_only_the_standard_library_and_itself() -> None:
    offenders = {
        str(path.relative_to(RULES)): sorted(
            name
            for name in imports(path)
            if name != "rules" and name not in sys.stdlib_module_names
        )
        for path in RULES.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_the_journal_does_io() -> None:
    offenders = {
        str(path.relative_to(RULES)): sorted(imports(path) & IO_MODULES)
        for path in RULES.rglob("*.py")
        if JOURNAL not in path.parents
    }
    assert {k: v for k, v in offenders.items() if v} == {}
