"""Count cubes per tray and colour with a small CNN run by OpenCV's ``dnn`` module.

Hand-tuned colour blobs could not meet the figures on photo-like frames (3-D
cubes whose sides and shadows grow with the camera tilt, stacks, leaning cubes,
hands of every skin tone; docs/vision.md has the measurements), so a counter is
trained on the randomised renderer (``scripts/vision/train_tray_counter.py``)
and shipped as ``vision/data/tray-counter.onnx``. OpenCV runs it: no new
runtime on the Raspberry Pi.

Input: each tray's light-corrected crop in one common pose
(:mod:`vision.tray_crops`) and, for a counter trained with it (``lift`` in its
JSON), the crop's lift field: which way and how far a cube's top is drawn from its
footprint at that camera pose, without which a stack of two seen from a shallow
angle and one cube seen from a steep one look alike. Output per tray: for each
colour a probability for every count 0..12, and the probability that something (a
hand) covers it. The probabilities are sharpened or softened by the temperature
found on the development set (``tray-counter.json``); a colour's confidence is the
probability of its most likely count, and a tray counts as *sure* only when every
colour is at least as sure as the threshold tuned on the development set and no
cover is seen. Everything else goes to the players.

A counter with a *stack guard* (``stack_threshold`` in its JSON) has a second output:
the probability that the tray holds a cube stacked on another. The counter misses the
lower cube of a stack and can be sure of it, so a tray the guard flags is never read
surely (docs/vision.md "The stack guard").

A *heatmap* counter (``"kind": "heatmap"`` in its JSON; ``heatmap-counter.json``, kept but
not the default) draws one centre heatmap per colour instead: a colour's count is its
heatmap's total, rounded, and its confidence is the network's *check* (the probability
that the rounded total is right), 0 when the mirrored reads' totals lie further than
``margin`` from the count (docs/vision.md "A counter that sees cubes"). Its count
probabilities put that confidence on the count and spread the rest evenly.

An *agreement* counter (``"kind": "agreement"``; ``agreement-counter.json``, not the
default: the app reads trays from scratch with it once on a resume,
:data:`ui.app.follow_feed.RESUME_COUNTER`) reads the shipped counter and the heatmap
counter together, each on the crop and on its mirror image: four reads that learned
differently. A tray is sure only when all
four give the same counts, each read's least sure colour and least check reach the
thresholds tuned on the development set, the two counters' stack scores (their geometric
mean) stay low and neither sees a cover (docs/vision.md "A counter that sees cubes",
fourth round); since the fifth round the thresholds may differ by how many cubes the tray
holds (as counted): a stack hides a cube on a tray of two, a crowd on a tray of seven.
The counts and probabilities it reports are the shipped counter's; a sure tray's
confidence is 1.0 in every colour, an unsure tray's stays under 1.0 (its ``threshold`` is
1.0), so the reader, the calibration check and the follower judge it as they judge any
counter.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.geometry import COLOURS, Board
from vision.registration import Detections, Registration
from vision.tray_crops import camera_pose, lift_field, tray_crops, tray_lifts

MAX_COUNT = 12
UNSURE = 0.999999
"""An agreement counter's highest confidence for a tray its rule leaves unsure."""


@dataclass
class TrayRead:
    """One tray in one frame."""

    side: int
    counts: dict[str, int]
    confidence: dict[str, float]
    occluded: bool
    covered: float = 0.0
    """Probability that something covers the tray (a hand, a sleeve)."""
    probabilities: dict[str, list[float]] = field(default_factory=dict)
    covered_by: str | None = None
    stacked: float = 0.0
    """Probability that the tray holds a stacked cube (0 for a counter without a guard)."""
    miscount: float = 0.0
    """Probability that the counts are wrong or miss a stacked cube (0 without that guard)."""
    stack_suspect: bool = False
    """A guard fired: the counts may miss a hidden cube, never sure."""


