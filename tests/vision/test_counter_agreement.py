"""The agreement counter (issue 28 item 2, fourth round): the shipped counter and the heatmap
counter, each read plain and mirrored, make a tray sure only when all four reads give the
same counts and every confidence, check, stack and cover limit holds; since the fifth
round the limits are those of the rule for the tray's number of cubes."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from tests.support.scripts import load_script
from tests.vision.test_counter_heatmap import app_sure, scattered_frames
from vision import counter as vc
from vision.counter import MAX_COUNT, Agreement, CounterModel, CubeCounter, Evidence, agree
from vision.geometry import COLOURS, Board, TokenCatalogue
from vision.reader import TableReader
from vision.table_render import Setup

RULE = (Agreement(least=0.9, check=0.8, stack=0.025),)
RED_TWO = [2, 0, 1, 0, 0]


def one_hot(counts: list[int], top: float) -> np.ndarray:
    """5 x 13 count probabilities: ``top`` on each colour's count, the rest spread evenly."""
    p = np.full((len(COLOURS), MAX_COUNT + 1), (1 - top) / MAX_COUNT)
    p[np.arange(len(COLOURS)), counts] = top
    return p


def tray(
    ship: tuple[list[int], list[int]] = (RED_TWO, RED_TWO),
    totals: tuple[list[float], list[float]] = (
        [2.1, 0.0, 0.9, 0.0, 0.0],
        [1.8, 0.2, 1.1, 0.0, 0.0],
    ),
    top: tuple[float, float] = (0.97, 0.95),
    check: tuple[float, float] = (0.9, 0.85),
    stack: tuple[float, float] = (0.04, 0.01),
    heat_stack: tuple[float, float] = (0.01, 0.005),
    cover: tuple[float, float] = (0.01, 0.02),
    heat_cover: tuple[float, float] = (0.1, 0.2),
) -> dict[str, np.ndarray]:
    """One tray's evidence, per read (plain, mirrored); by default every limit of
    :data:`RULE` holds (stack scores: sqrt(0.04 x 0.01) = 0.02 < 0.025)."""
    return {
        "probs": np.stack([one_hot(ship[0], top[0]), one_hot(ship[1], top[1])]),
        "cover": np.array(cover),
        "stack": np.array(stack),
        "totals": np.array(totals),
        "check": np.array([[check[0]] * 5, [check[1]] * 5]),
        "heat_cover": np.array(heat_cover),
        "heat_stack": np.array(heat_stack),
    }


def evidence(*trays: dict[str, np.ndarray]) -> Evidence:
    keys = ("probs", "cover", "stack", "totals", "check", "heat_cover", "heat_stack")
    return Evidence(**{k: np.stack([t[k] for t in trays], 1) for k in keys})


def test_four_agreeing_reads_within_every_limit_make_a_tray_sure() -> None:
    counts, sure = agree(evidence(tray()), RULE, cover_threshold=0.1)
    assert counts.tolist() == [RED_TWO]
    assert sure.tolist() == [True]


@pytest.mark.parametrize(
    "change",
    [
        {"ship": (RED_TWO, [2, 0, 2, 0, 0])},  # the mirrored read sees two blue
        {"totals": ([2.1, 0, 0.9, 0, 0], [2.6, 0, 1.0, 0, 0])},  # a heatmap read says 3 red
        {"totals": ([2.1, 0, 0.4, 0, 0], [2.0, 0, 1.0, 0, 0])},  # ... or no blue
        {"top": (0.97, 0.89)},  # a read's least sure colour under 0.9
        {"check": (0.79, 0.95)},  # a check under 0.8
        {"stack": (0.07, 0.01)},  # sqrt(0.07 x 0.01) = 0.0265 >= 0.025
        {"heat_stack": (0.01, 0.016)},  # sqrt(0.04 x 0.016) = 0.0253
        {"cover": (0.01, 0.1)},  # the shipped counter's cover at its threshold
        {"heat_cover": (0.5, 0.0)},  # the heatmap counter sees a cover
    ],
)
def test_any_disagreement_or_limit_leaves_the_tray_to_the_players(
    change: dict[str, tuple[object, object]],
) -> None:
    counts, sure = agree(evidence(tray(), tray(**change)), RULE, cover_threshold=0.1)  # type: ignore[arg-type]
    assert sure.tolist() == [True, False]
    assert counts.tolist()[1] == RED_TWO  # the shipped counter's first read, sure or not


def test_the_geometric_mean_of_the_stack_scores_decides_not_either_one() -> None:
    # One counter quite sure of a stack, the other sure there is none: 0.2 x 0.002 -> 0.02.
    both = tray(stack=(0.2, 0.1), heat_stack=(0.001, 0.002))
    assert agree(evidence(both), RULE, cover_threshold=0.1)[1].tolist() == [True]


BANDS = (
    Agreement(least=0.9, check=0.8, stack=0.025, fewest=0, most=2),
    Agreement(least=0.9, check=0.8, stack=0.1, fewest=3, most=6),
)


