"""2) Action phase, disengaged enemies (MH-DIS-…, MH-R-ENGAGE, MH-R-DIS-SHORT)."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .. import actions as A
from ..context import Ctx
from . import enemy_attack


def owed(ctx: Ctx) -> int:
    """Attacks still owed: one per disengaged enemy, no more than the GM holds."""
    st = ctx.state
    free = [e for e in st.standing_enemies() if not e.disengaged]
    return min(st.owed, len(st.hand("gm")), len(free))


def check_attack(ctx: Ctx, action: A.EnemyAttack) -> None:
    st = ctx.state
    if not owed(ctx):
        raise RuleViolation("MH-DIS-1", "no disengaged enemy is left to attack this phase")
    enemy = enemy_attack.check_common(ctx, action)
    if enemy.disengaged:
        raise RuleViolation("MH-R-ENGAGE", f"{enemy.name} has already attacked this phase: "
                            "each disengaged enemy attacks once")
    target = st.heroes.get(action.target)
    if target is None or target.out:
        raise RuleViolation("MH-DIS-2", "the target must be a standing hero")


def do_attack(ctx: Ctx, action: A.EnemyAttack) -> None:
    st = ctx.state
    enemy = st.enemies[action.enemy]
    enemy.disengaged = True
    st.owed -= 1
    enemy_attack.resolve(ctx, action)
