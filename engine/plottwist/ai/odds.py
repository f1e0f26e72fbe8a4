"""Chances of an Attack, read off the rules' own pool functions without rolling anything.

A roll's Successes are the Heads of its coins plus its Automatic Successes (PT-ROLL-1/7);
an Attack hits when it beats the Defense by a Margin of 1 (PT-ROLL-8, PT-ATK-6). The
computer uses these to pick an Attack type and to explain a Hint in one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from ..game import Game
from ..rules.attacks import POOLS, defense_pool
from ..rules.damage import RESISTANCE, base_auto, damage_pool
from ..rules.rolls import auto_mods, roll_pool
from ..state import Character


@lru_cache(maxsize=4096)
def p_beat(attack: int, a_auto: int, defense: int, d_auto: int) -> float:
    """P(Heads(attack) + a_auto >= Heads(defense) + d_auto + 1), fair coins."""
    attack, defense = max(attack, 0), max(defense, 0)
    pa = [comb(attack, k) / 2 ** attack for k in range(attack + 1)]
    pd = [comb(defense, k) / 2 ** defense for k in range(defense + 1)]
    total = 0.0
    for i, x in enumerate(pa):
        need = i + a_auto - d_auto - 1        # the defender's Heads may be at most this
        if need < 0:
            continue
        total += x * sum(pd[: need + 1])
    return total


@dataclass(frozen=True)
class AttackOdds:
    attack_type: str
    p_hit: float
    damage: float        # expected Damage on a hit (before the target's Stress caps it)
    resistance: str      # what it hits: physical | mental | social | quantity
    left: int            # the target's Stress (or Quantity) left there
    coins: int = 0       # the Damage Roll's coins and Automatic Successes, for its spread
    auto: int = 0
    # the rolls' parts, to price a Boost without reading the rules again (boosted()):
    # attack coins and autos, defense coins and autos, the Damage pool before Boosts and
    # its Automatic Successes
    parts: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)

    @property
    def value(self) -> float:
        """Expected share of the target's remaining Stress (or Quantity) taken."""
        if self.left <= 0:
            return 0.0
        if self.resistance == "quantity":
            return self.p_hit / self.left
        return self.p_hit * min(self.damage, self.left) / self.left

    def boosted(self, extra: tuple[int, int, int, int]) -> AttackOdds:
        """These odds with more coins and Automatic Successes (attack coins, attack autos,
        damage coins, damage autos)."""
        pool, auto, dpool, dauto, dmg, dmg_auto = self.parts
        ac, aa, dc, da = extra
        p = p_beat(pool + ac, auto + aa, dpool, dauto)
        coins = dmg + dc
        got = dmg_auto + da if coins > 0 else 0
        damage = coins / 2 + got if coins > 0 else 0.0
        return AttackOdds(self.attack_type, p, damage, self.resistance, self.left, coins, got,
                          (pool + ac, auto + aa, dpool, dauto, coins, dmg_auto + da))

    def spread(self) -> tuple[float, float]:
        """(expected share of the Stress left that a hit takes, chance a hit takes it all)
        from the Damage Roll's own spread: a coin more still matters when the mean
        already reaches the Stress left, because the roll may fall short of it."""
        if self.left <= 0:
            return 0.0, 0.0
        if self.resistance == "quantity":
            return 1 / self.left, 1.0 if self.left <= 1 else 0.0
        return damage_spread(self.coins, self.auto, self.left)


@lru_cache(maxsize=4096)
def damage_spread(coins: int, auto: int, left: int) -> tuple[float, float]:
    """E[min(D, left)] / left and P(D >= left) for D = Heads(coins) + auto, fair coins."""
    if coins <= 0:
        d = max(auto, 0) if coins == 0 else 0
        return min(d, left) / left, 1.0 if d >= left else 0.0
    mean = out = 0.0
    for k in range(coins + 1):
        p = comb(coins, k) / 2 ** coins
        d = k + auto
        mean += p * min(d, left)
        if d >= left:
            out += p
    return mean / left, out


def attack_odds(game: Game, actor: str, attack_type: str,
                extra: tuple[int, int, int, int] | None = None) -> AttackOdds | None:
    """The odds of `actor`'s plain Attack of this type on its opponent in the Combat now
    (None outside a Combat or against a Bystander).

    `extra`: coins and Automatic Successes not bought yet, (attack coins, attack autos,
    damage coins, damage autos), to price a Boost; with it the Damage coins and Successes
    already bought count too (without it they do not: the simple policy's choice of an
    Attack type has always been made on the plain Damage)."""
    st = game.state
    cb = st.combat
    if cb is None or cb.bystander or actor not in (cb.attacker, cb.defender):
        return None
    target = st.characters.get(cb.defender if actor == cb.attacker else cb.attacker)
    if target is None:
        return None
    return pair_odds(game, st.characters[actor], target, attack_type, extra)


def pair_odds(game: Game, ch: Character, target: Character, attack_type: str,
              extra: tuple[int, int, int, int] | None = None) -> AttackOdds:
    """`attack_odds` for `ch` against `target`, in a Combat between them or not (the
    search's simple policy rates a Combat it might initiate by it)."""
    ctx = game._ctx()
    attr, ability, _, _ = POOLS[attack_type]
    boost = ch.boosts.get("attack", [0, 0])
    ac, aa, dc, da = extra or (0, 0, 0, 0)
    if extra is not None:
        bought = ch.boosts.get("damage", [0, 0])
        dc, da = dc + bought[0], da + bought[1]
    pool = roll_pool(ctx, ch, attr, ability, "attack", attack_type) + boost[0] + ac
    auto = auto_mods(ctx, ch, "attack", attack_type) + boost[1] + aa
    dpool, which = defense_pool(ctx, target, attack_type)
    dboost = target.boosts.get("defense", [0, 0])
    if which != "Prone":
        dpool += dboost[0]
    dauto = auto_mods(ctx, target, "defense", attack_type) + dboost[1]
    p = p_beat(pool, auto, dpool, dauto)
    dmg_pool, _ = damage_pool(ctx, ch, target, attack_type, False, dc)
    damage = 0.0
    dmg_auto = 0
    if dmg_pool > 0:
        dmg_auto = base_auto(ctx, ch) + auto_mods(ctx, ch, "damage", attack_type) + da
        damage = dmg_pool / 2 + dmg_auto
    parts = (pool, auto, dpool, dauto, dmg_pool, dmg_auto if dmg_pool > 0 else
             base_auto(ctx, ch) + auto_mods(ctx, ch, "damage", attack_type) + da)
    if target.role == "mook":
        return AttackOdds(attack_type, p, damage, "quantity", target.quantity or 0,
                          dmg_pool, dmg_auto, parts)
    res = RESISTANCE[attack_type]
    return AttackOdds(attack_type, p, damage, res, target.stress.get(res, 0), dmg_pool,
                      dmg_auto, parts)
