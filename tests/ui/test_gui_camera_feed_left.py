"""Leaving the Camera screen lets its picture go (a real 800x480 Kivy window, Xvfb).

While the Camera screen is shown it keeps the camera picture as a texture (1280x720 here,
about 3 MB) and the last :data:`ui.app.camera_control.KEEP_FRAMES` frames it grabbed (about
2.6 MB each). Both stayed for the rest of the game once the players had looked at the
camera; now only the newest frame stays (a replay that has ended calibrates from it), and
the screen grabs a new picture as soon as it is shown again.
"""

from __future__ import annotations

import pytest

from tests.ui.test_gui_camera import H, W, make_app, pictures  # noqa: F401 (fixtures)

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
