"""The four action tiles in play: timing, places, order, one use each; only legal options offered.

Positions (helpers): robber c1; blue Targi b1, a3, e2; white Targi d1, e4, a4.
"""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from tests.rules.targi.helpers import (
    choices,
    keep_all_but,
    skip_while,
    started,
    to_actions,
    to_tile_steps,
)

BORDER = ["b1", "c1", "d1", "e2", "e3", "e4", "d5", "c5", "b5", "a4", "a3", "a2"]


# -- the Targi figures (the base game's frame) -----------------------------------------------


def test_each_player_places_all_three_targi_start_player_first() -> None:
    """Base game: "Die Spieler setzen abwechselnd ihre drei Targi-Figuren" (not one, not four)."""
    session = started(start="white")
    session.answer({"robber": "c1"})
    prompt = session.prompt()
    assert prompt.step == "targi" and "White" in str(prompt.title)
    field = prompt.fields[0]
    assert (field.kind, field.minimum, field.maximum, field.places) == ("multi", 3, 3, "cells")
    with pytest.raises(IllegalInput, match="at least 3"):
        session.answer({"targi": ["d1"]})
    with pytest.raises(IllegalInput, match="at most 3"):
        session.answer({"targi": ["d1", "e4", "a4", "a2"]})
    session.answer({"targi": ["d1", "e4", "a4"]})
    assert "Blue" in str(session.prompt().title)


def test_first_player_is_offered_every_action_border_card_but_the_robbers() -> None:
    """No Targi on a corner (no action) nor on the robber's card."""
    session = started()
    session.answer({"robber": "c1"})
    assert choices(session, "targi") == [c for c in BORDER if c != "c1"]


def test_second_player_is_offered_only_cards_not_taken_and_not_facing_the_first() -> None:
    """Base game: no Targi on a taken card nor opposite a Targi of the other player."""
    session = started()  # blue starts
    session.answer({"robber": "c1"})
    session.answer({"targi": ["b1", "a3", "e2"]})
    # Taken: c1 (robber), b1, a3, e2. Facing blue: b5 (b1), e3 (a3), a2 (e2).
    assert choices(session, "targi") == ["d1", "e4", "d5", "c5", "a4"]
    with pytest.raises(IllegalInput, match="not one of"):
        session.answer({"targi": ["b5", "d1", "e4"]})


def test_a_player_may_hold_both_ends_of_one_line() -> None:
    session = started()
    to_tile_steps(session, blue=("b1", "b5", "a3"), white=("d1", "e4", "a4"))
    assert session.state["table"]["targi"]["blue"] == ["a3", "b1", "b5"]


# -- Targi-Plättchen ------------------------------------------------------------------------


def test_targi_tile_start_player_first_then_the_other_without_the_taken_card() -> None:
    """ "Wollen beide ... setzt zuerst der Startspieler sein Targi-Plättchen ein, danach sein
    Mitspieler.\""""
    session = started(start="white", blue="joker", white="joker")
    to_tile_steps(session)
    assert session.prompt().step == "targi-tile"
    assert "White" in str(session.prompt().title)
    session.answer({"card": ["c5"]})
    assert "Blue" in str(session.prompt().title)
    assert "c5" not in choices(session, "card")
    with pytest.raises(IllegalInput, match="not one of"):
        session.answer({"card": ["c5"]})
    session.answer({"card": ["b5"]})
    assert session.state["table"]["targi_tiles"] == {"blue": "b5", "white": "c5"}


def test_targi_tile_only_on_free_border_cards_also_facing_the_other_players_targi() -> None:
    """ "auf ein beliebiges freies Randfeld ... auch ein Feld ... gegenüber dem Targi des
    Mitspielers": free border cards only, corners never (they carry no action)."""
    session = started()
    to_tile_steps(session)
    offered = choices(session, "card")
    assert offered == ["e3", "d5", "c5", "b5", "a2"]
    decision = session.answer({"card": ["d5"]})  # d5 faces white's Targi on d1
    assert decision is not None and "d5" in str(decision.summary)
    assert any(step.rule == "opposite allowed" for step in decision.trace)
    assert decision.reason is not None


