"""Fleeing with Bystanders and Crossover Villains (PT-BYST-3, PT-BYST-9, PT-BYST-10,
PT-XOVER-6..8, PT-FLEE-7, A-42), and how a game ended (state.ending)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.options import RulesOptions
from engine.plottwist.rules.statuses import incapacitate
from engine.plottwist.rules.turn import end_turn
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

PERMIT = card("detail", "Call for Backup",
              effects=[{"trigger": "on_play", "ops": [{"op": "permit_location"}]}])
CHASE = card("detail", "Chase Them Down",
             effects=[{"trigger": "on_play", "ops": [{"op": "relocate"}]}])
ROOFTOPS = card("location", "Rooftops")
DOCK_WORKER = card("bystander", "Dock Worker", difficulty=1, life=1, effects=[
    {"trigger": "on_recruit", "ops": [{"op": "gain", "counter": "energy", "amount": 1}]},
    {"trigger": "on_kill", "ops": [{"op": "gain", "counter": "energy", "amount": 2}]}])
LOOKOUT = card("bystander", "Lookout", difficulty=1, life=1, effects=[
    {"trigger": "on_recruit", "duration": "this_turn",
     "ops": [{"op": "pool", "roll": "attack", "coins": 2}]},
    {"trigger": "on_kill", "ops": [{"op": "gain", "counter": "energy", "amount": 1}]}])
LAIR = card("lair", "Hideout")


def _named(game, zone, name):
    st = game.state
    return next(c for c in st.zones[zone].cards if game.cards[st.cards[c]].name == name)


def test_flee_recruits_origin_bystanders_and_kills_the_others_PT_BYST_9_PT_BYST_10():
    """PT-BYST-9, PT-BYST-10, A-42: the Dock Worker left at Docks counts as Killed (the GM's
    Villain gains its 2 Energy), the Lookout at Rooftops, where the Villain Flees from,
    counts as Recruited; its "this Turn" bonus waits for the next Start of Turn and goes to
    the Players' Hero. Both are discarded and tallied."""
    hands = {"p1": [PERMIT, CHASE, ROOFTOPS, DOCK_WORKER, card("detail", "Idea")],
             "gm": [LAIR, LOOKOUT] + [card("bystander", f"Guy {i}") for i in range(3)]}
    game = make_game(hands=hands, vil=villain(power=3))
    game.apply(A.PlayBystanders("p1", actor="h1",
                                cards=(_named(game, "plot_hand:p1", "Dock Worker"),)))
    game.apply(A.PlayDetail("p1", actor="h1", card=_named(game, "plot_hand:p1",
                                                           "Call for Backup")))
    roof = _named(game, "plot_hand:p1", "Rooftops")
    game.apply(A.PlayLocation("p1", actor="h1", card=roof))
    game.apply(A.PlayDetail("p1", actor="h1", card=_named(game, "plot_hand:p1",
                                                           "Chase Them Down"), target=roof))
    pass_players(game)
    game.apply(A.PlayBystanders("gm", actor="v1",
                                cards=(_named(game, "plot_hand:gm", "Lookout"),)))
    v = game.state.characters["v1"]
    v.hate = 0
    v_energy = v.energy
    game.apply(A.Pass("gm"))                                   # Combat phase
    pass_players(game)
    game.apply(A.Pass("gm"))                                   # End of Turn: the Flee
    st = game.state
    assert st.phase == "pursuit"
    assert v.energy == v_energy + 2                            # Killed: the GM's Villain
    assert st.tally["bystanders_killed"] == 1 and st.tally["bystanders_recruited"] == 1
    assert not st.zones["bystanders"].cards and not st.zones["bystanders_elsewhere"].cards
    assert st.deferred                                         # the Turn effect waits
    game.apply(A.Pursue("p1", pursue=True))
    from engine.plottwist.rules.rolls import pool_mods

    assert pool_mods(game._ctx(), game.state.characters["h1"], "attack") == 2
    assert not game.state.deferred


def test_bystanders_roll_no_coins_PT_BYST_3():
    """PT-BYST-3, PT-BYST-6: Recruiting flips only the Hero's coins (attack and Damage);
    the Bystander has no Resistances and rolls nothing."""
    hand = [DOCK_WORKER] + [card("detail", f"Idea {i}") for i in range(4)]
    game = make_game(hands={"p1": hand}, heroes=[hero(mind=2, heroics={"psyche": 2})])
    inst = _named(game, "plot_hand:p1", "Dock Worker")
    game.apply(A.PlayBystanders("p1", actor="h1", cards=(inst,)))
    to_attack_step(game, "h1", inst)
    game.coins.force("H" * 40)
    game.apply(A.Attack("p1", actor="h1", attack_type="mental"))
    whos = {r["who"] for r in game.state.rolls[-2:]}
    assert whos == {"h1"} and inst in game.state.zones["discard:p1"]


