"""A table with phones for the tests and the bench: a real game on its own thread, the
real server on 127.0.0.1, and phones speaking the real protocol over real sockets."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from engine.core.errors import RuleViolation
from gui.phones.desk import PhoneDesk
from gui.phones.game_thread import GameThread
from gui.phones.server import PhoneServer


def plain(value: Any) -> Any:
    """`value` as it arrives after a trip through JSON."""
    return json.loads(json.dumps(value))


class Rig:
    """The game, its thread, the server; every applied action and every version's views
    are recorded on the game thread, for the tests to compare what phones received."""

    def __init__(self, game: Any, seats: tuple[str, ...]) -> None:
        self.game = game
        self.seats = seats
        self.thread = GameThread()
        self.applied: list[tuple[str, Any]] = []      # (who, action) in order
        self.views: dict[int, dict[str, Any]] = {}    # version → seat → view as JSON
        self.legal: dict[int, dict[str, Any]] = {}    # version → seat → actions as JSON
        self.desk = PhoneDesk(game, apply=self._phone_apply)
        self.server = PhoneServer(self.desk, self.thread.post, "127.0.0.1")
        self.thread.call(self._record)

    def start(self) -> Rig:
        self.server.start()
        return self

    def close(self) -> None:
        self.server.stop()
        self.thread.stop()

    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}/ws"

    def _record(self) -> None:
        self.views[self.game.version] = {s: plain(self.game.view(s)) for s in self.seats}
        # the desk's own per-version list (worked out once for the phones' pushes too)
        legal = self.desk.legal()
        self.legal[self.game.version] = {
            s: plain([a.to_json() for a in legal[s]]) for s in self.seats}

    def _phone_apply(self, action: Any) -> RuleViolation | None:
        return self._apply("phone", action)

    def _apply(self, who: str, action: Any) -> RuleViolation | None:
        try:
            self.game.apply(action)
        except RuleViolation as e:
            return e
        self.applied.append((who, action))
        self._record()
        return None

    def laptop(self, action: Any) -> RuleViolation | None:
        """The laptop's click: on the game thread, then every phone is told."""
        def job() -> RuleViolation | None:
            refusal = self._apply("laptop", action)
            self.server.publish()
            return refusal
        return self.thread.call(job)


class Phone:
    """One phone: a WebSocket that says hello with its join code and keeps every message."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session, self.url = session, url
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.n = 0

    async def open(self, token: str, wait_state: bool = True) -> Phone:
        self.ws = await self.session.ws_connect(self.url)
        await self.send({"type": "hello", "token": token})
        if wait_state:
            await self.until(lambda m: m["type"] == "state")
        return self

    async def send(self, message: Any) -> None:
        assert self.ws is not None
        await self.ws.send_str(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 10) -> dict[str, Any] | None:
        """The next message, or None once the laptop closed the socket."""
        assert self.ws is not None
        msg = await self.ws.receive(timeout=timeout)
        if msg.type != aiohttp.WSMsgType.TEXT:
            return None
        message = json.loads(msg.data)
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    async def until(self, want: Any, timeout: float = 10) -> dict[str, Any]:
        """The first message `want` accepts, within `timeout` seconds in all. The deadline
        is the whole wait's, not each message's: the server's heartbeat pings (every 20 s)
        would re-arm a per-message timeout forever while the wanted message never comes."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError(f"nothing wanted came in {timeout} s; "
                                   f"last: {self.received[-1:]}")
            message = await self.recv(left)
            if message is None:
                raise ConnectionError(f"closed while waiting; last: {self.received[-1:]}")
            if want(message):
                return message

    async def act(self, action: dict[str, Any], version: int | None = None) -> int:
        assert self.state is not None
        self.n += 1
        await self.send({"type": "act", "n": self.n, "action": action,
                         "version": self.state["version"] if version is None else version})
        return self.n

    async def answer(self, n: int, timeout: float = 10) -> dict[str, Any]:
        return await self.until(lambda m: m["type"] in ("done", "refused")
                                and m.get("n") == n, timeout)

    async def closed_with(self, timeout: float = 10) -> str:
        """The reason of the `bye` the laptop sent before closing."""
        while True:
            message = await self.recv(timeout)
            if message is None:
                byes = [m for m in self.received if m["type"] == "bye"]
                return byes[-1]["reason"] if byes else ""

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def seats_become(server: Any, want: set[str], seconds: float = 5) -> frozenset[str]:
    """The server's connected seats once they equal `want` (a closed socket is forgotten
    right after the phone sees it close), or as they are after `seconds`."""
    for _ in range(int(seconds / 0.05)):
        if server.connected_seats() == want:
            break
        await asyncio.sleep(0.05)
    return server.connected_seats()


def run(coro: Any) -> Any:
    return asyncio.run(coro)
