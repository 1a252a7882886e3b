"""Hands-free voice: real espeak-ng renders each language; the worker never blocks the caller.

espeak-ng is installed by ./run-tests (scripts/apt-runtime.txt). The audio
device is the edge of the physical world: tests play into a small script that
writes what it receives to a file (or fails like ``aplay`` without a sound
card); everything before it is the real pipeline.
"""

from __future__ import annotations

import array
import io
import logging
import shutil
import sys
import time
import wave
from pathlib import Path

import pytest

from rules.decision import Decision
from rules.text import msg
from ui.i18n import translator
from ui.voice import VOICES, Voice, amplitude, speech_for, synthesize

SENTENCES = {
    "en": "The tribe takes the yellow tray and moves three markers to the supply.",
    "de": "Der Stamm nimmt das gelbe Tablett und legt drei Marker in den Vorrat.",
    "pt": "A tribo pega a bandeja amarela e devolve três marcadores ao estoque.",
}


HEADER = 44  # a plain PCM WAV header; ``--stdout`` streams, so its sizes are placeholders


def seconds_of(wav: bytes) -> float:
    """Length of 16-bit mono speech, from the bytes actually received."""
    with wave.open(io.BytesIO(wav)) as audio:
        assert audio.getnchannels() == 1 and audio.getsampwidth() == 2
        rate = audio.getframerate()
    return (len(wav) - HEADER) / (2 * rate)


