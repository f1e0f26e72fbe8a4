"""Card triggers the engine runs by itself (docs/effects.md): on_hit of Weapons and
characters, end_of_combat, start/end of Turn on the Location, the Objective's Reveal, peeks."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.effects import run
from engine.plottwist.testkit import card

from .helpers import combat_card, hero, make_game, make_setup, to_attack_step, villain, weapon


def test_weapon_on_hit_runs_after_damage_PT_EQUIP_1():
    """PT-EQUIP-1: Equipment gives lasting benefits; a Weapon's on_hit acts when it hits."""
    stun_bat = weapon("Stun Bat", "melee", "*/1", effects=[
        {"trigger": "on_hit", "target": "opponent", "duration": "this_turn",
         "ops": [{"op": "status", "status": "Stunned"}]}])
    game = make_game(heroes=[hero(body=3)], vil=villain(body=4),
                     equipment={"p1": [stun_bat]})
    to_attack_step(game, "h1", "v1", distance="melee")
    game.coins.force("H" * 5 + "T" * 4 + "TTTT")
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert "Stunned" in game.state.characters["v1"].statuses


def test_end_of_combat_effect_of_a_played_card_PT_COMBAT_12():
    """PT-COMBAT-12: cards that refer to the end of combat take effect in that step."""
    breather = combat_card("Breather", "maneuver", cost={}, effects=[
        {"trigger": "on_play", "ops": [{"op": "gain", "counter": "energy", "amount": 1}]},
        {"trigger": "end_of_combat", "ops": [{"op": "gain", "counter": "energy",
                                              "amount": 2}]}])
    game = make_game(decks={"p1": [breather] * 10})
    to_attack_step(game, "h1", "v1")
    game.state.combat.step = "maneuver"
    e0 = game.state.characters["h1"].energy
    c = game.state.zones["combat_hand:p1"].cards[0]
    game.apply(A.PlayCombatCard("p1", actor="h1", card=c))
    for _ in range(2):
        game.apply(A.Pass("p1"))
        game.apply(A.Pass("gm"))
    assert game.state.combat.step == "end"
    assert game.state.characters["h1"].energy == e0 + 3


def test_location_end_of_turn_trigger_PT_TURN_8():
    """PT-TURN-8: cards referring to "the end of the Turn" trigger in End of Turn."""
    s = make_setup()
    s.location = card("location", "Burning Mill", effects=[
        {"trigger": "end_of_turn", "target": "all_heroes",
         "ops": [{"op": "damage", "mode": "dealt", "kind": "stress",
                  "resistance": "physical", "amount": 1}]}])
    from engine.plottwist.game import Game

    game = Game.new(s)
    p = game.state.characters["h1"].stress["physical"]
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    assert game.state.characters["h1"].stress["physical"] == p - 1


def test_reveal_objective_runs_its_reveal_effect_PT_OBJ_2():
    """PT-OBJ-2, A-37: when a card Reveals the Objective, its Reveal symbol takes effect."""
    obj = card("objective", "Big Plan", effects=[
        {"trigger": "on_reveal", "target": "all_villains",
         "ops": [{"op": "gain", "counter": "hate", "amount": 3}]},
        {"trigger": "threat", "condition": {"turn_at_least": 99}}])
    game = make_game(objective=obj)
    hate = game.state.characters["v1"].hate
    run(game._ctx(), {"trigger": "on_play", "ops": [{"op": "reveal_objective"}]},
        game.state.characters["h1"], "test")
    assert game.state.objective_revealed
    assert game.state.characters["v1"].hate == hate + 3
    assert game.view("table")["zones"]["objective"]["cards"][0]["card"]["name"] == "Big Plan"


def test_threat_met_wins_immediately_PT_OBJ_3_PT_GOAL_4():
    """PT-OBJ-3, PT-GOAL-4: as soon as the Threat holds, the Villains win."""
    obj = card("objective", "Slow Doom", effects=[
        {"trigger": "threat", "condition": {"turn_at_least": 2}}])
    game = make_game(objective=obj, vil=villain(power=5))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    assert game.state.winner == "villains"


def test_peek_objective_op_is_private_A_37():
    """A-37: a peek shows the Objective to the peeking Player only."""
    game = make_game()
    ctx = game._ctx()
    run(ctx, {"trigger": "on_play", "ops": [{"op": "peek_objective"}]},
        game.state.characters["h1"], "test")
    peek = [e for e in ctx.events if e.kind == "peek"][0]
    assert peek.visible_to == ("p1",)
    assert not game.state.objective_revealed


def test_a_gain_at_the_cap_is_logged_as_no_effect_PT_ACT_3():
    """PT-ACT-3: no more than 2 Move actions; gaining one at 2 changes nothing, and the
    log says so instead of "gains 1 move"."""
    game = make_game()
    ctx = game._ctx()
    h1 = game.state.characters["h1"]
    h1.move = 2
    run(ctx, {"trigger": "on_play", "ops": [{"op": "gain", "counter": "move", "amount": 1}]},
        h1, "test", None)
    assert h1.move == 2
    assert game.state.log[-1] == f"{h1.name} gains 0 of 1 move (no effect: already at the limit)"
    h1.move = 1
    run(ctx, {"trigger": "on_play", "ops": [{"op": "gain", "counter": "move", "amount": 2}]},
        h1, "test", None)
    assert h1.move == 2 and game.state.log[-1] == f"{h1.name} gains 1 of 2 move"
    h1.move = 0
    run(ctx, {"trigger": "on_play", "ops": [{"op": "gain", "counter": "move", "amount": 1}]},
        h1, "test", None)
    assert game.state.log[-1] == f"{h1.name} gains 1 move"


def test_threat_test_agrees_with_each_condition_PT_OBJ_3(core_set):
    """PT-OBJ-3: the Objective's Threat, asked after every action as one test per card,
    holds exactly when one of its printed threat conditions holds, for every Objective of
    the core set at every position of whole random games."""
    from engine.plottwist import cards as C
    from engine.plottwist.agents import RandomAgent
    from engine.plottwist.game import Game
    from engine.plottwist.modifiers import holds
    from engine.plottwist.rules import victory

    objectives = [c for c in core_set.cards.values() if victory.threat_conditions(c)]
    assert objectives
    seen = set()
    for seed in (1, 2, 3):
        game, agent = (Game.quick(core_set, heroes=3, seed=seed, history=False),
                       RandomAgent(seed))
        while game.winner is None and game.state.turn < 12:
            st, ctx = game.state, game._ctx()
            for obj in objectives:
                test, reads = victory._threat(obj)
                assert test is not None
                mv = st.main_villain()
                got = test(ctx, mv if reads else None, None, None, st.objective)
                want = any(holds(ctx, cond, mv, source=st.objective)
                           for cond in victory.threat_conditions(obj))
                assert got == want, (C.name(obj), st.turn)
                seen.add(want)
            action = agent.act(game)
            if action is None:
                break
            game.apply(action, checked=agent.checked)
    assert seen == {True, False}
