"""Every game's shipped EXAMPLE components pass the same checks as the players' own sets.

The schema each game declares (``component_schema()``) checks its example
data, the component store saves and reloads it, the sharing format round-trips
it with its digest, and docs/components.md documents every game that has
components (issue 14, item 6).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from rules.components import component_record, digest_of
from rules.registry import all_games, editor_for
from rules.schema_editor import clear_example_flags
from ui.component_store import ComponentStore, read_file

DOC = Path(__file__).resolve().parents[2] / "docs" / "components.md"
WITH_COMPONENTS = sorted(n for n, g in all_games().items() if g.component_schema() is not None)


def test_some_games_have_components() -> None:
    assert "nomads" in WITH_COMPONENTS


@pytest.mark.parametrize("name", WITH_COMPONENTS)
def test_the_example_set_passes_the_games_schema_and_is_marked_example(name: str) -> None:
    game = all_games()[name]
    example = game.example_components()
    assert example is not None
    checked = game.component_schema().check(dict(example))
    record = component_record(name, game.component_schema(), None, example)
    assert record["example"] is True and record["digest"] == digest_of(checked)
    options = game.coerce_options({})
    assert options["components"]["example"] is True


@pytest.mark.parametrize("name", WITH_COMPONENTS)
def test_the_example_set_round_trips_through_the_store_and_the_sharing_format(
    name: str, tmp_path: Path
) -> None:
    game = all_games()[name]
    store = ComponentStore(tmp_path / "box")
    saved = store.save(name, dict(game.example_components()))
    exported = store.export(name, tmp_path)
    assert exported.digest == saved.digest == read_file(tmp_path / f"{name}.tableside.json").digest


@pytest.mark.parametrize("name", WITH_COMPONENTS)
def test_the_editor_turns_the_example_into_a_draft_and_back(name: str) -> None:
    """A set opened for correcting and saved unchanged keeps every value (only its flags)."""
    editor = editor_for(name)
    example = dict(all_games()[name].example_components())
    data = editor.schema().check(example)
    draft = editor.draft_of(data)
    assert editor.complete(draft)
    again = editor.result_of(draft)
    expected = copy.deepcopy(data)
    clear_example_flags(expected)
    expected["example"] = False
    assert again == expected


@pytest.mark.parametrize("name", WITH_COMPONENTS)
def test_docs_components_has_a_section_for_every_game(name: str) -> None:
    assert f"(`{name}`)" in DOC.read_text(encoding="utf-8")
