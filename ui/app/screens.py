"""The screens: each places what the controller's presenters hand it.

The static layout of each screen is in its ``.kv`` file under ``ui/app/kv/``;
the classes here fill in the parts that depend on the game (fields, lists).
No rules logic: every action calls an :class:`ui.app.controller.AppController`
method.

Screens update their widgets in place: a step change sets new texts on the
same labels and rebuilds only the fields when the step asks something else; a
stepper tap changes one number (:meth:`PlayScreen.update_field`); the board
picture is given its scene again only when the scene changed. Long lists (the
history) are a Kivy ``RecycleView``: only the rows in view are widgets.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from rules.text import Msg
from ui.app.app_screen import AppScreen, scroll_to
from ui.app.fields import Actions
from ui.app.game_over import over_view
from ui.app.look_first import LOOK, correcting, looking
from ui.app.presenters import DecisionView, PlayView
from ui.app.settings import VOICE_VOLUMES
from ui.app.widgets import BODY, SMALL, TOUCH, BigButton, FitLabel, FocusRing, list_button
from ui.i18n import LANGUAGES, _
from ui.painters import marks_for_field
from ui.paths import pin_map_choices

if TYPE_CHECKING:
    import numpy as np
    from kivy.graphics.texture import Texture

    from ui.app.camera_control import CameraControl
    from ui.app.controller import AppController

#: How much of a field (from its top: caption, first row) must be in view to count as seen.
HEAD_IN_VIEW = 48
#: Room kept above and below the look-first mark in view (scroll_to's padding).
MARK_PADDING = 10
DONE_COLOUR = (1, 0.85, 0.4, 1)
QUIET_COLOUR = (0.75, 0.8, 0.9, 1)
ERROR_COLOUR = (1, 0.5, 0.4, 1)
MATCHES_COLOUR = (0.55, 0.9, 0.6, 1)
DIFFERS_COLOUR = (1, 0.62, 0.3, 1)


def show_texts(box: Widget, texts: Sequence[str], make: Callable[[], FitLabel]) -> None:
    """Put ``texts`` into ``box``'s labels, reusing them; add or remove labels as needed."""
    labels = list(reversed(box.children))
    for index, text in enumerate(texts):
        if index < len(labels):
            label = labels[index]
        else:
            label = make()
            box.add_widget(label)
        if label.text != text:
            label.text = text
    for label in labels[len(texts) :]:
        box.remove_widget(label)


def set_text(label: Widget, text: str) -> None:
    """Set a label's text; an empty one takes no room."""
    if label.text != text:
        label.text = text
    label.opacity = 1 if text else 0


def _actions(c: AppController) -> Actions:
    return Actions(step=c.step, choose=c.choose, set_bool=c.set_bool, set_text=c.set_text)


def _field_texts(c: AppController) -> dict[str, str]:
    return {
        "camera": c.text(_("from the camera")),
        "check": c.text(_("camera: please check")),
        "yes": c.text(_("Yes")),
        "no": c.text(_("No")),
        # A long list of options, closed: "C3   [Change (61)]"; open: "[Close list]".
        "change": c.text(_("Change")),
        "close": c.text(_("Close list")),
        "none": c.text(_("none chosen yet")),
        # What the button box does on the focused field, shown under its caption.
        "keys_open": c.text(_("Buttons: BOT opens this, NEXT passes it")),
        "keys_row": c.text(_("Buttons: BOT/UNDO pick in this row, NEXT goes to the next row")),
        # A wide number (a score): BOT/UNDO turn one digit, 0 follows 9 and 9 follows 0.
        "keys_digit": c.text(_("Buttons: BOT/UNDO turn the lit digit (9 follows 0), NEXT on")),
        "keys_step": c.text(
            _("Buttons: BOT +, UNDO -, NEXT on (past Confirm, UNDO goes back a step)")
        ),
    }


