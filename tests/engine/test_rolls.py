"""Rolls and the rulebook's worked examples, with forced coins (PT-ROLL, PT-DMG, PT-HERC-7)."""

from __future__ import annotations

from engine.plottwist import actions as A

from .helpers import hero, make_game, to_attack_step, villain, weapon


def _simoakli_vs_hope():
    sim = villain("Dr. Simoakli", body=6, heroics={"fighting": 4})
    hope = hero("Hope", body=2, heroics={"agility": 3, "fighting": 0})
    game = make_game(heroes=[hope], vil=sim)
    to_attack_step(game, "v1", "h1", distance="melee")
    return game


def test_worked_example_10_coins_vs_5_coins_hits_PT_ROLL_3():
    """PT-ROLL-3, PT-ATK-2, PT-ATK-6: Body 6 + Fighting 4 = 10 coins against Body 2 +
    Agility 3 = 5 coins; 6 Successes against 2: the attack hits."""
    game = _simoakli_vs_hope()
    game.coins.force("HHHHHHTTTT" + "HHTTT" + "TTTTTT")
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    attack, defense = game.state.rolls[-3], game.state.rolls[-2]
    assert (attack["pool"], attack["successes"]) == (10, 6)
    assert (defense["pool"], defense["successes"]) == (5, 2)
    assert attack["won"] and attack["margin"] == 4
    assert game.state.rolls[-1]["kind"] == "damage"


def test_tie_defeats_both_so_the_attack_misses_PT_ROLL_4():
    """PT-ROLL-4, PT-ROLL-8: equal Successes: nobody wins, no Damage."""
    game = _simoakli_vs_hope()
    game.coins.force("HHTTTTTTTT" + "HHTTT")
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert game.state.rolls[-1]["kind"] == "defense"
    assert game.state.rolls[-2]["won"] is False
    assert game.state.characters["h1"].stress["physical"] == 6


def test_margin_of_one_wins_PT_ROLL_8():
    """PT-ROLL-8: 3 against 2 is a Margin of 1, enough to Win."""
    game = _simoakli_vs_hope()
    game.coins.force("HHHTTTTTTT" + "HHTTT" + "TTTTTT")
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert game.state.rolls[-3]["margin"] == 1 and game.state.rolls[-3]["won"]


def test_worked_example_athena_damage_PT_ROLL_9_PT_DMG_4():
    """PT-ROLL-9, PT-ROLL-6, PT-DMG-1, PT-DMG-3, PT-DMG-4: Body 5 + weapon +1 Stress = a
    6-coin Damage Pool; 3 Successes + 1 Automatic Success = 4 Stress."""
    athena = hero("Athena", body=5, heroics={"fighting": 4})
    game = make_game(heroes=[athena], vil=villain(body=4),
                     equipment={"p1": [weapon("Spear", "melee", "*/1")]})
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("H" * 9 + "T" * 8 + "HHHTTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    dmg = game.state.rolls[-1]
    assert dmg["kind"] == "damage" and dmg["pool"] == 6
    assert (dmg["successes"], dmg["auto"], dmg["total"]) == (3, 1, 4)
    assert game.state.characters["v1"].stress["physical"] == 12 - 4


def test_automatic_success_even_with_no_heads_PT_DMG_5_PT_ROLL_7():
    """PT-DMG-5, PT-ROLL-7: 0 Successes still deal the Automatic Success; autos never
    change the number of coins."""
    game = make_game(heroes=[hero(body=3, heroics={"fighting": 5})], vil=villain(body=4))
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("H" * 8 + "T" * 6 + "TTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    dmg = game.state.rolls[-1]
    assert dmg["pool"] == 3 and dmg["successes"] == 0 and dmg["total"] == 1
    assert game.state.characters["v1"].stress["physical"] == 11


def _healer(coins: str):
    medic = hero("Medic", body=2, mind=3, power=3, heroics={"healing": 3})
    game = make_game(heroes=[medic])
    game.state.characters["h1"].stress["physical"] = 1
    game.coins.force(coins)
    return game


def test_healing_chosen_roll_naming_3_needs_4_PT_ROLL_5_PT_HERC_7():
    """PT-ROLL-5, PT-HERC-7: naming 3 with 3 Successes fails; Energy is still spent."""
    game = _healer("HHHTTT")
    game.apply(A.Heal("p1", actor="h1", resistance="physical", number=3))
    h = game.state.characters["h1"]
    assert h.stress["physical"] == 1 and h.energy == 8
    assert game.state.rolls[-1]["won"] is False


def test_healing_naming_3_with_4_successes_regenerates_3_PT_ROLL_5():
    """PT-ROLL-5, PT-HERC-7, PT-ENER-4: 4 Successes beat 3: Regenerate 3 for 1 Energy."""
    game = _healer("HHHHTT")
    game.apply(A.Heal("p1", actor="h1", resistance="physical", number=3))
    h = game.state.characters["h1"]
    assert h.stress["physical"] == 4 and h.energy_spent == 1


def test_healing_is_a_free_action_once_per_turn_PT_FREE_2():
    """PT-FREE-2, PT-HERC-2: Healing is a Free action: once per Turn."""
    from .helpers import unchanged_on_refusal

    game = _healer("HHHHTT")
    game.apply(A.Heal("p1", actor="h1", resistance="physical", number=1))
    unchanged_on_refusal(game, A.Heal("p1", actor="h1", resistance="physical", number=1),
                         "PT-FREE-2")


def test_healing_needs_the_heroic_PT_HERC_7():
    """PT-HERC-7: no Healing rank, no Healing roll."""
    from .helpers import unchanged_on_refusal

    game = make_game()
    game.state.characters["h1"].stress["physical"] = 2
    unchanged_on_refusal(game, A.Heal("p1", actor="h1", resistance="physical", number=1),
                         "PT-HERC-7")


def test_surprised_pools_lose_two_coins_PT_STATUS_12():
    """PT-STATUS-12, A-24: a Surprised character's Roll Pools get −2 (Damage Pools do not)."""
    game = _simoakli_vs_hope()
    game.state.characters["v1"].statuses.append("Surprised")
    game.coins.force("H" * 8 + "T" * 5 + "T" * 7)
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert game.state.rolls[-3]["pool"] == 8
    assert game.state.rolls[-1]["pool"] == 6