def test_each_tray_is_judged_by_the_rule_of_its_number_of_cubes() -> None:
    # Stack scores sqrt(0.2 x 0.02) = 0.063: over the 0-2 band's 0.025, under the 3-6's 0.1.
    doubt = {"stack": (0.2, 0.1), "heat_stack": (0.02, 0.01)}
    one_red_one_blue = ([1, 0, 1, 0, 0], [1, 0, 1, 0, 0])
    totals = ([1.0, 0, 1.0, 0, 0], [1.1, 0, 0.9, 0, 0])
    trays = [
        tray(**doubt),  # type: ignore[arg-type]  # 3 cubes
        tray(ship=one_red_one_blue, totals=totals, **doubt),  # type: ignore[arg-type]
        tray(ship=one_red_one_blue, totals=totals),  # 2 cubes, sqrt(0.04 x 0.01) = 0.02
    ]
    counts, sure = agree(evidence(*trays), BANDS, cover_threshold=0.1)
    assert counts.sum(1).tolist() == [3, 2, 2]
    assert sure.tolist() == [True, False, True]
    assert vc.stack_limits(counts, BANDS).tolist() == [0.1, 0.025, 0.025]


def test_a_tray_no_band_holds_is_never_sure() -> None:
    seven = [4, 0, 3, 0, 0]
    crowd = tray(ship=(seven, seven), totals=([4.0, 0, 3.0, 0, 0], [3.9, 0, 3.1, 0, 0]))
    counts, sure = agree(evidence(crowd, tray()), BANDS, cover_threshold=0.1)
    assert sure.tolist() == [False, True]
    assert vc.stack_limits(counts, BANDS).tolist() == [0.0, 0.1]


def test_an_operating_point_is_one_rule_or_one_rule_per_band() -> None:
    assert vc.agreement_rules({"least": 0.5, "check": 0.8, "stack": 0.0249}) == (
        Agreement(least=0.5, check=0.8, stack=0.0249, fewest=0, most=5 * MAX_COUNT),
    )
    bands = [
        {"cubes": [0, 2], "least": 0.9, "check": 0.8, "stack": 0.025},
        {"cubes": [3, 6], "least": 0.9, "check": 0.8, "stack": 0.1},
    ]
    assert vc.agreement_rules({"tuned_to": 0.003, "bands": bands}) == BANDS


def test_the_kept_agreement_counter_loads_with_its_partner_and_rule() -> None:
    model = CounterModel.shipped("agreement-counter.json")
    assert model.threshold == 1.0 and model.mirror
    assert model.partner is not None and model.partner.net_path.name == "heatmap-counter.onnx"
    # The 0.2 % point, one rule per band of cubes (fifth round, tuned on dev and dev-2).
    assert model.agreement is not None
    assert [(r.fewest, r.most) for r in model.agreement] == [(0, 2), (3, 4), (5, 6), (7, 60)]
    assert model.agreement[0] == Agreement(least=0.98, check=0.97, stack=0.0249, fewest=0, most=2)
    assert model.net_path.name == "tray-counter.onnx"


def test_an_operating_point_is_chosen_by_name() -> None:
    """The resume's read from scratch takes the 0.5 % point (ui.app.follow_feed)."""
    model = CounterModel.shipped("agreement-counter.json", "0.005")
    assert model.agreement is not None
    assert model.agreement[0] == Agreement(least=0.95, check=0.8, stack=0.207, fewest=0, most=2)
    assert model.agreement[3] == Agreement(least=0.5, check=0.8, stack=0.0355, fewest=7, most=60)
    assert CounterModel.shipped("heatmap-counter.json", "0.005").threshold == 0.98
    with pytest.raises(ValueError, match=r"no operating point 0\.01"):
        CounterModel.shipped("agreement-counter.json", "0.01")


def test_the_agreement_counter_reads_rendered_trays_as_the_script_measures(
    control_board: Board, setup: Setup, tokens: TokenCatalogue, reader: TableReader
) -> None:
    # Read through cv2.dnn as the app would.
    counter = CubeCounter(control_board, CounterModel.shipped("agreement-counter.json"))
    shipped = CubeCounter(control_board)
    reads, plain, truth = [], [], []
    for crops, lifts, counts in scattered_frames(control_board, setup, tokens, reader):
        sides = sorted(crops)
        reads += counter.read(crops, lifts)
        plain += shipped.read(crops, lifts)
        truth += [dict(zip(COLOURS, counts[s], strict=True)) for s in sides]
        got = counter.evidence([crops[s] for s in sides], [lifts[s] for s in sides])
        assert got.probs.shape == (2, 6, len(COLOURS), MAX_COUNT + 1)
        _, sure = agree(got, counter.model.agreement or RULE, counter.model.cover_threshold)
        assert [app_sure(r, counter.model) for r in reads[-6:]] == sure.tolist()
    # Counts and probabilities are the shipped counter's; sure trays are right.
    assert [r.counts for r in reads] == [r.counts for r in plain]
    assert [r.probabilities for r in reads] == [r.probabilities for r in plain]
    sure_reads = [(r, t) for r, t in zip(reads, truth, strict=True) if app_sure(r, counter.model)]
    assert sure_reads, "plain scattered trays at 30 degrees: some should be sure"
    assert all(r.counts == t for r, t in sure_reads)
    assert all(max(r.confidence.values()) < 1.0 for r in reads if not app_sure(r, counter.model))