# -- the screens ----------------------------------------------------------------------


class ResumeScreen(AppScreen):
    """Start-up with unfinished games: resume one of them (round, players) or start anew."""

    def render(self) -> None:
        c = self.controller
        self.ids.notice.text = c.text(c.notice) if c.notice else ""
        games = self.ids.games
        games.clear_widgets()
        for saved in c.saved_games():
            button = list_button(saved.title, saved.detail)
            button.field_key = f"resume={saved.session_id}"
            button.bind(on_release=lambda _b, i=saved.session_id: c.resume(i))
            games.add_widget(button)


class ChooseScreen(AppScreen):
    _built: tuple[Any, ...] = ()

    def render(self) -> None:
        c = self.controller
        self.ids.notice.text = c.text(c.notice) if c.notice else ""
        games = c.games()
        key = (c.lang, tuple(games))
        if key == self._built:
            return  # the same games in the same language: the buttons are there
        self._built = key
        grid = self.ids.games
        grid.clear_widgets()
        if not games:
            grid.add_widget(
                FitLabel(text=c.text(_("No game modules are installed.")), auto_height=True)
            )
        for name, game in games.items():
            title = c.game_title(name)
            role = c.text(Msg(game.role)) if game.role else ""
            button = list_button(title, role, min_height=88)
            button.game_name = name
            button.bind(on_release=lambda _b, n=name: c.choose_game(n))
            grid.add_widget(button)


class SetupScreen(AppScreen):
    def render(self) -> None:
        c = self.controller
        name = c.chosen_game or ""
        self.ids.title.text = c.text(_("New game: {game}", game=c.game_title(name))) if name else ""
        self.ids.error.text = c.text(c.error) if c.error else ""
        notice = self.ids.notice_box
        notice.clear_widgets()
        add_setup_notice(notice, c)  # which components the game would use, and the editor
        self.ids.fields.show(c.setup_view(), _actions(c), _field_texts(c))

    def update_field(self, key: str) -> None:
        c = self.controller
        if key:
            self.ids.fields.update(c.field_view(key))


