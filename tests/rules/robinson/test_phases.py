"""Set-up and the six phases with their versus changes."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from rules.session import Session
from tests.rules.robinson.helpers import (
    GAME,
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


def test_setup_two_starting_items_each_own_camp_and_versus_instructions() -> None:
    """ "Cada jogador recebe 2 itens iniciais. Não coloque uma carta de destroços no campo de
    ação Ameaça. Não use as cartas de aventura." """
    session = Session(GAME, {"players": 2}, seed=1)
    prompt = session.prompt()
    lines = " ".join(str(line) for line in prompt.lines)
    assert "two players" in lines and "No wreckage card" in lines and "no adventure cards" in lines
    fields = {f.key: f for f in prompt.fields}
    assert (fields["items"].minimum, fields["items"].maximum) == (2, 2)
    assert fields["camp"].places == "hexes" and fields["camp"].default == "10"  # scenario data
    assert fields["tile"].default == "8"
    with pytest.raises(IllegalInput, match="at least 2"):
        session.answer({"items": ["axe"]})
    session.answer({"items": ["axe", "pistol"]})
    assert "axe" not in choices(session, "items") and "10" not in choices(session, "camp")
    assert "8" not in choices(session, "tile")
    session.answer({"items": ["flask", "compass"]})
    red = player(session, "red")
    assert red["cards"] == {
        "axe": {"kind": "starting", "markers": 2},
        "pistol": {"kind": "starting", "markers": 2},
    }
    assert player(session, "blue")["camp"] == "12" and session.state["island"]["12"] == "1"
    assert session.prompt().step == "event"


def test_first_player_must_be_seated() -> None:
    with pytest.raises(IllegalInput, match="colours are Red, Blue"):
        Session(GAME, {"players": 2, "first": "green"}, seed=1)


def test_event_book_icon_only_the_scenarios_book_effect() -> None:
    """ "não resolva a carta de evento e não coloque a carta no campo de ameaças. Resolva apenas
    o ícone na carta (ícone de livro ou aventura)." """
    session = set_up()
    lines = " ".join(str(x) for x in session.prompt().lines)
    assert "do not resolve it and do not put it on the threat field" in lines
    decision = session.answer({"icon": "book"})
    assert decision is not None
    assert "Every player loses 1 food" in str(decision.instructions[0])
    assert session.state["adventure_tokens"] == []
    assert session.prompt().step == "book"


def test_food_lost_to_the_book_icon_is_recorded() -> None:
    """The book effect "loses 1 food or takes 1 wound": food is tracked, the default is the
    choice the player can pay (issue 13: food lost to the book icon could not be recorded)."""
    session = set_up()
    answer_with_changes(session, {"icon": "book"}, {"red": {"food": 2}})
    fields = {f.key: f for f in session.prompt().fields}
    assert fields["book_red"].default == "food" and fields["book_blue"].default == "wound"
    session.answer({})
    assert player(session, "red")["food"] == 1 and player(session, "red")["hearts"] == 9
    assert player(session, "blue")["food"] == 0 and player(session, "blue")["hearts"] == 8


def test_event_adventure_icon_places_a_token() -> None:
    session = set_up()
    session.answer({"icon": "adventure-exploring"})
    assert session.state["adventure_tokens"] == ["exploring"]
    assert session.prompt().step == "morale"


def test_morale_always_one_and_a_determination_token_for_everyone() -> None:
    """ "A moral é sempre 1 ... cada jogador recebe 1 marcador de determinação" """
    session = set_up([("10", "8"), ("11", "4"), ("8", "2")])
    session.answer({"icon": "adventure-gathering"})
    decision = session.answer({})
    assert decision is not None and "Morale 1" in str(decision.summary)
    assert [p["determination"] for p in session.state["players"]] == [1, 1, 1]


def test_production_at_each_camp_tile() -> None:
    """ "Cada jogador recebe os recursos no tile onde está seu acampamento." """
    session = set_up([("10", "8"), ("11", "4")])
    session.answer({"icon": "adventure-gathering"})
    session.answer({})
    lines = [str(line) for line in session.prompt().lines]
    assert lines == [
        "Red takes 1 food and 1 wood from the tile on space 10, where their camp is.",
        "Blue takes 1 wood from the tile on space 11, where their camp is.",
    ]
    session.answer({})
    assert (player(session, "red")["food"], player(session, "red")["wood"]) == (1, 1)
    assert (player(session, "blue")["food"], player(session, "blue")["wood"]) == (0, 1)


