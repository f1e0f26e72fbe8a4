"""Game.apply with a CheckToken: the busiest handlers (Pass, Attack, Boost, Initiate
Combat, Combat cards) skip their own check only for the action that token vouches for."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.errors import RuleViolation
from engine.plottwist import actions as A
from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions


def _events(events) -> list[tuple]:
    return [(e.kind, e.text, e.data, e.visible_to) for e in events]


@pytest.mark.parametrize("seed", [2, 5])
def test_a_vouched_action_plays_as_a_checked_one(core_set, seed):
    """PT-TURN-1, PT-COMBAT-8, PT-COMBAT-10, PT-ENER-6: the same actions applied with the
    agent's token and without any give the same events and the same position, action
    after action, for a whole game."""
    options = RulesOptions(turn_limit=12)
    vouched = Game.quick(core_set, heroes=3, seed=seed, options=options, history=False)
    checked = Game.quick(core_set, heroes=3, seed=seed, options=options, history=False)
    agent = RandomAgent(seed)
    kinds: Counter[str] = Counter()
    while vouched.winner is None:
        action = agent.act(vouched)
        assert action is not None
        kinds[action.kind] += 1
        assert _events(vouched.apply(action, checked=agent.checked)) == \
            _events(checked.apply(action))
        assert vouched.state.to_json() == checked.state.to_json()
    assert checked.winner == vouched.winner
    for kind in ("pass", "attack", "boost", "initiate_combat"):
        assert kinds[kind], f"the game played no {kind}: pick another seed"


def test_a_stale_token_still_refuses(core_set):
    """PT-TURN-1, PT-TURN-2: a token made before another action is ignored, so an action
    that has become illegal since (passing twice) is refused, with nothing changed."""
    game = Game.quick(core_set, heroes=3, seed=1, options=RulesOptions(turn_limit=12),
                      history=False)
    seat = seats_to_act(game)[0]
    again = A.Pass(seat)
    token = game.vouch(again)
    game.apply(A.Pass(seat))
    assert not game.is_legal(again)
    before = game.state.to_json()
    with pytest.raises(RuleViolation):
        game.apply(again, checked=token)
    assert game.state.to_json() == before