class StepScreen(AppScreen):
    """What the play and checklist screens share: fields updated in place, the focus ring."""

    can_undo = BooleanProperty(False)
    _step_key: tuple[Any, ...] | None = None
    _out_of_view: list[str] = []  # noqa: RUF012 (replaced, never changed in place)
    _view_bound = False

    def _new_step(self) -> bool:
        """True when the step on screen is not the one rendered last (open it at its top)."""
        c = self.controller
        session = c.service.session
        key = (c.service.session_id, session.step_count if session else None, c.form and id(c.form))
        fresh = key != self._step_key
        self._step_key = key
        return fresh

    def update_field(self, key: str) -> None:
        c = self.controller
        if key:
            self.ids.fields.update(c.field_view(key))
        self._presets()
        self._focus()

    def _presets(self) -> None:
        """The preset line above the fields: each field that starts with a value, with
        its value now (ui/app/look_first.py; seen once the whole line was drawn in view)."""
        c = self.controller
        line = c.look_first.preset_line(c.form, correcting(c)) if c.form is not None else None
        set_text(self.ids.presets, c.text(line) if line is not None else "")

    def _in_view(self, widget: Widget) -> bool:
        """The whole of ``widget`` is in the visible part of the scroll."""
        scroll = self.ids.scroll
        _x, bottom = scroll.to_window(scroll.x, scroll.y)
        _wx, low = widget.to_window(widget.x, widget.y)
        return bool(low >= bottom - 1 and low + widget.height <= bottom + scroll.height + 1)

    def fields_out_of_view(self) -> list[str]:
        """The fields whose caption and first line are not in the visible part of the scroll
        (CONFIRM shows such a field first when it starts with a value: ui/app/look_first.py)."""
        scroll = self.ids.scroll
        _x, bottom = scroll.to_window(scroll.x, scroll.y)
        top = bottom + scroll.height
        out = []
        for key, box in self.ids.fields.boxes.items():
            if box.parent is None:
                continue
            _bx, box_top = box.to_window(box.x, box.top)
            head = min(box.height, HEAD_IN_VIEW)
            if box_top > top + 1 or box_top - head < bottom - 1:
                out.append(key)
        return out

    def _focus(self, settle: bool = True) -> None:
        """Ring the focused stop and scroll it into view (``settle``: once more when laid out;
        a new step opens at its top, its first field focused but not scrolled to)."""
        c = self.controller
        name = c.focused_name()
        stop = c.focus.stop if c.focus is not None and name is not None else None
        found = self.ids.fields.set_focus(
            name, stop.step if stop is not None else 1, stop is not None and stop.wheel
        )
        confirm = self.ids.confirm
        confirm.focused = name == "confirm"
        scroll_to(found)
        if found is not None and stop is not None and settle and c.form is not None:
            c.look_first.seen(c.form, [stop.key])  # a press brought it into view: shown
        if found is not None and settle:  # a list the focus just opened is laid out later
            step = self._step_key  # not once another step came on screen (it opens at its top)
            again = lambda _d: step == self._step_key and scroll_to(found)  # noqa: E731
            Clock.schedule_once(lambda _dt: Clock.schedule_once(again), 0)

    def _watch_view(self) -> None:
        """What CONFIRM counts as out of view is what was drawn: measured after the layout
        settled and after each scroll; until then (a press right after a step change)
        nothing counts as out of view."""
        self._out_of_view = []
        self.controller.look_first.out_of_view = lambda: list(self._out_of_view)
        self.controller.look_first.fits = self._mark_fits
        if not self._view_bound:
            self.ids.scroll.bind(scroll_y=self._measure_soon)
            self._view_bound = True
        self._measure_soon()

    def _measure_soon(self, *_args: Any) -> None:
        Clock.schedule_once(lambda _dt: Clock.schedule_once(self._measure_view, 0), 0)

    def _measure_view(self, _dt: float) -> None:
        self._out_of_view = out = self.fields_out_of_view()
        if App.get_running_app() is None:
            return  # the app closed since (tests open one app after another)
        c = self.controller
        if c.form is not None:  # what was drawn in view was shown (CONFIRM need not show it)
            boxes = self.ids.fields.boxes.items()
            c.look_first.seen(c.form, [k for k, b in boxes if b.parent and k not in out])
            line = self.ids.presets
            if line.text and self._in_view(line):  # the preset line named them with their values
                c.look_first.seen(c.form, c.look_first.listed(c.form, correcting(c)))

    def _mark_fits(self, key: str, text: str) -> bool:
        """Whether ``text``, as the mark beside field ``key``, fits in the visible part of the
        scroll (laid out as its label would lay it out: its width, font and wrapping)."""
        box = self.ids.fields.boxes.get(key)
        if box is None:
            return True
        label = box.error
        probe = FitLabel(auto_height=True, bold=label.bold, padding=label.padding)
        probe.width = (label.width or box.width) + self._room_beside()
        probe.text = text
        return bool(probe.height <= self.ids.scroll.height - 2 * MARK_PADDING)

    def _room_beside(self) -> float:
        """How much wider the fields grow while a mark that sums up fields is shown."""
        return 0

    def _refusal_target(self, view: PlayView) -> tuple[Widget | None, bool, int]:
        """Where a refusal is read, whether its top goes to the top of the view, and the
        room kept there: the look-first mark is read from its field's caption on, or from
        the mark itself when caption and mark together do not fit."""
        refused = next((f.key for f in view.fields if f.error), None)
        box = self.ids.fields.boxes.get(refused) if refused is not None else None
        if box is None:
            return (self.ids.error if view.error else None), False, MARK_PADDING
        if not looking(self.controller.error):
            return box, False, MARK_PADDING
        head = box.top - box.error.y  # the caption, the buttons' hint and the mark
        if head <= self.ids.scroll.height - 2 * MARK_PADDING:
            return box, True, MARK_PADDING
        return box.error, True, 0  # the line above it just out of view, not cut

    def _show_refusal(self, view: PlayView) -> None:
        """A refusal is read where it is: beside its field (scrolled into view), else on top."""
        if self._refusal_target(view)[0] is None:
            return
        step = self._step_key

        def show(_dt: float = 0) -> None:
            if step == self._step_key:  # not once another step came on screen (at its top)
                target, top, padding = self._refusal_target(view)
                scroll_to(target, top, padding)

        show()
        # Once more after each of the next two layout passes: the refusal's text changes
        # heights (and a mark that sums up fields takes the picture's room).
        Clock.schedule_once(show, 0)
        Clock.schedule_once(lambda _dt: Clock.schedule_once(show, 0), 0)


