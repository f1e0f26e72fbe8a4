"""Colors, Requirements, Equipment in use, Details (PT-COLOR, PT-EQUIP-5, PT-DETAIL, A-44,
A-45, A-51, PT-BEL-5, PT-STATUS-3/4)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.testkit import card

from .helpers import (
    combat_card,
    hero,
    make_game,
    to_attack_step,
    to_combat_phase,
    unchanged_on_refusal,
    weapon,
)


def _game_with_card(c, hero_card):
    return make_game(heroes=[hero_card], decks={"p1": [c] * 10})


def test_colored_card_only_for_that_color_PT_COLOR_4():
    """PT-COLOR-4, PT-SETUP-4: a Red card can be used only by a Red character: Setup
    refuses it in a Blue Hero's Combat Deck, and a Red card a GM ruling hands to the Blue
    Hero is refused when played."""
    import pytest

    from engine.core.errors import RuleViolation

    red = combat_card("Red Step", "maneuver", color="Red")
    with pytest.raises(RuleViolation) as err:
        _game_with_card(red, hero(color="Blue"))
    assert err.value.clause == "PT-COLOR-4"
    game = make_game(heroes=[hero(color="Blue"), hero("Flare", color="Red")],
                     decks={"p2": [red] * 10})
    c = game.state.zones["combat_hand:p2"].cards[0]
    game.apply(A.GMRuling("gm", what="move_card", card=c, zone="combat_hand:p1"))
    to_attack_step(game, "h1", "v1")
    game.state.combat.step = "maneuver"
    unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=c), "PT-COLOR-4")


def test_golden_card_for_anyone_PT_COLOR_3():
    """PT-COLOR-3: Golden cards may be played by anyone."""
    gold = combat_card("Gold Step", "maneuver", color="Golden")
    game = _game_with_card(gold, hero(color="Blue"))
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    c = game.state.zones["combat_hand:p1"].cards[0]
    game.apply(A.PlayCombatCard("p1", actor="h1", card=c))


def test_red_card_requiring_captain_needs_both_PT_COLOR_6():
    """PT-COLOR-6, A-44, PT-BEL-8: a Red card "Requires Captain" needs a Red character that
    is a Captain (a Keyword bought with Belief counts)."""
    rc = combat_card("Red Order", "maneuver", color="Red", requires={"class": "Captain"})
    game = _game_with_card(rc, hero(color="Red", cls="Tank"))
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    c = game.state.zones["combat_hand:p1"].cards[0]
    unchanged_on_refusal(game, A.PlayCombatCard("p1", actor="h1", card=c), "PT-COLOR-6")
    game.apply(A.SpendBelief("p1", actor="h1", purpose="keyword", name="Captain"))
    game.apply(A.PlayCombatCard("p1", actor="h1", card=c))


def test_twist_color_checks_presence_not_player_PT_COLOR_5():
    """PT-COLOR-5: a colored Twist! checks for a Hero of that Color in play."""
    from engine.plottwist.modifiers import card_active

    twists = [card("twist", f"Green Wind {i}", color="Green") for i in range(10)]
    game = make_game(heroes=[hero(color="Green")], twists=twists)
    t = game.state.zones["twists_revealed"].cards[0]
    assert card_active(game._ctx(), t)
    game2 = make_game(heroes=[hero(color="Red")], twists=twists)
    assert not card_active(game2._ctx(), game2.state.zones["twists_revealed"].cards[0])


def test_one_equipment_in_use_switch_outside_attack_step_PT_EQUIP_5():
    """PT-EQUIP-5, A-45: one Equipment in use; switching is free but not in the Attack step."""
    game = make_game(equipment={"p1": [weapon("Bat", "melee", "*/1"),
                                       weapon("Gun", "ranged", "*/1")]})
    h = game.state.characters["h1"]
    gun = h.equipment[1]
    unchanged_on_refusal(game, A.UseEquipment("p1", actor="h1", card=h.equipment[0]),
                         "PT-EQUIP-5")
    to_attack_step(game, "h1", "v1")
    unchanged_on_refusal(game, A.UseEquipment("p1", actor="h1", card=gun), "PT-EQUIP-5")


def test_colored_equipment_needs_its_color_PT_COLOR_4_PT_EQUIP_1():
    """PT-EQUIP-1, PT-COLOR-4: Equipment may have a Color: Setup refuses a Red Axe for a
    Blue Hero, and a Red Axe that reached a Blue Hero (handed over by the GM) is not used."""
    import pytest

    from engine.core.errors import RuleViolation

    axe_card = weapon("Red Axe", "melee", "1/2", color="Red")
    with pytest.raises(RuleViolation) as err:
        make_game(heroes=[hero(color="Blue")],
                  equipment={"p1": [weapon("Bat", "melee", "*/1"), axe_card]})
    assert err.value.clause == "PT-COLOR-4"
    game = make_game(heroes=[hero(color="Blue"), hero("Flare", color="Red")],
                     equipment={"p1": [weapon("Bat", "melee", "*/1")], "p2": [axe_card]})
    axe = game.state.characters["h2"].equipment.pop()
    game.state.characters["h1"].equipment.append(axe)
    unchanged_on_refusal(game, A.UseEquipment("p1", actor="h1", card=axe), "PT-COLOR-4")


def _detail_game(detail, hero_card=None, heroes=None, hands=None):
    hand = ([detail] if detail else [card("detail", "Other 4")]) + [
        card("detail", f"Other {i}") for i in range(4)]
    return make_game(heroes=heroes or [hero_card or hero("Alex Smith")],
                     hands={"p1": hand, **(hands or {})})


STARE = card("detail", "The Stare", requires={"character": "Alex Smith"}, effects=[
    {"trigger": "on_play", "duration": "this_turn",
     "ops": [{"op": "immune", "resistance": "physical"}]}])


def test_detail_costs_one_belief_any_number_per_turn_PT_DETAIL_1_PT_BEL_5():
    """PT-DETAIL-1, PT-BEL-5, PT-DETAIL-2, A-13: 1 Belief per Detail; a named requirement."""
    game = _detail_game(STARE)
    belief = game.state.characters["h1"].belief
    c = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayDetail("p1", actor="h1", card=c))
    assert game.state.characters["h1"].belief == belief - 1
    assert any(m.op["op"] == "immune" for m in game.state.modifiers)
    c2 = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayDetail("p1", actor="h1", card=c2))       # not a Free action


def test_detail_requiring_another_character_refused_PT_DETAIL_2():
    """PT-DETAIL-2, PT-SETUP-3: "Requires Alex Smith" refuses anyone else: Setup keeps it
    out of Bea's Plot Hand, and Bea cannot play one the GM hands her."""
    import pytest

    from engine.core.errors import RuleViolation

    with pytest.raises(RuleViolation) as err:
        _detail_game(STARE, hero("Bea"))
    assert err.value.clause == "PT-DETAIL-2"
    game = _detail_game(None, heroes=[hero("Bea"), hero("Alex Smith")],
                        hands={"p2": [STARE] + [card("detail", f"Idea {i}") for i in range(4)]})
    c = game.state.zones["plot_hand:p2"].cards[0]
    game.apply(A.GMRuling("gm", what="move_card", card=c, zone="plot_hand:p1"))
    unchanged_on_refusal(game, A.PlayDetail("p1", actor="h1", card=c), "PT-DETAIL-2")


