"""Initiating Combat, its steps, Distances and the Attack types (PT-COMBAT, PT-DIST, PT-ATK,
PT-SNEAK, PT-KW-6, PT-TURN-6/7)."""

from __future__ import annotations

from engine.plottwist import actions as A

from .helpers import (
    CLOSE_IN,
    FILLER,
    combat_card,
    hero,
    make_game,
    mook,
    pass_players,
    to_attack_step,
    to_combat_phase,
    unchanged_on_refusal,
    villain,
)


def test_no_combat_in_start_of_turn_PT_TURN_6():
    """PT-TURN-6, PT-COMBAT-1: Combats are initiated only in the Combat phase."""
    game = make_game()
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target="v1"), "PT-TURN-6")


def test_heroes_initiate_first_then_villains_PT_TURN_6_PT_COMBAT_1():
    """PT-TURN-1, PT-TURN-6, PT-COMBAT-1: the Villains wait until the Heroes pass."""
    game = make_game()
    to_combat_phase(game)
    unchanged_on_refusal(game, A.InitiateCombat("gm", actor="v1", target="h1"), "PT-COMBAT-1")
    game.apply(A.Pass("p1"))
    game.apply(A.InitiateCombat("gm", actor="v1", target="h1"))
    assert game.state.combat is not None


def test_initiating_needs_an_attack_action_PT_COMBAT_1():
    """PT-COMBAT-1, A-32: initiating needs an Attack action in hand."""
    game = make_game()
    to_combat_phase(game)
    game.state.characters["h1"].attack = 0
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target="v1"), "PT-COMBAT-1")


def test_hero_initiates_once_per_turn_PT_COMBAT_2():
    """PT-COMBAT-2: a Hero may initiate Combat only once."""
    game = make_game(mooks=[mook()])
    to_attack_step(game, "h1", "v1")
    _finish_combat(game)
    game.state.characters["h1"].attack = 1
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target="m1"), "PT-COMBAT-2")


def test_tactician_second_combat_only_with_someone_not_attacked_PT_KW_6():
    """PT-KW-6, A-32: a Tactician may initiate a second Combat, not against a character it
    already Attacked this Turn."""
    tac = hero("Captain", keywords=["Tactician"])
    game = make_game(heroes=[tac], mooks=[mook()])
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("T" * 40)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    _finish_combat(game)
    game.state.characters["h1"].attack = 1
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target="v1"), "PT-KW-6")
    game.apply(A.InitiateCombat("p1", actor="h1", target="m1"))
    assert game.state.combat is not None and game.state.combat.defender == "m1"


def test_villain_initiates_again_only_with_a_different_target_PT_COMBAT_3():
    """PT-COMBAT-3, A-32: a Villain may initiate as long as it holds an Attack action and
    each Combat has a different target."""
    game = make_game(heroes=[hero("A"), hero("B")])
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.InitiateCombat("gm", actor="v1", target="h1"))
    _finish_combat(game)
    unchanged_on_refusal(game, A.InitiateCombat("gm", actor="v1", target="h1"), "PT-COMBAT-3")
    game.apply(A.InitiateCombat("gm", actor="v1", target="h2"))


def _finish_combat(game):
    while game.state.combat is not None:
        cb = game.state.combat
        for ident in (cb.attacker, cb.defender):
            ch = game.state.characters.get(ident)
            if ch is not None and ident not in cb.passed and game.state.combat is cb:
                game.apply(A.Pass(ch.seat))


def test_combat_runs_its_five_steps_and_starts_ranged_PT_COMBAT_4_PT_COMBAT_7():
    """PT-COMBAT-4, PT-COMBAT-7, PT-COMBAT-8, PT-COMBAT-12: Start, Movement (at Ranged),
    Maneuver, Attack, End; both pass to settle a step."""
    game = make_game()
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    cb = game.state.combat
    assert cb.step == "movement" and cb.distance == "ranged"
    steps = []
    while game.state.combat is not None:
        steps.append(game.state.combat.step)
        game.apply(A.Pass("p1"))
        game.apply(A.Pass("gm"))
    assert steps == ["movement", "maneuver", "attack", "end"]


def test_only_movement_cards_in_movement_step_PT_COMBAT_6():
    """PT-COMBAT-6, PT-COMBAT-9: only Movement cards in Movement, only Maneuver cards in
    Maneuver."""
    deck = [CLOSE_IN] * 5 + FILLER[:5]
    game = make_game(decks={"p1": deck})
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    hand = game.state.zones["combat_hand:p1"].cards
    filler = [c for c in hand if game._ctx().name(c).startswith("Filler")]
    close = [c for c in hand if game._ctx().name(c) == "Close In"]
    if filler:
        unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=filler[0]),
                             "PT-COMBAT-6")
    game.apply(A.PlayCombatCard("p1", actor="h1", card=close[0]))
    assert game.state.combat.distance == "melee"
    assert game.state.characters["h1"].move == 1
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    if len(close) > 1:
        unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=close[1]),
                             "PT-COMBAT-9")


