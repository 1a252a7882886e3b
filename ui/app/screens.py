"""The screens: each places what the controller's presenters hand it.

The static layout of each screen is in its ``.kv`` file under ``ui/app/kv/``;
the classes here fill in the parts that depend on the game (fields, lists).
No rules logic: every action calls an :class:`ui.app.controller.AppController`
method.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from kivy.app import App
from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from rules.text import Msg
from ui.app.camera_control import CameraControl
from ui.app.presenters import DecisionView, FieldView, PlayView, resume_text, tr_msg
from ui.app.widgets import BODY, TOUCH, BigButton, FitLabel
from ui.i18n import LANGUAGES, _
from ui.painters import Marks
from ui.paths import pin_map_choices

if TYPE_CHECKING:
    from ui.app.controller import AppController


class AppScreen(Screen):
    """A screen that renders from the controller and moves a NEXT-button focus."""

    focus_index = -1

    @property
    def controller(self) -> AppController:
        from kivy.app import App

        return App.get_running_app().controller  # type: ignore[no-any-return,union-attr]

    def render(self) -> None:
        """Fill the screen from the controller's current view data."""

    def shown(self) -> None:
        """The app has just made this the current screen (start timers here)."""

    def hidden(self) -> None:
        """The app is leaving this screen or closing (stop timers here)."""

    # -- NEXT / CONFIRM on menu screens ---------------------------------------------

    def focusables(self) -> list[BigButton]:
        found = [
            w
            for w in self.walk(restrict=True)
            if isinstance(w, BigButton) and not w.disabled and w.opacity > 0 and w.width > 1
        ]
        found.sort(key=lambda w: (-round(w.to_window(*w.center)[1]), w.to_window(*w.center)[0]))
        return found

    def focus_next(self) -> None:
        buttons = self.focusables()
        for button in buttons:
            button.focused = False
        if not buttons:
            return
        self.focus_index = (self.focus_index + 1) % len(buttons)
        buttons[self.focus_index].focused = True
        self._scroll_to(buttons[self.focus_index])

    def activate_focused(self) -> bool:
        buttons = [b for b in self.focusables() if b.focused]
        if not buttons:
            return False
        buttons[0].trigger_action(duration=0)
        return True

    def _scroll_to(self, widget: Widget) -> None:
        from kivy.uix.scrollview import ScrollView

        parent = widget.parent
        while parent is not None and parent is not self:
            if isinstance(parent, ScrollView):
                parent.scroll_to(widget, padding=10, animate=False)
                return
            parent = parent.parent

    def reset_focus(self) -> None:
        self.focus_index = -1
        for button in self.focusables():
            button.focused = False


def _text(message: Any) -> str:
    from kivy.app import App

    app = App.get_running_app()
    return tr_msg(message, app.controller.tr)  # type: ignore[union-attr]


# -- fields (set-up options and the facts the bot needs) ------------------------------


def field_widgets(
    view: FieldView,
    step: Callable[[str, int, str | None], None],
    choose: Callable[[str, str], None],
    toggle: Callable[[str], None],
    set_text: Callable[[str, str], None],
) -> list[Widget]:
    """The widgets for one field: a caption, then steppers, buttons or a toggle."""
    caption = view.label
    if view.from_camera:
        camera = _text(_("from the camera"))
        caption = f"{caption}  ({camera})"
    out: list[Widget] = [
        FitLabel(text=caption, auto_height=True, bold=True, max_font_size=BODY + 2)
    ]
    if view.help:
        out.append(FitLabel(text=view.help, auto_height=True, color=(0.75, 0.8, 0.9, 1)))
    if view.kind == "counts":
        for entry in view.entries:
            out.append(
                stepper(
                    entry.label,
                    entry.text,
                    lambda delta, e=entry.value: step(view.key, delta, e),
                    name=f"{view.key}.{entry.value}",
                )
            )
    elif view.kind == "int":
        out.append(
            stepper("", view.value_text, lambda delta: step(view.key, delta, None), name=view.key)
        )
    elif view.kind in {"choice", "multi"}:
        grid = GridLayout(cols=2 if len(view.entries) > 3 else len(view.entries) or 1, spacing=8)
        grid.size_hint_y = None
        grid.bind(minimum_height=grid.setter("height"))
        for entry in view.entries:
            button = BigButton(text=entry.label, selected=entry.selected, auto_height=True)
            button.field_key = f"{view.key}={entry.value}"
            button.bind(on_release=lambda _b, v=entry.value: choose(view.key, v))
            grid.add_widget(button)
        out.append(grid)
    elif view.kind == "bool":
        button = BigButton(text=view.value_text, selected=view.value_text == _text(_("Yes")))
        button.field_key = view.key
        button.bind(on_release=lambda _b: toggle(view.key))
        out.append(button)
    else:
        entry_box = TextInput(
            text=view.value_text if view.value_text != "–" else "",
            multiline=False,
            font_size=BODY,
            size_hint_y=None,
            height=TOUCH,
        )
        entry_box.bind(text=lambda _w, value: set_text(view.key, value))
        out.append(entry_box)
    return out


