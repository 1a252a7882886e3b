"""The screens for the players' own components: every game's set, and the files on a USB stick.

Layout in ``kv/components.kv`` and ``kv/usb.kv``; the actions are
:class:`ui.app.component_actions.ComponentActions` methods of the controller.
:func:`add_setup_notice` puts a game's component state and the editor's
button on its set-up screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.app.app_screen import AppScreen
from ui.app.component_actions import GameRow
from ui.app.widgets import BigButton, FitLabel
from ui.i18n import _

if TYPE_CHECKING:
    from ui.app.controller import AppController

#: Red for EXAMPLE data (the badge's colour), green for the players' own set.
EXAMPLE_COLOUR = (1, 0.55, 0.5, 1)
OWN_COLOUR = (0.6, 0.9, 0.6, 1)


def game_box(row: GameRow, c: AppController, origin: str, title: bool = True) -> Widget:
    """A game's component state in words and the button that opens its editor."""
    box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4)
    box.bind(minimum_height=box.setter("height"))
    if title:
        box.add_widget(FitLabel(text=row.title, auto_height=True, bold=True))
    box.add_widget(
        FitLabel(
            text="\n".join(row.lines),
            auto_height=True,
            color=EXAMPLE_COLOUR if row.example else OWN_COLOUR,
        )
    )
    button = BigButton(text=row.button, auto_height=True, min_height=64)
    button.field_key = f"components={row.game}"
    button.bind(on_release=lambda _b, g=row.game: c.edit_components(g, origin))
    box.add_widget(button)
    return box


def add_setup_notice(container: Widget, c: AppController) -> None:
    """On a set-up screen: which components the game would use, and the editor's button."""
    row = c.setup_component_row()
    if row is not None:
        container.add_widget(game_box(row, c, "setup", title=False))


class ComponentsScreen(AppScreen):
    """Settings → Your components: every game's set, enter or correct it, import from USB."""

    def render(self) -> None:
        c = self.controller
        self.ids.notice.text = c.text(c.notice) if c.notice else ""
        box = self.ids.games
        box.clear_widgets()
        for row in c.component_rows():
            box.add_widget(game_box(row, c, "components"))


class UsbScreen(AppScreen):
    """The component files found on the plugged-in USB sticks, each with an Import button."""

    def render(self) -> None:
        c = self.controller
        self.ids.summary.text = c.usb_summary()
        self.ids.error.text = c.text(c.error) if c.error else ""
        self.ids.notice.text = c.text(c.notice) if c.notice else ""
        box = self.ids.files
        box.clear_widgets()
        for row in c.usb_rows():
            item = BoxLayout(orientation="vertical", size_hint_y=None, spacing=4)
            item.bind(minimum_height=item.setter("height"))
            item.add_widget(FitLabel(text=row.name, auto_height=True, bold=True))
            item.add_widget(FitLabel(text="\n".join(row.lines), auto_height=True))
            if row.importable:
                button = BigButton(text=c.text(_("Import")), size_hint_y=None, height=64)
                button.field_key = f"import={row.index}"
                button.bind(on_release=lambda _b, i=row.index: c.usb_import(i))
                item.add_widget(button)
            box.add_widget(item)


COMPONENT_SCREENS: dict[str, type[AppScreen]] = {
    "components": ComponentsScreen,
    "usb": UsbScreen,
}
