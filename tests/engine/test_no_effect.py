"""Foreseeing a play that will do nothing (engine/plottwist/no_effect.py): asked on a copy,
so the game itself never changes."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.no_effect import why_no_effect

from .helpers import combat_card, make_game, to_attack_step


def _maneuver_game(op: dict, cost: dict | None = None):
    card = combat_card("Second Wind", "maneuver", cost=cost or {},
                       effects=[{"trigger": "on_play", "ops": [op]}])
    game = make_game(decks={"p1": [card] * 10})
    to_attack_step(game, "h1", "v1")
    game.state.combat.step = "maneuver"
    played = game.state.zones["combat_hand:p1"].cards[0]
    return game, A.PlayCombatCard("p1", actor="h1", card=played)


def test_a_move_gained_at_the_cap_is_foreseen_and_nothing_changes_PT_ACT_3():
    """PT-ACT-3: never more than 2 Move actions; at 2, gaining one does nothing, and the
    question is asked on a copy (the save text is the same afterwards)."""
    game, play = _maneuver_game({"op": "gain", "counter": "move", "amount": 1})
    assert game.state.characters["h1"].move == 2
    saved = game.save()
    assert why_no_effect(game, play) == "Hope gains 0 of 1 move: already at the limit"
    assert game.save() == saved
    game.state.characters["h1"].move = 1
    assert why_no_effect(game, play) == ""


def test_paying_belief_for_a_gain_at_the_cap_is_foreseen_the_cost_does_not_count_PT_ACT_3():
    """PT-ACT-3 with a Belief cost (PT-BEL-1): the Belief paid is the cost, not an effect."""
    game, play = _maneuver_game({"op": "gain", "counter": "attack", "amount": 1},
                                cost={"belief": 1})
    assert game.state.characters["h1"].attack == 1
    assert why_no_effect(game, play) == "Hope gains 0 of 1 attack: already at the limit"
    game.state.characters["h1"].attack = 0
    assert why_no_effect(game, play) == ""


def test_a_play_with_an_effect_is_not_flagged_and_passes_are_never_asked_about_PT_ENER_1():
    """PT-ENER-1: gaining Energy changes the Energy; a Pass is never a 'paid play'."""
    game, play = _maneuver_game({"op": "gain", "counter": "energy", "amount": 1})
    assert why_no_effect(game, play) == ""
    assert why_no_effect(game, A.Pass("p1")) == ""


def test_another_characters_loss_is_an_effect_not_a_cost_PT_HATE_8():
    """PT-HATE-8: 2 Hate make a Hero lose 1 Belief; only the payer's loss is the cost."""
    game = make_game()
    spend = A.SpendHate("gm", actor="v1", purpose="belief_damage", target="h1")
    assert game.is_legal(spend)
    assert why_no_effect(game, spend) == ""
