"""Turns, Initiative, Free actions, combat actions, counting Turns, Twists!, Combat decks,
Hate at End of Turn, Fleeing and Surrender (PT-TURN, PT-FREE, PT-ACT, PT-COUNT, PT-TWIST,
PT-CDECK-1/2, PT-HATE-3, PT-FLEE, PT-LAIR-3)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.testkit import card

from .helpers import (
    hero,
    make_game,
    pass_players,
    to_attack_step,
    to_combat_phase,
    unchanged_on_refusal,
    villain,
)


def _end_turn(game):
    if game.state.phase == "start":
        to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))


def test_three_phases_in_order_PT_TURN_4():
    """PT-TURN-4, PT-TURN-5, PT-TURN-8: Start of Turn, Combat, End of Turn, next Turn."""
    game = make_game()
    st = game.state
    assert (st.turn, st.phase) == (1, "start")
    to_combat_phase(game)
    assert game.state.phase == "combat"
    _end_turn(game)
    assert (game.state.turn, game.state.phase) == (2, "start")
    assert any("Turn 1 — End of Turn" in line for line in game.state.log)


def test_heroes_hold_initiative_first_PT_TURN_1():
    """PT-TURN-1, PT-TURN-3, PT-FREE-3: the Heroes act first; the GM waits for their pass."""
    game = make_game(vil=villain(heroics={"stealth": 2}))
    unchanged_on_refusal(game, A.Pass("gm"), "PT-TURN-1")
    unchanged_on_refusal(game, A.Hide("gm", actor="v1"), "PT-FREE-3")
    pass_players(game)
    game.apply(A.Hide("gm", actor="v1"))


def test_twist_revealed_first_each_turn_PT_TWIST_1_PT_TURN_5():
    """PT-TWIST-1, PT-TURN-5, PT-TWIST-3: one Twist! per Start of Turn until the deck is
    empty; the count of revealed Twists! counts the Turns."""
    game = make_game(vil=villain(power=5))
    assert len(game.state.zones["twists_revealed"]) == 1
    for turn in range(2, 13):
        _end_turn(game)
        assert len(game.state.zones["twists_revealed"]) == min(turn, 10)
    assert len(game.state.zones["twists_deck"]) == 0


def test_twist_with_unmet_color_does_nothing_PT_COLOR_5():
    """PT-COLOR-5, A-26: a colored Twist! acts only if a Hero of that Color is in play."""
    boost = {"trigger": "on_reveal", "target": "all_heroes",
             "ops": [{"op": "gain", "counter": "energy", "amount": 5}]}
    twists = [card("twist", f"Red Surge {i}", color="Red", effects=[boost]) for i in range(10)]
    game = make_game(heroes=[hero(color="Blue")], twists=twists)
    assert game.state.characters["h1"].energy == 6
    game2 = make_game(heroes=[hero(color="Red")], twists=twists)
    assert game2.state.characters["h1"].energy == 11


def test_actions_renewed_every_start_of_turn_PT_ACT_2():
    """PT-ACT-2: 2 Move actions and 1 Attack action at every Start of Turn."""
    game = make_game()
    h = game.state.characters["h1"]
    h.move, h.attack = 0, 0
    _end_turn(game)
    h = game.state.characters["h1"]
    assert (h.move, h.attack) == (2, 1)


def test_never_more_than_one_attack_action_PT_ACT_3():
    """PT-ACT-3, PT-BEL-6: an Attack action can be gained only while holding none."""
    game = make_game()
    unchanged_on_refusal(game, A.SpendBelief("p1", actor="h1", purpose="attack_action"),
                         "PT-ACT-3")


def test_no_free_action_twice_a_turn_PT_FREE_2():
    """PT-FREE-2: each distinct Free action once per Turn (entering Flying)."""
    flier = hero("Skye", heroics={"flight": 2})
    game = make_game(heroes=[flier])
    game.apply(A.SetFlying("p1", actor="h1", flying=True))
    unchanged_on_refusal(game, A.SetFlying("p1", actor="h1", flying=False), "PT-FREE-2")
    _end_turn(game)
    game.apply(A.SetFlying("p1", actor="h1", flying=False))


def test_flying_needs_flight_PT_STATUS_14():
    """PT-STATUS-14, PT-HERC-14: entering Flying is a Free action of characters with Flight."""
    game = make_game()
    unchanged_on_refusal(game, A.SetFlying("p1", actor="h1", flying=True), "PT-STATUS-14")


def test_first_turn_draws_three_combat_cards_PT_CDECK_1():
    """PT-CDECK-1: each Player and the GM draw 3 in the first Start of Turn (only then)."""
    game = make_game(heroes=[hero("A"), hero("B")])
    for seat in ("gm", "p1", "p2"):
        assert len(game.state.zones[f"combat_hand:{seat}"]) == 3
        assert len(game.state.zones[f"combat_deck:{seat}"]) == 7
    _end_turn(game)
    assert len(game.state.zones["combat_hand:p1"]) == 3


def test_mulligan_once_before_first_combat_PT_CDECK_2():
    """PT-CDECK-2: once per game, before the first Combat, discard any and draw back to 3."""
    game = make_game(heroes=[hero("A"), hero("B")])
    hand = tuple(game.state.zones["combat_hand:p1"].cards[:2])
    game.apply(A.Mulligan("p1", cards=hand))
    assert len(game.state.zones["combat_hand:p1"]) == 3
    assert len(game.state.zones["discard:p1"]) == 2
    unchanged_on_refusal(game, A.Mulligan("p1", cards=()), "PT-CDECK-2")
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    unchanged_on_refusal(game, A.Mulligan("p2", cards=()), "PT-CDECK-2")


def test_villain_pays_one_hate_each_end_of_turn_PT_HATE_3():
    """PT-HATE-3, PT-TURN-8, A-15: every Villain in a Location pays exactly 1 Hate."""
    game = make_game()
    hate = game.state.characters["v1"].hate
    _end_turn(game)
    assert game.state.characters["v1"].hate == hate - 1


def test_main_villain_at_zero_hate_flees_to_a_lair_PT_FLEE_1_PT_FLEE_2():
    """PT-FLEE-1, PT-FLEE-2, PT-FLEE-4, PT-FLEE-5, PT-LAIR-3: at 0 Hate the Main Villain
    plays a Lair and Flees; the Players choose Pursuit; in the Lair no Hate is paid and the
    Villains are Surprised for the whole first Turn."""
    hand = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = make_game(hands={"gm": hand})
    game.state.characters["v1"].hate = 0
    _end_turn(game)
    st = game.state
    assert st.phase == "pursuit" and st.lair is not None
    unchanged_on_refusal(game, A.Pass("p1"), "PT-FLEE-4")
    unchanged_on_refusal(game, A.Pursue("gm", pursue=True), "PT-FLEE-4")
    game.apply(A.Pursue("p1", pursue=True))
    st = game.state
    assert st.conflict == 2 and st.turn == 2 and st.phase == "start"
    assert "Surprised" in st.characters["v1"].statuses
    _end_turn(game)
    assert game.state.characters["v1"].hate == 0                 # PT-LAIR-3: no payment
    assert "Surprised" not in game.state.characters["v1"].statuses
    assert game.state.winner is None


def test_no_pursuit_interview_and_hate_recovered_PT_FLEE_6_PT_FLEE_8():
    """PT-FLEE-6, PT-FLEE-8, PT-INTV-1, PT-INTV-3, A-33: no Pursuit: an Interview with one
    question per Location in play, then the Villain recovers all its Hate (Power ×3)."""
    hand = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = make_game(hands={"gm": hand}, vil=villain(power=3))
    game.state.characters["v1"].hate = 0
    _end_turn(game)
    game.apply(A.Pursue("p1", pursue=False))
    assert game.state.phase == "interview" and game.state.questions_left == 1
    unchanged_on_refusal(game, A.Pass("p1"), "PT-CONF-1")
    game.coins.force("TTTTT")
    game.apply(A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1"))
    assert game.state.phase == "start"
    assert game.state.characters["v1"].hate == 9
    assert game.state.lair is None and game.state.conflict == 2


def test_no_lair_means_surrender_and_heroes_win_PT_FLEE_3():
    """PT-FLEE-3, PT-GOAL-3, PT-GOAL-2: a Villain who cannot play a Lair Surrenders."""
    game = make_game()
    game.state.characters["v1"].hate = 0
    _end_turn(game)
    assert game.state.characters["v1"].out == "surrendered"
    assert game.state.winner == "heroes"


def test_this_turn_modifier_ends_at_end_of_turn_PT_COUNT_4():
    """PT-COUNT-4, PT-BEL-8, A-39: a Keyword gained "this Turn" ends in that End of Turn."""
    game = make_game()
    game.apply(A.SpendBelief("p1", actor="h1", purpose="keyword", name="Tactician"))
    from engine.plottwist.rules.heroics import has_keyword

    assert has_keyword(game._ctx(), game.state.characters["h1"], "Tactician")
    _end_turn(game)
    assert not has_keyword(game._ctx(), game.state.characters["h1"], "Tactician")


def test_for_two_turns_lasts_two_end_of_turns_PT_COUNT_1_PT_COUNT_3():
    """PT-COUNT-1, PT-COUNT-3, A-16: "for 2 Turns" begun in Turn t ends in the End of Turn
    of Turn t+1 (counter added, then compared)."""
    from engine.plottwist.rules.heroics import rank

    game = make_game()
    game.apply(A.SpendBelief("p1", actor="h1", purpose="heroic", name="agility"))
    assert rank(game._ctx(), game.state.characters["h1"], "agility") == 3
    _end_turn(game)
    assert rank(game._ctx(), game.state.characters["h1"], "agility") == 3
    _end_turn(game)
    assert rank(game._ctx(), game.state.characters["h1"], "agility") == 2


def test_in_x_turns_fires_when_counters_reach_x_PT_COUNT_2():
    """PT-COUNT-2: an "In 2 Turns" Twist! takes effect in its second End of Turn."""
    later = {"trigger": "in_turns", "turns": 2, "target": "all_heroes",
             "ops": [{"op": "gain", "counter": "energy", "amount": 4}]}
    twists = [card("twist", f"Slow Fuse {i}", effects=[later]) for i in range(10)]
    game = make_game(twists=twists)
    e0 = game.state.characters["h1"].energy
    _end_turn(game)
    assert game.state.characters["h1"].energy == e0
    _end_turn(game)
    assert game.state.characters["h1"].energy == e0 + 4       # the first Twist! fires


def test_no_action_after_the_game_ends_PT_GOAL_4():
    """PT-GOAL-4: after a win nothing more is legal."""
    game = make_game()
    game.state.characters["v1"].hate = 0
    _end_turn(game)
    assert game.legal_actions("p1") == [] and game.legal_actions("gm") == []


def test_turn_limit_option_is_a_draw():
    """Safety valve for the simulator (RulesOptions.turn_limit): a draw at the limit."""
    from engine.plottwist.options import RulesOptions

    game = make_game(options=RulesOptions(turn_limit=2))
    _end_turn(game)
    _end_turn(game)
    assert game.state.winner == "draw"


def test_combat_phase_combat_blocks_second_combat_PT_COMBAT_4():
    """PT-COMBAT-4: one Combat at a time; the next waits for the End of Combat."""
    game = make_game(heroes=[hero("A"), hero("B")])
    to_attack_step(game, "h1", "v1")
    unchanged_on_refusal(game, A.InitiateCombat("p2", actor="h2", target="v1"), "PT-COMBAT-4")
