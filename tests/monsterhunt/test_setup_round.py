"""Setup, the round's phases, Initiative and the disengaged enemies' phase."""

from __future__ import annotations

import pytest

from engine.monsterhunt import actions as A
from engine.monsterhunt import cards as C
from engine.monsterhunt.game import Game
from engine.monsterhunt.rules.setup import Setup

from .kit import DEZ, GHOUL, HOUND, RATS, WIDOW, WREN, clause_of, fight, give, hand, phase


def test_enemy_health_stacks_are_face_down_cards_from_the_gm_deck():
    """MH-SETUP-1: one card per Health point, one pile per enemy, face down for everyone."""
    game = fight(enemies=(GHOUL, WIDOW))
    st = game.state
    assert len(st.stack("e1")) == 1 and len(st.stack("e2")) == 4
    assert all(C.deck_of(c) == C.GM_DECK for c in st.stack("e2").cards)
    assert len(st.zones["gm_deck"]) == 52 - 5
    for viewer in ("gm", "p1", "table"):
        assert all("back" in c for c in game.view(viewer)["zones"]["stack:e2"]["cards"])


def test_each_player_draws_his_stamina():
    """MH-SETUP-2: Wren has Stamina 3, Dez 4."""
    game = fight(heroes=(WREN, DEZ))
    assert len(game.state.hand("p1")) == 3 and len(game.state.hand("p2")) == 4
    assert len(game.state.zones["players_deck"]) == 52 - 7


def test_a_hand_is_seen_by_its_player_only():
    """MH-SETUP-3: p1 sees his faces; p2, the GM and the projector see backs."""
    game = fight()
    mine = game.view("p1")["zones"]["hand:p1"]["cards"]
    assert all("card" in c for c in mine)
    for viewer in ("p2", "gm", "table"):
        cards = game.view(viewer)["zones"]["hand:p1"]["cards"]
        assert cards and all("back" in c and "card" not in c for c in cards)
        assert not {c["id"] for c in cards} & set(game.state.hand("p1").cards)
    gm_cards = game.view("p1")["zones"]["gm_hand"]
    assert gm_cards["visibility"] == "gm"


def test_seats_and_fight_size():
    """MH-R-SEATS: 1-4 heroes, at least one enemy; an unknown seat is refused."""
    with pytest.raises(ValueError):
        Game.new(Setup((WREN,) * 5, (GHOUL,)))
    with pytest.raises(ValueError):
        Game.new(Setup((WREN,), ()))
    assert clause_of(fight(), A.Done("p7")) == "MH-R-SEATS"


def test_two_standard_decks_are_generated():
    """MH-R-DECK-1: 52 faces each, four suits of 2..A, no Jokers by default."""
    st = fight().state
    for deck in (C.GM_DECK, C.PLAYERS_DECK):
        faces = sorted(f for c, f in st.faces.items() if C.deck_of(c) == deck)
        assert faces == sorted(C.faces(False)) and len(set(faces)) == 52


def test_card_values():
    """MH-R-RANK: 2..10 by number, J 11, Q 12, K 13, A 14; A 1 with ace_low."""
    assert [C.value(f) for f in ("2S", "10H", "JD", "QC", "KS", "AH")] == [2, 10, 11, 12, 13, 14]
    assert C.value("AH", ace_low=True) == 1
    assert fight(ace_low=True).state.options.ace_low


def test_a_round_runs_its_five_phases_in_order():
    """MH-ROUND-1, MH-R-DONE: Initiative → disengaged → Players → engaged → Cleanup → Initiative."""
    game = fight()
    seen = [game.state.phase]
    game.apply(A.Done("p1"))
    assert game.state.phase == "initiative"      # p2 is not done yet
    game.apply(A.Done("p2"))
    seen.append(game.state.phase)
    st = game.state
    for e, target in zip(("e1", "e2"), ("h1", "h2"), strict=True):
        game.apply(A.EnemyAttack("gm", e, st.hand("gm").cards[0], target))
    game.apply(A.Done("gm"))
    seen.append(game.state.phase)
    game.apply(A.Done("p1"))
    game.apply(A.Done("p2"))
    seen.append(game.state.phase)
    game.apply(A.Done("gm"))
    seen.append(game.state.phase)
    assert seen == ["initiative", "disengaged", "players", "engaged", "initiative"]
    assert game.state.round == 2
    # an enemy's attack in the wrong phase
    assert clause_of(game, A.EnemyAttack("gm", "e1", "g1", "h1")) == "MH-ROUND-1"


def test_done_belongs_to_the_side_whose_phase_it_is():
    """MH-R-DONE: players end their phases, the GM his; nobody is done twice."""
    game = fight()
    assert clause_of(game, A.Done("gm")) == "MH-R-DONE"
    game.apply(A.Done("p1"))
    assert clause_of(game, A.Done("p1")) == "MH-R-DONE"
    game.apply(A.Done("p2"))
    assert clause_of(game, A.Done("p1")) == "MH-R-DONE"


def test_engaging_places_a_hand_card_face_down():
    """MH-INIT-1: in the Initiative, by a player; the face is his alone."""
    game = fight()
    card = game.state.hand("p1").cards[0]
    game.apply(A.Engage("p1", card))
    assert game.state.facedown("p1").cards == [card]
    assert "card" in game.view("p1")["zones"]["facedown:p1"]["cards"][0]
    assert "back" in game.view("p2")["zones"]["facedown:p1"]["cards"][0]
    assert clause_of(game, A.Engage("gm", card)) == "MH-INIT-1"
    phase(game, "players")
    assert clause_of(game, A.Engage("p1", game.state.hand("p1").cards[0])) == "MH-INIT-1"


