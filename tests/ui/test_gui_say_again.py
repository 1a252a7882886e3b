"""The menu's "Say again" speaks the bot's last action once more (issue 23, item 9)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.gui


class Recorder:
    """Stands in for ui.voice.Voice: records what it is asked to say."""

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def configure(self, enabled: bool, volume: int, lang: str) -> None:
        pass

    def say(self, text: str, *, key: Any = None, again: bool = False) -> None:
        self.said.append((text, again))

    def close(self) -> None:
        pass


def test_say_again_repeats_the_bots_action(open_apps):
    from tests.ui.support.driving import button_with_text, screen, tap
    from tests.ui.support.walk_app import play_until
    from ui.app.harness import pump

    app = open_apps(voice=True)
    voice = Recorder()
    app.voice = voice
    c = app.controller
    play_until(app, "nomads", lambda: app.manager.current == "play" and bool(voice.said))
    assert voice.said and voice.said[-1][1] is False
    first = voice.said[-1][0]
    c.show("menu")
    pump(3)
    before = len(voice.said)
    tap(button_with_text(app, "Say again"))
    pump(3)
    assert (first, True) in voice.said[before:]
    assert app.manager.current == "play"
    assert screen(app).name == "play"
