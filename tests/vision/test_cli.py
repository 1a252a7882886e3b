"""`tableside vision render|calibrate|read` and `tableside kit` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.cli import main


def _calibrated(tmp_path: Path) -> Path:
    main(["vision", "render", str(tmp_path / "c"), "--calibration-scene", "--frames", "1"])
    cal = tmp_path / "cal.json"
    assert (
        main(["vision", "calibrate", str(tmp_path / "c" / "frame-000.png"), "--out", str(cal)]) == 0
    )
    return cal


def test_render_calibrate_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cal = _calibrated(tmp_path)
    assert "tray 0: one red cube, as it should" in capsys.readouterr().out
    scene_dir = tmp_path / "scene"
    assert main(["vision", "render", str(scene_dir), "--frames", "2", "--light", "mixed"]) == 0
    capsys.readouterr()
    frames = [str(p) for p in sorted(scene_dir.glob("*.png"))]
    assert main(["vision", "read", frames[0], "--calibration", str(cal)]) == 0
    reading = json.loads(capsys.readouterr().out)
    truth = json.loads((scene_dir / "frame-000.json").read_text())
    assert reading["status"] == "ok" and reading["frames_used"] == 1
    assert len(reading["trays"]) == 6
    for tray in (t for t in reading["trays"] if t["sure"]):
        assert tray["counts"] == truth["counts"][str(tray["side"])]
    assert reading["priority_marker"]["side"] == truth["priority_side"]
    assert reading["example_data"] is True


def test_read_moving_frames_prints_that_nothing_was_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cal = _calibrated(tmp_path)
    for i, seed in enumerate((1, 2)):  # two different moments: the table moved
        main(["vision", "render", str(tmp_path / f"m{i}"), "--frames", "1", "--seed", str(seed)])
    capsys.readouterr()
    frames = [str(tmp_path / f"m{i}" / "frame-000.png") for i in range(2)]
    assert main(["vision", "read", *frames, "--calibration", str(cal)]) == 0
    reading = json.loads(capsys.readouterr().out)
    assert reading["status"] == "moving" and reading["needs_confirmation"]
    assert reading["trays"] == []


def test_read_without_camera_or_calibration_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["vision", "read", "x.png", "--calibration", str(tmp_path / "no.json")]) == 2
    assert "tableside vision calibrate" in capsys.readouterr().err
    cal = _calibrated(tmp_path)
    capsys.readouterr()
    assert main(["vision", "read", "--source", "usb:97", "--calibration", str(cal)]) == 2
    err = capsys.readouterr().err
    assert "No camera at usb:97" in err and "Traceback" not in err


def test_calibrate_says_what_is_wrong_and_draws_the_outlines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["vision", "render", str(tmp_path / "s"), "--frames", "1"])  # a game, not calibration
    capsys.readouterr()
    overlay = tmp_path / "check.png"
    out = tmp_path / "c.json"
    picture = str(tmp_path / "s" / "frame-000.png")
    code = main(["vision", "calibrate", picture, "--out", str(out), "--overlay", str(overlay)])
    assert code == 2
    err = capsys.readouterr().err
    assert "Calibration: Tray" in err and "trays at fault in red" in err
    assert overlay.exists() and not out.exists()


def test_kit_writes_every_sticker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "kit.pdf"
    assert main(["kit", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    # 3 example boards x 8 fiducials + 33 component stickers, each drawn once.
    assert data.count(b"/Subtype /Image") == 3 * 8 + 33
    assert "kit written" in capsys.readouterr().out


def test_kit_for_the_ante_portas_battleground(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "kit.pdf"
    units = str(Path(__file__).parents[2] / "vision" / "data" / "anteportas-units.example.json")
    assert main(["kit", str(out), "--board", "anteportas-battleground", "--tokens", units]) == 0
    assert out.read_bytes().count(b"/Subtype /Image") == 8 + 20