def _crossover_game(lair: bool = True):
    gm = ([LAIR] if lair else []) + [villain("Rook", power=2)] + \
        [card("bystander", f"Guy {i}") for i in range(5 - 1 - int(lair))]
    game = make_game(heroes=[hero("A"), hero("B"), hero("C")], hands={"gm": gm},
                     vil=villain(power=3))
    to_combat_phase(game)
    pass_players(game)
    rook = _named(game, "plot_hand:gm", "Rook")
    game.apply(A.Reversal("gm", purpose="crossover", payers=("h1", "h2", "h3"), card=rook))
    x = next(c for c in game.state.characters.values() if c.name == "Rook")
    return game, x


def test_crossover_becomes_main_and_recovers_hate_when_main_surrenders_PT_XOVER_6():
    """PT-XOVER-6, A-21, PT-FLEE-3: with no Lair to play, the Main Villain at 0 Hate
    Surrenders; the Crossover Villain becomes Main with Power x3 Hate and the game goes
    on."""
    game, x = _crossover_game(lair=False)
    game.state.characters["v1"].hate = 0
    x.hate = 3
    end_turn(game._ctx())
    st = game.state
    assert st.characters["v1"].out == "surrendered"
    assert x.main and not x.crossover and x.hate == 6 and st.winner is None


def test_crossover_villains_follow_a_fleeing_main_villain_PT_XOVER_7():
    """PT-XOVER-7, PT-LAIR-3: the Crossover Villain Relocates with the Fleeing Main Villain
    to the Lair, and in the Lair nobody pays Hate at the End of Turn."""
    game, x = _crossover_game()
    game.state.characters["v1"].hate = 0
    end_turn(game._ctx())
    game.apply(A.Pursue("p1", pursue=True))
    st = game.state
    assert st.lair is not None and x.in_play
    hate = x.hate
    end_turn(game._ctx())
    assert x.hate == hate and x.in_play


def test_incapacitated_crossover_is_discarded_for_good_PT_XOVER_8():
    """PT-XOVER-8: an Incapacitated Crossover Villain cannot be called back by a later
    Crossover, unlike a Hidden one (PT-XOVER-4)."""
    game, x = _crossover_game()
    incapacitate(game._ctx(), x)
    assert x.out == "discarded"
    game.state.cured_this_turn = 0
    unchanged_on_refusal(game, A.Reversal("gm", purpose="crossover",
                                          payers=("h1", "h2", "h3"), card=x.id),
                         "PT-XOVER-1")


def test_out_of_a_conflict_villains_gain_nothing_but_hate_PT_FLEE_7():
    """PT-FLEE-7, PT-FLEE-6: during the Interview a Villain cannot Regenerate and an
    Apologist answer cannot go to it; only its Hate comes back when the Interview ends."""
    gm = [LAIR] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = make_game(hands={"gm": gm}, heroes=[hero(skills={"apologist": 1})],
                     vil=villain(power=2))
    v = game.state.characters["v1"]
    v.hate = 0
    v.stress["physical"] -= 2
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))
    game.apply(A.Pursue("p1", pursue=False))
    unchanged_on_refusal(game, A.Regenerate("gm", actor="v1"), "PT-FLEE-7")
    unchanged_on_refusal(game, A.Answer("p1", actor="h1", skill="apologist", number=1,
                                        target="v1"), "PT-FLEE-7")
    energy, physical = v.energy, v.stress["physical"]
    game.coins.force("HHHH")
    game.apply(A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1"))
    assert (v.energy, v.stress["physical"], v.hate) == (energy, physical, 6)


def test_how_the_game_ended_is_recorded_PT_GOAL_1_PT_GOAL_2_PT_GOAL_3():
    """PT-GOAL-2, PT-GOAL-3: a lone Main Villain with no Lair Surrenders: the Heroes win and
    the state says "surrender"; PT-GOAL-1: with every Hero Incapacitated, the Villains win
    by "heroes_incapacitated"."""
    gm = [card("bystander", f"Guy {i}") for i in range(5)]
    game = make_game(hands={"gm": gm})
    game.state.characters["v1"].hate = 0
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))
    assert game.winner == "heroes" and game.state.ending == "surrender"
    game = make_game()
    game.coins.force("HHHH" + "TTTT" + "H" * 10)         # Body 2 + Fighting 2 each
    game.state.characters["h1"].stress["physical"] = 1
    to_attack_step(game, "v1", "h1", "melee")
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert game.winner == "villains" and game.state.ending == "heroes_incapacitated"


def _two_crossovers_game():
    gm = [villain("Rook", power=2), villain("Bishop", power=1)] + \
        [card("bystander", f"Guy {i}") for i in range(3)]
    heroes = [hero(n) for n in "ABCD"]
    game = make_game(heroes=heroes, hands={"gm": gm}, vil=villain(power=3),
                     options=RulesOptions(reversal_cap="per_hero"))
    to_combat_phase(game)
    pass_players(game)
    for name, payers in (("Rook", ("h1", "h2", "h3")), ("Bishop", ("h4", "h1", "h2"))):
        inst = _named(game, "plot_hand:gm", name)
        game.apply(A.Reversal("gm", purpose="crossover", payers=payers, card=inst))
    by = {c.name: c for c in game.state.characters.values()}
    return game, by["Rook"], by["Bishop"]


