"""The widgets of one field, built once per step and updated in place.

A :class:`FieldBox` is a field's caption, its refusal (shown right under the
caption, beside what caused it), and a body: the widget its kind names
(``rules.kinds.Kind.widget``, built and updated by the methods :data:`WIDGETS`
lists). Per kind:

========  =============================================================
kind      body
========  =============================================================
counts    one ``label  [-] n [+]`` row per entry
int       one ``[-] n [+]`` row
choice    option buttons, the chosen one lit
multi     option buttons, each a toggle; "Choose 2 (chosen: 1)"
order     option buttons; each tap appends, the number shows the place
(long)    more than :data:`ui.app.focus.LONG_LIST` options: what is chosen and Change (n),
          which opens the option buttons (they exist only while open)
bool      Yes / No buttons
text      a text box (names only; the kiosk shows the on-screen keyboard)
========  =============================================================

Options that are places of the board picture (``Field.places``) are also
tapped on the picture; the buttons stay as the button box's and the
terminal's way, and as the fallback.

:meth:`FieldBox.update` changes texts and lit states only: a stepper tap sets
one number, so taps are never lost to a rebuild under the finger. Each
tappable widget has a ``field_key`` (``paid.red+``, ``action=fishing``) that
tests, the benchmark and the focus use; a widget whose name is the focus
stop's draws the focus ring (white outside, black inside: visible on any fill).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from rules.kinds import KINDS
from ui.app.focus import LONG_LIST
from ui.app.focus_groups import ROWS_FROM
from ui.app.presenters import EntryView, FieldView
from ui.app.widgets import BODY, TOUCH, BigButton, FitLabel, FocusRing

ERROR_COLOUR = (1, 0.5, 0.4, 1)
HINT_COLOUR = (0.75, 0.8, 0.9, 1)
CHECK_COLOUR = (1, 0.85, 0.4, 1)


#: Every widget a field kind can name (``rules.kinds.Kind.widget``): the FieldBox methods
#: that build it and update it. A test checks that every kind's widget is here.
WIDGETS: dict[str, tuple[str, str]] = {
    "steppers": ("_build_steppers", "_update_steppers"),
    "stepper": ("_build_stepper", "_update_stepper"),
    "options": ("_build_options", "_update_options"),
    "yes-no": ("_build_yes_no", "_update_yes_no"),
    "text": ("_build_text", "_update_text"),
}


class FocusRow(FocusRing, BoxLayout):
    """A row that draws the button box's focus ring around itself."""

    ring_outset = (4.0, 0.0)


class Actions:
    """What the field widgets call: the controller's form methods."""

    def __init__(
        self,
        step: Callable[[str, int, str | None], None],
        choose: Callable[[str, str], None],
        set_bool: Callable[[str, bool], None],
        set_text: Callable[[str, str], None],
    ) -> None:
        self.step = step
        self.choose = choose
        self.set_bool = set_bool
        self.set_text = set_text


