"""Reversal of Fortunes, Crossover and Masterplan (PT-ROF, PT-XOVER, PT-MPLAN, A-19..A-22,
A-36, A-46)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.options import RulesOptions
from engine.plottwist.testkit import card

from .helpers import hero, make_game, pass_players, unchanged_on_refusal, villain


def _three(**kw):
    hand = [villain("Rival", power=2)] + [card("bystander", f"Guy {i}") for i in range(4)]
    return make_game(heroes=[hero("A", power=3), hero("B", power=3), hero("C", power=3)],
                     hands={"gm": hand}, **kw)


def test_gm_cures_up_to_heroes_in_play_per_turn_PT_ROF_1_A_19():
    """PT-ROF-1, PT-ROF-3, A-19, A-20: with reversal_cap = "total", X = Heroes in play is a
    per-Turn total; Curing removes Belief; 2 Belief give a Villain an Automatic Success."""
    game = _three(options=RulesOptions(reversal_cap="total"))
    pass_players(game)
    b = game.state.characters["h1"].belief
    game.apply(A.Reversal("gm", purpose="auto_success", payers=("h1", "h2"), target="v1"))
    assert game.state.characters["h1"].belief == b - 1
    assert game.state.characters["v1"].boosts["any"] == [0, 1]
    unchanged_on_refusal(game, A.Reversal("gm", purpose="auto_success", payers=("h1", "h3"),
                                          target="v1"), "PT-ROF-1")
    unchanged_on_refusal(game, A.Reversal("p1", purpose="auto_success", payers=("h1", "h3"),
                                          target="v1"), "PT-ROF-1")


def test_per_hero_cap_option_A_19():
    """A-19 alternative: up to X from each target Hero."""
    game = _three(options=RulesOptions(reversal_cap="per_hero"))
    pass_players(game)
    game.apply(A.Reversal("gm", purpose="auto_success", payers=("h1", "h2"), target="v1"))
    game.apply(A.Reversal("gm", purpose="auto_success", payers=("h1", "h3"), target="v1"))


def test_crossover_needs_fewer_villains_than_heroes_PT_XOVER_1_PT_XOVER_9():
    """PT-ROF-4, PT-XOVER-1, PT-XOVER-2, PT-XOVER-9, A-22, A-35: 3 Belief bring a Villain
    from the GM's Plot Hand with 6 Hate, only if Villains stay fewer than Heroes."""
    game = _three()
    pass_players(game)
    rival = game.state.zones["plot_hand:gm"].cards[0]
    game.apply(A.Reversal("gm", purpose="crossover", payers=("h1", "h2", "h3"), card=rival))
    v2 = game.state.characters["v2"]
    assert v2.crossover and v2.hate == 6 and v2.in_play
    two = make_game(heroes=[hero("A", power=3), hero("B", power=3)],
                    hands={"gm": [villain("Rival")] + [card("bystander", f"G {i}")
                                                       for i in range(4)]})
    pass_players(two)
    r = two.state.zones["plot_hand:gm"].cards[0]
    two.state.options = RulesOptions(reversal_cap="per_hero")
    unchanged_on_refusal(two, A.Reversal("gm", purpose="crossover", payers=("h1", "h1", "h2"),
                                         card=r), "PT-XOVER-9")


def test_crossover_villain_hides_at_zero_hate_and_cannot_feed_mooks_PT_XOVER_3_PT_XOVER_4():
    """PT-XOVER-3, PT-XOVER-4, PT-XOVER-5: a Crossover Villain cannot add Quantity counters
    or Sneak Attack, and Hides face down when its Hate runs out."""
    from .helpers import mook

    game = _three(mooks=[mook()])
    pass_players(game)
    rival = game.state.zones["plot_hand:gm"].cards[0]
    game.apply(A.Reversal("gm", purpose="crossover", payers=("h1", "h2", "h3"), card=rival))
    unchanged_on_refusal(game, A.SpendHate("gm", actor="v2", purpose="mooks", target="m1"),
                         "PT-HATE-5")
    game.state.characters["v2"].hate = 1
    game.apply(A.Pass("gm"))
    pass_players(game)
    game.apply(A.Pass("gm"))
    v2 = game.state.characters["v2"]
    assert not v2.in_play and v2.out == "hidden"


def test_initiative_reversal_PT_ROF_5_A_46():
    """PT-ROF-5, A-46: 4 Belief: the Villains act first for the rest of the Turn."""
    game = make_game(heroes=[hero(f"H{i}", power=3) for i in range(4)])
    game.apply(A.Reversal("gm", purpose="reverse_initiative",
                          payers=("h1", "h2", "h3", "h4")))
    assert game.state.initiative == "villains" and game.state.first == "villains"
    game.apply(A.Pass("gm"))
    pass_players(game)
    assert game.state.phase == "combat" and game.state.initiative == "villains"
    game.apply(A.InitiateCombat("gm", actor="v1", target="h1"))


def test_masterplan_needs_five_heroes_and_gives_energy_PT_MPLAN_1_PT_MPLAN_2():
    """PT-ROF-6, PT-MPLAN-1, PT-MPLAN-2, A-19: 5 Belief (so, in total mode, 5 Heroes — the
    most is 4, so only the per-Hero reading, the default, allows it); every Villain gains
    5 Energy."""
    assert RulesOptions().reversal_cap == "per_hero"
    game = make_game(heroes=[hero(f"H{i}", power=3) for i in range(4)],
                     options=RulesOptions(reversal_cap="total"))
    pass_players(game)
    unchanged_on_refusal(game, A.Reversal("gm", purpose="masterplan",
                                          payers=("h1", "h2", "h3", "h4", "h1")), "PT-ROF-1")
    game.state.options = RulesOptions(reversal_cap="per_hero")
    e = game.state.characters["v1"].energy
    game.apply(A.Reversal("gm", purpose="masterplan", payers=("h1", "h2", "h3", "h4", "h1")))
    assert game.state.characters["v1"].energy == e + 5 and game.state.masterplan


def test_lock_is_recorded_PT_ROF_2():
    """PT-ROF-2, A-46: 1 Belief Locks a Keyword or Heroic of any Hero this Turn."""
    game = _three()
    pass_players(game)
    game.apply(A.Reversal("gm", purpose="lock", payers=("h1",), target="h2", name="agility"))
    assert any(m.op["op"] == "lock" and m.target == "h2" for m in game.state.modifiers)
