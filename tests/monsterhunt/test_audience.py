"""Audience pools and Special Attacks (MH-AUD-…, MH-R-SPECIAL, MH-R-WHEN, MH-R-FINISH,
MH-R-GMFIN, MH-R-JOKER)."""

from __future__ import annotations

import pytest

from engine.monsterhunt import actions as A
from engine.monsterhunt.rules.audience import best_hand

from .kit import AMBROSE, GHOUL, HOUND, WEIR, WIDOW, WREN, clause_of, fight, give, hand, phase


@pytest.mark.parametrize(("faces", "hand_name"), [
    (["2S", "2H"], "pair"),
    (["2S", "2H", "9C", "9D"], "two_pair"),
    (["7S", "7H", "7C", "KD"], "three"),
    (["5S", "6H", "7C", "8D", "9S"], "straight"),
    (["2H", "7H", "9H", "JH", "KH"], "flush"),
    (["4S", "4H", "4C", "QD", "QS"], "full_house"),
    (["AS", "AH", "AC", "AD", "3S"], "four"),
    (["9C", "10C", "JC", "QC", "KC"], "straight_flush"),
    (["2S", "5H", "9C", "JD", "KS"], "nothing"),
    (["5S", "6S", "7S", "8S"], "nothing"),   # four cards make no straight or flush
])
def test_the_special_attack_table_hands(faces, hand_name):
    """MH-R-SPECIAL: the best poker hand in the pool, pair up to straight flush."""
    assert best_hand(faces) == hand_name


def test_ace_low_straight_and_jokers_make_no_hand():
    """MH-R-RANK, MH-R-JOKER: A-2-3-4-5 is a straight with ace_low; a Joker pairs nothing."""
    assert best_hand(["AS", "2H", "3C", "4D", "5S"]) == "nothing"
    assert best_hand(["AS", "2H", "3C", "4D", "5S"], ace_low=True) == "straight"
    assert best_hand(["X", "X", "3C"]) == "nothing"


def test_a_full_pool_is_discarded_before_the_next_card():
    """MH-AUD-2: five cards in the Players' pool; the sixth card starts a new pool."""
    game = fight()
    phase(game, "players")
    old = give(game, "audience:players", "2S", "5H", "9C", "JD", "KS")
    card = hand(game, "p1", "3D")[0]
    game.apply(A.HeroAttack("p1", card, "e2"))
    st = game.state
    assert st.pool("players").cards == [card]
    assert set(old) <= set(st.zones["discard"].cards)


def test_a_special_attack_spends_the_whole_pool():
    """MH-AUD-3: a pair in 3 cards: one hit, all 3 cards discarded."""
    game = fight()
    phase(game, "players")
    pool = give(game, "audience:players", "8S", "8H", "2C")
    game.apply(A.SpecialAttack("p1", "e2"))
    st = game.state
    assert not st.pool("players").cards and set(pool) <= set(st.zones["discard"].cards)
    assert len(st.stack("e2")) == 3 and st.heroes["h1"].attacked


def test_no_hand_no_special_attack():
    """MH-AUD-4: a pool without a pair is refused."""
    game = fight()
    phase(game, "players")
    give(game, "audience:players", "8S", "9H")
    assert clause_of(game, A.SpecialAttack("p1", "e2")) == "MH-AUD-4"


@pytest.mark.parametrize(("faces", "left"), [
    (["8S", "8H"], 4),                       # pair: 1 hit on the Old Man's 5 cards
    (["8S", "8H", "3C", "3D"], 3),           # two pair: 2 hits
    (["8S", "8H", "8C"], 2),                 # three of a kind: 3 hits
])
def test_special_attack_hits_by_hand(faces, left):
    """MH-R-SPECIAL: pair 1, two pair 2, three of a kind 3 hits, always hitting."""
    game = fight(enemies=(GHOUL, WEIR))
    phase(game, "players")
    give(game, "audience:players", *faces)
    game.apply(A.SpecialAttack("p1", "e2"))
    assert len(game.state.stack("e2")) == left


