"""The Camera screen in a real 800x480 Kivy window (Xvfb), fed with rendered table pictures.

A folder of rendered frames stands in for the camera (``vision.sources.ImageFiles``):
the live picture with the trays outlined, calibration from a rendered calibration
picture with Save writing the file, a bad picture's error in words, and no camera.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

pytestmark = pytest.mark.gui

W, H = 1280, 720


@pytest.fixture(scope="module")
def pictures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Folders of rendered frames: a table, a calibration picture, a blank table; a calibration."""
    from vision.calibration import calibrate
    from vision.geometry import load_board, load_tokens
    from vision.table_render import (
        FrameSpec,
        calibration_frame,
        random_frame,
        random_setup,
        render_frame,
    )

    root = tmp_path_factory.mktemp("camera")
    board, tokens = load_board("control-board"), load_tokens()
    table, calib, blank = root / "table", root / "calib", root / "blank"
    wrong = root / "wrong"
    for folder in (table, calib, blank, wrong):
        folder.mkdir()
    setup = random_setup(board, 4240, tilt=(30.0, 30.0), light="warm")
    spec = random_frame(board, 7, tokens=tokens, hand="none", blur="sharp")
    for i in range(2):
        cv2.imwrite(
            str(table / f"frame-{i:03d}.png"), render_frame(board, setup, spec, tokens).image
        )
    calib_image = render_frame(board, setup, calibration_frame(board, 3), tokens).image
    cv2.imwrite(str(calib / "frame-000.png"), calib_image)
    # The red cube in the tray without a colour, none in tray 0: refused, with outlines.
    counts = {t.side: {t.colour: 1} for t in board.trays if t.colour}
    counts[5] = counts.pop(0)
    spec = FrameSpec(seed=3, counts=counts, arrangement={t.side: "scattered" for t in board.trays})
    cv2.imwrite(str(wrong / "frame-000.png"), render_frame(board, setup, spec, tokens).image)
    # A table with no board on it: no fiducials, so calibration must fail in words.
    cv2.imwrite(str(blank / "frame-000.png"), np.full((H, W, 3), (60, 90, 120), np.uint8))
    cal_path = calibrate([calib_image], [board], load_tokens()).save(root / "cal.json")
    return {"table": table, "calib": calib, "blank": blank, "wrong": wrong, "cal": cal_path}


