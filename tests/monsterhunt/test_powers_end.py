"""Powers (MH-POW-1, MH-R-POW-…) and the end of the fight (MH-R-WIN, MH-R-LIMIT)."""

from __future__ import annotations

from engine.monsterhunt import actions as A

from .kit import (
    AMBROSE,
    DEZ,
    GHOUL,
    HOUND,
    IVO,
    RATS,
    WEIR,
    WIDOW,
    WREN,
    clause_of,
    fight,
    hand,
    phase,
)


def test_aim_lowers_the_attack_once_per_round():
    """MH-POW-1, MH-R-POW-AIM: Wren (Attack 3, Aim 2) hits the Widow with a 2 when aiming;
    not twice in a round; Dez has no Aim."""
    game = fight(heroes=(WREN, DEZ))
    phase(game, "players")
    game.apply(A.HeroAttack("p1", hand(game, "p1", "2S")[0], "e2", power=True))
    assert len(game.state.stack("e2")) == 3
    assert clause_of(game, A.HeroAttack("p1", hand(game, "p1", "2H")[0], "e2", True)) \
        == "MH-R-POW-AIM"
    assert clause_of(game, A.HeroAttack("p2", game.state.hand("p2").cards[0], "e2", True)) \
        == "MH-R-POW-AIM"


def test_enemies_activate_powers_too():
    """MH-POW-1: the Ghoul (Attack 6, Aim 1) hits Wren (Dodge 10) with a 6 when aiming."""
    game = fight()
    phase(game, "disengaged", owed=1)
    game.apply(A.EnemyAttack("gm", "e1", hand(game, "gm", "6S")[0], "h1", power=True))
    assert game.state.heroes["h1"].hp == 5


def test_guard_ignores_the_first_hit_each_round():
    """MH-R-POW-GUARD: the Rats ignore the first hit, fall to the second."""
    game = fight(heroes=(DEZ, WREN), enemies=(RATS,))
    phase(game, "players")
    game.apply(A.HeroAttack("p1", hand(game, "p1", "5S")[0], "e1"))
    assert not game.state.enemies["e1"].out
    game.apply(A.HeroAttack("p1", hand(game, "p1", "6S")[0], "e1"))
    assert game.state.enemies["e1"].out


def test_brutal_hits_count_twice():
    """MH-R-POW-BRUTAL: Ivo takes two cards from the Old Man; the Hound costs Wren 2 Health."""
    game = fight(heroes=(IVO, WREN), enemies=(HOUND, WEIR))
    phase(game, "players")
    game.apply(A.HeroAttack("p1", hand(game, "p1", "6S")[0], "e2"))
    assert len(game.state.stack("e2")) == 3
    phase(game, "disengaged", owed=1)
    game.apply(A.EnemyAttack("gm", "e1", hand(game, "gm", "7S")[0], "h2"))
    assert game.state.heroes["h2"].hp == 4


def test_regenerate_adds_a_card_at_cleanup():
    """MH-R-POW-REGEN: the Widow hurt to 3 cards has 4 again after Cleanup; never above."""
    game = fight()
    phase(game, "players")
    game.apply(A.HeroAttack("p1", hand(game, "p1", "5S")[0], "e2"))
    assert len(game.state.stack("e2")) == 3
    phase(game, "engaged")
    game.apply(A.Done("gm"))
    assert len(game.state.stack("e2")) == 4
    phase(game, "engaged")
    game.apply(A.Done("gm"))
    assert len(game.state.stack("e2")) == 4


def test_rally_draws_once_per_fight():
    """MH-R-POW-RALLY: Dez draws 2, not an attack (he may still Refresh), once a fight."""
    game = fight(heroes=(WREN, DEZ))
    phase(game, "players")
    before = len(game.state.hand("p2"))
    game.apply(A.UsePower("p2"))
    assert len(game.state.hand("p2")) == before + 2
    assert clause_of(game, A.UsePower("p2")) == "MH-R-POW-RALLY"
    assert clause_of(game, A.UsePower("p1")) == "MH-R-POW-RALLY"
    game.apply(A.Refresh("p2"))
    phase(game, "initiative")
    assert clause_of(game, A.UsePower("p2")) == "MH-POW-1"


def test_players_win_when_every_enemy_is_defeated():
    """MH-R-WIN: the last Ghoul falls; the fight is over and refuses everything."""
    game = fight(enemies=(GHOUL,))
    phase(game, "players")
    game.apply(A.HeroAttack("p1", hand(game, "p1", "7S")[0], "e1"))
    assert game.winner == "players" and game.state.phase == "over"
    assert not game.state.pending and not game.state.zones["reveal"].cards
    assert clause_of(game, A.Done("p2")) == "MH-R-WIN"


def test_gm_wins_when_every_hero_is_down():
    """MH-R-WIN: Wren alone at 1 Health is hit."""
    game = fight(heroes=(WREN,), enemies=(GHOUL,))
    phase(game, "disengaged", owed=1)
    game.state.heroes["h1"].hp = 1
    game.apply(A.EnemyAttack("gm", "e1", hand(game, "gm", "8S")[0], "h1"))
    assert game.winner == "gm"


def test_a_round_limit_makes_a_draw():
    """MH-R-LIMIT: with round_limit 1 the first Cleanup ends the fight drawn."""
    game = fight(heroes=(AMBROSE,), enemies=(WIDOW,), round_limit=1)
    phase(game, "engaged")
    game.apply(A.Done("gm"))
    assert game.winner == "draw" and game.state.phase == "over"