def test_placement_alternates_one_pawn_at_a_time_in_player_order() -> None:
    """ "Primeiro jogador joga o primeiro peão, segundo joga o primeiro peão, então o primeiro
    joga o segundo peão" """
    session = set_up([("10", "8"), ("11", "4"), ("8", "2")], first="blue")
    to_placement(session, changes={"green": {"pawns": 3}})
    order = []
    while session.prompt().step == "placement":
        order.append(session.state["placer"])
        session.answer({"action": "camp:rest"})
    # blue first, clockwise (green, red), one pawn each; green's third pawn last.
    assert order == ["blue", "green", "red", "blue", "green", "red", "green"]


def test_no_two_players_on_the_same_spot_except_camp_actions() -> None:
    """ "Os únicos locais onde vários jogadores podem jogar peões são pontos de acampamento" """
    session = set_up()
    to_placement(session, changes={"red": {"pawns": 3}, "blue": {"pawns": 3}})
    place(session, ("explore", "5"))
    assert "5" not in [s for s in choices(session, "action")]  # blue: explore offered ...
    session.answer({"action": "explore"})
    assert "5" not in choices(session, "space")  # ... but not red's space 5
    session.answer({"space": "6"})
    place(session, ("camp:roof",), ("camp:roof",))  # both on a camp action: allowed
    place(session, ("hunt",))
    assert "hunt" not in choices(session, "action")
    assert {
        f"camp:{a}" for a in ("shelter", "roof", "palisade", "weapon", "arrange", "rest")
    } <= set(choices(session, "action"))


def test_same_player_may_add_pawns_to_their_own_spot() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("explore", "5"), ("camp:rest",), ("explore", "5"))
    assert session.state["placements"][-1] == {"player": "red", "spot": "explore:5"}


def test_no_gathering_on_a_tile_with_an_enemy_camp() -> None:
    """ "Um jogador não pode coletar recursos em uma peça onde há um campo inimigo." """
    session = set_up([("10", "8"), ("11", "7")])  # both tiles show food and wood
    to_placement(session)
    session.answer({"action": "gather:wood"})
    assert choices(session, "space") == ["10"]  # not 11, blue's camp
    session.answer({"space": "10"})


def test_resolution_in_cooperative_order_first_player_first_on_same_action() -> None:
    """ "resolva as ações na mesma ordem que nos cenários cooperativos ... Primeiro jogador
    resolve primeiro uma ação quando 2 jogadores fizeram a mesma ação." """
    session = set_up()
    to_placement(session)
    decision = place(session, ("camp:rest",), ("camp:roof",), ("camp:roof",), ("hunt",))
    assert decision is not None
    listed = [str(line) for line in decision.instructions]
    assert listed == [
        "1. Blue: hunting (1 pawn)",
        "2. Red: roof (1 pawn)",
        "3. Blue: roof (1 pawn)",
        "4. Red: rest (1 pawn)",
    ]
    resolve_all(session)
    assert [p["roof"] for p in session.state["players"]] == [1, 1]


def test_weather_first_player_rolls_once_everyone_affected() -> None:
    """ "Apenas o primeiro jogador lança os dados uma vez, mas todos os jogadores são
    afetados." """
    session = set_up(first="blue")
    to_placement(session)
    rest_all(session)
    resolve_all(session)
    prompt = session.prompt()
    assert prompt.step == "weather" and "Blue rolls once" in str(prompt.title)
    session.answer({"hearts": {"red": 2, "blue": 1}})
    assert [p["hearts"] for p in session.state["players"]] == [7, 8]  # rest heals no full life


def finish_day(session: Session) -> None:
    to_placement(session)
    rest_all(session)
    resolve_all(session)
    session.answer({})  # weather


