"""The phones' web server: aiohttp on a worker thread, no Qt (docs/phones.md).

It serves the phone page (static files from this package's own folder, nothing else)
and one WebSocket per phone. A phone opens its seat with its join code; from then on it
gets its seat's `state` after every change and sends `act` messages. The server never
touches the Game: it hands each accepted message to `post`, which runs a function on the
thread that owns the game (the GUI thread in the app), and that thread calls `publish`
after any change so every phone gets its fresh state.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from gui.phones import protocol
from gui.phones.desk import PhoneDesk
from gui.phones.throttle import Throttle
from gui.phones.tokens import SeatTokens

log = logging.getLogger("gui.phones")

STATIC_DIR = Path(__file__).with_name("static")
HELLO_SECONDS = 10.0        # a socket that does not say who it is in time is closed
MAX_CONNECTIONS = 32        # a table has five seats; the rest is someone knocking
MAX_QUEUED = 64             # messages waiting for a phone that stopped reading
MAX_MALFORMED = 20          # refused messages before the phone is sent away
MAX_LOGGED = 5              # refusals logged per connection (a flood must not fill the log)

Post = Callable[[Callable[[], None]], None]

BAD_CODE = ("This join code does not open a seat: the game ended or the code was "
            "re-issued. Scan the seat's QR code on the laptop again.")
KICKED = "This seat's join code was re-issued: this phone no longer holds it."
TAKEN = "This seat was opened on another phone or tab."
FLOOD = "Too many messages: this phone was disconnected. Reload the page to come back."
SLOW = "This phone stopped reading: disconnected. Reload the page to come back."
CLOSED = "The game on the laptop closed. Ask for a new QR code."


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    peer: str
    seat: str | None = None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    throttle: Throttle = field(default_factory=Throttle)
    sent_version: int | None = None   # the version of the last state sent (game thread)
    malformed: int = 0
    logged: int = 0
    closing: bool = False
    writer: asyncio.Future[None] | None = None


class PhoneServer:
    """Start with `start()`, open seats with `issue(seat)`, call `publish()` on the game
    thread after every change, `stop()` when the game closes (the codes die with it)."""

    def __init__(self, desk: PhoneDesk, post: Post, address: str = "127.0.0.1",
                 port: int = 0,
                 on_presence: Callable[[frozenset[str]], None] | None = None) -> None:
        self.desk = desk
        self.post = post
        self.address = address
        self.requested_port = port
        self.port = 0
        self.on_presence = on_presence
        self.tokens = SeatTokens()
        self._conns: dict[str, Connection] = {}   # seat → its one phone
        self._all: set[Connection] = set()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------ life
    def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((self.address, self.requested_port))
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(sock, ready, failure),
                                        name="phones-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            raise failure[0]

    def _run(self, sock: socket.socket, ready: threading.Event,
             failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open(sock))
        except BaseException as e:  # told to start(), which raises it on its thread
            failure.append(e)
            ready.set()
            loop.close()
            return
        self._loop = loop
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._close_all(CLOSED))
            loop.close()

    async def _open(self, sock: socket.socket) -> None:
        app = web.Application(middlewares=[_headers], client_max_size=4096)
        app.router.add_get("/", self._index)
        app.router.add_get("/ws", self._socket)
        # aiohttp's static route resolves each path and refuses any outside the folder
        app.router.add_static("/static/", STATIC_DIR, follow_symlinks=False,
                              show_index=False)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()

    def stop(self) -> None:
        """Send every phone away, forget every join code, free the port."""
        self.tokens.revoke_all()
        loop, thread = self._loop, self._thread
        self._loop = self._thread = None
        if loop is None or thread is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)

    async def _close_all(self, reason: str) -> None:
        with self._lock:
            conns = list(self._all)
        for conn in conns:
            self._send_bye(conn, reason)
        writers = [c.writer for c in conns if c.writer is not None]
        if writers:
            await asyncio.wait(writers, timeout=2)
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def running(self) -> bool:
        return self._loop is not None

    # ------------------------------------------------------------ seats
    def issue(self, seat: str) -> str:
        """A fresh join code for `seat`; the phone holding the old one is sent away."""
        token = self.tokens.issue(seat)
        with self._lock:
            old = self._conns.get(seat)
        loop = self._loop
        if old is not None and loop is not None:
            loop.call_soon_threadsafe(self._send_bye, old, KICKED)
        return token

    def link(self, seat: str) -> str | None:
        """The seat's join link (the code rides after '#', so it never reaches a server
        log or a Referer header), or None before it is issued."""
        token = self.tokens.token(seat)
        if token is None:
            return None
        return f"http://{self.address}:{self.port}/#{token}"

    def connected_seats(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._conns)

    # ------------------------------------------------------------ the game thread
    def publish(self) -> None:
        """Send each connected phone its state, if the game moved since its last one.
        Call on the game's thread after every change (a phone's tap, the laptop's
        click, an undo)."""
        with self._lock:
            conns = list(self._conns.values())
        for conn in conns:
            self._push(conn, force=False)

    def _push(self, conn: Connection, force: bool) -> None:
        if conn.closing or conn.seat is None:
            return
        version = self.desk.version
        if not force and conn.sent_version == version:
            return
        conn.sent_version = version
        self._deliver(conn, self.desk.state(conn.seat))

    def _act(self, conn: Connection, message: dict[str, Any]) -> None:
        """On the game thread: apply one tap, push the change, then answer the tapper."""
        seat = conn.seat
        if seat is None or conn.closing:
            return
        try:
            answer = self.desk.act(seat, message)
            self.publish()
            if answer["type"] == "refused" and answer["clause"] == protocol.STALE:
                self._push(conn, force=True)   # the fresh list comes with the refusal
        except Exception:  # the GUI thread must survive whatever a phone sends
            log.exception("a phone's action for %s failed", seat)
            answer = protocol.refused(int(message.get("n", 0)), "The laptop could not "
                                      "apply that action.", "action")
        self._deliver(conn, answer)

    def _deliver(self, conn: Connection, message: dict[str, Any]) -> None:
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(self._enqueue, conn, message)

    # ------------------------------------------------------------ the server thread
    def _enqueue(self, conn: Connection, message: dict[str, Any] | None) -> None:
        if conn.closing:
            return
        if conn.queue.qsize() >= MAX_QUEUED:
            log.warning("phone %s at %s stopped reading: dropped", conn.seat, conn.peer)
            self._send_bye(conn, SLOW)
            return
        conn.queue.put_nowait(message)

    async def _index(self, _request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC_DIR / "index.html")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not _same_origin(request):
            log.warning("refused a WebSocket from another site (%s)",
                        request.headers.get("Origin"))
            return web.Response(status=403, text="wrong origin")
        with self._lock:
            full = len(self._all) >= MAX_CONNECTIONS
        if full:
            return web.Response(status=503, text="too many connections")
        ws = web.WebSocketResponse(max_msg_size=protocol.HARD_FRAME_BYTES, heartbeat=20.0)
        await ws.prepare(request)
        conn = Connection(ws, peer=str(request.remote))
        with self._lock:
            self._all.add(conn)
        writer = conn.writer = asyncio.ensure_future(self._writer(conn))
        try:
            if await self._hello(conn):
                await self._read(conn)
        finally:
            conn.closing = True
            conn.queue.put_nowait(None)
            with self._lock:
                self._all.discard(conn)
                left = conn.seat is not None and self._conns.get(conn.seat) is conn
                if left:
                    del self._conns[str(conn.seat)]
            if left:
                self._presence()
            with contextlib.suppress(Exception):
                await writer
        return ws

    async def _hello(self, conn: Connection) -> bool:
        try:
            msg = await conn.ws.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            self._send_bye(conn, "No join code arrived in time.")
            return False
        if msg.type != WSMsgType.TEXT:
            self._send_bye(conn, "The first message must give the join code.")
            return False
        try:
            message = protocol.parse(msg.data)
        except protocol.ProtocolError as e:
            self._refuse_log(conn, f"bad hello: {e}")
            self._send_bye(conn, f"Not understood: {e}")
            return False
        seat = self.tokens.seat_for(message["token"]) if message["type"] == "hello" else None
        if seat is None:
            self._refuse_log(conn, "a join code that opens no seat")
            self._send_bye(conn, BAD_CODE)
            return False
        conn.seat = seat
        with self._lock:
            old = self._conns.get(seat)
            self._conns[seat] = conn
        if old is not None:
            self._send_bye(old, TAKEN)
        self._presence()
        self.post(lambda: self._push(conn, force=True))
        return True

    async def _read(self, conn: Connection) -> None:
        async for msg in conn.ws:
            if conn.closing:
                return
            if msg.type == WSMsgType.ERROR:
                self._refuse_log(conn, f"socket error: {conn.ws.exception()}")
                return
            if not conn.throttle.allow():
                if conn.throttle.flooding:
                    self._refuse_log(conn, "flooding: disconnected")
                    self._send_bye(conn, FLOOD)
                    return
                if conn.throttle.strikes == 1:
                    self._enqueue(conn, protocol.error("Slow down: messages are being "
                                                       "dropped."))
                continue
            if msg.type != WSMsgType.TEXT:
                self._malformed(conn, "only text messages are understood")
                continue
            try:
                message = protocol.parse(msg.data)
            except protocol.ProtocolError as e:
                self._malformed(conn, str(e))
                continue
            if message["type"] == "act":
                self.post(functools.partial(self._act, conn, message))
            elif message["type"] == "sync":
                self.post(lambda: self._push(conn, force=True))
            else:
                self._malformed(conn, "this seat is already open")

    def _malformed(self, conn: Connection, why: str) -> None:
        conn.malformed += 1
        self._refuse_log(conn, why)
        self._enqueue(conn, protocol.error(f"Not understood: {why}"))
        if conn.malformed >= MAX_MALFORMED:
            self._send_bye(conn, "Too many messages not understood: disconnected.")

    def _refuse_log(self, conn: Connection, why: str) -> None:
        conn.logged += 1
        if conn.logged <= MAX_LOGGED:
            # %r: what a phone sent is quoted, so it cannot forge lines in the log
            log.warning("refused from phone %s at %s: %r", conn.seat or "?", conn.peer, why)

    async def _writer(self, conn: Connection) -> None:
        """The one task that writes to a phone's socket, in order; it closes the socket
        after the last message (a `bye`), which ends the reader too."""
        while True:
            message = await conn.queue.get()
            if message is None or conn.ws.closed:
                break
            try:
                await conn.ws.send_str(protocol.encode(message))
            except (ConnectionError, RuntimeError):
                break
        with contextlib.suppress(ConnectionError, RuntimeError):
            await conn.ws.close()

    def _send_bye(self, conn: Connection, reason: str) -> None:
        """Tell the phone why, then close it (once)."""
        if conn.closing:
            return
        conn.closing = True
        conn.queue.put_nowait(protocol.bye(reason))
        conn.queue.put_nowait(None)

    def _presence(self) -> None:
        if self.on_presence is not None:
            self.on_presence(self.connected_seats())


def _same_origin(request: web.Request) -> bool:
    """A browser says which page opened the socket: only our own page may (another site
    open in the phone's browser must not reach the seat). Non-browser clients send no
    Origin and still need the join code."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == request.host


@web.middleware
async def _headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response = await handler(request)
    if not isinstance(response, web.WebSocketResponse):
        # the page loads nothing but itself; nothing is cached on a shared phone
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"connect-src ws://{request.host}; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
    return response