def stepper(label: str, value: str, change: Callable[[int], None], name: str) -> BoxLayout:
    """``label  [-]  value  [+]`` with finger-sized buttons."""
    row = BoxLayout(size_hint_y=None, height=TOUCH, spacing=8)
    if label:
        row.add_widget(FitLabel(text=label, max_font_size=BODY + 2))
    minus = BigButton(text="-", size_hint_x=None, width=TOUCH + 16, max_font_size=34, bold=True)
    plus = BigButton(text="+", size_hint_x=None, width=TOUCH + 16, max_font_size=34, bold=True)
    shown = FitLabel(
        text=value, size_hint_x=None, width=70, halign="center", max_font_size=30, bold=True
    )
    minus.field_key = f"{name}-"
    plus.field_key = f"{name}+"
    shown.field_key = f"{name}="
    minus.bind(on_release=lambda _b: change(-1))
    plus.bind(on_release=lambda _b: change(+1))
    for widget in (minus, shown, plus):
        row.add_widget(widget)
    return row


def _fill_fields(container: Widget, views: tuple[FieldView, ...], form_owner: Any) -> None:
    controller = form_owner

    def step(key: str, delta: int, entry: str | None) -> None:
        controller.current_form().step(key, delta, entry)
        controller.on_change()

    def choose(key: str, value: str) -> None:
        controller.current_form().choose(key, value)
        controller.on_change()

    def toggle(key: str) -> None:
        controller.current_form().toggle(key)
        controller.on_change()

    def set_text(key: str, value: str) -> None:
        controller.current_form().set_text(key, value)

    for view in views:
        for widget in field_widgets(view, step, choose, toggle, set_text):
            container.add_widget(widget)


# -- the screens ----------------------------------------------------------------------


class ResumeScreen(AppScreen):
    def render(self) -> None:
        c = self.controller
        record = c.resumable
        self.ids.detail.text = (
            resume_text(record, c.game_title(record.game), c.tr) if record is not None else ""
        )
        self.ids.notice.text = c.text(c.notice) if c.notice else ""


class ChooseScreen(AppScreen):
    def render(self) -> None:
        c = self.controller
        self.ids.notice.text = c.text(c.notice) if c.notice else ""
        grid = self.ids.games
        grid.clear_widgets()
        games = c.games()
        if not games:
            grid.add_widget(
                FitLabel(text=c.text(_("No game modules are installed.")), auto_height=True)
            )
        for name, game in games.items():
            title = c.game_title(name)
            role = c.text(Msg(game.role)) if game.role else ""
            button = BigButton(
                text=f"[b]{title}[/b]\n{role}" if role else f"[b]{title}[/b]",
                markup=True,
                auto_height=True,
                min_height=88,
                halign="left",
                max_font_size=22,
                padding=(16, 8),
            )
            button.game_name = name
            button.bind(on_release=lambda _b, n=name: c.choose_game(n))
            grid.add_widget(button)


class SetupScreen(AppScreen):
    def render(self) -> None:
        c = self.controller
        name = c.chosen_game or ""
        self.ids.title.text = c.text(_("New game: {game}", game=c.game_title(name))) if name else ""
        self.ids.error.text = c.text(c.error) if c.error else ""
        container = self.ids.fields
        scroll = self.ids.scroll.scroll_y
        container.clear_widgets()
        add_setup_notice(container, c)
        _fill_fields(container, c.setup_view(), c)
        self.ids.scroll.scroll_y = scroll


