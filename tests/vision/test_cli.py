"""`tableside vision render|calibrate|read` and `tableside kit` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.cli import main


def test_render_calibrate_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cal_dir, scene_dir = tmp_path / "cal", tmp_path / "scene"
    assert main(["vision", "render", str(cal_dir), "--calibration-scene", "--frames", "1"]) == 0
    cal = tmp_path / "cal.json"
    assert main(["vision", "calibrate", str(cal_dir / "frame-000.png"), "--out", str(cal)]) == 0
    assert main(["vision", "render", str(scene_dir), "--frames", "2", "--light", "mixed"]) == 0
    capsys.readouterr()
    frames = [str(p) for p in sorted(scene_dir.glob("*.png"))]
    assert main(["vision", "read", *frames, "--calibration", str(cal)]) == 0
    reading = json.loads(capsys.readouterr().out)
    truth = json.loads((scene_dir / "frame-000.json").read_text())
    assert reading["status"] == "ok" and reading["frames_used"] == 2
    assert {str(t["side"]): t["counts"] for t in reading["trays"]} == truth["counts"]
    assert reading["priority_marker"]["side"] == truth["priority_side"]
    assert reading["example_data"] is True


def test_read_moving_frames_prints_that_nothing_was_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["vision", "render", str(tmp_path / "c"), "--calibration-scene", "--frames", "1"])
    cal = tmp_path / "cal.json"
    main(["vision", "calibrate", str(tmp_path / "c" / "frame-000.png"), "--out", str(cal)])
    main(["vision", "render", str(tmp_path / "m"), "--frames", "3", "--hand", "moving"])
    capsys.readouterr()
    frames = [str(p) for p in sorted((tmp_path / "m").glob("*.png"))]
    assert main(["vision", "read", *frames, "--calibration", str(cal)]) == 0
    reading = json.loads(capsys.readouterr().out)
    assert reading["status"] == "moving" and reading["needs_confirmation"]
    assert reading["trays"] == []


def test_read_without_camera_or_calibration_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["vision", "read", "x.png", "--calibration", str(tmp_path / "no.json")]) == 2
    assert "tableside vision calibrate" in capsys.readouterr().err
    main(["vision", "render", str(tmp_path / "c"), "--calibration-scene", "--frames", "1"])
    cal = tmp_path / "cal.json"
    main(["vision", "calibrate", str(tmp_path / "c" / "frame-000.png"), "--out", str(cal)])
    capsys.readouterr()
    assert main(["vision", "read", "--source", "usb:97", "--calibration", str(cal)]) == 2
    err = capsys.readouterr().err
    assert "No camera at usb:97" in err and "Traceback" not in err


def test_calibrate_rejects_a_picture_without_markers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["vision", "render", str(tmp_path / "s"), "--frames", "1"])  # a game, not calibration
    capsys.readouterr()
    code = main(
        [
            "vision",
            "calibrate",
            str(tmp_path / "s" / "frame-000.png"),
            "--out",
            str(tmp_path / "c.json"),
        ]
    )
    assert code == 2
    assert "must hold exactly one" in capsys.readouterr().err
    assert not (tmp_path / "c.json").exists()


def test_kit_writes_every_sticker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "kit.pdf"
    assert main(["kit", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    # 3 example boards x 8 fiducials + 33 component stickers, each drawn once.
    assert data.count(b"/Subtype /Image") == 3 * 8 + 33
    assert "kit written" in capsys.readouterr().out
