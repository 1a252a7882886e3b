"""The docstring examples of ``rules/`` run as tests (issue 25): an example that lies fails here."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import rules


def _modules() -> list[ModuleType]:
    names = [rules.__name__] + [
        info.name for info in pkgutil.walk_packages(rules.__path__, prefix="rules.")
    ]
    return [importlib.import_module(name) for name in sorted(names)]


def _with_examples() -> list[ModuleType]:
    finder = doctest.DocTestFinder()
    return [m for m in _modules() if any(t.examples for t in finder.find(m))]


def test_the_rules_core_has_docstring_examples() -> None:
    assert len(_with_examples()) >= 5


@pytest.mark.parametrize("module", _with_examples(), ids=lambda m: m.__name__)
def test_docstring_examples_hold(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} example(s) of {module.__name__} failed"
    assert result.attempted > 0
