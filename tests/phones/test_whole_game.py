"""A whole Quick game with every Player's hand on a phone (the issue's "done when"): three
phones over real sockets on 127.0.0.1 play P1…P3, the laptop plays the GM, nobody's hand
is ever on the laptop, until the game has a winner."""

from __future__ import annotations

import random

import aiohttp
import pytest

from engine.plottwist.game import Game
from tests.phones.rig import Phone, Rig, run

PLAYERS = ("p1", "p2", "p3")
MAX_MOVES = 1500
SEED = 1


@pytest.mark.slow
def test_a_whole_quick_game_from_phones(catalog):
    rig = Rig(Game.quick(catalog, heroes=3, seed=SEED, history=False),
              ("gm", *PLAYERS)).start()
    rng = random.Random(SEED)

    async def main() -> int:
        async with aiohttp.ClientSession() as s:
            phones = {seat: await Phone(s, rig.url()).open(rig.server.issue(seat))
                      for seat in PLAYERS}
            moves = 0
            while moves < MAX_MOVES and not rig.game.winner:
                version = rig.game.version
                for phone in phones.values():    # every phone holds this version
                    if phone.state["version"] != version:
                        await phone.until(lambda m, v=version: m["type"] == "state"
                                          and m["version"] == v)
                gm = rig.thread.call(lambda: rig.game.legal_actions("gm"))
                ready = [seat for seat in PLAYERS if phones[seat].state["actions"]]
                seat = rng.choice(ready + (["gm"] if gm else []))
                if seat == "gm":
                    assert rig.laptop(rng.choice(gm)) is None
                else:
                    phone = phones[seat]
                    answer = await phone.answer(
                        await phone.act(rng.choice(phone.state["actions"])["action"]))
                    assert answer["type"] == "done", answer
                moves += 1
            for phone in phones.values():
                await phone.close()
            return moves

    try:
        moves = run(main())
    finally:
        rig.close()
    assert rig.game.winner, f"no winner after {moves} moves"
    by_phone = [a for who, a in rig.applied if who == "phone"]
    assert {a.seat for a in by_phone} == set(PLAYERS)
    assert all(a.seat == "gm" for who, a in rig.applied if who == "laptop")