def test_melee_attack_refused_at_ranged_PT_DIST_1():
    """PT-DIST-1, PT-ATK-2: Melee Attacks are prohibited at Ranged Distance."""
    game = make_game()
    to_attack_step(game, "h1", "v1", distance="ranged")
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-DIST-1")


def test_mental_and_social_attacks_at_ranged_distance_PT_DIST_2():
    """PT-DIST-2, PT-ATK-4, PT-ATK-5: Mental and Social Attacks can be made at any Distance."""
    psy = hero("Psy", heroics={"psyche": 2})
    game = make_game(heroes=[psy])
    to_attack_step(game, "h1", "v1", distance="ranged")
    game.coins.force("T" * 30)
    game.apply(A.Attack("p1", actor="h1", attack_type="mental"))
    assert game.state.rolls[-2]["kind"] == "attack"
    assert game.state.rolls[-1]["kind"] == "defense"


def test_ranged_attack_requires_energy_projection_PT_ATK_3():
    """PT-ATK-3, A-23: Ranged Attacks require Energy Projection; Mental require Psyche."""
    game = make_game()
    to_attack_step(game, "h1", "v1", distance="melee")
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="ranged"), "PT-ATK-3")
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="mental"), "PT-ATK-4")


def test_social_attack_needs_no_rank_and_hits_social_PT_ATK_5():
    """PT-ATK-5, A-23: Social Attacks require nothing: Charm+Offend vs Charm+Rebutt; they
    damage Social Stress with Charm."""
    game = make_game(heroes=[hero(charm=3, skills={})], vil=villain(charm=2, skills={}))
    to_attack_step(game, "h1", "v1")
    game.coins.force("HHH" + "TT" + "HTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="social"))
    rolls = game.state.rolls
    assert rolls[-3]["pool"] == 3 and rolls[-2]["pool"] == 2 and rolls[-1]["pool"] == 3
    assert game.state.characters["v1"].stress["social"] == 6 - 2


def test_attack_and_defense_pools_per_type_PT_ATK_2_to_4():
    """PT-ATK-2..4, A-49: Ranged uses Mind+Energy Projection vs Body+best of Reflexes/Flight;
    Mental Mind+Psyche vs Mind+best of Resilience/Psyche; Ranged damage uses Power."""
    shooter = hero("Shooter", mind=4, power=3, heroics={"energy_projection": 3, "psyche": 1})
    target = villain(body=2, mind=3, heroics={"reflexes": 1, "flight": 3, "resilience": 2,
                                               "psyche": 1})
    game = make_game(heroes=[shooter], vil=target)
    to_attack_step(game, "h1", "v1")
    game.coins.force("H" * 7 + "T" * 5 + "TTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="ranged"))
    r = game.state.rolls
    assert r[-3]["pool"] == 7 and r[-2]["pool"] == 5 and r[-1]["pool"] == 3


def test_attack_step_initiator_first_PT_COMBAT_11():
    """PT-COMBAT-11: the combatant with Initiative declares its Attack first."""
    game = make_game()
    to_attack_step(game, "h1", "v1", distance="melee")
    unchanged_on_refusal(game, A.Attack("gm", actor="v1", attack_type="melee"),
                         "PT-COMBAT-11")
    game.coins.force("T" * 20)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    game.coins.force("T" * 20)
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))   # PT-COMBAT-10: both attack


def test_attack_spends_the_attack_action_PT_COMBAT_10():
    """PT-COMBAT-10, PT-ACT-3: one Attack per Attack action."""
    game = make_game()
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("T" * 20)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert game.state.characters["h1"].attack == 0
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-COMBAT-10")


def test_attack_card_enhances_its_own_type_PT_ATK_1():
    """PT-ATK-1: an Attack card only enhances the basic Attack it names."""
    jab = combat_card("Power Jab", "attack", attack_type="melee", effects=[
        {"trigger": "on_play", "duration": "this_attack",
         "ops": [{"op": "pool", "roll": "attack", "coins": 2}]}])
    game = make_game(decks={"p1": [jab] * 10}, heroes=[hero(charm=2, body=2)])
    to_attack_step(game, "h1", "v1", distance="melee")
    card = game.state.zones["combat_hand:p1"].cards[0]
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="social", card=card),
                         "PT-ATK-1")
    game.coins.force("T" * 30)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee", card=card))
    assert game.state.rolls[-2]["pool"] == 2 + 2 + 2            # Body + Fighting + card
    assert not game.state.modifiers                                 # this_attack expired


