"""Whole games played by careless players: random legal actions, invariants after every step."""

from __future__ import annotations

import random
import re

import pytest

from rules.errors import RulesError
from rules.games.anteportas.actions import tiles_left
from rules.prompt import Prompt
from rules.session import Session
from tests.rules.anteportas.helpers import DEFS, GAME, KIT, soldiers_total, units_total
from tests.support.walker import random_answer

MENUS = ("turns", "final", "battle")
#: A Python repr or an internal id on a screen: ``{'basic': 2}``, ``guard_post``, ``battle-1``.
LEAK = re.compile(r"\{'|'basic'|\b[a-z]+_[a-z]+\b|\b(battle|support|gunfire|replace)-\d")


def texts(prompt: Prompt) -> list[str]:
    out = [prompt.title.english(), prompt.phase.english(), *(m.english() for m in prompt.lines)]
    for field in prompt.fields:
        out.append(field.label.english())
        out += [c.label.english() for c in field.choices]
    if prompt.decision is not None:
        d = prompt.decision
        out += [d.summary.english(), *(m.english() for m in d.instructions)]
        out += [t.finding.english() for t in d.trace]
    return out


def careless_step(session: Session, rng: random.Random) -> None:
    prompt = session.prompt()
    if prompt.step in MENUS and rng.random() < 0.6:
        menu = prompt.fields[0]
        options = [c.value for c in menu.choices[1:]]
        if options:
            try:
                session.answer({"action": rng.choice(options)})
                return
            except RulesError:
                pass
    if prompt.step == "year":
        session.answer({"next": rng.choice(["year", "era2", "final"])})
        return
    for _ in range(30):
        answer = random_answer(prompt, rng)
        if prompt.step in MENUS:
            answer.pop("action", None)
        try:
            session.answer(answer)
            return
        except RulesError:
            continue
    try:
        session.answer({})
    except RulesError:
        session.undo()  # what a table does when it picked an action it cannot finish


def check(session: Session, options: dict) -> None:
    state = session.state
    fld = state["field"]
    if state["stage"] != "lost" and not (
        state["final_round"] and options.get("final_wave") == "all_dead"
    ):
        assert units_total(fld) == {"basic": DEFS.box("basic"), "elite": DEFS.box("elite")}
    for kind, n in soldiers_total(fld).items():
        assert n <= DEFS.box(kind)
    for troop in fld["troops"].values():
        assert troop["basic"] >= 0 and troop["elite"] >= 0 and troop["basic"] + troop["elite"] > 0
    for kind in ("trap", "catapult", "pressure", "dummy", "guard_post"):
        assert tiles_left(fld, kind, KIT) >= 0
    for text in texts(session.prompt()):
        assert not LEAK.search(text), text


@pytest.mark.parametrize("scenario", ["raiders", "dragons"])
@pytest.mark.parametrize("seed", range(6))
def test_careless_players_never_break_the_rules_or_the_books(scenario: str, seed: int) -> None:
    rng = random.Random(seed)
    options = {
        "players": 2 + seed % 2 if seed % 4 == 2 else 1 + seed % 3,
        "scenario": scenario,
        "draw": "physical" if seed % 4 == 1 else "digital",
        "variant": "twice" if seed % 4 == 2 else "none",
        "final_wave": ("normal", "all_dead", "crescendo")[seed % 3],
    }
    session = Session(GAME, options, seed)
    for _ in range(250):
        if session.prompt().finished:
            break
        careless_step(session, rng)
        check(session, options)
    replayed = Session(GAME, session.options, seed, events=session.events)
    assert replayed.state == session.state
