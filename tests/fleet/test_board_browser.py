"""The staff board in a real browser: Debian's chromium, headless, driven by Selenium.

Against a real Mosquitto and the board's real server: 40 retained statuses become 40
tiles within 2 s of opening, a change is drawn within 1 s, a box's will turns its tile
offline, a wrong password shows no tile. Screenshots at a phone's width and at 1280 px
go to build/screenshots/board/ (look at them after a change to the page).
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from fleet.board import browser as web
from fleet.mqtt import make_client
from fleet.protocol import box_topic, encode
from tests.fleet.board_rig import STAFF, shots_dir, table


@pytest.fixture
def chromium() -> Iterator[web.webdriver.Chrome]:
    browser = web.chromium(*web.DESKTOP)
    yield browser
    browser.quit()


def open_board(browser, url: str, password: str = STAFF[1], lang: str = "en") -> float:
    """Open the page; return when it was asked for (epoch seconds)."""
    web.log_in(browser, STAFF[0], password)
    started = time.time()
    browser.get(f"{url}?lang={lang}")
    return started


def forty(boxes) -> None:
    for n in range(1, 41):
        boxes.status(table(n))


def test_forty_retained_statuses_are_forty_tiles_in_table_order(board, boxes, chromium):
    """How fast they appear is `tableside bench board`'s figure (target 2 s), not asserted."""
    forty(boxes)
    web.wait_for(lambda: len(board.fleet.tiles()) == 40, 15)  # the broker has them all
    open_board(chromium, board.url)
    web.wait_for(lambda: web.tile_count(chromium) == 40, 15)
    assert "Question 17" in web.tile_text(chromium, "table-17")
    boxes_in_order = chromium.execute_script(
        "return [...document.querySelectorAll('.tile')].map(t => t.dataset.box)"
    )
    assert boxes_in_order == [f"table-{n}" for n in range(1, 41)]


def test_opening_the_board_again_and_again_stays_fast(board, boxes, chromium):
    """Leaving the page closes its stream: a stream held by a page in the browser's
    back-forward cache took one of its few connections, and the seventh open stalled."""
    forty(boxes)
    web.wait_for(lambda: len(board.fleet.tiles()) == 40, 15)
    for _ in range(8):
        chromium.get("about:blank")
        started = open_board(chromium, board.url)
        web.wait_for(lambda: web.tile_count(chromium) == 40, 20.0)
        assert time.time() - started <= 20.0  # the stall it guards against lasted a minute


def test_a_status_change_is_drawn_live(board, boxes, chromium):
    """Drawn without reloading the page; the latency is `tableside bench board`'s figure."""
    forty(boxes)
    open_board(chromium, board.url)
    web.wait_for(lambda: web.tile_count(chromium) == 40, 15)
    for n in (3, 22, 40):
        sent = time.time()
        boxes.status(table(n, asked=f"Now question {n}b", sent=sent))
        web.wait_for(
            lambda n=n: f"Now question {n}b" in web.tile_text(chromium, f"table-{n}"), 15.0
        )
        shown = web.shown_at(chromium, f"table-{n}")
        assert shown is not None and shown >= sent


def test_a_call_is_shown_with_its_age_and_then_as_received(board, boxes, chromium):
    boxes.status(table(5))
    open_board(chromium, board.url)
    web.wait_for(lambda: web.tile_count(chromium) == 1, 15)
    boxes.raw(
        box_topic("table-5", "call"),
        encode({"box": "table-5", "id": "c9", "at": time.time() - 125}),
    )
    web.wait_for(lambda: "Staff called 2 min ago" in web.tile_text(chromium, "table-5"), 15)
    assert "call" in web.tile_classes(chromium, "table-5")
    boxes.raw("tableside/keeper/table-5/call-received", encode({"id": "c9"}))
    web.wait_for(lambda: "call received" in web.tile_text(chromium, "table-5"), 15)


def test_a_table_waiting_long_is_highlighted_and_alerts_are_named(board, boxes, chromium):
    boxes.status(table(1, waiting_since=time.time() - 30))
    boxes.status(table(2, waiting_since=time.time() - 3600 - 5 * 60))
    boxes.status(table(3, camera="missing", storage="full"))
    open_board(chromium, board.url)
    web.wait_for(lambda: web.tile_count(chromium) == 3, 15)
    assert "long" not in web.tile_classes(chromium, "table-1")
    assert "long" in web.tile_classes(chromium, "table-2")
    assert "Waiting 1 h 05 min" in web.tile_text(chromium, "table-2")
    text = web.tile_text(chromium, "table-3")
    assert "Camera missing" in text
    assert "Storage full: steps are not saved" in text