def test_night_each_eats_alone_with_derived_penalties() -> None:
    """ "Cada jogador come e sofre penalidades como se ele fosse o único jogador" (the costs
    are component data: 1 food each, 2 hearts per missing food, 1 without a shelter)."""
    session = set_up([("10", "8"), ("11", "4")])
    finish_day(session)  # red got 1 food from production, blue none
    fields = {f.key: f for f in session.prompt().fields}
    assert "Red" in str(session.prompt().title)
    assert (fields["food"].default, fields["hearts"].default) == (1, 1)  # no shelter
    session.answer({})
    fields = {f.key: f for f in session.prompt().fields}
    assert (fields["food"].default, fields["hearts"].default) == (0, 3)
    session.answer({})
    assert player(session, "red")["food"] == 0
    assert [p["hearts"] for p in session.state["players"]] == [9 - 1, 9 - 3]


def test_a_death_at_night_does_not_skip_the_next_players_night() -> None:
    """Each player's night is their own; the one after a dead player still eats (issue 13)."""
    session = set_up([("10", "8"), ("11", "4"), ("8", "2")])
    finish_day(session)
    session.answer({"hearts": 9})  # red dies at night
    assert not player(session, "red")["alive"]
    prompt = session.prompt()
    assert prompt.step == "night" and "Blue" in str(prompt.title)
    session.answer({})
    assert session.prompt().step == "night" and "Green" in str(session.prompt().title)
    session.answer({})
    finish_night(session)  # then the camps may move
    assert session.state["round"] == 2 and session.state["first"] == "blue"


def test_camps_move_only_to_explored_tiles_without_another_camp() -> None:
    """ "Um jogador nunca pode mover um acampamento em um ladrilho onde já existe outro
    acampamento." """
    session = set_up([("10", "8"), ("11", "4"), ("9", "2")])
    to_placement(session)
    place(session, ("explore", "5"), ("camp:rest",), ("camp:rest",))
    place(session, ("camp:rest",), ("camp:rest",), ("camp:rest",))
    resolve_all(session, tile="3")
    session.answer({})  # weather
    for _ in range(3):
        session.answer({})  # everybody eats first
    assert session.prompt().step == "move-camp" and "Red" in str(session.prompt().title)
    assert choices(session, "camp") == ["5"]  # not 11 or 9 (camps), not 4 (unexplored)
    decision = session.answer({"camp": ["5"]})
    assert decision is not None and player(session, "red")["camp"] == "5"
    # Blue moves next in player order: 5 is taken now, red's old space 10 is free.
    assert "Blue" in str(session.prompt().title) and choices(session, "camp") == ["10"]


def test_camps_move_after_everyone_has_eaten_so_a_tile_freed_at_night_is_free() -> None:
    """ "Noite: Cada jogador come e sofre penalidades como se ele fosse o único jogador. Os
    jogadores podem então mover seu acampamento na ordem do jogador. Um jogador nunca pode
    mover um acampamento em um ladrilho onde já existe outro acampamento." Red (first) may
    move onto blue's camp tile when blue dies at night, although blue eats after red."""
    session = set_up([("10", "8"), ("11", "4")])
    finish_day(session)
    assert session.prompt().step == "night" and "Red" in str(session.prompt().title)
    assert "camp" not in {f.key for f in session.prompt().fields}  # eating only
    session.answer({})  # red eats
    session.answer({"hearts": 9})  # blue dies at night
    assert not player(session, "blue")["alive"]
    assert session.state["stage"] == "over"  # two players: red is the last one standing


def test_a_camp_tile_freed_by_a_later_players_death_at_night_is_offered() -> None:
    session = set_up([("10", "8"), ("11", "4"), ("9", "2")])
    finish_day(session)
    session.answer({})  # red eats
    session.answer({"hearts": 9})  # blue dies at night
    session.answer({})  # green eats
    assert session.prompt().step == "move-camp" and "Red" in str(session.prompt().title)
    assert choices(session, "camp") == ["11"]  # blue's tile; green's camp stays on 9
    session.answer({"camp": ["11"]})
    assert "Green" in str(session.prompt().title) and choices(session, "camp") == ["10"]
    session.answer({})
    assert session.state["round"] == 2 and session.prompt().step == "event"


def test_game_ends_after_the_scenarios_rounds() -> None:
    session = set_up()
    rounds = 0
    while session.prompt().step != "over":
        to_placement(session)
        rest_all(session)
        resolve_all(session)
        session.answer({})  # weather
        finish_night(session, hearts=0)
        rounds += 1
    assert rounds == 10  # example scenario: 10 rounds
    assert "victory condition" in str(session.prompt().lines[0])
