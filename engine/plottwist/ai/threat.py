"""The Heroes' threat to the Main Villain: the chance one Hero takes it out in one Attack.

A Hero with Belief and Energy to spend can buy Automatic Successes (1 Belief each,
PT-BEL-7) and coins (1 Energy each, PT-ENER-6) for its Attack and Damage Rolls, and a
Villain at a few Physical or Mental Stress is then Incapacitated by one Attack (PT-RES-6)
— often in Turn 1 or 2, before the GM's plan has started. The GM's answers all lower this
chance: Stress back with Energy (PT-ENER-5), Curing the Hero's Belief with a Reversal
(PT-ROF-1/2), defence coins. The evaluation charges the GM with it (ai/evaluate.py), read
off the rules' own pool functions for the position now, without rolling anything.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ..game import Game
from ..rules.attacks import POOLS, REQUIRED, defense_pool
from ..rules.damage import RESISTANCE, base_auto, damage_pool
from ..rules.heroics import rank
from ..rules.rolls import auto_mods, roll_pool
from ..state import Character
from .odds import p_beat

# what a Hero is taken to spend on one Attack, of each of Belief and Energy: the quick
# deal's Heroes hold 8 – 12 of each, and with all of it every one of them takes a 9-Stress
# Villain out for sure (measured: docs/ai.md), which leaves the GM nothing to lower; the
# computer Heroes (Greedy) buy a few at a time, as a person does who keeps some back
SPEND = 3

# the Attack types that can take a character out: Physical or Mental at 0 (PT-RES-6)
OUT_TYPES = ("melee", "ranged", "mental")


@lru_cache(maxsize=4096)
def p_at_least(coins: int, need: int) -> float:
    """P(Heads of `coins` fair coins >= need)."""
    if need <= 0:
        return 1.0
    if need > coins:
        return 0.0
    return sum(comb(coins, k) for k in range(need, coins + 1)) / 2 ** coins


@lru_cache(maxsize=16384)
def p_out(a_pool: int, a_auto: int, d_pool: int, d_auto: int, dmg_pool: int, dmg_auto: int,
          left: int, energy: int, belief: int) -> float:
    """The best chance, over a few ways to share `energy` (coins) and `belief` (Automatic
    Successes) between the Attack and the Damage Roll, that the Attack hits (PT-ATK-6) and
    deals at least `left` Damage (a Damage Pool of 0 or less deals none, PT-DMG-2)."""
    best = 0.0
    for e in sorted({0, energy // 2, energy}):
        for b in sorted({0, belief // 2, belief}):
            hit = p_beat(a_pool + e, a_auto + b, d_pool, d_auto)
            pool = dmg_pool + energy - e
            if pool <= 0:
                continue
            best = max(best, hit * p_at_least(pool, left - dmg_auto - (belief - b)))
    return best


def one_attack_out(game: Game, hero: Character, villain: Character) -> float:
    """The chance `hero` Incapacitates `villain` with one plain Attack, spending all its
    Belief and Energy on it (Melee at Melee Distance assumed open: a Hero may close in)."""
    ctx = game._ctx()
    best = 0.0
    for t in OUT_TYPES:
        need = REQUIRED.get(t)
        if need and rank(ctx, hero, need) < 1:
            continue
        left = villain.stress.get(RESISTANCE[t], 0)
        attr, ability, _, _ = POOLS[t]
        a_pool = roll_pool(ctx, hero, attr, ability, "attack", t)
        d_pool, _ = defense_pool(ctx, villain, t)
        dmg_pool, _ = damage_pool(ctx, hero, villain, t, False)
        dmg_auto = base_auto(ctx, hero) + auto_mods(ctx, hero, "damage", t)
        best = max(best, p_out(a_pool, auto_mods(ctx, hero, "attack", t), d_pool,
                               auto_mods(ctx, villain, "defense", t), dmg_pool, dmg_auto,
                               left, min(hero.energy, SPEND), min(hero.belief or 0, SPEND)))
    return best


def villain_exposure(game: Game) -> float:
    """The chance some Hero in play takes the Main Villain out with one Attack (the Heroes
    taken as one try each, independent), 0 when no Combat can be initiated with it (out of
    play, Hidden: PT-STATUS-17)."""
    st = game.state
    mv = st.main_villain()
    if mv is None or not mv.in_play or mv.has("Hidden"):
        return 0.0
    miss = 1.0
    for h in st.heroes():
        if h.in_play and not h.has("Stunned"):
            miss *= 1.0 - one_attack_out(game, h, mv)
    return 1.0 - miss