class ChecklistScreen(StepScreen):
    def render(self) -> None:
        c = self.controller
        view = c.play_view()
        fresh = self._new_step()
        self.can_undo = view.can_undo
        self.ids.where.text = view.where
        self.ids.title.text = view.title
        self.ids.step.text = view.step_text
        set_text(self.ids.error, view.error)
        items = self.ids.checks
        if fresh or len(items.children) != len(view.lines):
            items.clear_widgets()
            for index, line in enumerate(view.lines):
                button = BigButton(text=line, halign="left", padding=(16, 6), auto_height=True)
                button.bind(on_release=lambda _b, i=index: c.toggle_tick(i))
                items.add_widget(button)
        for index, button in enumerate(reversed(items.children)):
            button.text = view.lines[index]
            button.selected = index in c.ticked
        d = view.decision
        set_text(self.ids.decision, f"{d.heading}: {d.summary}" if d is not None else "")
        show_texts(
            self.ids.instructions,
            [f"• {line}" for line in d.instructions] if d is not None else [],
            lambda: FitLabel(auto_height=True),
        )
        self._presets()
        self.ids.fields.show(view.fields, _actions(c), _field_texts(c))
        self.ids.confirm.text = view.confirm_label if view.fields else c.text(_("All done"))
        self._focus(settle=False)  # a refusal scrolls last (_show_refusal)
        if fresh:
            self.ids.scroll.scroll_y = 1
        self._watch_view()
        self._show_refusal(view)


