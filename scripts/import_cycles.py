"""List the import circles among the modules of a package (default: ``rules``).

Walks every module's AST (imports inside functions count too: they still tie
the modules together; imports under ``if TYPE_CHECKING:`` do not, as they never
run: they name a type only) and prints each strongly connected group of two or more
modules, or "no import circles".

    uv run --locked python scripts/import_cycles.py [package]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path


def modules(package: str) -> dict[str, Path]:
    root = Path(package.replace(".", "/"))
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    out = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text("utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base]) if base else ".".join(up)
            # ``from pkg import module`` depends on the module, not on pkg's __init__.
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        for target in targets:
            if target in known and target != name:
                out.add(target)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of size > 1 (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main(argv: list[str]) -> int:
    package = argv[0] if argv else "rules"
    found = modules(package)
    graph = {name: imports(name, path, set(found)) for name, path in found.items()}
    groups = cycles(graph)
    for group in groups:
        print("circle:", " <-> ".join(group))
    if not groups:
        print("no import circles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
