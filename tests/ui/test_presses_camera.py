"""``bench presses`` with the camera (brief presses4): the fields a camera fills start at the
table's true counts, as if it had followed them surely; the news panel's VP stay for the
players, and its development points too unless it reads the priority marker. Printed as
separate lines, the figures without it kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.camera import ColourGains, ColourTotals, Unread
from rules.prompt import Choice, Field
from rules.text import msg
from ui.app.form import FormModel
from ui.benchmarks import presses
from ui.benchmarks.presses import play, sure_camera, tables


def _field(key: str, entries: tuple[str, ...], kind: str = "counts", **kwargs: object) -> Field:
    return Field(
        key=key,
        label=msg("Markers"),
        kind=kind,  # type: ignore[arg-type]
        choices=tuple(Choice(e, msg(e)) for e in entries),
        **kwargs,  # type: ignore[arg-type]
    )


def test_a_sure_camera_fills_the_colours_of_the_news_and_leaves_vp_and_development() -> None:
    news = _field(
        "news",
        ("white", "red", "vp", "dev"),
        default={"white": 0, "red": 0, "vp": 0, "dev": 0},
        camera=ColourGains(),
    )
    trays = _field(
        "trays_now", ("white", "red"), default={"white": 2, "red": 1}, camera=ColourTotals()
    )
    form = FormModel([news, trays])
    sure_camera(form, {"news": {"white": 1, "red": 3, "vp": 2, "dev": 1}})
    assert form.values["news"] == {"white": 1, "red": 3, "vp": 0, "dev": 0}
    assert form.values["trays_now"] == {"white": 2, "red": 1}  # the table named no change
    assert form.from_camera == {"news"}


def test_a_news_panel_that_reads_the_marker_gets_its_development_points_too() -> None:
    news = _field(
        "news",
        ("white", "red", "vp", "dev"),
        default={"white": 0, "red": 0, "vp": 0, "dev": 0},
        camera=ColourGains(marker=2, steps="dev"),
    )
    trays = _field(
        "trays_now", ("white", "red"), default={"white": 2, "red": 1}, camera=ColourTotals()
    )
    form = FormModel([news, trays])
    sure_camera(form, {"news": {"white": 1, "red": 3, "vp": 2, "dev": 1}})
    assert form.values["news"] == {"white": 1, "red": 3, "vp": 0, "dev": 1}


def test_gains_with_their_own_tracked_counts_fill_only_those_colours() -> None:
    income = _field(
        "income",
        ("red", "blue"),
        default={"red": 0, "blue": 0},
        camera=ColourGains.since({"red": 4, "blue": 0}),
    )
    form = FormModel([income])
    sure_camera(form, {"income": {"red": 2, "blue": 1}})
    assert form.values["income"] == {"red": 2, "blue": 1}


def test_a_reading_no_camera_gives_is_left_to_the_players() -> None:
    robber = _field("robber", ("a1", "b1"), "choice", default="a1", camera=Unread("robber"))
    form = FormModel([robber])
    sure_camera(form, {"robber": "b1"})
    assert form.values["robber"] == "a1" and not form.from_camera


@pytest.fixture(scope="module")
def marauders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    module = tables()["marauders"]
    base: Path = tmp_path_factory.mktemp("camera")
    (base / "camera").mkdir()
    return {"without": play(module, base), "with": play(module, base / "camera", camera=True)}


def test_with_the_camera_marauders_answers_every_step_in_fewer_presses(marauders) -> None:
    without, with_ = marauders["without"], marauders["with"]
    assert with_["unreachable"] == []
    assert [s for s, *_ in with_["steps"]] == [s for s, *_ in without["steps"]]
    cost = {k: sum(n for _s, n, *_ in r["steps"]) for k, r in marauders.items()}
    assert cost["with"] < cost["without"]
    income = [n for s, n, *_ in with_["steps"] if s == "spring-start"]
    assert income and max(income) < max(n for s, n, *_ in without["steps"] if s == "spring-start")


def test_the_camera_lines_are_printed_besides_the_figures_without_it(monkeypatch) -> None:
    monkeypatch.setattr(presses, "tables", lambda: {"marauders": tables()["marauders"]})
    names = [f.name for f in presses.run(quick=True)]
    assert "marauders: median presses (answered steps)" in names
    assert "marauders: median presses with the camera" in names
    assert any(n.startswith("marauders: worst step with the camera (") for n in names)
