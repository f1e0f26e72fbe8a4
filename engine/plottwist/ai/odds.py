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

    @property
    def value(self) -> float:
        """Expected share of the target's remaining Stress (or Quantity) taken."""
        if self.left <= 0:
            return 0.0
        if self.resistance == "quantity":
            return self.p_hit / self.left
        return self.p_hit * min(self.damage, self.left) / self.left


def attack_odds(game: Game, actor: str, attack_type: str) -> AttackOdds | None:
    """The odds of `actor`'s plain Attack of this type on its opponent in the Combat now
    (None outside a Combat or against a Bystander)."""
    st = game.state
    cb = st.combat
    if cb is None or cb.bystander or actor not in (cb.attacker, cb.defender):
        return None
    ctx = game._ctx()
    ch = st.characters[actor]
    target = st.characters.get(cb.defender if actor == cb.attacker else cb.attacker)
    if target is None:
        return None
    attr, ability, _, _ = POOLS[attack_type]
    boost = ch.boosts.get("attack", [0, 0])
    pool = roll_pool(ctx, ch, attr, ability, "attack", attack_type) + boost[0]
    auto = auto_mods(ctx, ch, "attack", attack_type) + boost[1]
    dpool, which = defense_pool(ctx, target, attack_type)
    dboost = target.boosts.get("defense", [0, 0])
    if which != "Prone":
        dpool += dboost[0]
    dauto = auto_mods(ctx, target, "defense", attack_type) + dboost[1]
    p = p_beat(pool, auto, dpool, dauto)
    dmg_pool, _ = damage_pool(ctx, ch, target, attack_type, False)
    damage = 0.0
    if dmg_pool > 0:
        damage = dmg_pool / 2 + base_auto(ctx, ch) + auto_mods(ctx, ch, "damage", attack_type)
    if target.role == "mook":
        return AttackOdds(attack_type, p, damage, "quantity", target.quantity or 0)
    res = RESISTANCE[attack_type]
    return AttackOdds(attack_type, p, damage, res, target.stress.get(res, 0))
