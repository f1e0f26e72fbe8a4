"""The Players' phase, hits, defeat, the engaged enemies' phase, Cleanup and the decks."""

from __future__ import annotations

from engine.monsterhunt import actions as A
from engine.monsterhunt import cards as C

from .kit import (
    AMBROSE,
    DEZ,
    GHOUL,
    HOUND,
    RATS,
    WIDOW,
    WREN,
    clause_of,
    empty,
    fight,
    give,
    hand,
    phase,
    texts,
)


def test_players_attack_any_enemy_with_any_hand_cards_in_any_order():
    """MH-PLAY-1: Wren plays two cards at two enemies; not p2's card, not a defeated enemy."""
    game = fight(enemies=(HOUND, WIDOW))
    phase(game, "players")
    a, b = hand(game, "p1", "2S", "3S")
    game.apply(A.HeroAttack("p1", b, "e2"))
    game.apply(A.HeroAttack("p1", a, "e1"))
    assert not game.state.hand("p1").cards
    assert clause_of(game, A.HeroAttack("p1", game.state.hand("p2").cards[0], "e1")) \
        == "MH-PLAY-1"
    game.state.enemies["e1"].out = True
    empty(game, "stack:e1")
    give(game, "hand:p1", "4S")
    assert clause_of(game, A.HeroAttack("p1", game.state.hand("p1").cards[0], "e1")) \
        == "MH-PLAY-1"


def test_players_need_not_play():
    """MH-PLAY-2: both players are Done with full hands; the phase ends."""
    game = fight()
    phase(game, "players")
    game.apply(A.Done("p1"))
    game.apply(A.Done("p2"))
    assert game.state.phase == "engaged" and len(game.state.hand("p1")) == 3


def test_refresh_discards_the_hand_and_draws_stamina():
    """MH-REF-1, MH-R-REF: Dez (Stamina 4) with 1 card refreshes to 4, and is done."""
    game = fight(heroes=(WREN, DEZ))
    phase(game, "players")
    old = hand(game, "p2", "2S")
    game.apply(A.Refresh("p2"))
    st = game.state
    assert len(st.hand("p2")) == 4 and old[0] in st.zones["discard"].cards
    assert "p2" in st.done
    assert clause_of(game, A.HeroAttack("p2", st.hand("p2").cards[0], "e1")) == "MH-R-REF"


def test_no_refresh_after_an_attack():
    """MH-REF-2: a regular attack, or a Special Attack, bars Refresh this round."""
    game = fight()
    phase(game, "players")
    card = hand(game, "p1", "2S")[0]
    game.apply(A.HeroAttack("p1", card, "e2"))
    assert clause_of(game, A.Refresh("p1")) == "MH-REF-2"
    give(game, "audience:players", "5S", "5H")
    game.apply(A.SpecialAttack("p2", "e2"))
    assert clause_of(game, A.Refresh("p2")) == "MH-REF-2"


def test_a_hit_is_above_attack_and_below_dodge():
    """MH-HIT-1: Wren (Attack 3) on the Widow (Dodge 12): 3 misses, 4 hits, J hits, Q misses."""
    game = fight(enemies=(GHOUL, WIDOW))
    phase(game, "players")
    results = []
    for face in ("3S", "4S", "JS", "QS"):
        card = hand(game, "p1", face)[0]
        events = game.apply(A.HeroAttack("p1", card, "e2"))
        results.append(next(e.data["hit"] for e in events if e.kind == "attack"))
    assert results == [False, True, True, False]


def test_a_hit_on_a_player_costs_one_health():
    """MH-HIT-2: the Ghoul (Attack 6) hits Wren (Dodge 10) with an 8."""
    game = fight()
    phase(game, "disengaged", owed=1)
    card = hand(game, "gm", "8S")[0]
    game.apply(A.EnemyAttack("gm", "e1", card, "h1"))
    assert game.state.heroes["h1"].hp == 5


def test_a_hit_on_an_enemy_removes_a_health_card_to_the_discard():
    """MH-HIT-3, MH-R-REMOVED: the Widow's stack 4 → 3, the card face up in the discard."""
    game = fight()
    phase(game, "players")
    top = game.state.stack("e2").cards[-1]
    game.apply(A.HeroAttack("p1", hand(game, "p1", "5S")[0], "e2"))
    assert len(game.state.stack("e2")) == 3 and top in game.state.zones["discard"].cards
    assert any(c["id"] == top for c in game.view("table")["zones"]["discard"]["cards"])


