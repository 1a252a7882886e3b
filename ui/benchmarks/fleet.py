"""``tableside bench fleet``: 40 boxes, a real loopback broker and keeper, 1,000 injected kills.

The rig (all on 127.0.0.1): a real Mosquitto with a throwaway CA, accounts and
ACL (:mod:`fleet.hub.loopback`); the keeper as its own process (``tableside
fleet keeper``); 40 headless boxes (:mod:`fleet.box.headless`) playing
marauders through the real rules core and journal, forked from a preloaded
server so a killed box is back at once. A schedule then injects, over
``seconds``: ``kills`` SIGKILLs of random boxes (each restarted at once),
SIGKILLs of the broker (one of them followed by ``outage`` seconds down while
the boxes play on), SIGKILLs of the keeper, boxes stopped (SIGSTOP) past
their keepalive, and ``adopt`` trials: a box plays a 300-step game, is
killed, its journal deleted, and staff adopt the game on a spare box.

Printed: steps missing, duplicated or different at the keeper after the
final drain; the fleet hook's cost inside a confirmed step (p95); steps
blocked while the broker was down; backup lag (confirm -> keeper) p95 while
broker and keeper were up; the outage's drain time; offline detection time
(from a kill, and from a stop past the keepalive) and false offlines; each
adopt trial's time and digest equality; forbidden publishes, reads and
anonymous connections that succeeded.

``--set NAME=NUMBER``: boxes, kills, seconds, outage, broker_kills,
keeper_kills, stops, adopt, adopt_steps. ``--quick``: 8 boxes, 40 kills, 90 s.
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui.commands.bench import Figure

NAME = "fleet"
DESCRIPTION = "the café fleet: 40 boxes, real broker and keeper, 1,000 kills (issue 26)"

FULL = {"boxes": 40, "kills": 1000, "seconds": 420, "outage": 60, "broker_kills": 3,
        "keeper_kills": 4, "stops": 4, "adopt": 3, "adopt_steps": 300}  # fmt: skip
QUICK = {"boxes": 8, "kills": 40, "seconds": 90, "outage": 15, "broker_kills": 2,
         "keeper_kills": 1, "stops": 1, "adopt": 1, "adopt_steps": 100}  # fmt: skip
KEEPALIVE = 6  # as fleet.box.client.KEEPALIVE


def p95(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


@dataclass
class Timeline:
    """What was done when (wall clock), to sort the figures."""

    broker_down: list[tuple[float, float]] = field(default_factory=list)
    keeper_down: list[tuple[float, float]] = field(default_factory=list)
    kills: dict[str, list[float]] = field(default_factory=dict)  # box -> kill times
    stops: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    outage: tuple[float, float] | None = None
    drain_seconds: float | None = None
    #: One per adopt trial: (seconds or inf, digest equal, what happened).
    adopt: list[tuple[float, bool, str]] = field(default_factory=list)


class Rig:
    """Broker, keeper process and box processes under one temporary directory."""

    def __init__(self, base: Path, boxes: list[str], extra: list[str]) -> None:
        import multiprocessing

        from fleet.hub.loopback import LoopbackBroker

        self.base = base
        self.boxes = boxes
        self.broker = LoopbackBroker(base / "hub", boxes=boxes + extra)
        (base / "hub" / "hub.json").write_text(json.dumps({"port": self.broker.port}))
        self.broker.start()
        self.database = base / "keeper.sqlite3"
        self.keeper: subprocess.Popen[bytes] | None = None
        self.ctx = multiprocessing.get_context("forkserver")
        self.ctx.set_forkserver_preload(["fleet.box.headless"])
        self.procs: dict[str, Any] = {}
        self.lock = threading.Lock()

    def config(self, box: str) -> Any:
        from fleet.enrol import BoxConfig

        account = self.broker.account(box)
        return BoxConfig(hub=account.host, port=account.port, box=box,
                         password=account.password, ca=account.ca)  # fmt: skip

    def home(self, box: str) -> Path:
        return self.base / "boxes" / box

    def start_box(self, box: str, pace: tuple[float, float] = (0.5, 1.5),
                  steps: int | None = None, seed: int = 1) -> None:  # fmt: skip
        from fleet.box.headless import Plan, run

        plan = Plan(box=box, home=self.home(box), config=self.config(box), seed=seed,
                    pace=pace, steps=steps, keepalive=KEEPALIVE, nice=5)  # fmt: skip
        proc = self.ctx.Process(target=run, args=(plan,), daemon=True)
        proc.start()
        with self.lock:
            self.procs[box] = proc

    def kill_box(self, box: str) -> None:
        with self.lock:
            proc = self.procs.pop(box, None)
        if proc is not None:
            proc.kill()
            proc.join(10)

    def stop_box(self, box: str) -> None:
        with self.lock:
            proc = self.procs.pop(box, None)
        if proc is not None:
            proc.terminate()
            proc.join(15)
            if proc.is_alive():
                proc.kill()
                proc.join(5)

    def signal_box(self, box: str, sig: int) -> None:
        with self.lock:
            proc = self.procs.get(box)
        if proc is not None and proc.pid:
            os.kill(proc.pid, sig)

    def start_keeper(self) -> None:
        log = open(self.base / "keeper.log", "ab")  # noqa: SIM115
        self.keeper = subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "fleet", "keeper", "--dir", str(self.base / "hub"),
             "--database", str(self.database)],
            stdout=log, stderr=log,
        )  # fmt: skip
        log.close()

    def kill_keeper(self) -> None:
        if self.keeper is not None:
            self.keeper.kill()
            self.keeper.wait()
            self.keeper = None

    def close(self) -> None:
        for box in list(self.procs):
            self.stop_box(box)
        if self.keeper is not None:
            self.keeper.terminate()
            self.keeper.wait(10)
        self.broker.stop()


class Observer:
    """The staff account watching every box's status (as the board does): offline times."""

    def __init__(self, rig: Rig) -> None:
        from fleet.mqtt import connect_async, make_client

        account = rig.broker.account("staff")
        self.client = make_client(account, client_id="bench-observer")
        self.offline: list[tuple[str, float]] = []
        self.seen: list[tuple[str, bool, float]] = []  # every live status: box, online, when
        self.client.on_connect = lambda c, *_: c.subscribe("tableside/box/+/status", qos=1)
        self.client.on_message = self._message
        connect_async(self.client, account, persistent=False, keepalive=10)
        self.client.loop_start()

    def _message(self, _c: Any, _u: Any, message: Any) -> None:
        try:
            data = json.loads(message.payload)
        except ValueError:
            return
        if message.retain:
            return
        online = data.get("online") is not False
        self.seen.append((str(data.get("box")), online, time.time()))
        if not online:
            self.offline.append((str(data.get("box")), time.time()))

    def online_at(self, box: str, at: float, since: float) -> bool:
        """Whether ``box`` said it was online after ``since`` and before ``at``, and not
        offline after that."""
        last = [on for b, on, t in self.seen if b == box and since < t <= at]
        return bool(last) and last[-1]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def read_log(path: Path) -> list[list[str]]:
    try:
        return [line.split(" ") for line in path.read_text().splitlines() if line]
    except OSError:
        return []


