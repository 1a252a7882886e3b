"""The app's logic without Kivy: forms, controller, buttons, settings, languages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.prompt import Choice, Field
from rules.text import msg
from tests.ui.support.scene_game import ensure_registered
from ui.app.camera import ScriptedCamera
from ui.app.controller import AppController
from ui.app.form import FormModel
from ui.app.keys import event_for_key
from ui.app.settings import Settings, load_settings
from ui.i18n import LANGUAGES, render, translator
from ui.service import TableService

ensure_registered()

COUNTS = Field(
    key="markers",
    label=msg("Markers"),
    kind="counts",
    default={"red": 1, "blue": 0},
    maximum=3,
    choices=(Choice("red", msg("red")), Choice("blue", msg("blue"))),
    camera="tray_counts",
)


class FakeCamera(ScriptedCamera):
    """Reads the markers of the field asking ``tray_counts``."""

    def __init__(self, value: dict[str, int]) -> None:
        super().__init__({"tray_counts": value}, line=msg("Camera ready"))


def test_steppers_clamp_to_the_field_limits() -> None:
    form = FormModel([COUNTS, Field(key="n", label=msg("N"), kind="int", minimum=2, maximum=4)])
    for _ in range(5):
        form.step("markers", +1, "red")
    form.step("markers", -1, "blue")
    assert form.values["markers"] == {"red": 3, "blue": 0}
    assert [f.key for f in form.missing()] == ["n"]
    form.step("n", +1)  # an empty int starts at its minimum
    assert form.values["n"] == 2
    form.step("n", +5)
    assert form.values["n"] == 4


def test_camera_prefills_and_a_change_clears_the_mark() -> None:
    form = FormModel([COUNTS], FakeCamera({"red": 2, "blue": 3}))
    assert form.values["markers"] == {"red": 2, "blue": 3}
    assert form.from_camera == {"markers"}
    form.step("markers", -1, "blue")
    assert form.from_camera == set()


def test_choices_multi_and_toggles() -> None:
    choice = Field(
        key="c",
        label=msg("C"),
        kind="choice",
        choices=(Choice("a", msg("a")), Choice("b", msg("b"))),
    )
    multi = Field(key="m", label=msg("M"), kind="multi", choices=choice.choices)
    flag = Field(key="f", label=msg("F"), kind="bool", default=False)
    form = FormModel([choice, multi, flag])
    form.choose("c", "b")
    form.choose("m", "a")
    form.choose("m", "b")
    form.choose("m", "a")
    form.toggle("f")
    assert form.answer() == {"c": "b", "m": ["b"], "f": True}
    with pytest.raises(ValueError):
        form.choose("c", "zzz")


@pytest.fixture
def controller(tmp_path: Path):
    service = TableService(tmp_path / "j.sqlite3")
    c = AppController(service, Settings(), settings_path=tmp_path / "settings.json")
    yield c
    service.close()


def test_buttons_drive_a_game(controller: AppController) -> None:
    c = controller
    c.start()
    assert c.screen == "choose"
    assert not c.button("next") and not c.button("confirm")  # the screen moves its focus
    assert c.button("undo") and c.screen == "choose"
    c.choose_game("scenes")
    c.start_game(seed=1)
    assert c.screen == "checklist"
    assert c.button("next")  # the checklist asks nothing: NEXT is done
    assert c.screen == "play" and c.prompt.step == "count"
    # A step that asks starts with the focus on its first stop; NEXT moves it stop by
    # stop; BOT and UNDO are + and - there.
    before = dict(c.form.values["markers"])
    assert c.focused_name() == "markers.yellow"
    assert c.button("bot") and c.button("bot") and c.button("undo")
    assert c.form.values["markers"]["yellow"] == before["yellow"] + 1
    assert c.prompt.step == "count"  # + and - changed the count, nothing was undone
    assert c.button("next") and c.focused_name() == "markers.red"
    assert c.button("undo")
    while c.focused_name() != "confirm":
        assert c.button("next")
    assert c.button("next") and c.focused_name() is None  # past CONFIRM: no focus
    assert c.form.values["markers"] == {
        **before,
        "yellow": before["yellow"] + 1,
        "red": max(0, before["red"] - 1),
    }
    assert c.button("confirm")
    assert c.prompt.step == "bot-spring"
    assert c.button("bot") and c.screen == "trace"
    assert c.trace_lines()[0].startswith("1. ")
    assert c.button("undo") and c.screen == "play"  # UNDO leaves an overlay first
    assert c.button("undo") and c.prompt.step == "count"
    assert c.button("history") and c.screen == "history"
    assert [r.title for r in c.history_rows()] == ["Set up the table"]
    c.redo()
    assert c.prompt.step == "bot-spring"
    c.confirm()
    c.confirm()  # the summer choice has no default: refused, the field named
    assert c.error is not None and c.error_field == "action"
    view = c.play_view()
    beside = {f.key: f.error for f in view.fields}
    assert (
        "Action: choose one of the options" in beside["action"] and view.error == ""
    )  # beside its field
    c.choose("action", "hunt")  # answering the field takes its refusal away
    assert c.error is None and c.play_view().fields[0].error == ""
    assert c.prompt.step == "summer"


def test_undo_to_any_step_from_history(controller: AppController) -> None:
    c = controller
    c.choose_game("toy")
    c.start_game(seed=2)
    for _ in range(4):
        c.confirm()
    rows = c.history_rows()
    assert [r.number_text for r in rows] == ["1", "2", "3", "4"]
    assert "Draw tile" in rows[2].detail
    assert rows[0].detail.startswith("Tokens added: 1 » Draw tile")  # field labels, not keys
    c.undo(rows[1].index)
    assert c.service.session.step_count == 1
    assert c.screen == "play"


def test_language_switch_rerenders_and_persists(controller: AppController, tmp_path) -> None:
    c = controller
    changes = []
    c.on_change = lambda: changes.append(c.lang)
    c.choose_game("toy")
    c.start_game(seed=1)
    assert c.play_view().confirm_label == "Confirm"
    c.set_language("pt")
    assert changes[-1] == "pt"
    view = c.play_view()
    assert view.confirm_label == "Confirmar" and view.step_text == "Passo 1"
    assert load_settings(tmp_path / "settings.json").language == "pt"
    with pytest.raises(ValueError):
        c.set_language("xx")


def toy_game_left_at(journal: Path, steps: int) -> None:
    """A toy game confirmed ``steps`` times, then its process gone (the journal stays)."""
    first = TableService(journal)
    c = AppController(first)
    c.choose_game("toy")
    c.start_game(seed=5)
    for _ in range(steps):
        c.confirm()
    first.close()


def test_resume_offered_for_an_unfinished_game(tmp_path: Path) -> None:
    toy_game_left_at(tmp_path / "j.sqlite3", steps=1)
    second = TableService(tmp_path / "j.sqlite3")
    try:
        again = AppController(second)
        again.start()
        assert again.screen == "resume"
        again.resume()
        assert again.screen == "play" and again.service.session.step_count == 1
    finally:
        second.close()


def test_the_kiosk_goes_straight_back_into_the_unfinished_game(tmp_path: Path) -> None:
    """After a power cut the kiosk shows the game at its step, not a "Continue?" question
    (found by booting the image: scripts/image/boot-check's reset check)."""
    toy_game_left_at(tmp_path / "j.sqlite3", steps=2)
    second = TableService(tmp_path / "j.sqlite3")
    try:
        kiosk = AppController(second, resume_directly=True)
        kiosk.start()
        assert kiosk.screen == "play" and kiosk.service.session.step_count == 2
    finally:
        second.close()


def test_preferred_difficulty_prefills_setup(tmp_path: Path) -> None:
    service = TableService(tmp_path / "j.sqlite3")
    try:
        c = AppController(service, Settings(difficulty="hard"))
        assert ("hard", "hard") in c.difficulty_choices()
        c.choose_game("scenes")
        assert c.setup_form.values["difficulty"] == "hard"
    finally:
        service.close()


def test_broken_settings_file_falls_back_to_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "klingon", "rotation": 45, "pin_map": "/etc/p.toml"}')
    settings = load_settings(path)
    assert settings.language == "en" and settings.rotation == 0
    assert settings.pin_map == "/etc/p.toml"
    path.write_text("not json")
    assert load_settings(path) == Settings()


