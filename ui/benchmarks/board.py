"""The staff board in a real browser (``tableside bench board``).

A real Mosquitto on 127.0.0.1 (:class:`fleet.hub.loopback.LoopbackBroker`: TLS, one
account per table), 40 tables publishing their retained status each with its own
account, the board (:class:`fleet.board.web.BoardServer`) as ``board``, and Debian's
headless ``chromium`` driven by Selenium (:mod:`fleet.board.browser`).

Printed: the time from asking for the page to its 40 tiles drawn (each of ``opens``
fresh loads), and the latency from a table publishing a new status to the page drawing
its tile (``changes`` changes, one table after another; the page notes when it drew
each tile, on the same machine's clock). ``--set opens=N --set changes=N`` scale it.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ui.commands.bench import Figure

NAME = "board"
DESCRIPTION = "the staff board in headless chromium: 40 tables' load time, update latency"
TABLES = 40


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(quick: bool = False, params: dict[str, float] | None = None) -> list[Figure]:
    from fleet.board import browser as web
    from fleet.board.config import BoardConfig
    from fleet.board.web import BoardServer
    from fleet.hub.loopback import LoopbackBroker
    from fleet.mqtt import make_client
    from fleet.protocol import Status, box_topic, encode

    params = params or {}
    opens = int(params.get("opens", 3 if quick else 10))
    changes = int(params.get("changes", 30 if quick else 200))
    boxes = [f"table-{n}" for n in range(1, TABLES + 1)]
    with tempfile.TemporaryDirectory(prefix="bench-board-") as folder:
        broker = LoopbackBroker(Path(folder), boxes=boxes)
        broker.start()
        clients: dict[str, Any] = {}
        try:
            for box in boxes:
                account = broker.account(box)
                client = make_client(account, f"bench-{box}")
                client.connect(account.host, account.port)
                client.loop_start()
                clients[box] = client

            def publish(box: str, asked: str) -> float:
                now = time.time()
                status = Status(
                    box=box, game="targi", where="Round 2 · Phase 1", asked=asked,
                    waiting_since=now - 30, camera="ok", version="bench", sent=now,
                )  # fmt: skip
                clients[box].publish(
                    box_topic(box, "status"), encode(status), qos=1, retain=True
                ).wait_for_publish(5)
                return now

            for box in boxes:
                publish(box, f"First question at {box}")
            board = BoardConfig(
                broker_host="127.0.0.1", broker_port=broker.port,
                broker_ca=broker.account("board").ca, broker_user="board",
                broker_password=broker.account("board").password,
                web_host="127.0.0.1", web_port=0, web_user="staff", web_password="bench",
            )  # fmt: skip
            with BoardServer(board) as server:
                web.wait_for(lambda: len(server.fleet.tiles()) == TABLES, 10)
                browser = web.chromium(*web.DESKTOP)
                try:
                    web.log_in(browser, "staff", "bench")
                    loads = []
                    for _ in range(opens):
                        browser.get("about:blank")
                        asked = time.time()
                        browser.get(server.url)
                        web.wait_for(lambda: web.tile_count(browser) == TABLES, 10)
                        drawn = web.loaded_at(browser)
                        loads.append((drawn or time.time()) - asked)
                    latencies = []
                    for i in range(changes):
                        box = boxes[i % TABLES]
                        words = f"Change {i} at {box}"
                        sent = publish(box, words)
                        web.wait_for(lambda b=box, w=words: w in web.tile_text(browser, b), 5)
                        shown = web.shown_at(browser, box)
                        latencies.append((shown or time.time()) - sent)
                    steps = _box_steps(broker, Path(folder), browser, int(params.get("steps",
                                       10 if quick else 40)))  # fmt: skip
                finally:
                    browser.quit()
        finally:
            for client in clients.values():
                client.disconnect()
                client.loop_stop()
            broker.stop()
    return [
        Figure(f"page to {TABLES} tiles, worst of {opens}", max(loads), "s", "<= 2 s",
               max(loads) <= 2.0),
        Figure(f"page to {TABLES} tiles, median", statistics.median(loads), "s"),
        Figure(f"status change to tile drawn, p95 of {changes}", _p95(latencies) * 1000, "ms",
               "<= 1000 ms", _p95(latencies) <= 1.0),
        Figure("status change to tile drawn, median", statistics.median(latencies) * 1000, "ms"),
        Figure("status change to tile drawn, worst", max(latencies) * 1000, "ms"),
        Figure(f"step confirmed on a box to its tile drawn, p95 of {len(steps)}",
               _p95(steps) * 1000, "ms", "<= 1000 ms", _p95(steps) <= 1.0,
               note="the app's status tick, its fleet client, the broker, the board, the page"),
        Figure("step confirmed on a box to its tile drawn, median",
               statistics.median(steps) * 1000, "ms"),
    ]  # fmt: skip


def _box_steps(broker: Any, folder: Path, browser: Any, count: int) -> list[float]:
    """A real box (journal, session, fleet client, the app's status tick every
    STATUS_SECONDS) confirms ``count`` steps; each: confirmed -> its tile drawn anew."""
    import random
    import threading

    from fleet.board import browser as web
    from fleet.box.client import BoxClient
    from fleet.enrol import enrol_text, write_enrolment
    from fleet.status import StatusFeed, StatusMaker
    from ui.app.call_staff import StaffCall
    from ui.app.fleet_status import STATUS_SECONDS
    from ui.service import TableService

    account = broker.account("table-40")
    config = write_enrolment(
        enrol_text(hub=account.host, port=account.port, box="table-40",
                   password=account.password, ca_pem=account.ca.read_text()),
        folder / "box-config",
    )  # fmt: skip
    service = TableService(folder / "box.sqlite3")
    client = BoxClient(config, service.path, state_dir=folder / "box-config", version="bench")
    client.start()

    class App:  # what StatusFeed reads of the app's controller
        lang = "en"
        camera = None
        staff = StaffCall()

    app = App()
    app.service = service  # type: ignore[attr-defined]
    feed = StatusFeed(client, StatusMaker("table-40"))
    lock = threading.Lock()
    stop = threading.Event()

    def ticking() -> None:  # the app's Kivy clock interval, on its own thread here
        while not stop.wait(STATUS_SECONDS):
            with lock:
                feed.send(app)

    ticker = threading.Thread(target=ticking, daemon=True)
    results: list[float] = []
    pause = random.Random(26)
    try:
        web.wait_for(lambda: client.online, 10)
        with lock:
            service.start("marauders", {}, seed=7)
        ticker.start()
        for _ in range(count):
            with lock:
                confirmed = time.time()
                service.answer(None)  # the step shown, as the players confirm it
            # A new step is always a new status (its question's "since" is new).
            drawn = web.wait_for(
                lambda c=confirmed: (t := web.shown_at(browser, "table-40")) and t > c and t, 5
            )
            results.append(drawn - confirmed)
            time.sleep(pause.uniform(0, STATUS_SECONDS))  # steps fall anywhere between ticks
    finally:
        stop.set()
        client.close()
        service.close()
    return results