class FieldBox(BoxLayout):
    """Caption, refusal, help, hint and the body of one field."""

    def __init__(
        self,
        view: FieldView,
        actions: Actions,
        from_camera_text: str,
        check_text: str = "",
        texts: dict[str, str] | None = None,
    ) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, spacing=4)
        self.bind(minimum_height=self.setter("height"))
        self.view = view
        self.actions = actions
        self.from_camera_text = from_camera_text
        self.check_text = check_text
        #: The words of a long list's row: "Change", "Close list", "none yet" (translated).
        self.texts = texts or {}
        self.caption = FitLabel(auto_height=True, bold=True, max_font_size=BODY + 2)
        self.error = FitLabel(auto_height=True, bold=True, color=ERROR_COLOUR)
        #: Why the camera left this field to the players ("please check"), right under it.
        self.check = FitLabel(auto_height=True, color=CHECK_COLOUR)
        self.help = FitLabel(auto_height=True, color=HINT_COLOUR)
        self.hint = FitLabel(auto_height=True, color=HINT_COLOUR)
        #: What the buttons do here while this field has the focus (BOT opens, +/-, a row).
        self.keys = FitLabel(auto_height=True, color=CHECK_COLOUR)
        for label in (self.caption, self.keys, self.error, self.check, self.help, self.hint):
            self.add_widget(label)
        #: Every widget that can hold the focus, by its focus name.
        self.focusable: dict[str, Any] = {}
        self.values: dict[str, FitLabel] = {}
        #: Each stepper's - and + buttons and what one press steps (10 on a tens stop).
        self.steppers: dict[str, tuple[BigButton, BigButton]] = {}
        self.step_size: dict[str, int] = {}
        #: The stepper whose digit the button box turns, and which (10 tens, 1 ones).
        self.lit_digit: tuple[str, int] | None = None
        #: Each stepper's number as the view gave it (before a digit was lit).
        self.numbers: dict[str, str] = {}
        self.options: dict[str, BigButton] = {}
        #: A choice/multi/order field's buttons in order; update() gives each its option.
        self.option_buttons: list[BigButton] = []
        #: A long choice list: the row with the chosen option and its open/close button.
        self.chosen: FitLabel | None = None
        self.list_button: BigButton | None = None
        self._list_holder: Any = None
        self._grid: GridLayout | None = None
        self.text_box: Any = None
        self._build(view)
        self.update(view)

    # -- building (once per step) ----------------------------------------------------------

    def _build(self, view: FieldView) -> None:
        if is_long_list(view):
            self._build_long_list(view)
        else:
            getattr(self, WIDGETS[KINDS[view.kind].widget][0])(view)

    def _build_steppers(self, view: FieldView) -> None:
        key = view.key
        for entry in view.entries:
            row = self._stepper(f"{key}.{entry.value}", entry.label, key, entry.value)
            self.focusable[f"{key}.{entry.value}"] = row
            self.add_widget(row)

    def _build_stepper(self, view: FieldView) -> None:
        row = self._stepper(view.key, "", view.key, None)
        self.focusable[view.key] = row
        self.add_widget(row)

    def _build_long_list(self, view: FieldView) -> None:
        key = view.key
        holder = FocusRow(orientation="vertical", size_hint_y=None, padding=4, spacing=8)
        holder.bind(minimum_height=holder.setter("height"))
        row = BoxLayout(size_hint_y=None, height=TOUCH, spacing=8)
        # What is chosen, as long as it needs (a multi's picks); the row grows with it.
        self.chosen = FitLabel(bold=True, max_font_size=BODY + 2, auto_height=True)
        self.chosen.bind(height=lambda _l, h: setattr(row, "height", max(TOUCH, h)))
        self.list_button = BigButton(size_hint_x=None, width=220)
        self.list_button.field_key = f"{key}:list"
        self.list_button.bind(on_release=lambda _b: self.open_list(self._grid is None))
        row.add_widget(self.chosen)
        row.add_widget(self.list_button)
        holder.add_widget(row)
        self._list_holder = holder
        # One stop (a multi's or order's options are stops of their own once it is open).
        self.focusable[key] = holder
        self.add_widget(holder)

    def _build_options(self, view: FieldView) -> None:
        grid = self._option_grid(view)
        if _one_stop(view):
            holder = FocusRow(size_hint_y=None, padding=4)
            grid.bind(height=lambda _g, h: setattr(holder, "height", h + 8))
            holder.add_widget(grid)
            self.focusable[view.key] = holder
            self.add_widget(holder)
        else:
            self.add_widget(grid)

    def _build_yes_no(self, view: FieldView) -> None:
        key = view.key
        row = FocusRow(size_hint_y=None, height=TOUCH + 8, spacing=8, padding=4)
        for value, name in ((True, "yes"), (False, "no")):
            button = BigButton()
            button.field_key = f"{key}={name}"
            button.bind(on_release=lambda _b, v=value: self.actions.set_bool(key, v))
            self.options[name] = button
            row.add_widget(button)
        self.focusable[key] = row
        self.add_widget(row)

    def _build_text(self, view: FieldView) -> None:
        from kivy.uix.textinput import TextInput  # only steps that ask for a name

        key = view.key
        box = TextInput(
            text=view.value_text,
            multiline=False,
            font_size=BODY,
            size_hint_y=None,
            height=TOUCH,
        )
        box.field_key = key
        box.bind(text=lambda _w, value: self.actions.set_text(key, value))
        self.text_box = box
        self.add_widget(box)

    def _option_grid(self, view: FieldView) -> GridLayout:
        """A grid of option buttons, at most two columns (a long game term stays whole in
        18 px type: "1. Plünderer-Stamm" did not in a third of the width)."""
        grid = GridLayout(cols=min(2, max(1, len(view.entries))))
        grid.spacing = 8
        grid.size_hint_y = None
        grid.bind(minimum_height=grid.setter("height"))
        for _entry in view.entries:  # each button takes its option in update()
            # A long single word (a game term) may shrink to 18 px to stay whole.
            button = BigButton(auto_height=True, min_font_size=18)
            button.option_value = ""
            button.bind(on_release=lambda b: self._picked(b.option_value))
            self.option_buttons.append(button)
            grid.add_widget(button)
        return grid

    def _picked(self, value: str) -> None:
        """An option button was tapped: choose it (a long choice list closes again)."""
        if self._list_holder is not None and not KINDS[self.view.kind].many:
            self.open_list(False)
        self.actions.choose(self.view.key, value)

    def open_list(self, wanted: bool) -> None:
        """Show (``wanted``) or drop a long list's option buttons under its row."""
        if wanted == (self._grid is not None) or self._list_holder is None:
            return
        if wanted:
            self._grid = self._option_grid(self.view)
            self._list_holder.add_widget(self._grid)
        else:
            self._list_holder.remove_widget(self._grid)
            self._grid = None
            self.option_buttons = []
            self.options = {}
            if KINDS[self.view.kind].many:
                self.focusable = {self.view.key: self._list_holder}
        self.update(self.view)

    def _stepper(self, name: str, label: str, key: str, entry: str | None) -> FocusRow:
        """``label  [-]  value  [+]`` with finger-sized buttons."""
        row = FocusRow(size_hint_y=None, height=TOUCH, spacing=8)
        if label:
            row.add_widget(FitLabel(text=label, max_font_size=BODY + 2))
        minus = BigButton(text="-", size_hint_x=None, width=TOUCH + 10, max_font_size=34, bold=True)
        plus = BigButton(text="+", size_hint_x=None, width=TOUCH + 10, max_font_size=34, bold=True)
        shown = FitLabel(
            size_hint_x=None, width=70, halign="center", max_font_size=30, bold=True, markup=True
        )
        minus.field_key = f"{name}-"
        plus.field_key = f"{name}+"
        shown.field_key = f"{name}="
        minus.bind(on_release=lambda _b: self.actions.step(key, -self.step_size[name], entry))
        plus.bind(on_release=lambda _b: self.actions.step(key, self.step_size[name], entry))
        self.steppers[name] = (minus, plus)
        self.step_size[name] = 1
        for widget in (minus, shown, plus):
            row.add_widget(widget)
        self.values[name] = shown
        return row

    # -- updating (every change) -----------------------------------------------------------

    def update(self, view: FieldView) -> None:
        """Show ``view``'s texts and lit states; the widgets stay."""
        self.view = view
        caption = view.label
        if view.from_camera:
            caption = f"{caption}  ({self.from_camera_text})"
        elif view.camera_note and self.check_text:
            caption = f"{caption}  ({self.check_text})"
        _set(self.caption, caption)
        _set(self.error, view.error)
        _set(self.check, view.camera_note)
        _set(self.help, view.help)
        _set(self.hint, view.hint)
        getattr(self, WIDGETS[KINDS[view.kind].widget][1])(view)

    def _update_steppers(self, view: FieldView) -> None:
        for entry in view.entries:
            self._show(f"{view.key}.{entry.value}", entry.text)

    def _update_stepper(self, view: FieldView) -> None:
        self._show(view.key, view.value_text)

    def _show(self, name: str, text: str) -> None:
        """A stepper's number, its turning digit lit while the button box is on it."""
        self.numbers[name] = plain = text
        if self.lit_digit is not None and self.lit_digit[0] == name and plain.isdigit():
            digits = plain.rjust(2, "0") if self.lit_digit[1] == 10 else plain
            at = len(digits) - (2 if self.lit_digit[1] == 10 else 1)
            plain = f"{digits[:at]}[u][color=ffd740]{digits[at]}[/color][/u]{digits[at + 1 :]}"
        _set(self.values[name], plain)

    def _update_options(self, view: FieldView) -> None:
        if [b.option_value for b in self.option_buttons] != [e.value for e in view.entries]:
            self._assign_options(view)
        for entry in view.entries:
            button = self.options.get(entry.value)
            if button is not None:  # a long list's buttons exist while it is open
                button.selected = entry.selected
                _set(button, _option_text(entry))
        if self.chosen is not None and self.list_button is not None:
            picked = sorted((e for e in view.entries if e.selected), key=lambda e: e.number)
            shown = ", ".join(_option_text(e) for e in picked)
            _set(self.chosen, shown or self.texts.get("none", "-"))
            if self._grid is None:
                opener = f"{self.texts.get('change', 'Change')} ({len(view.entries)})"
            else:
                opener = self.texts.get("close", "Close list")
            _set(self.list_button, opener)

    def _update_yes_no(self, view: FieldView) -> None:
        self.options["yes"].selected = view.checked is True
        self.options["no"].selected = view.checked is False

    def _update_text(self, view: FieldView) -> None:
        if self.text_box is not None and self.text_box.text != view.value_text:
            self.text_box.text = view.value_text

    def _assign_options(self, view: FieldView) -> None:
        """Give the option buttons ``view``'s options, in order (names, focus stops)."""
        key = view.key
        self.options = {}
        if not self.option_buttons:
            return  # a closed long list
        for button, entry in zip(self.option_buttons, view.entries, strict=True):
            button.option_value = entry.value
            button.field_key = f"{key}={entry.value}"
            self.options[entry.value] = button
        if not _one_stop(view):  # each toggle is a focus stop of its own
            self.focusable = {f"{key}.{value}": b for value, b in self.options.items()}
            if self._list_holder is not None:  # and the long list itself
                self.focusable[key] = self._list_holder

    @property
    def labels_held(self) -> int:
        """How many labels (buttons, numbers, captions) the box holds: what keeping it costs."""
        return sum(1 for widget in self.walk(restrict=True) if isinstance(widget, Label))

    def set_bool_labels(self, yes: str, no: str) -> None:
        _set(self.options["yes"], yes)
        _set(self.options["no"], no)

    def set_focus(self, name: str | None, step: int = 1, wheel: bool = False) -> Any:
        """Ring the widget named ``name`` (None: none); returns what to scroll into view.

        On a wide number's tens stop (``step`` 10) its stepper shows "-10" and
        "+10" and a tap steps by 10; elsewhere "-" and "+". On a wide number
        (``wheel``) the digit BOT and UNDO turn is lit (yellow, underlined) and the
        keys line says that a digit turns round (a finger still steps plainly).

        The focus stepping onto an option of a closed long list opens it (NEXT
        walks a multi's options one by one). On a choice field the ring goes
        round all its options but the picked one is returned: after BOT or UNDO
        changed the pick, the screen scrolls the lit option into view.
        """
        view = self.view
        if name and self._grid is None and name.startswith(f"{view.key}."):
            self.open_list(True)
        lit = self.lit_digit
        self.lit_digit = (name, step) if wheel and name in self.steppers else None
        for stepper in {lit[0] if lit else "", name if wheel else ""} & set(self.values):
            self._show(stepper, self.numbers.get(stepper, ""))
        for stepper, (minus, plus) in self.steppers.items():
            size = step if stepper == name else 1
            self.step_size[stepper] = size
            _set(minus, "-" if size == 1 else f"-{size}")
            _set(plus, "+" if size == 1 else f"+{size}")
        for button in self.options.values():
            button.focused = False
        found = None
        for widget_name, widget in self.focusable.items():
            widget.focused = widget_name == name
            if widget.focused:
                found = widget
        if found is None and name is not None:
            found = self._ring_group(name)
        _set(self.keys, self._keys_text(name))
        if found is not None and name == view.key and self._closes():
            return self  # a closed field: its caption and what BOT does there in view
        if found is not None and name == view.key and _one_stop(view):
            picked = self.options.get(next((e.value for e in view.entries if e.selected), ""))
            if picked is not None:  # the ring on the lit option: BOT/UNDO move both
                found.focused = False
                picked.focused = True
                return picked
        return found

    def _closes(self) -> bool:
        """The button box's focus on the field's key means the field closed (a count per
        colour, a multi's or order's options, a long choice's rows: ui/app/focus.py)."""
        kind = KINDS[self.view.kind]
        return not _one_stop(self.view) or kind.per_choice or len(self.view.entries) > ROWS_FROM

    def _keys_text(self, name: str | None) -> str:
        """What BOT, UNDO and NEXT do on the stop ``name`` ("" when it is not this field's)."""
        key = self.view.key
        if name is None or not (name == key or name.startswith(f"{key}.")):
            return ""
        if name == key and self._closes():
            return self.texts.get("keys_open", "")  # the field closed
        if KINDS[self.view.kind].many and "|" in name:
            return self.texts.get("keys_open", "")  # a closed row of a multi or order
        if "|" in name:
            return self.texts.get("keys_row", "")
        if self.lit_digit is not None:
            return self.texts.get("keys_digit", "")
        return self.texts.get("keys_step", "")

    def _ring_group(self, name: str) -> Any:
        """Ring a closed field (``name`` is its key: every part of it) or a row of options
        (``key.a|b|c``: those options); returns what to scroll into view: the row's lit
        option, else its first, else the field's first part."""
        key = self.view.key
        if name == key:
            group = list(self.focusable.values())
        elif name.startswith(f"{key}.") and "|" in name:
            row = name[len(key) + 1 :].split("|")
            group = [self.options[v] for v in row if v in self.options]
            lit = [self.options[v] for v in row if v in self.options and self.options[v].selected]
            group = lit[:1] + [b for b in group if b not in lit[:1]]
        else:
            return None
        for widget in group:
            widget.focused = True
        return group[0] if group else None