def test_a_straight_strikes_every_foe_and_names_no_target():
    """MH-R-SPECIAL: one hit on each enemy; naming a target is refused, and the reverse."""
    game = fight(enemies=(GHOUL, HOUND, WIDOW))
    phase(game, "players")
    give(game, "audience:players", "5S", "6H", "7C", "8D", "9S")
    assert clause_of(game, A.SpecialAttack("p1", "e1")) == "MH-R-SPECIAL"
    game.apply(A.SpecialAttack("p1", ""))
    st = game.state
    assert st.enemies["e1"].out and st.enemies["e2"].out and len(st.stack("e3")) == 3
    assert len(st.pending) == 2
    game2 = fight()
    phase(game2, "players")
    give(game2, "audience:players", "8S", "8H")
    assert clause_of(game2, A.SpecialAttack("p1", "")) == "MH-R-SPECIAL"


def test_a_finishing_move_kills_a_major_threat():
    """MH-AUD-4, MH-DEF-3, MH-R-FINISH: a flush takes the Widow from 4 cards to defeated."""
    game = fight(enemies=(GHOUL, WIDOW))
    phase(game, "players")
    give(game, "audience:players", "2H", "7H", "9H", "JH", "KH")
    game.apply(A.SpecialAttack("p1", "e2"))
    st = game.state
    assert st.enemies["e2"].out and not st.stack("e2").cards
    assert st.pending and st.pending[0]["enemy"] == "e2"


def test_finishing_from_is_a_rules_option():
    """MH-R-FINISH: with finishing_from = full_house a flush is 4 hits, not a kill."""
    game = fight(enemies=(GHOUL, WEIR), finishing_from="full_house")
    phase(game, "players")
    give(game, "audience:players", "2H", "7H", "9H", "JH", "KH")
    game.apply(A.SpecialAttack("p1", "e2"))
    assert len(game.state.stack("e2")) == 1 and not game.state.enemies["e2"].out


def test_the_gms_finishing_move_on_a_hero():
    """MH-R-GMFIN: 5 hits by default, and Guard does not stop a Finishing Move."""
    game = fight(heroes=(AMBROSE, WREN))
    phase(game, "disengaged", owed=1)
    hand(game, "gm", "2S")
    give(game, "audience:gm", "4S", "4H", "4C", "QD", "QS")
    game.apply(A.SpecialAttack("gm", "h1"))
    assert game.state.heroes["h1"].hp == 7 - 5
    assert game.state.owed == 1      # MH-R-WHEN: not one of the attacks owed
    game3 = fight(gm_finisher_hits=2)
    phase(game3, "engaged")
    give(game3, "audience:gm", "4S", "4H", "4C", "QD", "QS")
    game3.apply(A.SpecialAttack("gm", "h1"))
    assert game3.state.heroes["h1"].hp == 6 - 2


def test_when_each_side_may_spend_its_pool():
    """MH-R-WHEN: the GM in phases 2 and 4 only, players in the Players' phase only, and a
    player who refreshed or is done may not."""
    game = fight()
    give(game, "audience:gm", "8S", "8H")
    give(game, "audience:players", "8S", "8H")
    phase(game, "players")
    assert clause_of(game, A.SpecialAttack("gm", "h1")) == "MH-R-WHEN"
    game.apply(A.Done("p1"))
    assert clause_of(game, A.SpecialAttack("p1", "e1")) == "MH-R-DONE"
    game.apply(A.Refresh("p2"))
    phase(game, "players")
    game.state.heroes["h2"].refreshed = True
    assert clause_of(game, A.SpecialAttack("p2", "e1")) == "MH-R-REF"
    phase(game, "engaged")
    assert clause_of(game, A.SpecialAttack("p1", "e1")) == "MH-R-WHEN"
    game.apply(A.SpecialAttack("gm", "h1"))


def test_a_joker_always_hits():
    """MH-R-JOKER: with jokers, two more per deck, and a Joker hits whatever the stats."""
    game = fight(enemies=(GHOUL, WIDOW), jokers=True)
    assert sum(1 for f in game.state.faces.values() if f == "X") == 4
    phase(game, "players")
    card = hand(game, "p1", "X")[0]
    events = game.apply(A.HeroAttack("p1", card, "e2"))
    assert next(e for e in events if e.kind == "attack").data["hit"]
    assert game.view("p1")["zones"]["audience:players"]["cards"][0]["card"]["label"] == "Joker"


def test_wren_is_a_hero_and_cannot_be_an_enemy():
    """MH-R-STATS: a hero sheet is refused as an enemy."""
    with pytest.raises(ValueError):
        fight(enemies=(WREN,))
