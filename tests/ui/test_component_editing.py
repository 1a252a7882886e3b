"""The players' components through the service: drafts, saving, learning in play, USB sticks.

Real SQLite journals and real files in tmp_path; the "USB stick" is a folder
the mount table (or ``TABLESIDE_USB_ROOTS``) names, since mounting is the
udev rule's job (systemd/99-tableside-usb.rules).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from rules.editor import SAVE
from rules.errors import IllegalInput
from rules.registry import register
from tests.support.tile_game import TileGame, ensure_registered
from ui.cli import main
from ui.component_status import action, describe, lines
from ui.component_store import ComponentStore
from ui.service import TableService
from ui.usb import Stick, component_files, sticks

OWN = {"tiles": {"T1": "blue", "T2": "green", "T3": "red"}}


class LearningTileGame(TileGame):
    """The tile game, where each revealed tile is also entered by the players (learned)."""

    name = "learning-tiles"
    title = "Learning tiles (test)"

    def component_entries(
        self, state: dict[str, Any], answer: Mapping[str, Any]
    ) -> tuple[dict[str, Any], ...]:
        return ({"part": "tiles", "tile": f"T{state['next']}"},)


@pytest.fixture
def game() -> TileGame:
    register(LearningTileGame())
    return ensure_registered()


def service_at(box: Path) -> TableService:
    return TableService(box / "data" / "journal.sqlite3")


def enter_tiles(service: TableService, colours: dict[str, str]) -> None:
    """The players open the editor, correct the tiles page and save."""
    service.edit_components("tiles")
    service.answer({"go": "tiles"})  # the menu: Tiles
    service.answer(colours)
    service.answer({"go": SAVE})
    assert service.session is not None and service.session.prompt().finished


def test_a_new_game_uses_the_own_set_else_the_example_and_decisions_name_it(
    tmp_path: Path, game: TileGame
) -> None:
    service = service_at(tmp_path)
    service.start("tiles", {})
    decision = service.answer({})
    assert decision is not None and decision.example_data
    example_digest = decision.components
    enter_tiles(service, OWN["tiles"])
    service.start("tiles", {})
    decision = service.answer({})
    assert decision.summary.english() == "The tile is blue" and not decision.example_data
    own = service.components.load("tiles")
    assert decision.components == own.digest != example_digest
    assert decision.to_json()["components"] == own.digest


def test_a_half_entered_set_is_a_draft_that_survives_a_restart(
    tmp_path: Path, game: TileGame
) -> None:
    service = service_at(tmp_path)
    service.edit_components("tiles")
    service.answer({})
    service.close()  # the plug is pulled while the tiles page is open
    again = service_at(tmp_path)
    info = describe(again, "tiles")
    assert info is not None and info.draft == (0, 1) and info.example
    assert action(info).english() == "Continue entering your components"
    session = again.edit_components("tiles")
    assert session.step_count == 1 and session.prompt().title.english() == "Tiles"
    again.answer({"T2": "blue"})
    again.answer({"go": SAVE})
    assert again.components.load("tiles").data["tiles"] == {"T1": "red", "T2": "blue", "T3": "red"}
    assert describe(again, "tiles").draft is None  # saved: no draft any more


def test_a_set_that_cannot_be_kept_is_refused_and_nothing_is_journalled(
    tmp_path: Path, game: TileGame
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the components folder should be")
    service = TableService(tmp_path / "journal.sqlite3", components=ComponentStore(blocked))
    service.edit_components("tiles")
    service.answer({})
    service.answer({"T1": "green"})
    steps = service.session.step_count
    with pytest.raises(IllegalInput, match="The components were not saved: cannot save"):
        service.answer({"go": SAVE})
    assert service.session.step_count == steps and not service.session.prompt().finished


def test_resuming_a_game_whose_set_changed_warns_and_plays_on_with_its_own(
    tmp_path: Path, game: TileGame
) -> None:
    service = service_at(tmp_path)
    enter_tiles(service, OWN["tiles"])
    service.start("tiles", {})
    game_id = service.session_id
    enter_tiles(service, {"T1": "green"})  # the players change their set meanwhile
    service.resume(game_id)
    assert service.component_notice is not None
    assert "goes on with the set it started with" in service.component_notice.english()
    assert service.answer({}).summary.english() == "The tile is blue"
    same = service_at(tmp_path)
    same.start("tiles", {})
    same.resume(same.session_id)
    assert same.component_notice is None


def test_what_the_table_enters_in_play_is_offered_and_taken_into_the_editor(
    tmp_path: Path, game: TileGame
) -> None:
    service = service_at(tmp_path)
    service.start("learning-tiles", {})
    service.answer({})
    assert service.learned_now == 1
    service.answer({})
    service.answer({})
    learned = service.components.learned("learning-tiles")
    assert learned == [{"part": "tiles", "tile": t} for t in ("T1", "T2", "T3")]
    info = describe(service, "learning-tiles")
    assert info.learned == 3
    assert "3 components entered during play wait to be saved." in [
        m.english() for m in lines(info)
    ]
    session = service.edit_components("learning-tiles")
    assert session.options["learned"] == learned  # the editor takes them
    service.answer({})
    service.answer({})
    service.answer({"go": SAVE})
    assert service.components.learned("learning-tiles") == []  # saved: the offers are done


MOUNTS = """\
/dev/mmcblk0p2 / ext4 rw,noatime 0 0
tmpfs /run tmpfs rw,nosuid,nodev 0 0
/dev/sda1 /media/tableside-usb/sda1 vfat ro,nosuid,nodev,noexec,relatime 0 0
/dev/sdb1 /media/pi/MY\\040STICK exfat ro,nosuid,nodev,noexec 0 0
/dev/sdc1 /home/pi/backup ext4 rw 0 0
"""


def test_sticks_are_the_stick_file_systems_mounted_under_the_roots() -> None:
    found = sticks(MOUNTS, under=(Path("/media/tableside-usb"), Path("/media")))
    assert found == [
        Stick(path=Path("/media/pi/MY STICK"), device="/dev/sdb1"),
        Stick(path=Path("/media/tableside-usb/sda1"), device="/dev/sda1"),
    ]
    assert sticks("", under=(Path("/media"),)) == []


def test_cafe_round_trip_over_a_usb_stick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game
) -> None:
    """Box 1 enters its tiles and exports them; box 2 imports them from the stick and plays."""
    stick = tmp_path / "stick"
    (stick / "tableside").mkdir(parents=True)
    box1 = service_at(tmp_path / "box1")
    enter_tiles(box1, OWN["tiles"])
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box1"))
    assert main(["components", "export", "tiles", str(stick / "tableside")]) == 0
    (stick / "broken.tableside.json").write_text("{")

    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box2"))
    monkeypatch.setenv("TABLESIDE_USB_ROOTS", str(stick))
    files = component_files(sticks())
    assert [(f.path.name, f.item.game if f.item else None) for f in files] == [
        ("broken.tableside.json", None),
        ("tiles.tableside.json", "tiles"),
    ]
    assert "not valid JSON" in str(files[0].problem)
    capsys.readouterr()
    assert main(["components", "usb", "--import"]) == 0
    out = capsys.readouterr().out
    assert "broken.tableside.json: cannot be used" in out and "imported" in out

    box2 = service_at(tmp_path / "box2")
    box2.start("tiles", {})
    decision = box2.answer({})
    assert decision.summary.english() == "The tile is blue" and not decision.example_data
    assert decision.components == box1.components.load("tiles").digest
