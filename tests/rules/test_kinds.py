"""Field kinds as classes (issue 25 item 2): one registry, each kind's values from its bounds.

The expectations are written from the kinds' documented meaning (docs/core.md's
table), not read back from the code: a count never leaves its bounds, an order
numbers its picks in the order tapped, a multi at its most refuses another pick.
"""

from __future__ import annotations

import random
from typing import Any, get_args

import pytest

from rules.errors import IllegalInput
from rules.kinds import KINDS, FieldKind, Kind, kind_of
from rules.prompt import Choice, Field
from rules.text import msg

ABC = tuple(Choice(v, msg(v.upper())) for v in "abc")


def field(kind: Any, **kw: Any) -> Field:
    return Field(key="f", label=msg("F"), kind=kind, **kw)


def test_the_registry_holds_exactly_the_kinds_a_field_may_name() -> None:
    assert set(KINDS) == set(get_args(FieldKind))
    assert all(isinstance(k, Kind) and k.widget for k in KINDS.values())


def test_an_unknown_kind_is_refused_where_the_field_is_made() -> None:
    with pytest.raises(ValueError, match="unknown field kind 'slider'"):
        field("slider")


@pytest.mark.parametrize(
    ("kind", "kw"),
    [
        ("int", {"minimum": 2, "maximum": 7}),
        ("counts", {"choices": (Choice("red", msg("red"), limit=1), Choice("blue", msg("b")))}),
        ("choice", {"choices": ABC}),
        ("multi", {"choices": ABC, "minimum": 1, "maximum": 2}),
        ("order", {"choices": ABC}),
        ("bool", {}),
    ],
)
def test_every_sample_is_an_answer_the_kind_accepts(kind: str, kw: dict[str, Any]) -> None:
    f = field(kind, **kw)
    rng = random.Random(7)
    for _ in range(200):
        value = kind_of(f).sample(f, rng)
        assert f.coerce(value) == value


def test_int_presses_start_at_the_minimum_and_stay_in_bounds() -> None:
    f = field("int", minimum=2, maximum=4)
    spec = f.spec
    assert spec.press(f, None, None, +1) == 2  # an empty number starts at its minimum
    assert spec.press(f, 4, None, +1) == 4
    assert spec.press(f, 2, None, -1) == 2
    assert spec.press(f, 3, None, +10) == 4


def test_counts_presses_respect_the_choice_limit_and_zero() -> None:
    f = field("counts", maximum=9, choices=(Choice("red", msg("red"), limit=2),))
    assert f.spec.press(f, {"red": 2}, "red", +1) == {"red": 2}
    assert f.spec.press(f, {"red": 0}, "red", -1) == {"red": 0}
    assert f.spec.empty(f) == {"red": 0}
    with pytest.raises(IllegalInput):
        f.coerce({"red": 3})


def test_choice_presses_walk_a_ring() -> None:
    f = field("choice", choices=ABC)
    assert [f.spec.press(f, v, None, +1) for v in (None, "a", "c")] == ["a", "b", "a"]
    assert f.spec.press(f, "a", None, -1) == "c"


def test_order_taps_append_and_take_out() -> None:
    f = field("order", choices=ABC)
    value: list[str] = []
    for tapped in ("c", "a", "b", "a"):
        value = f.spec.tap(f, value, tapped)
    assert value == ["c", "b"]
    with pytest.raises(IllegalInput, match="at least"):
        f.coerce(["c", "b"])  # an order without a minimum needs all


def test_multi_at_its_most_refuses_a_pick_or_replaces_the_only_one() -> None:
    two = field("multi", choices=ABC, maximum=2)
    assert two.spec.tap(two, ["a", "b"], "c") is None
    one = field("multi", choices=ABC, maximum=1)
    assert one.spec.tap(one, ["a"], "c") == ["c"]
    assert one.spec.press(one, ["a"], "a", +1) == ["a"]  # + on a picked option keeps it


def test_bool_reads_the_three_languages() -> None:
    f = field("bool")
    assert [f.coerce(w) for w in ("ja", "sim", "y", "nein", "não", "0")] == [
        True,
        True,
        True,
        False,
        False,
        False,
    ]


def test_text_has_no_button_box_stop() -> None:
    f = field("text")
    assert f.spec.stop_entries(f) == ()


def test_a_wide_numbers_digits_turn_as_wheels_within_bounds() -> None:
    """BOT/UNDO on a digit of a score (``Kind.turn``): the ones wrap without carrying, the tens
    wrap downwards only, a count's entry stays within its limit; a plain press does not wrap."""
    score = Field(key="s", label=msg("Score"), kind="int", minimum=0, maximum=1000)
    assert KINDS["int"].turn(score, None, None, -10) == 90  # empty turns from 0
    assert KINDS["int"].turn(score, 70, None, -1) == 79
    assert KINDS["int"].turn(score, 79, None, +1) == 70
    assert KINDS["int"].turn(score, 95, None, +10) == 105
    assert KINDS["int"].press(score, 70, None, -1) == 69
    points = Field(
        key="p",
        label=msg("Points"),
        kind="counts",
        minimum=0,
        maximum=300,
        choices=(Choice(value="a", label=msg("A"), limit=104),),
    )
    assert KINDS["counts"].turn(points, {"a": 100}, "a", -1) == {"a": 104}  # 109 above the limit
    assert KINDS["counts"].turn(points, {"a": 3}, "a", -10) == {"a": 93}
