"""Hands-free voice: the bot's action and instructions spoken with espeak-ng.

:class:`Voice` speaks on a worker thread, so the touchscreen never waits: a
call to :meth:`Voice.say` returns at once, and the newest text wins (what is
still waiting is replaced, what is being spoken is cut off). Each text is
rendered to WAV by ``espeak-ng --stdout`` (Debian package ``espeak-ng``,
voices ``en-gb``, ``de``, ``pt-br``) and played by ``aplay`` (``alsa-utils``).

Without an audio device the voice stays silent: the first failure (no
``espeak-ng``, no ``aplay``, or ``aplay`` cannot open a device) is logged in
one line and every later text is dropped; nothing is ever shown to the
players. Volume 0-100 maps to espeak-ng's amplitude (50 is its normal
loudness).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import threading
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from rules.decision import Decision
from rules.text import Translator

log = logging.getLogger("tableside.voice")

#: espeak-ng voice per app language (Portuguese: the Brazilian edition's texts).
VOICES = {"en": "en-gb", "de": "de", "pt": "pt-br"}
#: Words per minute: a little slower than espeak-ng's 175, for a noisy table.
SPEED = 160
#: Longest time one text may take to render (s); a text is a few sentences.
RENDER_TIMEOUT = 20.0


@dataclass(frozen=True)
class Utterance:
    text: str
    lang: str
    volume: int


def amplitude(volume: int) -> int:
    """espeak-ng's ``-a`` (0-200, 100 normal) for a settings volume 0-100."""
    return max(0, min(200, round(volume * 2)))


def synthesize(text: str, lang: str, volume: int = 50, espeak: str = "espeak-ng") -> bytes:
    """``text`` spoken in ``lang`` as WAV bytes (raises ``OSError``/``CalledProcessError``)."""
    done = subprocess.run(
        [
            espeak,
            "-v",
            VOICES.get(lang, "en-gb"),
            "-s",
            str(SPEED),
            "-a",
            str(amplitude(volume)),
            "--stdout",
        ],
        input=text.encode("utf-8"),
        capture_output=True,
        timeout=RENDER_TIMEOUT,
        check=True,
    )
    return done.stdout


def speech_for(decision: Decision, tr: Translator) -> str:
    """What to say for a bot decision: its action, then each instruction, as sentences."""
    parts = [decision.summary.render(tr), *(i.render(tr) for i in decision.instructions)]
    return " ".join(_sentence(p) for p in parts if p.strip())


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text[-1] in ".!?:" else text + "."


class Voice:
    """Speaks texts one at a time on a worker thread; newest wins; silent without audio."""

    def __init__(
        self,
        enabled: bool = False,
        volume: int = 60,
        lang: str = "en",
        espeak: str | None = None,
        player: Iterable[str] | None = None,
    ) -> None:
        self.enabled = enabled
        self.volume = volume
        self.lang = lang
        self._espeak = espeak or shutil.which("espeak-ng")
        aplay = shutil.which("aplay")
        self._player = list(player) if player is not None else ([aplay, "-q"] if aplay else None)
        self._pending: Utterance | None = None
        self._playing: subprocess.Popen[bytes] | None = None
        self._silent = False
        self._closed = False
        self._last: Hashable = None
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="voice", daemon=True)
        self._thread.start()

    @property
    def silent(self) -> bool:
        """True once the voice found no way to speak (it then drops every text)."""
        return self._silent

    def configure(self, enabled: bool, volume: int, lang: str) -> None:
        self.enabled, self.volume, self.lang = enabled, volume, lang
        if not enabled:
            self.stop()

    def say(self, text: str, *, key: Hashable = None, again: bool = False) -> None:
        """Speak ``text`` soon (returns at once); said once per ``key`` (default: the text).

        The screen re-renders often; passing the step as ``key`` says each step's
        text once. ``again`` repeats it anyway (a "say it again" button).
        """
        text = text.strip()
        if not text or not self.enabled or self._silent or self._closed:
            return
        said = text if key is None else key
        if said == self._last and not again:
            return
        self._last = said
        with self._wake:
            self._pending = Utterance(text, self.lang, self.volume)
            self._interrupt()
            self._wake.notify()

    def stop(self) -> None:
        """Forget what is waiting and cut off what is being said."""
        with self._wake:
            self._pending = None
            self._interrupt()

    def close(self) -> None:
        self._closed = True
        self.stop()
        with self._wake:
            self._wake.notify()
        self._thread.join(timeout=2)

    def _interrupt(self) -> None:
        playing = self._playing
        if playing is not None and playing.poll() is None:
            playing.terminate()

    # -- the worker thread ---------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._pending is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                utterance, self._pending = self._pending, None
            assert utterance is not None
            self._speak(utterance)

    def _speak(self, utterance: Utterance) -> None:
        if self._espeak is None or self._player is None:
            self._go_silent("espeak-ng or aplay is not installed (Debian: espeak-ng alsa-utils)")
            return
        try:
            wav = synthesize(utterance.text, utterance.lang, utterance.volume, self._espeak)
        except (OSError, subprocess.SubprocessError) as exc:
            self._go_silent(f"espeak-ng failed: {exc}")
            return
        with self._wake:
            if self._pending is not None or self._closed:
                return  # a newer text came in while this one was rendered
            try:
                self._playing = subprocess.Popen(
                    self._player,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
            except OSError as exc:
                self._go_silent(f"cannot start the audio player: {exc}")
                return
        playing = self._playing
        try:
            _, err = playing.communicate(wav, timeout=120)
        except (subprocess.TimeoutExpired, OSError):
            playing.kill()
            return
        finally:
            with self._wake:
                self._playing = None
        if playing.returncode not in (0, -15):  # -15: cut off by a newer text
            reason = err.decode("utf-8", "replace").strip().splitlines()
            self._go_silent(f"no audio device ({reason[-1] if reason else playing.returncode})")

    def _go_silent(self, why: str) -> None:
        if not self._silent:
            self._silent = True
            log.warning("voice off: %s", why)
