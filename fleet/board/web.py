"""The board's web server (aiohttp): one page, its script and style, and a live stream.

Routes, every one ``GET`` (aiohttp adds ``HEAD``); there is nothing to post, put or
delete, and a test checks it:

- ``/``: the page, in the language of ``?lang=`` or the browser, else the configured one;
- ``/board.js``, ``/board.css``: its script and style (no inline script: a strict
  Content-Security-Policy);
- ``/events``: Server-Sent Events: a ``snapshot`` of every tile on connecting, then a
  ``tiles`` event with each changed tile and a ``broker`` event when the hub's broker goes
  away or comes back. The browser's ``EventSource`` reconnects by itself and gets a new
  snapshot;
- ``/tiles.json``: the same snapshot once (for scripts and checks).

Every route asks for the staff password (HTTP basic authentication, compared in constant
time). Ages are computed in the browser from the server's clock (each event carries
``now``), so a phone whose clock is wrong still shows the right waiting time.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import json
import logging
import secrets
import ssl
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from html import escape
from importlib import resources
from typing import Any

from aiohttp import web

from fleet.board.config import BoardConfig
from fleet.board.state import Fleet
from fleet.board.texts import choose_language, game_titles, page_texts

log = logging.getLogger("tableside.fleet.board")

REALM = "tableside staff board"
PING_S = 15.0  # a comment line this often keeps proxies and phones from closing the stream
STATIC = ("board.js", "board.css")


class Broadcast:
    """Hands each change to every open ``/events`` stream (one queue per stream)."""

    def __init__(self, fleet: Fleet) -> None:
        self.fleet = fleet
        self.broker_up = False
        self._queues: set[asyncio.Queue[tuple[str, Any]]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    def from_thread(self, kind: str, data: Any) -> None:
        """Called on paho's thread: move the change to the server's event loop."""
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is closing
                self.loop.call_soon_threadsafe(self.publish, kind, data)

    def publish(self, kind: str, data: Any) -> None:
        if kind == "broker":
            self.broker_up = bool(data)
        for queue in self._queues:
            queue.put_nowait((kind, data))

    def snapshot(self) -> dict[str, Any]:
        return {"now": time.time(), "broker": self.broker_up, "tiles": self.fleet.tiles()}

    @contextlib.asynccontextmanager
    async def stream(self) -> AsyncIterator[asyncio.Queue[tuple[str, Any]]]:
        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._queues.add(queue)
        try:
            yield queue
        finally:
            self._queues.discard(queue)


def _event(kind: str, data: dict[str, Any]) -> bytes:
    return f"event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def _authorised(request: web.Request, config: BoardConfig) -> bool:
    header = request.headers.get("Authorization", "")
    scheme, _, encoded = header.partition(" ")
    if scheme.lower() != "basic":
        return False
    try:
        user, _, password = base64.b64decode(encoded, validate=True).decode().partition(":")
    except (binascii.Error, UnicodeDecodeError):
        return False
    same_user = secrets.compare_digest(user.encode(), config.web_user.encode())
    same_password = secrets.compare_digest(password.encode(), config.web_password.encode())
    return same_user and same_password


def _auth_middleware(config: BoardConfig) -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def require_password(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not _authorised(request, config):
            lang = choose_language(
                request.query.get("lang"), request.headers.get("Accept-Language", ""),
                config.language,
            )  # fmt: skip
            return web.Response(
                status=401,
                text=page_texts(lang)["password"] + "\n",
                headers={"WWW-Authenticate": f'Basic realm="{REALM}", charset="UTF-8"'},
            )
        return await handler(request)

    return require_password


async def _safety_headers(request: web.Request, response: web.StreamResponse) -> None:
    """On every response, as it is prepared (the live stream's too): no inline script, no
    guessing of content types, no address sent on to other sites."""
    response.headers["Content-Security-Policy"] = "default-src 'self'"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"


def _page(lang: str, config: BoardConfig) -> str:
    texts = page_texts(lang)
    setup = {
        "texts": texts,
        "games": game_titles(lang),
        "waiting_long": config.waiting_long,
        "silent_after": config.silent_after,
    }
    data = json.dumps(setup, ensure_ascii=False).replace("</", "<\\/")
    title = escape(texts["title"])
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="board.css">
<script id="setup" type="application/json">{data}</script>
<script src="board.js" defer></script>
</head>
<body>
<header>
<h1>{title}</h1>
<div id="summary" aria-live="polite"></div>
</header>
<div id="banner" hidden></div>
<main id="tiles"></main>
<p id="empty" hidden>{escape(texts["no_tables"])}</p>
<footer>{escape(texts["read_only"])}</footer>
</body>
</html>
"""


def make_app(config: BoardConfig, broadcast: Broadcast) -> web.Application:
    """The web application; only ``GET`` routes, all behind the password."""

    async def page(request: web.Request) -> web.Response:
        lang = choose_language(
            request.query.get("lang"), request.headers.get("Accept-Language", ""), config.language
        )
        return web.Response(text=_page(lang, config), content_type="text/html")

    async def static(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = resources.files("fleet.board").joinpath("static", name).read_text("utf-8")
        kind = "application/javascript" if name.endswith(".js") else "text/css"
        return web.Response(text=body, content_type=kind)

    async def tiles(request: web.Request) -> web.Response:
        return web.json_response(broadcast.snapshot())

    async def events(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",
            }
        )
        await response.prepare(request)
        async with broadcast.stream() as queue:
            with contextlib.suppress(ConnectionResetError):  # the browser left
                await response.write(_event("snapshot", broadcast.snapshot()))
                while True:
                    try:
                        kind, data = await asyncio.wait_for(queue.get(), PING_S)
                    except TimeoutError:
                        await response.write(_event("now", {"now": time.time()}))
                        continue
                    now = time.time()
                    if kind == "tiles":
                        await response.write(_event("tiles", {"now": now, "tiles": data}))
                    else:
                        await response.write(_event("broker", {"now": now, "connected": data}))
        return response

    app = web.Application(middlewares=[_auth_middleware(config)])
    app.on_response_prepare.append(_safety_headers)
    app.router.add_get("/", page)
    app.router.add_get("/tiles.json", tiles)
    app.router.add_get("/events", events)
    app.router.add_get("/{name:board\\.(?:js|css)}", static)
    return app


def ssl_context(config: BoardConfig) -> ssl.SSLContext | None:
    """HTTPS with the café CA's server certificate, when the configuration names one."""
    if config.cert is None or config.key is None:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(config.cert), str(config.key))
    return context


