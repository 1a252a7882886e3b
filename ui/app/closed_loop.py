"""The camera follows the table and checks each bot step: the closed loop.

A mixin of :class:`ui.app.controller.AppController`. When a step comes on
screen the follower (``ui/app/follow_feed.py``) is started after the set-up or
on resume and told what the bot step shown will change; the table check
(``ui/app/table_check.py``) reads the table after a bot step and says whether
it matches. Without a camera that follows, nothing here imports vision. No Kivy here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui.app.camera import CameraFeed
from ui.app.form import FormModel
from ui.app.table_check import StepKey, TableCheck

if TYPE_CHECKING:
    from ui.service import TableService


class ClosedLoop:
    """Following the table and checking the bot's steps (see the module docs)."""

    service: TableService
    screen: str
    camera: CameraFeed
    form: FormModel | None
    table_check: TableCheck
    follow_from: str | None
    _follow_expected: StepKey | None
    read_table: Callable[[StepKey, float], None]
    on_change: Callable[[], None]
    #: Camera readings for the form on screen still being taken (off the UI thread).
    prefilling: int
    in_background: Callable[[Callable[[], Any], Callable[[Any], None]], None]

    def _follow_step(self) -> None:
        """A step comes on screen: start following (after the set-up, or on resume) and
        tell the follower what a bot step shown now will change."""
        session = self.service.session
        camera = self.camera
        if session is None or not camera.can_follow:  # no follower: no vision import
            return
        from ui.app.follow_feed import game_sides, game_trays

        key = (self.service.session_id, session.step_count)
        if self.follow_from is not None:
            counts = game_trays(session.state)
            if counts is None or not session.step_count:
                return  # the set-up step is not confirmed yet: nothing to follow from
            sides = game_sides(session.state)
            sure = self.follow_from == "set-up"
            # Each colour's markers in the tray the game's components give it (not the board
            # file's, which the camera knows until this start).
            camera.start(camera.side_counts(counts, sides), sure=sure, colours=sides)
            self.follow_from = None
        decision = session.prompt().decision
        if decision is not None and key != self._follow_expected:
            self._follow_expected = key
            change = session.game.expected_change(decision) or {}
            camera.expect({str(s): dict(d) for s, d in change.get("trays", {}).items()})

    def followed(self) -> None:
        """The camera's follower saw a new still moment (on the main thread): the camera
        fields the players have not set take the followed counts; the status bar too."""
        if self.form is not None and self.screen in ("play", "checklist"):
            self._prefill()
        self.on_change()

    def _prefill(self) -> None:
        """Read the camera fields of the form on screen off the UI thread (a reading takes
        frames), then fill those the players have not set."""
        form, camera = self.form, self.camera
        if form is None or not form.camera_fields or not camera.available:
            return
        self.prefilling += 1

        def done(answers: Any) -> None:
            self.prefilling -= 1
            if form is self.form and form.apply_camera(answers):
                self.on_change()

        self.in_background(lambda: form.read_camera(camera), done)

    def _watch_table(self) -> None:
        """A step came on screen: read the table if a bot step is shown or was just done."""
        session = self.service.session
        reader = self.camera.reader
        if session is None or reader is None:
            self.table_check.forget()  # without a calibrated camera nothing changes
            return
        key = (self.service.session_id, session.step_count)
        self.table_check.confirm_below = float(reader.confirm_below)
        if self.table_check.enter(
            key, session.prompt().decision, session.game.expected_change, session.game.piece_name
        ):
            delay = self.table_check.next_reading()
            if delay is not None:
                self.read_table(key, delay)

    def table_read(self, key: StepKey, reading: Any) -> None:
        """A reading of the table taken for step ``key`` (on the main thread)."""
        if self.table_check.read(key, reading):
            self.on_change()
        delay = self.table_check.next_reading() if key == self.table_check.key else None
        if delay is not None:
            self.read_table(key, delay)

    @property
    def table_differs(self) -> bool:
        """The camera saw the last bot step done differently (the status LED says so)."""
        return self.screen in ("play", "checklist") and self.table_check.differs

    def chosen_tray(self) -> int | None:
        """The control-board tray the current step is about (the scene's ``highlight_side``)."""
        session = self.service.session
        if session is None:
            return None
        scene = session.game.board(session.state) or {}
        if scene.get("kind") != "control-board":
            return None
        side = scene.get("highlight_side")
        return side if isinstance(side, int) else None
