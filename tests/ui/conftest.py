"""Every UI test sees the scene and toy games registered (another module may unregister toy)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _test_games_registered() -> None:
    from tests.ui.support.scene_game import ensure_registered

    ensure_registered()


@pytest.fixture
def open_apps(kivy_window, tmp_path):  # type: ignore[no-untyped-def]
    """The one way GUI tests open the app: ``open_apps(lang=..., journal=..., camera=...,
    settings_path=..., voice=..., use_hardware=...)`` opens it on a journal in tmp_path
    (``journal.sqlite3`` unless given; settings in ``settings.json`` unless
    ``settings_path=None``; the button box on mock pins with ``use_hardware=True`` and
    ``TABLESIDE_GPIO=mock``); every app opened is closed afterwards, its journal too."""
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app
    from ui.app.settings import Settings
    from ui.service import TableService

    opened = []
    settings_file = tmp_path / "settings.json"

    def make(  # type: ignore[no-untyped-def]
        lang="en",
        journal=None,
        camera=None,
        settings_path=settings_file,
        voice=False,
        use_hardware=False,
    ):
        service = TableService(journal or tmp_path / "journal.sqlite3")
        settings = Settings(language=lang, voice=voice)
        controller = AppController(service, settings, settings_path=settings_path, camera=camera)
        app = open_app(controller, use_hardware=use_hardware)
        opened.append(app)
        return app

    yield make
    from kivy.app import App

    for app in opened:
        if App.get_running_app() is app:
            close_app(app)
        app.controller.service.close()