class ChecklistScreen(AppScreen):
    can_undo = BooleanProperty(False)

    def render(self) -> None:
        c = self.controller
        view = c.play_view()
        self.can_undo = view.can_undo
        self.ids.title.text = f"{view.phase}: {view.title}"
        self.ids.step.text = view.step_text
        self.ids.error.text = view.error
        items = self.ids.checks
        items.clear_widgets()
        for index, line in enumerate(view.lines):
            done = index in c.ticked
            button = BigButton(
                text=line, selected=done, halign="left", padding=(16, 6), auto_height=True
            )
            button.bind(on_release=lambda _b, i=index: c.toggle_tick(i))
            items.add_widget(button)
        if view.decision is not None:
            d = view.decision
            items.add_widget(
                FitLabel(
                    text=f"{d.heading}: {d.summary}",
                    auto_height=True,
                    bold=True,
                    color=(1, 0.85, 0.4, 1),
                )
            )
            for line in d.instructions:
                items.add_widget(FitLabel(text=f"• {line}", auto_height=True))
        _fill_fields(items, view.fields, c)
        self.ids.confirm.text = view.confirm_label if view.fields else c.text(_("All done"))


class PlayScreen(AppScreen):
    can_undo = BooleanProperty(False)

    def render(self) -> None:
        c = self.controller
        view: PlayView = c.play_view()
        self.view = view
        self.can_undo = view.can_undo
        self.ids.title.text = f"{view.phase}: {view.title}"
        self.ids.step.text = view.step_text
        self.ids.confirm.text = view.confirm_label
        # The picture shows the values being entered where it mirrors a field (board).
        self.ids.scene.show(view.scene, c.tr, Marks(values=c.current_form().values))
        content = self.ids.content
        scroll = self.ids.scroll.scroll_y
        content.clear_widgets()
        if view.error:
            content.add_widget(
                FitLabel(text=view.error, auto_height=True, color=(1, 0.5, 0.4, 1), bold=True)
            )
        d = view.decision
        if view.previous is not None:
            self._done(view.previous)  # what the bot just did stays in view: do it first
        if d is not None and d.done and view.fields:
            self._done(d)  # what the bot did at the last step, above the facts asked now
        elif d is not None:
            self._decision(d)
        for line in view.lines:
            content.add_widget(FitLabel(text=line, auto_height=True, max_font_size=24))
        if view.finished:
            content.add_widget(
                FitLabel(
                    text=c.text(_("The game is over. Undo goes back; New game starts again.")),
                    auto_height=True,
                )
            )
        _fill_fields(content, view.fields, c)
        self.ids.scroll.scroll_y = scroll

    def _done(self, d: DecisionView) -> None:
        """What the bot did at the last step: headline and the physical steps left to do."""
        content = self.ids.content
        content.add_widget(
            FitLabel(
                text=f"{d.heading}: {d.summary}",
                auto_height=True,
                max_font_size=24,
                bold=True,
                color=(1, 0.85, 0.4, 1),
            )
        )
        for line in d.instructions:
            content.add_widget(FitLabel(text=f"• {line}", auto_height=True, max_font_size=22))

    def _decision(self, d: DecisionView) -> None:
        c = self.controller
        content = self.ids.content
        content.add_widget(FitLabel(text=d.heading, auto_height=True, color=(0.75, 0.8, 0.9, 1)))
        summary = FitLabel(
            text=d.summary, auto_height=True, max_font_size=34, bold=True, color=(1, 0.85, 0.4, 1)
        )
        summary.field_key = "decision"
        content.add_widget(summary)
        for line in d.instructions:
            content.add_widget(FitLabel(text=f"• {line}", auto_height=True, max_font_size=24))
        if not d.reason:
            return
        row = BoxLayout(size_hint_y=None, spacing=8)
        reason = FitLabel(
            text=c.text(_("Why: {reason}", reason=d.reason)),
            auto_height=True,
            color=(0.75, 0.8, 0.9, 1),
            italic=True,
        )
        why = BigButton(text=c.text(_("Full trace")), size_hint_x=None, width=150, max_font_size=22)
        why.field_key = "why"
        why.bind(on_release=lambda _b: c.show("trace"))
        row.add_widget(reason)
        row.add_widget(why)
        reason.bind(height=lambda _w, h, r=row: setattr(r, "height", max(h, TOUCH)))
        row.height = max(reason.height, TOUCH)
        content.add_widget(row)