def test_gm_chooses_which_villain_becomes_main_PT_XOVER_6():
    """PT-XOVER-6, A-21: the Main Villain is Incapacitated with two Crossover Villains in
    play: the GM is offered one choice per Villain, a Player is refused, nothing else
    proceeds; the chosen one becomes Main with Power x3 Hate, the other stays Crossover."""
    game, rook, bishop = _two_crossovers_game()
    incapacitate(game._ctx(), game.state.characters["v1"])
    st = game.state
    assert st.main_villain() is None and st.main_pending == [rook.id, bishop.id]
    offered = [a for a in game.legal_actions("gm")]
    assert {(type(a), a.actor) for a in offered} == {(A.ChooseMain, rook.id),
                                                    (A.ChooseMain, bishop.id)}
    assert game.legal_actions("p1") == []
    unchanged_on_refusal(game, A.ChooseMain("p1", actor=bishop.id), "PT-XOVER-6")
    unchanged_on_refusal(game, A.ChooseMain("gm", actor="h1"), "PT-XOVER-6")
    unchanged_on_refusal(game, A.Pass("gm"), "PT-XOVER-6")
    from engine.plottwist.agents import seats_to_act

    assert seats_to_act(game) == ["gm"]
    again = type(game).load(game.save(), game.cards)             # the choice is saved
    assert again.state.main_pending == [rook.id, bishop.id]
    bishop.hate = 1
    game.apply(A.ChooseMain("gm", actor=bishop.id))
    assert bishop.main and not bishop.crossover and bishop.hate == 3
    assert rook.crossover and not rook.main and st.main_pending == []
    unchanged_on_refusal(game, A.ChooseMain("gm", actor=rook.id), "PT-XOVER-6")


def test_players_and_gm_choose_you_of_fled_from_bystanders_PT_BYST_9_PT_BYST_10():
    """PT-BYST-9, PT-BYST-10, A-42: on a Flee the Players choose which Hero is "you" of the
    Recruited Dock Worker and the GM which Villain is "you" of the Killed Lookout; each
    choice is offered to the right side only and refused to the other with PT-BYST-10;
    nothing else (the Pursuit) proceeds until both are made; the chosen ones gain."""
    hands = {"p1": [DOCK_WORKER] + [card("detail", f"Idea {i}") for i in range(4)],
             "gm": [LAIR, villain("Rook", power=2), LOOKOUT, card("bystander", "Guy 1"),
                    card("bystander", "Guy 2")]}
    game = make_game(heroes=[hero("A"), hero("B"), hero("C")], hands=hands,
                     vil=villain(power=3))
    worker = _named(game, "plot_hand:p1", "Dock Worker")
    game.apply(A.PlayBystanders("p1", actor="h1", cards=(worker,)))
    st = game.state
    lookout = _named(game, "plot_hand:gm", "Lookout")               # left at another Location
    st.zone_to_change("plot_hand:gm").remove(lookout)
    st.extra_zone("bystanders_elsewhere").add(lookout)
    to_combat_phase(game)
    pass_players(game)
    rook = _named(game, "plot_hand:gm", "Rook")
    game.apply(A.Reversal("gm", purpose="crossover", payers=("h1", "h2", "h3"), card=rook))
    x = next(c for c in st.characters.values() if c.name == "Rook")
    st.characters["v1"].hate = 0
    game.apply(A.Pass("gm"))                                        # End of Turn: the Flee
    assert st.phase == "pursuit" and len(st.target_pending) == 2
    # the Recruited Dock Worker first: the Players choose among the Heroes
    assert game.legal_actions("gm") == []
    offered = game.legal_actions("p2")
    assert {(type(a), a.card, a.target) for a in offered} == {
        (A.ChooseTarget, worker, h) for h in ("h1", "h2", "h3")}
    unchanged_on_refusal(game, A.ChooseTarget("gm", card=worker, target="h2"), "PT-BYST-10")
    unchanged_on_refusal(game, A.ChooseTarget("p1", card=worker, target="v1"), "PT-BYST-10")
    unchanged_on_refusal(game, A.Pursue("p1", pursue=True), "PT-BYST-10")
    energy = {h: st.characters[h].energy for h in ("h1", "h2", "h3")}
    game.apply(A.ChooseTarget("p2", card=worker, target="h2"))
    assert st.characters["h2"].energy == energy["h2"] + 1
    assert st.characters["h1"].energy == energy["h1"]
    # the Killed Lookout: the GM chooses among the Villains
    assert game.legal_actions("p1") == []
    assert {a.target for a in game.legal_actions("gm")} == {"v1", x.id}
    unchanged_on_refusal(game, A.ChooseTarget("p1", card=lookout, target=x.id), "PT-BYST-10")
    xe = x.energy
    game.apply(A.ChooseTarget("gm", card=lookout, target=x.id))
    assert x.energy == xe + 1 and not st.target_pending
    game.apply(A.Pursue("p1", pursue=True))