@pytest.fixture
def make_app(open_apps, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Open the app with a camera; TABLESIDE_HOME is tmp_path (where Save writes)."""
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path))
    return lambda camera=None, lang="en": open_apps(lang, camera=camera)


def wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Pump Kivy frames until ``condition`` holds (the worker thread hands back via Clock)."""
    from ui.app.harness import pump

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        pump(1)
        time.sleep(0.02)


def test_camera_screen_shows_the_live_picture_with_the_trays(make_app, pictures):
    from tests.ui.support.driving import press, screen, shown
    from ui.app.follow_feed import FollowFeed
    from ui.commands.app import camera_feed

    feed = camera_feed(str(pictures["table"]), pictures["cal"])
    assert isinstance(feed, FollowFeed)
    app = make_app(feed)
    press("c")  # key C opens the Camera screen
    assert app.manager.current == "camera"
    picture = screen(app).ids.picture
    assert picture.texture is not None
    assert tuple(picture.texture.size) == (W, H)
    # The texture holds the camera picture (not a blank): the table is mostly not black.
    pixels = np.frombuffer(picture.texture.pixels, np.uint8).reshape(H, W, 4)
    assert pixels[..., :3].mean() > 40
    assert shown(app, "put exactly one marker of each tray's colour in that tray")
    for _ in range(4):  # the folder has 2 pictures; the app replays it in a loop
        screen(app).refresh_picture()
    assert not shown(app, "No new picture")
    assert not shown(app, "Not calibrated yet")
    assert screen(app)._tick is not None  # refreshed by a Clock interval while shown
    press("u")  # UNDO leaves the screen; the interval stops
    assert app.manager.current == "choose"
    assert screen(app).name == "choose"
    assert app.manager.get_screen("camera")._tick is None


def test_the_chosen_tray_is_drawn_thick(kivy_window, pictures, tmp_path: Path):
    from ui.app.camera_control import CameraControl
    from ui.app.controller import AppController
    from ui.commands.app import camera_feed
    from ui.service import TableService
    from vision.overlay import HIGHLIGHT_BGR

    service = TableService(tmp_path / "j.sqlite3")
    try:
        controller = AppController(
            service, camera=camera_feed(str(pictures["table"]), pictures["cal"])
        )  # type: ignore[arg-type]
        model = CameraControl(controller)
        plain = model.picture(None)
        chosen = model.picture(2)
        assert plain is not None and chosen is not None

        def highlighted(img: np.ndarray) -> int:
            return int(np.all(img == np.array(HIGHLIGHT_BGR, np.uint8), axis=2).sum())

        assert highlighted(plain) == 0
        assert highlighted(chosen) > 500
        # The controller's chosen tray is the control-board scene's highlight_side.
        controller.choose_game("scenes")
        controller.start_game(seed=1)
        scene = service.session.game.board(service.session.state)
        assert controller.chosen_tray() == scene.get("highlight_side")
    finally:
        service.close()


def test_calibrate_on_the_screen_then_save_writes_the_file(make_app, pictures, tmp_path: Path):
    from tests.ui.support.driving import button_with_text, press, screen, shown, tap
    from ui.app.camera import UncalibratedCamera
    from ui.app.follow_feed import FollowFeed
    from ui.calibration_file import load as load_calibration
    from ui.commands.app import camera_feed

    camera = camera_feed(str(pictures["calib"]), tmp_path / "none.json")
    assert isinstance(camera, UncalibratedCamera)  # a camera but no calibration yet
    app = make_app(camera)
    assert shown(app, "not calibrated yet")  # status bar
    press("s")
    tap(button_with_text(app, "Camera"))  # from the settings screen
    assert app.manager.current == "camera"
    assert tuple(screen(app).ids.picture.texture.size) == (W, H)
    assert shown(app, "Not calibrated yet")
    tap(button_with_text(app, "Calibrate"))
    cam = screen(app)
    assert cam.model.phase in {"calibrating", "confirm"}
    if cam.model.phase == "calibrating":
        assert shown(app, "Calibrating…")
    wait_for(lambda: cam.model.phase == "confirm")
    assert shown(app, "Do the outlines lie on the trays?")
    assert not (tmp_path / "data" / "vision-calibration.json").exists()  # not before Save
    tap(button_with_text(app, "Save"))
    saved = tmp_path / "data" / "vision-calibration.json"
    assert saved.exists()
    assert load_calibration(saved).cubes_lab  # a complete calibration with the cubes' colours
    assert isinstance(app.controller.camera, FollowFeed)  # the app follows the table from now on
    assert shown(app, "Calibration saved")
    assert not shown(app, "not calibrated yet")
    assert cam.model.phase == "live"


def test_retry_forgets_the_calibration(make_app, pictures, tmp_path: Path):
    from tests.ui.support.driving import button_with_text, press, screen, tap
    from ui.commands.app import camera_feed

    app = make_app(camera_feed(str(pictures["calib"]), tmp_path / "none.json"))
    press("c")
    cam = screen(app)
    tap(button_with_text(app, "Calibrate"))
    wait_for(lambda: cam.model.phase == "confirm")
    tap(button_with_text(app, "Retry"))
    assert cam.model.phase == "live" and cam.model.pending is None
    assert not (tmp_path / "data" / "vision-calibration.json").exists()
    assert button_with_text(app, "Calibrate").opacity == 1


def test_a_bad_picture_shows_the_error_in_words(make_app, pictures, tmp_path: Path):
    from tests.ui.support.driving import button_with_text, press, screen, shown, tap
    from ui.commands.app import camera_feed

    app = make_app(camera_feed(str(pictures["blank"]), tmp_path / "none.json"))
    press("c")
    cam = screen(app)
    tap(button_with_text(app, "Calibrate"))
    wait_for(lambda: cam.model.phase == "live")
    assert shown(app, "Calibration failed: Cannot find the marauders-control-board")
    assert not shown(app, "Traceback")
    assert not (tmp_path / "data" / "vision-calibration.json").exists()
    assert button_with_text(app, "Calibrate")  # can try again


def test_a_refused_calibration_shows_the_trays_at_fault_in_red(make_app, pictures, tmp_path):
    """CalibrationFailed.picture: the outlines found, the faulty trays red, beside the reason."""
    from tests.ui.support.driving import button_with_text, press, screen, shown, tap
    from ui.commands.app import camera_feed
    from vision.overlay import PROBLEM_BGR

    def red_pixels() -> int:
        texture = screen(app).ids.picture.texture
        pixels = np.frombuffer(texture.pixels, np.uint8).reshape(H, W, 4)
        rgb = np.array(PROBLEM_BGR[::-1], np.uint8)
        return int(np.all(pixels[..., :3] == rgb, axis=2).sum())

    app = make_app(camera_feed(str(pictures["wrong"]), tmp_path / "none.json"))
    press("c")
    cam = screen(app)
    assert red_pixels() == 0  # the live picture has no outlines yet
    tap(button_with_text(app, "Calibrate"))
    wait_for(lambda: cam.model.phase == "failed")
    assert shown(app, "Calibration failed: ")
    assert shown(app, "Tray 0 must hold exactly one red cube and nothing else")
    assert shown(app, "The trays outlined in red are at fault")
    assert red_pixels() > 300  # tray 0's outline (and tray 5's) in red
    cam.refresh_picture()  # the clock's refresh keeps the refused picture, not the live one
    assert red_pixels() > 300
    assert not (tmp_path / "data" / "vision-calibration.json").exists()
    tap(button_with_text(app, "Live picture"))
    assert cam.model.phase == "live" and red_pixels() == 0
    assert button_with_text(app, "Calibrate")


def test_no_camera_shows_how_to_start_one(make_app):
    from tests.ui.support.driving import button_with_text, press, screen, shown, tap

    app = make_app(None)
    app.controller.choose_game("scenes")
    app.controller.start_game(seed=1)
    press("enter")  # the checklist: all done
    assert app.manager.current == "play"
    tap(button_with_text(app, "Camera"))  # from the play screen
    assert app.manager.current == "camera"
    assert shown(app, "No camera: start tableside with --camera auto")
    assert screen(app).ids.picture.texture is None
    assert all(b.text != "Calibrate" for b in screen(app).focusables())
    press("u")
    assert app.manager.current == "play"


def test_camera_option_without_picture_or_calibration_is_manual_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    from ui.commands.app import camera_feed

    empty = tmp_path / "empty"
    empty.mkdir()
    assert camera_feed(str(empty), tmp_path / "none.json") is None
    err = capsys.readouterr().err
    assert "camera not used" in err and "No pictures in the folder" in err


def test_the_kiosks_auto_camera_is_found_when_plugged_in_later(
    make_app, pictures, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """``--camera auto`` (the kiosk's unit) with no camera at start: the players play by
    hand, the Camera screen says none is found, and a camera plugged in afterwards shows
    its picture and can be calibrated without restarting the box."""
    from tests.ui.support.driving import press, screen, shown
    from ui.app.camera import LoopingPictures, UncalibratedCamera
    from ui.commands.app import camera_feed
    from vision import sources

    plugged: list[sources.FrameSource] = []
    monkeypatch.setattr(
        sources,
        "open_source",
        lambda spec: sources.AnyCamera(retry_s=0.0, candidates=lambda: list(plugged)),
    )
    camera = camera_feed("auto", tmp_path / "none.json")
    assert isinstance(camera, UncalibratedCamera)
    app = make_app(camera)
    press("c")
    cam = screen(app)
    wait_for(lambda: cam.ids.message.text.startswith("No camera found (neither the Raspberry"))
    assert cam.ids.picture.texture is None
    assert cam.ids.status.text == ""  # said once, as the screen's main text
    assert all(b.text != "Calibrate" for b in cam.focusables())  # nothing to calibrate yet
    assert shown(app, "Camera: none found yet")  # status bar, one short line
    plugged.append(LoopingPictures(sources.ImageFiles(pictures["calib"])))
    wait_for(lambda: cam.ids.picture.texture is not None)
    assert tuple(cam.ids.picture.texture.size) == (W, H)
    wait_for(lambda: shown(app, "Not calibrated yet"))
    assert not shown(app, "No camera found")
    assert cam.ids.message.text.startswith("To calibrate: put exactly one marker")
    assert any(b.text == "Calibrate" for b in cam.focusables())
    wait_for(lambda: shown(app, "Camera: not calibrated yet"))