class PlayScreen(StepScreen):
    """The game: where it is, what the bot does and why (first, in large type), the fields."""

    _scene: dict[str, Any] = {}  # noqa: RUF012 (replaced, never changed in place)
    _tap_bound = False
    view: PlayView | None = None
    _why: BigButton | None = None
    #: The line about what the bot did before is opened in full (closed again on a new step).
    previous_open = BooleanProperty(False)
    #: CONFIRM's mark sums up several fields out of view: the picture makes way for it.
    wide_mark = BooleanProperty(False)

    def render(self) -> None:
        c = self.controller
        view: PlayView = c.play_view()
        self.view = view
        fresh = self._new_step()
        if fresh:
            self.previous_open = False
        self.can_undo = view.can_undo
        self.ids.where.text = view.where
        self.ids.title.text = view.title
        self.ids.step.text = view.step_text
        self.ids.confirm.text = view.confirm_label
        self.wide_mark = looking(c.error) and c.error != LOOK
        self._show_scene(view.scene)
        set_text(self.ids.error, view.error)
        self._table_check(view)
        self._previous(
            view.previous
            or (view.decision if view.decision and view.decision.done and view.fields else None)
        )
        d = view.decision
        now = d if d is not None and not (d.done and view.fields) else None
        self._decision(now)
        lines = list(view.lines)
        if view.finished:
            lines.append(c.text(_("The game is over. Undo goes back; New game starts again.")))
        show_texts(self.ids.lines, lines, lambda: FitLabel(auto_height=True, max_font_size=24))
        self._presets()
        self.ids.fields.show(view.fields, _actions(c), _field_texts(c))
        self._focus(settle=False)  # a refusal scrolls last (_show_refusal)
        if fresh:
            self.ids.scroll.scroll_y = 1  # every step opens at its top
        self._watch_view()
        self._show_refusal(view)

    def _room_beside(self) -> float:
        scene = self.ids.scene
        return float(scene.width + self.ids.scene.parent.spacing) if scene.width else 0.0

    def _show_scene(self, scene: dict[str, Any]) -> None:
        """The picture with the marks of the field being answered (it repaints on a change only).

        A field whose options are places of the picture (``Field.places``) is
        marked on it (legal places, those picked, the button box's focus), and
        a tap on a place picks it (:meth:`AppController.pick_place`); the
        picture also shows the values being entered where it mirrors a field.
        """
        c = self.controller
        self._scene = scene
        drawing = self.ids.scene.drawing
        if not self._tap_bound:
            drawing.bind(on_place=lambda _w, layer, ident: c.pick_place(layer, ident))
            self._tap_bound = True
        self.ids.scene.show(scene, c.tr, self._marks())

    def _marks(self) -> Any:
        c = self.controller
        form = c.form
        if form is None:
            return marks_for_field(None, None)
        stop = c.focus.stop if c.focus is not None else None
        placed = [f for f in form.fields if f.places]
        field = next((f for f in placed if stop is not None and f.key == stop.key), None)
        field = field or (placed[0] if placed else None)
        focus = None
        if field is not None and stop is not None and stop.key == field.key:
            focus = stop.entry if stop.entry is not None else form.values.get(field.key)
            if isinstance(focus, list):  # a multi of at most one pick, one stop: its pick
                focus = focus[0] if focus else None
            if stop.row:  # a row of places: all of them ringed
                focus = "|".join(stop.row)
            elif stop.opens:  # a closed field: no place yet
                focus = None
        value = form.values.get(field.key) if field is not None else None
        return marks_for_field(field, value, focus=focus, values=form.values)

    def update_field(self, key: str) -> None:
        super().update_field(key)
        self._show_scene(self._scene)  # marks and mirrored values (repaints only on a change)

    def _table_check(self, view: PlayView) -> None:
        """The camera's check of the last bot step: quiet when it matches, else what differs."""
        check = view.table
        label = self.ids.table_check
        set_text(label, "\n".join(check.lines) if check is not None else "")
        differs = check is not None and check.status == "mismatch"
        label.color = DIFFERS_COLOUR if differs else MATCHES_COLOUR
        label.bold = differs

    def _previous(self, d: DecisionView | None) -> None:
        """What the bot did at the last step, under the question (issue 23: the players' own
        question comes first): one line, opened in full (the physical steps left to do too)
        by a touch."""
        if d is None:
            text = ""
        elif self.previous_open:
            text = f"– {d.heading}: {d.summary}"
        else:
            text = f"+ {d.heading}: {d.summary}"
        set_text(self.ids.previous, text)
        todo = d.instructions if d is not None and self.previous_open else []
        show_texts(
            self.ids.previous_todo,
            [f"• {line}" for line in todo],
            lambda: FitLabel(auto_height=True, max_font_size=22),
        )

    def previous_touched(self, label: Widget, touch: Any) -> bool:
        """A touch on the one-line "the bot did" opens it in full, or closes it again."""
        if not label.text or not label.collide_point(*touch.pos):
            return False
        self.previous_open = not self.previous_open
        self.render()
        return True

    def _decision(self, d: DecisionView | None) -> None:
        """The bot's action in large type, what to do now, and directly under it the reason."""
        c = self.controller
        set_text(self.ids.heading, d.heading if d is not None else "")
        set_text(self.ids.summary, d.summary if d is not None else "")
        show_texts(
            self.ids.todo,
            [f"• {line}" for line in d.instructions] if d is not None else [],
            lambda: FitLabel(auto_height=True, max_font_size=26, bold=True),
        )
        reason = c.text(_("Why: {reason}", reason=d.reason)) if d is not None and d.reason else ""
        set_text(self.ids.reason, reason)
        row = self.ids.why_row
        if self._why is None:  # a strong reference: ids only hold weak ones
            self._why = next(w for w in row.children if isinstance(w, BigButton))
        why = self._why
        why.field_key = "why"
        wanted = d is not None and d.has_trace
        if wanted and why.parent is None:
            row.add_widget(why)
        elif not wanted and why.parent is not None:
            row.remove_widget(why)  # a hidden button would still take taps