def test_targi_tile_used_once_and_not_offered_again() -> None:
    session = started()
    to_tile_steps(session)
    session.answer({"card": ["c5"]})
    skip_while(session, "targi-tile")
    skip_while(session, "tribe-tile")
    session.answer({"event": "end-round"})
    to_tile_steps(session, robber="d1", white=("c1", "e4", "a4"))
    assert session.state["table"]["tiles"]["blue"]["targi"] == "used"
    assert session.prompt().step == "targi-tile" and "White" in str(session.prompt().title)


def test_passing_the_tile_keeps_it_for_a_later_round() -> None:
    session = started()
    to_tile_steps(session)
    session.answer({"card": []})
    assert session.state["table"]["tiles"]["blue"]["targi"] == "unused"


# -- tribe markers and the Stammesmarker-Plättchen --------------------------------------------


def test_tribe_markers_go_on_the_crossings_of_ones_own_targi() -> None:
    """Base game: a player's tribe markers go where his own Targi's lines cross."""
    session = started()
    to_tile_steps(session)
    skip_while(session, "targi-tile")
    assert session.state["table"]["markers"] == {"blue": ["b2", "b3"], "white": ["d4"]}
    assert "Tribe markers: Blue on b2, b3; White on d4." in [
        str(line) for line in session.prompt().lines
    ]


def test_tribe_tile_on_a_free_crossing_of_robber_line_and_own_targi_line() -> None:
    """ "auf einen freien Kreuzungspunkt ... einer durchgehenden Linie vom Räuber und von einer
    durchgehenden Linie von einer seiner Targi-Figuren"."""
    session = started()
    to_tile_steps(session)
    skip_while(session, "targi-tile")
    assert session.prompt().step == "tribe-tile"
    # The robber's column c meets blue's rows 3 and 2 at c3 and c2; c4 is white's crossing.
    assert choices(session, "card") == ["c2", "c3"]
    decision = session.answer({"card": ["c3"]})
    assert decision is not None and "c3" in str(decision.summary)
    assert choices(session, "card") == ["c4"]  # white: row 4 meets column c
    session.answer({"card": ["c4"]})
    assert session.state["table"]["tribe_tiles"] == {"blue": "c3", "white": "c4"}


def test_tribe_tile_not_offered_where_a_tribe_marker_stands() -> None:
    """ "freien Kreuzungspunkt": the robber's column b holds blue's own markers b2 and b3."""
    session = started()
    to_tile_steps(session, robber="b5", blue=("b1", "a3", "e2"), white=("d1", "e4", "a4"))
    skip_while(session, "targi-tile")
    # Column b crosses blue's rows at b3 and b2: both hold blue's markers. Not offered,
    # so blue is not asked at all and the screen says why.
    assert session.prompt().step == "tribe-tile"
    assert "White" in str(session.prompt().title)
    assert choices(session, "card") == ["b4"]
    assert any("Blue cannot use the tribe-marker tile" in str(x) for x in session.prompt().lines)


def test_robber_on_a_corner_gives_no_crossing_and_no_tribe_tile_question() -> None:
    """A corner's lines run along the border and cross no inner card (reading 5)."""
    session = started()
    to_tile_steps(session, robber="a1")
    skip_while(session, "targi-tile")
    assert session.prompt().step == "actions"
    notes = [str(x) for x in session.prompt().lines]
    assert "Blue cannot use the tribe-marker tile this round: no free crossing." in notes
    assert "White cannot use the tribe-marker tile this round: no free crossing." in notes


# -- Fata Morgana ------------------------------------------------------------------------------


