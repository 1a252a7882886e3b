"""Hypothesis strategies from :mod:`rules.schema` specs: situations shaped like the real ones.

``valid_like(spec)`` draws values of the right shape (every required field,
numbers within the bounds, choices from the lists), so a fuzz test reaches
the decision logic instead of stopping at the first check; ``mutated(spec)``
then breaks one place of such a value (a wrong type, a number out of range,
an unknown field, a missing field), which the checks must refuse with a
:class:`rules.errors.SituationError` naming the path.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rules.schema import Bool, Int, List, Map, Maybe, Obj, OneOf, Spec, Str

#: Unbounded numbers are drawn from this range (bounds come from the components).
WIDE = 10**6

json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
#: Any JSON value (small), for garbage in place of a checked value.
any_json = st.recursive(
    json_leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def valid_like(spec: Spec, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of the shape ``spec`` describes (most of them pass its check)."""
    if isinstance(spec, Int):
        low = spec.minimum if spec.minimum is not None else -WIDE
        high = spec.maximum if spec.maximum is not None else max(low, 0) + 40
        return st.integers(low, high)
    if isinstance(spec, Bool):
        return st.booleans()
    if isinstance(spec, Str):
        if spec.choices:
            return st.sampled_from(spec.choices)
        return st.text(min_size=1, max_size=10)
    if isinstance(spec, Maybe):
        return st.one_of(st.none(), valid_like(spec.spec, depth + 1))
    if isinstance(spec, List):
        high = spec.max_length if spec.max_length is not None else spec.min_length + 5
        return st.lists(
            valid_like(spec.item, depth + 1),
            min_size=spec.min_length,
            max_size=min(high, spec.min_length + 6),
        )
    if isinstance(spec, Map):
        keys = st.sampled_from(spec.keys.choices) if spec.keys.choices else valid_like(spec.keys)
        high = spec.max_length if spec.max_length is not None else spec.min_length + 4
        return st.dictionaries(
            keys,
            valid_like(spec.value, depth + 1),
            min_size=spec.min_length,
            max_size=min(high, spec.min_length + 6),
        )
    if isinstance(spec, Obj):
        required = frozenset(spec.fields) if spec.required is None else spec.required
        must = {k: valid_like(v, depth + 1) for k, v in spec.fields.items() if k in required}
        may = {k: valid_like(v, depth + 1) for k, v in spec.fields.items() if k not in required}
        return st.fixed_dictionaries(must, optional=may)
    if isinstance(spec, OneOf):
        return st.one_of(*(valid_like(o, depth + 1) for o in spec.options))
    return any_json


@st.composite
def mutated(draw: st.DrawFn, spec: Spec) -> Any:
    """A value shaped like ``spec`` with one place broken."""
    value = draw(valid_like(spec))
    return _break(draw, value)


def _break(draw: st.DrawFn, value: Any) -> Any:
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        how = draw(st.sampled_from(["deeper", "drop", "garbage", "unknown"]))
        out = dict(value)
        if how == "deeper":
            out[key] = _break(draw, value[key])
        elif how == "drop":
            del out[key]
        elif how == "garbage":
            out[key] = draw(any_json)
        else:
            out[draw(st.text(min_size=1, max_size=8))] = draw(any_json)
        return out
    if isinstance(value, list) and value and draw(st.booleans()):
        index = draw(st.integers(0, len(value) - 1))
        out = list(value)
        out[index] = _break(draw, value[index]) if draw(st.booleans()) else draw(any_json)
        if draw(st.booleans()):
            out.append(out[index])  # a duplicate
        return out
    return draw(any_json)
