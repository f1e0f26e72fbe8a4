"""Clauses not covered elsewhere: pools and rolls, Conflicts, Heroics and Skills as pools,
Keywords, Classes, Equipment notation, playing a Hero, statuses' starts and ends."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist import cards as C
from engine.plottwist.state import Modifier
from engine.plottwist.testkit import card

from .helpers import (
    CLOSE_IN,
    hero,
    make_game,
    to_attack_step,
    to_combat_phase,
    unchanged_on_refusal,
    villain,
    weapon,
)


def _defense(game, attack_type):
    from engine.plottwist.rules.attacks import defense_pool

    return defense_pool(game._ctx(), game.state.characters["v1"], attack_type)


def test_roll_pool_is_attribute_plus_heroic_PT_TERM_2_PT_ATTR_3_PT_ROLL_1():
    """PT-TERM-2, PT-ATTR-1, PT-ATTR-3, PT-ROLL-1: a Roll Pool is one Attribute + one
    Heroic/Skill; as many coins are flipped as the pool; each Heads is a Success."""
    game = make_game(heroes=[hero(body=3, heroics={"fighting": 2})])
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("HTHTH" + "TTTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    r = [x for x in game.state.rolls if x["kind"] == "attack"][-1]
    assert r["pool"] == 5 and r["coins"] == "HTHTH" and r["successes"] == 3


def test_defense_heroics_per_attack_type_PT_HERC_3_5_6_10_PT_SKILL_5():
    """PT-HERC-3 (Agility vs Melee), PT-HERC-5 (Resilience vs Mental), PT-HERC-6 (Reflexes vs
    Ranged), PT-HERC-10 (Psyche vs Mental), PT-HERC-11 (Fighting vs Melee), PT-HERC-14
    (Flight vs Ranged), PT-SKILL-5 (Rebutt vs Social): the best listed pool is rolled."""
    v = villain(body=2, mind=3, charm=1, heroics={"agility": 3, "fighting": 1, "reflexes": 2,
                                                   "flight": 1, "resilience": 1, "psyche": 4},
                skills={"rebutt": 2})
    game = make_game(vil=v)
    assert _defense(game, "melee") == (5, "agility")
    assert _defense(game, "ranged") == (4, "reflexes")
    assert _defense(game, "mental") == (7, "psyche")
    assert _defense(game, "social") == (3, "rebutt")


def test_attack_heroics_PT_HERC_11_PT_HERC_12_PT_SKILL_4():
    """PT-HERC-11 (Fighting makes Melee Attacks), PT-HERC-12 (Energy Projection makes Ranged
    Attacks), PT-HERC-10 (Psyche Mental), PT-SKILL-4 (Offend Social), PT-SKILL-1 (Skills use
    Charm)."""
    from engine.plottwist.rules.rolls import roll_pool

    h = hero(body=2, mind=3, charm=4, heroics={"fighting": 1, "energy_projection": 2,
                                                "psyche": 3}, skills={"offend": 1})
    game = make_game(heroes=[h])
    ctx, ch = game._ctx(), game.state.characters["h1"]
    assert roll_pool(ctx, ch, "body", "fighting", "attack") == 3
    assert roll_pool(ctx, ch, "mind", "energy_projection", "attack") == 5
    assert roll_pool(ctx, ch, "mind", "psyche", "attack") == 6
    assert roll_pool(ctx, ch, "charm", "offend", "attack") == 5


def test_interview_skills_are_not_conflict_actions_PT_CONF_3_PT_SKILL_2_PT_SKILL_3():
    """PT-CONF-3, PT-SKILL-2, PT-SKILL-3: Apologist and Public Relations answer Interview
    questions only; no Conflict action uses them (Offend/Rebutt do, PT-SKILL-4/5)."""
    game = make_game(heroes=[hero(skills={"apologist": 3, "public_relations": 3})])
    labels = " ".join(a.label for a in game.legal_actions("p1")).lower()
    assert "apologist" not in labels and "public relations" not in labels


def test_conflict_starts_with_the_game_and_turns_happen_in_it_PT_CONF_1_PT_CONF_2():
    """PT-CONF-1, PT-CONF-2: the first Conflict starts at the start of the game; Heroics (a
    Belief raise) are usable during it; a Flee ends it and the next Conflict is numbered 2."""
    hand = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = make_game(hands={"gm": hand})
    assert game.state.conflict == 1
    game.apply(A.SpendBelief("p1", actor="h1", purpose="heroic", name="fighting"))
    game.state.characters["v1"].hate = 0
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.apply(A.Pursue("p1", pursue=False))
    assert game.state.conflict == 2 and game.state.phase == "interview"


def test_gm_waits_for_every_hero_PT_TURN_2():
    """PT-TURN-2: a Villain waits until the Heroes that want to act have acted: the GM cannot
    initiate while the Heroes hold Initiative in the Combat phase."""
    game = make_game(heroes=[hero("A"), hero("B")])
    to_combat_phase(game)
    unchanged_on_refusal(game, A.InitiateCombat("gm", actor="v1", target="h2"), "PT-COMBAT-1")


def test_move_actions_pay_for_movement_cards_PT_ACT_1():
    """PT-ACT-1: Move actions are spent on Movement cards; none left, none played."""
    game = make_game(decks={"p1": [CLOSE_IN] * 10})
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    game.state.characters["h1"].move = 0
    c = game.state.zones["combat_hand:p1"].cards[0]
    unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=c), "PT-ACT-1")


def test_setup_step_8_and_resistance_counters_PT_SETUP_8_PT_RES_3():
    """PT-SETUP-8, PT-RES-3: step 8 is logged; the view names Stress counters per
    Resistance and Belief separately."""
    game = make_game()
    assert any(line.startswith("Setup 8") for line in game.state.log)
    counters = game.view("p1")["characters"][1]["counters"]
    assert {"physical", "mental", "social", "belief"} <= set(counters)


def test_spending_belief_or_energy_is_not_an_action_PT_BEL_4_PT_ENER_3():
    """PT-BEL-4, PT-ENER-3, PT-HATE-1: spending Belief, Energy or Hate uses no combat action
    and no Free action."""
    game = make_game(heroes=[hero(power=3)])
    game.state.characters["h1"].stress["physical"] = 1
    game.apply(A.Regenerate("p1", actor="h1", resistance="physical"))
    game.apply(A.Boost("p1", actor="h1", pay="belief", roll="attack"))
    h = game.state.characters["h1"]
    assert (h.move, h.attack, h.free_used) == (2, 1, [])


def test_belief_never_holds_trauma_PT_BEL_10():
    """PT-BEL-10, A-8: Trauma lives only in Physical and Mental Resistances."""
    game = make_game()
    assert set(game.state.characters["h1"].trauma) == {"physical", "mental"}


def test_gm_decides_when_belief_is_taken_PT_BEL_2():
    """PT-BEL-2, A-20: only the GM takes Belief away (here by ruling; Reversal is later)."""
    game = make_game()
    unchanged_on_refusal(game, A.GMRuling("p1", what="counter", target="h1", name="belief",
                                          value=0), "PT-TERM-1")
    game.apply(A.GMRuling("gm", what="counter", target="h1", name="belief", value=2))
    assert game.state.characters["h1"].belief == 2


def test_play_a_hero_for_five_belief_PT_BEL_9_PT_HERO_1():
    """PT-BEL-9, PT-HERO-1, A-35, PT-UNIQ-3: 5 Belief of a Hero in play bring a Hero from
    the Plot Hand into play with 0 Belief; no copy of a Character in play."""
    spare = hero("Spare", power=3)
    hand = [spare, hero("Grimm Copy")] + [card("detail", f"Idea {i}") for i in range(3)]
    game = make_game(heroes=[hero(power=3)], hands={"p1": hand})
    c0 = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayHero("p1", actor="h1", card=c0))
    st = game.state
    new = [c for c in st.characters.values() if c.name == "Spare"][0]
    assert new.in_play and new.belief == 0 and new.seat == "p1"
    assert st.characters["h1"].belief == 8 - 5
    unchanged_on_refusal(game, A.PlayHero("p1", actor="h1",
                                          card=st.zones["plot_hand:p1"].cards[0]), "PT-BEL-9")


def test_power_never_rolls_PT_ATTR_2():
    """PT-ATTR-2: Power is never used in a non-Damage roll (a Nullify roll on Power is
    refused)."""
    from engine.plottwist.game import Game

    from .helpers import make_setup

    bad = card("event", "Weird", effects=[
        {"trigger": "on_reveal", "ops": [{"op": "gain", "counter": "hate", "amount": 1}]},
        {"trigger": "nullify", "roll": {"attribute": "power", "ability": "hacking",
                                        "difficulty": 1}}])
    s = make_setup()
    s.events = [bad] + [card("event", f"Q {i}") for i in range(4)]
    game = Game.new(s)
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    e = game.state.zones["events"].cards[0]
    game.apply(A.RevealEvent("gm", card=e))
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    unchanged_on_refusal(game, A.NullifyRoll("p1", actor="h1", card=e), "PT-ATTR-2")


def test_hide_needs_stealth_PT_HERC_13_PT_STATUS_16():
    """PT-HERC-13, PT-STATUS-16: Stealth lets a character Hide as a Free action."""
    game = make_game()
    unchanged_on_refusal(game, A.Hide("p1", actor="h1"), "PT-STATUS-16")
    game2 = make_game(heroes=[hero(heroics={"stealth": 1})])
    game2.apply(A.Hide("p1", actor="h1"))
    assert "Hidden" in game2.state.characters["h1"].statuses


def test_perceived_hidden_is_surprised_until_it_defends_PT_STATUS_11_PT_STATUS_13():
    """PT-STATUS-11, PT-STATUS-13, PT-STATUS-18, A-24, A-38: winning Perception vs Stealth
    ends Hidden and Surprises; that Surprised ends after one Defence roll."""
    game = make_game(heroes=[hero(mind=3, heroics={"perception": 2, "fighting": 2})],
                     vil=villain(body=1, heroics={"stealth": 1, "agility": 1}))
    game.state.characters["v1"].statuses.append("Hidden")
    game.coins.force("HHHHH" + "TT")
    game.apply(A.Perceive("p1", actor="h1", target="v1"))
    v = game.state.characters["v1"]
    assert "Hidden" not in v.statuses and "Surprised" in v.statuses
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("T" * 20)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert game.state.rolls[-1]["pool"] == 0            # 1 + 1 − 2 while Surprised
    assert "Surprised" not in game.state.characters["v1"].statuses


def test_card_surprise_lasts_its_duration_even_after_defending_PT_STATUS_13():
    """PT-STATUS-13, A-24: Surprised from a card lasts as long as the card says."""
    from engine.plottwist.effects import run

    game = make_game()
    run(game._ctx(), {"trigger": "on_play", "target": "main_villain", "duration": "this_turn",
                      "ops": [{"op": "status", "status": "Surprised"}]},
        game.state.characters["h1"], "test")
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("T" * 20)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert "Surprised" in game.state.characters["v1"].statuses
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    while game.state.combat is not None:
        game.apply(A.Pass("p1"))
        game.apply(A.Pass("gm"))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    assert "Surprised" not in game.state.characters["v1"].statuses


def test_end_stunned_or_prone_with_all_actions_PT_STATUS_8_PT_STATUS_10():
    """PT-STATUS-8, PT-STATUS-10, A-6: 2 Move + 1 Attack action end Stunned or Prone."""
    game = make_game()
    h = game.state.characters["h1"]
    h.statuses += ["Stunned", "Prone"]
    game.apply(A.EndStatus("p1", actor="h1", status="Stunned"))
    h = game.state.characters["h1"]
    assert "Stunned" not in h.statuses and (h.move, h.attack) == (0, 0)
    unchanged_on_refusal(game, A.EndStatus("p1", actor="h1", status="Prone"), "PT-STATUS-10")
    game.state.characters["h1"].move, game.state.characters["h1"].attack = 2, 1
    game.apply(A.EndStatus("p1", actor="h1", status="Prone"))
    assert "Prone" not in game.state.characters["h1"].statuses


def test_keywords_and_classes_PT_KW_1_PT_KW_7_PT_COLOR_1_PT_COLOR_2():
    """PT-KW-1, PT-KW-7, PT-COLOR-1, PT-COLOR-2: a Class is a Keyword (Red–Tank...); a
    Keyword with no intrinsic effect only meets requirements."""
    from engine.plottwist.rules.heroics import has_keyword

    game = make_game(heroes=[hero(color="Red", cls="Tank", keywords=["Rich"])])
    ch = game.state.characters["h1"]
    assert has_keyword(game._ctx(), ch, "Tank") and has_keyword(game._ctx(), ch, "Rich")
    assert C.CLASS_COLOR["tank"] == "red" and C.CLASS_COLOR["captain"] == "silver"
    assert not has_keyword(game._ctx(), ch, "Red")                  # Colors are not Keywords


def test_weapon_bonus_notation_PT_EQUIP_3_PT_EQUIP_4():
    """PT-EQUIP-3, PT-EQUIP-4: "Trauma/Stress": "0/2" Trauma +0, Stress +2; "*/1" no Trauma."""
    assert C.weapon(weapon("A", "melee", "0/2")) == ("melee", 0, 2)
    assert C.weapon(weapon("B", "ranged", "*/1")) == ("ranged", None, 1)


def test_start_of_combat_effects_PT_COMBAT_5():
    """PT-COMBAT-5: Equipment "at the beginning of Combat" acts before the Movement step."""
    shield = card("equipment", "Shield", effects=[
        {"trigger": "start_of_combat", "duration": "this_combat",
         "ops": [{"op": "cover", "amount": 1}]}])
    game = make_game(equipment={"p1": [shield]})
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    assert any(m.op["op"] == "cover" and m.target == "h1" for m in game.state.modifiers)


def test_cover_lasts_until_a_card_removes_it_PT_ARM_4():
    """PT-ARM-4: permanent Cover survives the End of Turn."""
    game = make_game()
    game.state.modifiers.append(Modifier("h1", {"op": "cover", "amount": 2}, "x", "permanent"))
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    from engine.plottwist.rules.damage import cover

    assert cover(game._ctx(), game.state.characters["h1"]) == 2


def test_stress_damage_removes_that_many_counters_PT_TRAUMA_2():
    """PT-TRAUMA-2: Stress Damage removes as many Stress counters as the Damage dealt."""
    from engine.plottwist.rules.damage import deal

    game = make_game(heroes=[hero(body=3)])
    deal(game._ctx(), game.state.characters["h1"], "physical", 4, False, None)
    assert game.state.characters["h1"].stress["physical"] == 5


def test_spirit_of_the_night_gains_power_after_interview_PT_KW_5():
    """PT-KW-5, A-43: a Spirit of the Night gains its Power in Energy after an Interview."""
    hand = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = make_game(hands={"gm": hand},
                     heroes=[hero(power=2, keywords=["Spirit of the Night"])])
    game.state.characters["v1"].hate = 0
    e = game.state.characters["h1"].energy
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.apply(A.Pursue("p1", pursue=False))
    game.coins.force("TTTT")
    game.apply(A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1"))
    assert game.state.characters["h1"].energy == e + 2


def test_heroic_groups_PT_HERC_1():
    """PT-HERC-1: the twelve Heroics (Aptitudes, Experiences, Talents) are known by name."""
    assert len(C.HEROICS) == 12 and "energy_projection" in C.HEROICS
    assert set(C.SKILLS) == {"apologist", "public_relations", "offend", "rebutt"}


def test_fixed_roll_needs_more_than_the_difficulty_PT_ROLL_2():
    """PT-ROLL-2, PT-ROLL-8: a Fixed Roll equal to the Difficulty loses (Nullify roll vs 1)."""
    from engine.plottwist.game import Game

    from .helpers import make_setup

    ev = card("event", "Smog", effects=[
        {"trigger": "on_reveal", "ops": [{"op": "gain", "counter": "hate", "amount": 1}]},
        {"trigger": "nullify", "roll": {"attribute": "mind", "ability": "hacking",
                                        "difficulty": 1}}])
    s = make_setup(heroes=[hero(mind=1, heroics={"hacking": 1})])
    s.events = [ev] + [card("event", f"Q {i}") for i in range(4)]
    game = Game.new(s)
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    e = game.state.zones["events"].cards[0]
    game.apply(A.RevealEvent("gm", card=e))
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.coins.force("HT")
    game.apply(A.NullifyRoll("p1", actor="h1", card=e))
    assert game.state.rolls[-1]["won"] is False and e not in game.state.nullified
