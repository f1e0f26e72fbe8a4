"""Objective, Events and Twists!, Masterplan, played Heroes' Equipment (PT-OBJ-1,
PT-MPLAN-3, PT-EVENT-3, PT-TWIST-2, A-26, A-36, PT-HERO-2)."""

from __future__ import annotations

import pytest

from engine.core.errors import RuleViolation
from engine.plottwist import actions as A
from engine.plottwist.effects import _untargeted
from engine.plottwist.options import RulesOptions
from engine.plottwist.rules.rolls import pool_mods
from engine.plottwist.rules.turn import end_turn
from engine.plottwist.testkit import card

from .helpers import (
    hero,
    make_game,
    make_setup,
    to_combat_phase,
    unchanged_on_refusal,
    villain,
    weapon,
)


def test_objective_starts_face_down_and_may_require_the_first_location_PT_OBJ_1():
    """PT-OBJ-1, PT-SETUP-1: the Objective begins face-down (the Players' view has no face);
    an Objective requiring the Harbor as the first Location refuses a game at the Docks."""
    game = make_game()
    assert not game.state.objective_revealed
    seen = game.view("p1")["zones"]["objective"]
    assert not seen["revealed"] and all("card" not in c for c in seen["cards"])
    harbor = card("objective", "Harbor Heist", requires={"location": "Harbor"})
    from engine.plottwist.game import Game

    with pytest.raises(RuleViolation) as err:
        Game.new(make_setup(objective=harbor))
    assert err.value.clause == "PT-OBJ-1"
    Game.new(make_setup(objective=harbor, location=card("location", "Harbor")))


def test_masterplan_adds_one_coin_to_rolls_printed_on_the_objective_PT_MPLAN_3():
    """PT-MPLAN-3, A-36, PT-OBJ-2: the Revealed Objective gives Villains +1 attack coin;
    after a Masterplan it gives +2, and a second Masterplan does not stack."""
    obj = card("objective", "Rule the Night", effects=[
        {"trigger": "static", "target": "all_villains",
         "ops": [{"op": "pool", "roll": "attack", "coins": 1}]}])
    game = make_game(objective=obj)
    ctx = game._ctx()
    v = game.state.characters["v1"]
    assert pool_mods(ctx, v, "attack") == 0                   # face-down: text not in play
    _untargeted(ctx, {"op": "reveal_objective"}, None, "test")
    assert pool_mods(game._ctx(), v, "attack") == 1
    game.state.masterplan = True
    assert pool_mods(game._ctx(), v, "attack") == 2
    assert pool_mods(game._ctx(), game.state.characters["h1"], "attack") == 0


def test_event_reveal_effects_run_PT_EVENT_3():
    """PT-EVENT-3, PT-EVENT-2: flipping an Event in the Combat phase runs its Reveal effect:
    every Hero loses 1 Belief."""
    ev = card("event", "Bad Press", effects=[
        {"trigger": "on_reveal", "target": "all_heroes",
         "ops": [{"op": "lose", "counter": "belief", "amount": 1}]},
        {"trigger": "nullify", "roll": {"attribute": "charm", "ability": "rebutt",
                                        "difficulty": 2}}])
    game = make_game(events=[ev] + [card("event", f"E{i}") for i in range(4)])
    inst = next(c for c in game.state.zones["events"].cards
                if game.cards[game.state.cards[c]].name == "Bad Press")
    unchanged_on_refusal(game, A.RevealEvent("gm", card=inst), "PT-EVENT-2")
    belief = game.state.characters["h1"].belief
    to_combat_phase(game)
    game.apply(A.RevealEvent("gm", card=inst))
    assert game.state.characters["h1"].belief == belief - 1


def _twists(*special):
    return list(special) + [card("twist", f"Quiet {i}") for i in range(10 - len(special))]


def test_players_choose_an_eligible_twist_with_the_option_A_26_PT_TWIST_2():
    """A-26 option twist_choice="choose", PT-TWIST-1, PT-TWIST-2: nothing happens before the
    Players Reveal a Twist!; one that may be played only from Turn 3 is refused in Turn 1;
    the chosen one's Reveal effect runs."""
    late = card("twist", "Late Storm", turn=3)
    boon = card("twist", "Lucky Break", effects=[
        {"trigger": "on_reveal", "target": "all_heroes",
         "ops": [{"op": "gain", "counter": "energy", "amount": 2}]}])
    game = make_game(twists=_twists(late, boon),
                     options=RulesOptions(twist_choice="choose"))
    st = game.state
    assert st.twist_pending and not st.zones["twists_revealed"].cards
    unchanged_on_refusal(game, A.Pass("p1"), "PT-TWIST-1")
    by_name = {game.cards[st.cards[c]].name: c for c in st.zones["twists_deck"].cards}
    unchanged_on_refusal(game, A.ChooseTwist("p1", card=by_name["Late Storm"]), "PT-TWIST-2")
    unchanged_on_refusal(game, A.ChooseTwist("gm", card=by_name["Lucky Break"]),
                         "PT-SETUP-5")
    energy = st.characters["h1"].energy
    game.apply(A.ChooseTwist("p1", card=by_name["Lucky Break"]))
    st = game.state
    assert not st.twist_pending and st.characters["h1"].energy == energy + 2
    game.apply(A.Pass("p1"))                                   # play goes on


def test_twist_lasts_until_its_trigger_is_achieved_PT_TWIST_2():
    """PT-TWIST-2, PT-COUNT-2: "In 2 Turns" fires in the End of Turn of Turn 2 and the
    Twist! is then discarded; with the default option the top card is Revealed (A-26)."""
    twists = [card("twist", f"Reinforcements {i}", effects=[
        {"trigger": "in_turns", "turns": 2, "target": "all_heroes",
         "ops": [{"op": "gain", "counter": "energy", "amount": 1}]}]) for i in range(10)]
    game = make_game(twists=twists)
    st = game.state
    inst = st.zones["twists_revealed"].cards[0]
    assert len(st.zones["twists_deck"].cards) == 9
    energy = st.characters["h1"].energy
    end_turn(game._ctx())                    # Turn 2 reveals another, which waits too
    assert inst in game.state.zones["twists_revealed"]
    game.state.characters["h1"].energy_spent = 0
    end_turn(game._ctx())
    st = game.state
    assert st.characters["h1"].energy == energy + 1          # only the first fired
    assert inst not in st.zones["twists_revealed"] and inst in st.zones["discard:heroes"]


def test_played_hero_brings_its_equipment_from_the_collection_PT_HERO_2():
    """PT-HERO-2, PT-BEL-9: the Player's collection holds a Red blade and a Blue gadget; the
    Red Hero played for 5 Belief comes into play with the blade in use, not the gadget."""
    red = hero("Ember", color="red")
    blade = weapon("Red Blade", "melee", "*/1", color="red")
    gadget = card("equipment", "Blue Gadget", color="blue")
    hand = [red] + [card("detail", f"Idea {i}") for i in range(4)]
    setup = make_setup(heroes=[hero(power=3)], hands={"p1": hand}, vil=villain())
    setup.heroes[0].collection = [blade, gadget]
    from engine.plottwist.game import Game

    game = Game.new(setup)
    inst = game.state.zones["plot_hand:p1"].cards[0]
    game.state.characters["h1"].belief = 6
    game.apply(A.PlayHero("p1", actor="h1", card=inst))
    new = next(c for c in game.state.characters.values() if c.name == "Ember")
    names = [game.cards[game.state.cards[e]].name for e in new.equipment]
    assert names == ["Red Blade"] and new.in_use == new.equipment[0]
    assert len(game.state.zones["collection:p1"].cards) == 1