def test_immune_prevents_damage_PT_DMG_7():
    """The Stare (A-13): immune to Physical Damage this Turn."""
    game = _detail_game(STARE)
    c = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayDetail("p1", actor="h1", card=c))
    from engine.plottwist.rules.damage import deal

    deal(game._ctx(), game.state.characters["h1"], "physical", 3, False, None)
    assert game.state.characters["h1"].stress["physical"] == 6


def test_incapacitated_hero_belief_plays_details_at_plus_one_PT_STATUS_3_PT_STATUS_4():
    """PT-STATUS-2, PT-STATUS-3, PT-STATUS-4, A-27: an Incapacitated Hero's Belief plays
    Plots at +1; "you" is another Hero."""
    heal = card("detail", "Pep Talk", effects=[
        {"trigger": "on_play", "ops": [{"op": "gain", "counter": "energy", "amount": 2}]}])
    game = _detail_game(heal, heroes=[hero("A"), hero("B")])
    a = game.state.characters["h1"]
    a.in_play, a.out = False, "incapacitated"
    belief = a.belief
    c = game.state.zones["plot_hand:p1"].cards[0]
    e2 = game.state.characters["h2"].energy
    game.apply(A.PlayDetail("p1", actor="h1", card=c, target="h2"))
    assert game.state.characters["h1"].belief == belief - 2
    assert game.state.characters["h2"].energy == e2 + 2


def test_gm_plays_no_details_A_51():
    """PT-DETAIL-1, A-51: the GM has no Belief for Details."""
    game = make_game()
    c = game.state.zones["plot_hand:gm"].cards[0]
    unchanged_on_refusal(game, A.PlayDetail("gm", actor="v1", card=c), "PT-DETAIL-1")
