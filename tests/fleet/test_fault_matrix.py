"""The fault matrix at small scale: boxes, broker and keeper killed, a box stopped past its
keepalive, the broker down while boxes play, forbidden publishes, a journal deleted and its game
adopted. Correctness is asserted; times are figures (``tableside bench fleet``)."""

from __future__ import annotations

import math

import pytest

from ui.benchmarks import fleet


@pytest.mark.slow
def test_nothing_is_lost_or_doubled_through_every_fault():
    figures = fleet.run(True, params={
        "boxes": 4, "kills": 20, "seconds": 40, "outage": 8, "broker_kills": 2,
        "keeper_kills": 1, "stops": 1, "adopt": 1, "adopt_steps": 40,
    })  # fmt: skip
    by_name = {f.name: f for f in figures}
    for name in figures:
        print(f"{name.name}: {name.value} {name.unit} {name.note}")
    assert by_name["kills injected"].value == 20 + 2 + 1 + 1
    for name in (
        "steps missing at the keeper",
        "steps duplicated at the keeper",
        "steps stored unlike the journal",
        "logged confirmed steps not in a journal",
        "forbidden publishes succeeded",
        "forbidden reads delivered",
        "anonymous or bad-password connections accepted",
    ):
        assert by_name[name].value == 0, (name, by_name[name].note)
    # "blocked" is a time (a step over 250 ms): a figure of the bench, not asserted here,
    # where a loaded CI machine could stretch one step; that steps went on being confirmed is.
    assert "steps confirmed during the 8 s outage" in by_name[
        "steps blocked while the broker was down"].note  # fmt: skip
    assert not by_name["steps blocked while the broker was down"].note.startswith("0 steps")
    trial = by_name["adopt trial 1: time"]
    assert math.isfinite(trial.value) and "digest equal, continued there" in trial.note
    stop = by_name["offline shown after a box stops (past keepalive) max"]
    assert math.isfinite(stop.value)  # the stopped box was shown offline
