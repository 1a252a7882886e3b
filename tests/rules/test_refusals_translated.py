"""Every refusal a game can raise reaches the players in their language, without internal ids.

Two views of the same promise:

- **every raise site** (read from the source): each ``IllegalInput`` (and the
  games' ``Refused``) in ``rules/games/`` is built from ``msg(...)``, never
  from an English string or an f-string, and every ``msg`` template written
  there is translated in the German and Portuguese catalogues;
- **every refusal met** by careless players (tests/support/walker.py, random
  answers tried before the defaults, every Ante Portas mode, random set-up
  options): its ``message`` and each message inside it is a catalogue entry
  (or a name the players entered themselves, component data), its plain
  parameters are numbers, hex numbers, team letters or card coordinates,
  and it renders in en/de/pt with no leftover ``{``, no Python repr and no
  snake_case id.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from rules.errors import IllegalInput, RulesError
from rules.registry import all_games
from rules.text import Msg
from tests.support.walker import random_value, walk

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("anteportas", "marauders", "nomads", "robinson", "targi")
LANGS = ("de", "pt")
SEEDS = range(6)
#: The refusal classes of the games (subclasses of IllegalInput built from two Msgs).
RAISERS = {"IllegalInput": 1, "Refused": 2}
#: Plain (untranslated) parameters a refusal may show: numbers, hex numbers (#12),
#: team letters, card coordinates (b3), marauder tile numbers (M04).
SHOWN_AS_IS = re.compile(r"-?\d+|#\d+|[A-Z]|[a-g][1-7]|M\d\d")
REPR = re.compile(r"\{'|\['|Msg\(|\bNone\b|\bTrue\b|\bFalse\b|object at 0x")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


@cache
def catalogue(lang: str) -> dict[str, str]:
    po = ROOT / "ui" / "locale" / lang / "LC_MESSAGES" / "tableside.po"
    with po.open("rb") as handle:
        # a plural entry (gettext ngettext) counts by its singular and its first form
        return {
            (m.id[0] if isinstance(m.id, tuple) else m.id): (
                m.string[0] if isinstance(m.string, tuple) else m.string
            )
            for m in read_po(handle)
            if m.id
        }


def untranslated(template: str) -> list[str]:
    return [lang for lang in LANGS if not catalogue(lang).get(template)]


# -- every raise site ---------------------------------------------------------------------


def raise_sites() -> Iterator[tuple[str, int, str, ast.expr]]:
    """``(file, line, class, reason argument)`` of every refusal built in rules/games/."""
    for path in sorted((ROOT / "rules" / "games").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in RAISERS:
                continue
            for arg in node.args[: RAISERS[name]]:
                yield str(path.relative_to(ROOT)), node.lineno, name, arg


def msg_templates(node: ast.AST) -> Iterator[str]:
    """The literal templates of every ``msg("...")`` call inside ``node``."""
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Name)
            and sub.func.id == "msg"
            and sub.args
            and isinstance(sub.args[0], ast.Constant)
            and isinstance(sub.args[0].value, str)
        ):
            yield sub.args[0].value


def test_the_source_has_refusals_to_check() -> None:
    assert len(list(raise_sites())) > 80


def test_every_refusal_in_the_games_is_built_from_a_msg() -> None:
    """No English string or f-string: a ``msg(...)`` or ``msgn(...)``, or a name holding one."""
    wrong = [
        f"{path}:{line} {name}({ast.unparse(arg)[:60]})"
        for path, line, name, arg in raise_sites()
        if not isinstance(arg, ast.Call | ast.Name | ast.IfExp | ast.Attribute)
        or (isinstance(arg, ast.Call) and getattr(arg.func, "id", None) not in {"msg", "msgn"})
        or (isinstance(arg, ast.IfExp) and not list(msg_templates(arg)))
    ]
    assert wrong == []


def test_every_refusal_template_in_the_games_is_translated() -> None:
    missing = [
        f"{path}:{line} {template!r} ({', '.join(langs)})"
        for path, line, _name, arg in raise_sites()
        for template in msg_templates(arg)
        if (langs := untranslated(template))
    ]
    assert missing == []


# -- every refusal met --------------------------------------------------------------------


def walk_options(name: str) -> list[dict[str, Any]]:
    if name == "anteportas":  # each mode has refusals of its own (versus: teams)
        return [
            {"mode": "cooperative", "players": 1},
            {"mode": "capture_the_flag", "players": 2},
            {"mode": "area_control", "players": 2},
        ]
    return [{}]


def nomads_card_named_twice() -> RulesError:
    """The one Nomads refusal: a drawn card of the physical deck named again (the field
    offers every card, as the deck may be reshuffled)."""
    from tests.rules.nomads.helpers import after_one_physical_card

    session = after_one_physical_card("6")
    with pytest.raises(IllegalInput) as refused:
        session.answer({"card": "6"})
    return refused.value


def targi_checks(state: dict[str, Any]) -> Iterator[RulesError]:
    """Targi's fields offer only legal cards, so its refusals are provoked here: every
    check of the legality module on every card of the walk's real positions."""
    from rules.games.targi import legality as L
    from rules.games.targi.board import board_of
    from rules.games.targi.terms import PLAYERS, TILES

    table, board = state["table"], board_of(state)
    checks: list[Any] = [lambda p: L.check_move_renounce(p)]
    checks += [lambda p, t=t: L.check_holds(table, p, t, "tile") for t in TILES]
    checks += [lambda p: L.check_joker(table, p, "gold"), lambda p: L.check_renounce(table, p, 10)]
    checks += [lambda p: L.check_renounce(table, p, 3, just_laid=False)]
    for card in board.labels:
        checks += [
            lambda p, c=card: L.check_targi_figure(table, board, p, c),
            lambda p, c=card: L.check_targi_tile(table, board, p, c, pending_start=True),
            lambda p, c=card: L.check_tribe_tile(table, board, p, c, pending_start=True),
        ]
        checks += [
            lambda p, a=card, b=target: L.check_fata_morgana(table, board, p, a, b)
            for target in board.labels
        ]
    for player in PLAYERS:
        for check in checks:
            try:
                check(player)
            except L.Refused as refused:
                yield refused