@dataclass(frozen=True)
class CounterModel:
    """The network and the numbers tuned for it on the development set."""

    net_path: Path
    temperature: float
    threshold: float
    """A tray is sure when every colour's confidence reaches this."""
    cover_threshold: float
    mirror: bool
    """Also read the mirrored crop and average (trays are symmetric)."""
    lift: bool = False
    """The network also takes each crop's lift field (two more input channels)."""
    stack_threshold: float | None = None
    """The network has a stack guard output; a tray at or above this is never sure."""
    miscount_threshold: float | None = None
    """The network has a miscount guard output too; a tray at or above this is never sure."""
    heatmap_margin: float | None = None
    """A heatmap counter: how far from its count a colour's total may lie (else unsure)."""
    partner: CounterModel | None = None
    """An agreement counter: the heatmap counter read beside this one."""
    agreement: tuple[Agreement, ...] | None = None
    """An agreement counter: when the two counters' four reads make a tray sure (one rule
    per band of cube counts, :func:`agree`)."""
    stack_output: str = "stack"
    """A heatmap counter: the output whose score is its stack guard."""

    @staticmethod
    def shipped(name: str = "tray-counter.json", point: str | None = None) -> CounterModel:
        """The counter ``vision/data/{name}`` describes (the default: the one the app reads);
        ``point``: an operating point of an agreement or heatmap counter (a key of its
        ``points``, e.g. ``"0.005"``; default: its JSON's ``point``)."""
        base = resources.files("vision").joinpath("data")
        meta: dict[str, Any] = json.loads(base.joinpath(name).read_text("utf-8"))
        if point is not None and point not in meta.get("points", {}):
            raise ValueError(f"{name} has no operating point {point}")
        if meta.get("kind") == "agreement":
            rule = meta["points"][point or meta["point"]]
            first = CounterModel.shipped(meta["counters"][0])
            partner = CounterModel.shipped(meta["counters"][1])
            return replace(
                first,
                threshold=1.0,
                mirror=True,
                partner=replace(
                    partner, mirror=True, stack_output=meta.get("stack_output", "stack")
                ),
                agreement=agreement_rules(rule),
            )
        if meta.get("kind") == "heatmap":
            rule = meta["points"][point or meta["point"]]
            return CounterModel(
                net_path=Path(str(base.joinpath(meta["model"]))),
                temperature=1.0,
                threshold=float(rule["check"]),
                cover_threshold=0.5,
                mirror=bool(meta["mirror"]),
                lift=True,
                stack_threshold=float(rule["stack"]),
                heatmap_margin=float(rule["margin"]),
            )
        return CounterModel(
            net_path=Path(str(base.joinpath(meta["model"]))),
            temperature=float(meta["temperature"]),
            threshold=float(meta["threshold"]),
            cover_threshold=float(meta["cover_threshold"]),
            mirror=bool(meta.get("mirror", False)),
            lift=bool(meta.get("lift", False)),
            stack_threshold=None
            if meta.get("stack_threshold") is None
            else float(meta["stack_threshold"]),
            miscount_threshold=None
            if meta.get("miscount_threshold") is None
            else float(meta["miscount_threshold"]),
        )


@dataclass(frozen=True, kw_only=True)
class Agreement:
    """When an agreement counter is sure of a tray of ``fewest``..``most`` cubes (as the
    shipped counter counts them; tuned on the development sets)."""

    least: float
    """Each read's least sure colour (the shipped counter's top count probability)."""
    check: float
    """Each read's least heatmap check."""
    stack: float
    """The geometric mean of the two counters' stack scores (each their reads' highest)
    must stay under this."""
    fewest: int = 0
    most: int = len(COLOURS) * MAX_COUNT


def agreement_rules(point: dict[str, Any]) -> tuple[Agreement, ...]:
    """An operating point of ``agreement-counter.json``: one rule (``least``, ``check``,
    ``stack``) for every tray, or ``bands``, each with its ``cubes`` [fewest, most]."""
    bands = point.get("bands", [{**point, "cubes": [0, len(COLOURS) * MAX_COUNT]}])
    return tuple(
        Agreement(
            least=float(b["least"]),
            check=float(b["check"]),
            stack=float(b["stack"]),
            fewest=int(b["cubes"][0]),
            most=int(b["cubes"][1]),
        )
        for b in bands
    )


