"""Pending choices and Timing Counters (issue 19, defects 9 and 10).

PT-COUNT-1/2, A-16 (cards that count Turns: the Objective's Threat, an Objective's and a
Detail's "In X Turns"); PT-OBJ-2/3, A-37 (the Objective's text once Revealed, its Threat at
all times); PT-NULL-1 (Nullify a chosen Event); PT-BYST-6/10, A-42 (a Bystander effect's
chosen target is asked for); the view lists who must choose what.
"""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.testkit import card

from .helpers import hero, make_game, to_attack_step, unchanged_on_refusal, villain


def _end_turn(game) -> None:
    for _ in range(2):
        if game.state.initiative == "heroes":
            for seat in game.state.seats:
                if seat != "gm" and game.state.initiative == "heroes":
                    game.apply(A.Pass(seat))
        game.apply(A.Pass("gm"))


def _named(game, zone, name):
    st = game.state
    return next(c for c in st.zones[zone].cards if game.cards[st.cards[c]].name == name)


def test_objective_threat_on_timing_counters_waits_PT_COUNT_1_PT_OBJ_3():
    """PT-COUNT-1, PT-OBJ-3, A-37: "the Villains win once this card has 2 Timing Counters"
    does not hold on Turn 1; the face-down Objective gains one counter each End of Turn and
    the Villains win in the End of Turn of Turn 2."""
    plan = card("objective", "Slow Burn", effects=[
        {"trigger": "on_reveal", "ops": [{"op": "question", "amount": 1}]},
        {"trigger": "threat", "condition": {"timing_counters_at_least": 2}}])
    game = make_game(objective=plan, vil=villain(power=3))
    assert game.state.winner is None
    _end_turn(game)
    assert game.state.winner is None and game.state.turn == 2
    _end_turn(game)
    assert game.state.winner == "villains" and game.state.ending == "objective"


def test_revealed_objective_runs_its_turn_effects_PT_OBJ_2_PT_COUNT_2():
    """PT-OBJ-2, PT-COUNT-2, A-37: once Revealed, the Objective's Start of Turn text runs
    every Turn, and its "In 2 Turns" effect (counted from Setup) takes place once, in the
    first End of Turn at which it is Revealed and has 2 counters."""
    plan = card("objective", "Power Grab", effects=[
        {"trigger": "on_reveal", "ops": [{"op": "question", "amount": 1}]},
        {"trigger": "threat", "condition": {"turn_at_least": 99}},
        {"trigger": "start_of_turn", "target": "main_villain",
         "ops": [{"op": "gain", "counter": "energy", "amount": 1}]},
        {"trigger": "in_turns", "turns": 2, "target": "main_villain",
         "ops": [{"op": "gain", "counter": "energy", "amount": 10}]}])
    game = make_game(objective=plan, vil=villain(power=3))
    v = game.state.characters["v1"]
    _end_turn(game)
    _end_turn(game)                                    # 2 counters, still face down
    e0 = v.energy
    game.state.objective_revealed = True
    _end_turn(game)                                    # In 2 Turns fires now; Start +1
    assert v.energy == e0 + 10 + 1
    _end_turn(game)
    assert v.energy == e0 + 10 + 2                     # once only


def test_detail_in_x_turns_takes_effect_PT_COUNT_2():
    """PT-COUNT-2, PT-DETAIL-1: a Detail's "In 1 Turn" effect takes place in the End of Turn
    after it is played, for the Hero who played it."""
    later = card("detail", "Delayed Help", effects=[
        {"trigger": "on_play", "ops": [{"op": "question", "amount": 1}]},
        {"trigger": "in_turns", "turns": 1, "ops": [{"op": "gain", "counter": "energy",
                                                      "amount": 4}]}])
    game = make_game(hands={"p1": [later] + [card("detail", f"Idea {i}") for i in range(4)]})
    h = game.state.characters["h1"]
    game.apply(A.PlayDetail("p1", actor="h1", card=_named(game, "plot_hand:p1",
                                                           "Delayed Help")))
    e0 = h.energy
    _end_turn(game)
    assert h.energy == e0 + 4
    _end_turn(game)
    assert h.energy == e0 + 4