def _one_stop(view: FieldView) -> bool:
    """The options are one stop of the button box (a choice, a multi of at most one pick):
    the ring goes round them all and then onto the lit option; else each toggle is a stop."""
    return not KINDS[view.kind].many or view.one_pick


#: A field with more options than :data:`ui.app.focus.LONG_LIST` shows what is chosen and
#: a button that opens the list (Marauders' autumn asks where each of up to 8 members
#: stands: 8 lists of 61 spaces were some 17 000 px of buttons to scroll, built every
#: autumn; each member then asks 7 lists of 24 places). The button box passes it whole.


def is_long_list(view: FieldView) -> bool:
    """True for a choice, multi or order field shown closed: its picks and a Change button."""
    return KINDS[view.kind].picks and len(view.entries) > LONG_LIST


def _option_text(entry: EntryView) -> str:
    return f"{entry.number}. {entry.label}" if entry.number else entry.label


def _set(label: Widget, text: str) -> None:
    if label.text != text:
        label.text = text
    label.opacity = 1 if text else 0
    if getattr(label, "auto_height", False) and not text:
        label.height = 0


class FieldsPanel(BoxLayout):
    """Every field of one step; a field's widgets are built once and kept while it is asked.

    A step that asks the same fields again (in another order, or after a step
    between that asked nothing) takes the boxes it showed before: Marauders'
    autumn asks each member the same seven lists of 24 places, and building
    them again cost a few hundred ms a step. Boxes not shown wait as spares,
    the most recent ones up to :data:`SPARE_LABELS` labels.
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", 10)
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.boxes: dict[str, FieldBox] = {}
        self._shape: tuple[Any, ...] = ()
        #: Boxes built for earlier steps, by their field's shape (oldest first).
        self._spares: dict[tuple[Any, ...], FieldBox] = {}

    def show(self, views: tuple[FieldView, ...], actions: Actions, texts: dict[str, str]) -> None:
        """Show ``views``: update the boxes in place, or arrange them for a new shape."""
        shape = tuple(v.shape for v in views)
        if shape != self._shape:
            self._shape = shape
            spares = self._spares
            for box in self.boxes.values():
                spares.pop(box.view.shape, None)
                spares[box.view.shape] = box  # the newest spare last
            self.clear_widgets()
            self.boxes = {}
            for view in views:
                box = spares.pop(view.shape, None)
                if box is None:
                    box = FieldBox(view, actions, texts["camera"], texts.get("check", ""), texts)
                box.actions = actions
                box.open_list(False)  # a long list comes back closed
                self.boxes[view.key] = box
                self.add_widget(box)
            while sum(spare.labels_held for spare in spares.values()) > SPARE_LABELS:
                del spares[next(iter(spares))]  # the oldest first
        for view in views:
            box = self.boxes[view.key]
            box.from_camera_text = texts["camera"]  # the language may have changed
            box.check_text = texts.get("check", "")
            box.texts = texts
            if KINDS[view.kind].widget == "yes-no":
                box.set_bool_labels(texts["yes"], texts["no"])
            box.update(view)

    def update(self, view: FieldView) -> None:
        box = self.boxes.get(view.key)
        if box is not None:
            box.update(view)

    def set_focus(self, name: str | None, step: int = 1, wheel: bool = False) -> Any:
        found = None
        for box in self.boxes.values():
            hit = box.set_focus(name, step, wheel)
            found = found or hit
        return found

    def forget(self) -> None:
        """Drop the built widgets and the spares (the next show builds them again)."""
        self._shape = ()
        self.clear_widgets()
        self.boxes = {}
        self._spares = {}


#: How many labels the spare boxes of :class:`FieldsPanel` may hold in all (each costs
#: some 100-200 kB with its texture): an autumn member's seven closed lists (about 35),
#: not every field the game ever showed.
SPARE_LABELS = 60