def test_sneak_attack_needs_hidden_and_sets_distance_PT_SNEAK_1_PT_SNEAK_3():
    """PT-SNEAK-1, PT-SNEAK-2, PT-SNEAK-3, PT-STATUS-18: only Hidden characters Sneak Attack;
    Stealth vs Perception, the loser is Surprised; the attacker sets the Distance, no Movement
    step."""
    ninja = hero("Shade", body=3, heroics={"stealth": 3})
    game = make_game(heroes=[ninja], vil=villain(mind=2, heroics={"perception": 1}))
    to_combat_phase(game)
    unchanged_on_refusal(game, A.SneakAttack("p1", actor="h1", target="v1"), "PT-SNEAK-1")
    game.apply(A.Hide("p1", actor="h1"))
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target="v1"), "PT-STATUS-17")
    game.coins.force("HHHHHH" + "TTT")
    game.apply(A.SneakAttack("p1", actor="h1", target="v1", distance="melee"))
    st = game.state
    assert st.combat.distance == "melee" and st.combat.step == "maneuver"
    assert "Surprised" in st.characters["v1"].statuses
    assert "Hidden" not in st.characters["h1"].statuses


def test_sneak_attack_tie_surprises_nobody_PT_SNEAK_2():
    """PT-SNEAK-2: on a tie nobody is Surprised."""
    ninja = hero("Shade", body=1, heroics={"stealth": 1})
    game = make_game(heroes=[ninja], vil=villain(mind=1, heroics={"perception": 1}))
    to_combat_phase(game)
    game.apply(A.Hide("p1", actor="h1"))
    game.coins.force("HT" + "HT")
    game.apply(A.SneakAttack("p1", actor="h1", target="v1", distance="ranged"))
    assert all("Surprised" not in c.statuses for c in game.state.characters.values())


def test_cannot_initiate_against_hidden_PT_STATUS_17():
    """PT-STATUS-17: no Combat can be initiated with a Hidden character."""
    game = make_game(vil=villain(heroics={"stealth": 2}))
    to_combat_phase(game)
    game.state.characters["v1"].statuses.append("Hidden")
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target="v1"), "PT-STATUS-17")


def test_non_flier_cannot_close_to_melee_against_flier_PT_STATUS_15():
    """PT-STATUS-15: a non-Flying character cannot move to Melee against a Flying one."""
    game = make_game(decks={"p1": [CLOSE_IN] * 10})
    to_combat_phase(game)
    game.state.characters["v1"].statuses.append("Flying")
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    card = game.state.zones["combat_hand:p1"].cards[0]
    unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=card), "PT-STATUS-15")


def test_end_of_combat_redraw_to_three_PT_CDECK_3():
    """PT-CDECK-3, A-48: at the End of Combat the combatants discard what they like and
    draw back up to 3."""
    game = make_game()
    to_attack_step(game, "h1", "v1")
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    assert game.state.combat.step == "end"
    hand = tuple(game.state.zones["combat_hand:p1"].cards[:2])
    game.apply(A.DiscardCombatCards("p1", cards=hand))
    assert len(game.state.zones["combat_hand:p1"]) == 1
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    assert game.state.combat is None
    assert len(game.state.zones["combat_hand:p1"]) == 3
    assert len(game.state.zones["combat_deck:p1"]) == 5


def test_discard_only_in_end_of_combat_PT_CDECK_3():
    """PT-CDECK-3: discarding to redraw happens in the End of Combat step."""
    game = make_game()
    to_attack_step(game, "h1", "v1")
    hand = tuple(game.state.zones["combat_hand:p1"].cards[:1])
    unchanged_on_refusal(game, A.DiscardCombatCards("p1", cards=hand), "PT-CDECK-3")


def test_combat_cards_only_in_combat_PT_TURN_7():
    """PT-TURN-7: Combat cards are played only during the Combat phase, in a Combat."""
    game = make_game(decks={"p1": [CLOSE_IN] * 10})
    card = game.state.zones["combat_hand:p1"].cards[0]
    unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=card), "PT-TURN-7")


def test_stunned_cannot_move_or_attack_but_defends_PT_STATUS_7():
    """PT-STATUS-7, A-49: Stunned: no Attack, no Movement card; it still Defends."""
    game = make_game(decks={"p1": [CLOSE_IN] * 10})
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    game.state.characters["h1"].statuses.append("Stunned")      # a card, mid-Combat
    card = game.state.zones["combat_hand:p1"].cards[0]
    unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=card), "PT-STATUS-7")
    game.state.combat.distance = "melee"
    for _ in range(2):
        game.apply(A.Pass("p1"))
        game.apply(A.Pass("gm"))
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-STATUS-7")
    game.apply(A.Pass("p1"))
    game.coins.force("T" * 30)
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert game.state.rolls[-1]["kind"] == "defense" and game.state.rolls[-1]["pool"] > 0


def test_prone_cannot_defend_PT_STATUS_9():
    """PT-STATUS-9, A-49: a Prone defender rolls nothing: one Success hits; Flight is 0."""
    game = make_game()
    to_attack_step(game, "h1", "v1", distance="melee")
    game.state.characters["v1"].statuses.append("Prone")
    game.coins.force("HTTT" + "TTTTTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert game.state.rolls[-2]["pool"] == 0
    assert game.state.rolls[-1]["kind"] == "damage"
