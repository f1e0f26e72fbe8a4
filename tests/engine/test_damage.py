"""Damage, Armor, Cover, Trauma, Mooks and 0 Stress (PT-DMG, PT-ARM, PT-TRAUMA, PT-MOOK-3,
PT-RES-6, PT-STATUS-1/5, PT-HATE-9, PT-BEL-3, PT-HATE-4, PT-KW-2..4)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.options import RulesOptions
from engine.plottwist.state import Modifier

from .helpers import (
    combat_card,
    hero,
    make_game,
    mook,
    to_attack_step,
    unchanged_on_refusal,
    villain,
    weapon,
)

HIT = "H" * 12 + "T" * 12  # enough Heads to hit, then a whiffing defence


def _hit(game, seat, actor, attack_type="melee", damage="", trauma=False, card=None,
         atk=None, dfn=None):
    st = game.state
    a = st.characters[actor]
    d = st.characters[st.combat.defender if actor == st.combat.attacker else st.combat.attacker]
    from engine.plottwist.rules.attacks import POOLS, defense_pool
    from engine.plottwist.rules.rolls import roll_pool
    attr, ability, _, _ = POOLS[attack_type]
    ctx = game._ctx()
    apool = atk if atk is not None else roll_pool(ctx, a, attr, ability, "attack", attack_type)
    dpool = dfn if dfn is not None else defense_pool(ctx, d, attack_type)[0]
    game.coins.force("H" * apool + "T" * dpool + damage)
    game.apply(A.Attack(seat, actor=actor, attack_type=attack_type, trauma=trauma, card=card))


def test_armor_equal_to_power_can_prevent_all_damage_PT_DMG_2_PT_KW_2():
    """PT-DMG-1, PT-DMG-2, PT-KW-2, PT-ARM-1, A-17: Armor = Power; a pool of 0 or less
    prevents all Damage, Automatic Success included."""
    game = make_game(heroes=[hero(body=2)], vil=villain(power=3, keywords=["Armor"]))
    to_attack_step(game, "h1", "v1", distance="melee")
    _hit(game, "p1", "h1")
    v = game.state.characters["v1"]
    assert v.stress["physical"] == v.maxes["physical"]
    assert game.state.rolls[-1]["kind"] == "defense"


def test_mental_armor_only_against_mental_PT_KW_3():
    """PT-KW-3: Mental Armor counts against Mental Attacks, not Physical ones."""
    game = make_game(heroes=[hero(body=2, mind=2, heroics={"fighting": 2, "psyche": 2})],
                     vil=villain(power=2, keywords=["Mental Armor"]))
    to_attack_step(game, "h1", "v1", distance="melee")
    _hit(game, "p1", "h1", "melee", damage="TT")
    assert game.state.rolls[-1]["pool"] == 2                      # no Armor on Physical


def test_cover_stacks_with_armor_PT_ARM_3():
    """PT-ARM-2, PT-ARM-3: Cover stacks with Armor and with other Cover."""
    game = make_game(heroes=[hero(body=5)], vil=villain(power=1, keywords=["Armor"]))
    to_attack_step(game, "h1", "v1", distance="melee")
    game.state.modifiers += [Modifier("v1", {"op": "cover", "amount": 1}, "t", "this_combat"),
                             Modifier("v1", {"op": "cover", "amount": 1}, "t", "this_combat")]
    _hit(game, "p1", "h1", damage="TT")
    assert game.state.rolls[-1]["pool"] == 5 - 1 - 2


def test_weapon_bonus_only_for_its_own_attack_type_PT_EQUIP_2():
    """PT-EQUIP-2, A-29: a Melee Weapon adds nothing to a Social Attack."""
    game = make_game(heroes=[hero(charm=2)], equipment={"p1": [weapon("Club", "melee", "*/2")]})
    to_attack_step(game, "h1", "v1", distance="melee")
    _hit(game, "p1", "h1", "social", damage="TT")
    assert game.state.rolls[-1]["pool"] == 2


def test_overcharged_adds_two_to_ranged_damage_PT_KW_4():
    """PT-KW-4, A-31: Overcharged: +2 in the Damage Pool of Ranged Attacks (the type)."""
    game = make_game(heroes=[hero(power=2, mind=3, heroics={"energy_projection": 2},
                                  keywords=["Overcharged"])])
    to_attack_step(game, "h1", "v1", distance="ranged")
    _hit(game, "p1", "h1", "ranged", damage="TTTT")
    assert game.state.rolls[-1]["pool"] == 4


def test_overcharged_weapon_already_counts_the_bonus_PT_KW_4():
    """PT-KW-4: an Overcharged Weapon's printed bonus already includes the +2."""
    gun = weapon("Arc Gun", "ranged", "*/3", keywords=["Overcharged"])
    game = make_game(heroes=[hero(power=2, heroics={"energy_projection": 2},
                                  keywords=["Overcharged"])], equipment={"p1": [gun]})
    to_attack_step(game, "h1", "v1", distance="ranged")
    _hit(game, "p1", "h1", "ranged", damage="TTTTT")
    assert game.state.rolls[-1]["pool"] == 5