def test_one_pass_judges_a_second_operating_point_too(
    control_board: Board, setup: Setup, tokens: TokenCatalogue, reader: TableReader
) -> None:
    """read_agreeing (a resume: ui.app.follow_feed) gives read()'s reads and, per tray, the
    verdict of other rules on the same evidence."""
    counter = CubeCounter(control_board, CounterModel.shipped("agreement-counter.json"))
    anything = (Agreement(least=0.0, check=0.0, stack=1.01),)
    nothing = (Agreement(least=1.01, check=0.0, stack=1.01),)
    for crops, lifts, _ in scattered_frames(control_board, setup, tokens, reader):
        sides = sorted(crops)
        reads, loose = counter.read_agreeing(crops, lifts, anything)
        assert [r.counts for r in reads] == [r.counts for r in counter.read(crops, lifts)]
        got = counter.evidence([crops[s] for s in sides], [lifts[s] for s in sides])
        _, agreed = agree(got, anything, counter.model.cover_threshold)
        assert loose == agreed.tolist()
        assert any(loose), "the four reads agree on some plain scattered tray"
        assert counter.read_agreeing(crops, lifts, nothing)[1] == [False] * len(sides)


def combine_script() -> ModuleType:
    """scripts/vision/combine_counters.py as a module (its tuner)."""
    return load_script("vision/combine_counters.py")


def test_the_tuner_gives_each_band_its_own_rule_where_one_rule_cannot_serve_both() -> None:
    # Trays of 2 cubes: right ones at stack scores 0.1, a wrong one (a hidden cube) at 0.3.
    # Trays of 4: right ones at stack scores 0.3 with checks 0.95, a wrong one checked 0.6.
    # One rule keeps only one band's right trays; a rule per band keeps both, none wrong.
    two, four = [1, 0, 1, 0, 0], [2, 0, 2, 0, 0]
    twos = ([1.0, 0, 1.0, 0, 0], [1.0, 0, 1.0, 0, 0])
    fours = ([2.0, 0, 2.0, 0, 0], [2.0, 0, 2.0, 0, 0])

    def small(stack: float) -> dict[str, np.ndarray]:
        return tray((two, two), twos, stack=(stack, stack), heat_stack=(stack, stack))

    def big(stack: float, check: float) -> dict[str, np.ndarray]:
        return tray(
            (four, four), fours, check=(check, check), stack=(stack,) * 2, heat_stack=(stack,) * 2
        )

    trays = [small(0.1)] * 10 + [small(0.3)] + [big(0.3, 0.95)] * 10 + [big(0.01, 0.6)]
    truth = [two] * 10 + [[2, 0, 1, 0, 0]] + [four] * 10 + [[3, 0, 2, 0, 0]]
    n = len(trays)
    labels = {
        "counts": np.array(truth),
        "hand": np.zeros(n, bool),
        "tilt": np.full(n, 30.0),
        "light_condition": np.array(["neutral"] * n),
        "stacked": np.zeros(n, bool),
        "setup": np.arange(n),
    }
    m = combine_script()
    everything = np.ones(n, bool)
    one, share = m.best_rules(evidence(*trays), labels, everything, 0.0, ((0, 60),))
    assert len(one) == 1 and round(share, 1) == round(100 * 10 / 22, 1)
    banded, share = m.best_rules(evidence(*trays), labels, everything, 0.0, ((0, 2), (3, 60)))
    assert round(share, 1) == round(100 * 20 / 22, 1)
    assert [(r.fewest, r.most) for r in banded] == [(0, 2), (3, 60)]
    _, sure = agree(evidence(*trays), banded, cover_threshold=0.1)
    assert sure.tolist() == [True] * 10 + [False] + [True] * 10 + [False]


def test_a_simulated_journal_is_off_by_one_marker_on_its_share_of_trays() -> None:
    """The resume's tuning (combine_counters.py tune --journal): the journal is the table
    but for one marker on about ``changed`` of the trays, never below zero."""
    truth = np.random.default_rng(3).integers(0, 4, size=(4000, len(COLOURS)))
    journal = combine_script().simulated_journal(truth, 1, 0.15)
    off = np.abs(journal - truth).sum(1)
    assert set(off.tolist()) == {0, 1}
    assert 0.13 < (off == 1).mean() < 0.17
    assert journal.min() >= 0