class TraceScreen(AppScreen):
    def render(self) -> None:
        c = self.controller
        decision = c.current_decision()
        self.ids.summary.text = c.text(decision.summary) if decision else ""
        lines = self.ids.lines
        lines.clear_widgets()
        for line in c.trace_lines() or [c.text(_("No bot decision yet."))]:
            lines.add_widget(FitLabel(text=line, auto_height=True))


class HistoryScreen(AppScreen):
    can_redo = BooleanProperty(False)

    def render(self) -> None:
        c = self.controller
        session = c.service.session
        self.can_redo = bool(session and session.can_redo)
        rows = self.ids.rows
        rows.clear_widgets()
        entries = c.history_rows()
        if not entries:
            rows.add_widget(FitLabel(text=c.text(_("No confirmed steps yet.")), auto_height=True))
        for row in reversed(entries):
            text = f"[b]{row.number_text}. {row.title}[/b]"
            if row.detail:
                text += f"\n{row.detail}"
            button = BigButton(
                text=text,
                markup=True,
                halign="left",
                padding=(16, 6),
                max_font_size=22,
                auto_height=True,
            )
            button.step_index = row.index
            button.bind(on_release=lambda _b, i=row.index: c.undo(i))
            rows.add_widget(button)


#: The volume steps offered on the settings screen.
VOICE_VOLUMES = (25, 50, 75, 100)


