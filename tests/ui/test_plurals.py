"""Counts take the language's plural form (gettext ngettext), never "heart(s)" (issue 23)."""

from __future__ import annotations

import pytest

from rules.text import Msg, msg, msgn
from ui.i18n import translator


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Ana loses 1 heart.", "Ana loses 2 hearts."),
        ("de", "Ana verliert 1 Herz.", "Ana verliert 2 Herzen."),
        ("pt", "Ana perde 1 coração.", "Ana perde 2 corações."),
    ],
)
def test_a_count_takes_the_plural_form_of_the_language(lang: str, one: str, two: str) -> None:
    tr = translator(lang)
    texts = [
        msgn("{p} loses {n} heart.", "{p} loses {n} hearts.", p=msg("Ana"), n=k).render(tr)
        for k in (1, 2)
    ]
    assert texts == [one, two]


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [("en", "1 player", "3 players"), ("pt", "1 jogador", "3 jogadores")],
)
def test_players_are_counted_properly(lang: str, one: str, three: str) -> None:
    tr = translator(lang)
    assert [msgn("{n} player", "{n} players", n=k).render(tr) for k in (1, 3)] == [one, three]


def test_a_plural_message_survives_the_journal() -> None:
    m = msgn("{n} step", "{n} steps", n=4)
    assert Msg.from_json(m.to_json()) == m
    assert Msg.from_json(m.to_json()).english() == "4 steps"


def test_an_untranslated_plural_stays_english() -> None:
    m = msgn("{n} quux not in any catalogue", "{n} quuxes not in any catalogue", n=2)
    assert m.render(translator("de")) == "2 quuxes not in any catalogue"


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        (
            "de",
            "1 intakter Schritt aus 1 Spiel wurde wiederhergestellt.",
            "5 intakte Schritte aus 2 Spielen wurden wiederhergestellt.",
        ),
        (
            "pt",
            "1 passo intacto de 1 jogo foi recuperado.",
            "5 passos intactos de 2 jogos foram recuperados.",
        ),
    ],
)
def test_the_journal_recovery_notice_counts_steps_and_games_apart(
    lang: str, one: str, many: str
) -> None:
    from rules.journal.recovery import _Recovery, _recovery_notice
    from tests.rules.test_journal_plurals import outcome

    tr = translator(lang)
    single = _Recovery(problem="x", outcomes=[outcome(1, 1)])
    several = _Recovery(problem="x", outcomes=[outcome(1, 3), outcome(2, 2)])
    assert one in _recovery_notice(single, repaired=True).render(tr)
    assert many in _recovery_notice(several, repaired=True).render(tr)