def test_nullify_a_chosen_event_asks_which_PT_NULL_1():
    """PT-NULL-1, A-42: a Detail that Nullifies "an Event of your choice" with two Events
    face up waits for its Player's choice (listed in the view), and Nullifies that one."""
    stop = card("detail", "Pull the Plug", effects=[
        {"trigger": "on_play", "ops": [{"op": "nullify", "what": "chosen_event"}]}])
    hands = {"p1": [stop] + [card("detail", f"Idea {i}") for i in range(4)]}
    game = make_game(hands=hands)
    st = game.state
    evs = list(st.zones["events"].cards[:2])
    for e in evs:
        st.zones["events"].remove(e)
        st.zones["events_revealed"].add(e)
    detail = _named(game, "plot_hand:p1", "Pull the Plug")
    game.apply(A.PlayDetail("p1", actor="h1", card=detail))
    assert not st.nullified
    pending = game.view("table")["pending"]
    assert pending[0]["seat"] == "p1" and pending[0]["kind"] == "target"
    assert pending[0]["options"] == evs and pending[0]["card"] == detail
    unchanged_on_refusal(game, A.Pass("p1"), "PT-TERM-1")
    unchanged_on_refusal(game, A.ChooseTarget("gm", card=detail, target=evs[1]), "PT-TERM-1")
    game.apply(A.ChooseTarget("p1", card=detail, target=evs[1]))
    assert game.state.nullified == [evs[1]]
    assert game.view("p1")["pending"] == []


def test_bystander_chosen_target_is_asked_PT_BYST_6_A_42():
    """PT-BYST-6, A-42: "{R}: a Hero of your choice gains 3 Energy" — the recruiting Player
    chooses, rather than the first Hero listed getting it."""
    nurse = card("bystander", "Nurse", difficulty=1, life=1, effects=[
        {"trigger": "on_recruit", "target": "chosen_hero",
         "ops": [{"op": "gain", "counter": "energy", "amount": 3}]}])
    hand = [nurse] + [card("detail", f"Idea {i}") for i in range(4)]
    game = make_game(hands={"p1": hand}, heroes=[hero("A", mind=2, heroics={"psyche": 2}),
                                                  hero("B")])
    inst = _named(game, "plot_hand:p1", "Nurse")
    game.apply(A.PlayBystanders("p1", actor="h1", cards=(inst,)))
    to_attack_step(game, "h1", inst)
    game.coins.force("H" * 40)
    b = game.state.characters["h2"]
    e0 = b.energy
    game.apply(A.Attack("p1", actor="h1", attack_type="mental"))
    assert game.view("p2")["pending"][0]["seat"] == "p1"
    game.apply(A.ChooseTarget("p1", card=inst, target="h2"))
    assert b.energy == e0 + 3


def test_interview_in_a_combat_keeps_the_redraw_PT_CDECK_3_A_52():
    """A-52, PT-CONF-1, PT-COMBAT-12, PT-CDECK-3: an Attack card whose hit starts an
    Interview ends that Combat first, and its combatants still draw back up to 3."""
    from .helpers import combat_card

    expose = combat_card("Expose", "attack", effects=[
        {"trigger": "on_play", "ops": [{"op": "question", "amount": 1}]},
        {"trigger": "on_hit", "ops": [{"op": "interview"}]}])
    game = make_game(decks={"p1": [expose] * 10})
    to_attack_step(game, "h1", "v1", "melee")
    hand = game.state.zones["combat_hand:p1"].cards
    game.coins.force("H" * 4 + "T" * 4 + "H" * 20)      # 4 coins each: a hit
    game.apply(A.Attack("p1", actor="h1", attack_type="melee", card=hand[0]))
    st = game.state
    assert st.phase == "interview" and st.combat is None
    assert len(st.zones["combat_hand:p1"].cards) == 3


def test_a_choice_with_nobody_left_lapses_A_42():
    """A-42, PT-STATUS-1: two "a Hero of your choice" effects wait; the first, aimed at the
    second Hero, Incapacitates her; the second had only her to choose from, so it lapses
    rather than leaving the game waiting for an impossible choice."""
    blast = card("detail", "Overload", effects=[
        {"trigger": "on_play", "target": "chosen_hero",
         "ops": [{"op": "damage", "mode": "dealt", "kind": "stress", "resistance": "physical",
                  "amount": 20}]},
        {"trigger": "on_play", "target": "chosen_hero",
         "ops": [{"op": "gain", "counter": "energy", "amount": 1}]}])
    game = make_game(heroes=[hero("A"), hero("B")],
                     hands={"p1": [blast] + [card("detail", f"Idea {i}") for i in range(4)]})
    st = game.state
    inst = st.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayDetail("p1", actor="h1", card=inst))
    assert len(st.target_pending) == 2
    st.target_pending[1]["options"] = ["h2"]            # as if only B could be chosen
    game.apply(A.ChooseTarget("p1", card=inst, target="h2"))
    assert not st.characters["h2"].in_play
    assert st.target_pending == [] and game.legal_actions("p1")
