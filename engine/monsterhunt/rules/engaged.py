"""4) Action phase, engaged enemies (MH-ENG-…, MH-R-ENG-ENEMY)."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .. import actions as A
from ..context import Ctx
from . import enemy_attack


def owes(ctx: Ctx) -> bool:
    """The GM must go on while he holds cards, an engaged enemy stands and someone has a
    face-down card."""
    st = ctx.state
    return (bool(st.hand("gm").cards)
            and any(not e.disengaged for e in st.standing_enemies())
            and any(st.facedown(h.seat).cards for h in st.standing_heroes() if h.seat))


def check_attack(ctx: Ctx, action: A.EnemyAttack) -> None:
    st = ctx.state
    enemy = enemy_attack.check_common(ctx, action)
    if enemy.disengaged:
        raise RuleViolation("MH-R-ENG-ENEMY", f"{enemy.name} attacked as a disengaged enemy "
                            "this round")
    target = st.heroes.get(action.target)
    if target is None or target.out or target.seat is None:
        raise RuleViolation("MH-ENG-2", "the target must be a standing hero")
    if not st.facedown(target.seat).cards:
        raise RuleViolation("MH-ENG-2", f"{target.name} has no face-down card in front")


def do_attack(ctx: Ctx, action: A.EnemyAttack) -> None:
    st = ctx.state
    enemy_attack.resolve(ctx, action)
    target = st.heroes[action.target]
    assert target.seat is not None
    front = st.facedown(target.seat)
    # a hero knocked down has already lost his face-down cards (MH-R-DOWN)
    if front.cards:
        ctx.move(front.cards[-1], front.name, "discard")
        ctx.emit("disengage", f"{target.name} discards a face-down card, {len(front)} left "
                 "(MH-ENG-3).", {"seat": target.seat, "facedown": len(front)})