def keeper_rows(database: Path) -> dict[tuple[str, int], tuple[str, float]]:
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10) as db:
            rows = db.execute("SELECT uid, seq, event, received FROM steps").fetchall()
    except sqlite3.Error:
        return {}
    return {(u, s): (e, r) for u, s, e, r in rows}


def keeper_mark(database: Path, uid: str) -> int:
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10) as db:
            row = db.execute("SELECT mark FROM games WHERE uid=?", (uid,)).fetchone()
    except sqlite3.Error:
        return -1
    return -1 if row is None else int(row[0])


def journal_rows(path: Path) -> dict[tuple[str, int], str]:
    if not path.exists():
        return {}
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10) as db:
        rows = db.execute(
            "SELECT s.uid, e.seq, e.body FROM events e JOIN sessions s ON s.id = e.session_id"
        ).fetchall()
    return {(u, s): b for u, s, b in rows}


def wait_until(predicate: Callable[[], bool], timeout: float, every: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return predicate()


def adopt_trial(rig: Rig, timeline: Timeline, source: str, spare: str, steps: int) -> None:
    """A box plays a game of ``steps`` steps, dies with its journal; staff adopt it on ``spare``."""
    from fleet import staff

    rig.start_box(source, pace=(0.0, 0.0), steps=steps, seed=17)
    log = rig.home(source) / "box.log"

    def played() -> str | None:
        for row in read_log(log):
            if row[0] == "c" and int(row[2]) == steps - 1:
                return row[1]
        return None

    if not wait_until(lambda: played() is not None, 240):
        timeline.adopt.append((float("inf"), False, f"{source}: did not reach {steps} steps"))
        return
    uid = played()
    assert uid is not None
    held = wait_until(lambda: keeper_mark(rig.database, uid) >= steps - 1, 120)
    rig.kill_box(source)
    for path in rig.home(source).glob("journal.sqlite3*"):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
    began = time.time()
    staff.adopt(rig.broker.account("staff"), uid, spare, timeout=30)
    spare_log = rig.home(spare) / "box.log"

    def adopted() -> list[str] | None:
        return next((r for r in read_log(spare_log) if r[0] == "a" and r[1] == uid), None)

    if not wait_until(lambda: adopted() is not None, 60):
        timeline.adopt.append((float("inf"), False, f"{uid} on {spare}: not adopted in 60 s"))
        return
    row = adopted()
    assert row is not None
    took = float(row[5]) - began
    continued = wait_until(lambda: keeper_mark(rig.database, uid) >= steps, 60)
    digest = {"1": "equal", "0": "DIFFERENT"}.get(row[3], "not compared")
    timeline.adopt.append((took, row[3] == "1" and continued, (
        f"{steps}-step game {uid} ({'all' if held else 'NOT all'} at the keeper when killed) "
        f"on {spare}: {took:.2f} s (replay {float(row[4]):.2f} s), digest {digest}, "
        f"{'continued' if continued else 'did NOT continue'} there")))  # fmt: skip


def run(quick: bool, params: dict[str, float] | None = None) -> list[Figure]:
    params = params or {}
    size = {k: int(params.get(k, (QUICK if quick else FULL)[k])) for k in FULL}
    logging.getLogger("tableside").setLevel(logging.CRITICAL)
    base = Path(tempfile.mkdtemp(prefix="tableside-bench-fleet-", dir="/tmp"))
    boxes = [f"box-{i:02d}" for i in range(1, size["boxes"] + 1)]
    spares = [f"spare-{i}" for i in range(1, size["adopt"] + 1)]
    sources = [f"source-{i}" for i in range(1, size["adopt"] + 1)]
    rig = Rig(base, boxes, spares + sources)
    timeline = Timeline()
    observer: Observer | None = None
    security: dict[str, Any] = {}
    try:
        rig.start_keeper()
        observer = Observer(rig)
        for i, box in enumerate(boxes + spares):
            rig.start_box(box, seed=i + 1)
        began = time.time()
        _schedule(rig, timeline, size, spares, sources, security, began)
        figures = _drain_and_measure(rig, timeline, observer, boxes + spares, began, size)
        figures += _security_figures(security)
        return figures
    finally:
        if observer is not None:
            observer.close()
        rig.close()
        shutil.rmtree(base, ignore_errors=True)


def _schedule(rig: Rig, timeline: Timeline, size: dict[str, int], spares: list[str],
              sources: list[str], security: dict[str, Any], began: float) -> None:  # fmt: skip
    rng = random.Random(26)
    seconds = size["seconds"]
    events: list[tuple[float, str, Any]] = []
    events += [(rng.uniform(3, seconds - 3), "kill", None) for _ in range(size["kills"])]
    for k in range(size["broker_kills"]):
        events.append((seconds * (0.3 + 0.4 * k / max(1, size["broker_kills"] - 1)), "broker",
                       size["outage"] if k == 0 else 1))  # fmt: skip
    events += [(rng.uniform(5, seconds - 5), "keeper", None) for _ in range(size["keeper_kills"])]
    # Stops end before the first broker kill (a stop spans 1.5 x keepalive + 5 s).
    last_stop = max(6.0, seconds * 0.3 - KEEPALIVE * 1.5 - 8)
    events += [(rng.uniform(5, last_stop), "stop", None) for _ in range(size["stops"])]
    events += [(seconds * (0.05 + 0.9 * i / max(1, len(spares))), "adopt", i)
               for i in range(len(spares))]  # fmt: skip
    events.append((seconds * 0.2, "security", None))
    events.sort(key=lambda e: e[0])
    threads: list[threading.Thread] = []
    busy: set[str] = set()
    for at, kind, arg in events:
        delay = began + at - time.time()
        if delay > 0:
            time.sleep(delay)
        if kind == "kill":
            box = rng.choice([b for b in rig.boxes if b not in busy])
            timeline.kills.setdefault(box, []).append(time.time())
            rig.kill_box(box)
            rig.start_box(box, seed=rig.boxes.index(box) + 1)
        elif kind == "broker":
            # Its own thread: the schedule keeps its pace through the outage (sleeping here
            # fired the outage's ~140 box kills in one burst as the broker came back).
            threads.append(threading.Thread(target=_broker_outage, args=(rig, timeline, arg)))
            threads[-1].start()
        elif kind == "keeper":
            down = time.time()
            rig.kill_keeper()
            time.sleep(rng.uniform(0.5, 3))
            rig.start_keeper()
            timeline.keeper_down.append((down, time.time()))
        elif kind == "stop":
            box = rng.choice([b for b in rig.boxes if b not in busy])
            busy.add(box)
            threads.append(threading.Thread(target=_stop_past_keepalive,
                                            args=(rig, timeline, box, busy)))  # fmt: skip
            threads[-1].start()
        elif kind == "adopt":
            threads.append(threading.Thread(target=adopt_trial, args=(
                rig, timeline, sources[arg], spares[arg], size["adopt_steps"])))  # fmt: skip
            threads[-1].start()
        elif kind == "security":
            threads.append(threading.Thread(target=_security, args=(rig, security)))
            threads[-1].start()
    for thread in threads:
        thread.join(300)


def _broker_outage(rig: Rig, timeline: Timeline, seconds: float) -> None:
    """Kill the broker, keep it down ``seconds`` (> 1: the measured outage), start it again."""
    down = time.time()
    rig.broker.kill()
    if seconds > 1:
        time.sleep(seconds)
    rig.broker.start()
    timeline.broker_down.append((down, time.time()))
    if seconds > 1:
        timeline.outage = (down, time.time())
        _drain_timer(rig, timeline)


def _stop_past_keepalive(rig: Rig, timeline: Timeline, box: str, busy: set[str]) -> None:
    stopped = time.time()
    rig.signal_box(box, signal.SIGSTOP)
    time.sleep(KEEPALIVE * 1.5 + 5)
    rig.signal_box(box, signal.SIGCONT)
    timeline.stops.setdefault(box, []).append((stopped, time.time()))
    busy.discard(box)


def _drain_timer(rig: Rig, timeline: Timeline) -> None:
    """After the outage: seconds until the keeper holds every step confirmed before it ended."""
    assert timeline.outage is not None
    up = timeline.outage[1]
    want: dict[str, int] = {}
    for box in rig.boxes:
        for row in read_log(rig.home(box) / "box.log"):
            if row[0] == "c" and float(row[3]) <= up:
                want[row[1]] = max(want.get(row[1], -1), int(row[2]))

    def drained() -> bool:  # the marks (no gap below) are cheap to read: the keeper works on
        return all(keeper_mark(rig.database, uid) >= seq for uid, seq in want.items())

    if wait_until(drained, 120, every=0.25):
        timeline.drain_seconds = time.time() - up


def _security(rig: Rig, out: dict[str, Any]) -> None:
    from fleet.probe import anonymous_attempts, forbidden_publishes, forbidden_subscriptions

    names = ("keeper", "board", "staff", *rig.boxes[:3])
    accounts = {n: rig.broker.account(n) for n in names}
    try:
        out["publish"] = forbidden_publishes(accounts, rig.broker.account("staff"), rig.boxes[:3])
        writers = {n: accounts[n] for n in names if n != "board"}
        out["read"] = forbidden_subscriptions(accounts, writers, rig.boxes[:3])
        out["anonymous"] = anonymous_attempts(rig.broker.account(rig.boxes[0]),
                                              [rig.broker.account(rig.boxes[1])])  # fmt: skip
    except (ConnectionError, OSError) as exc:  # e.g. the broker was being killed
        out["error"] = str(exc)


def _drain_and_measure(rig: Rig, timeline: Timeline, observer: Observer, boxes: list[str],
                       began: float, size: dict[str, int]) -> list[Figure]:  # fmt: skip
    ended = time.time()

    def journals() -> dict[tuple[str, int], str]:
        rows: dict[tuple[str, int], str] = {}
        for box in boxes:
            rows.update(journal_rows(rig.home(box) / "journal.sqlite3"))
        return rows

    wait_until(lambda: not set(journals()) - set(keeper_rows(rig.database)), 120, every=1.0)
    settled = time.time() - ended
    for box in list(rig.procs):
        rig.stop_box(box)
    kept = keeper_rows(rig.database)
    confirmed = journals()
    missing = [k for k in confirmed if k not in kept]
    different = [k for k, body in confirmed.items() if k in kept and
                 json.loads(kept[k][0]) != json.loads(body)]  # fmt: skip
    with sqlite3.connect(f"file:{rig.database}?mode=ro", uri=True) as db:
        doubled = db.execute(
            "SELECT COUNT(*) FROM (SELECT uid, seq FROM steps GROUP BY uid, seq HAVING COUNT(*)>1)"
        ).fetchone()[0]
    logs = {box: read_log(rig.home(box) / "box.log") for box in boxes}
    steps = [r for rows in logs.values() for r in rows if r[0] == "c"]
    logged_missing = sum((r[1], int(r[2])) not in confirmed for r in steps)
    hook = [float(r[4]) for r in steps]
    took = [float(r[5]) for r in steps]
    down = timeline.broker_down + timeline.keeper_down
    lag = [
        kept[(r[1], int(r[2]))][1] - float(r[3])
        for r in steps
        if (r[1], int(r[2])) in kept and not any(a <= float(r[3]) <= b for a, b in down)
    ]
    outage_steps = [r for r in steps if timeline.outage and
                    timeline.outage[0] <= float(r[3]) <= timeline.outage[1]]  # fmt: skip
    blocked = [r for r in outage_steps if float(r[5]) > 250]
    kills = sum(len(v) for v in timeline.kills.values())
    detect, stop_detect = [], []
    unseen = 0  # kills of a box not (yet) online: no connection to drop, no will
    for box, times in timeline.kills.items():
        for i, t in enumerate(times):
            since = times[i - 1] if i else 0.0
            if not observer.online_at(box, t, since) or any(
                a <= t <= b + 15 for a, b in timeline.broker_down
            ):
                unseen += 1  # not connected (or the broker down): there is no will to send
                continue
            until = times[i + 1] if i + 1 < len(times) else t + 30
            seen = [o for b, o in observer.offline if b == box and t <= o <= min(until, t + 30)]
            detect.append(seen[0] - t if seen else float("inf"))
    shown = [d for d in detect if math.isfinite(d)]
    for box, spans in timeline.stops.items():
        for stopped, _cont in spans:
            seen = [o for b, o in observer.offline if b == box and stopped <= o <= stopped + 60]
            stop_detect.append(seen[0] - stopped if seen else float("inf"))
    false_offline = 0
    for box, at in observer.offline:
        if at > ended or box.startswith("source-"):  # the end, or killed for an adopt trial
            continue
        if any(a - 1 <= at <= b + 30 for a, b in timeline.broker_down):
            continue
        mine = [(t, t + 30) for t in timeline.kills.get(box, [])]
        mine += [(s, c + 30) for s, c in timeline.stops.get(box, [])]
        if not any(a <= at <= b for a, b in mine):
            false_offline += 1
    played = ended - began
    figures = [
        Figure("boxes / seconds played", size["boxes"], "boxes",
               note=f"{played:.0f} s of play; {len(steps)} steps confirmed and logged "
                    f"({len(confirmed)} events in the journals)"),
        Figure("kills injected", kills + len(timeline.broker_down) + len(timeline.keeper_down)
               + sum(len(v) for v in timeline.stops.values()), "kills",
               note=f"{kills} box SIGKILLs, {len(timeline.broker_down)} broker SIGKILLs, "
                    f"{len(timeline.keeper_down)} keeper SIGKILLs, "
                    f"{sum(len(v) for v in timeline.stops.values())} boxes stopped past keepalive"),
        Figure("steps missing at the keeper", len(missing), "steps", "0", not missing,
               note=f"after a drain of {settled:.1f} s; " + ", ".join(
                   f"{u[:8]}/{s}" for u, s in missing[:5])),
        Figure("steps duplicated at the keeper", doubled, "steps", "0", doubled == 0),
        Figure("steps stored unlike the journal", len(different), "steps", "0", not different),
        Figure("logged confirmed steps not in a journal", logged_missing, "steps", "0",
               logged_missing == 0),
        Figure("fleet hook cost per confirmed step p95", p95(hook), "ms", "<= 5 ms",
               p95(hook) <= 5, note=f"the whole step p95 {p95(took):.1f} ms, median "
                                    f"{statistics.median(took) if took else 0:.1f} ms"),
        Figure("steps blocked while the broker was down", len(blocked), "steps", "0",
               not blocked, note=f"{len(outage_steps)} steps confirmed during the "
                                 f"{size['outage']} s outage (blocked: over 250 ms)"),
        Figure("backup lag p95 (broker and keeper up)", p95(lag), "s", "<= 1 s",
               p95(lag) <= 1, note=f"{len(lag)} steps; median "
                                   f"{statistics.median(lag) if lag else 0:.3f} s"),
        Figure("outage drain time", timeline.drain_seconds if timeline.drain_seconds is not None
               else float("inf"), "s", "<= 10 s",
               timeline.drain_seconds is not None and timeline.drain_seconds <= 10,
               note=f"after {size['outage']} s with the broker down"),
        Figure("offline shown after a box is killed p95", p95(shown), "s", "<= 15 s",
               bool(shown) and p95(shown) <= 15 and len(shown) == len(detect),
               note=f"{len(shown)} of {len(detect)} kills of an online box shown offline "
                    f"(max {max(shown) if shown else float('nan'):.2f} s); {unseen} kills of a "
                    f"box not connected (just restarted, or the broker down): no will to send"),
        Figure("offline shown after a box stops (past keepalive) max",
               max(stop_detect) if stop_detect else float("nan"), "s", "<= 15 s",
               bool(stop_detect) and max(stop_detect) <= 15,
               note=f"{len(stop_detect)} boxes stopped with SIGSTOP; keepalive {KEEPALIVE} s"),
        Figure("false offline", false_offline, "times", "0", false_offline == 0,
               note=f"in {played / 60:.1f} minutes of {size['boxes']} boxes"),
    ]  # fmt: skip
    for i, (took, good, line) in enumerate(timeline.adopt):
        figures.append(Figure(f"adopt trial {i + 1}: time", took, "s", "<= 10 s, digest equal",
                              good and took <= 10, note=line))  # fmt: skip
    return figures


def _security_figures(security: dict[str, Any]) -> list[Figure]:
    if "error" in security or "publish" not in security:
        return [Figure("forbidden publishes succeeded", float("nan"), "", "0", False,
                       note=f"not measured: {security.get('error', 'did not run')}")]  # fmt: skip
    pub, read = security["publish"], security["read"]
    tried, accepted = security["anonymous"]
    return [
        Figure("forbidden publishes succeeded", len(pub.succeeded), "", "0", not pub.succeeded,
               note=f"of {pub.tried} tried by 6 accounts; allowed ones refused: "
                    f"{len(pub.allowed_failed)} of {pub.allowed_tried}"),
        Figure("forbidden reads delivered", len(read.delivered), "", "0", not read.delivered,
               note=f"{read.tried} forbidden subscriptions; allowed deliveries missed: "
                    f"{len(read.missed)}"),
        Figure("anonymous or bad-password connections accepted", accepted, "", "0",
               accepted == 0, note=f"of {tried} tried"),
    ]  # fmt: skip
