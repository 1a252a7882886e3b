"""Files from outside are bounded (issue 24): size, kind, links, nesting, number length.

Every command that reads a file from outside (``components import``,
``components usb``, ``decide``, a calibration) refuses a hostile file with a
sentence and keeps what was saved; nothing blocks, nothing is read whole
first, no traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.errors import SituationError
from rules.schema import Str, parse_json
from rules.text import msg, printable
from tests.support.tile_game import ensure_registered
from ui.cli import main
from ui.component_store import ComponentStore
from ui.outside import MAX_BYTES, OutsideFileError, read_bytes, read_json
from ui.usb import Stick, component_files

OWN = {"tiles": {"T1": "blue", "T2": "green", "T3": "red"}}
HUGE = "1" * 5000  # over Python's int-string limit (4,300 digits): ValueError before the fix


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ComponentStore:
    """A box (TABLESIDE_HOME) with its own tiles set saved."""
    ensure_registered()
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box"))
    store = ComponentStore(tmp_path / "box" / "data" / "components")
    store.save("tiles", OWN)
    return store


def _file(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _shared(data_text: str) -> str:
    return '{"format": "tableside-components", "version": 1, "game": "tiles", "data": ' + (
        data_text + "}"
    )


def test_a_5000_digit_number_is_refused_by_import_usb_and_decide(
    box: ComponentStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    saved = box.path("tiles").read_bytes()
    hostile = _file(tmp_path / "stick" / "big.tableside.json", _shared('{"n": ' + HUGE + "}"))
    assert main(["components", "import", str(hostile)]) == 2
    err = capsys.readouterr().err
    assert "has a number of 5000 characters (at most 100)" in err and "Traceback" not in err
    assert box.path("tiles").read_bytes() == saved  # the saved set untouched

    monkeypatch.setenv("TABLESIDE_USB_ROOTS", str(tmp_path / "stick"))
    assert main(["components", "usb", "--import"]) == 0
    out = capsys.readouterr().out
    assert "big.tableside.json: cannot be used:" in out and "5000 characters" in out
    assert box.path("tiles").read_bytes() == saved

    situation = _file(tmp_path / "s.json", '{"decision": "spring", "trays": {"red": ' + HUGE + "}}")
    assert main(["decide", "marauders", str(situation)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "has a number of 5000 characters" in captured.err


def test_a_long_fraction_and_an_infinite_number_are_refused() -> None:
    with pytest.raises(SituationError, match="5001 characters"):
        parse_json("[0." + "1" * 4999 + "]", "f.json")
    with pytest.raises(SituationError, match="number too large"):
        parse_json("[1e999]", "f.json")
    assert parse_json('{"a": [1, 2.5, -3e2]}') == {"a": [1, 2.5, -300.0]}


def test_a_fifo_is_refused_at_once_instead_of_blocking(tmp_path: Path) -> None:
    """Before the fix ``components import FIFO`` waited for a writer forever."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    env = {**os.environ, "TABLESIDE_HOME": str(tmp_path / "box")}
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from ui.cli import main; sys.exit(main())",
            "components",
            "import",
            str(fifo),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=Path(__file__).parents[2],
    )
    assert run.returncode == 2
    assert run.stderr == "tableside: pipe.json is not a plain file: not read\n"


