"""The Kivy app: a ScreenManager of the screens, a status bar, keys and buttons.

:class:`TablesideApp` builds the widget tree from the ``.kv`` files, hands
every button press, key and touch to the :class:`AppController`, and
re-renders the current screen whenever the controller reports a change.
:func:`run_app` is what ``tableside app`` calls.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.app import screens as _screens
from ui.app.call_staff import show_staff
from ui.app.camera import CameraFeed
from ui.app.controller import AppController
from ui.app.display import MISSING_TOUCH
from ui.app.hardware_bridge import HardwareBridge, make_watchdog
from ui.app.keys import event_for_key
from ui.i18n import _, render
from ui.paths import pin_map_to_load
from ui.voice import Voice, speech_for

KV_DIR = Path(__file__).parent / "kv"
KV_FILES = ("common.kv", "root.kv", *(f"{name}.kv" for name in _screens.SCREENS))
WATCHDOG_PING_SECONDS = 5.0
#: While the storage refuses writes (full, read-only, permission), how often it is checked
#: again (``AppController.recheck_storage``): play continues by itself once it clears.
STORAGE_RECHECK_SECONDS = 5.0
#: Screens a game passes once (resuming a saved game or choosing one, setting it up,
#: its set-up checklist): they
#: are dropped when left, not kept for the rest of the game (5 MB of widgets and
#: textures in a Marauders game), and built again should they be shown again.
DROPPED_WHEN_LEFT = frozenset({"resume", "choose", "setup", "checklist"})
_kv_loaded = False


def in_background(work: Callable[[], Any], done: Callable[[Any], None]) -> None:
    """Run ``work`` on a thread (the UI keeps drawing), then ``done(result)`` on the UI thread."""

    def run() -> None:
        result = work()
        Clock.schedule_once(lambda _dt: done(result), 0)

    threading.Thread(target=run, name="background", daemon=True).start()


def load_kv() -> None:
    """Load the ``.kv`` rules once per process (loading twice would double every widget)."""
    global _kv_loaded
    if _kv_loaded:
        return
    for name in KV_FILES:
        Builder.load_file(str(KV_DIR / name))
    _kv_loaded = True


class RootView(BoxLayout):
    """The screens above, the status bar below (layout in root.kv)."""


class TablesideApp(App):
    """The touchscreen app; all state lives in :attr:`controller`."""

    lang = StringProperty("en")
    title = "tableside"

    def __init__(
        self,
        controller: AppController,
        kiosk: bool = False,
        use_hardware: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.kiosk = kiosk
        self.use_hardware = use_hardware
        self.lang = controller.lang
        self.hardware: HardwareBridge | None = None
        self.watchdog: Any = None
        self._ping: Any = None
        self.first_screen_shown = False
        self.frame_log: Any = None
        self.housekeeping: Any = None
        self.voice: Voice | None = None
        self.storage_recheck_seconds = STORAGE_RECHECK_SECONDS
        self._storage_check: Any = None
        #: The camera whose follower runs on a worker thread (ui/app/follow_feed.py).
        self._following: Any = None
        #: The closed loop's camera reading under way, and the one asked for meanwhile.
        self._table_busy = False
        self._table_next: tuple[Any, float] | None = None
        #: The café fleet's box client (fleet/box/client.py), when this box is enrolled.
        self.fleet: Any = None
        self._fleet_tick: Any = None

    # -- translation used by the .kv files: text: app.tx("Undo", app.lang) -------------

    def tx(self, template: str, _lang: str | None = None) -> str:
        """Translate a fixed UI text; passing ``app.lang`` makes kv re-evaluate on switch."""
        return render(_(template), self.controller.lang)

    # -- building --------------------------------------------------------------------

    def build(self) -> RootView:
        load_kv()
        root = RootView()  # each screen is built the first time it is shown (screen())
        Window.bind(on_key_down=self._on_key_down)
        if self.use_hardware:
            pin_map = pin_map_to_load(self.controller.settings.pin_map, self.kiosk)
            self.hardware = HardwareBridge(self.button, str(pin_map) if pin_map else None)
        self.controller.on_change = self.refresh
        self.controller.on_field = self.refresh_field
        self.controller.read_table = self.read_table
        self.controller.in_background = self._in_background  # type: ignore[method-assign]
        self.controller.on_ui = lambda func: Clock.schedule_once(lambda _dt: func(), 0)  # type: ignore[method-assign]
        self.controller.staff.on_change = lambda: Clock.schedule_once(lambda _dt: self.refresh())
        return root

    def on_start(self) -> None:
        from ui.app import frame_log
        from ui.app.memory import IdleHousekeeping

        self.frame_log = frame_log.install(self)  # only for `tableside bench app`
        self.housekeeping = IdleHousekeeping(at_rest=lambda: self.controller.service.at_rest())
        self.voice = Voice()
        self.controller.start()
        self.fleet = start_fleet(self.controller)
        if self.fleet is not None:  # the staff board's status and "Call staff" go through it
            from ui.app.fleet_status import STATUS_SECONDS, join_fleet

            tick = join_fleet(self.controller, self.fleet, self.controller.on_ui)
            self._fleet_tick = Clock.schedule_interval(tick, STATUS_SECONDS)
        if self.kiosk:
            self.watchdog = make_watchdog()
            if self.watchdog is not None:
                Window.bind(on_flip=self._first_frame)  # ready once the first screen is drawn
                self._ping = Clock.schedule_interval(
                    lambda _dt: self.watchdog.ping(), WATCHDOG_PING_SECONDS
                )

    def _first_frame(self, *_args: Any) -> None:
        Window.unbind(on_flip=self._first_frame)
        if self.watchdog is not None:
            self.watchdog.ready()
        # SDL2's KMS/DRM back end sets the display's mode on its first buffer swap
        # and shows the *next* one: a kiosk that drew its first screen once and then
        # sat idle stayed black until someone touched it (found by booting the image,
        # scripts/image/boot-check). Two more frames put the first screen on the glass.
        for delay in (0.2, 1.0):
            Clock.schedule_once(lambda _dt: Window.canvas.ask_update(), delay)

    def on_stop(self) -> None:
        if self.root is not None:
            self.current_screen().hidden()
        if self._ping is not None:
            self._ping.cancel()
        if self._storage_check is not None:
            self._storage_check.cancel()
            self._storage_check = None
        if self.watchdog is not None:
            self.watchdog.stopping()
        if self.hardware is not None:
            self.hardware.close()
        if self.housekeeping is not None:
            self.housekeeping.stop()
        if self.frame_log is not None:
            self.frame_log.close()
        if self.voice is not None:
            self.voice.close()
        if self._following is not None:
            self._following.close()
            self._following = None
        if self._fleet_tick is not None:
            self._fleet_tick.cancel()
            self._fleet_tick = None
        if self.fleet is not None:
            self.fleet.close()
            self.fleet = None

    def open_settings(self, *_args: Any) -> bool:
        """Kivy's own settings panel (F1) never opens: the app has its Settings screen."""
        return False

    # -- rendering -------------------------------------------------------------------

    @property
    def manager(self) -> Any:
        return self.root.ids.manager

    def screen(self, name: str) -> _screens.AppScreen:
        """The screen ``name``, built the first time it is asked for.

        Building all 14 screens at start-up made the labels and textures of
        screens a player may never open (settings, camera, components). The
        screens a game passes once are dropped when left (:data:`DROPPED_WHEN_LEFT`)."""
        manager = self.manager
        if not manager.has_screen(name):
            manager.add_widget(_screens.SCREENS[name](name=name))
        return manager.get_screen(name)  # type: ignore[no-any-return]

    def current_screen(self) -> _screens.AppScreen:
        return self.screen(self.controller.screen)

    def refresh(self) -> None:
        """Show and fill the controller's current screen; update the status bar and LEDs."""
        c = self.controller
        self.lang = c.lang
        if self.manager.current != c.screen:
            leaving = None
            if self.manager.current:
                leaving = self.manager.get_screen(self.manager.current)
                leaving.reset_focus()
                leaving.hidden()
            self.screen(c.screen)
            self.manager.current = c.screen
            self.current_screen().shown()
            if leaving is not None and leaving.name in DROPPED_WHEN_LEFT:
                self.manager.remove_widget(leaving)  # built again if it is shown again
        screen = self.current_screen()
        screen.render()
        status = self.root.ids
        problem = c.service.problem  # storage refusing writes: the banner says so
        status.hardware.text = (
            c.text(problem)
            if problem is not None
            else c.text(self.hardware.description)
            if self.hardware
            else c.text(_("Buttons: keyboard only"))
        )
        status.hardware.color = (1, 0.55, 0.45, 1) if problem is not None else (0.8, 0.85, 0.9, 1)
        if problem is None and MISSING_TOUCH:  # touch is dead: say so and what to do
            status.hardware.text = c.text(_("Touch off: use the buttons, check the cable"))
            status.hardware.color = (1, 0.55, 0.45, 1)
        self._follow_camera()
        status.camera.text = c.text(c.camera.describe())
        example = False
        if c.screen in {"play", "checklist", "trace"} and c.service.session is not None:
            view = getattr(screen, "view", None) or c.play_view()
            example = view.example_data
        status.example.text = c.text(_("EXAMPLE DATA")) if example else ""
        show_staff(status, c.staff, c.text)
        self._update_lights()
        self._watch_storage()
        if self.housekeeping is not None:
            self.housekeeping.poke()
        self._speak()
        self.first_screen_shown = True

    def _in_background(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """:func:`in_background`, its result dropped when this app has closed meanwhile."""

        def back(result: Any) -> None:
            if App.get_running_app() is self:
                done(result)

        in_background(work, back)

    def _follow_camera(self) -> None:
        """A camera that follows the table feeds its follower on a worker thread (never on
        the main thread); each new still moment comes back here through the clock."""
        camera = self.controller.camera
        if camera is self._following:
            return
        if self._following is not None:
            self._following.close()
        self._following = camera if camera.can_follow else None
        if self._following is not None:

            def changed() -> None:
                Clock.schedule_once(lambda _dt: self._followed(camera), 0)

            camera.follow(on_change=changed)

    def _followed(self, camera: Any) -> None:
        if App.get_running_app() is self and camera is self.controller.camera:
            self.controller.followed()

    def _watch_storage(self) -> None:
        """Check a refusing storage again on a clock interval until it takes steps again."""
        if self.controller.service.can_save:
            if self._storage_check is not None:
                self._storage_check.cancel()
                self._storage_check = None
        elif self._storage_check is None:
            self._storage_check = Clock.schedule_interval(
                self._recheck_storage, self.storage_recheck_seconds
            )

    def _recheck_storage(self, _dt: float) -> bool:
        """The interval's tick; returning False stops it (saving works again)."""
        if not self.controller.recheck_storage():
            return True
        self._storage_check = None
        return False

    # -- the closed loop's readings (ui/app/table_check.py) ---------------------------

    def read_table(self, key: Any, delay: float) -> None:
        """Read the table for step ``key`` in ``delay`` s on a worker thread (a reading takes
        a few frames: never on the main thread), then hand it to the controller here.

        One reading at a time; a reading asked for meanwhile starts when it is back."""
        if self._table_busy:
            self._table_next = (key, delay)
            return
        self._table_busy = True
        camera = self.controller.camera

        def work() -> None:
            try:
                reading = camera.reading()
            except Exception:  # a camera failure must not stop the game: nothing is said
                reading = None
            Clock.schedule_once(lambda _dt: self._table_read(key, reading), 0)

        def start(_dt: float = 0) -> None:
            if App.get_running_app() is not self or self.controller.table_check.key != key:
                self._table_done()  # the app closed or the players moved on meanwhile
                return
            threading.Thread(target=work, name="table-check", daemon=True).start()

        if delay > 0:
            Clock.schedule_once(start, delay)
        else:
            start()

    def _table_read(self, key: Any, reading: Any) -> None:
        if App.get_running_app() is self and reading is not None:
            self.controller.table_read(key, reading)
        self._table_done()

    def _table_done(self) -> None:
        self._table_busy = False
        waiting, self._table_next = self._table_next, None
        if waiting is not None and App.get_running_app() is self:
            self.read_table(*waiting)

    def refresh_field(self, key: str) -> None:
        """One field's value (``key``) or the focus changed: update only that on screen."""
        self.current_screen().update_field(key)
        self._update_lights()
        if self.housekeeping is not None:
            self.housekeeping.poke(new_screen=False)

    def _speak(self, again: bool = False) -> None:
        """Say the bot's action and instructions once per step (ui/voice.py; never blocks);
        ``again`` says them once more (the menu's "Say again")."""
        c = self.controller
        voice = self.voice
        if voice is None:
            return
        s = c.settings
        voice.configure(s.voice, s.voice_volume, c.lang)
        session = c.service.session
        if not s.voice or (c.screen != "play" and not again) or session is None:
            return
        decision = c.prompt.decision or session.last_decision
        if decision is not None:
            key = (c.service.session_id, session.step_count)
            voice.say(speech_for(decision, c.tr), key=key, again=again)

    def say_again(self) -> None:
        """The menu's "Say again": the bot's last action spoken once more, back to the game."""
        self._speak(again=True)
        self.controller.back()

    def _update_lights(self) -> None:
        hw = self.hardware
        if hw is None:
            return
        c = self.controller
        if c.error is not None:
            hw.show("error")
        elif c.table_differs:
            hw.show("differs")  # the camera sees the table differ from the instructions
        elif c.screen in {"play", "checklist"}:
            hw.show("waiting")
        else:
            hw.show("idle")
        hw.light_tray(c.chosen_tray() if c.screen in {"play", "camera"} else None)

    # -- buttons and keys ------------------------------------------------------------

    def call_staff(self) -> None:
        """The menu's "Call staff" (or "Staff is here" while a call is open)."""
        self.controller.staff.button()

    def button(self, event: str) -> None:
        """A button event (hardware, on the main thread, or a key stand-in)."""
        if self.controller.button(event):
            return
        screen = self.current_screen()
        if event == "next" or (event == "confirm" and not screen.activate_focused()):
            screen.focus_next()

    def _on_key_down(self, _window: Any, key: int, *_args: Any) -> bool:
        if key == 27 and self.kiosk:
            return True  # Escape never leaves the kiosk
        event = event_for_key(key)
        if event is None:
            return False
        if self._typing():
            return False  # a text field has the keyboard
        self.button(event)
        return True

    def _typing(self) -> bool:
        from kivy.uix.textinput import TextInput

        return any(
            isinstance(w, TextInput) and w.focus for w in self.current_screen().walk(restrict=True)
        )


def start_fleet(controller: AppController) -> Any:
    """The café fleet's box client if this box is enrolled (docs/fleet.md), else ``None``:
    without a hub the box plays exactly as alone, and nothing of the fleet is imported."""
    from ui.paths import config_dir

    if not (config_dir() / "fleet.json").exists():
        return None
    from dataclasses import fields
    from importlib.metadata import version

    from fleet.box.glue import start_box
    from ui.app.settings import Settings

    known = {f.name for f in fields(Settings)}

    def apply(pushed: dict[str, Any]) -> None:  # at a game start, on the app's thread
        controller.update_settings(**{k: v for k, v in pushed.items() if k in known})

    return start_box(controller.service, config_dir(), version=version("tableside"),
                     apply_settings=apply)  # fmt: skip


def run_app(
    controller: AppController,
    kiosk: bool = False,
    camera: CameraFeed | None = None,
) -> int:
    """Run the app until its window closes."""
    if camera is not None:
        controller.camera = camera
    app = TablesideApp(controller, kiosk=kiosk)
    try:
        app.run()
    finally:
        controller.service.close()
    return 0
