"""The button box's navigation (issue #23, "every step within a few presses"): the focus
starts in the step's first field, fields of several parts are closed, long choices come in
rows, a pick moves the focus on, BOT moves an order's pick up, an empty score starts at 0.

Pure logic (ui/app/focus.py on a real FormModel); the last test presses the buttons on
gpiozero mock pins through the app's real button handling.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

from rules.kinds import KINDS
from rules.prompt import Choice, Field
from rules.text import msg
from ui.app.focus import Focus
from ui.app.form import FormModel


def _counts(key: str, colours: tuple[str, ...]) -> Field:
    return Field(
        key=key,
        label=msg("Markers"),
        kind="counts",
        choices=tuple(Choice(c, msg(c)) for c in colours),
    )


def _options(key: str, kind: str, count: int, **more) -> Field:
    choices = tuple(Choice(f"o{n}", msg("option")) for n in range(count))
    return Field(key=key, label=msg("Pick"), kind=kind, choices=choices, **more)  # type: ignore[arg-type]


def test_a_step_that_asks_starts_with_the_focus_in_its_first_field() -> None:
    form = FormModel([_counts("paid", ("red", "blue")), _counts("got", ("red", "blue"))])
    focus = Focus(form)
    assert focus.stop is not None and focus.stop.name == "paid.red"
    assert focus.change(+1) and form.values["paid"] == {"red": 1, "blue": 0}  # the first BOT


def test_a_closed_field_is_one_next_and_bot_or_undo_opens_it() -> None:
    form = FormModel(
        [
            Field(key="n", label=msg("N"), kind="int", minimum=0, maximum=9),
            _counts("news", ("red", "yellow", "blue", "vp")),
            Field(key="ok", label=msg("OK?"), kind="bool"),
        ]
    )
    focus = Focus(form)
    assert [focus.stop.name, focus.next().name, focus.next().name] == ["n", "news", "ok"]
    focus.focus("news")
    assert focus.change(+1) is False and focus.stop.name == "news.red"  # BOT opens: first part
    assert form.values["news"] == {"red": 0, "yellow": 0, "blue": 0, "vp": 0}  # nothing changed
    focus.focus("news")
    assert focus.change(-1) is False and focus.stop.name == "news.vp"  # UNDO opens: last part
    assert focus.change(+1) and form.values["news"]["vp"] == 1
    assert focus.next().name == "ok"  # after the last part: the next field


def _fewest_presses(form: FormModel, key: str) -> dict[str, int]:
    """Breadth-first over the real buttons (NEXT, BOT, UNDO): presses to show each option."""
    start = Focus(form)
    seen: dict[tuple[int | None, object], int] = {(start.index, form.values[key]): 0}
    out: dict[str, int] = {}
    queue = deque([(start.index, form.values[key])])
    while queue:
        index, value = queue.popleft()
        presses = seen[(index, value)]
        for button in ("next", "bot", "undo"):
            trial = FormModel(form.fields)
            trial.values[key] = value
            probe = Focus(trial)
            probe.index = index
            if button == "next":
                probe.next()
            else:
                probe.change(+1 if button == "bot" else -1)
            state = (probe.index, trial.values[key])
            if state not in seen:
                seen[state] = presses + 1
                queue.append(state)
                if isinstance(state[1], str):
                    out.setdefault(state[1], presses + 1)
    return out


def test_any_of_twelve_options_is_at_most_four_presses_away_in_rows() -> None:
    """Twelve options come in three rows of four: NEXT to the row, BOT from its first
    option, UNDO from its last. As one ring (today's main) the far ones cost 6-7."""
    form = FormModel([_options("action", "choice", 12)])
    assert Focus(form).stop.name == "action.o0|o1|o2|o3"
    expected = [1, 2, 2, 1, 2, 3, 3, 2, 3, 4, 4, 3]
    got = _fewest_presses(form, "action")
    assert [got[f"o{n}"] for n in range(12)] == expected


def test_a_choice_row_bot_and_undo_stay_in_the_row() -> None:
    form = FormModel([_options("action", "choice", 9)])  # three rows of three
    focus = Focus(form)
    focus.next()
    assert focus.stop.name == "action.o3|o4|o5"
    assert focus.change(-1) and form.values["action"] == "o5"  # UNDO: the row's last
    assert focus.change(+1) and form.values["action"] == "o3"  # BOT: round the row
    assert focus.change(-1) and form.values["action"] == "o5"
    focus.focus("action")  # a finger picks in another row: the focus goes to that row
    form.choose("action", "o7")
    focus.focus("action")
    assert focus.stop.name == "action.o6|o7|o8"


def test_a_pick_moves_the_focus_to_the_next_option() -> None:
    form = FormModel([_options("keep", "multi", 4, maximum=3)])
    focus = Focus(form)
    assert focus.stop.name == "keep.o0"
    assert focus.change(+1) and form.values["keep"] == ["o0"]
    assert focus.stop.name == "keep.o1"  # on to the next option
    assert focus.next().name == "keep.o2"
    assert focus.change(+1) and focus.stop.name == "keep.o3"
    assert focus.change(-1) is False  # not picked: nothing to take out
    focus.focus("keep", "o2")
    assert focus.change(-1) and form.values["keep"] == ["o0"]
    assert focus.stop.name == "keep.o2"  # taking out stays


def test_bot_on_a_chosen_order_option_moves_it_one_place_earlier() -> None:
    """Marauders' spring start: [tribe, 1, 2] -> [1, tribe, 2] is one BOT on "1", not
    taking out and adding again."""
    field = Field(
        key="order",
        label=msg("Order"),
        kind="order",
        choices=tuple(Choice(v, msg(v)) for v in ("tribe", "1", "2")),
    )
    order = KINDS["order"]
    assert order.press(field, ["tribe", "1", "2"], "1", +1) == ["1", "tribe", "2"]
    assert order.press(field, ["1", "tribe", "2"], "1", +1) == ["1", "tribe", "2"]  # first
    assert order.press(field, ["tribe"], "2", +1) == ["tribe", "2"]  # not chosen: appended
    assert order.press(field, ["tribe", "2"], "tribe", -1) == ["2"]  # UNDO takes out
    form = FormModel([field])
    form.values["order"] = ["tribe", "1", "2"]
    focus = Focus(form)
    focus.next()
    assert focus.stop.name == "order.1"
    assert focus.change(+1) and form.values["order"] == ["1", "tribe", "2"]
    assert focus.stop.name == "order.1"  # a move, not a pick: the focus stays


def test_an_empty_score_starts_at_zero_not_at_its_minimum() -> None:
    score = Field(key="s", label=msg("Score"), kind="int", minimum=-100, maximum=1000)
    assert KINDS["int"].press(score, None, None, +1) == 0
    low = Field(key="h", label=msg("Hearts"), kind="int", minimum=1, maximum=13)
    assert KINDS["int"].press(low, None, None, +1) == 1  # 0 is below: the nearest bound


def test_the_first_bot_on_mock_pins_changes_the_answer(tmp_path: Path) -> None:
    """On today's main the first BOT showed the bot's reasoning: the focus was nowhere."""
    from tests.ui.support.scene_game import ensure_registered
    from ui.app.controller import AppController
    from ui.benchmarks.presses import Box
    from ui.service import TableService

    ensure_registered()
    service = TableService(tmp_path / "j.sqlite")
    c = AppController(service)
    c.choose_game("scenes")
    c.start_game(seed=1)
    box = Box(c)
    try:
        box.press("next")  # the set-up checklist asks nothing: done
        assert c.prompt.step == "count" and c.form is not None
        first = c.prompt.fields[0]
        entry = first.choices[0].value
        before = dict(c.form.values[first.key])
        box.press("bot")
        assert c.screen == "play" and c.form.values[first.key][entry] == before[entry] + 1
        box.press("confirm")
        assert service.session.history[-1].values[first.key][entry] == before[entry] + 1
    finally:
        box.close()
        service.close()


def test_a_bots_step_starts_without_focus_so_bot_shows_its_reasoning(tmp_path: Path) -> None:
    """Marauders' spring action: the bot decided; its fields only correct what the table
    did. BOT must explain the bot, not tick "blocked" by accident."""
    from ui.app.controller import AppController
    from ui.benchmarks.presses import Box
    from ui.benchmarks.tables import marauders as scripted
    from ui.service import TableService

    service = TableService(tmp_path / "j.sqlite")
    c = AppController(service)
    c.choose_game(scripted.GAME)
    assert c.setup_form is not None
    c.setup_form.values.update(scripted.OPTIONS)
    c.start_game(seed=scripted.SEED)
    table = scripted.Table()
    session = service.session
    while session.prompt().step != "spring-action":
        prompt = session.prompt()
        values = table.answer(prompt, session.state)
        service.answer(values)
        table.observe(prompt, values, session.last_decision)
    c._enter_current()
    assert c.prompt.decision is not None and c.prompt.fields
    assert c.focused_name() is None
    before = dict(c.form.values)
    box = Box(c)
    try:
        box.press("bot")
        assert c.screen == "trace" and c.form.values == before
    finally:
        box.close()
        service.close()


def test_without_start_the_focus_is_nowhere_until_next() -> None:
    form = FormModel([_counts("paid", ("red", "blue"))])
    focus = Focus(form, start=False)
    assert focus.stop is None and not focus.on_field
    assert focus.next().name == "paid"  # the first field, closed: BOT opens it


def test_a_multi_of_at_most_one_pick_is_one_stop_round_a_ring_with_none() -> None:
    """Targi's card for a tile ("none: not this round"): one stop like a choice, BOT and UNDO
    round [none, o0, ..., o5]: the 4th option is 3 UNDO away, not 3 NEXT and a BOT."""
    form = FormModel([_options("card", "multi", 6, minimum=0, maximum=1, default=[])])
    focus = Focus(form)
    assert [s.name for s in focus.stops] == ["card", "confirm"]
    assert focus.change(-1) and form.values["card"] == ["o5"]
    assert focus.change(-1) and form.values["card"] == ["o4"]
    assert focus.change(-1) and form.values["card"] == ["o3"]
    assert focus.stop.name == "card"  # a pick does not move the focus on
    assert focus.change(+1) and focus.change(+1) and focus.change(+1)
    assert form.values["card"] == []  # round to none
    assert focus.change(+1) and form.values["card"] == ["o0"]
    form.choose("card", "o2")  # a finger: the focus stays the field's one stop
    focus.focus("card", "o2")
    assert focus.stop.name == "card" and focus.change(+1) and form.values["card"] == ["o3"]


def test_a_required_single_pick_has_no_none_and_a_long_one_keeps_its_rows() -> None:
    form = FormModel(
        [
            _options("one", "multi", 3, minimum=1, maximum=1),
            _options("many", "multi", 9, minimum=0, maximum=1),
        ]
    )
    focus = Focus(form)
    assert focus.stop.name == "one"
    assert focus.change(+1) and form.values["one"] == ["o0"]
    assert focus.change(-1) and form.values["one"] == ["o2"]  # no none between them
    assert focus.next().name == "many"  # nine options: rows that open, as before
    assert not focus.change(+1) and focus.stop.name == "many.o0|o1|o2"  # BOT opens it
