"""What the random agent keeps between choices gives the answers a fresh computation gives:
its per-game table of card facts, its Attack and Boost candidates kept per combatant, and
the Action objects it hands out again (agents.py). Checked at every choice of whole games,
so a kept answer that went stale would fail here.

The candidates themselves are the rules' (PT-COMBAT-10, PT-ENER-6, PT-ROF-2 …): that the
agent lists exactly legal.candidates is tests/engine/test_agents.py's part."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.plottwist import agents
from engine.plottwist import cards as C
from engine.plottwist.agents import RandomAgent, options, seats_to_act
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from engine.plottwist.state import MEMOS
from engine.plottwist.testkit import demo_catalog


def _fresh_options(game: Game, seat: str) -> dict:
    """The listing worked out with nothing kept: a copy of the game without any state
    memo (so no card-facts table) and an empty template store."""
    kept = agents._TEMPLATES
    agents._TEMPLATES = {}
    fresh = game.copy()
    for name in MEMOS:
        fresh.state.__dict__.pop(name, None)
    try:
        return options(fresh, seat)
    finally:
        agents._TEMPLATES = kept


def _same_facts(game: Game) -> None:
    facts = game.state.__dict__.get("_agent_facts")
    if facts is None:
        return
    for table, fn in ((facts.kind, C.kind), (facts.step, C.combat_step),
                      (facts.activated, agents._activated),
                      (facts.abilities, agents._abilities),
                      (facts.best, agents._best_heroic)):
        for key, value in table.items():
            assert value == fn(game.cards[key]), (fn.__name__, key)


def _play_checking(game: Game, seed: int, limit: int = 3000) -> int:
    agent = RandomAgent(seed)
    n = 0
    while game.winner is None and n < limit:
        action = None
        for seat in agent.seat_order(seats_to_act(game)):
            kept = options(game, seat)
            assert kept == _fresh_options(game, seat), (seat, game.state.phase)
            # the draw walks the listing itself: a kind without candidates is left out
            assert all(agents._listing(game, seat)[0].values())
            action = agent.choose(game, seat)
            if action is not None:
                # the object handed out again is the one the candidate's arguments make
                fresh = type(action)(*[getattr(action, f.name) for f in fields(action)
                                       if f.name != "text"])
                assert action == fresh and game.is_legal(fresh)
                break
        assert action is not None, "nobody can act"
        game.apply(action, checked=agent.checked)
        n += 1
    _same_facts(game)
    return n


@pytest.mark.parametrize("heroes,seed", [(3, 1), (3, 2), (2, 5), (4, 8)])
def test_kept_listing_is_fresh_listing_core(core_set, heroes, seed):
    game = Game.quick(core_set, heroes=heroes, seed=seed,
                      options=RulesOptions(turn_limit=40), history=False)
    assert _play_checking(game, seed) > 100


@pytest.mark.parametrize("seed", [1, 2])
def test_kept_listing_is_fresh_listing_demo(seed):
    game = Game.quick(demo_catalog(), heroes=2 + seed % 2, seed=seed,
                      options=RulesOptions(turn_limit=40), history=False)
    assert _play_checking(game, seed) > 50


def test_card_facts_follow_the_game_cards(core_set):
    """A copy (or a loaded game) starts its own table: the table is one of the state's
    memos, never shared between positions."""
    game = Game.quick(core_set, heroes=3, seed=4, history=False)
    for seat in game.state.seats:
        options(game, seat)
    assert "_agent_facts" in game.state.__dict__
    copy = game.copy()
    assert "_agent_facts" not in copy.state.__dict__
    for seat in copy.state.seats:
        assert options(copy, seat) == options(game, seat)
    assert copy.state.__dict__["_agent_facts"] is not game.state.__dict__["_agent_facts"]
