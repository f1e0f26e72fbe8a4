"""Bystanders, activated abilities, Gadgeteer, Perception/Hacking, Events and Nullify
(PT-BYST, PT-FREE-1, PT-ENER-8, PT-HERC-4/8/9, PT-EVENT, PT-NULL-1, PT-LAIR-2)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.testkit import card

from .helpers import (
    hero,
    make_game,
    make_setup,
    to_attack_step,
    to_combat_phase,
    unchanged_on_refusal,
    villain,
)

NURSE = card("bystander", "Nurse", difficulty=1, life=2, effects=[
    {"trigger": "on_recruit", "ops": [{"op": "gain", "counter": "energy", "amount": 2}]},
    {"trigger": "on_kill", "ops": [{"op": "gain", "counter": "hate", "amount": 2}]}])


def _bystander_game(**kw):
    hand = [NURSE] + [card("bystander", f"Guy {i}") for i in range(4)]
    return make_game(hands={"p1": hand, "gm": hand}, **kw)


def test_bystanders_played_in_start_of_turn_as_one_free_action_PT_BYST_1():
    """PT-BYST-1, PT-FREE-2: any number with one Free action, only in Start of Turn."""
    game = _bystander_game()
    hand = game.state.zones["plot_hand:p1"].cards
    game.apply(A.PlayBystanders("p1", actor="h1", cards=tuple(hand[:2])))
    assert len(game.state.zones["bystanders"]) == 2
    unchanged_on_refusal(game, A.PlayBystanders("p1", actor="h1", cards=(hand[0],)),
                         "PT-FREE-2")
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    unchanged_on_refusal(game, A.PlayBystanders("gm", actor="v1",
                                                cards=(game.state.zones["plot_hand:gm"]
                                                       .cards[0],)), "PT-BYST-1")


def test_no_two_copies_of_a_bystander_PT_BYST_2():
    """PT-BYST-2: the GM cannot play a second Nurse while one is in play."""
    game = _bystander_game()
    game.apply(A.PlayBystanders("p1", actor="h1",
                                cards=(game.state.zones["plot_hand:p1"].cards[0],)))
    game.apply(A.Pass("p1"))
    nurse = game.state.zones["plot_hand:gm"].cards[0]
    unchanged_on_refusal(game, A.PlayBystanders("gm", actor="v1", cards=(nurse,)), "PT-BYST-2")


def test_no_bystanders_at_a_lair_PT_LAIR_2():
    """PT-LAIR-2: no Bystander can be played at a Lair."""
    game = _bystander_game()
    game.state.lair = game.state.location
    unchanged_on_refusal(game, A.PlayBystanders(
        "p1", actor="h1", cards=(game.state.zones["plot_hand:p1"].cards[0],)), "PT-LAIR-2")


def test_hero_recruits_with_social_attack_PT_BYST_6():
    """PT-BYST-4, PT-BYST-5, PT-BYST-6, PT-BYST-8, A-42: a Fixed Roll against the
    Difficulty, then Damage ≥ Life; the {R} effect, then the discard."""
    game = _bystander_game(heroes=[hero(charm=3, power=2)])
    nurse = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayBystanders("p1", actor="h1", cards=(nurse,)))
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target=nurse))
    assert game.state.combat.bystander
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("p1"))
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-DIST-1")
    game.state.combat.distance = "melee"
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-BYST-6")
    energy = game.state.characters["h1"].energy
    game.coins.force("HHTT" + "HTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="social"))
    assert nurse not in game.state.zones["bystanders"].cards
    assert game.state.characters["h1"].energy == energy + 2
    assert game.state.tally["bystanders_recruited"] == 1


def test_bystander_holds_when_damage_below_life_PT_BYST_7():
    """PT-BYST-7: a Villain Kills with Mental or Physical; Damage below Life does nothing."""
    game = _bystander_game(vil=villain(body=2))
    game.apply(A.Pass("p1"))
    nurse = game.state.zones["plot_hand:gm"].cards[0]
    game.apply(A.PlayBystanders("gm", actor="v1", cards=(nurse,)))
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("p1"))
    game.apply(A.InitiateCombat("gm", actor="v1", target=nurse))
    game.state.combat.distance = "melee"
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("gm"))
    unchanged_on_refusal(game, A.Attack("gm", actor="v1", attack_type="social"), "PT-BYST-7")
    game.coins.force("HHHH" + "TT")
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert nurse in game.state.zones["bystanders"].cards


def test_activated_ability_pays_cost_once_a_turn_PT_FREE_1_PT_ENER_8():
    """PT-FREE-1, PT-FREE-2, PT-ENER-8: an activated ability is a Free action paying its
    cost (Energy counts toward the Power cap)."""
    calm = hero("Calm", power=2, effects=[
        {"trigger": "activated", "cost": {"energy": 1}, "target": "chosen_hero",
         "once": "turn", "ops": [{"op": "regenerate", "resistance": "mental", "amount": 2}]}])
    game = make_game(heroes=[calm, hero("Bea")])
    game.state.characters["h2"].stress["mental"] = 1
    c = game.state.characters["h1"].card
    game.apply(A.Activate("p1", actor="h1", card=c, index=0, target="h2"))
    assert game.state.characters["h2"].stress["mental"] == 3
    assert game.state.characters["h1"].energy_spent == 1
    unchanged_on_refusal(game, A.Activate("p1", actor="h1", card=c, index=0, target="h2"),
                         "PT-FREE-2")


def test_once_per_game_ability_PT_FREE_2():
    boom = hero("Boom", effects=[
        {"trigger": "activated", "once": "game", "ops": [{"op": "gain", "counter": "energy",
                                                          "amount": 1}]}])
    game = make_game(heroes=[boom], vil=villain(power=5))
    c = game.state.characters["h1"].card
    game.apply(A.Activate("p1", actor="h1", card=c, index=0))
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    unchanged_on_refusal(game, A.Activate("p1", actor="h1", card=c, index=0), "PT-FREE-2")


def test_gadgeteer_pays_x_for_x_ranks_PT_HERC_8():
    """PT-HERC-8, A-39: X Energy → X Ranks in another Heroic until End of Turn, X ≤ rank."""
    from engine.plottwist.rules.heroics import rank

    tinker = hero("Tinker", power=3, heroics={"gadgeteer": 2, "fighting": 1})
    game = make_game(heroes=[tinker])
    unchanged_on_refusal(game, A.Gadgeteer("p1", actor="h1", heroic="fighting", ranks=3),
                         "PT-HERC-8")
    unchanged_on_refusal(game, A.Gadgeteer("p1", actor="h1", heroic="gadgeteer", ranks=1),
                         "PT-HERC-8")
    game.apply(A.Gadgeteer("p1", actor="h1", heroic="fighting", ranks=2))
    assert rank(game._ctx(), game.state.characters["h1"], "fighting") == 3
    assert game.state.characters["h1"].energy_spent == 2


def test_six_perception_successes_peek_privately_PT_HERC_4_A_37():
    """PT-HERC-4, A-37, A-38: Successes accumulate over Fixed Rolls against 0; at 6 the
    Player peeks privately and the Objective stays face-down."""
    seer = hero("Seer", mind=3, heroics={"perception": 2})
    game = make_game(heroes=[seer], vil=villain(power=5))
    game.coins.force("HHHHT")
    game.apply(A.Investigate("p1", actor="h1", heroic="perception"))
    assert game.state.characters["h1"].perception == 4
    unchanged_on_refusal(game, A.Investigate("p1", actor="h1", heroic="perception"),
                         "PT-FREE-2")
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.coins.force("HHTTT")
    events = game.apply(A.Investigate("p1", actor="h1", heroic="perception"))
    peek = [e for e in events if e.kind == "peek"][0]
    assert peek.visible_to == ("p1",) and "Plan" in peek.text
    assert not game.state.objective_revealed
    assert all("Plan" not in line for line in game.view("p2")["log"])


def test_hacking_needs_the_heroic_PT_HERC_9():
    game = make_game()
    unchanged_on_refusal(game, A.Investigate("p1", actor="h1", heroic="hacking"), "PT-HERC-9")


def _event_game(events, heroes=None):
    s = make_setup(heroes=heroes)
    s.events = events
    from engine.plottwist.game import Game

    return Game.new(s)


STORM = card("event", "Storm", effects=[
    {"trigger": "on_reveal", "target": "all_heroes", "duration": "permanent",
     "ops": [{"op": "pool", "roll": "attack", "coins": -1}]},
    {"trigger": "nullify", "roll": {"attribute": "mind", "ability": "hacking",
                                    "difficulty": 1}}])


def test_events_flip_only_in_combat_phase_and_cap_PT_EVENT_1_PT_EVENT_2():
    """PT-EVENT-1, PT-EVENT-2, A-25, A-40: the GM flips Events in the Combat phase, at most
    as many as Heroes in play."""
    evs = [STORM] + [card("event", f"Quiet {i}") for i in range(4)]
    game = _event_game(evs)
    e0, e1 = game.state.zones["events"].cards[:2]
    game.apply(A.Pass("p1"))
    unchanged_on_refusal(game, A.RevealEvent("gm", card=e0), "PT-EVENT-2")
    game.apply(A.Pass("gm"))
    game.apply(A.RevealEvent("gm", card=e0))
    assert e0 in game.state.zones["events_revealed"].cards
    assert any(m.source == e0 for m in game.state.modifiers)
    unchanged_on_refusal(game, A.RevealEvent("gm", card=e1), "PT-EVENT-1")
    unchanged_on_refusal(game, A.RevealEvent("p1", card=e1), "PT-EVENT-1")


def test_nullify_roll_blanks_the_card_PT_NULL_1():
    """PT-EVENT-4, PT-NULL-1: winning the printed Nullify roll Nullifies the Event: it stays
    in play, its effects end."""
    evs = [STORM] + [card("event", f"Quiet {i}") for i in range(4)]
    game = _event_game(evs, heroes=[hero(mind=2, heroics={"hacking": 1})])
    e0 = game.state.zones["events"].cards[0]
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.RevealEvent("gm", card=e0))
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("p1"))   # Turn 2 Start: Heroes act first
    game.apply(A.Pass("gm"))
    game.coins.force("HHT")
    game.apply(A.NullifyRoll("p1", actor="h1", card=e0))
    assert e0 in game.state.nullified and e0 in game.state.zones["events_revealed"].cards
    assert not any(m.source == e0 for m in game.state.modifiers)


def test_nullify_condition_checked_after_every_action():
    """docs/effects.md Nullify: a condition Nullifies the card as soon as it holds."""
    cond = card("event", "Riot", effects=[
        {"trigger": "on_reveal", "ops": [{"op": "gain", "counter": "hate", "amount": 1}]},
        {"trigger": "nullify", "condition": {"bystanders_recruited_at_least": 1}}])
    game = _event_game([cond] + [card("event", f"Quiet {i}") for i in range(4)])
    e0 = game.state.zones["events"].cards[0]
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.RevealEvent("gm", card=e0))
    game.state.tally["bystanders_recruited"] = 1
    game.apply(A.Pass("gm"))
    assert e0 in game.state.nullified


def test_tactician_flag_through_attack_PT_KW_6():
    """PT-KW-6: the Tactician's first target counts as Attacked once it is Attacked."""
    game = make_game(heroes=[hero(keywords=["Tactician"])])
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("T" * 20)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert game.state.characters["h1"].attacked == ["v1"]
