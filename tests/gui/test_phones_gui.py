"""Game → Invite phones on the real app: QR codes and links per seat, a phone over a real
socket on 127.0.0.1 plays through the laptop's controller, the table shows that seat's
hands face down "on phone", re-issuing a code sends the phone away, a new game ends
every code."""

from __future__ import annotations

import asyncio
import threading

import aiohttp
import pytest

from gui.games import GameSource
from gui.phones import invite_dialog
from gui.phones.invite_dialog import InviteDialog, PhoneSession
from gui.phones.server import BAD_CODE, KICKED
from tests.phones.rig import Phone, plain


class PhoneThread:
    """A phone on its own event loop, so the GUI thread stays free to serve it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.session: aiohttp.ClientSession | None = None

    def run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    async def _open(self, url: str, code: str, wait: bool) -> Phone:
        if self.session is None:
            self.session = aiohttp.ClientSession()
        return await Phone(self.session, url).open(code, wait_state=wait)

    def open(self, url: str, code: str, wait: bool = True):
        return self.run(self._open(url, code, wait))

    def close(self) -> None:
        if self.session is not None:
            self.run(self.session.close()).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def phones():
    thread = PhoneThread()
    yield thread
    thread.close()


@pytest.fixture
def table(make_window, monkeypatch):
    monkeypatch.setattr(invite_dialog, "lan_addresses", lambda: ["127.0.0.1"])
    window = make_window(GameSource())
    window.quick_game()
    yield window
    PhoneSession.of(window).stop()


def _done(qtbot, future, timeout=10000):
    qtbot.waitUntil(future.done, timeout=timeout)
    return future.result()


def test_invite_phones_plays_from_a_phone(table, qtbot, phones):
    window, page = table, table.table
    assert window.act_phones.isEnabled()
    window.invite_phones()
    dialog = window.findChild(InviteDialog)
    assert dialog is not None and dialog.isVisible()
    session = PhoneSession.of(window)
    server = session.bridge.server
    seats = [box.seat for box in dialog.boxes]
    assert seats == ["gm", "p1", "p2", "p3"]
    for box in dialog.boxes:
        assert not box.qr.pixmap().isNull() and box.qr.pixmap().width() > 100
        assert box.link.text() == server.link(box.seat)
        assert box.link.text().startswith(f"http://127.0.0.1:{server.port}/#")
        assert box.status.text() == "No phone yet"
    url = f"ws://127.0.0.1:{server.port}/ws"
    p1 = _done(qtbot, phones.open(url, server.tokens.token("p1")))

    # the table: P1's hands are backs "on phone" while the phone is there
    page.controller.set_viewer("p1")
    qtbot.waitUntil(lambda: session.bridge.seats_on_phone == {"p1"})
    hand = page.controller.view()["zones"]["plot_hand:p1"]
    assert hand["on_phone"] and hand["cards"] and all("back" in c for c in hand["cards"])
    assert "on phone" in page.scene.areas["plot_hand:p1"].title
    # nor do the laptop's menus name P1's cards: P1 acts from the phone while it is there
    assert page.controller.seat is None and page.controller.legal() == []
    assert page.actions_button.text() == "Actions (0)"
    assert "plays from their phone" in page.controller.next_action()[1]
    assert "p1" in page.controller.waiting_seats()
    assert dialog.boxes[1].status.text() == "Phone connected"
    assert p1.state["view"]["zones"]["plot_hand:p1"]["cards"][0]["card"]["name"]

    # the phone passes: the laptop's game moves, the table redraws
    game = page.controller.game
    before = game.version
    tap = next(a["action"] for a in p1.state["actions"] if a["kind"] == "pass")

    async def tap_and_wait():
        n = await p1.act(tap)
        return await p1.answer(n)

    assert _done(qtbot, phones.run(tap_and_wait()))["type"] == "done"
    assert game.version == before + 1
    # the phones hear first; the table redraws in the next turn of the event loop
    logged = game.view("p1")["log"]
    qtbot.waitUntil(lambda: page.controller.view()["log"] == logged)

    # the laptop acts: the phone hears of it without asking
    gm_action = game.legal_actions("gm")[0]
    assert page.controller.apply(gm_action)
    version = game.version
    state = _done(qtbot, phones.run(p1.until(lambda m: m["type"] == "state"
                                             and m["version"] == version)))
    assert state["view"] == plain(game.view("p1"))

    # a new code for P1 sends the phone away, and the table shows P1's cards again
    dialog.boxes[1].reissue.click()
    assert _done(qtbot, phones.run(p1.closed_with())) == KICKED
    qtbot.waitUntil(lambda: session.bridge.seats_on_phone == frozenset())
    assert page.controller.seat == "p1" and page.controller.legal()
    assert all("card" in c for c in page.controller.view()["zones"]["plot_hand:p1"]["cards"])

    # a new game: every code dies with the old one
    code = server.tokens.token("p2")
    window.quick_game()
    assert session.bridge is None
    assert server.tokens.seat_for(code) is None


def test_a_new_game_sends_the_phones_away(table, qtbot, phones):
    window = table
    window.invite_phones()
    server = PhoneSession.of(window).bridge.server
    url = f"ws://127.0.0.1:{server.port}/ws"
    code = server.tokens.token("p2")
    p2 = _done(qtbot, phones.open(url, code))
    window.quick_game()
    assert "closed" in _done(qtbot, phones.run(p2.closed_with()))
    window.invite_phones()
    server2 = PhoneSession.of(window).bridge.server
    again = _done(qtbot, phones.open(f"ws://127.0.0.1:{server2.port}/ws", code, wait=False))
    assert _done(qtbot, phones.run(again.closed_with())) == BAD_CODE
