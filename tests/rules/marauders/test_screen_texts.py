"""Every word a player reads is translated, and no internal id or Python repr reaches a screen.

Whole games are walked; every prompt (title, phase, lines, field labels,
choice labels), every decision (summary, instructions, every trace finding),
the board scenes and the status lines are rendered in English, German and
Portuguese and checked.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from rules.decision import Decision
from rules.prompt import Prompt
from rules.session import Session
from rules.text import Msg
from tests.rules.marauders.support import GAME, busy_answers
from tests.support.walker import walk
from ui.i18n import render

ROOT = Path(__file__).resolve().parents[3]
#: Internal ids that must never be shown: hyphenated terms, tile ids, reprs, raw fields.
FORBIDDEN = re.compile(
    r"rock-painting|hunting-tile|gathering-tile|fishing-tile|action-marker|megalith-occupied"
    r"|\bM\d\d\b|\{'|\['|\bNone\b|\bTrue\b|\bFalse\b|\btribe\b(?=[, ]+\d)|\bP\d\b|@"
)


def game_texts(prompt: Prompt, scene: dict[str, Any], status: tuple[Msg, ...]) -> Iterator[Msg]:
    yield prompt.title
    yield prompt.phase
    yield prompt.confirm_label
    yield from prompt.lines
    for field in prompt.fields:
        yield field.label
        if field.help is not None:
            yield field.help
        yield from (c.label for c in field.choices)
    if prompt.decision is not None:
        yield from decision_texts(prompt.decision)
    yield from status
    for part in [scene, *scene.get("parts", [])]:
        yield Msg.from_json(part["title"])
        for label, value in part.get("facts", []):
            yield Msg.from_json(label)
            if isinstance(value, dict):  # a message ("side 3"), translated like the label
                yield Msg.from_json(value)
            elif value:  # drawn as it is (numbers), never looked up in a catalogue
                yield Msg(str(value).replace("{", "{{").replace("}", "}}"))
        for side in part.get("sides", []):
            for key in ("action", "priority"):
                if side.get(key):
                    yield Msg.from_json(side[key])
        if "centre" in part:
            yield Msg.from_json(part["centre"])


def decision_texts(decision: Decision) -> Iterator[Msg]:
    yield decision.summary
    yield from decision.instructions
    yield from (step.finding for step in decision.trace)


def games() -> Iterator[tuple[Prompt, dict[str, Any], tuple[Msg, ...], Decision | None]]:
    # The tribe's VP on the score track (the default) and added up by the assistant.
    variant = {"draw": "physical", "ceremony_choice": True, "tribe_score": "assistant"}
    for options in ({"players": 2}, {"players": 3, **variant}):
        session = Session(GAME, options, seed=5)
        while not session.prompt().finished:
            state = session.state
            prompt = session.prompt()
            values = busy_answers(session)
            if "tile" in {f.key for f in prompt.fields}:
                values["tile"] = prompt.fields[0].choices[state["round"]].value
            decision = session.answer(values)
            yield prompt, GAME.board(state), GAME.status(state), decision
        yield session.prompt(), GAME.board(session.state), GAME.status(session.state), None
    for seed in range(3):
        for visit in walk(GAME, seed, steps=400, options={"players": 2, "hard_tiles": 4}):
            yield visit.prompt, {}, (), visit.decision


MET = list(games())


def all_messages() -> Iterator[Msg]:
    for prompt, scene, status, decision in MET:
        yield from game_texts(prompt, scene or {"title": {"t": "{x}", "p": {"x": "-"}}}, status)
        if decision is not None:
            yield from decision_texts(decision)


def test_no_internal_id_or_repr_on_any_screen() -> None:
    shown = {render(m, "en") for m in all_messages()}
    bad = sorted(text for text in shown if FORBIDDEN.search(text))
    assert bad == []


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_every_text_is_translated(lang: str) -> None:
    """Rendered in German or Portuguese, no sentence stays English (names and numbers aside)."""
    english_words = re.compile(
        r"\b(the|tribe|tray|marker|markers|side|member|lane|pillar|VP|with|onto|from)\b"
    )
    left = sorted(
        {
            render(m, lang)
            for m in all_messages()
            if english_words.search(render(m, lang)) and render(m, lang) == render(m, "en")
        }
    )
    assert left == []


def test_the_catalogues_hold_every_marauders_text(tmp_path: Path) -> None:
    pot = tmp_path / "marauders.pot"
    args = ["-k", "msg", "-k", "N_", "-k", "_", "-k", "tx", "--no-default-keywords"]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            *args,
            "--no-location",
            "-o",
            str(pot),
            "rules/games/marauders",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with pot.open("rb") as handle:
        wanted = {m.id for m in read_po(handle) if m.id}
    assert len(wanted) > 250
    for lang in ("de", "pt"):
        po = ROOT / "ui" / "locale" / lang / "LC_MESSAGES" / "tableside.po"
        with po.open("rb") as handle:
            done = {m.id for m in read_po(handle) if m.id and m.string}
        assert sorted(wanted - done) == [], lang