def loudness(wav: bytes) -> float:
    samples = array.array("h", wav[HEADER : HEADER + (len(wav) - HEADER) // 2 * 2])
    return sum(abs(s) for s in samples) / max(1, len(samples))


@pytest.mark.parametrize("lang", sorted(VOICES))
def test_espeak_ng_speaks_a_sentence_in_each_language_at_a_plausible_length(lang) -> None:
    wav = synthesize(SENTENCES[lang], lang)
    # ~13 words at 160 words per minute: about 5 s; a wrong voice or an empty
    # render would be far off (espeak-ng reads unknown words letter by letter).
    assert 2.5 < seconds_of(wav) < 9.0
    assert loudness(wav) > 300  # not silence


def test_the_volume_setting_changes_the_loudness() -> None:
    quiet = loudness(synthesize(SENTENCES["en"], "en", volume=20))
    loud = loudness(synthesize(SENTENCES["en"], "en", volume=80))
    assert loud > 2.5 * quiet
    assert amplitude(50) == 100 and amplitude(0) == 0 and amplitude(100) == 200


def test_a_decision_is_spoken_as_its_action_then_each_instruction() -> None:
    decision = Decision(
        game="marauders",
        kind="spring",
        summary=msg("Take the {colour} tray", colour="yellow"),
        instructions=(msg("Move 3 markers to the supply"), msg("Pass the priority marker.")),
    )
    assert speech_for(decision, translator("en")) == (
        "Take the yellow tray. Move 3 markers to the supply. Pass the priority marker."
    )


def recorder(tmp_path: Path, fail: bool = False, delay: float = 0.0) -> list[str]:
    """A stand-in for ``aplay``: stores each WAV it is given as out-N.wav (or fails)."""
    script = tmp_path / "player.py"
    script.write_text(
        "import sys, time, pathlib\n"
        f"if {fail!r}:\n"
        "    print('aplay: main:831: audio open error: No such file or directory',"
        " file=sys.stderr); sys.exit(1)\n"
        "data = sys.stdin.buffer.read()\n"
        f"time.sleep({delay!r})\n"
        f"out = pathlib.Path({str(tmp_path)!r})\n"
        "n = len(list(out.glob('out-*.wav')))\n"
        "(out / f'out-{n}.wav').write_bytes(data)\n"
    )
    return [sys.executable, str(script)]


def wait_for(condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the voice worker did not get there in time"
        time.sleep(0.05)


def test_say_returns_at_once_and_the_worker_plays_the_rendered_speech(tmp_path: Path) -> None:
    voice = Voice(enabled=True, volume=50, lang="de", player=recorder(tmp_path))
    try:
        started = time.monotonic()
        voice.say(SENTENCES["de"])
        assert time.monotonic() - started < 0.05  # rendering and playing happen elsewhere
        wait_for(lambda: (tmp_path / "out-0.wav").exists())
        time.sleep(0.3)
        assert 2.5 < seconds_of((tmp_path / "out-0.wav").read_bytes()) < 9.0
    finally:
        voice.close()


def test_the_newest_text_wins_and_a_step_is_said_once(tmp_path: Path) -> None:
    voice = Voice(enabled=True, lang="en", player=recorder(tmp_path, delay=1.0))
    try:
        voice.say("First step, a long sentence nobody needs any more.", key=1)
        voice.say("Second step.", key=2)
        voice.say("Second step, said again by a re-render.", key=2)  # same step: ignored
        voice.say("Third step.", key=3)
        wait_for(lambda: list(tmp_path.glob("out-*.wav")))
        time.sleep(2.5)
        played = sorted(tmp_path.glob("out-*.wav"))
        # The first may have started before the others came in; the last one is the third.
        assert 1 <= len(played) <= 2
        assert seconds_of(played[-1].read_bytes()) < 2.0  # "Third step." is short
    finally:
        voice.close()


def test_without_an_audio_device_the_voice_logs_one_line_and_stays_silent(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    voice = Voice(enabled=True, lang="pt", player=recorder(tmp_path, fail=True))
    try:
        with caplog.at_level(logging.WARNING, logger="tableside.voice"):
            voice.say(SENTENCES["pt"])
            wait_for(lambda: voice.silent)
            voice.say("Outra frase.")
            time.sleep(0.3)
        lines = [r.getMessage() for r in caplog.records if r.name == "tableside.voice"]
        assert len(lines) == 1 and "no audio device" in lines[0]
        assert "audio open error" in lines[0]
    finally:
        voice.close()


def test_a_disabled_voice_or_one_without_espeak_says_nothing(tmp_path: Path, caplog) -> None:
    off = Voice(enabled=False, player=recorder(tmp_path))
    off.say("Nobody hears this.")
    time.sleep(0.3)
    off.close()
    assert not list(tmp_path.glob("out-*.wav"))
    missing = Voice(enabled=True, espeak=str(tmp_path / "no-espeak-here"), player=["true"])
    with caplog.at_level(logging.WARNING, logger="tableside.voice"):
        missing.say("Hello.")
        wait_for(lambda: missing.silent)
    missing.close()
    assert any("espeak-ng failed" in r.getMessage() for r in caplog.records)


def test_espeak_ng_is_where_the_runtime_packages_put_it() -> None:
    assert shutil.which("espeak-ng"), "scripts/apt-runtime.txt installs espeak-ng"
    listed = Path("scripts/apt-runtime.txt").read_text().split()
    assert "espeak-ng" in listed and "alsa-utils" in listed


def test_voice_settings_are_kept_and_bad_values_fall_back(tmp_path: Path) -> None:
    from ui.app.settings import Settings, load_settings, save_settings

    path = tmp_path / "settings.json"
    save_settings(path, Settings(voice=True, voice_volume=25))
    assert load_settings(path) == Settings(voice=True, voice_volume=25)
    path.write_text('{"voice": true, "voice_volume": 900}')
    assert load_settings(path).voice_volume == Settings().voice_volume


@pytest.mark.gui
def test_the_app_speaks_the_bots_turn_once_when_the_voice_is_on(kivy_window, tmp_path) -> None:
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    service = TableService(tmp_path / "journal.sqlite3")
    controller = AppController(service, Settings(language="de", voice=True, voice_volume=50))
    app = open_app(controller)
    app.voice.close()
    app.voice = Voice(player=recorder(tmp_path))
    try:
        controller.start()
        controller.choose_game("marauders")
        controller.start_game(seed=1)
        for _ in range(12):
            if controller.prompt.decision is not None or service.session.last_decision:
                break
            controller.confirm()
        pump(2)
        wait_for(lambda: list(tmp_path.glob("out-*.wav")))
        controller.on_change()  # re-rendering the same step says nothing more
        pump(2)
        time.sleep(1.0)
        assert len(list(tmp_path.glob("out-*.wav"))) == 1
        assert app.voice.lang == "de" and app.voice.volume == 50
        controller.update_settings(voice=False)
        assert not app.voice.enabled
    finally:
        close_app(app)
        service.close()


def test_the_default_volume_is_one_the_settings_screen_offers() -> None:
    from ui.app.settings import VOICE_VOLUMES, Settings

    assert Settings().voice_volume in VOICE_VOLUMES
