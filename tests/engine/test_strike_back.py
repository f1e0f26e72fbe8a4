"""The defender of a Combat may Attack back, and its Attack lands on the attacker
(PT-COMBAT-10, A-32 (e))."""

from __future__ import annotations

from engine.plottwist import actions as A

from .helpers import make_game, to_attack_step


def test_defender_attacking_back_hits_the_attacker_PT_COMBAT_10():
    """PT-COMBAT-10, PT-COMBAT-11: both combatants may Attack; the defender's Attack is
    aimed at the one who started the Combat, never at itself."""
    game = make_game()
    to_attack_step(game, "h1", "v1", distance="melee")
    hero, villain = game.state.characters["h1"], game.state.characters["v1"]
    game.coins.force("T" * 8)  # the Hero's Attack misses: 4 coins against 4
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    villain_before = villain.stress["physical"]
    hero_before = hero.stress["physical"]
    # the Villain's 4 attack coins all Heads, the Hero's 4 defence coins all Tails, then Damage
    game.coins.force("HHHH" + "TTTT" + "H" * 12)
    events = game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["target"] == "h1"
    assert "on " + hero.name in attack.text
    assert villain.stress["physical"] == villain_before
    assert hero.stress["physical"] < hero_before