def refusals_met(name: str) -> list[RulesError]:
    game = all_games()[name]
    met: list[RulesError] = []
    for options in walk_options(name):
        for seed in SEEDS:
            probed = name == "targi" and seed < 2
            for visit in walk(game, seed, 300, options, careless=True, states=probed):
                met += visit.refusals
                if visit.state is not None:
                    met += targi_checks(visit.state)
    if name == "nomads":
        met.append(nomads_card_named_twice())
    rng = random.Random(7)
    for _ in range(60):  # set-up options the set-up screen offers, picked at random
        options = {f.key: random_value(f, rng) for f in game.setup_fields()}
        try:
            game.coerce_options(options)
        except IllegalInput as refused:
            met.append(refused)
    return met


def component_texts(name: str) -> set[str]:
    """Every string of the game's example components (names entered by the players)."""
    found: set[str] = set()

    def collect(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(all_games()[name].example_components())
    return found


def problems_of(message: Msg, entered: set[str]) -> Iterator[str]:
    """What is wrong with one message: untranslated templates, internal ids as parameters."""
    literal = message.template.replace("{{", "{").replace("}}", "}")
    if literal not in entered and (langs := untranslated(message.template)):
        yield f"not translated ({', '.join(langs)}): {message.template!r}"
    for key, value in message.params.items():
        if isinstance(value, Msg):
            yield from problems_of(value, entered)
        elif isinstance(value, str) and not SHOWN_AS_IS.fullmatch(value):
            yield f"plain text {value!r} as {{{key}}} in {message.template!r}"
    for lang in LANGS:
        table = catalogue(lang)
        text = message.render(lambda s, t=table: t.get(s) or s)
        for pattern, what in ((REPR, "a repr"), (SNAKE, "an id")):
            if pattern.search(text):
                yield f"{lang}: {what} in {text!r}"


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_met_reads_in_the_players_language(name: str) -> None:
    met = {json.dumps(r.message.to_json(), sort_keys=True): r.message for r in refusals_met(name)}
    entered = component_texts(name)
    found = sorted({p for message in met.values() for p in problems_of(message, entered)})
    assert found == [], "\n".join(found[:20])


def test_the_walks_meet_refusals_of_every_game() -> None:
    """The check above is not vacuous: careless players are refused in every game."""
    assert all(refusals_met(name) for name in GAMES)
