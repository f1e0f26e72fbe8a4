"""Hostile traffic on the phones' server, over real sockets on 127.0.0.1: malformed,
oversized and flooding messages are refused and logged, the laptop goes on, and only the
package's own page files are served."""

from __future__ import annotations

import logging

import aiohttp
import pytest

from gui.phones import protocol
from gui.phones.server import FLOOD, STATIC_DIR
from tests.phones.rig import Phone, run, seats_become

BAD = [
    "not json at all",
    "[1, 2, 3]",
    '{"type": "act"}',
    '{"type": "act", "n": 1, "version": 0, "action": {"type": "pass"}}',
    '{"type": "act", "n": -1, "version": 0, "action": {"type": "pass", "seat": "p1"}}',
    '{"type": "act", "n": 1, "version": "0", "action": {"type": "pass", "seat": "p1"}}',
    '{"type": "act", "n": 1, "version": 0, "action": {"type": "pass", "seat": "p1"}, "x": 1}',
    '{"type": "act", "n": 1, "version": 0, "action": {"type": "pass", "seat": "<b>p1</b>"}}',
    '{"type": "act", "n": 1, "version": 0, "action": {"type": "pass", "seat": "p1",'
    ' "actor": {"nested": "object"}}}',
    '{"type": "delete_everything"}',
    '{"type": "hello", "token": "' + "A" * 22 + '"}',
    "[" * 3000 + "]" * 3000,
]


@pytest.mark.parametrize("raw", BAD)
def test_a_malformed_message_is_refused_and_logged(rig, raw, caplog):
    """Each is answered with "Not understood", written to the log, and nothing changes;
    the phone's next honest message still works."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            await p1.send(raw)
            error = await p1.until(lambda m: m["type"] == "error")
            assert error["message"].startswith("Not understood")
            await p1.send({"type": "sync"})
            await p1.until(lambda m: m["type"] == "state")
    with caplog.at_level(logging.WARNING, logger="gui.phones"):
        run(main())
    assert any("refused from phone p1" in r.getMessage() for r in caplog.records)
    assert rig.applied == [] and rig.game.version == 0


def test_an_action_with_fields_of_the_wrong_kind_is_refused(rig):
    """A number where the rules expect a card id never reaches the engine."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            for action in ({"type": "play_detail", "seat": "p1", "actor": 5, "card": True},
                           {"type": "mulligan", "seat": "p1", "cards": "c1"},
                           {"type": "no_such_action", "seat": "p1"}):
                answer = await p1.answer(await p1.act(action))
                assert answer["type"] == "refused" and answer["clause"] == "action"
    run(main())
    assert rig.applied == []


def test_an_oversized_message_is_refused(rig):
    """Over the 4 KB limit: refused unread; far over it: the socket is closed."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            big = {"type": "act", "n": 1, "version": 0,
                   "action": {"type": "pass", "seat": "p1", "name": "x" * 5000}}
            await p1.send(big)
            error = await p1.until(lambda m: m["type"] == "error")
            assert "limit" in error["message"]
            await p1.send("x" * (protocol.HARD_FRAME_BYTES + 10))
            assert await p1.recv() is None
            assert await seats_become(rig.server, set()) == frozenset()
    run(main())
    assert rig.applied == []


def test_a_flooding_phone_is_throttled_then_dropped(rig):
    """Thousands of messages at once: the first few are answered, then dropped with a
    "slow down", then the phone is disconnected; another phone is served all along."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            p2 = await Phone(s, rig.url()).open(rig.server.issue("p2"))
            for _ in range(3000):
                await p1.send('{"type": "sync"}')
            reason = await p1.closed_with()
            assert reason == FLOOD
            assert any(m["type"] == "error" and "Slow down" in m["message"]
                       for m in p1.received)
            states = sum(m["type"] == "state" for m in p1.received)
            assert states < 100
            await p2.send({"type": "sync"})
            await p2.until(lambda m: m["type"] == "state")
            assert await seats_become(rig.server, {"p2"}) == {"p2"}
    run(main())


def test_nothing_but_the_page_files_is_served(rig, tmp_path):
    """Paths out of the static folder, the app data folder and unknown pages are 4xx; the
    page itself comes with headers that forbid loading anything from elsewhere."""
    async def main():
        base = f"http://127.0.0.1:{rig.server.port}"
        async with aiohttp.ClientSession() as s:
            async with s.get(base + "/") as r:
                assert r.status == 200
                assert "default-src 'none'" in r.headers["Content-Security-Policy"]
            async with s.get(base + "/static/phone.css") as r:
                assert r.status == 200
            for path in ("/static/../server.py", "/static/%2e%2e/server.py",
                         "/static/..%2fserver.py", "/static/../../../../etc/passwd",
                         "/static/", "/settings.json", "/saves/", "/../pyproject.toml"):
                async with s.get(base + path) as r:
                    assert r.status in (403, 404), path
                    body = await r.text()
                    assert "import" not in body and "root:" not in body
    run(main())
    assert (STATIC_DIR / "index.html").is_file()


def test_a_socket_from_another_site_is_refused(rig):
    """A page of another site open in the phone's browser cannot open the seat's socket."""
    async def main():
        async with aiohttp.ClientSession() as s:
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await s.ws_connect(rig.url(), headers={"Origin": "http://evil.example"})
    run(main())