class TraceScreen(AppScreen):
    """One decision: its summary, what the table answered, why, every trace step."""

    has_entry = BooleanProperty(False)
    referee = BooleanProperty(False)

    def render(self) -> None:
        c = self.controller
        view = c.trace_view()
        self.has_entry = view.index is not None
        self.referee = view.referee
        self.entry_index = view.index
        set_text(self.ids.title, view.title)
        set_text(self.ids.summary, view.summary)
        set_text(self.ids.answers, view.answers)
        show_texts(
            self.ids.todo,
            [f"• {line}" for line in view.instructions],
            lambda: FitLabel(auto_height=True),
        )
        set_text(self.ids.reason, view.reason)
        show_texts(self.ids.lines, list(view.lines), lambda: FitLabel(auto_height=True))
        self.ids.scroll.scroll_y = 1


class HistoryScreen(AppScreen):
    """The confirmed steps grouped by round, newest first; a row opens its step.

    By buttons: NEXT walks the rows (newest first), then Redo and "Back to the
    game"; CONFIRM opens the ringed row (or presses the ringed button). The
    ringed row is scrolled into view.
    """

    can_redo = BooleanProperty(False)
    #: The position in ``rows.data`` of the row NEXT rings (None: a button or nothing).
    row_focus: int | None = None

    def render(self) -> None:
        c = self.controller
        session = c.service.session
        self.can_redo = bool(session and session.can_redo)
        self.row_focus = None
        data: list[dict[str, Any]] = []
        for group in c.history_groups():
            data.append({"viewclass": "HistoryHeader", "text": group.title, "size": (None, 40)})
            for row in group.rows:
                answers, _sep, decision = row.detail.partition(" » ")
                if row.detail.startswith("» "):
                    answers, decision = row.detail, ""  # the decision alone: the detail line
                data.append(
                    {
                        "viewclass": "HistoryRow",
                        "title": f"{row.number_text}. {row.title}",
                        "detail": answers,
                        # The bot's decision on a line of its own: never cut by long answers.
                        "decision": f"» {decision}" if decision else "",
                        "index": row.index,
                        "focused": False,
                        "size": (None, 96 if decision and answers else 68),
                    }
                )
        if not data:
            data.append(
                {
                    "viewclass": "HistoryHeader",
                    "text": c.text(_("No confirmed steps yet.")),
                    "size": (None, 40),
                }
            )
        self.ids.rows.data = data
        self.ids.rows.scroll_y = 1

    def _row_positions(self) -> list[int]:
        return [i for i, d in enumerate(self.ids.rows.data) if d["viewclass"] == "HistoryRow"]

    def _ring_row(self, position: int | None) -> None:
        data = self.ids.rows.data
        for i in self._row_positions():
            data[i]["focused"] = i == position
        self.row_focus = position
        self.ids.rows.refresh_from_data()
        if position is not None:
            self._scroll_to_row(position)

    def _scroll_to_row(self, position: int) -> None:
        """Scroll the list so the row at ``position`` of the data is in view."""
        rv = self.ids.rows
        data = rv.data
        spacing = 2
        top = sum(d["size"][1] + spacing for d in data[:position])
        height = data[position]["size"][1]
        total = sum(d["size"][1] + spacing for d in data) - spacing
        hidden = total - rv.height
        if hidden <= 0:
            return
        # scroll_y = 1 shows the top; the row must lie between view_top and view_top + rv.height.
        view_top = (1 - rv.scroll_y) * hidden
        if top < view_top:
            view_top = top
        elif top + height > view_top + rv.height:
            view_top = top + height - rv.height
        rv.scroll_y = max(0.0, min(1.0, 1 - view_top / hidden))

    def focus_next(self) -> None:
        rows = self._row_positions()
        buttons = self.focusables()
        if self.row_focus is not None:
            later = [p for p in rows if p > self.row_focus]
            if later:
                self._ring_row(later[0])
                return
            self._ring_row(None)
            if buttons:
                self.focus_index = 0
                buttons[0].focused = True
            return
        current = next((i for i, b in enumerate(buttons) if b.focused), None)
        for button in buttons:
            button.focused = False
        if current is not None and current + 1 < len(buttons):
            self.focus_index = current + 1
            buttons[current + 1].focused = True
        elif rows:
            self._ring_row(rows[0])
        elif buttons:
            self.focus_index = 0
            buttons[0].focused = True

    def activate_focused(self) -> bool:
        if self.row_focus is not None:
            index = int(self.ids.rows.data[self.row_focus]["index"])
            self.controller.open_entry(index)
            return True
        return super().activate_focused()

    def reset_focus(self) -> None:
        super().reset_focus()
        if self.row_focus is not None:
            self._ring_row(None)