def test_keys_stand_in_for_the_buttons() -> None:
    assert event_for_key(ord("n")) == "next"
    assert event_for_key(13) == event_for_key(32) == "confirm"
    assert event_for_key(8) == event_for_key(ord("u")) == "undo"
    assert event_for_key(ord("h")) == "history"
    assert event_for_key(ord("b")) == "bot"
    assert event_for_key(ord("x")) is None


def test_translator_renders_msgs_with_translated_parameters() -> None:
    assert render(msg("Confirm"), "de") == "Bestätigen"
    assert render(msg("Step {n}", n=3), "pt") == "Passo 3"
    nested = msg("Note: {text}", text=msg("No camera: manual entry"))
    assert render(nested, "de") == "Hinweis: Keine Kamera: Handeingabe"
    assert translator("de")("an unknown sentence") == "an unknown sentence"
    with pytest.raises(ValueError):
        translator("xx")


def test_catalogues_translate_every_ui_and_core_text(tmp_path: Path) -> None:
    """Extraction (babel.cfg) finds every text of ui/ and the rules core; all are translated."""
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2]
    pot = tmp_path / "t.pot"
    args = ["-k", "msg", "-k", "N_", "-k", "_", "-k", "tx", "--no-default-keywords"]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            "babel.cfg",
            *args,
            "-o",
            str(pot),
            ".",
        ],
        cwd=root,
        check=True,
        capture_output=True,
    )
    with pot.open("rb") as handle:
        # Game modules (rules/games/) bring their own texts; their helpers translate them.
        wanted = {
            m.id
            for m in read_po(handle)
            if m.id and any(not path.startswith("rules/games/") for path, _ in m.locations)
        }
    assert {"Undo", "Confirm", "EXAMPLE DATA", "Step {n}"} <= wanted  # .kv, core, ui
    for lang in LANGUAGES:
        if lang == "en":
            continue
        po = root / "ui" / "locale" / lang / "LC_MESSAGES" / "tableside.po"
        with po.open("rb") as handle:
            done = {m.id for m in read_po(handle) if m.id and m.string}
        assert sorted(wanted - done) == [], f"untranslated in {lang}"