def test_a_hero_at_zero_health_is_down():
    """MH-R-DOWN: his cards go, he acts no more and is no target; Health stays at 0."""
    game = fight()
    phase(game, "disengaged", owed=2)
    game.state.heroes["h1"].hp = 1
    game.apply(A.EnemyAttack("gm", "e1", hand(game, "gm", "8S", "2S")[0], "h1"))
    h1 = game.state.heroes["h1"]
    assert h1.out and h1.hp == 0 and not game.state.hand("p1").cards
    assert clause_of(game, A.EnemyAttack("gm", "e2", game.state.hand("gm").cards[0], "h1")) \
        == "MH-DIS-2"
    phase(game, "players")
    assert clause_of(game, A.Done("p1")) == "MH-R-DOWN"


def test_a_defeated_enemy_reveals_its_last_card_for_the_gm():
    """MH-DEF-1, MH-R-LASTCARD: the Ghoul's last card is revealed; the GM keeps it or not;
    nothing else happens until he says."""
    game = fight()
    phase(game, "players")
    last = game.state.stack("e1").cards[0]
    events = game.apply(A.HeroAttack("p1", hand(game, "p1", "7S")[0], "e1"))
    assert "defeated" in texts(events)
    st = game.state
    assert st.enemies["e1"].out and st.zones["reveal"].cards == [last]
    assert game.view("p2")["pending"][0]["id"] == last
    assert clause_of(game, A.Done("p1")) == "MH-R-LASTCARD"
    assert clause_of(game, A.KeepLastCard("p1", True)) == "MH-DEF-1"
    game.apply(A.KeepLastCard("gm", True))
    assert st.pool("gm").cards[-1] == last and not st.pending


def test_the_gm_may_discard_the_last_card_instead():
    """MH-DEF-1: KeepLastCard(keep=False) sends it to the discard."""
    game = fight()
    phase(game, "players")
    last = game.state.stack("e1").cards[0]
    game.apply(A.HeroAttack("p1", hand(game, "p1", "7S")[0], "e1"))
    game.apply(A.KeepLastCard("gm", False))
    assert last in game.state.zones["discard"].cards
    assert clause_of(game, A.KeepLastCard("gm", False)) == "MH-DEF-1"


def test_a_major_threat_stops_on_its_revealed_last_card():
    """MH-DEF-2, MH-DEF-3: the Widow at 1 card shows it to all; a normal hit does nothing."""
    game = fight()
    phase(game, "players")
    st = game.state
    while len(st.stack("e2")) > 1:
        game.apply(A.HeroAttack("p1", hand(game, "p1", "5S")[0], "e2"))
    last = st.stack("e2").cards[0]
    for viewer in ("p1", "table", "gm"):
        zone = game.view(viewer)["zones"]["stack:e2"]
        assert zone["cards"][0]["id"] == last and zone["revealed"] is True
    assert "revealed" not in game.view("table")["zones"]["stack:e1"]
    events = game.apply(A.HeroAttack("p1", hand(game, "p1", "6S")[0], "e2"))
    assert "MH-DEF-2" in texts(events)
    assert len(st.stack("e2")) == 1 and not st.enemies["e2"].out


def test_gm_plays_his_remaining_cards_at_players_with_face_down_cards():
    """MH-ENG-1, MH-ENG-2: Done refused while he can; no target without face-down cards."""
    game = fight()
    phase(game, "engaged")
    hand(game, "gm", "2S", "3S")
    give(game, "facedown:p1", "9S")
    assert clause_of(game, A.Done("gm")) == "MH-ENG-1"
    assert clause_of(game, A.EnemyAttack("gm", "e1", game.state.hand("gm").cards[0], "h2")) \
        == "MH-ENG-2"
    game.apply(A.EnemyAttack("gm", "e1", game.state.hand("gm").cards[0], "h1"))
    # p1's only face-down card is gone: nothing more is owed
    game.apply(A.Done("gm"))
    assert game.state.phase == "initiative"


