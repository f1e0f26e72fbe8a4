"""The Heroes against a Threat with a deadline (ai/deadline.py): "from Turn N on, if ..."
(PT-OBJ-3) is met as Turn N begins if its other parts hold then, so the nearer Turn N, the
more the Heroes' evaluation leans on the one way out, the Main Villain's Stress."""

from __future__ import annotations

import pytest

from engine.plottwist import actions as A
from engine.plottwist.agents import seats_to_act
from engine.plottwist.ai.deadline import pressure
from engine.plottwist.ai.evaluate import DEFAULT, Weights, evaluate, progress
from engine.plottwist.ai.players import make_player
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions

FORECLOSE, EMBERS = 1000, 2001     # quick deals: Foreclose the City, Night of Embers


def combat_phase(core_set, seed: int) -> Game:
    """Turn 1's Combat phase once the Start of Turn is passed, the Heroes to act."""
    game = Game.quick(core_set, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    while not (game.state.phase == "combat" and "gm" not in seats_to_act(game)):
        game.apply(A.Pass(seats_to_act(game)[0]))
    return game


def objective(game: Game) -> str:
    st = game.state
    return str(game.cards[st.cards[st.objective]].name)


def press(game: Game) -> float:
    return pressure(game, lambda g, c: progress(g, c, DEFAULT))


def test_foreclose_the_city_presses_harder_each_turn_while_the_villain_keeps_his_hate(core_set):
    """PT-HATE-3, PT-OBJ-3: 8 Hate from Turn 6 on; Hate the Villain will still hold after
    paying 1 each End of Turn meets it, so only the Turns left count."""
    game = combat_phase(core_set, FORECLOSE)
    assert objective(game) == "Foreclose the City"
    st = game.state
    mv = st.main_villain()
    assert mv is not None
    mv.hate = 15
    seen = []
    for turn in (1, 3, 5):
        st.turn = turn
        seen.append(press(game))
    assert seen == pytest.approx([1 / 5, 1 / 3, 1.0])


def test_hate_the_villain_spends_before_the_deadline_lowers_the_pressure(core_set):
    """PT-HATE-3, PT-HATE-5: at Turn 3 a Villain with 9 Hate will hold 6 as Turn 6 begins,
    short of 8; in a Lair he pays nothing and keeps his 9 (PT-LAIR-3)."""
    game = combat_phase(core_set, FORECLOSE)
    st = game.state
    mv = st.main_villain()
    assert mv is not None
    st.turn, mv.hate = 3, 9
    assert press(game) == pytest.approx(6 / 8 / 3)
    st.lair = "somewhere"
    assert press(game) == pytest.approx(1 / 3)


def test_night_of_embers_counts_the_events_the_gm_can_still_flip(core_set):
    """PT-EVENT-1/2, A-40: 2 Events face up from Turn 8 on; with 3 Heroes in play the GM
    can flip 2 whenever he likes, so the deadline holds already; with 1 Hero left only
    the Events already face up count (and none are)."""
    game = combat_phase(core_set, EMBERS)
    assert objective(game) == "Night of Embers"
    st = game.state
    st.turn = 4
    assert st.tally.get("events_revealed", 0) == 0
    assert press(game) == pytest.approx(1 / 4)
    for h in st.heroes()[1:]:
        h.in_play = False
    assert press(game) == 0.0


def test_the_deadline_leans_only_the_heroes_evaluation_on_the_villains_stress(core_set):
    """With the weight on, a Hero sees a hurt Villain as worth more the nearer Turn 6 is;
    the GM's evaluation (the Hard GM, Greedy) is not touched."""
    game = combat_phase(core_set, FORECLOSE)
    st = game.state
    mv = st.main_villain()
    assert mv is not None
    w = Weights(deadline=1.0)
    st.turn = 5
    fresh = evaluate(game, "heroes", w)
    mv.stress["physical"] = 2
    gain_late = evaluate(game, "heroes", w) - fresh
    assert evaluate(game, "villains", w) == evaluate(game, "villains", DEFAULT)
    mv.stress["physical"] = 9
    st.turn = 1
    fresh = evaluate(game, "heroes", w)
    mv.stress["physical"] = 2
    gain_early = evaluate(game, "heroes", w) - fresh
    plain = evaluate(game, "heroes", DEFAULT)
    mv.stress["physical"] = 9
    gain_plain = plain - evaluate(game, "heroes", DEFAULT)
    assert gain_late > gain_early > gain_plain > 0


def embers_turn_seven(core_set) -> Game:
    """Seed 2004 (Night of Embers), the Heroes holding Initiative in the Combat phase
    (PT-TURN-6), set at Turn 7: with 3 Heroes the GM can flip 2 Events whenever he likes,
    so Turn 8 loses the game unless Mother Cinder falls first (PT-OBJ-3, PT-EVENT-1)."""
    game = combat_phase(core_set, 2004)
    assert objective(game) == "Night of Embers"
    game.state.turn = 7
    return game


def test_a_hero_goes_after_the_villain_when_the_deadline_is_next_turn(core_set):
    """PT-OBJ-3, PT-COMBAT-1: with the Threat due next Turn a good group attacks the Main
    Villain, the only way out; Hard without its deadline weight passes more often, keeping
    its Stress for a Turn 8 that never comes (7 and 5 of ten player seeds, same position)."""
    game = embers_turn_seven(core_set)
    mv = game.state.main_villain()
    assert mv is not None

    def goes_after_villain(spec: str) -> int:
        n = 0
        for seed in range(10):
            d = make_player(spec, core_set, seed=seed, clock=False).move(game, "p1")
            assert d is not None
            n += isinstance(d.action, A.InitiateCombat) and d.action.target == mv.id
        return n

    leaning, plain = goes_after_villain("hard"), goes_after_villain("hard:w_deadline=0")
    assert leaning >= 7 and leaning > plain
