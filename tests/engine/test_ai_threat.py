"""The computer GM against a one-Attack Villain kill (docs/ai.md "Where the GM loses"): a
Hero that buys Automatic Successes with Belief (PT-BEL-7) and coins with Energy
(PT-ENER-6) can Incapacitate a Villain at low Physical Stress with one Attack (PT-RES-6);
the GM that sees it coming lowers that chance before the Heroes' Combats."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.agents import seats_to_act
from engine.plottwist.ai.players import make_player
from engine.plottwist.ai.threat import villain_exposure
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions


def _gm_to_act(core_set, seed: int = 1000) -> Game:
    """Turn 1's Start of Turn once every Player has passed: the GM acts, its Main Villain
    hurt down to 6 of its 9 Physical Stress by an earlier fight (seed 1000: Magistra
    Vell)."""
    game = Game.quick(core_set, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    while "gm" not in seats_to_act(game):
        game.apply(A.Pass(seats_to_act(game)[0]))
    mv = game.state.main_villain()
    assert mv is not None and game.state.phase == "start"
    mv.stress["physical"] = 6
    return game


def test_the_villains_exposure_follows_stress_belief_and_hiding(core_set):
    """PT-RES-6, PT-ENER-5, PT-ROF-2, PT-STATUS-17: more Stress left or less Belief to
    spend lowers the chance; a Hidden Villain cannot be attacked at all."""
    game = _gm_to_act(core_set)
    mv = game.state.main_villain()
    hurt = villain_exposure(game)
    mv.stress["physical"] = 9
    whole = villain_exposure(game)
    assert 0.0 < whole < hurt <= 1.0
    for h in game.state.heroes():
        h.belief = 0
    assert villain_exposure(game) < whole
    mv.statuses.append("Hidden")
    assert villain_exposure(game) == 0.0


def test_a_gm_whose_villain_can_die_this_turn_acts_before_the_heroes_attack(core_set):
    """A GM that weighs the exposure spends its Start of Turn lowering it (here: Stress back
    with Energy, PT-ENER-5); one that does not plays on as if nothing threatened (here: a
    Bystander, PT-BYST-1)."""
    lowered = {}
    for spec in ("hard", "hard:w_exposure=0.5"):
        game = _gm_to_act(core_set)
        before = villain_exposure(game)
        d = make_player(spec, core_set, seed=3, clock=False).move(game, "gm")
        assert d is not None
        game.apply(d.action)
        lowered[spec] = villain_exposure(game) < before
    assert lowered == {"hard": False, "hard:w_exposure=0.5": True}
