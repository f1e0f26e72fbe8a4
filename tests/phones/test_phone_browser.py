"""A real browser drives the real phone page: headless Chromium joins as P1 and P2 over
127.0.0.1, P1 answers the Players' question (which Twist! comes, A-26) and plays a card
from the hand; the laptop's engine state and P2's page follow at once."""

from __future__ import annotations

import threading

import pytest

from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from tests.phones.browser import chromium, why_no_browser
from tests.phones.rig import Rig

pytestmark = pytest.mark.skipif(why_no_browser() is not None,
                                reason=str(why_no_browser()))

SEATS = ("gm", "p1", "p2", "p3")


@pytest.fixture
def twist_rig(catalog):
    game = Game.quick(catalog, heroes=3, seed=1, options=RulesOptions(twist_choice="choose"))
    rig = Rig(game, SEATS).start()
    yield rig
    rig.close()


def _join(browser, rig: Rig, seat: str, errors: list[str]):
    page = browser.new_page(viewport={"width": 360, "height": 780})
    page.on("pageerror", lambda e: errors.append(f"{seat}: {e}"))
    page.goto(rig.server.link(seat) or "")
    page.wait_for_selector("body[data-link=live]", timeout=15000)
    return page


def _version_reached(page, version: int) -> None:
    # selectors, not script: the page's Content-Security-Policy forbids eval, also to tests
    page.wait_for_selector(f"body[data-version='{version}']", state="attached",
                           timeout=15000)


def test_two_phones_play_in_a_real_browser(twist_rig):
    rig = twist_rig
    for seat in SEATS:
        rig.server.issue(seat)
    errors: list[str] = []
    with chromium() as browser:
        p1 = _join(browser, rig, "p1", errors)
        p2 = _join(browser, rig, "p2", errors)
        # the join code left the address bar once read
        assert "#" not in p1.url

        # the pending choice shows on both phones as a question
        for page in (p1, p2):
            assert page.locator("#question").is_visible()
            assert page.locator("#question-title").inner_text() == "Which Twist! is played?"
        option = p1.locator("#question-options button").first
        chosen = option.inner_text().removeprefix("Reveal the Twist! ").strip()
        option.click()
        p1.wait_for_selector("#question", state="hidden", timeout=15000)
        version = rig.thread.call(lambda: rig.game.version)
        assert version == 1 and not rig.game.state.twist_pending
        revealed = rig.thread.call(lambda: rig.game.view("gm")["zones"]["twists_revealed"])
        assert [c["card"]["name"] for c in revealed["cards"]] == [chosen]
        _version_reached(p2, version)
        assert not p2.locator("#question").is_visible()
        assert chosen in p2.locator("#log").inner_text()

        # P1 plays a card from the hand: tap it, tap what it does, confirm if it spends
        hand_before = rig.thread.call(
            lambda: [c["id"] for c in rig.game.view("p1")["zones"]["plot_hand:p1"]["cards"]])
        card = p1.locator("#plot-hand .card.playable").first
        card_id = card.get_attribute("data-card")
        name = card.locator(".name").inner_text()
        card.click()
        p1.wait_for_selector("#zoom[open]")
        assert p1.locator("#zoom-card .name").inner_text() == name
        p1.locator("#zoom-actions button").first.click()
        if p1.locator("#confirm[open]").count():
            p1.locator("#confirm-yes").click()
        _version_reached(p1, version + 1)
        hand_after = rig.thread.call(
            lambda: [c["id"] for c in rig.game.view("p1")["zones"]["plot_hand:p1"]["cards"]])
        assert card_id in hand_before and card_id not in hand_after
        assert [who for who, _ in rig.applied] == ["phone", "phone"]
        p1.wait_for_selector(f"#plot-hand [data-card='{card_id}']", state="detached")

        # P2's page moved on too, and never shows P1's hand
        _version_reached(p2, rig.game.version)
        p2_text = p2.locator("body").inner_text()
        p1_hand, p2_view = rig.thread.call(lambda: (
            rig.game.view("p1")["zones"]["plot_hand:p1"]["cards"], str(rig.game.view("p2"))))
        secret = [c["card"]["name"] for c in p1_hand if c["card"]["name"] not in p2_view]
        assert secret and not [n for n in secret if n in p2_text]

        # the table moves on while P1's tap is on its way: refused, with the fresh list
        action = rig.thread.call(lambda: rig.game.legal_actions("gm")[0])
        gate = threading.Event()
        rig.thread.post(lambda: gate.wait(10))
        rig.thread.post(lambda: (rig._apply("laptop", action), rig.server.publish()))
        before = rig.game.version
        p1.locator("#actions button").first.click()
        p1.wait_for_timeout(500)   # the tap reaches the server, queued behind the laptop
        gate.set()
        p1.wait_for_selector("#notice:not([hidden])", timeout=15000)
        assert "moved on" in p1.locator("#notice-text").inner_text()
        assert rig.thread.call(lambda: rig.game.version) == before + 1
        _version_reached(p1, before + 1)
    assert errors == []


def test_a_phone_shows_why_it_was_sent_away(twist_rig):
    """Re-issuing P1's code: the page says so and stops knocking."""
    rig = twist_rig
    rig.server.issue("p1")
    errors: list[str] = []
    with chromium() as browser:
        page = _join(browser, rig, "p1", errors)
        rig.server.issue("p1")
        page.wait_for_selector("body[data-link=gone]", timeout=15000)
        assert "re-issued" in page.locator("#notice-text").inner_text()
        page.wait_for_timeout(1500)
        assert rig.server.connected_seats() == frozenset()
    assert errors == []


def test_the_page_reconnects_by_itself(twist_rig):
    """The socket drops (sleep, Wi-Fi) or the page reloads: the page comes back alone
    with the current state, the laptop's move made meanwhile included."""
    import asyncio

    rig = twist_rig
    rig.server.issue("p1")
    errors: list[str] = []
    with chromium() as browser:
        page = _join(browser, rig, "p1", errors)
        conn = rig.server._conns["p1"]
        loop = rig.server._loop
        assert loop is not None
        asyncio.run_coroutine_threadsafe(conn.ws.close(), loop).result(5)   # no `bye`
        action = rig.thread.call(lambda: rig.game.legal_actions("p2")[0])
        assert rig.laptop(action) is None
        _version_reached(page, rig.game.version)
        page.wait_for_selector("body[data-link=live]", timeout=15000)
        page.reload()
        page.wait_for_selector("body[data-link=live]", timeout=15000)
        assert page.get_attribute("body", "data-version") == str(rig.game.version)
        assert rig.server.connected_seats() == {"p1"}
    assert errors == []