def test_a_50_mb_file_is_refused_by_its_size_before_a_byte_is_read(
    box: ComponentStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.tableside.json"
    with big.open("wb") as out:
        out.truncate(50 * 1024 * 1024)  # sparse: 50 MB long, nothing written

    def no_reading(*_args: object) -> bytes:
        raise AssertionError("the file was read")

    monkeypatch.setattr("ui.outside.os.read", no_reading)
    with pytest.raises(OutsideFileError) as refused:
        read_json(big)
    assert (
        str(refused.value)
        == "big.tableside.json is too large (50.0 MiB; at most 1.0 MiB): not read"
    )
    monkeypatch.undo()
    saved = box.path("tiles").read_bytes()
    assert main(["components", "import", str(big)]) == 2
    assert box.path("tiles").read_bytes() == saved


def test_exactly_the_cap_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "edge.json"
    path.write_bytes(b" " * (MAX_BYTES - 2) + b"[]")
    assert read_json(path) == []
    path.write_bytes(b" " * (MAX_BYTES - 1) + b"[]")
    with pytest.raises(OutsideFileError, match="too large"):
        read_json(path)


def test_devices_and_folders_are_not_plain_files(tmp_path: Path) -> None:
    with pytest.raises(OutsideFileError, match=r"^zero is not a plain file: not read$"):
        read_bytes(Path("/dev/zero"))
    with pytest.raises(OutsideFileError, match="is not a plain file"):
        read_bytes(tmp_path)


def test_links_are_refused_and_nothing_leads_out_of_the_stick(
    box: ComponentStore, tmp_path: Path
) -> None:
    ComponentStore(tmp_path / "other").save(
        "tiles", {"tiles": {"T1": "red", "T2": "red", "T3": "red"}}
    )
    (tmp_path / "outside").mkdir()
    ComponentStore(tmp_path / "other").export("tiles", tmp_path / "outside")
    stick = tmp_path / "stick"
    stick.mkdir()
    (stick / "link.tableside.json").symlink_to(tmp_path / "outside" / "tiles.tableside.json")
    (stick / "folder").symlink_to(tmp_path / "outside")
    found = {f.path.relative_to(stick).as_posix(): f for f in component_files([Stick(stick, "x")])}
    assert str(found["link.tableside.json"].problem) == (
        "link.tableside.json is a link, not a file: not read"
    )
    assert str(found["folder/tiles.tableside.json"].problem) == (
        f"tiles.tableside.json leads out of {stick}: not read"
    )
    assert all(f.item is None for f in found.values())


def test_deep_nesting_is_refused_in_calibration_files_too(tmp_path: Path) -> None:
    from ui.calibration_file import load as load_calibration

    deep = _file(tmp_path / "cal.json", "[" * 100_000 + "]" * 100_000)
    with pytest.raises(SituationError, match="nested 100000 deep"):
        load_calibration(deep)
    huge = _file(tmp_path / "cal2.json", '{"version": ' + HUGE + "}")
    with pytest.raises(SituationError, match="5000 characters"):
        load_calibration(huge)


def test_decide_on_standard_input_is_bounded_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import io

    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box"))
    stream = io.TextIOWrapper(io.BytesIO(b" " * (MAX_BYTES + 1) + b"{}"))
    monkeypatch.setattr(sys, "stdin", stream)
    assert main(["decide", "marauders", "-"]) == 2
    assert "standard input is longer than 1.0 MiB" in capsys.readouterr().err


# -- ids and names are text, never control sequences ----------------------------------------


def test_the_schema_refuses_control_characters_in_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SituationError, match="control character U\\+001B"):
        Str().check("\x1b[2JM01", "tile.id")
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box"))
    situation = {"decision": "spring", "trays": {"red": 2}, "priority_marker": 0}
    situation["tile"] = {"id": "\x1b[31mM01", "face": 2}
    path = _file(tmp_path / "s.json", json.dumps(situation))
    assert main(["decide", "marauders", str(path)]) == 2
    err = capsys.readouterr().err
    assert "control character U+001B" in err and "\x1b" not in err


def test_names_from_data_are_written_out_on_display() -> None:
    assert printable("a\x1b[31mb\nc\u202ed\x7f") == "a\\x1b[31mb\nc\\u202ed\\x7f"
    assert printable("Räuber Nr. 1") == "Räuber Nr. 1"
    shown = msg("The tile {id} is blue", id="\x1b[2J").english()
    assert shown == "The tile \\x1b[2J is blue"


def test_the_terminal_writes_out_escape_sequences(tmp_path: Path) -> None:
    from ui.service import TableService
    from ui.terminal import Terminal

    lines: list[str] = []
    service = TableService(tmp_path / "j.sqlite3", recover=False)
    try:
        Terminal(service, write=lines.append).say("tile \x1b]0;owned\x07 here")
    finally:
        service.close()
    assert lines == ["tile \\x1b]0;owned\\x07 here"]


def test_an_unknown_key_with_escapes_is_named_as_text() -> None:
    from rules.schema import Int, Map

    spec = Map(Int(), keys=Str(choices=("red",)))
    with pytest.raises(SituationError) as refused:
        spec.check({"\x1b[2J": 1}, "trays")
    assert "\x1b" not in str(refused.value) and "\\x1b[2J" in str(refused.value)


def test_board_and_token_files_of_the_vision_commands_are_bounded_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ui.calibration_file import board, tokens

    hostile = _file(tmp_path / "board.json", '{"size_mm": [' + HUGE + ", 1]}")
    with pytest.raises(SituationError, match=r"board\.json has a number of 5000 characters"):
        board(hostile)
    with pytest.raises(SituationError, match="is not a plain file"):
        tokens(Path("/dev/zero"))
    with pytest.raises(SituationError, match="one of the examples: control-board"):
        board(tmp_path / "control-bord")
    assert board("control-board").name and tokens().tokens is not None
    assert main(["vision", "calibrate", "x.png", "--board", str(hostile)]) == 2
    assert "5000 characters" in capsys.readouterr().err