def test_kv_extractor_finds_tx_calls() -> None:
    import io

    from ui.i18n import extract_kv

    source = io.BytesIO(b"    text: app.tx(\"Undo\", app.lang)\n    x: 1\n    t: tx('Back')\n")
    assert [(n, m) for n, _, m, _ in extract_kv(source, [], [], {})] == [(1, "Undo"), (3, "Back")]


def test_app_without_a_screen_falls_back_to_the_terminal(tmp_path, monkeypatch, capsys) -> None:
    from ui.cli import main

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("ui.app.display.glob.glob", lambda pattern: [])
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the players type nothing: EOF
    assert main(["app", "--journal", str(tmp_path / "j.sqlite3")]) == 0
    captured = capsys.readouterr()
    assert "no screen to open the app on" in captured.err
    assert "terminal front end" in captured.err
    assert "Which game?" in captured.out


def test_catalogues_compile_at_start_up_even_from_a_read_only_install(tmp_path, monkeypatch):
    import gettext
    import os
    import shutil

    import ui.i18n as i18n

    locale = tmp_path / "locale"
    po = locale / "de" / "LC_MESSAGES" / "tableside.po"
    po.parent.mkdir(parents=True)
    shutil.copy(i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "tableside.po", po)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    target = i18n.compile_catalogues()
    assert target == locale and (po.parent / "tableside.mo").exists()
    # Read-only package directory (kiosk with ProtectSystem=strict): a cache directory.
    (po.parent / "tableside.mo").unlink()
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    target = i18n.compile_catalogues()
    assert target == tmp_path / "cache" / "tableside-locale"
    german = gettext.translation("tableside", localedir=target, languages=["de"])
    assert german.gettext("Confirm") == "Bestätigen"


