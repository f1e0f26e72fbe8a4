"""Resolving an attack: the hit test, Health, Health stacks, defeat (MH-HIT-…, MH-DEF-…)."""

from __future__ import annotations

from ..context import Ctx
from ..state import Fighter
from . import powers


def strike(ctx: Ctx, attacker: Fighter, target: Fighter, card: str, power: bool) -> bool:
    """One regular attack with `card`; True if it hit (MH-HIT-1, MH-R-JOKER)."""
    attack = powers.attack_stat(attacker, power)
    v = ctx.value(card)
    hit = v is None or attack < v < target.dodge
    aim = f", aiming: Attack {attack}" if power else ""
    ctx.emit("attack", f"{attacker.name} attacks {target.name} with {ctx.label(card)}{aim}: "
             f"{'a hit' if hit else 'a miss'} (above {attack} and below {target.dodge} hits; "
             "MH-HIT-1).", {"attacker": attacker.id, "target": target.id, "card": card,
                            "hit": hit})
    if hit:
        apply_hits(ctx, target, powers.hits_per_hit(attacker))
    return hit


def apply_hits(ctx: Ctx, target: Fighter, n: int, finishing: bool = False) -> None:
    for _ in range(n):
        if target.out:
            return
        if powers.guard_absorbs(ctx, target, finishing):
            continue
        if target.is_hero:
            wound(ctx, target)
        elif not remove_card(ctx, target):
            return


def wound(ctx: Ctx, hero: Fighter) -> None:
    hero.hp = max(hero.hp - 1, 0)
    ctx.emit("wound", f"{hero.name} loses 1 Health, {hero.hp} left (MH-HIT-2).",
             {"hero": hero.id, "hp": hero.hp})
    if hero.hp == 0:
        knock_down(ctx, hero)


def knock_down(ctx: Ctx, hero: Fighter) -> None:
    """MH-R-DOWN: out of the fight, cards to the discard."""
    assert hero.seat is not None
    hero.out = True
    n = ctx.discard_all(f"hand:{hero.seat}") + ctx.discard_all(f"facedown:{hero.seat}")
    ctx.emit("down", f"{hero.name} is down; {n} card(s) go to the discard (MH-R-DOWN).",
             {"hero": hero.id})


def remove_card(ctx: Ctx, enemy: Fighter) -> bool:
    """One hit on an enemy (MH-HIT-3); False if a major threat's last card stops it."""
    stack = ctx.state.stack(enemy.id)
    if enemy.major and len(stack) == 1:
        ctx.emit("no_effect", f"{enemy.name} stands on its last card: only a Finishing Move "
                 "kills it (MH-DEF-2, MH-DEF-3).", {"enemy": enemy.id})
        return False
    card = stack.draw()
    assert card is not None
    if not stack.cards:
        defeat(ctx, enemy, card)
        return True
    ctx.state.zones["discard"].add(card)
    ctx.emit("health_card", f"{enemy.name} loses a Health card ({ctx.label(card)} to the "
             f"discard), {len(stack)} left (MH-HIT-3, MH-R-REMOVED).",
             {"enemy": enemy.id, "left": len(stack)})
    if enemy.major and len(stack) == 1:
        ctx.emit("reveal", f"{enemy.name}'s last Health card is revealed: "
                 f"{ctx.label(stack.cards[0])} (MH-DEF-2).", {"enemy": enemy.id})
    return True


def finish(ctx: Ctx, enemy: Fighter) -> None:
    """A Finishing Move: the whole stack goes, the last card as MH-DEF-1 says (MH-DEF-3)."""
    stack = ctx.state.stack(enemy.id)
    while len(stack) > 1:
        card = stack.draw()
        assert card is not None
        ctx.state.zones["discard"].add(card)
    last = stack.draw()
    assert last is not None
    defeat(ctx, enemy, last)


def defeat(ctx: Ctx, enemy: Fighter, last: str) -> None:
    enemy.out = True
    ctx.state.zones["reveal"].add(last)
    ctx.state.pending.append({"enemy": enemy.id, "card": last})
    ctx.emit("defeated", f"{enemy.name} is defeated! Its last Health card is "
             f"{ctx.label(last)}: the GM may add it to his Audience pool (MH-DEF-1).",
             {"enemy": enemy.id, "card": last})
