""" "Call staff" without Kivy: what a press sends and what the box says (ui/app/call_staff.py)."""

from __future__ import annotations

from rules.text import Msg
from ui.app.call_staff import StaffCall
from ui.app.keys import event_for_key
from ui.i18n import render


class Link:
    """Stands in for the fleet's box client (fleet/box/client.py)."""

    box = "table-3"

    def __init__(self, online: bool = True) -> None:
        self.online = online
        self.sent: list[str] = []
        self.calls_received: dict[str, float] = {}

    def call_staff(self) -> str:
        self.sent.append(f"call-{len(self.sent) + 1}")
        return self.sent[-1]

    def answer(self, call_id: str) -> None:
        """The keeper's call-received, as the client records it."""
        self.calls_received[call_id] = 1.0


def words(message: Msg | None, lang: str = "en") -> str | None:
    return None if message is None else render(message, lang)


def test_a_press_sends_one_call_and_says_staff_called():
    link = Link()
    staff = StaffCall(link, clock=lambda: 500.0)
    changes = []
    staff.on_change = lambda: changes.append(words(staff.message))
    assert words(staff.press()) == "Staff called"
    assert link.sent == ["call-1"]
    assert staff.call is not None and (staff.call.box, staff.call.id) == ("table-3", "call-1")
    assert staff.since == 500.0
    staff.press()  # pressed again while the call is open: nothing more is sent
    assert len(link.sent) == 1
    assert changes == ["Staff called", "Staff called"]


def test_the_keepers_answer_turns_it_into_call_received():
    link = Link()
    staff = StaffCall(link)
    staff.press()
    staff.check()
    assert words(staff.message) == "Staff called"
    link.answer("someone-else")  # an answer to another (old) call changes nothing
    staff.check()
    assert words(staff.message) == "Staff called"
    link.answer("call-1")
    staff.check()
    assert words(staff.message) == "Call received"
    assert words(staff.message, "de") == "Ruf angekommen"
    assert words(staff.message, "pt") == "Chamado recebido"


def test_staff_is_here_closes_the_call():
    link = Link()
    staff = StaffCall(link)
    assert words(staff.button_label) == "Call staff"
    staff.button()
    assert words(staff.button_label) == "Staff is here"
    staff.button()
    assert staff.call is None and staff.since is None and staff.message is None
    assert words(staff.button_label) == "Call staff"
    assert len(link.sent) == 1
    staff.press()
    assert len(link.sent) == 2  # a new call after the old one closed
    assert staff.call is not None and staff.call.id == "call-2"


def test_without_a_hub_the_box_says_there_is_no_staff_connection():
    staff = StaffCall(None)
    said = staff.press()
    assert words(said) == "No staff connection: ask at the counter"
    assert words(said, "de") == "Keine Verbindung zum Personal: bitte an der Theke fragen"
    assert words(said, "pt") == "Sem conexão com a equipe: pergunte no balcão"
    assert staff.since is None  # no call is pretended
    assert words(staff.button_label) == "Call staff"


def test_a_hub_out_of_reach_sends_nothing_and_says_so():
    link = Link(online=False)
    staff = StaffCall(link)
    assert words(staff.press()) == "No staff connection: ask at the counter"
    assert link.sent == []
    link.online = True
    assert words(staff.press()) == "Staff called"  # the refusal goes with the next press
    assert len(link.sent) == 1


def test_the_keyboard_stands_in_for_bot_held():
    assert event_for_key(ord("a")) == "call-staff"
