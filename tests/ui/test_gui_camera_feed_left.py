"""Leaving the Camera screen lets its picture go (a real 800x480 Kivy window, Xvfb).

While the Camera screen is shown it keeps the camera picture as a texture (1280x720 here,
about 3 MB) and the last :data:`ui.app.camera_control.KEEP_FRAMES` frames it grabbed (about
2.6 MB each). Both stayed for the rest of the game once the players had looked at the
camera; now only the newest frame stays (a replay that has ended calibrates from it), and
the screen grabs a new picture as soon as it is shown again.
"""

from __future__ import annotations

import pytest

from tests.ui.test_gui_camera import H, W, make_app, pictures, wait_for  # noqa: F401 (fixtures)

pytestmark = pytest.mark.gui


def test_leaving_the_camera_screen_lets_its_picture_go(make_app, pictures):  # noqa: F811
    from tests.ui.support.driving import press, screen
    from ui.app.camera_control import KEEP_FRAMES
    from ui.commands.app import camera_feed

    app = make_app(camera_feed(str(pictures["table"]), pictures["cal"]))
    press("c")
    camera = screen(app)
    for _ in range(KEEP_FRAMES + 1):
        camera.refresh_picture()
    assert len(camera.model.recent) == KEEP_FRAMES == 3
    assert camera.ids.picture.texture is not None
    press("u")  # UNDO leaves the screen
    assert app.manager.current != "camera"
    assert camera.ids.picture.texture is None
    assert len(camera.model.recent) == 1
    press("c")  # shown again: a picture at once
    assert screen(app) is camera
    assert camera.ids.picture.texture is not None
    assert tuple(camera.ids.picture.texture.size) == (W, H)
    assert len(camera.model.recent) == 2


def test_a_found_calibration_is_outlined_once(make_app, pictures, tmp_path, monkeypatch):  # noqa: F811
    """While the players look at a found calibration, the screen refreshes twice a second:
    its outlined picture is drawn once (each drawing built a reader with its counter's
    network), again only for another chosen tray."""
    import vision.reader
    from tests.ui.support.driving import button_with_text, press, screen, tap
    from ui.commands.app import camera_feed

    built: list[object] = []

    class CountedReader(vision.reader.TableReader):
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            built.append(args[0])
            super().__init__(*args, **kwargs)

    app = make_app(camera_feed(str(pictures["calib"]), tmp_path / "none.json"))
    press("c")
    camera = screen(app)
    tap(button_with_text(app, "Calibrate"))
    wait_for(lambda: camera.model.phase == "confirm")
    monkeypatch.setattr(vision.reader, "TableReader", CountedReader)
    pictures_shown = [camera.model.picture(None) for _ in range(4)]
    assert len(built) <= 1  # the screen may have drawn it before the counting began
    assert all(p is pictures_shown[0] for p in pictures_shown)
    assert pictures_shown[0].shape == (H, W, 3)
    other = camera.model.picture(2)  # another chosen tray: drawn again, thick there
    assert other is not pictures_shown[0] and (other != pictures_shown[0]).any()
    assert camera.model.picture(2) is other
    tap(button_with_text(app, "Retry"))
    assert camera.model._outline is None  # the outlined picture goes with the calibration
