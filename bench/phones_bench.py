"""The phones' round trip on 127.0.0.1: a tap on one phone → the laptop's game applied →
every other phone holds the new state (docs/phones.md).

Four phones (P1…P4 of a 4-Hero Quick game) on the real server and real sockets; the
game lives on its own thread as it lives on the GUI thread in the app. Each round, a
phone whose seat may act taps one of its listed actions at random (seeded)."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import aiohttp

from bench.common import median, percentile
from engine.core.errors import RuleViolation
from gui.phones.desk import PhoneDesk
from gui.phones.game_thread import GameThread
from gui.phones.server import PhoneServer

SEATS = ("p1", "p2", "p3", "p4")


def round_trip(catalog: Any, taps: int = 200, seed: int = 1) -> dict[str, Any]:
    from engine.plottwist.game import Game
    from tests.phones.rig import Phone

    game = Game.quick(catalog, heroes=4, seed=seed)
    applied_at: dict[int, float] = {}    # version → when the laptop's game had it

    def apply(action: Any) -> RuleViolation | None:
        try:
            game.apply(action)
        except RuleViolation as e:
            return e
        applied_at[game.version] = time.perf_counter()
        return None

    thread = GameThread()
    server = PhoneServer(PhoneDesk(game, apply=apply), thread.post, "127.0.0.1")
    server.start()
    rng = random.Random(seed)

    def gm_move(rng: random.Random) -> bool:
        actions = game.legal_actions("gm")
        if not actions or apply(rng.choice(actions)) is not None:
            return False
        server.publish()
        return True

    laptop_ms: list[float] = []
    all_ms: list[float] = []

    async def main() -> None:
        async with aiohttp.ClientSession() as s:
            url = f"ws://127.0.0.1:{server.port}/ws"
            phones = {seat: await Phone(s, url).open(server.issue(seat)) for seat in SEATS}
            arrived: dict[str, dict[int, float]] = {seat: {} for seat in SEATS}
            answers: dict[str, asyncio.Queue[dict[str, Any]]] = {
                seat: asyncio.Queue() for seat in SEATS}

            async def read(seat: str) -> None:
                phone = phones[seat]
                while True:
                    message = await phone.recv(timeout=60)
                    if message is None:
                        return
                    if message["type"] == "state":
                        arrived[seat][message["version"]] = time.perf_counter()
                    elif message["type"] in ("done", "refused"):
                        answers[seat].put_nowait(message)

            readers = [asyncio.ensure_future(read(seat)) for seat in SEATS]
            async def all_have(version: int) -> None:
                deadline = time.perf_counter() + 30
                while any(version not in arrived[s] for s in SEATS):
                    if time.perf_counter() > deadline:
                        raise TimeoutError(f"version {version} did not reach every phone")
                    await asyncio.sleep(0.0005)

            for _ in range(taps * 5):    # bounded: GM moves in between are not taps
                if len(all_ms) >= taps or game.winner:
                    break
                ready = [seat for seat in SEATS if phones[seat].state["actions"]]
                if not ready:   # the GM's move, from the laptop (not measured)
                    if not thread.call(lambda: gm_move(rng)):
                        break
                    await all_have(thread.call(lambda: game.version))
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
                laptop_ms.append((applied_at[version] - t0) * 1000)
                others = [arrived[s][version] for s in SEATS if s != seat]
                all_ms.append((max(others) - t0) * 1000)
            for phone in phones.values():
                await phone.close()
            for reader in readers:
                reader.cancel()

    try:
        asyncio.run(main())
    finally:
        server.stop()
        thread.stop()
    return {"phones": len(SEATS), "taps": len(all_ms),
            "tap_to_laptop_median_ms": median(laptop_ms),
            "tap_to_laptop_p95_ms": percentile(laptop_ms, 95),
            "tap_to_all_phones_median_ms": median(all_ms),
            "tap_to_all_phones_p95_ms": percentile(all_ms, 95)}


if __name__ == "__main__":
    from bench.engine_bench import load_catalog

    print(round_trip(load_catalog()[0], taps=50))
