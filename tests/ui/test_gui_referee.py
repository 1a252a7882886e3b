"""A referee's ruling is headed "The referee says", never "The bot did" (real Kivy window).

Targi and Robinson have no bot: the assistant rules on the players' moves
(``Decision.referee``). Marauders' decisions keep "The bot did" / "The bot decides".
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


@pytest.fixture
def make_app(open_apps, tmp_path: Path):
    opened = iter(range(100))
    return lambda lang="en": open_apps(lang, tmp_path / f"journal-{next(opened)}.sqlite3")


def pick_items(app) -> None:
    """Tap the first options of every field that picks several (Robinson's starting items)."""
    from tests.ui.support.driving import keyed, tap

    for field in app.controller.prompt.fields:
        if field.kind == "multi" and field.minimum:
            for choice in field.choices[: field.minimum]:
                tap(keyed(app, f"{field.key}={choice.value}"))


def test_robinson_rulings_are_the_referees(make_app) -> None:
    from tests.ui.support.driving import confirm_as_shown, press, screen, shown

    app = make_app()
    c = app.controller
    c.choose_game("robinson")
    c.start_game(seed=1)
    assert app.manager.current == "checklist"
    pick_items(app)
    confirm_as_shown(app, lambda: press("enter"))  # the checklist done; the referee places camps
    assert c.error is None
    decision = c.service.session.last_decision
    assert decision is not None and decision.referee
    assert shown(app, f"The referee says: {c.text(decision.summary)}")  # still set-up
    while app.manager.current == "checklist":
        pick_items(app)
        confirm_as_shown(app, lambda: press("enter"))
        assert c.error is None
    decision = c.service.session.last_decision
    assert app.manager.current == "play" and decision is not None and decision.referee
    summary = c.text(decision.summary)
    assert shown(app, f"The referee says: {summary}")
    assert not shown(app, "The bot")
    # The step asks: its first field has the focus (BOT is + there); NEXT past Confirm
    # takes it off, then BOT shows how it was decided.
    for _ in range(len(c.focus.stops) + 1):
        if c.focused_name() is None:
            break
        press("n")
    press("b")
    assert app.manager.current == "trace"
    assert shown(app, "How the referee ruled")
    assert not shown(app, "How the bot decided")
    assert screen(app).referee
    press("u")
    assert app.manager.current == "play"


def test_targi_rulings_in_german(make_app) -> None:
    import random

    from rules.errors import RulesError
    from tests.support.walker import random_answer
    from tests.ui.support.driving import shown

    app = make_app("de")
    c = app.controller
    c.choose_game("targi")
    c.start_game(seed=1)
    rng = random.Random(1)
    for _ in range(30):  # legal answers until the first ruling (a joker tile used, ...)
        if c.service.session.last_decision is not None:
            break
        for attempt in range(60):
            try:
                c.service.answer({} if attempt == 0 else random_answer(c.prompt, rng))
                break
            except RulesError:
                continue
    c._enter_current()
    decision = c.service.session.last_decision
    assert decision is not None and decision.referee
    c.reveal()  # a secret step shows its cover first
    assert app.manager.current == "play"
    assert shown(app, f"Der Schiedsrichter sagt: {c.text(decision.summary)}")
    assert not shown(app, "Der Bot")


def test_a_bot_decision_is_still_the_bots(make_app) -> None:
    from tests.ui.support.driving import shown

    app = make_app()
    c = app.controller
    c.choose_game("marauders")
    c.start_game(seed=2)
    for _ in range(8):
        if c.prompt.decision is not None:
            break
        c.confirm()
        assert c.error is None
    assert c.prompt.decision is not None and not c.prompt.decision.referee
    assert shown(app, "The bot decides")
    assert not shown(app, "referee")
