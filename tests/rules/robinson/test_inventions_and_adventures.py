"""Inventions (ownership, terrain from explored tiles), exploration, adventure icons."""

from __future__ import annotations

from tests.rules.robinson.helpers import (
    choices,
    finish_night,
    place,
    player,
    resolve_all,
    set_up,
    to_placement,
)


def night_and_next_round(session) -> None:
    session.answer({})  # weather
    finish_night(session, hearts=0)
    to_placement(session)


def test_builder_owns_the_invention_and_nobody_else_can_build_it() -> None:
    """ "Uma vez que uma invenção é construída, o construtor pega e vira a carta e somente ele
    poderá usá-la. Ninguém mais poderá construí-la." """
    session = set_up([("10", "8"), ("11", "4")])
    to_placement(session)
    place(session, ("build:shovel",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    resolve_all(session)
    assert player(session, "red")["cards"]["shovel"] == {"kind": "invention", "markers": None}
    assert "shovel" not in player(session, "blue")["cards"]
    night_and_next_round(session)  # blue first
    assert "build:shovel" not in choices(session, "action")


def test_terrain_explored_by_another_player_counts() -> None:
    """ "Os jogadores têm acesso a todos os ícones do tipo terreno revelados no mapa (mesmo
    quando revelados por outro jogador)" """
    session = set_up([("10", "4"), ("12", "9")])  # both on hills: no beach yet
    to_placement(session)
    assert "build:shovel" not in choices(session, "action")
    place(session, ("camp:rest",), ("explore", "5"), ("camp:rest",), ("camp:rest",))
    resolve_all(session, tile="1")  # blue finds a beach
    night_and_next_round(session)  # blue first
    place(session, ("camp:rest",))
    decision = place(session, ("build:shovel",))  # red uses blue's beach on space 5
    assert decision is not None
    assert any(str(step.finding) == "beach on space 5" for step in decision.trace)


def test_terrain_under_an_enemy_camp_does_not_count() -> None:
    """ "exceto tiles onde há um acampamento inimigo" """
    session = set_up([("10", "4"), ("11", "1")])
    to_placement(session)
    offered = choices(session, "action")
    assert "build:shovel" not in offered  # beach only under blue's camp
    assert "build:pot" not in offered  # no river at all
    assert "build:fire" in offered  # hills under red's own camp: fine


def test_items_of_other_players_cannot_be_used() -> None:
    """ "Os jogadores não podem usar ou construir itens de propriedade de outros jogadores. Eles
    terão que roubá-lo se realmente precisarem" """
    session = set_up([("10", "3"), ("11", "6"), ("3", "4")])  # plains, plains, hills
    to_placement(session)
    place(session, ("build:rope",), ("camp:rest",), ("camp:rest",))
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    resolve_all(session)
    night_and_next_round(session)  # blue first
    assert "build:basket" not in choices(session, "action")  # needs red's rope


def test_exploration_rewards_only_the_discoverer() -> None:
    """ "Ao explorar um novo tile, apenas o jogador que descobriu o tile recebe os marcadores de
    descoberta e resolve quaisquer eventos de totem." """
    session = set_up()
    to_placement(session)
    place(session, ("explore", "5"), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    decisions = resolve_all(session, tile="2")
    explored = next(d for d in decisions if d is not None and "explore" in str(d.summary))
    assert "Only Red takes the discovery tokens" in str(explored.instructions[0])
    assert session.state["island"]["5"] == "2"
    assert session.state["discovered_by"] == {"5": "red"}


def test_failed_exploration_reveals_nothing() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("explore", "5"), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({"tile": "none"})
    assert "5" not in session.state["island"]


def test_rolled_adventure_icon_gives_the_scenario_event_not_a_card() -> None:
    """ "esse jogador não tira uma carta de aventura. Ele resolve a aventura especial evento
    descrito no cenário" """
    session = set_up()
    to_placement(session, icon="adventure-exploring")
    place(session, ("gather:wood", "10"), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    assert session.prompt().fields[1].label.english() == "Adventure icon rolled?"
    decision = session.answer({"adventure": True})
    assert decision is not None
    text = " ".join(str(i) for i in decision.instructions)
    assert "draws no adventure card" in text and "hidden cache" in text
    assert player(session, "red")["wood"] == 1 + 1  # production and the gathered wood


def test_adventure_token_triggers_the_special_event_once() -> None:
    session = set_up()
    to_placement(session, icon="adventure-building")
    place(session, ("camp:roof",), ("camp:roof",), ("camp:rest",), ("camp:rest",))
    first = session.answer({})
    assert first is not None and "special adventure event" in str(first.instructions[-1])
    second = session.answer({})
    assert second is not None and "special adventure event" not in " ".join(
        str(i) for i in second.instructions
    )
    assert session.state["adventure_tokens"] == []


def test_a_player_not_rolling_may_choose_the_special_event() -> None:
    """ "um jogador que não está rolando os dados (usando 2 ou mais peões) ... pode, se
    desejar, resolver o evento de aventura especial como se ele rolasse um ícone" """
    session = set_up()
    to_placement(session, icon="adventure-exploring")
    place(session, ("gather:food", "10"), ("camp:rest",), ("gather:food", "10"), ("camp:rest",))
    labels = [f.label.english() for f in session.prompt().fields]
    assert "Not rolling: resolve the special adventure event anyway?" in labels
    plain = session.answer({})
    assert plain is not None and "adventure" not in " ".join(str(i) for i in plain.instructions)
    session.undo()
    chosen = session.answer({"adventure": True})
    assert chosen is not None and "hidden cache" in " ".join(str(i) for i in chosen.instructions)
    assert any("chose it without rolling" in t.finding.english() for t in chosen.trace)
