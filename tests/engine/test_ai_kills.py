"""The computer GM whose Threat counts Bystanders Killed (Feed the Furnace, docs/ai.md):
it goes after a Bystander with the character that can Kill it at the Distance it can
reach, closes in with a Movement card when only a Melee Attack can (PT-COMBAT-6/7,
PT-DIST-1, PT-BYST-7, A-42), and does not start a Combat with one it could not Attack."""

from __future__ import annotations

import pytest

from engine.plottwist import actions as A
from engine.plottwist import cards as C
from engine.plottwist.agents import seats_to_act
from engine.plottwist.ai.bystanders import (
    counts_kills,
    each_bystander,
    gm_kill_chance,
    hopeful,
    p_kill,
)
from engine.plottwist.ai.evaluate import Weights, evaluate
from engine.plottwist.ai.players import make_player
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions

HUNT = "hard:w_kill_odds=0.5,sure_kills=1,closing=1"
PLAIN = "hard:w_kill_odds=0,sure_kills=0,closing=0"       # Hard before the hunt


def _villains_to_act(core_set, seed: int = 2010) -> tuple[Game, str]:
    """Turn 1's Combat phase once the Heroes passed Initiative, the GM's Museum Curator
    (Difficulty 2, Life 2) in play. Seed 2010 deals Feed the Furnace: Grist (Melee only:
    Fighting, no Energy Projection or Psyche, A-23), the Furnace Hands (Melee only) and the
    Ash Acolytes (Psyche 1: a Mental Attack of 3 coins); the GM's Combat hand holds Sprint,
    a Movement card that makes the Distance Melee."""
    game = Game.quick(core_set, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    st = game.state
    while not (st.phase == "combat" and st.initiative == "villains"):
        game.apply(A.Pass(seats_to_act(game)[0]))
    curator = _card(game, "plot_hand:gm", "Museum Curator")
    st.zones["plot_hand:gm"].remove(curator)
    st.zones["bystanders"].add(curator)
    assert counts_kills(game)
    return game, curator


def _card(game: Game, zone: str, name: str) -> str:
    st = game.state
    return next(c for c in st.zones[zone].cards if C.name(game.cards[st.cards[c]]) == name)


def _drop_sprint(game: Game) -> None:
    st = game.state
    sprint = _card(game, "combat_hand:gm", "Sprint")
    st.zones["combat_hand:gm"].remove(sprint)
    st.zones["discard:gm"].add(sprint)


def _by_name(game: Game, name: str):
    return next(c for c in game.state.characters.values() if c.name == name)


def test_the_kill_chance_reads_who_can_attack_at_the_distance_it_can_reach(core_set):
    """PT-COMBAT-7, PT-DIST-1, PT-BYST-7: at Ranged only the Acolytes' Mental Attack can
    Kill (3 coins must beat Difficulty 2: 1 in 8, then Damage 2 of Mind 2 + 1); with a
    Movement card to close in, Grist's 10-coin Melee Attack nearly always does."""
    game, curator = _villains_to_act(core_set)
    card = game.cards[game.state.cards[curator]]
    grist = _by_name(game, "Grist")
    acolytes = _by_name(game, "Ash Acolytes")
    assert p_kill(game, grist, card, melee=False) == 0.0
    assert p_kill(game, grist, card, melee=True) > 0.9
    assert p_kill(game, acolytes, card, melee=False) == pytest.approx(1 / 8 * 3 / 4)
    with_sprint = gm_kill_chance(game, curator, card)
    _drop_sprint(game)
    without = gm_kill_chance(game, curator, card)
    assert without < 0.3 < 0.9 < with_sprint
    acolytes.statuses.append("Hidden")          # PT-STATUS-17: only Sneak Attacks
    assert gm_kill_chance(game, curator, card) < without


def test_a_bystander_in_play_counts_by_the_gms_chance_to_kill_it(core_set):
    """PT-OBJ-3, PT-BYST-7: with kill_odds, a Bystander in play is worth more towards the
    Threat to a GM that can close in on it than to one that cannot."""
    w = Weights(kill_odds=0.5)
    game, _ = _villains_to_act(core_set)
    can = evaluate(game, "villains", w)
    _drop_sprint(game)
    assert evaluate(game, "villains", w) < can


def test_the_gm_closes_in_and_kills_a_bystander_it_could_not_before(core_set):
    """Hard before the hunt: its playouts never play a Movement card, so Grist's Combat with the
    Curator looks like one he cannot finish and the GM does something else; the GM that
    closes in goes after it, plays Sprint (PT-COMBAT-6) and Kills it at Melee."""
    kills = {}
    for spec in (PLAIN, HUNT):
        game, curator = _villains_to_act(core_set)
        player = make_player(spec, core_set, seed=3, clock=False)
        d = player.move(game, "gm")
        assert d is not None
        went = d.action
        game.apply(went)
        while game.state.combat is not None:
            d = player.move(game, "gm")
            assert d is not None
            game.apply(d.action)
        kills[spec] = (isinstance(went, A.InitiateCombat) and went.target == curator,
                       game.state.tally.get("bystanders_killed", 0))
    assert kills == {PLAIN: (False, 0), HUNT: (True, 1)}
    assert make_player("hard", core_set).budget == make_player(HUNT, core_set).budget


def test_the_gm_does_not_go_after_a_bystander_it_could_not_attack(core_set):
    """PT-COMBAT-7, PT-DIST-1, A-42: without a Movement card Grist and the Furnace Hands
    could make no Kill Attack at Ranged, and a Bystander neither defends nor attacks, so
    such a Combat only ends; the Acolytes' Mental Attack stays a move."""
    game, curator = _villains_to_act(core_set)
    legal = game.legal_actions("gm")

    def goes_after(moves: list[A.Action]) -> set[str]:
        return {game.state.characters[a.actor].name for a in moves
                if isinstance(a, A.InitiateCombat) and a.target == curator}

    assert goes_after(hopeful(game, legal)) == goes_after(legal) == {
        "Grist", "Furnace Hands", "Ash Acolytes"}
    _drop_sprint(game)
    assert goes_after(hopeful(game, legal)) == {"Ash Acolytes"}
    d = make_player(HUNT, core_set, seed=3, clock=False).move(game, "gm")
    assert d is not None and goes_after([d.action]) <= {"Ash Acolytes"}


def test_the_hunt_is_the_gms_only(core_set):
    """A Hero's worlds hold sampled Objectives (PT-OBJ-1; with Grist in play every one of
    them is Feed the Furnace here): a search for the Heroes with the hunt's Budget fields
    decides and rates its move as the same search without them."""
    game = Game.quick(core_set, heroes=3, seed=2010, options=RulesOptions(turn_limit=40),
                      history=False)
    st = game.state
    while st.phase != "combat":
        game.apply(A.Pass(seats_to_act(game)[0]))
    curator = _card(game, "plot_hand:gm", "Museum Curator")
    st.zones["plot_hand:gm"].remove(curator)
    st.zones["bystanders"].add(curator)
    seat = seats_to_act(game)[0]
    assert seat != "gm" and st.initiative == "heroes"
    picks = set()
    for spec in (PLAIN, HUNT):
        d = make_player(spec, core_set, seed=5, clock=False).move(game, seat)
        assert d is not None
        picks.add((d.action, d.reason))
    assert len(picks) == 1


def test_the_gm_may_play_a_bystander_behind_the_first_of_its_hand(core_set):
    """PT-BYST-1: one Free action plays any Bystanders of the Plot Hand. Seed 1001's GM
    holds the Retired Boxer first (Difficulty 3: none of its Villains can Kill it at Ranged)
    and then the Corner Grocer; the legal list offers the Boxer only, each_bystander adds
    the Grocer, and the engine takes that play."""
    game = Game.quick(core_set, heroes=3, seed=1001, options=RulesOptions(turn_limit=40),
                      history=False)
    while "gm" not in seats_to_act(game):
        game.apply(A.Pass(seats_to_act(game)[0]))
    legal = game.legal_actions("gm")

    def plays(moves: list[A.Action]) -> set[str]:
        return {C.name(game.cards[game.state.cards[c]]) for a in moves
                if isinstance(a, A.PlayBystanders) for c in a.cards}

    assert plays(legal) == {"Retired Boxer"}
    more = each_bystander(game, legal)
    assert plays(more) == {"Retired Boxer", "Corner Grocer", "Streetcar Conductor"}
    grocer = next(a for a in more if plays([a]) == {"Corner Grocer"})
    game.apply(grocer)
    assert _card(game, "bystanders", "Corner Grocer")