class HistoryRow(FocusRing, BoxLayout):
    """One step in the history (a RecycleView row): number and title, its answers, then
    the bot's decision on a line of its own; ``focused`` rings it for the button box."""

    index = NumericProperty(-1)
    title = StringProperty("")
    detail = StringProperty("")
    decision = StringProperty("")
    pressed = BooleanProperty(False)
    ring_outset = (0.0, -3.0)  # on the row's edge: the list clips what stands outside

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            self.pressed = True
            touch.grab(self)
            return True
        return bool(super().on_touch_down(touch))

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self.pressed = False
            if self.collide_point(*touch.pos):
                from kivy.app import App

                App.get_running_app().controller.open_entry(int(self.index))  # type: ignore[union-attr]
            return True
        return bool(super().on_touch_up(touch))


class MenuScreen(AppScreen):
    """New game, end game, the saved games to switch to, settings, camera."""

    in_game = BooleanProperty(False)
    voice_on = BooleanProperty(False)  # "Say again" only when the voice speaks

    def render(self) -> None:
        c = self.controller
        self.in_game = c.service.session is not None
        self.voice_on = c.settings.voice
        self.ids.call_staff.text = c.text(c.staff.button_label)
        games = self.ids.games
        games.clear_widgets()
        saved = c.saved_games(finished=True)  # a finished game too: its last step undoable
        set_text(
            self.ids.saved_title, c.text(_("Saved games: tap one to continue it")) if saved else ""
        )
        for game in saved:
            now = c.text(_("on the table now"))
            title = f"{game.title}[/b] ({now})[b]" if game.current else game.title
            button = list_button(title, game.detail)
            button.selected = game.current
            button.field_key = f"saved={game.session_id}"
            button.bind(on_release=lambda _b, i=game.session_id: c.menu_resume(i))
            games.add_widget(button)


class GameOverScreen(AppScreen):
    """The end of a game: the result, then History, Menu, Undo and New game (asked first)."""

    can_undo = BooleanProperty(False)

    def render(self) -> None:
        c = self.controller
        session = c.service.session
        if session is None:
            return
        view = over_view(session, c.tr)
        self.can_undo = view.can_undo
        self.ids.where.text = view.where
        self.ids.step.text = view.step_text
        set_text(self.ids.result, view.result)
        show_texts(self.ids.lines, view.lines, lambda: FitLabel(auto_height=True))
        set_text(self.ids.note, view.note)


