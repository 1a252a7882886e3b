"""Property tests for the majority rule and the clockwise tie-break from the priority marker."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.decision import Tracer
from rules.games.marauders import logic
from rules.games.marauders.catalogue import tray_colour, tray_sides
from rules.games.marauders.model import COLOURS, clockwise_from
from tests.rules.marauders.support import BOARD, tile

counts = st.fixed_dictionaries({c: st.integers(0, 6) for c in COLOURS})
sides = st.integers(0, 5)


@given(counts, sides, st.integers(1, 3))
def test_majority_picks_a_maximum_and_nothing_earlier_clockwise_ties(
    trays: dict[str, int], marker: int, minimum: int
) -> None:
    side = logic.majority_tray(trays, BOARD, marker, minimum, Tracer())
    eligible = {c: n for c, n in trays.items() if n >= minimum}
    if not eligible:
        assert side is None
        return
    assert side is not None
    best = max(eligible.values())
    assert trays[tray_colour(BOARD, side)] == best
    walk = clockwise_from(marker)
    for earlier in walk[: walk.index(side)]:
        colour = tray_colour(BOARD, earlier)
        assert colour is None or trays[colour] < best


@given(counts, sides, st.integers(1, 5))
def test_rotating_marker_and_counts_together_rotates_the_choice(
    trays: dict[str, int], marker: int, shift: int
) -> None:
    """Only the clockwise distance from the marker matters, not absolute side numbers."""
    by_side = tray_sides(BOARD)
    chosen = logic.majority_tray(trays, BOARD, marker, 1, Tracer())
    # A board whose trays are all rotated by `shift` sides, with the marker rotated too.
    rotated_board = {
        "sides": [
            {
                "side": s,
                "tray": BOARD["sides"][(s - shift) % 6]["tray"],
                "priority": BOARD["sides"][(s - shift) % 6]["priority"],
            }
            for s in range(6)
        ]
    }
    again = logic.majority_tray(trays, rotated_board, (marker + shift) % 6, 1, Tracer())
    if chosen is None:
        assert again is None
    else:
        assert again == (chosen + shift) % 6
    assert set(by_side) == set(COLOURS)


@given(
    counts,
    sides,
    st.sets(
        st.sampled_from(
            ["rock-painting", "fishing", "gathering", "hunting", "ceremony", "migration"]
        )
    ),
)
def test_spring_never_picks_a_full_action_or_a_tray_below_two(
    trays: dict[str, int], marker: int, full: set[str]
) -> None:
    spring_tile = tile("M05")
    decision = logic.spring(trays, BOARD, marker, spring_tile, sorted(full), True)
    result = decision.result
    if result["outcome"] == "action":
        assert result["action"] not in full
        assert trays[result["colour"]] >= 2
        # Every tray that beats it was skipped for a full action.
        skipped = {s["colour"] for s in result["skipped"]}
        for colour, n in trays.items():
            if n > trays[result["colour"]]:
                side = tray_sides(BOARD)[colour]
                assert colour in skipped or spring_tile["actions"][side] in full
    else:
        for colour, n in trays.items():
            side = tray_sides(BOARD)[colour]
            assert n < 2 or spring_tile["actions"][side] in full
        assert result["vp"] == spring_tile["number"]


@given(st.lists(st.integers(0, 5), min_size=6, max_size=6), st.integers(0, 5))
def test_summer_pillar_first_maximum_clockwise_from_framed(
    counts_list: list[int], start: int
) -> None:
    from tests.rules.marauders.support import PRICING

    actions = PRICING["actions"]
    framed = actions[start]
    pillars = {a: [counts_list[i]] for i, a in enumerate(actions)}
    decision = logic.summer_pillar(pillars, PRICING, framed, True)
    walk = [actions[(start + k) % 6] for k in range(6)]
    best = max(counts_list)
    if best == 0:
        assert decision.result["outcome"] == "none"
        return
    expected = next(a for a in walk if pillars[a][0] == best)
    assert decision.result["action"] == expected


@given(st.lists(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), min_size=1, max_size=6), sides)
def test_activation_order_sorted_by_distance_then_clockwise(
    members: list[tuple[int, int]], marker: int
) -> None:
    """Closest first; at equal distance the smaller clockwise turn from the marker's side."""
    import itertools
    import math

    items = [{"id": str(i), "at": at} for i, at in enumerate(members)]
    order = logic.autumn_order(items, marker, False).result["order"]
    keyed = {m["id"]: m["at"] for m in items}

    def key(at: tuple[int, int]) -> tuple[int, float]:
        q, r = at
        d = (abs(q) + abs(r) + abs(q + r)) // 2
        if d == 0:
            return (0, 0.0)
        # The space's bearing from the camp, measured clockwise from straight up in a
        # flat-top hex grid (x = 1.5 q, y = sqrt(3) (r + q/2) downwards), as a turn in sixths.
        x, y = 1.5 * q, math.sqrt(3) * (r + q / 2)
        bearing = (math.degrees(math.atan2(x, -y)) + 360) % 360
        return (d, round(((bearing / 60) - marker) % 6, 6))

    keys = [key(keyed[i]) for i in order]
    # Along a ring the id's "clockwise steps" grow with the bearing, so sorting by bearing
    # must give the same order (ties only on the same space).
    assert [k[0] for k in keys] == sorted(k[0] for k in keys)
    for a, b in itertools.pairwise(keys):
        if a[0] == b[0]:
            assert a[1] <= b[1] + 1e-9
    assert sorted(order) == sorted(keyed)