def test_any_number_of_face_down_cards_or_none():
    """MH-INIT-2: a whole hand against one enemy, or no card at all."""
    game = fight(enemies=(GHOUL,))
    for card in list(game.state.hand("p1").cards):
        game.apply(A.Engage("p1", card))
    assert len(game.state.facedown("p1")) == 3 and not game.state.hand("p1").cards
    game.apply(A.Done("p2"))
    game.apply(A.Done("p1"))
    assert game.state.phase == "disengaged"


def test_only_in_front_of_himself():
    """MH-INIT-3: p1 cannot place p2's card."""
    game = fight()
    assert clause_of(game, A.Engage("p1", game.state.hand("p2").cards[0])) == "MH-INIT-3"


def test_gm_draws_one_per_player_and_one_per_disengaged_enemy():
    """MH-INIT-4, MH-R-ENGAGE: 1 face-down card among 3 enemies: 2 disengaged, 2 + 2 cards."""
    game = fight(enemies=(GHOUL, RATS, HOUND))
    game.apply(A.Engage("p1", game.state.hand("p1").cards[0]))
    game.apply(A.Done("p1"))
    game.apply(A.Done("p2"))
    assert len(game.state.hand("gm")) == 4
    assert game.state.owed == 2


def test_engaged_enemies_are_at_most_the_enemies():
    """MH-R-ENGAGE: 5 face-down cards against 2 enemies engage both: no disengaged attack."""
    game = fight(heroes=(DEZ, WREN))
    for card in list(game.state.hand("p1").cards):
        game.apply(A.Engage("p1", card))
    game.apply(A.Engage("p2", game.state.hand("p2").cards[0]))
    game.apply(A.Done("p1"))
    game.apply(A.Done("p2"))
    assert len(game.state.hand("gm")) == 2 and game.state.owed == 0
    game.apply(A.Done("gm"))
    assert game.state.phase == "players"


def test_down_heroes_do_not_count_for_the_gm_draw():
    """MH-R-PLAYERS: with p2 down, the GM draws 1 for p1 plus the disengaged enemies."""
    game = fight(enemies=(GHOUL,))
    game.state.heroes["h2"].hp = 0
    game.state.heroes["h2"].out = True
    hand(game, "p2")
    game.apply(A.Done("p1"))
    assert len(game.state.hand("gm")) == 2


def test_gm_owes_one_attack_per_disengaged_enemy_each_by_a_different_enemy():
    """MH-DIS-1, MH-R-ENGAGE: Done refused while owed; the same enemy twice refused."""
    game = fight()
    game.apply(A.Done("p1"))
    game.apply(A.Done("p2"))
    st = game.state
    assert st.owed == 2
    assert clause_of(game, A.Done("gm")) == "MH-DIS-1"
    game.apply(A.EnemyAttack("gm", "e1", st.hand("gm").cards[0], "h1"))
    assert clause_of(game, A.EnemyAttack("gm", "e1", st.hand("gm").cards[0], "h1")) \
        == "MH-R-ENGAGE"
    game.apply(A.EnemyAttack("gm", "e2", game.state.hand("gm").cards[0], "h1"))
    # two more cards (one per player) wait for phase 4; no third disengaged attack
    assert clause_of(game, A.EnemyAttack("gm", "e1", game.state.hand("gm").cards[0], "h2")) \
        == "MH-DIS-1"
    game.apply(A.Done("gm"))


def test_disengaged_enemies_may_target_any_player():
    """MH-DIS-2: a hero without face-down cards is a fair target; a down one is not."""
    game = fight()
    phase(game, "disengaged", owed=2)
    hand(game, "gm", "2S", "3S")
    game.apply(A.EnemyAttack("gm", "e1", game.state.hand("gm").cards[0], "h2"))
    game.state.heroes["h1"].hp = 0
    game.state.heroes["h1"].out = True
    hand(game, "p1")
    assert clause_of(game, A.EnemyAttack("gm", "e2", game.state.hand("gm").cards[0], "h1")) \
        == "MH-DIS-2"


def test_a_short_gm_hand_owes_fewer_attacks():
    """MH-R-DIS-SHORT: 2 disengaged enemies, 1 card: 1 attack owed."""
    game = fight()
    phase(game, "disengaged", owed=2)
    hand(game, "gm", "2S")
    game.apply(A.EnemyAttack("gm", "e1", game.state.hand("gm").cards[0], "h1"))
    game.apply(A.Done("gm"))
    assert game.state.phase == "players"


def test_gm_hand_face_never_leaves_for_players():
    """MH-SETUP-3 (the GM's side): the GM's hand shows backs to players and the projector."""
    game = fight()
    give(game, "gm_hand", "QS")
    for viewer in ("p1", "table"):
        assert all("back" in c for c in game.view(viewer)["zones"]["gm_hand"]["cards"])
    assert "card" in game.view("gm")["zones"]["gm_hand"]["cards"][0]


def test_two_enemies_from_one_sheet_are_told_apart_by_a_letter():
    """MH-SETUP-1: one pile per enemy; two enemies of the same sheet are two enemies, named
    "… A" and "… B" so a menu or a log line says which one is meant."""
    game = Game.new(Setup((WREN,), (GHOUL, HOUND, GHOUL)))
    names = [e.name for e in game.state.enemies.values()]
    assert names[0].endswith(" A") and names[2].endswith(" B") and names[0][:-2] == names[2][:-2]
    assert not names[1].endswith((" A", " B"))
    from engine.monsterhunt.legal import candidates

    labels = {a.label for a in candidates(game, "p1") if a.kind == "special_attack"}
    assert f"Special Attack on {names[0]}" in labels and f"Special Attack on {names[2]}" in labels
