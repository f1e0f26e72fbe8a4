"""The phones' round trip on 127.0.0.1: a tap on one phone → the laptop updated → every
other phone holds the new state (docs/phones.md).

Four phones (P1…P4 of a 4-Hero Quick game) on the real server and real sockets. Each
round, a phone whose seat may act taps one of its listed actions at random (seeded); when
no phone may act, the laptop makes a GM move (not timed).

Two ways: `round_trip` keeps the game on a plain thread ("laptop updated" = the game has
applied the tap); `bench._phones_app` runs the real app offscreen, where "laptop updated"
= the table page has redrawn from the new view.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

from bench.common import median, percentile
from engine.core.errors import RuleViolation
from gui.phones.desk import PhoneDesk
from gui.phones.game_thread import GameThread
from gui.phones.server import PhoneServer

SEATS = ("p1", "p2", "p3", "p4")


async def measure(url: str, codes: dict[str, str], taps: int, rng: random.Random,
                  gm_move: Callable[[], Awaitable[int | None]],
                  laptop_at: dict[int, float]) -> dict[str, Any]:
    """Tap `taps` times from the phones; `laptop_at[version]` is filled by the laptop's
    side with the moment it showed that version; `gm_move` makes the laptop's GM move and
    gives the version it made (None: the GM has none)."""
    from tests.phones.rig import Phone

    laptop_ms: list[float] = []
    all_ms: list[float] = []
    async with aiohttp.ClientSession() as s:
        phones = {seat: await Phone(s, url).open(codes[seat]) for seat in SEATS}
        arrived: dict[str, dict[int, float]] = {seat: {} for seat in SEATS}
        answers: dict[str, asyncio.Queue[dict[str, Any]]] = {
            seat: asyncio.Queue() for seat in SEATS}

        async def read(seat: str) -> None:
            while True:
                message = await phones[seat].recv(timeout=120)
                if message is None:
                    return
                if message["type"] == "state":
                    arrived[seat][message["version"]] = time.perf_counter()
                elif message["type"] in ("done", "refused"):
                    answers[seat].put_nowait(message)

        async def all_have(version: int) -> None:
            deadline = time.perf_counter() + 30
            while any(version not in arrived[s] for s in SEATS) or version not in laptop_at:
                if time.perf_counter() > deadline:
                    raise TimeoutError(f"version {version} did not reach every phone")
                await asyncio.sleep(0.0005)

        readers = [asyncio.ensure_future(read(seat)) for seat in SEATS]
        for _ in range(taps * 5):    # bounded: the GM's moves in between are not taps
            if len(all_ms) >= taps or any(p.state["view"]["winner"] for p in phones.values()):
                break
            ready = [seat for seat in SEATS if phones[seat].state["actions"]]
            if not ready:
                made = await gm_move()
                if made is None:
                    break
                await all_have(made)
                continue
            seat = rng.choice(ready)
            phone = phones[seat]
            entry = rng.choice(phone.state["actions"])
            version = phone.state["version"] + 1    # what the tap makes
            t0 = time.perf_counter()
            n = await phone.act(entry["action"])
            answer = await asyncio.wait_for(answers[seat].get(), 30)
            assert answer["n"] == n
            if answer["type"] != "done":
                continue
            await all_have(version)
            laptop_ms.append((laptop_at[version] - t0) * 1000)
            all_ms.append((max(arrived[s][version] for s in SEATS if s != seat) - t0) * 1000)
        for phone in phones.values():
            await phone.close()
        for reader in readers:
            reader.cancel()
    return {"phones": len(SEATS), "taps": len(all_ms),
            "tap_to_laptop_median_ms": median(laptop_ms),
            "tap_to_laptop_p95_ms": percentile(laptop_ms, 95),
            "tap_to_all_phones_median_ms": median(all_ms),
            "tap_to_all_phones_p95_ms": percentile(all_ms, 95)}


def round_trip(catalog: Any, taps: int = 200, seed: int = 1) -> dict[str, Any]:
    """The round trip with the game on a plain thread (no Qt)."""
    from engine.plottwist.game import Game

    game = Game.quick(catalog, heroes=4, seed=seed)
    laptop_at: dict[int, float] = {game.version: time.perf_counter()}

    def apply(action: Any) -> RuleViolation | None:
        try:
            game.apply(action)
        except RuleViolation as e:
            return e
        laptop_at[game.version] = time.perf_counter()
        return None

    thread = GameThread()
    server = PhoneServer(PhoneDesk(game, apply=apply), thread.post, "127.0.0.1")
    server.start()
    rng = random.Random(seed)

    def gm_move() -> int | None:
        actions = game.legal_actions("gm")
        if not actions or apply(rng.choice(actions)) is not None:
            return None
        server.publish()
        return int(game.version)

    codes = {seat: server.issue(seat) for seat in SEATS}
    try:
        return asyncio.run(measure(f"ws://127.0.0.1:{server.port}/ws", codes, taps, rng,
                                   lambda: asyncio.to_thread(thread.call, gm_move),
                                   laptop_at))
    finally:
        server.stop()
        thread.stop()


if __name__ == "__main__":
    from bench.engine_bench import load_catalog

    print(round_trip(load_catalog()[0], taps=50))