def _secret_game():
    """Register a game with one secret choice (like Targi's tile choice), then the end."""
    from rules.game import Game
    from rules.prompt import Prompt
    from rules.registry import all_games, register

    class Secret(Game):
        name = "secret-test"
        title = "Secret test"

        def setup_fields(self):
            return ()

        def new_state(self, options, seed):
            return {"tile": None}

        def prompt(self, state):
            if state["tile"] is None:
                tiles = (Choice("a", msg("Tile A")), Choice("b", msg("Tile B")))
                field = Field(key="tile", label=msg("Your tile"), kind="choice", choices=tiles)
                return Prompt(
                    step="pick",
                    title=msg("Pick a tile"),
                    phase=msg("Day"),
                    fields=(field,),
                    secret=True,
                )
            return Prompt(step="end", title=msg("Game over"), phase=msg("End"), finished=True)

        def advance(self, state, answer):
            return {**state, "tile": answer["tile"]}, None

    if "secret-test" not in all_games():
        register(Secret())


def test_a_secret_step_is_covered_and_never_echoed(controller: AppController) -> None:
    _secret_game()
    c = controller
    c.choose_game("secret-test")
    c.start_game(seed=1)
    view = c.play_view()
    assert view.covered and view.fields == () and view.confirm_label == "Show"
    assert "only the player concerned" in view.lines[0]
    assert c.button("confirm")  # CONFIRM uncovers; it does not answer
    assert c.service.session.step_count == 0 and not c.play_view().covered
    c.current_form().choose("tile", "b")
    c.confirm()
    assert c.service.session.step_count == 1
    [row] = c.history_rows()
    assert row.detail == "(private)" and "Tile B" not in row.detail


def test_every_field_kind_in_the_form_and_by_the_button_box() -> None:
    """counts limits, multi bounds, order numbers, bool; NEXT/BOT/UNDO reach every stop."""
    from tests.ui.support.kinds_game import kinds_fields
    from ui.app.focus import Focus
    from ui.app.presenters import field_view
    from ui.i18n import translator

    form = FormModel(kinds_fields())
    assert form.step("markers", +1, "red")  # 1 -> 2
    assert not form.step("markers", +1, "red")  # the choice's limit: 2 red at most
    assert form.values["markers"] == {"red": 2, "blue": 0}
    assert form.choose("keep", "ann") and form.choose("keep", "bo")
    assert not form.choose("keep", "cy")  # at most 2: a third pick is refused
    assert form.choose("order", "cy") and form.choose("order", "ann")
    assert form.choose("order", "cy") and form.values["order"] == ["ann"]  # out, later move up
    form.choose("order", "bo")
    form.choose("order", "cy")
    tr = translator("en")
    order = field_view(form.field("order"), form, tr)
    assert [(e.label, e.number) for e in order.entries] == [("Ann", 1), ("Bo", 2), ("Cy", 3)]
    assert order.hint == "Choose 3 in order (chosen: 3)"
    assert field_view(form.field("keep"), form, tr).hint == "Choose 1 to 2 (chosen: 2)"

    fresh = FormModel(kinds_fields())
    focus = Focus(fresh)
    names = [focus.stop.name]  # a step that asks starts inside its first field
    while focus.next() is not None:
        names.append(focus.stop.name)
    assert names == [
        "markers.red", "markers.blue", "moved", "where", "keep", "order", "attacked", "confirm",
    ]  # fmt: skip
    focus.focus("moved")
    assert focus.change(+1) and fresh.values["moved"] == 0  # an empty number starts at 0
    assert focus.change(+1) and fresh.values["moved"] == 1
    focus.focus("where")
    assert focus.change(+1) and fresh.values["where"] == "0"
    assert focus.change(+1) and fresh.values["where"] == "1"
    focus.focus("order")
    assert not focus.change(+1) and focus.stop.name == "order.ann"  # BOT opens the field
    focus.focus("order", "bo")
    assert focus.change(+1) and fresh.values["order"] == ["bo"]
    assert focus.stop.name == "order.cy"  # a pick moves the focus on
    focus.focus("order", "bo")
    assert not focus.change(+1)  # already picked, and first: it stays
    assert focus.change(-1) and fresh.values["order"] == []
    focus.focus("attacked")
    assert focus.change(-1) and fresh.values["attacked"] is False


