"""Four phones and the laptop play at once, over real sockets on 127.0.0.1: nothing
crashes, nothing is applied twice, every state a phone receives is exactly
Game.view(seat) and legal_actions(seat) at its version, and no payload to a seat carries
a card face or name its view hides (docs/phones.md, "What travels")."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time

import aiohttp
import pytest

from engine.plottwist.game import Game
from gui.phones.throttle import Throttle
from tests.phones.privacy import Hidden, faces
from tests.phones.rig import Phone, Rig, run

PHONES = ("p1", "p2", "p3", "p4")
TAPS = 200          # actions each phone sends
LAPTOP_CLICKS = 200  # actions the laptop applies meanwhile


async def _random_phone(phone: Phone, rng: random.Random, taps: int,
                        everyone_done: asyncio.Event | None = None,
                        finished: set[int] | None = None) -> list[dict]:
    """A random legal agent on a phone: taps one of the actions its state lists, at the
    state's version, and waits for the answer; a seat with nothing to do waits for the
    next state (bounded). Done, it says so in `finished` and keeps reading (as a browser
    does, answering the server's pings) until `everyone_done`."""
    answers = await _taps(phone, rng, taps)
    if finished is not None:
        finished.add(id(phone))
    while everyone_done is not None and not everyone_done.is_set():
        with contextlib.suppress(TimeoutError):
            if await phone.recv(timeout=0.5) is None:
                break
    return answers


async def _taps(phone: Phone, rng: random.Random, taps: int) -> list[dict]:
    """At most 8 taps a second after a burst of 20, under the server's door (10 a second
    after 30, gui/phones/throttle.py): a stale refusal comes back at once, and an agent
    that re-tapped at once would be dropped as a flood, its answer never coming."""
    answers = []
    pace = Throttle(rate=8.0, burst=20)
    for _ in range(taps):
        assert phone.state is not None
        if phone.state["view"]["winner"]:
            break
        actions = phone.state["actions"]
        if not actions:
            try:
                await phone.until(lambda m: m["type"] == "state", timeout=3)
            except TimeoutError:
                break
            continue
        choice = rng.choice(actions)
        for _ in range(100):   # a token comes within 1/8 s; bounded all the same
            if pace.allow():
                break
            await asyncio.sleep(0.02)
        n = await phone.act(choice["action"])
        answers.append(await phone.answer(n, timeout=30))
    return answers


def _laptop(rig: Rig, clicks: int, seed: int, stop: threading.Event) -> int:
    """The laptop's random clicks, mostly the GM's, for any seat that may act (bounded)."""
    rng = random.Random(seed)
    applied = 0
    for _ in range(clicks * 10):
        if stop.is_set() or applied >= clicks:
            break
        options = rig.thread.call(rig.desk.legal)
        seats = [s for s, actions in options.items() if actions]
        if not seats:
            break
        seat = "gm" if "gm" in seats and rng.random() < 0.7 else rng.choice(seats)
        if rig.laptop(rng.choice(options[seat])) is None:
            applied += 1
        time.sleep(0.01)   # a laptop clicks; it does not hold the game thread
    return applied


def _check_every_payload(rig: Rig, phones: dict[str, Phone]) -> None:
    """Each state is exactly the seat's view and legal actions at its version; no message
    carries a face or name that view hides."""
    all_faces: dict[str, str] = {}
    for by_seat in rig.views.values():
        for view in by_seat.values():
            all_faces.update(faces(view))
    for seat, phone in phones.items():
        hidden: dict[int, Hidden] = {}
        states = [m for m in phone.received if m["type"] == "state"]
        assert states, seat
        for message in phone.received:
            version = message.get("version", 0)
            seat_view = rig.views[version][seat]
            rest = message
            if message["type"] == "state":
                assert message["seat"] == seat
                assert message["view"] == seat_view, (seat, version)
                assert [a["action"] for a in message["actions"]] == rig.legal[version][seat]
                rest = {k: v for k, v in message.items() if k != "view"}
            if version not in hidden:
                hidden[version] = Hidden(seat_view, all_faces)
            assert hidden[version].leaks(rest) == [], (seat, message["type"])


@pytest.mark.slow
@pytest.mark.timeout(300)   # a loaded machine; it takes 15 to 45 s on a quiet one
@pytest.mark.parametrize("seed", [11])
def test_four_phones_and_the_laptop_play_at_once(catalog, seed):
    rig = Rig(Game.quick(catalog, heroes=4, seed=seed), ("gm", *PHONES)).start()
    stop = threading.Event()
    laptop_result: list[int] = []
    laptop = threading.Thread(target=lambda: laptop_result.append(
        _laptop(rig, LAPTOP_CLICKS, seed, stop)))

    async def main() -> dict[str, Phone]:
        async with aiohttp.ClientSession() as s:
            phones = {seat: await Phone(s, rig.url()).open(rig.server.issue(seat))
                      for seat in PHONES}
            laptop.start()
            everyone_done = asyncio.Event()
            finished: set[int] = set()
            running = [asyncio.ensure_future(_random_phone(
                p, random.Random(f"{seed}{seat}"), TAPS, everyone_done, finished))
                for seat, p in phones.items()]
            while len(finished) < len(phones) and not any(t.done() for t in running):
                await asyncio.sleep(0.05)
            everyone_done.set()
            answers = await asyncio.gather(*running)
            stop.set()
            await asyncio.to_thread(laptop.join)
            # each phone ends on the game's final state
            for phone in phones.values():
                await phone.send({"type": "sync"})
                await phone.until(lambda m: m["type"] == "state"
                                  and m["version"] == rig.game.version)
            done = [(seat, a["n"]) for seat, got in zip(phones, answers, strict=True)
                    for a in got if a["type"] == "done"]
            assert len(done) == len(set(done)), "an answer came twice"
            phone_applied = [a for who, a in rig.applied if who == "phone"]
            assert len(phone_applied) == len(done), "a tap was applied twice or lost"
            assert sum(len(got) for got in answers) > len(PHONES) * 20
            # a paced phone is never told to slow down (its taps were all heard)
            assert not [m for p in phones.values() for m in p.received
                        if m["type"] == "error"]
            for phone in phones.values():
                await phone.close()
            return phones

    try:
        phones = run(main())
    finally:
        stop.set()
        rig.close()
    assert laptop_result and laptop_result[0] > 0
    assert len([a for who, a in rig.applied if who == "phone"]) > 10
    _check_every_payload(rig, phones)


def test_gm_and_players_over_several_games_never_see_hidden_faces(catalog):
    """The privacy walk across several seeded games, the GM on a phone too: every message
    each socket carried is checked against that seat's view at its version."""
    seats = ("gm", "p1", "p2", "p3")
    for seed in (1, 2, 3):
        rig = Rig(Game.quick(catalog, heroes=3, seed=seed), seats).start()

        async def main(rig: Rig = rig, seed: int = seed) -> dict[str, Phone]:
            async with aiohttp.ClientSession() as s:
                phones = {seat: await Phone(s, rig.url()).open(rig.server.issue(seat))
                          for seat in seats}
                rng = random.Random(seed)
                for _ in range(40):   # one phone at a time, one that may act
                    ready = [p for p in phones.values() if p.state and p.state["actions"]]
                    if not ready:
                        break
                    await _random_phone(rng.choice(ready), rng, 1)
                for phone in phones.values():
                    await phone.send({"type": "sync"})
                    await phone.until(lambda m: m["type"] == "state"
                                      and m["version"] == rig.game.version)
                    await phone.close()
                return phones

        try:
            phones = run(main())
        finally:
            rig.close()
        assert any(who == "phone" for who, _ in rig.applied)
        _check_every_payload(rig, phones)
