"""The phones' server alone, over real sockets on 127.0.0.1: who may open which seat and
act for whom (docs/phones.md, "Security")."""

from __future__ import annotations

import aiohttp

from gui.phones import protocol
from gui.phones.server import BAD_CODE, KICKED, TAKEN
from tests.phones.rig import Phone, run


def _act_for(phone: Phone, seat: str) -> dict:
    assert phone.state is not None
    actions = [a["action"] for a in phone.state["actions"]]
    assert actions, "the seat has something to do at the start of a game"
    return {**actions[0], "seat": seat}


def test_a_phone_sees_only_its_own_seat(rig):
    """A player's phone gets Game.view(its seat) and legal_actions(its seat), nothing else."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            assert p1.state["seat"] == "p1"
            assert p1.state["view"] == rig.views[rig.game.version]["p1"]
            want = [a.to_json() for a in rig.thread.call(lambda: rig.game.legal_actions("p1"))]
            assert [a["action"] for a in p1.state["actions"]] == [protocol.describe(a)["action"]
                                                                   for a in _rebuild(want)]
            await p1.close()
    run(main())


def _rebuild(actions_json):
    from engine.plottwist.actions import action_from_json
    return [action_from_json(a) for a in actions_json]


def test_an_action_for_another_seat_is_refused(rig):
    """A P1 phone that sends an action naming P2, or the GM, is refused; nothing changes."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            before = rig.game.version
            for other in ("p2", "gm"):
                answer = await p1.answer(await p1.act(_act_for(p1, other)))
                assert answer["type"] == "refused" and answer["clause"] == "seat"
            assert rig.game.version == before and rig.applied == []
    run(main())


def test_a_player_code_never_opens_the_gm_seat(rig):
    """The GM's code opens the GM's view; a Player's code, even sent twice, never does."""
    async def main():
        async with aiohttp.ClientSession() as s:
            gm_code, p2_code = rig.server.issue("gm"), rig.server.issue("p2")
            p2 = await Phone(s, rig.url()).open(p2_code)
            assert p2.state["seat"] == "p2"
            gm_card_ids = {c["id"] for c in rig.views[0]["gm"]["zones"]["objective"]["cards"]
                           if "card" in c}
            assert gm_card_ids, "the GM sees the Objective's face"
            assert "card" not in p2.state["view"]["zones"]["objective"]["cards"][0]
            gm = await Phone(s, rig.url()).open(gm_code)
            assert gm.state["seat"] == "gm" and gm.state["view"] == rig.views[0]["gm"]
    run(main())


def test_wrong_and_old_codes_are_refused(rig):
    """A made-up code opens nothing; re-issuing a seat's code sends its phone away and the
    old code no longer opens the seat."""
    async def main():
        async with aiohttp.ClientSession() as s:
            made_up = await Phone(s, rig.url()).open("A" * 22, wait_state=False)
            assert await made_up.closed_with() == BAD_CODE
            old = rig.server.issue("p3")
            first = await Phone(s, rig.url()).open(old)
            new = rig.server.issue("p3")
            assert new != old
            assert await first.closed_with() == KICKED
            again = await Phone(s, rig.url()).open(old, wait_state=False)
            assert await again.closed_with() == BAD_CODE
            fresh = await Phone(s, rig.url()).open(new)
            assert fresh.state["seat"] == "p3"
    run(main())


def test_a_second_tab_takes_the_seat_over(rig):
    """A reload opens a new socket with the same code: the newest one holds the seat."""
    async def main():
        async with aiohttp.ClientSession() as s:
            code = rig.server.issue("p1")
            first = await Phone(s, rig.url()).open(code)
            second = await Phone(s, rig.url()).open(code)
            assert await first.closed_with() == TAKEN
            assert second.state["seat"] == "p1"
            assert rig.server.connected_seats() == {"p1"}
    run(main())


def test_codes_die_with_the_game(rig):
    """Stopping the server (the game closed) sends every phone away; no code opens a seat."""
    async def main():
        async with aiohttp.ClientSession() as s:
            code = rig.server.issue("p1")
            p1 = await Phone(s, rig.url()).open(code)
            rig.server.stop()
            assert "closed" in await p1.closed_with()
            assert rig.server.tokens.seat_for(code) is None
    run(main())


def test_a_stale_action_is_refused_with_the_fresh_list(rig):
    """An action chosen before the table moved on is not applied: the phone hears "the
    table moved on" and gets the fresh state; sending the same tap twice applies it once."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            chosen_at = p1.state["version"]
            tap = next(a["action"] for a in p1.state["actions"] if a["kind"] == "pass")
            n1 = await p1.act(tap, chosen_at)
            assert (await p1.answer(n1))["type"] == "done"
            n2 = await p1.act(tap, chosen_at)          # the same tap again (a double tap)
            answer = await p1.answer(n2)
            assert answer["type"] == "refused" and answer["clause"] == protocol.STALE
            assert "moved on" in answer["message"]
            assert p1.state["version"] == rig.game.version > chosen_at
            assert [who for who, _ in rig.applied] == ["phone"]
    run(main())


def test_the_engine_refusal_reaches_the_phone_with_its_clause(rig):
    """An action of the phone's own seat that the rules refuse comes back with the
    engine's message and clause, and nothing changes."""
    async def main():
        async with aiohttp.ClientSession() as s:
            p1 = await Phone(s, rig.url()).open(rig.server.issue("p1"))
            hero = next(c["id"] for c in p1.state["view"]["characters"] if c["seat"] == "p1")
            n = await p1.act({"type": "regenerate", "seat": "p1", "actor": hero,
                              "resistance": "physical", "trauma": False})
            answer = await p1.answer(n)
            assert answer["type"] == "refused" and answer["clause"].startswith("PT-")
            assert answer["message"] and rig.applied == []
    run(main())


def test_laptop_changes_are_pushed(rig):
    """A click on the laptop reaches every open phone without the phone asking."""
    async def main():
        async with aiohttp.ClientSession() as s:
            phones = [await Phone(s, rig.url()).open(rig.server.issue(seat))
                      for seat in ("p1", "p2")]
            action = rig.thread.call(lambda: rig.game.legal_actions("gm"))[0]
            assert rig.laptop(action) is None
            for phone in phones:
                state = await phone.until(lambda m: m["type"] == "state"
                                          and m["version"] == rig.game.version)
                assert state["view"] == rig.views[rig.game.version][phone.state["seat"]]
    run(main())