class ConfirmScreen(AppScreen):
    """Are you sure? Yes does the action; No (or UNDO) goes back."""

    def render(self) -> None:
        c = self.controller
        pending = c.pending
        self.ids.question.text = c.text(pending.question) if pending else ""
        self.ids.detail.text = c.text(pending.detail) if pending else ""
        self.ids.yes.text = c.text(pending.yes) if pending else ""


class SettingsScreen(AppScreen):
    _built: tuple[Any, ...] = ()

    def render(self) -> None:
        c = self.controller
        s = c.settings
        key = (c.lang, s)
        if key == self._built:
            return
        self._built = key
        box = self.ids.content
        box.clear_widgets()

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
            from kivy.uix.textinput import TextInput  # only on this screen

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
    #: A camera that has given a picture: Calibrate is offered.
    can_calibrate = BooleanProperty(False)
    #: The camera follows a game: what it sees now leads the screen, calibration second.
    following = BooleanProperty(False)
    REFRESH_SECONDS = 0.5

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._model: CameraControl | None = None
        self._tick: Any = None
        self._worker: threading.Thread | None = None

    @property
    def model(self) -> CameraControl:
        if self._model is None:
            from ui.app.camera_control import CameraControl  # numpy and vision: only here

            self._model = CameraControl(self.controller)
        return self._model

    def shown(self) -> None:
        self.refresh_picture()
        if self._tick is None:
            self._tick = Clock.schedule_interval(self.refresh_picture, self.REFRESH_SECONDS)

    def hidden(self) -> None:
        """Left: the refreshes stop, and the picture goes (a camera picture's texture, about
        3 MB, and frames the screen grabbed stayed for the rest of the game; shown again,
        the screen grabs a new picture at once)."""
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        self.ids.picture.texture = None
        if self._model is not None:
            self._model.hidden()

    def render(self) -> None:
        c = self.controller
        m = self.model
        self.phase = m.phase
        self.has_camera = m.has_camera
        self.can_calibrate = m.can_calibrate
        seen = m.seen()  # what the camera sees now comes first; calibration second
        self.ids.seen.text = "\n".join(c.text(line) for line in seen)
        self.following = bool(seen)
        self.ids.message.max_font_size = SMALL if seen else 24
        self.ids.message.text = c.text(m.message())
        status = m.status()
        self.ids.status.text = c.text(status) if status is not None else ""
        self.ids.status.color = (1, 0.5, 0.4, 1) if m.error else (0.75, 0.8, 0.9, 1)
        if self.ids.picture.texture is None:
            self.ids.nopicture.text = c.text(
                _("No picture yet") if m.has_camera and not m.never_seen else _("No camera")
            )

    def refresh_picture(self, *_args: Any) -> None:
        """Grab, outline and show one picture (the Clock interval calls this)."""
        from kivy.app import App

        if App.get_running_app() is None:
            self.hidden()  # the app has closed
            return
        if self.model.phase == "calibrating":
            return  # the worker thread has the camera
        found = self.model.can_calibrate
        picture = self.model.picture(self.controller.chosen_tray())
        if picture is not None:
            self.ids.picture.texture = bgr_texture(picture, self.ids.picture.texture)
            self.ids.nopicture.text = ""
        if self.model.can_calibrate != found:
            App.get_running_app().refresh()  # the status bar: camera found (or lost)
        else:
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
    import numpy as np
    from kivy.graphics.texture import Texture

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
    "menu": MenuScreen,
    "confirm": ConfirmScreen,
    "over": GameOverScreen,
}


from ui.app.component_screens import COMPONENT_SCREENS, add_setup_notice  # noqa: E402

SCREENS.update(COMPONENT_SCREENS)
