""" "Call staff": a player asks for the café's staff, by touch or by holding BOT.

:class:`StaffCall` is the box's side of it, without Kivy: a press sends a
:class:`fleet.protocol.Call` through the box's link to the hub (:class:`StaffLink`,
the fleet box client) and shows "Staff called"; when the keeper answers on
``call-received`` (:meth:`StaffCall.check`) the box shows "Call received". The call
stays open (the staff board shows it with its age, the status carries ``call_since``)
until a player taps "Staff is here". A box without a hub, or whose hub is out of reach,
says so at once: nobody is told the staff are coming when no message can leave the box.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from fleet.protocol import Call
from rules.text import Msg
from ui.i18n import _


class StaffLink(Protocol):
    """What the call needs of the fleet's box client (:class:`fleet.box.client.BoxClient`)."""

    box: str
    #: Call id -> when the keeper's ``call-received`` came (written by the client's thread).
    calls_received: dict[str, float]

    @property
    def online(self) -> bool:
        """Whether the hub's broker is reachable now."""

    def call_staff(self) -> str:
        """Publish a :class:`fleet.protocol.Call` (never waits); return its id."""


class StaffCall:
    """The open "Call staff" of this box, if any, and what the screen says about it."""

    def __init__(
        self, link: StaffLink | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.link = link
        self._clock = clock
        self.call: Call | None = None
        self.received = False
        #: What the last press could not do (no hub), shown until the next press or dismiss.
        self.refused: Msg | None = None
        #: Called after every change (the app re-renders; set to run on its main thread).
        self.on_change: Callable[[], None] = lambda: None

    @property
    def since(self) -> float | None:
        """When the open call was made (the status's ``call_since``), else ``None``."""
        return self.call.at if self.call is not None else None

    def press(self) -> Msg:
        """A player asked for staff: send the call (once; a second press repeats nothing)."""
        if self.link is None or not self.link.online:  # no hub, or out of its reach
            self.refused = _("No staff connection: ask at the counter")
        else:
            self.refused = None
            if self.call is None:
                call_id = self.link.call_staff()
                self.call = Call(box=self.link.box, id=call_id, at=self._clock())
                self.received = False
        self.on_change()
        return self.message or _("Staff called")

    def check(self) -> None:
        """Look whether the keeper answered the open call (its ``call-received``)."""
        link = self.link
        if self.call is None or self.received or link is None:
            return
        if self.call.id in link.calls_received:  # an old call's answer is not this one's
            self.received = True
            self.on_change()

    def dismiss(self) -> None:
        """Staff came (or the players no longer need them): the call is closed."""
        self.call, self.received, self.refused = None, False, None
        self.on_change()

    @property
    def message(self) -> Msg | None:
        """The line the status bar shows, or ``None`` when there is nothing to say."""
        if self.refused is not None:
            return self.refused
        if self.call is None:
            return None
        if self.received:
            return _("Call received")
        return _("Staff called")

    @property
    def button_label(self) -> Msg:
        """The menu button: "Call staff", or "Staff is here" while a call is open."""
        return _("Staff is here") if self.call is not None else _("Call staff")

    def button(self) -> None:
        """The menu button: call, or close the open call."""
        if self.call is not None:
            self.dismiss()
        else:
            self.press()


#: The status bar's colours for the call: sent or received (green), refused (orange).
CALLED_COLOUR = (0.1, 0.45, 0.3, 1)
REFUSED_COLOUR = (0.75, 0.35, 0.05, 1)


def show_staff(status: Any, staff: StaffCall, text: Callable[[Msg], str]) -> None:
    """Put the call's line on the status bar (``status``: its ids) in place of the camera's.

    The camera's line folds while the call's is shown (the camera screen still tells it);
    the buttons' line stays, since it carries the storage's problems too.
    """
    message = staff.message
    label = status.staff
    label.text = text(message) if message is not None else ""
    label.background = REFUSED_COLOUR if staff.refused is not None else CALLED_COLOUR
    label.size_hint_x = 0.001 if message is None else 1.6 if staff.refused is not None else 1.0
    status.camera.size_hint_x = 0.001 if message is not None else 1
    status.camera.opacity = 0 if message is not None else 1