def stack_limits(counts: np.ndarray, rules: tuple[Agreement, ...]) -> np.ndarray:
    """Per tray (``counts`` N x 5), its band's rule's ``stack`` limit; 0.0 (never sure) for a
    tray no band holds."""
    return np.array(
        [
            next((r.stack for r in rules if r.fewest <= n <= r.most), 0.0)
            for n in counts.sum(-1).tolist()
        ]
    )


@dataclass(frozen=True, kw_only=True)
class Evidence:
    """What the two counters say of N trays, one row per read (R reads: plain, mirrored)."""

    probs: np.ndarray
    """R x N x 5 x 13: the shipped counter's count probabilities per colour."""
    cover: np.ndarray
    """R x N: the shipped counter's cover probability."""
    stack: np.ndarray
    """R x N: the shipped counter's stack guard probability."""
    totals: np.ndarray
    """R x N x 5: the heatmap counter's totals per colour."""
    check: np.ndarray
    """R x N x 5: the heatmap counter's check probabilities."""
    heat_cover: np.ndarray
    """R x N: the heatmap counter's cover probability."""
    heat_stack: np.ndarray
    """R x N: the heatmap counter's stack probability."""


def agree(
    evidence: Evidence, rules: tuple[Agreement, ...], cover_threshold: float
) -> tuple[np.ndarray, np.ndarray]:
    """(counts N x 5, sure N): the counts are the shipped counter's first read's; a tray is
    sure when every read of both counters gives those counts (the heatmap's totals
    rounded) and, for the rule of ``rules`` whose band holds its number of cubes, every
    read's least sure colour reaches ``least`` and its least check ``check``, the stack
    scores' geometric mean stays under ``stack``, and no read sees a cover (the shipped
    counter's at ``cover_threshold``, the heatmap's at 0.5). A tray no band holds is
    never sure."""
    counts = evidence.probs[0].argmax(-1)
    same = (evidence.probs.argmax(-1) == counts).all((0, 2))
    heat = np.rint(evidence.totals).clip(0, MAX_COUNT)
    same &= (heat == counts).all((0, 2))
    least = evidence.probs.max(-1).min((0, 2))
    checked = evidence.check.min((0, 2))
    stack = np.sqrt(evidence.stack.max(0) * evidence.heat_stack.max(0))
    clear = (evidence.cover.max(0) < cover_threshold) & (evidence.heat_cover.max(0) < 0.5)
    cubes = counts.sum(-1)
    within = np.zeros(len(cubes), bool)
    for rule in rules:
        band = (cubes >= rule.fewest) & (cubes <= rule.most)
        within |= band & (least >= rule.least) & (checked >= rule.check) & (stack < rule.stack)
    return counts, same & within & clear


def sigmoid(x: np.ndarray) -> np.ndarray:
    return np.asarray(1 / (1 + np.exp(-x)), np.float64)


def softmax(logits: np.ndarray, temperature: float) -> np.ndarray:
    z = logits / temperature
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return np.asarray(e / e.sum(axis=-1, keepdims=True), np.float64)


