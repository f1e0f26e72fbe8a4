"""Lock (PT-LOCK-1, PT-ROF-2, A-2, A-46): a Locked Heroic or Keyword is used only by paying
1 Energy each time, and that Energy counts toward the per-Turn cap (PT-ENER-4)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..context import Ctx, refuse
from ..modifiers import mods
from ..state import Character
from .heroics import has_keyword, power


def locked(ctx: Ctx, ch: Character, what: str, name: str) -> bool:
    want = C.norm(name)
    for m in mods(ctx, ch, "lock"):
        if C.norm(m.get("name", "")) == want and m.get("what", what) == what:
            return True
    return False


def can_pay(ctx: Ctx, ch: Character) -> bool:
    return ch.energy >= 1 and ch.energy_spent + 1 <= power(ctx, ch)


def check_toll(ctx: Ctx, ch: Character, what: str, name: str) -> bool:
    """Refuse with PT-LOCK-1 if `name` is Locked on `ch` and the 1 Energy cannot be paid;
    True when a toll is due."""
    if not name or not locked(ctx, ch, what, name):
        return False
    if ch.energy < 1:
        refuse("PT-LOCK-1", f"{ch.name}'s {name.replace('_', ' ')} is Locked: using it costs "
                            "1 Energy, and it has none")
    if ch.energy_spent + 1 > power(ctx, ch):
        refuse("PT-LOCK-1", f"{ch.name}'s {name.replace('_', ' ')} is Locked: using it costs "
                            f"1 Energy, over its {power(ctx, ch)} Energy this Turn (A-2)")
    return True


def pay_toll(ctx: Ctx, ch: Character, what: str, name: str) -> None:
    if check_toll(ctx, ch, what, name):
        ch.energy -= 1
        ch.energy_spent += 1
        ctx.emit("lock", f"{ch.name} pays 1 Energy to use its Locked "
                         f"{name.replace('_', ' ')} (PT-LOCK-1)")


def passive(ctx: Ctx, ch: Character, keyword: str, pay: bool = False) -> bool:
    """Does a passive Keyword (Armor, Mental Armor, Overcharged, Spirit of the Night) work
    now? Locked, it works only for 1 Energy each time (PT-LOCK-1, PT-ROF-2): by the option
    `locked_passive` its controller pays when able ("pay", the default: a Keyword is worth
    1 Energy whenever it matters) or it is off while Locked ("off"). `pay=True` when the
    Keyword is being used (a Damage, an Interview's end), not merely looked at."""
    if not has_keyword(ctx, ch, keyword):
        return False
    if not locked(ctx, ch, "keyword", keyword):
        return True
    if ctx.state.options.locked_passive == "off" or not can_pay(ctx, ch):
        return False
    if pay:
        pay_toll(ctx, ch, "keyword", keyword)
    return True


def requirement_keywords(card: Any) -> list[str]:
    """Keywords and Classes a card requires (a Locked one meets it only for 1 Energy)."""
    out = []
    for req in C.requires(card):
        for key in ("class", "keyword"):
            if key in req:
                out.append(str(req[key]))
    return out


def check_card(ctx: Ctx, ch: Character, card: Any) -> None:
    for kw in requirement_keywords(card):
        check_toll(ctx, ch, "keyword", kw)


def pay_card(ctx: Ctx, ch: Character, card: Any) -> None:
    for kw in requirement_keywords(card):
        pay_toll(ctx, ch, "keyword", kw)