class SettingsScreen(AppScreen):
    def render(self) -> None:
        c = self.controller
        box = self.ids.content
        box.clear_widgets()
        s = c.settings

        def section(title: Any) -> None:
            box.add_widget(FitLabel(text=c.text(title), auto_height=True, bold=True))

        def buttons(items: list[tuple[str, bool, Callable[[], None]]], cols: int = 3) -> None:
            grid = GridLayout(cols=cols, spacing=8, size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            for label, chosen, action in items:
                button = BigButton(text=label, selected=chosen)
                button.bind(on_release=lambda _b, a=action: a())
                grid.add_widget(button)
            box.add_widget(grid)

        section(_("Your components"))
        buttons([(c.text(_("Your tiles and cards")), False, lambda: c.show("components"))], 1)
        section(_("Language"))
        buttons(
            [
                (name, code == s.language, lambda code=code: c.set_language(code))
                for code, name in LANGUAGES.items()
            ]
        )
        section(_("Difficulty for new games"))
        levels = c.difficulty_choices()
        buttons(
            [
                (
                    c.text(_("Game default")),
                    not s.difficulty,
                    lambda: c.update_settings(difficulty=""),
                )
            ]
            + [
                (label, value == s.difficulty, lambda v=value: c.update_settings(difficulty=v))
                for value, label in levels
            ],
            cols=2,
        )
        section(_("Pin map file for the buttons and lights (empty: defaults)"))
        if getattr(App.get_running_app(), "kiosk", False):  # no path can be typed in a kiosk
            found = pin_map_choices()
            automatic = (
                c.text(_("Automatic")),
                not s.pin_map,
                lambda: c.update_settings(pin_map=""),
            )
            buttons(
                [automatic]
                + [
                    (p.name, s.pin_map == str(p), lambda p=p: c.update_settings(pin_map=str(p)))
                    for p in found
                ],
                cols=2,
            )
        else:
            entry = TextInput(
                text=s.pin_map, multiline=False, font_size=BODY, size_hint_y=None, height=TOUCH
            )
            entry.bind(
                on_text_validate=lambda w: c.update_settings(pin_map=w.text.strip()),
                focus=lambda w, f: None if f else c.update_settings(pin_map=w.text.strip()),
            )
            box.add_widget(entry)
        section(_("Kiosk: screen rotation (from the next start)"))
        buttons(
            [
                (f"{deg}°", deg == s.rotation, lambda d=deg: c.update_settings(rotation=d))
                for deg in (0, 90, 180, 270)
            ],
            cols=4,
        )
        section(_("Kiosk: mouse pointer (from the next start)"))
        buttons(
            [
                (c.text(_("Shown")), s.show_cursor, lambda: c.update_settings(show_cursor=True)),
                (
                    c.text(_("Hidden")),
                    not s.show_cursor,
                    lambda: c.update_settings(show_cursor=False),
                ),
            ],
            cols=2,
        )
        # Voice (ui/voice.py; the board developer's section): on/off and volume by touch.
        section(_("Voice: speak the bot's turn"))
        buttons(
            [
                (c.text(_("On")), s.voice, lambda: c.update_settings(voice=True)),
                (c.text(_("Off")), not s.voice, lambda: c.update_settings(voice=False)),
            ],
            cols=2,
        )
        section(_("Voice volume"))
        buttons(
            [
                (f"{v} %", v == s.voice_volume, lambda v=v: c.update_settings(voice_volume=v))
                for v in VOICE_VOLUMES
            ],
            cols=4,
        )


class CameraScreen(AppScreen):
    """The live camera picture with the trays outlined, and the calibration flow.

    The logic is :class:`ui.app.camera_control.CameraControl`; this screen
    shows its picture as a texture about twice a second while it is shown, and
    runs the calibration on a worker thread, handing the result back to the
    main thread with ``Clock.schedule_once``.
    """

    phase = StringProperty("live")
    has_camera = BooleanProperty(False)
    REFRESH_SECONDS = 0.5

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._model: CameraControl | None = None
        self._tick: Any = None
        self._worker: threading.Thread | None = None

    @property
    def model(self) -> CameraControl:
        if self._model is None:
            self._model = CameraControl(self.controller)
        return self._model

    def shown(self) -> None:
        self.refresh_picture()
        if self._tick is None:
            self._tick = Clock.schedule_interval(self.refresh_picture, self.REFRESH_SECONDS)

    def hidden(self) -> None:
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def render(self) -> None:
        c = self.controller
        m = self.model
        self.phase = m.phase
        self.has_camera = m.has_camera
        self.ids.message.text = c.text(m.message())
        status = m.status()
        self.ids.status.text = c.text(status) if status is not None else ""
        self.ids.status.color = (1, 0.5, 0.4, 1) if m.error else (0.75, 0.8, 0.9, 1)
        if self.ids.picture.texture is None:
            self.ids.nopicture.text = c.text(
                _("No picture yet") if m.has_camera else _("No camera")
            )

    def refresh_picture(self, *_args: Any) -> None:
        """Grab, outline and show one picture (the Clock interval calls this)."""
        from kivy.app import App

        if App.get_running_app() is None:
            self.hidden()  # the app has closed
            return
        if self.model.phase == "calibrating":
            return  # the worker thread has the camera
        picture = self.model.picture(self.controller.chosen_tray())
        if picture is not None:
            self.ids.picture.texture = bgr_texture(picture, self.ids.picture.texture)
            self.ids.nopicture.text = ""
        self.render()

    def calibrate(self) -> None:
        if not self.model.start_calibration():
            self.render()
            return
        self.render()
        model = self.model

        def work() -> None:
            result = model.calibrate_now()
            Clock.schedule_once(lambda _dt: self._calibrated(result), 0)

        self._worker = threading.Thread(target=work, name="calibrate", daemon=True)
        self._worker.start()

    def _calibrated(self, result: Any) -> None:
        self.model.finish_calibration(result)
        if self.manager is not None and self.manager.current == self.name:
            self.refresh_picture()  # otherwise the found outlines wait for the players' return

    def save(self) -> None:
        self.model.save()
        self.controller.on_change()  # the status bar shows the new camera state
        self.refresh_picture()

    def retry(self) -> None:
        self.model.retry()
        self.refresh_picture()


def bgr_texture(image: np.ndarray, reuse: Texture | None = None) -> Texture:
    """An OpenCV BGR picture as a Kivy texture (rows flipped: OpenCV's first row is the top)."""
    height, width = image.shape[:2]
    texture = reuse
    if texture is None or tuple(texture.size) != (width, height):
        texture = Texture.create(size=(width, height), colorfmt="rgb")
        texture.flip_vertical()
    data = np.ascontiguousarray(image[:, :, ::-1])
    texture.blit_buffer(data.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
    return texture


SCREENS: dict[str, type[AppScreen]] = {
    "resume": ResumeScreen,
    "choose": ChooseScreen,
    "setup": SetupScreen,
    "checklist": ChecklistScreen,
    "play": PlayScreen,
    "trace": TraceScreen,
    "history": HistoryScreen,
    "settings": SettingsScreen,
    "camera": CameraScreen,
}


from ui.app.component_screens import COMPONENT_SCREENS, add_setup_notice  # noqa: E402

SCREENS.update(COMPONENT_SCREENS)
