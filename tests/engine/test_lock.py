"""Lock (PT-LOCK-1, PT-ROF-2, A-2, A-46): a Locked Heroic or Keyword costs 1 Energy a use."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.rules.timing import add_modifier
from engine.plottwist.testkit import card

from .helpers import hero, make_game, to_attack_step, to_combat_phase, unchanged_on_refusal


def _locked_fighter():
    """The GM Cures 1 Belief to Lock the Hero's Fighting (PT-ROF-2), then attacks it."""
    game = make_game(heroes=[hero(power=2, heroics={"fighting": 2, "agility": 2})])
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Reversal("gm", purpose="lock", payers=("h1",), target="h1", name="fighting"))
    to_attack_step(game, "v1", "h1", "melee")
    return game


def test_locked_heroic_costs_one_energy_each_use_PT_LOCK_1_PT_ROF_2():
    """PT-LOCK-1, PT-ROF-2: Attacking with the Locked Fighting costs 1 Energy, which counts
    toward the Turn's Energy cap (A-2); defending picks the free Agility on a tie."""
    game = _locked_fighter()
    h = game.state.characters["h1"]
    energy = h.energy
    game.coins.force("T" * 40)
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert h.energy == energy                        # defended with Agility, no toll
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert h.energy == energy - 1 and h.energy_spent == 1


def test_locked_heroic_refused_without_the_energy_PT_LOCK_1():
    """PT-LOCK-1: with no Energy the Locked Heroic cannot be used, and the refusal names the
    clause; with the Turn's Energy cap reached (A-2, PT-ENER-4) likewise."""
    game = _locked_fighter()
    game.coins.force("T" * 40)
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    h = game.state.characters["h1"]
    h.energy = 0
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-LOCK-1")
    h.energy, h.energy_spent = 5, 2                   # Power 2: the cap is reached
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-LOCK-1")


def test_locked_defence_heroic_gives_no_ranks_without_energy_PT_LOCK_1():
    """PT-LOCK-1, A-49: a defender whose only defence Heroics are Locked and who cannot pay
    rolls its Attribute alone (Body 2: two coins), not Body + Rank."""
    game = make_game(heroes=[hero(body=2, heroics={"fighting": 3, "agility": 3})])
    for name in ("fighting", "agility"):
        add_modifier(game._ctx(), "h1", {"op": "lock", "what": "heroic", "name": name},
                     "test", "this_turn")
    game.state.characters["h1"].energy = 0
    to_attack_step(game, "v1", "h1", "melee")
    game.coins.force("T" * 40)
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    defence = [r for r in game.state.rolls if r["kind"] == "defense"][-1]
    assert defence["pool"] == 2


def test_locked_keyword_meets_a_requirement_only_for_energy_PT_LOCK_1():
    """PT-LOCK-1: a Detail that requires Rich is refused while Rich is Locked and the Hero
    has no Energy; with Energy it is played and costs 1 Energy more than its Belief."""
    rich = card("detail", "Buy the Block", requires={"keyword": "Rich"},
                effects=[{"trigger": "on_play", "ops": [{"op": "gain", "counter": "move",
                                                          "amount": 1}]}])
    hand = [rich] + [card("detail", f"Idea {i}") for i in range(4)]
    game = make_game(heroes=[hero(keywords=["Rich"])], hands={"p1": hand})
    add_modifier(game._ctx(), "h1", {"op": "lock", "what": "keyword", "name": "Rich"},
                 "test", "this_turn")
    inst = game.state.zones["plot_hand:p1"].cards[0]
    h = game.state.characters["h1"]
    energy, belief = h.energy, h.belief
    h.energy = 0
    unchanged_on_refusal(game, A.PlayDetail("p1", actor="h1", card=inst), "PT-LOCK-1")
    h.energy = energy
    game.apply(A.PlayDetail("p1", actor="h1", card=inst))
    assert h.energy == energy - 1 and h.belief == belief - 1
