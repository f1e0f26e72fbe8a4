"""The search's playouts spend Energy and Belief (ai/playout.py, Budget.spend): a Hero
that can take the Main Villain out with one Attack bought up with Automatic Successes
(PT-BEL-7) and coins (PT-ENER-6) is seen to do it, so Hard values the chance."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.plottwist import actions as A
from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.ai.evaluate import DEFAULT
from engine.plottwist.ai.players import STRENGTHS, SearchPlayer
from engine.plottwist.ai.playout import attack_choices, simple_moves
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from engine.plottwist.rules.heroics import power


@pytest.fixture
def nova(core_set) -> tuple[Game, str]:
    """Turn 1, seed 1018: Juniper Vale (6 Belief, 9 Energy) at the Attack step of a Combat
    with Magistra Vell at 9 Physical, Ranged: a plain Ranged Attack hits 62% of the time
    for 3 coins + 1 Damage, never 9; bought up, it can take her out (PT-RES-6)."""
    game = Game.quick(core_set, heroes=3, seed=1018, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(1018)
    for _ in range(20):
        game.apply(agent.act(game))
    st = game.state
    assert st.combat is not None and st.combat.step == "attack"
    mv = st.main_villain()
    assert mv is not None and mv.stress["physical"] == 9
    seat = [s for s in seats_to_act(game) if s != "gm"][0]
    return game, seat


def test_a_playout_hero_buys_up_the_attack_that_can_take_the_villain_out(nova):
    """PT-BEL-7, PT-ENER-6, PT-ENER-4, PT-RES-6."""
    game, seat = nova
    fallback = RandomAgent(1)
    assert [type(a) for a in simple_moves(game, seat, fallback)] == [A.Attack]
    moves = simple_moves(game, seat, fallback, DEFAULT)
    *boosts, attack = moves
    assert isinstance(attack, A.Attack) and boosts
    assert all(isinstance(b, A.Boost) for b in boosts)
    ch = game.state.characters[attack.actor]
    energy = sum(b.pay == "energy" for b in boosts)
    belief = sum(b.pay == "belief" for b in boosts)
    assert belief <= (ch.belief or 0)
    assert energy <= power(game._ctx(), ch) - ch.energy_spent     # PT-ENER-4
    odds = dict((a.attack_type, o) for a, o in attack_choices(game, seat, bought=True))
    plain = odds[attack.attack_type]
    assert plain is not None and plain.spread()[1] == 0.0          # never 9 unboosted
    for b in boosts:
        game.apply(b)
    bought = dict((a.attack_type, o) for a, o in attack_choices(game, seat, bought=True))
    after = bought[attack.attack_type]
    assert after is not None
    assert after.p_hit > plain.p_hit and after.p_hit * after.spread()[1] > 0.3


def test_no_damage_is_bought_when_a_hit_already_takes_the_villain_out(nova):
    game, seat = nova
    mv = game.state.main_villain()
    assert mv is not None
    mv.stress["physical"] = 1                   # 1 Automatic Success on Damage: out on a hit
    *boosts, attack = simple_moves(game, seat, RandomAgent(1), DEFAULT)
    assert isinstance(attack, A.Attack) and attack.attack_type in ("melee", "ranged")
    assert boosts and all(b.roll == "attack" for b in boosts)


def test_hard_heroes_see_the_villain_falling_to_one_bought_up_attack(core_set, nova):
    """The Hint's rating: Hard with playouts that spend rates the position a likely win
    for the Heroes (above 60/100) where playouts that never spend rated it a likely loss,
    and it does not throw the chance away on an Attack bought up with nothing."""
    game, seat = nova
    view, legal = game.view(seat, tracking=True), game.legal_actions(seat)
    hard = replace(STRENGTHS["hard"], spend=True)
    plain = SearchPlayer(core_set, replace(hard, seconds=0.0, spend=False), seed=1)
    assert plain.decide(view, legal).value < 0
    for seed in (1, 2):
        d = SearchPlayer(core_set, replace(hard, seconds=0.0), seed=seed).decide(view, legal)
        assert d.value is not None and d.value > 0.2      # rated above 60/100
        assert not (isinstance(d.action, A.Attack) and not d.action.card)
