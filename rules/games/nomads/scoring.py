"""Final scoring of the Nomads and the eclipse workforce.

Final scoring: the offerings track rates food and tools, the fame track rates
buried cards, the buried progress cards score their printed points (the
sacrifice pile does not score), and equal animals score as sets:

* ``x 10`` animals: 1/2/3/4+ animals give 1/3/6/10 points;
* ``x 5`` animals (the Argentavis too): 1/2+ give 2/5 points;
* ``x 1`` animals (promo cards): 5 points each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.text import Msg, msg, verbatim

SET_10 = (0, 1, 3, 6, 10)
SET_5 = (0, 2, 5)


def animal_points(count: int, set_size: int) -> int:
    """Points for ``count`` equal animals of a type marked ``x set_size``."""
    if count <= 0:
        return 0
    if set_size == 10:
        return SET_10[min(count, 4)]
    if set_size == 5:
        return SET_5[min(count, 2)]
    if set_size == 1:
        return 5 * count
    raise ValueError(f"unknown set size {set_size}")


def rated(units: int, rate: list[int]) -> int:
    """``rate`` = [points, per]: points for every full ``per`` units."""
    points, per = rate
    return 0 if per <= 0 else (units // per) * points


def final_score(
    score: int,
    food: int,
    tools: int,
    offerings: int,
    fame: int,
    buried: int,
    buried_progress_points: int,
    animals: Mapping[str, int],
    set_sizes: Mapping[str, int],
    idols: Mapping[str, Any],
) -> tuple[int, dict[str, int]]:
    """The Nomads' final total and each part of it."""
    parts = {
        "score": score,
        "food_tools": rated(food + tools, idols["offerings"]["rate"][str(offerings)]),
        "buried_cards": rated(buried, idols["fame"]["rate"][str(fame)]),
        "buried_progress": buried_progress_points,
    }
    for animal, count in sorted(animals.items()):
        if count:
            parts[ANIMAL_PART + animal] = animal_points(count, set_sizes[animal])
    return sum(parts.values()), parts


#: Prefix of an animal kind's part in the final score (``"animals:bison"``).
ANIMAL_PART = "animals:"

PART_LABELS = {
    "score": msg("score track"),
    "food_tools": msg("food and tools (offerings track)"),
    "buried_cards": msg("buried cards (fame track)"),
    "buried_progress": msg("buried culture cards"),
}


def part_label(part: str, animal_names: Mapping[str, str], counts: Mapping[str, int]) -> Msg:
    """The player-facing name of one part of the final score."""
    if part.startswith(ANIMAL_PART):
        animal = part[len(ANIMAL_PART) :]
        return msg(
            "animals: {a} x{n}",
            a=verbatim(animal_names.get(animal, animal)),
            n=counts.get(animal, 0),
        )
    return PART_LABELS[part]


def stone_points(stones: int) -> int:
    """Eclipse step 4: 2 points for every sacred stone they own, instead of the printed points."""
    return 2 * stones


def eclipse_workforce(pile: list[int], last_card: int) -> int:
    """Workforce of every card of the eclipse pile plus the last revealed nomad card."""
    return sum(pile) + last_card
