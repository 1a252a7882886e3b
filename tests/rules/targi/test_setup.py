"""Set-up: secret choice one player at a time, random pick, same tiles, the reveal."""

from __future__ import annotations

import json

import pytest

from rules.errors import IllegalInput
from rules.session import Session
from tests.rules.targi.helpers import GAME, choices, keep_all_but, started


def visible_text(session: Session) -> str:
    """Everything the screen shows now: prompt, board scene and status."""
    prompt = session.prompt()
    parts = [str(prompt.title), *(str(line) for line in prompt.lines)]
    parts += [str(f.label) for f in prompt.fields]
    parts.append(json.dumps(GAME.board(session.state)))
    parts += [str(m) for m in GAME.status(session.state)]
    return "\n".join(parts)


def test_secret_choice_asks_one_player_at_a_time_and_hides_the_first() -> None:
    session = Session(GAME, {"start": "white"}, seed=3)
    first = session.prompt()
    assert first.step == "secret"
    assert "White chooses" in str(first.title)
    assert any("Blue: look away" in str(line) for line in first.lines)
    session.answer({"keep": keep_all_but("renounce")})
    second = session.prompt()
    assert "Blue chooses" in str(second.title)
    assert any("White: look away" in str(line) for line in second.lines)
    shown = visible_text(session)
    for name in ("joker goods tile", "Targi tile", "tribe-marker tile", "renounce tile", "Joker"):
        assert name not in shown, f"the first choice leaks through: {name}"
    session.answer({"keep": keep_all_but("joker")})
    reveal = session.prompt()
    assert reveal.step == "reveal"
    lines = [str(line) for line in reveal.lines]
    assert "White keeps: joker goods tile, Targi tile and tribe-marker tile" in lines
    assert "Blue keeps: Targi tile, tribe-marker tile and renounce tile" in lines
    session.answer({})
    tiles = session.state["table"]["tiles"]
    assert tiles["white"]["renounce"] == "absent" and tiles["blue"]["joker"] == "absent"


@pytest.mark.parametrize("back", ["", "box", "joker targi"])
def test_exactly_one_tile_goes_back_in_the_box(back: str) -> None:
    """ "Dann wählt jeder geheim 3 dieser Plättchen aus. Das jeweils übrig gebliebene
    Plättchen wird in die Schachtel zurückgelegt.": one of the 4 tiles is put back."""
    session = Session(GAME, {}, seed=1)
    field = session.prompt().fields[0]
    assert (field.key, field.kind, field.default) == ("back", "choice", None)
    assert [c.value for c in field.choices] == ["joker", "targi", "tribe", "renounce"]
    with pytest.raises(IllegalInput, match="is not one of the options"):
        session.answer({"back": back})
    assert session.step_count == 0


def test_the_tile_put_back_leaves_the_other_three_kept() -> None:
    session = Session(GAME, {"start": "blue"}, seed=1)
    session.answer({"back": "targi"})
    session.answer({"back": "renounce"})
    lines = [str(line) for line in session.prompt().lines]
    assert "Blue keeps: joker goods tile, tribe-marker tile and renounce tile" in lines
    assert "White keeps: joker goods tile, Targi tile and tribe-marker tile" in lines


@pytest.mark.parametrize("keep", [["joker", "targi"], ["joker", "targi", "tribe", "renounce"]])
def test_a_choice_saved_as_the_kept_tiles_still_needs_exactly_three(keep: list[str]) -> None:
    session = Session(GAME, {}, seed=1)
    with pytest.raises(IllegalInput, match="keep exactly 3 different tiles"):
        session.answer({"keep": keep})
    assert session.step_count == 0


def test_a_game_saved_with_the_kept_tiles_replays_to_the_same_table() -> None:
    """Games saved before the question became the tile put back: their answers are the 3
    kept tiles; the replay reaches the same choices and the reveal."""
    events = [
        {"kind": "answer", "values": {"keep": keep_all_but("renounce")}},
        {"kind": "answer", "values": {"keep": keep_all_but("joker")}},
    ]
    replayed = Session(GAME, {"start": "blue"}, seed=1, events=events)
    assert replayed.replay_problem is None and replayed.step_count == 2
    assert replayed.prompt().step == "reveal"
    assert dict(replayed.state["chosen"]) == {
        "blue": ["joker", "targi", "tribe"],
        "white": ["targi", "tribe", "renounce"],
    }


