"""Attacks, the defender's palisade, rewards, stealing cards, death and elimination."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from rules.session import Session
from tests.rules.robinson.helpers import (
    answer_with_changes,
    choices,
    finish_night,
    place,
    player,
    resolve_all,
    rest_all,
    set_up,
    to_placement,
)

ADJACENT = [("10", "8"), ("11", "4")]
THREE = [("10", "8"), ("11", "4"), ("9", "2")]


def attack_setup(changes: dict, camps=None, first: str = "red") -> Session:
    session = set_up(camps or ADJACENT, first=first)
    to_placement(session, changes=changes)
    return session


def test_adjacent_camp_needs_one_pawn_and_the_higher_weapon_wins() -> None:
    """ "o jogador com o maior nível de arma é o vencedor da luta, o perdedor perde o coração
    igual à diferença." """
    session = attack_setup({"red": {"weapon": 3}, "blue": {"weapon": 1}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    decision = session.answer({})
    assert decision is not None and str(decision.summary) == "Red wins the fight against Blue"
    assert str(decision.reason) == "weapon 3 against 1: the attacker wins; the loser loses 2 hearts"
    assert player(session, "blue")["hearts"] == 9 - 2
    assert session.prompt().step == "reward"


def test_defender_wins_and_attacker_loses_the_difference() -> None:
    session = attack_setup({"blue": {"weapon": 2}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    assert player(session, "red")["hearts"] == 7
    assert session.prompt().step == "resolve"  # no reward for a losing attacker


def test_tie_has_no_winner_and_no_loser() -> None:
    """ "Quando há empate, não há vencedor nem perdedor." """
    session = attack_setup({"red": {"weapon": 2}, "blue": {"weapon": 2}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    decision = session.answer({})
    assert decision is not None and "a tie" in str(decision.summary)
    assert [p["hearts"] for p in session.state["players"]] == [9, 9]


def test_defenders_palisade_bonus_costs_one_palisade() -> None:
    """ "a defesa pode adicionar temporariamente seu nível de paliçada ao seu nível de arma. Se
    ele o fizer, perde 1 paliçada no final da luta." """
    session = attack_setup({"red": {"weapon": 3}, "blue": {"weapon": 1, "palisade": 2}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    decision = session.answer({"palisade_bonus": True})
    assert decision is not None and "tie" in str(decision.summary)  # 3 vs 1 + 2
    blue = player(session, "blue")
    assert blue["palisade"] == 1 and blue["hearts"] == 9


def test_no_palisade_no_bonus_offered() -> None:
    session = attack_setup({"red": {"weapon": 1}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    assert [f.key for f in session.prompt().fields] == ["other"]
    with pytest.raises(IllegalInput, match="does not ask for palisade_bonus"):
        session.answer({"palisade_bonus": True})


def test_camp_two_spaces_away_needs_two_pawns() -> None:
    """ "dois peões se o campo estiver a dois espaços de distância de seu próprio acampamento" """
    session = attack_setup({"red": {"weapon": 1}}, camps=[("10", "8"), ("12", "1")])
    place(session, ("attack:blue",), ("camp:rest",))
    assert choices(session, "action") == ["attack:blue"]  # the second pawn completes it
    place(session, ("attack:blue",), ("camp:rest",))
    decision = session.answer({})
    assert decision is not None and "Red wins" in str(decision.summary)


def test_two_spaces_with_one_pawn_left_is_not_offered() -> None:
    session = attack_setup({}, camps=[("10", "8"), ("12", "1")])
    place(session, ("camp:rest",), ("camp:rest",))
    assert "attack:blue" not in choices(session, "action")


def test_camps_further_than_two_spaces_cannot_be_attacked() -> None:
    session = attack_setup({}, camps=[("8", "8"), ("12", "1")])
    assert "attack:blue" not in choices(session, "action")


def test_one_attacker_per_camp_and_no_attack_on_self() -> None:
    session = attack_setup({}, camps=THREE)
    assert "attack:red" not in choices(session, "action")
    place(session, ("attack:blue",))
    place(session, ("camp:rest",))
    assert "attack:blue" not in choices(session, "action")  # green: red attacks blue already


def test_stealing_an_invention_takes_only_an_invention() -> None:
    """ "Quando um efeito de jogo instrui um jogador a 'roubar uma carta de invenção', esse
    jogador pega a carta de invenção de sua escolha do jogador alvo." A loser with only
    starting items gives no invention (issue 13: reading 7 took a starting item)."""
    session = attack_setup({"red": {"weapon": 2}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    assert choices(session, "reward") == ["none", "resources", "determination"]


def test_winner_steals_an_invention_kept_built_bonus_applied_at_end_of_phase() -> None:
    """ "a carta fica do lado do item e não precisa ser construída novamente. Se a carta também
    der um bônus de uma vez, o novo dono o receberá no final da fase" — and the bonus (+1
    weapon) then decides the next fight (issue 13)."""
    session = set_up([("10", "8"), ("11", "5")])  # blue's camp on mountains: the knife
    to_placement(session)
    place(session, ("camp:rest",), ("build:knife",), ("camp:rest",), ("camp:rest",))
    resolve_all(session)
    assert player(session, "blue")["cards"]["knife"] == {"kind": "invention", "markers": None}
    assert player(session, "blue")["weapon"] == 1  # the builder's bonus at the end of the phase
    session.answer({})
    session.answer({"hearts": 0})
    session.answer({"hearts": 0})
    # round 2: blue first; red (weapon 3) attacks blue (weapon 1) and steals the knife.
    to_placement(session, changes={"red": {"weapon": 3}})
    place(session, ("camp:rest",), ("attack:blue",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    assert choices(session, "reward") == ["none", "steal-invention", "resources", "determination"]
    session.answer({"reward": "steal-invention"})
    assert choices(session, "card") == ["knife"]  # inventions only, not the starting items
    decision = session.answer({"card": "knife"})
    assert decision is not None
    assert player(session, "red")["cards"]["knife"] == {"kind": "invention", "markers": None}
    assert session.state["pending_bonus"] == [{"player": "red", "card": "knife"}]
    assert player(session, "red")["weapon"] == 3  # not yet: at the end of the phase
    last = resolve_all(session)[-1]
    assert last is not None
    text = " ".join(str(i) for i in last.instructions)
    assert "End of phase: Red receives the one-time bonus of Knife: +1 weapon" in text
    assert player(session, "red")["weapon"] == 4 and session.state["pending_bonus"] == []


def test_reward_of_resources_offers_every_way_to_take_the_amount() -> None:
    """ "Take 2 resources of your choice from the loser" (scenario data): only what the loser
    has, exactly the amount (fewer only when the loser has fewer)."""
    session = attack_setup({"red": {"weapon": 2}, "blue": {"food": 3, "wood": 1}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    session.answer({"reward": "resources"})
    # blue: 3 food and 1 + 1 wood (production on tile 4), no hide
    assert choices(session, "take") == ["food=2", "food=1,wood=1", "wood=2"]
    assert [str(c.label) for c in session.prompt().fields[0].choices] == [
        "2 food",
        "1 food and 1 wood",
        "2 wood",
    ]
    session.answer({"take": "food=1,wood=1"})
    assert (player(session, "red")["food"], player(session, "red")["wood"]) == (2, 2)
    assert (player(session, "blue")["food"], player(session, "blue")["wood"]) == (2, 1)


def test_reward_of_determination_takes_what_the_loser_has() -> None:
    session = attack_setup({"red": {"weapon": 2}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    session.answer({"reward": "determination"})
    prompt = session.prompt()
    assert choices(session, "take") == ["determination=1"] and prompt.confirmable
    session.answer({})
    assert (player(session, "red")["determination"], player(session, "blue")["determination"]) == (
        2,
        0,
    )


def test_cards_taken_keep_their_markers() -> None:
    """ "Ao roubar ou receber uma carta inicial ou de mistério de outro jogador, mantenha o
    número de marcadores nele" """
    session = set_up()
    answer_with_changes(
        session,
        {"icon": "adventure-building"},
        {"blue": {"use": ["biscuits"]}, "red": {"card": "take:blue:biscuits"}},
    )
    assert player(session, "red")["cards"]["biscuits"] == {"kind": "starting", "markers": 1}
    assert "biscuits" not in player(session, "blue")["cards"]


def test_death_eliminates_and_inventions_go_back() -> None:
    """ "Quando um personagem morre, seu dono é eliminado do jogo. Devolva todas as suas
    invenções para o quadro principal." """
    session = set_up([("10", "8"), ("11", "4"), ("9", "2")])
    to_placement(session)
    place(session, ("build:shovel",), ("camp:rest",), ("camp:rest",))
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    resolve_all(session)
    assert "shovel" in player(session, "red")["cards"]
    decision = session.answer({"hearts": {"red": 9, "blue": 0, "green": 0}})
    assert decision is not None
    red = player(session, "red")
    assert not red["alive"] and red["cards"] == {} and red["camp"] is None
    text = " ".join(str(i) for i in decision.instructions)
    assert "Red is eliminated" in text and "back to the main board: Shovel" in text
    assert session.state["queue"] == ["blue", "green"]  # red has no night
    finish_night(session)
    to_placement(session)
    assert session.state["placer"] == "blue"
    assert "build:shovel" in choices(session, "action")  # it can be built again


def test_fatal_fight_winner_may_take_everything() -> None:
    """ "Se o personagem morreu durante um ataque, o vencedor da luta pode levar todos os seus
    recursos e cartas (incluindo invenções)." """
    session = attack_setup({"red": {"weapon": 4}, "blue": {"hearts": 3, "wood": 2}}, camps=THREE)
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",))
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    decision = session.answer({})
    assert decision is not None and "Blue is eliminated" in " ".join(
        str(i) for i in decision.instructions
    )
    assert session.prompt().step == "reward"  # the attacker's reward comes first
    session.answer({"reward": "none"})
    assert session.prompt().step == "spoils"
    session.answer({"take": True})
    red = player(session, "red")
    assert red["cards"]["biscuits"] == {"kind": "starting", "markers": 2}
    assert "blanket" in red["cards"] and red["wood"] == 1 + 3  # blue's 2 + 1 produced
    assert session.prompt().step == "resolve"


def test_fatal_fight_winner_may_decline() -> None:
    session = attack_setup({"red": {"weapon": 4}, "blue": {"hearts": 3}}, camps=THREE)
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",))
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    session.answer({"reward": "none"})
    session.answer({"take": False})
    assert player(session, "red")["cards"].keys() == {"axe", "pistol"}


def test_a_fatal_attack_still_gives_the_attackers_reward_then_the_spoils() -> None:
    """ "Bônus de atacante: se o atacante vencer a luta, ele pode selecionar uma recompensa."
    and "Se o personagem morreu durante um ataque, o vencedor da luta pode levar todos os seus
    recursos e cartas": the text makes neither depend on the other, so a defender killed by
    the attack owes the reward (here 2 determination tokens, the loser has the 1 from morale)
    and then the spoils (reading 9)."""
    session = attack_setup({"red": {"weapon": 4}, "blue": {"hearts": 3}}, camps=THREE)
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",))
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    assert not player(session, "blue")["alive"]
    assert session.prompt().step == "reward"
    assert choices(session, "reward") == ["none", "resources", "determination"]
    session.answer({"reward": "determination"})
    assert choices(session, "take") == ["determination=1"]
    session.answer({"take": "determination=1"})
    assert (player(session, "red")["determination"], player(session, "blue")["determination"]) == (
        2,
        0,
    )
    assert session.prompt().step == "spoils"
    session.answer({"take": True})
    red = player(session, "red")
    assert red["wood"] == 1 + 1 and set(red["cards"]) == {"axe", "pistol", "biscuits", "blanket"}
    assert session.prompt().step == "resolve"


def test_last_player_standing_wins() -> None:
    session = attack_setup({"red": {"weapon": 10}})
    place(session, ("attack:blue",), ("camp:rest",), ("camp:rest",), ("camp:rest",))
    session.answer({})
    prompt = session.prompt()
    assert prompt.finished and "Red is the last player standing" in str(prompt.lines[0])


def test_attack_on_a_player_who_died_earlier_does_not_happen() -> None:
    session = set_up(THREE, first="green")
    to_placement(session, changes={"red": {"weapon": 5}})
    # green hunts (resolved first in the hunting slot), red attacks blue.
    place(session, ("hunt",), ("attack:blue",), ("explore", "5"))
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    answer_with_changes(session, {}, {"blue": {"hearts": 0}})  # green's hunt: blue dies
    assert not any(item["player"] == "blue" for item in session.state["queue"])
    decision = session.answer({})
    assert decision is not None and "Blue is out of the game: no fight" in str(decision.summary)


def test_first_player_passes_clockwise_skipping_the_eliminated() -> None:
    session = set_up(THREE)
    to_placement(session, changes={"blue": {"hearts": 0}})
    rest_all(session)
    resolve_all(session)
    session.answer({})  # weather
    assert [session.prompt().step, session.state["queue"]] == ["night", ["red", "green"]]
    finish_night(session)  # red's and green's (blue is out)
    assert session.state["first"] == "green"
