"""The staff board in a real browser: Debian's ``chromium``, headless, driven by Selenium.

Used by the board's browser tests and its benchmark (:mod:`fleet.board.bench`). The
system's ``chromedriver`` (Debian's ``chromium-driver``) is named explicitly, so Selenium
never tries to download a driver or a browser. The staff password is sent as an
``Authorization`` header on every request of the page (the Chrome DevTools Protocol's
``Network.setExtraHTTPHeaders``), as a browser does after its password prompt.
"""

from __future__ import annotations

import base64
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

T = TypeVar("T")

PHONE = (390, 844)  # a common phone's CSS width and height
DESKTOP = (1280, 900)


class BrowserMissing(RuntimeError):
    """Debian's ``chromium`` or ``chromium-driver`` is not installed."""


def chromium(width: int, height: int) -> webdriver.Chrome:
    """A headless Chromium window of ``width`` x ``height`` CSS pixels."""
    binary = shutil.which("chromium")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        raise BrowserMissing(
            "the board's browser checks need Debian's chromium and chromium-driver "
            "(scripts/apt-test.txt)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (
        "--headless=new",
        "--no-sandbox",  # root in a container has no user namespace for the sandbox
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        f"--window-size={width},{height}",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    browser.set_window_size(width, height)
    return browser


def log_in(browser: webdriver.Chrome, user: str, password: str) -> None:
    """Send the staff password with every request the page makes (page, script, stream)."""
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.setExtraHTTPHeaders", {"headers": {"Authorization": f"Basic {token}"}}
    )


def wait_for(check: Callable[[], T | None], timeout: float, step: float = 0.02) -> T:
    """Poll ``check`` until it returns something truthy; TimeoutError after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"not within {timeout} s")
        time.sleep(step)


def tile_count(browser: webdriver.Chrome) -> int:
    return int(browser.execute_script("return document.querySelectorAll('.tile').length"))


def tile_text(browser: webdriver.Chrome, box: str) -> str:
    script = "const t = document.querySelector(`.tile[data-box='${arguments[0]}']`);"
    script += "return t ? t.innerText : '';"
    return str(browser.execute_script(script, box))


def tile_classes(browser: webdriver.Chrome, box: str) -> list[str]:
    script = "const t = document.querySelector(`.tile[data-box='${arguments[0]}']`);"
    script += "return t ? [...t.classList] : [];"
    return list(browser.execute_script(script, box))


def shown_at(browser: webdriver.Chrome, box: str) -> float | None:
    """When the page last drew ``box``'s tile from a received event (epoch seconds)."""
    value: Any = browser.execute_script("return window.boardShown[arguments[0]] || null", box)
    return None if value is None else float(value) / 1000


def loaded_at(browser: webdriver.Chrome) -> float | None:
    """When the page first drew the whole board from its first snapshot (epoch seconds)."""
    value: Any = browser.execute_script("return window.boardLoadedAt || null")
    return None if value is None else float(value) / 1000


def full_screenshot(browser: webdriver.Chrome, path: Path, width: int) -> Path:
    """A PNG of the whole page at ``width`` (the window grows to the page's height)."""
    height, chrome = browser.execute_script(
        "return [document.documentElement.scrollHeight, outerHeight - innerHeight]"
    )
    browser.set_window_size(width, max(int(height) + int(chrome), 400))
    time.sleep(0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(path))
    return path