class BoardServer:
    """The whole board (broker listener + web server) on its own thread: for tests and bench.

    ``tableside fleet board`` runs the same pieces in the foreground (:func:`run`).
    """

    def __init__(self, config: BoardConfig) -> None:
        from fleet.board.listen import BoardListener

        self.config = config
        self.fleet = Fleet()
        self.broadcast = Broadcast(self.fleet)
        self.listener = BoardListener(config, self.fleet, self.broadcast.from_thread)
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="board", daemon=True)
        self.port = config.web_port

    def start(self) -> BoardServer:
        self.broadcast.loop = self._loop
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(timeout=10)
        self.listener.start()
        return self

    async def _serve(self) -> None:
        self._runner = web.AppRunner(make_app(self.config, self.broadcast), shutdown_timeout=1)
        await self._runner.setup()
        site = web.TCPSite(
            self._runner,
            self.config.web_host,
            self.config.web_port,
            ssl_context=ssl_context(self.config),
        )
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    @property
    def url(self) -> str:
        scheme = "https" if self.config.cert else "http"
        return f"{scheme}://{self.config.web_host}:{self.port}/"

    def stop(self) -> None:
        self.listener.stop()
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)

    def __enter__(self) -> BoardServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run(config: BoardConfig) -> None:
    """Serve the board in the foreground until interrupted (``tableside fleet board``)."""
    from fleet.board.listen import BoardListener

    fleet = Fleet()
    broadcast = Broadcast(fleet)
    listener = BoardListener(config, fleet, broadcast.from_thread)

    async def on_startup(app: web.Application) -> None:
        broadcast.loop = asyncio.get_running_loop()
        listener.start()

    async def on_cleanup(app: web.Application) -> None:
        listener.stop()

    app = make_app(config, broadcast)
    app.on_startup.append(on_startup)
    app.on_cleanup.append(on_cleanup)
    web.run_app(
        app,
        host=config.web_host,
        port=config.web_port,
        ssl_context=ssl_context(config),
        shutdown_timeout=1,
        print=lambda text: log.info("%s", text),
    )
