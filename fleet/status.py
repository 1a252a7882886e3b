"""What a box tells the staff board: a :class:`fleet.protocol.Status` built from the app.

:class:`StatusMaker` reads the running app's :class:`ui.service.TableService` (the game,
its round and phase, what the table is asked now), the camera and the storage, and keeps
one thing of its own: since when the current question has been on the table (a new step,
or another game, starts the clock again; asking again for the same step does not). The
box client (:mod:`fleet.box`) publishes what :meth:`StatusMaker.build` returns, whenever
the screen changes and every few seconds.

Words are rendered in the box's language: the staff read what the players read.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from fleet.protocol import Status, check_box_name
from rules.journal.errors import DAMAGED, FULL, IO, PERMISSION, READ_ONLY
from ui.app.camera import NoCamera, UncalibratedCamera
from ui.app.presenters import where_text
from ui.i18n import translator

#: Less free space than this on the journal's file system is reported as ``low``.
LOW_SPACE = 64 * 1024 * 1024
#: The journal's reasons (rules.journal.errors) as the status's storage words.
STORAGE_WORDS = {
    FULL: "full",
    READ_ONLY: "read-only",
    PERMISSION: "read-only",
    IO: "damaged",
    DAMAGED: "damaged",
}


def version() -> str:
    """This tableside's version, as installed."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("tableside")
    except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return ""


def camera_health(camera: Any) -> str:
    """``ok``, ``unsure``, ``missing`` or ``off`` for the app's camera feed.

    ``off``: no camera in use (:class:`ui.app.camera.NoCamera`). ``missing``: the camera
    was in use and its last reading found none or no picture (unplugged). ``unsure``: a
    camera without calibration, or whose last reading did not see the board or must be
    checked (a calibration mismatch, an error). Hands moving over the table are ``ok``.
    """
    if camera is None or isinstance(camera, NoCamera):
        return "off"
    last = getattr(camera, "last", None)  # vision.feed.VisionFeed's last reading
    status = getattr(last, "status", None)
    if status in ("no-camera", "no-frames") or not getattr(camera, "available", False):
        return "missing"
    if isinstance(camera, UncalibratedCamera) or status in ("mismatch", "error", "no-board"):
        return "unsure"
    return "ok"


def storage_health(service: Any, free_bytes: Callable[[Path], int] | None = None) -> str:
    """``ok``, ``low``, or why steps cannot be saved (``full``, ``read-only``, ``damaged``)."""
    journal = service.journal
    problem = journal.problem
    if problem is not None:
        return STORAGE_WORDS.get(getattr(problem, "reason", ""), "damaged")
    if not journal.writable:
        return "read-only"
    free = (free_bytes or _free_bytes)(Path(service.path).parent)
    return "low" if 0 <= free < LOW_SPACE else "ok"


def _free_bytes(folder: Path) -> int:
    try:
        stats = os.statvfs(folder)
    except OSError:
        return -1
    return stats.f_bavail * stats.f_frsize


class StatusMaker:
    """Builds the box's status; remembers since when the current question is asked."""

    def __init__(
        self,
        box: str,
        *,
        clock: Callable[[], float] = time.time,
        free_bytes: Callable[[Path], int] | None = None,
    ) -> None:
        self.box = check_box_name(box)
        self.version = version()
        self._clock = clock
        self._free_bytes = free_bytes
        self._asked: tuple[str, int, str] | None = None  # (game uid, step, prompt step)
        self._since: float | None = None

    def build(
        self,
        service: Any,
        *,
        lang: str,
        camera: Any = None,
        camera_word: str | None = None,
        call_since: float | None = None,
        pushed: Mapping[str, int] | None = None,
    ) -> Status:
        """The status of ``service`` (a :class:`ui.service.TableService`) now.

        ``camera_word`` overrides :func:`camera_health` (the app's ``missing``);
        ``call_since`` is the open "Call staff" (:mod:`ui.app.call_staff`), ``pushed`` the
        versions of pushed component sets and settings this box holds.
        """
        now = self._clock()
        common: dict[str, Any] = {
            "box": self.box,
            "call_since": call_since,
            "camera": camera_word or camera_health(camera),
            "storage": storage_health(service, self._free_bytes),
            "version": self.version,
            "pushed": dict(pushed or {}),
            "sent": now,
        }
        session = service.session
        if session is None or service.session_id is None:
            self._asked, self._since = None, None
            return Status(**common)
        tr = translator(lang)
        prompt = session.prompt()
        uid = service.journal.uid(service.session_id)
        asked = (uid, session.step_count, prompt.step)
        if asked != self._asked:
            self._asked, self._since = asked, now
        return Status(
            **common,
            game=session.game.name,
            uid=uid,
            where=where_text(prompt, tr),
            asked=prompt.title.render(tr),
            waiting_since=None if prompt.finished else self._since,
        )


#: The fields the app fills; the box client keeps ``box``, ``online``, ``version``,
#: ``pushed`` and ``sent`` itself.
APP_FIELDS = ("game", "uid", "where", "asked", "waiting_since", "call_since", "camera", "storage")


#: Seconds between two statuses of a box whose screen does not change: the board marks a
#: box it has not heard from for a few of these (one that died while the hub's broker was
#: down sends no will: the broker that would have sent it was not there).
HEARTBEAT = 60.0


class StatusFeed:
    """Hands the app's status to the box client whenever what the board would show changes,
    and at least every :data:`HEARTBEAT` seconds.

    :meth:`send` is cheap when nothing changed (the app calls it every half second): the
    client publishes (retained, QoS 1) what it is given.
    """

    def __init__(
        self, client: Any, maker: StatusMaker, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.client = client
        self.maker = maker
        self._clock = clock
        self._last: dict[str, Any] | None = None
        self._sent_at = -HEARTBEAT

    def send(self, controller: Any) -> bool:
        """Build the status of ``controller`` (the app's) and hand it over if it changed."""
        status = self.maker.build(
            controller.service,
            lang=controller.lang,
            camera=controller.camera,
            call_since=controller.staff.since,
        )
        fields = {name: getattr(status, name) for name in APP_FIELDS}
        now = self._clock()
        if fields == self._last and now - self._sent_at < HEARTBEAT:
            return False
        self._last, self._sent_at = fields, now
        self.client.update_status(**fields)  # the same again: a heartbeat, newly ``sent``
        return True