def test_a_history_answer_whose_label_is_a_question_gets_no_colon() -> None:
    from rules.prompt import Prompt
    from rules.session import HistoryEntry
    from ui.app.presenters import answer_text

    fields = (
        Field(key="joker", label=msg("Use the joker now?"), kind="bool", default=False),
        Field(key="gold", label=msg("Gold"), kind="int", default=0, minimum=0, maximum=9),
    )
    prompt = Prompt(step="s", title=msg("T"), phase=msg("P"), fields=fields)
    entry = HistoryEntry(
        index=0, step="s", title=msg("T"), values={"joker": True, "gold": 3}, decision=None
    )
    assert answer_text(entry, translator("en"), prompt) == "Use the joker now? Yes; Gold: 3"


def test_a_long_list_is_one_next_stop_that_bot_or_undo_opens() -> None:
    """Marauders' autumn member: seven lists of 24 places; NEXT passes a list the table
    does not need in one press, BOT opens one on its first place, UNDO on its last."""
    from rules.prompt import Choice as C
    from ui.app.focus import Focus

    places = tuple(C(f"p{n}", msg("place")) for n in range(24))
    lists = [Field(key=k, label=msg("L"), kind="multi", choices=places) for k in ("a", "b")]
    short = Field(key="s", label=msg("S"), kind="multi", choices=places[:3])
    focus = Focus(FormModel([*lists, short]))
    assert focus.stop.name == "a"  # a long list stays closed, even as the first field
    assert [focus.next().name for _ in range(3)] == ["b", "s", "confirm"]
    assert focus.next() is None
    focus.next()
    assert focus.stop.name == "a"
    assert focus.change(+1) is False and focus.stop.name == "a.p0|p1|p2|p3|p4"  # BOT opens it
    assert focus.change(+1) is False and focus.stop.name == "a.p0"  # and its first row
    assert focus.change(+1) is True and focus.form.values["a"] == ["p0"]
    assert focus.stop.name == "a.p1"  # the pick moved the focus on
    focus.index = 0
    focus.change(-1)  # UNDO opens it on its last row, and that on its last place
    assert focus.stop.name == "a.p20|p21|p22|p23"
    focus.change(-1)
    assert focus.stop.name == "a.p23"
    assert focus.next().name == "b"  # after the last place: the next list
    focus.focus("a", "p7")  # a finger on a place puts the focus there, not on the list
    assert focus.stop.name == "a.p7"


def test_bot_and_undo_walk_a_choice_as_a_ring() -> None:
    from rules.prompt import Choice as C

    field = Field(
        key="action",
        label=msg("Action"),
        kind="choice",
        default="a",
        choices=tuple(C(v, msg(v)) for v in ("a", "b", "c", "d")),
    )
    form = FormModel([field])
    assert form.cycle("action", -1) and form.values["action"] == "d"  # UNDO: the last one
    assert form.cycle("action", +1) and form.values["action"] == "a"  # BOT: round again


def test_a_wide_number_has_a_tens_stop_before_its_ones() -> None:
    """A final score of 60 costs NEXT, six BOT, not sixty BOT."""
    from ui.app.focus import Focus

    score = Field(key="p1", label=msg("Score"), kind="int", minimum=0, maximum=999)
    small = Field(key="hearts", label=msg("Hearts"), kind="int", minimum=1, maximum=13, default=9)
    focus = Focus(FormModel([score, small]))
    assert [(s.name, s.step) for s in focus.stops] == [
        ("p1", 10),
        ("p1", 1),
        ("hearts", 1),
        ("confirm", 1),
    ]
    assert focus.stop.name == "p1"  # the first stop: the tens
    focus.change(+1)  # an empty number starts at 0
    for _ in range(6):
        focus.change(+1)
    focus.focus("p1")  # the app puts the focus where the change was: it stays on the tens
    assert focus.form.values["p1"] == 60 and focus.stop.step == 10
    focus.next()
    focus.change(-1)
    assert focus.form.values["p1"] == 59 and focus.stop.step == 1
