"""The random agent's kind-first candidates are exactly legal.candidates (as a multiset),
and its draw follows the weights."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.plottwist import legal
from engine.plottwist.agents import RandomAgent, option_actions, seats_to_act
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from engine.plottwist.testkit import demo_catalog


def _positions(catalog, heroes: int, seed: int, steps: int):
    game = Game.quick(catalog, heroes=heroes, seed=seed,
                      options=RulesOptions(turn_limit=40), history=False)
    agent = RandomAgent(seed)
    for _ in range(steps):
        yield game
        if game.winner is not None:
            return
        action = None
        for seat in agent.rng.sample(seats := seats_to_act(game), len(seats)):
            action = agent.choose(game, seat)
            if action is not None:
                break
        assert action is not None, "nobody can act"
        game.apply(action)


def _same_candidates(game: Game) -> None:
    for seat in game.state.seats:
        ours = Counter(option_actions(game, seat))
        theirs = Counter(legal.candidates(game, seat, labels=False))
        # a failure here after legal.py gained a candidate: agents.options must list it too
        assert ours == theirs, (seat, game.state.phase, ours - theirs, theirs - ours)


@pytest.mark.parametrize("heroes,seed", [(1, 3), (2, 5), (3, 7), (4, 11), (3, 12)])
def test_agent_candidates_are_legal_candidates_core(core_set, heroes, seed):
    for game in _positions(core_set, heroes, seed, 400):
        _same_candidates(game)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_agent_candidates_are_legal_candidates_demo(seed):
    for game in _positions(demo_catalog(), 2 + seed % 2, seed, 300):
        _same_candidates(game)


def test_agent_choices_are_legal(core_set):
    for game in _positions(core_set, 3, 21, 300):
        agent = RandomAgent(5)
        for seat in seats_to_act(game):
            action = agent.choose(game, seat)
            if action is not None:
                assert game.is_legal(action)


def test_agent_draw_follows_the_weights(core_set):
    """In one position, the agent's choices match the exact probabilities of weighted
    sampling without replacement over the candidates, stopped at the first legal one."""
    from engine.plottwist.agents import _weight

    game = next(g for g in _positions(core_set, 3, 7, 400)
                if g.state.combat is not None and g.state.combat.step == "attack")
    seat = seats_to_act(game)[0]
    cands = list(legal.candidates(game, seat, labels=False))
    legal_ones = [a for a in cands if game.is_legal(a)]
    total_legal = sum(_weight(a) for a in legal_ones)
    expected = Counter()
    for a in legal_ones:
        expected[a] += _weight(a) / total_legal
    agent = RandomAgent(1)
    n = 4000
    seen = Counter(agent.choose(game, seat) for _ in range(n))
    for a, p in expected.items():
        assert abs(seen[a] / n - p) < 0.03 + 0.15 * p, (a, seen[a] / n, p)


@pytest.mark.parametrize("heroes,seed", [(1, 4), (2, 6), (3, 8), (4, 10), (3, 13)])
def test_refusal_families_hold(core_set, heroes, seed):
    """A refusal the agent applies to a whole family of candidates (agents.FAMILY) refuses
    every member of that family."""
    from engine.core.errors import RuleViolation
    from engine.plottwist.agents import family, options

    for game in _positions(core_set, heroes, seed, 400):
        for seat in game.state.seats:
            for cls, _, items in options(game, seat).values():
                if cls is None:
                    continue
                for item in items:
                    try:
                        game.check(cls(*item))
                    except RuleViolation as e:
                        n = family(cls.kind, e)
                        if n:
                            for other in items:
                                if other[:n] == item[:n]:
                                    assert not game.is_legal(cls(*other)), (e, item, other)


def test_seat_order_is_random_sample():
    """The simulator's seat order draws exactly what random.sample drew before, so the
    same seed plays the same games (docs/performance.md)."""
    import random

    for seed in range(200):
        agent, rng = RandomAgent(seed), random.Random(seed)
        for n in (1, 2, 5, 3, 1, 4, 22):
            seats = [f"s{i}" for i in range(n)]
            assert agent.seat_order(seats) == rng.sample(seats, n)
        assert agent.rng.random() == rng.random()
