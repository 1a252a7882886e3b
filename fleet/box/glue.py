"""Join a :class:`ui.service.TableService` to the fleet: mirror its steps, refuse moved games,
take pushes at a game start, write adopted games into its journal.

:func:`start_box` is all the app (or a headless box) calls: without an enrol
file it returns ``None`` and nothing of the fleet runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fleet.box.adopt import Adopted, adopt
from fleet.box.client import BoxClient
from fleet.enrol import BoxConfig, EnrolError, load
from fleet.protocol import Adoption
from rules.journal import JournalError
from rules.session import Session
from rules.text import Msg
from ui.component_store import ComponentFileError
from ui.i18n import _
from ui.service import TableService

log = logging.getLogger("tableside.fleet")


def moved_message(box: str) -> Msg:
    return _(
        "Staff moved this game to the box {box}; it goes on there. Nothing was changed here.",
        box=box,
    )


def attach(
    service: TableService,
    client: BoxClient,
    apply_settings: Callable[[dict[str, Any]], None] | None = None,
) -> None:
    """Hook ``client`` into ``service`` (the service's ``on_step``, ``write_refusal`` and
    ``before_start``) and let it write adopted games into the service's journal."""

    def on_step(session_id: int, session: Session) -> None:
        client.step(session_id, len(session.events) - 1, session.state)

    def refusal(session_id: int) -> Msg | None:
        try:
            uid = service.journal.uid(session_id)
        except JournalError:
            return None
        moved = client.moved_to(uid)
        return None if moved is None else moved_message(moved)

    def before_start(_service: TableService) -> None:
        for kind, push in client.take_pushes().items():
            if kind == "components":
                games = push.payload.get("games", {})
                for game, data in games.items() if isinstance(games, dict) else ():
                    try:
                        service.components.save(str(game), data)
                    except (ComponentFileError, OSError) as exc:
                        log.warning("fleet: pushed components for %s not kept: %s", game, exc)
            elif kind == "settings" and apply_settings is not None:
                apply_settings(dict(push.payload))

    def on_adoption(adoption: Adoption) -> Adopted:
        result = adopt(service.path, adoption)
        log.info(
            "fleet: adopted game %s from %s: %d steps, digest %s",
            adoption.uid, adoption.source, result.steps,
            {True: "equal", False: "DIFFERENT", None: "not compared"}[result.digest_equal],
        )  # fmt: skip
        return result

    service.on_step = on_step
    service.write_refusal = refusal
    service.before_start = before_start
    client.on_adoption = on_adoption


def start_box(
    service: TableService,
    config_dir: Path,
    *,
    version: str = "",
    apply_settings: Callable[[dict[str, Any]], None] | None = None,
) -> BoxClient | None:
    """Start the box's fleet client if the box is enrolled; ``None`` (play alone) otherwise."""
    try:
        config: BoxConfig | None = load(config_dir)
    except EnrolError as exc:
        log.warning("fleet: %s; the box plays alone", exc)
        return None
    if config is None:
        return None
    client = BoxClient(config, service.path, state_dir=config_dir, version=version)
    attach(service, client, apply_settings)
    client.start()
    return client