def test_a_box_that_dies_is_shown_offline_by_its_will(board, boxes, tables_broker, chromium):
    will = encode({"box": "table-7", "online": False})
    account = tables_broker.account("table-7")
    box = make_client(account, "table-7", will=(box_topic("table-7", "status"), will))
    box.connect(account.host, account.port, keepalive=5)
    box.loop_start()
    sent = box.publish(box_topic("table-7", "status"), encode(table(7)), qos=1, retain=True)
    sent.wait_for_publish(5)
    open_board(chromium, board.url)
    web.wait_for(lambda: "Question 7" in web.tile_text(chromium, "table-7"), 15)
    assert "offline" not in web.tile_classes(chromium, "table-7")
    box.loop_stop()
    sock = box.socket()
    assert isinstance(sock, socket.socket)
    sock.shutdown(socket.SHUT_RDWR)  # the box dies: no DISCONNECT, the broker sends its will
    sock.close()
    web.wait_for(lambda: "offline" in web.tile_classes(chromium, "table-7"), 15)
    text = web.tile_text(chromium, "table-7")
    assert "Offline for" in text
    assert "Targi" in text  # the game it was playing stays on the tile
    boxes.raw(box_topic("table-7", "status"), b"", retain=True)  # the next test starts bare


def test_the_browsers_own_password_login_carries_the_live_stream(board, boxes, chromium):
    """Without the test's header: the browser's HTTP basic login (here given in the URL,
    as a typed password is kept) also opens the stream, so changes keep coming."""
    boxes.status(table(2))
    url = board.url.replace("http://", f"http://{STAFF[0]}:{STAFF[1]}@")
    chromium.get(url)
    web.wait_for(lambda: web.tile_count(chromium) == 1, 15)
    boxes.status(table(2, asked="After the login"))
    web.wait_for(lambda: "After the login" in web.tile_text(chromium, "table-2"), 15)


def test_a_box_not_heard_from_for_minutes_is_named(boxes, tables_broker, chromium):
    """A box that died while the broker was down sent no will: its last (retained)
    status is all there is, and it is old."""
    from fleet.board.web import BoardServer
    from tests.fleet.board_rig import board_config

    boxes.status(table(4, sent=time.time() - 400))
    boxes.status(table(5))
    with BoardServer(board_config(tables_broker)) as board:  # started after both
        open_board(chromium, board.url)
        web.wait_for(lambda: web.tile_count(chromium) == 2, 15)
        assert "Not heard from for 6 min" in web.tile_text(chromium, "table-4")
        assert "alert" in web.tile_classes(chromium, "table-4")
        assert "Not heard" not in web.tile_text(chromium, "table-5")


def test_a_wrong_password_shows_no_tile(board, boxes, chromium):
    boxes.status(table(1))
    open_board(chromium, board.url, password="guess")
    time.sleep(1.0)
    assert web.tile_count(chromium) == 0
    # The browser got the 401 (it would ask for the password): the board's page never came.
    assert chromium.execute_script("return document.getElementById('tiles')") is None
    assert "board" not in str(chromium.execute_script("return window.boardShown"))


def test_the_board_says_when_the_hub_is_gone_and_recovers(board, boxes, tables_broker, chromium):
    boxes.status(table(1))
    open_board(chromium, board.url)
    web.wait_for(lambda: web.tile_count(chromium) == 1, 15)
    hidden = "return document.getElementById('banner').hidden"
    assert chromium.execute_script(hidden) is True
    tables_broker.stop()  # the hub's broker goes away
    try:
        web.wait_for(lambda: chromium.execute_script(hidden) is False, 15)
        assert "No connection to the hub" in chromium.execute_script(
            "return document.getElementById('banner').innerText"
        )
        assert web.tile_count(chromium) == 1  # the last known tiles stay
    finally:
        tables_broker.start()
    web.wait_for(lambda: chromium.execute_script(hidden) is True, 15)  # paho reconnects


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_screenshots_at_a_phone_width_and_1280(board, boxes, chromium, lang):
    now = time.time()
    forty(boxes)
    boxes.status(table(3, call_since=now - 95))
    boxes.status(table(6, camera="missing"))
    boxes.status(table(9, storage="full"))
    boxes.status(table(12, game=None, where="", asked="", waiting_since=None))
    boxes.raw(
        box_topic("table-14", "status"), encode({"box": "table-14", "online": False}), retain=True
    )
    open_board(chromium, board.url, lang=lang)
    web.wait_for(lambda: web.tile_count(chromium) == 40, 15)
    folder = shots_dir()
    desk = web.full_screenshot(chromium, folder / f"board-1280-{lang}.png", 1280)
    chromium.set_window_size(*web.PHONE)
    time.sleep(0.3)
    phone = folder / f"board-phone-{lang}.png"
    chromium.save_screenshot(str(phone))
    width = chromium.execute_script("return document.documentElement.scrollWidth")
    assert width <= web.PHONE[0]  # nothing sticks out sideways on a phone
    top = chromium.execute_script(
        "return [...document.querySelectorAll('.tile')]"
        ".sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)"
        ".slice(0, 4).map(t => t.dataset.box)"
    )
    assert top == ["table-3", "table-15", "table-16", "table-17"]  # a call, then waiting long
    assert desk.stat().st_size > 10_000 and phone.stat().st_size > 10_000