def test_random_pick_removes_one_unseen_tile_each_replayably() -> None:
    seen = set()
    for seed in range(12):
        session = Session(GAME, {"selection": "random"}, seed=seed)
        assert session.prompt().step == "reveal"  # nothing to enter: the rng chose
        chosen = session.state["chosen"]
        for player, kept in chosen.items():
            assert len(kept) == 3 and len(set(kept)) == 3
            statuses = session.state["table"]["tiles"][player]
            assert sorted(t for t, s in statuses.items() if s == "unused") == sorted(kept)
        seen.add((tuple(chosen["blue"]), tuple(chosen["white"])))
        again = Session(GAME, {"selection": "random"}, seed=seed)
        assert again.state["chosen"] == chosen
    assert len(seen) > 3  # the seed really decides


def test_random_pick_with_same_tiles_gives_both_the_same() -> None:
    for seed in range(6):
        session = Session(GAME, {"selection": "random", "same_tiles": True}, seed=seed)
        chosen = session.state["chosen"]
        assert chosen["blue"] == chosen["white"] and len(chosen["blue"]) == 3


@pytest.mark.parametrize("answer", [{"back": "tribe"}, {"keep": keep_all_but("tribe")}])
def test_same_tiles_chosen_together_openly(answer: dict[str, object]) -> None:
    """Today's answer (the tile put back) and one saved as the 3 kept tiles alike."""
    session = Session(GAME, {"same_tiles": True}, seed=1)
    assert session.prompt().step == "agree" and not session.prompt().secret
    assert [f.key for f in session.prompt().fields] == ["back"]
    session.answer(answer)
    session.answer({})
    for player in ("blue", "white"):
        assert session.state["table"]["tiles"][player]["tribe"] == "absent"
        assert session.state["table"]["tiles"][player]["joker"] == "unused"


def test_secret_choice_prompts_are_marked_secret_and_the_others_are_not() -> None:
    """Front ends clear the screen and hide the answer in the history for these only."""
    session = Session(GAME, {}, seed=1)
    assert session.prompt().step == "secret" and session.prompt().secret
    session.answer({"keep": keep_all_but("joker")})
    assert session.prompt().secret
    session.answer({"keep": keep_all_but("joker")})
    assert session.prompt().step == "reveal" and not session.prompt().secret


# -- "Jedes Aktionsplättchen kann nur einmal eingesetzt werden" at the reveal ------------


def test_joker_at_the_reveal_only_for_a_player_who_kept_it() -> None:
    """The joker put back in the box ("in die Schachtel zurückgelegt") cannot be spent."""
    session = Session(GAME, {}, seed=1)
    session.answer({"keep": keep_all_but("renounce")})  # blue keeps the joker
    session.answer({"keep": keep_all_but("joker")})  # white put it back
    assert session.prompt().step == "reveal"
    assert choices(session, "joker") == ["none", "blue:dates", "blue:salt", "blue:pepper"]
    with pytest.raises(IllegalInput, match="not one of"):
        session.answer({"joker": "white:salt"})


def test_joker_spent_at_the_reveal_is_gone_afterwards() -> None:
    """ "Danach wird es in die Schachtel zurückgelegt": a joker spent at the reveal stays spent."""
    session = Session(GAME, {}, seed=1)
    session.answer({"keep": keep_all_but("renounce")})
    session.answer({"keep": keep_all_but("renounce")})
    decision = session.answer({"joker": "white:dates"})
    assert decision is not None and "White uses the joker goods tile as 1 dates" in str(
        decision.summary
    )
    assert session.state["table"]["tiles"]["white"]["joker"] == "used"
    assert choices(session, "joker") == ["none", "blue:dates", "blue:salt", "blue:pepper"]


def test_no_joker_during_the_secret_choice() -> None:
    session = Session(GAME, {}, seed=1)
    assert [f.key for f in session.prompt().fields] == ["back"]
    session.answer({"back": "renounce"})
    assert [f.key for f in session.prompt().fields] == ["back"]


def test_started_helper_reaches_the_robber() -> None:
    assert started().prompt().step == "robber"
