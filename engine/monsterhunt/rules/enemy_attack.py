"""What the GM's attacks of phases 2 and 4 share: card, enemy, Power, resolution."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .. import actions as A
from ..context import Ctx
from ..state import Fighter
from . import audience, hits, powers


def check_common(ctx: Ctx, action: A.EnemyAttack) -> Fighter:
    st = ctx.state
    if action.seat != "gm":
        raise RuleViolation("MH-DIS-1", "the GM plays the enemies' attacks")
    if action.card not in st.hand("gm"):
        raise RuleViolation("MH-DIS-1", "the GM plays a card from his hand")
    enemy = st.enemies.get(action.enemy)
    if enemy is None or enemy.out:
        raise RuleViolation("MH-DEF-1", "the attacker must be a standing enemy")
    if action.power:
        powers.check_aim(enemy)
    return enemy


def resolve(ctx: Ctx, action: A.EnemyAttack) -> None:
    """MH-HIT-1/2, then the card to the GM's Audience pool (MH-AUD-1)."""
    st = ctx.state
    st.hand("gm").remove(action.card)
    hits.strike(ctx, st.enemies[action.enemy], st.heroes[action.target], action.card,
                action.power)
    audience.add_to_pool(ctx, "gm", action.card)
