"""Attributes, Heroics, Skills and Keywords as a character has them now (ATTR, HERC, SKILL, KW).

Also Healing (PT-HERC-7), the one Heroic Free action that acts on counters.
"""

from __future__ import annotations

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..modifiers import mods
from ..state import Character

CLASSES = ("Mentalist", "Captain", "Sergeant", "Tank", "Inventor", "Support")


def attribute(ctx: Ctx, ch: Character, attr: str) -> int:
    return C.attribute(ctx.char_card(ch), attr)


def rank(ctx: Ctx, ch: Character, ability: str) -> int:
    ability = C.norm(ability)
    base = C.ranks(ctx.char_card(ch)).get(ability, 0)
    if ability == "flight" and ch.has("Prone"):
        return 0  # PT-STATUS-9
    value = base
    for m in mods(ctx, ch, "heroic"):
        if C.norm(m.get("heroic", "")) != ability:
            continue
        if "add" in m:
            value += int(m["add"])
        if "set_at_least" in m:
            value = max(value, int(m["set_at_least"]))
    return max(value, 0)


def keywords(ctx: Ctx, ch: Character) -> list[str]:
    if ch.role == "mook":
        return []  # PT-MOOK-4
    card = ctx.char_card(ch)
    kws = list(C.keywords(card))
    cls = C.card_class(card)
    if cls:
        kws.append(cls)
    for m in mods(ctx, ch, "keyword"):
        kws.append(str(m.get("keyword", "")))
    return kws


def has_keyword(ctx: Ctx, ch: Character, kw: str) -> bool:
    want = C.norm(kw)
    return any(C.norm(k) == want for k in keywords(ctx, ch))


def color(ctx: Ctx, ch: Character) -> str:
    return C.color(ctx.char_card(ch))


def power(ctx: Ctx, ch: Character) -> int:
    return attribute(ctx, ch, "power")


def check_heal(ctx: Ctx, a: A.Heal) -> Character:
    """PT-HERC-7, A-4: a Free action paying 1 Energy, then a Chosen Roll on yourself."""
    from . import acting
    from .resources import check_energy

    ch = acting.actor(ctx, a.seat, a.actor)
    acting.free_action(ctx, ch, "heal")
    resistance, number = a.resistance, a.number

    if resistance not in ("physical", "mental"):
        refuse("PT-HERC-7", "Healing Regenerates Mental or Physical Stress only")
    if rank(ctx, ch, "healing") < 1:
        refuse("PT-HERC-7", f"{ch.name} has no Healing")
    if number < 1:
        refuse("PT-ROLL-5", "name a number of at least 1")
    check_energy(ctx, ch, 1)
    from .lock import check_toll

    if check_toll(ctx, ch, "heroic", "healing"):              # PT-LOCK-1: 1 more Energy
        check_energy(ctx, ch, 2)
    return ch


def heal(ctx: Ctx, a: A.Heal) -> None:
    from .lock import pay_toll
    from .resources import regenerate, spend_energy
    from .rolls import chosen

    ch = check_heal(ctx, a)
    pay_toll(ctx, ch, "heroic", "healing")
    spend_energy(ctx, ch, 1)
    ch.free_used.append("heal")
    attr = "body" if a.resistance == "physical" else "mind"
    rec = chosen(ctx, ch, attr, "healing", a.number, f"Healing (naming {a.number})")
    if rec["won"]:                                   # a lost Chosen Roll gives nothing, A-43
        got = regenerate(ch, a.resistance, a.number)
        ctx.emit("heal", f"{ch.name} Regenerates {got} {a.resistance} Stress")
    else:
        ctx.emit("heal", f"{ch.name}'s Healing fails")
