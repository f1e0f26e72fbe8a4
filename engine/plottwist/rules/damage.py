"""Damage, Armor, Cover, Stress and Trauma (PT-DMG, PT-ARM, PT-TRAUMA, PT-MOOK-3)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..context import Ctx
from ..modifiers import mods
from ..state import Character
from .heroics import attribute, power
from .lock import passive
from .main_villain import hate_spent
from .rolls import auto_mods, flip, pool_mods, take_boosts
from .statuses import after_stress_change

DAMAGE_ATTRIBUTE = {"melee": "body", "ranged": "power", "mental": "mind", "social": "charm"}
RESISTANCE = {"melee": "physical", "ranged": "physical", "mental": "mental", "social": "social"}


def weapon_in_use(ctx: Ctx, ch: Character, attack_type: str) -> tuple[int | None, int | None,
                                                                        bool] | None:
    """(Trauma slot, Stress slot, Overcharged) of the Weapon in use, if it fits this type."""
    if ch.role == "mook" or not ch.in_use:
        return None                                           # PT-MOOK-4
    card = ctx.card(ch.in_use)
    w = C.weapon(card)
    if w is None or w[0] != attack_type:                      # own type only
        return None
    over = any(C.norm(k) == "overcharged" for k in C.keywords(card))
    return w[1], w[2], over


def card_allows_trauma(ctx: Ctx, ch: Character, attack_card: Any | None) -> bool:
    if attack_card is not None:
        for e in C.effects(attack_card):
            if any(o.get("op") == "trauma" for o in e.get("ops", [])):
                return True
    return bool(mods(ctx, ch, "trauma"))


def can_cause_trauma(ctx: Ctx, ch: Character, attack_type: str,
                     attack_card: Any | None = None) -> bool:
    """A-29 / PT-TRAUMA-1: only a Weapon with a Trauma slot or a card; never Social."""
    if attack_type == "social":
        return False
    w = weapon_in_use(ctx, ch, attack_type)
    if w is not None and w[0] is not None:
        return True
    return card_allows_trauma(ctx, ch, attack_card)


def armor(ctx: Ctx, target: Character, resistance: str, pay: bool = False) -> int:
    """PT-ARM-1/2: Armor = Power with the Keyword, not stacking, but modifiable; a Locked
    Armor Keyword counts only for its 1 Energy (PT-LOCK-1), paid when `pay` (a Damage)."""
    if resistance == "social":
        value = 0
    else:
        kw = "Armor" if resistance == "physical" else "Mental Armor"
        value = power(ctx, target) if passive(ctx, target, kw, pay) else 0
    for m in mods(ctx, target, "armor"):
        if m.get("resistance", "physical") == resistance:
            value += int(m.get("amount", 0))
    return max(value, 0)


def cover(ctx: Ctx, target: Character) -> int:
    """PT-ARM-3: Cover stacks with Armor and with itself."""
    return sum(int(m.get("amount", 0)) for m in mods(ctx, target, "cover"))


def damage_pool(ctx: Ctx, attacker: Character, target: Character | None, attack_type: str,
                trauma: bool, bought: int = 0) -> tuple[int, dict[str, int]]:
    """PT-DMG-1: (Attribute + Weapon + Bonuses) − (Armor + Cover)."""
    parts: dict[str, int] = {"attribute": attribute(ctx, attacker, DAMAGE_ATTRIBUTE[attack_type])}
    w = weapon_in_use(ctx, attacker, attack_type)
    if w is not None:
        slot = w[0] if trauma else w[1]
        parts["weapon"] = slot or 0
    if attack_type == "ranged" and not (w and w[2]) and passive(ctx, attacker, "Overcharged",
                                                                  pay=True):
        parts["overcharged"] = 2                              # PT-KW-4, A-31
    parts["bonuses"] = pool_mods(ctx, attacker, "damage", attack_type) + bought
    if target is not None:
        res = RESISTANCE[attack_type]
        parts["armor"] = -armor(ctx, target, res, pay=True)
        parts["cover"] = -cover(ctx, target)
    return sum(parts.values()), parts


def base_auto(ctx: Ctx, attacker: Character) -> int:
    """PT-DMG-4 / A-18: one Automatic Success on Damage Rolls (option: Heroes only)."""
    if ctx.state.options.damage_auto_success == "heroes" and attacker.side != "heroes":
        return 0
    return 1


def roll_damage(ctx: Ctx, attacker: Character, target: Character | None, attack_type: str,
                trauma: bool) -> dict[str, Any] | None:
    """Roll the Damage of a hit; None when Armor and Cover prevent it all (PT-DMG-2, A-17)."""
    coins, auto = take_boosts(attacker, "damage")
    pool, parts = damage_pool(ctx, attacker, target, attack_type, trauma, coins)
    if pool <= 0:
        ctx.emit("damage", f"Armor and Cover of {ctx.name(target.id if target else None)} "
                           f"prevent all the Damage (pool {pool})", {"parts": parts})
        return None
    auto += base_auto(ctx, attacker) + auto_mods(ctx, attacker, "damage", attack_type)
    rec = flip(ctx, attacker.id, "damage", pool, auto, None, "Damage Roll")
    rec["parts"] = parts
    return rec


def deal(ctx: Ctx, target: Character, resistance: str, amount: int, trauma: bool,
         by: Character | None, cleave: int = 0) -> int:
    """Remove Stress (or turn it into Trauma) from a target; returns the amount dealt."""

    if amount <= 0:
        return 0
    if target.role == "mook":                                 # PT-MOOK-3
        lost = min(target.quantity or 0, 1 + max(cleave, 0))
        target.quantity = (target.quantity or 0) - lost
        ctx.emit("damage", f"{target.name} loses {lost} Quantity counter(s) "
                           f"({target.quantity} left)",
                 {"target": target.id, "track": "quantity", "amount": lost})
        return lost
    for m in mods(ctx, target, "immune"):
        if m.get("resistance") in (resistance, "any"):
            ctx.emit("damage", f"{target.name} is immune to {resistance} Damage")
            return 0
    have = target.stress.get(resistance, 0)
    dealt = min(amount, have)
    target.stress[resistance] = have - dealt
    if trauma and resistance != "social":
        target.trauma[resistance] = target.trauma.get(resistance, 0) + dealt   # PT-TRAUMA-3
        ctx.emit("damage", f"{target.name} takes {dealt} {resistance} Trauma",
                 {"target": target.id, "track": resistance, "amount": dealt, "trauma": True})
        if by is not None and dealt:
            pay_for_trauma(ctx, by, dealt)
    else:
        ctx.emit("damage", f"{target.name} takes {dealt} {resistance} Stress",
                 {"target": target.id, "track": resistance, "amount": dealt})
    ctx.dealt = dealt                                         # X = the Damage just dealt
    after_stress_change(ctx, target, by)
    return dealt


def pay_for_trauma(ctx: Ctx, by: Character, dealt: int) -> None:
    """PT-BEL-3 / PT-HATE-4, A-30: 1 per point, all it has at most; Mooks pay nothing."""

    if by.belief is not None:
        paid = min(by.belief, dealt)
        by.belief -= paid
        ctx.emit("belief", f"{by.name} pays {paid} Belief for the Trauma dealt")
    elif by.hate is not None and by.role == "villain":
        paid = min(by.hate, dealt)
        by.hate -= paid
        ctx.emit("hate", f"{by.name} pays {paid} Hate for the Trauma dealt")
        hate_spent(ctx, by)
