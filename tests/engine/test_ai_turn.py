"""Playouts to the end of the Turn (ai/playout.py finish_turn, Budget.turn): after the move
tried, both sides play the rest of the Turn with the simple policy, so the search sees the
Villains' Combats that answer the Heroes' within the Turn, and the End of Turn."""

from __future__ import annotations

import random

import pytest

from engine.plottwist import actions as A
from engine.plottwist.agents import RandomAgent
from engine.plottwist.ai.players import make_player
from engine.plottwist.ai.playout import finish_turn, initiative_move
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions


def combat_phase(core_set, seed: int) -> Game:
    """A quick game at the opening of Turn 1's Combat phase (nobody in a Combat yet)."""
    game = Game.quick(core_set, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(seed)
    while not (game.state.phase == "combat" and game.state.combat is None):
        game.apply(agent.act(game))
    assert game.state.turn == 1 and game.winner is None
    return game


@pytest.mark.parametrize("seed", [2001, 2002])
def test_a_turn_playout_plays_both_sides_combats_to_the_next_turn(core_set, seed):
    """PT-TURN-6, PT-TURN-8, PT-COMBAT-1: the Heroes initiate their Combats, the Villains
    answer with theirs, and the Turn ends (or the game does)."""
    game = combat_phase(core_set, seed)
    st = game.state
    side = {c.name: c.side for c in st.characters.values()}
    seen = len(st.log)
    finish_turn(game, random.Random(seed))
    assert game.winner is not None or game.state.turn == 2
    openers = [line.split(" initiates Combat")[0] for line in game.state.log[seen:]
               if " initiates Combat with " in line]
    sides = {side.get(name) for name in openers}
    assert {"heroes", "villains"} <= sides


def test_outside_a_combat_the_simple_policy_goes_for_a_character_before_a_bystander(core_set):
    """Seed 2000 deals a Night-Shift Nurse in play: the Heroes' first Combat is with the
    Villains, not with her (a Bystander rates below a fair Attack)."""
    game = combat_phase(core_set, 2000)
    st = game.state
    a = initiative_move(game, "p1")
    assert isinstance(a, A.InitiateCombat)
    target = st.characters.get(a.target)
    assert target is not None and target.side == "villains"


def test_the_turn_budget_field_is_read_and_the_search_still_decides(core_set):
    """`hard:turn_all=1` plays its playouts to the end of the Turn and picks a legal move."""
    game = combat_phase(core_set, 2001)
    player = make_player("hard:turn_all=1,replies_last=1", core_set, seed=3, clock=False)
    assert player.budget.turn_all and player.budget.replies_last
    d = player.move(game, "p1")
    assert d is not None and d.tried > 0
    assert game.is_legal(d.action)


def test_a_turn_playout_can_stop_after_the_next_combat(core_set):
    """`combats=1`: one more Combat played out, then the Turn is left as it stands."""
    game = combat_phase(core_set, 2002)
    seen = len(game.state.log)
    finish_turn(game, random.Random(1), combats=1)
    new = game.state.log[seen:]
    assert sum(" initiates Combat with " in line for line in new) == 1
    assert game.state.combat is None and game.state.turn == 1
