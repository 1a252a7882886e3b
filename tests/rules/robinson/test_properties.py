"""Properties over random games: decide and play agree; cards, tiles and camps stay consistent.

Random versus games are played with random *legal* answers (drawn from the
options each step offers, other changes included). At every placement the
actions offered are compared with what ``tableside decide robinson
placement`` says about every spot, from a situation written from the same
state; at every attack the fight the game applies is compared with ``decide
robinson fight``. Every state keeps the conservation rules: a card has at most
one owner, a tile lies on at most one space, values stay within their limits.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.games.robinson import actions as A
from rules.games.robinson.components import TRACKS, catalogue_of
from rules.prompt import Prompt
from rules.session import Session
from tests.rules.robinson.helpers import GAME

fight = GAME.decisions()["fight"]
placement = GAME.decisions()["placement"]


def placement_situation(state: dict[str, Any], spot: str) -> dict[str, Any]:
    cat = catalogue_of(state)
    living = [p for p in state["players"] if p["alive"]]
    seats = [p["id"] for p in state["players"]]
    start = seats.index(state["first"])
    rotated = seats[start:] + seats[:start]  # a dead first player: the next living one leads
    first = next(pid for pid in rotated if pid in {p["id"] for p in living})
    s: dict[str, Any] = {
        "first_player": first,
        "players": [
            {
                "id": p["id"],
                "camp": p["camp"],
                "pawns": p["pawns"],
                "cards": [c for c in p["cards"] if c in cat.inventions or c in cat.starting_items],
            }
            for p in living
        ],
        "explored": dict(state["island"]),
        "placed": [dict(x) for x in state["placements"]],
        "player": state["placer"],
    }
    kind, _, rest = spot.partition(":")
    if kind == "camp":
        s["action"] = rest
    elif kind == "hunt":
        s["action"] = "hunt"
    elif kind in ("attack", "build"):
        s.update(action=kind, target=rest)
    elif kind == "gather":
        where, _, resource = rest.partition(":")
        s.update(action="gather", space=where, resource=resource)
    else:
        s.update(action="explore", space=rest)
    return s


def check_invariants(state: dict[str, Any]) -> None:
    cat = catalogue_of(state)
    owners: dict[str, str] = {}
    for p in state["players"]:
        for card, entry in p["cards"].items():
            assert card not in owners, f"{card} owned twice"
            owners[card] = p["id"]
            if entry["kind"] == "invention":
                assert card in cat.inventions and entry["markers"] is None
            else:
                assert entry["markers"] is not None and 0 <= entry["markers"] <= 9
        for track in TRACKS:
            limit = p["life"] if track == "hearts" else cat.limits[track]
            assert 0 <= p[track] <= limit, (p["id"], track, p[track])
        assert p["alive"] == (p["hearts"] > 0)
    tiles = list(state["island"].values())
    assert len(tiles) == len(set(tiles))
    camps = [p["camp"] for p in state["players"] if p["alive"] and p["camp"]]
    assert len(camps) == len(set(camps)) and all(c in state["island"] for c in camps)
    for p in state["players"]:
        placed = sum(1 for x in state["placements"] if x["player"] == p["id"])
        assert placed <= p["pawns"]


def random_answer(prompt: Prompt, rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    for field in prompt.fields:
        values = [c.value for c in field.choices]
        if field.default is not None and rng.random() < 0.5:
            continue
        if field.kind == "choice" and values:
            answer[field.key] = rng.choice(values)
        elif field.kind == "multi":
            low = field.minimum or 0
            high = min(field.maximum if field.maximum is not None else len(values), len(values))
            answer[field.key] = rng.sample(values, rng.randint(min(low, high), high))
        elif field.kind == "bool":
            answer[field.key] = rng.random() < 0.5
        elif field.kind == "counts":
            answer[field.key] = {
                c.value: rng.randint(0, c.limit if c.limit is not None else 3)
                for c in field.choices
            }
        elif field.kind == "int":
            high = field.maximum if field.maximum is not None else 5
            answer[field.key] = rng.randint(field.minimum or 0, high)
    if prompt.step == "change" and "tracks" in answer:
        answer["tracks"]["hearts"] = max(1, answer["tracks"]["hearts"])  # keep games going
        pid = state["change"]["player"]
        placed = sum(1 for x in state["placements"] if x["player"] == pid)
        answer["tracks"]["pawns"] = max(placed, answer["tracks"]["pawns"])  # no fewer than placed
    return answer


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
@example(seed=193169, players=4)  # a Basket resolving after its Rope changed hands (reading 23)
def test_decide_and_play_agree_and_nothing_appears_or_vanishes(seed: int, players: int) -> None:
    rng = random.Random(seed)
    session = Session(GAME, {"players": players}, seed=seed)
    for _ in range(220):
        prompt = session.prompt()
        if prompt.finished:
            break
        state = session.state
        check_invariants(state)
        if prompt.step == "placement":
            pid = state["placer"]
            legal = {
                A.action_of(spot)
                for spot in A.candidate_spots(state, pid)
                if placement(placement_situation(state, spot)).result["legal"]
            }
            offered = {c.value for c in prompt.fields[0].choices}
            assert offered == legal
        answer = random_answer(prompt, rng, state)
        if prompt.step == "resolve" and state["queue"][0]["spot"].startswith("attack:"):
            item = state["queue"][0]
            attacker = next(p for p in state["players"] if p["id"] == item["player"])
            defender = next(p for p in state["players"] if p["id"] == item["spot"][7:])
            if defender["alive"]:
                bonus = bool(answer.get("palisade_bonus", False))
                distance = catalogue_of(state).distance(attacker["camp"], defender["camp"])
                ruling = fight(
                    {
                        "attacker": {"weapon": attacker["weapon"], "hearts": attacker["hearts"]},
                        "defender": {
                            "weapon": defender["weapon"],
                            "palisade": defender["palisade"],
                            "hearts": defender["hearts"],
                        },
                        "palisade_bonus": bonus,
                        "distance": distance,
                        "pawns": item["pawns"],
                    }
                ).result
                answer.pop("other", None)
                session.answer(answer)
                after = {p["id"]: p["hearts"] for p in session.state["players"]}
                if ruling.get("fight") and ruling["loser"]:
                    loser = attacker if ruling["loser"] == "attacker" else defender
                    assert after[loser["id"]] == ruling["loser_hearts"]
                else:
                    assert after[attacker["id"]] == attacker["hearts"]
                    assert after[defender["id"]] == defender["hearts"]
                continue
        session.answer(answer)