def test_fata_morgana_never_onto_or_moving_a_tribe_marker_tile() -> None:
    """ "Auf die mit einem Stammesmarker-Plättchen besetzte Karte darf mit Hilfe der Fata
    Morgana kein eigener Stammesmarker verschoben werden. Auch das Stammesmarker-Plättchen
    selbst darf durch die Fata Morgana nicht verschoben werden.\""""
    session = started()
    to_tile_steps(session)
    skip_while(session, "targi-tile")
    session.answer({"card": ["c3"]})  # blue's tribe-marker tile
    skip_while(session, "tribe-tile")
    session.answer({"event": "fata:blue"})
    assert choices(session, "from") == ["b2", "b3"]  # never c3, the tile itself
    assert choices(session, "to") == ["c2", "d2", "d3", "b4", "c4"]  # not c3, not d4 (white)
    session.answer({"from": "b2", "to": "b4"})
    assert session.state["table"]["markers"]["blue"] == ["b3", "b4"]
    assert session.prompt().step == "actions"


# -- Verzichtsplättchen ------------------------------------------------------------------------


def lay(session, player: str, renounce: bool = False) -> None:
    session.answer({"event": f"{'renounce' if renounce else 'card'}:{player}"})


def test_renounce_up_to_the_ninth_card_not_from_the_tenth() -> None:
    """ "nur möglich, solange der Spieler höchstens 9 Stammeskarten ausgelegt hat, inklusive der
    soeben gelegten Karte. Ab der zehnten Stammeskarte ... nicht mehr erlaubt.\""""
    session = started(blue="joker")
    to_actions(session)
    for _ in range(8):
        lay(session, "blue")
    assert "renounce:blue" in choices(session, "event")  # the 9th card may be renounced
    session.answer({"event": "count:blue"})
    session.answer({"cards": 9})
    assert "renounce:blue" not in choices(session, "event")  # the 10th may not
    assert "card:blue" in choices(session, "event")


def test_renounce_used_once_gives_two_points_each() -> None:
    session = started(blue="joker", white="joker")
    to_actions(session)
    decision = session.answer({"event": "renounce:white"})
    assert decision is not None and "White renounces tribe card number 1" in str(decision.summary)
    assert "renounce:white" not in choices(session, "event")  # only once
    assert session.state["renounced"] == {"blue": [], "white": [1]}


def test_renounce_not_offered_without_the_tile() -> None:
    session = started(blue="renounce")
    to_actions(session)
    assert "renounce:blue" not in choices(session, "event")
    assert "renounce:white" in choices(session, "event")


# -- Joker at any time -------------------------------------------------------------------------


def test_joker_at_any_time_as_one_good_then_gone() -> None:
    """ "zu einem beliebigen Zeitpunkt als 1 Ware seiner Wahl ... Danach ... in die Schachtel"."""
    session = started(blue="renounce", white="renounce")  # both keep the joker
    session.answer({"robber": "c1", "joker": "white:pepper"})
    assert session.state["table"]["tiles"]["white"]["joker"] == "used"
    assert session.state["jokers"] == [{"player": "white", "good": "pepper", "round": 1}]
    assert choices(session, "joker") == ["none", "blue:dates", "blue:salt", "blue:pepper"]
    with pytest.raises(IllegalInput, match="not one of"):
        session.answer({"targi": ["b1", "a3", "e2"], "joker": "white:salt"})
    decision = session.answer({"targi": ["b1", "a3", "e2"], "joker": "blue:salt"})
    assert decision is not None and "1 salt" in str(decision.summary)
    assert "joker" not in [f.key for f in session.prompt().fields]


# -- start player and robber -------------------------------------------------------------------


def test_start_player_and_robber_carried_on_by_default() -> None:
    session = started(start="white")
    fields = {f.key: f for f in session.prompt().fields}
    assert fields["start"].default == "white" and fields["robber"].default == "a1"
    to_actions(session)
    session.answer({"event": "end-round"})
    fields = {f.key: f for f in session.prompt().fields}
    assert fields["start"].default == "blue" and fields["robber"].default == "d1"
    session.answer({"robber": "d1", "start": "white"})
    assert session.state["table"]["start"] == "white"


def test_same_tiles_both_may_use_their_targi_tile() -> None:
    session = started(blue="joker", white="joker")
    to_tile_steps(session)
    assert session.state["queue"] == ["blue", "white"]
    assert keep_all_but("joker") == ["targi", "tribe", "renounce"]