def test_each_engaged_attack_discards_a_face_down_card():
    """MH-ENG-3: p1 with two face-down cards keeps one after an attack."""
    game = fight()
    phase(game, "engaged")
    hand(game, "gm", "2S")
    give(game, "facedown:p1", "9S", "10S")
    game.apply(A.EnemyAttack("gm", "e1", game.state.hand("gm").cards[0], "h1"))
    assert len(game.state.facedown("p1")) == 1


def test_engaged_attacks_come_from_engaged_enemies_and_leftovers_go_at_cleanup():
    """MH-R-ENG-ENEMY, MH-R-GMHAND: an enemy that attacked disengaged may not; with nobody
    to target the GM is done and his unplayed cards are discarded at Cleanup."""
    game = fight()
    phase(game, "engaged")
    game.state.enemies["e1"].disengaged = True
    left = hand(game, "gm", "2S", "3S")
    give(game, "facedown:p1", "9S")
    assert clause_of(game, A.EnemyAttack("gm", "e1", left[0], "h1")) == "MH-R-ENG-ENEMY"
    game.apply(A.EnemyAttack("gm", "e2", left[0], "h1"))
    game.apply(A.Done("gm"))
    assert left[1] in game.state.zones["discard"].cards and not game.state.hand("gm").cards


def test_cleanup_discards_the_cards_in_front_of_players():
    """MH-CLEAN-1: face-down cards go; a new round begins with the Initiative."""
    game = fight()
    phase(game, "engaged")
    placed = give(game, "facedown:p2", "9S", "10S")
    game.apply(A.Done("gm"))
    st = game.state
    assert not st.facedown("p2").cards and set(placed) <= set(st.zones["discard"].cards)
    assert st.phase == "initiative" and st.round == 2


def test_an_empty_deck_takes_back_its_own_discards():
    """MH-R-DECK-2: the Players' deck runs out; its discarded cards (not the GM's) come back."""
    game = fight(heroes=(WREN, AMBROSE))
    st = game.state
    phase(game, "players")
    empty(game, "hand:p1")
    mine = list(st.zones["players_deck"].cards)
    st.zones["players_deck"].cards = []
    gm_card = st.zones["gm_deck"].cards.pop()
    st.zones["discard"].cards = [*mine[:2], gm_card]
    st.hand("p1").cards = mine[2:]
    events = game.apply(A.Refresh("p1"))
    assert "MH-R-DECK-2" in texts(events)
    assert len(st.hand("p1")) == 3
    assert all(C.deck_of(c) == C.PLAYERS_DECK for c in st.hand("p1").cards)
    assert gm_card in st.zones["discard"].cards
    assert len(st.zones["players_deck"]) == len(mine) - 3


def test_with_nothing_to_take_back_the_draw_falls_short():
    """MH-R-DECK-2: no deck, no discards of that deck: fewer cards, and the log says so."""
    game = fight()
    st = game.state
    st.zones["discard"].cards += st.zones["gm_deck"].cards
    st.zones["gm_deck"].cards = []
    st.zones["discard"].cards = [c for c in st.zones["discard"].cards
                                 if C.deck_of(c) == C.PLAYERS_DECK]
    game.apply(A.Done("p1"))
    events = game.apply(A.Done("p2"))
    assert not st.hand("gm").cards and st.owed == 0
    assert "MH-R-DECK-2" in texts(events)


def test_played_cards_go_to_their_sides_audience_pool():
    """MH-AUD-1: a player's card to the Players' pool, the GM's to his."""
    game = fight()
    phase(game, "players")
    mine = hand(game, "p1", "2S")[0]
    game.apply(A.HeroAttack("p1", mine, "e2"))
    assert game.state.pool("players").cards == [mine]
    phase(game, "disengaged", owed=1)
    gm = hand(game, "gm", "2H")[0]
    game.apply(A.EnemyAttack("gm", "e1", gm, "h2"))
    assert game.state.pool("gm").cards == [gm]


def test_rats_and_hound_stats_come_from_the_pack():
    """MH-R-STATS: stat lines are the pack's, major-ness from its kind."""
    st = fight(enemies=(RATS, HOUND, WIDOW), heroes=(GHOUL,) and (WREN,)).state
    assert (st.enemies["e1"].attack, st.enemies["e1"].dodge) == (7, 12)
    assert not st.enemies["e2"].major and st.enemies["e3"].major
    assert (st.heroes["h1"].attack, st.heroes["h1"].stamina) == (3, 3)