class CubeCounter:
    """Counts the cubes in the six trays of one control board; build once, reuse per frame.

    One counter may serve several threads (the app's follower and its reads from scratch
    share the reader's: a second copy of the network and its buffers cost about 8 MB): a
    network's input and its forward pass go together under :attr:`lock`.

    ``batch``: at most this many trays per forward pass of :meth:`read` (None: all at
    once). OpenCV's ``dnn`` keeps a network's buffers at the size of the largest batch it
    ever ran, for the network's life: the shipped counter holds about 3 MB after one tray,
    8 MB after six. A counter that lives as long as the app reads one tray at a time
    (:data:`vision.feed.COUNTER_BATCH`); the reads are the same, bit for bit.
    """

    def __init__(
        self, board: Board, model: CounterModel | None = None, *, batch: int | None = None
    ) -> None:
        self.board = board
        self.model = model or CounterModel.shipped()
        self.batch = batch
        self.lock = threading.Lock()
        self.net = cv2.dnn.readNetFromONNX(str(self.model.net_path))
        self.outputs_named: tuple[str, ...] = tuple(self.net.getUnconnectedOutLayersNames())
        """The network's outputs (OpenCV computes all of them in one pass anyway)."""
        partner = self.model.partner
        self.partner_net = (
            None if partner is None else cv2.dnn.readNetFromONNX(str(partner.net_path))
        )

    def logits(
        self, crops: list[np.ndarray], lifts: list[tuple[float, float, float]] | None = None
    ) -> np.ndarray:
        """Raw network output for BGR crops (N x 66), mirrored reads averaged in; ``lifts``
        (:func:`vision.tray_crops.tray_lifts`, one per crop) when the model takes them."""
        return self.outputs(crops, lifts)[0]

    def outputs(
        self, crops: list[np.ndarray], lifts: list[tuple[float, float, float]] | None = None
    ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
        """As :meth:`logits`, with the stack and miscount guards' logits (N each) when the
        model has them."""
        names = self.outputs_named
        with self.lock:
            self.net.setInput(network_input(crops, lifts, self.model.lift, self.model.mirror))
            raw = self.net.forward(list(names)) if len(names) > 1 else [self.net.forward()]
            got = dict(zip(names, (np.asarray(a, np.float64) for a in raw), strict=True))
        out = got.get("logits", got[names[0]])
        limits = {"stack": self.model.stack_threshold, "miscount": self.model.miscount_threshold}
        guards = [
            got[name].reshape(-1) if name in got and limits[name] is not None else None
            for name in ("stack", "miscount")
        ]
        if self.model.mirror:
            n = len(crops)
            out = (out[:n] + out[n:]) / 2
            guards = [None if g is None else np.maximum(g[:n], g[n:]) for g in guards]
        return out, guards[0], guards[1]

    def read(
        self,
        crops: dict[int, np.ndarray],
        lifts: dict[int, tuple[float, float, float]] | None = None,
    ) -> list[TrayRead]:
        """Every crop's counts; ``lifts`` as :func:`vision.tray_crops.tray_lifts` gives them
        (:attr:`batch` trays per forward pass)."""
        sides = sorted(crops)
        if self.batch is not None and len(sides) > self.batch:
            chunks = [sides[i : i + self.batch] for i in range(0, len(sides), self.batch)]
            return [read for c in chunks for read in self.read({s: crops[s] for s in c}, lifts)]
        lift_list = None if lifts is None else [lifts[s] for s in sides]
        if self.model.heatmap_margin is not None:
            return self._read_heatmaps(sides, [crops[s] for s in sides], lift_list)
        if self.model.agreement is not None:
            return self._read_agreeing(sides, self.evidence([crops[s] for s in sides], lift_list))
        out, stack, miscount = self.outputs([crops[s] for s in sides], lift_list)
        stacked = np.zeros(len(sides)) if stack is None else 1 / (1 + np.exp(-stack))
        wrong = np.zeros(len(sides)) if miscount is None else 1 / (1 + np.exp(-miscount))
        limit, wrong_limit = self.model.stack_threshold, self.model.miscount_threshold
        reads = []
        for side, row, stack_p, wrong_p in zip(sides, out, stacked, wrong, strict=True):
            probs = softmax(row[:-1].reshape(len(COLOURS), MAX_COUNT + 1), self.model.temperature)
            covered = float(1 / (1 + np.exp(-row[-1])))
            counts = {c: int(probs[i].argmax()) for i, c in enumerate(COLOURS)}
            conf = {c: float(probs[i].max()) for i, c in enumerate(COLOURS)}
            occluded = covered >= self.model.cover_threshold
            reads.append(
                TrayRead(
                    side,
                    counts,
                    conf,
                    occluded,
                    covered,
                    {c: [round(float(p), 4) for p in probs[i]] for i, c in enumerate(COLOURS)},
                    "hand" if occluded else None,
                    float(stack_p),
                    float(wrong_p),
                    (limit is not None and stack_p >= limit)
                    or (wrong_limit is not None and wrong_p >= wrong_limit),
                )
            )
        return reads

    def _read_heatmaps(
        self,
        sides: list[int],
        crops: list[np.ndarray],
        lifts: list[tuple[float, float, float]] | None,
    ) -> list[TrayRead]:
        """:meth:`read` for a heatmap counter (outputs density, stack, cover, check)."""
        with self.lock:
            self.net.setInput(network_input(crops, lifts, True, self.model.mirror))
            density, stack, cover, check = (
                np.asarray(a, np.float64)
                for a in self.net.forward(["density", "stack", "cover", "check"])
            )
        n = len(crops)
        totals = density.sum((2, 3)).reshape(-1, n, len(COLOURS))
        counts = np.rint(totals.mean(0)).clip(0, MAX_COUNT)
        spread = np.abs(totals - counts).max(0)
        sure = (1 / (1 + np.exp(-check))).reshape(-1, n, len(COLOURS)).min(0)
        conf = np.where(spread <= float(self.model.heatmap_margin or 0.0), sure, 0.0)
        stacked = (1 / (1 + np.exp(-stack[:, 0]))).reshape(-1, n).max(0)
        covered = (1 / (1 + np.exp(-cover[:, 0]))).reshape(-1, n).max(0)
        limit = self.model.stack_threshold
        reads = []
        for i, side in enumerate(sides):
            probs = {}
            for j, colour in enumerate(COLOURS):
                p = np.full(MAX_COUNT + 1, (1 - conf[i, j]) / MAX_COUNT)
                p[int(counts[i, j])] = conf[i, j]
                probs[colour] = [round(float(v), 4) for v in p]
            occluded = bool(covered[i] >= self.model.cover_threshold)
            reads.append(
                TrayRead(
                    side,
                    {c: int(counts[i, j]) for j, c in enumerate(COLOURS)},
                    {c: float(conf[i, j]) for j, c in enumerate(COLOURS)},
                    occluded,
                    float(covered[i]),
                    probs,
                    "hand" if occluded else None,
                    float(stacked[i]),
                    0.0,
                    limit is not None and bool(stacked[i] >= limit),
                )
            )
        return reads

    def evidence(
        self, crops: list[np.ndarray], lifts: list[tuple[float, float, float]] | None
    ) -> Evidence:
        """Both counters' reads of the crops, plain and mirrored (an agreement counter)."""
        partner = self.model.partner
        if self.partner_net is None or partner is None:
            raise ValueError("only an agreement counter reads two counters")
        n = len(crops)
        names = self.outputs_named
        heat = list(self.partner_net.getUnconnectedOutLayersNames())  # OpenCV wants them all
        with self.lock:
            self.net.setInput(network_input(crops, lifts, self.model.lift, True))
            raw = self.net.forward(list(names)) if len(names) > 1 else [self.net.forward()]
            got = dict(zip(names, (np.asarray(a, np.float64) for a in raw), strict=True))
            self.partner_net.setInput(network_input(crops, lifts, True, True))
            out = dict(
                zip(
                    heat,
                    (np.asarray(a, np.float64) for a in self.partner_net.forward(heat)),
                    strict=True,
                )
            )
        logits = got.get("logits", got[names[0]]).reshape(2, n, -1)
        counts = logits[..., :-1].reshape(2, n, len(COLOURS), MAX_COUNT + 1)
        stack = got["stack"].reshape(2, n) if "stack" in got else np.zeros((2, n))
        density, heat_stack, heat_cover, check = (
            out[k] for k in ("density", partner.stack_output, "cover", "check")
        )
        return Evidence(
            probs=softmax(counts, self.model.temperature),
            cover=sigmoid(logits[..., -1]),
            stack=sigmoid(stack),
            totals=density.sum((2, 3)).reshape(2, n, len(COLOURS)),
            check=sigmoid(check).reshape(2, n, len(COLOURS)),
            heat_cover=sigmoid(heat_cover[:, 0]).reshape(2, n),
            heat_stack=sigmoid(heat_stack[:, 0]).reshape(2, n),
        )

    def read_agreeing(
        self,
        crops: dict[int, np.ndarray],
        lifts: dict[int, tuple[float, float, float]],
        also: tuple[Agreement, ...],
    ) -> tuple[list[TrayRead], list[bool]]:
        """An agreement counter's :meth:`read`, and per tray whether it is sure under the
        rules ``also`` too (another operating point), from one pass of the networks."""
        sides = sorted(crops)
        evidence = self.evidence([crops[s] for s in sides], [lifts[s] for s in sides])
        _, sure = agree(evidence, also, self.model.cover_threshold)
        return self._read_agreeing(sides, evidence), [bool(v) for v in sure]

    def _read_agreeing(self, sides: list[int], evidence: Evidence) -> list[TrayRead]:
        """:meth:`read` for an agreement counter: the shipped counter's first read, its
        confidences raised to 1.0 where the two counters agree (:func:`agree`)."""
        rules = self.model.agreement
        assert rules is not None
        counts, sure = agree(evidence, rules, self.model.cover_threshold)
        probs = evidence.probs[0]
        stacked = np.sqrt(evidence.stack.max(0) * evidence.heat_stack.max(0))
        limits = stack_limits(counts, rules)
        covered = np.maximum(evidence.cover.max(0), evidence.heat_cover.max(0))
        reads = []
        for i, side in enumerate(sides):
            occluded = bool(
                evidence.cover[:, i].max() >= self.model.cover_threshold
                or evidence.heat_cover[:, i].max() >= 0.5
            )
            conf = [1.0 if sure[i] else min(float(p), UNSURE) for p in probs[i].max(-1)]
            reads.append(
                TrayRead(
                    side,
                    {c: int(counts[i, j]) for j, c in enumerate(COLOURS)},
                    dict(zip(COLOURS, conf, strict=True)),
                    occluded,
                    float(covered[i]),
                    {c: [round(float(p), 4) for p in probs[i, j]] for j, c in enumerate(COLOURS)},
                    "hand" if occluded else None,
                    float(stacked[i]),
                    0.0,
                    bool(stacked[i] >= limits[i]),
                )
            )
        return reads

    def count(self, image: np.ndarray, found: Detections, reg: Registration) -> list[TrayRead]:
        """Every tray of the board in one frame."""
        lifts = tray_lifts(self.board, camera_pose(reg, (image.shape[1], image.shape[0])))
        return self.read(tray_crops(image, found, reg, self.board), lifts)


def network_input(
    crops: list[np.ndarray],
    lifts: list[tuple[float, float, float]] | None,
    lift: bool,
    mirror: bool,
) -> np.ndarray:
    """The network's N x C x H x W input for BGR crops: normalised, with each crop's lift
    field when the network takes it; ``mirror`` appends every crop mirrored (2N rows)."""
    x = np.stack(crops).astype(np.float32)
    x = ((x / 255.0 - 0.5) / 0.25).transpose(0, 3, 1, 2)
    if lift:
        if lifts is None or len(lifts) != len(crops):
            raise ValueError("this tray counter needs every crop's lift")
        x = np.concatenate([x, np.stack([lift_field(*v) for v in lifts])], 1)
    if mirror:
        mirrored = x[..., ::-1].copy()
        if lift:
            mirrored[:, 3] = -mirrored[:, 3]  # the lift's u turns with the crop
        x = np.concatenate([x, mirrored])
    return np.ascontiguousarray(x)
