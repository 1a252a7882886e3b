"""The app's side of the café fleet's status and staff calls, once the box client runs.

:func:`join_fleet` links "Call staff" (:mod:`ui.app.call_staff`) to the box client
(``fleet.box.client.BoxClient``, started by :func:`ui.app.main.start_fleet`) and returns
the tick the app runs every :data:`STATUS_SECONDS`: it hands the status the staff board
shows (:class:`fleet.status.StatusFeed`) to the client, which publishes it when it changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fleet.status import StatusFeed, StatusMaker

#: How often the app's status is built and, if it changed, published (the board's tile
#: is then at most this much behind the screen, plus the network).
STATUS_SECONDS = 0.5


def join_fleet(
    controller: Any, client: Any, on_main: Callable[[Callable[[], None]], None]
) -> Callable[..., None]:
    """Link the staff call to ``client``; return the status tick (any arguments ignored).

    ``on_main(func)`` runs ``func`` on the app's main thread: the client tells of a
    ``call-received`` on its own thread.
    """
    staff = controller.staff
    staff.link = client
    told = client.on_change

    def on_change(what: str) -> None:
        told(what)
        if what == "call-received":
            on_main(staff.check)

    client.on_change = on_change
    feed = StatusFeed(client, StatusMaker(client.box))

    def tick(*_args: Any) -> None:
        feed.send(controller)

    tick()
    return tick
