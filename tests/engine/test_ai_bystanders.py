"""Computer players and Bystanders (docs/ai.md): a Bystander is played for its Recruit
reward when that is worth more than what its Kill would give the GM (PT-BYST-1/6/7, A-42),
valued from the card's own effects."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist import cards as C
from engine.plottwist.ai.evaluate import evaluate
from engine.plottwist.ai.players import GreedyPlayer
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions


def _deal(core_set, seed: int = 1003) -> Game:
    # seed 1003: p2 holds Night-Shift Nurse ({R}: Regenerate 3 Physical; {K}: 2 Hate)
    # first, then Power-Line Worker and Lost Schoolchild; the Heroes are to act in Turn 1's
    # Start of Turn
    return Game.quick(core_set, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)


def _card(game: Game, seat: str, name: str) -> str:
    st = game.state
    return next(c for c in st.zones[f"plot_hand:{seat}"].cards
                if C.name(game.cards[st.cards[c]]) == name)


def _hero(game: Game, seat: str):
    return next(h for h in game.state.heroes() if h.seat == seat)


def test_a_battered_hero_rates_playing_the_nurse_over_passing_a_fresh_one_does_not(core_set):
    """PT-BYST-1, PT-BYST-6: the Nurse's Recruit gives 3 Physical Stress back, worth it to
    a Hero at 3 Physical with no Energy left; to a fresh Hero it gives nothing, and its
    Kill would give the Villain 2 Hate, so a fresh Hero rates keeping it in hand higher."""

    def rated(game: Game) -> tuple[float, float]:
        legal = game.legal_actions("p2")
        nurse = _card(game, "p2", "Night-Shift Nurse")
        scores = GreedyPlayer(core_set, seed=5).scores(game.view("p2", tracking=True), legal)
        play = next(s for a, s in zip(legal, scores, strict=True)
                    if isinstance(a, A.PlayBystanders) and a.cards == (nurse,))
        keep = next(s for a, s in zip(legal, scores, strict=True) if isinstance(a, A.Pass))
        return play, keep

    game = _deal(core_set)
    play, keep = rated(game)
    assert play < keep
    hero = _hero(game, "p2")
    hero.stress["physical"] = 3
    hero.energy = 0          # no Energy to buy the Stress back itself (PT-ENER-5)
    play, keep = rated(game)
    assert play > keep and game.state.phase == "start"


def test_a_bystander_in_play_holds_its_rewards_for_both_sides(core_set):
    """PT-BYST-6/7: with the Nurse in play, the Heroes' position is better when a Hero is
    battered (its Recruit is worth 3 Stress), and worse than with it in hand when every
    Hero is fresh (only its Kill, 2 Hate, is worth anything)."""
    game = _deal(core_set)
    st = game.state
    nurse = _card(game, "p2", "Night-Shift Nurse")
    in_hand = evaluate(game, "heroes")
    st.zones["plot_hand:p2"].remove(nurse)
    st.zones["bystanders"].add(nurse)
    assert evaluate(game, "heroes") < in_hand
    _hero(game, "p2").stress["physical"] = 3
    played = evaluate(game, "heroes")
    st.zones["bystanders"].remove(nurse)
    st.zones["plot_hand:p2"].add(nurse)
    assert played > evaluate(game, "heroes")