def test_trauma_only_with_a_trauma_weapon_or_card_PT_TRAUMA_1():
    """PT-TRAUMA-1, A-29, PT-EQUIP-4: "*/1" never causes Trauma; "0/2" does with no bonus."""
    game = make_game(equipment={"p1": [weapon("Bat", "melee", "*/1")]})
    to_attack_step(game, "h1", "v1", distance="melee")
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee", trauma=True),
                         "PT-TRAUMA-1")


def test_trauma_weapon_removes_stress_adds_trauma_and_costs_belief_PT_TRAUMA_3_PT_BEL_3():
    """PT-TRAUMA-3, PT-EQUIP-4, PT-BEL-3: "0/2" Trauma: no bonus; each Trauma point turns a
    Stress counter over and the Hero pays 1 Belief per point."""
    game = make_game(heroes=[hero(body=2)], vil=villain(body=4),
                     equipment={"p1": [weapon("Blade", "melee", "0/2")]})
    to_attack_step(game, "h1", "v1", distance="melee")
    belief = game.state.characters["h1"].belief
    _hit(game, "p1", "h1", trauma=True, damage="HT")
    v, h = game.state.characters["v1"], game.state.characters["h1"]
    assert game.state.rolls[-1]["pool"] == 2                     # Body 2 + Trauma slot 0
    assert v.trauma["physical"] == 2 and v.stress["physical"] == 10
    assert h.belief == belief - 2


def test_villain_pays_hate_for_trauma_PT_HATE_4():
    """PT-HATE-4, A-30: a Villain pays 1 Hate per Trauma dealt."""
    blow = combat_card("Crush", "attack", attack_type="melee", effects=[
        {"trigger": "on_play", "duration": "this_attack",
         "ops": [{"op": "trauma", "allowed": True}]}])
    game = make_game(decks={"gm": [blow] * 10}, heroes=[hero(body=3)], vil=villain(body=2))
    to_attack_step(game, "v1", "h1", distance="melee")
    hate = game.state.characters["v1"].hate
    card = game.state.zones["combat_hand:gm"].cards[0]
    _hit(game, "gm", "v1", trauma=True, card=card, damage="HH")
    assert game.state.characters["h1"].trauma["physical"] == 3
    assert game.state.characters["v1"].hate == hate - 3


def test_no_social_trauma_PT_ATK_5():
    """PT-ATK-5: there is no Social Trauma."""
    game = make_game(equipment={"p1": [weapon("Blade", "melee", "0/2")]})
    to_attack_step(game, "h1", "v1")
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="social", trauma=True),
                         "PT-ATK-5")


def test_mook_loses_one_quantity_per_hit_and_cleave_more_PT_MOOK_3():
    """PT-MOOK-3: Damage to a Mook removes exactly 1 Quantity counter; Cleave more."""
    sweep = combat_card("Sweep", "attack", attack_type="melee", effects=[
        {"trigger": "on_play", "duration": "this_attack",
         "ops": [{"op": "cleave", "amount": 2}]}])
    game = make_game(heroes=[hero(body=6)], mooks=[mook(quantity=6, body=1)],
                     decks={"p1": [sweep] * 10})
    to_attack_step(game, "h1", "m1", distance="melee")
    _hit(game, "p1", "h1", damage="HHHHHH")
    assert game.state.characters["m1"].quantity == 5
    game.state.characters["h1"].attack = 1
    game.apply(A.Pass("gm"))
    card = game.state.zones["combat_hand:p1"].cards[0]
    _hit(game, "p1", "h1", card=card, damage="HHHHHH")
    assert game.state.characters["m1"].quantity == 2


def test_zero_physical_incapacitates_and_villain_gains_hate_PT_STATUS_1_PT_HATE_9():
    """PT-RES-6, PT-STATUS-1, PT-HATE-9, A-53: 0 Physical Stress: Incapacitated, out of
    play; the Villain gains Hate equal to the Heroes remaining."""
    game = make_game(heroes=[hero("A", body=1), hero("B"), hero("C")], vil=villain(body=6))
    to_attack_step(game, "v1", "h1", distance="melee")
    hate = game.state.characters["v1"].hate
    _hit(game, "gm", "v1", damage="HHHHHH")
    h = game.state.characters["h1"]
    assert not h.in_play and "Incapacitated" in h.statuses
    assert game.state.characters["v1"].hate == hate + 2
    assert game.state.combat.step == "end"


def test_zero_social_demoralizes_PT_STATUS_5_PT_ENER_2():
    """PT-RES-6, PT-STATUS-5, PT-ENER-2, PT-STATUS-6: 0 Social Stress: all Energy and
    Belief lost, no Energy gained until Social Stress comes back."""
    from engine.plottwist.rules.resources import gain_energy, regenerate

    game = make_game(heroes=[hero(charm=1)], vil=villain(charm=5))
    to_attack_step(game, "v1", "h1")
    _hit(game, "gm", "v1", "social", damage="HHHHH")
    h = game.state.characters["h1"]
    assert "Demoralized" in h.statuses and h.energy == 0 and h.belief == 0 and h.in_play
    assert gain_energy(h, 3) == 0 and h.energy == 0
    regenerate(h, "social", 1)
    assert "Demoralized" not in h.statuses
    assert gain_energy(h, 3) == 3


def test_villains_get_the_damage_auto_success_by_default_PT_DMG_4_option_A_18():
    """PT-DMG-4, A-18: everyone's Damage Rolls get 1 Automatic Success; the option
    'heroes' gives it to Heroes only."""
    for option, expected in (("all", 1), ("heroes", 0)):
        game = make_game(vil=villain(body=2), heroes=[hero(body=4)],
                         options=RulesOptions(damage_auto_success=option))
        to_attack_step(game, "v1", "h1", distance="melee")
        _hit(game, "gm", "v1", damage="TT")
        assert game.state.rolls[-1]["auto"] == expected


def test_caused_damage_uses_armor_dealt_ignores_it_PT_DMG_6_PT_DMG_7():
    """PT-DMG-6, PT-DMG-7: "caused" Damage is reduced by Armor and Cover, "dealt" is not."""
    from engine.plottwist.effects import run

    game = make_game(vil=villain(body=4, power=2, keywords=["Armor"]))
    ctx = game._ctx()
    h = game.state.characters["h1"]
    run(ctx, {"trigger": "on_play", "target": "main_villain", "ops": [
        {"op": "damage", "mode": "caused", "kind": "stress", "resistance": "physical",
         "amount": 3}]}, h, "test")
    assert game.state.characters["v1"].stress["physical"] == 11
    run(ctx, {"trigger": "on_play", "target": "main_villain", "ops": [
        {"op": "damage", "mode": "dealt", "kind": "stress", "resistance": "physical",
         "amount": 3}]}, h, "test")
    assert game.state.characters["v1"].stress["physical"] == 8


def test_killing_the_last_villain_wins_for_heroes_PT_GOAL_2():
    """PT-GOAL-2, PT-GOAL-3: no Villain in play: the Heroes win, and nothing more happens."""
    game = make_game(heroes=[hero(body=6)], vil=villain(body=1))
    to_attack_step(game, "h1", "v1", distance="melee")
    _hit(game, "p1", "h1", damage="HHHHHH")
    assert game.state.winner == "heroes"
    unchanged_on_refusal(game, A.Pass("p1"), "PT-GOAL-4")


def test_last_hero_down_villains_win_PT_GOAL_1():
    """PT-GOAL-1: no Hero in play: the Villains win."""
    game = make_game(heroes=[hero(body=1)], vil=villain(body=6))
    to_attack_step(game, "v1", "h1", distance="melee")
    _hit(game, "gm", "v1", damage="HHHHHH")
    assert game.state.winner == "villains"
