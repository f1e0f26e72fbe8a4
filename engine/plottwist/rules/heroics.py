"""Attributes, Heroics, Skills and Keywords as a character has them now (ATTR, HERC, SKILL, KW).

Healing, the one Heroic Free action that acts on counters, is healing.py.
"""

from __future__ import annotations

from .. import cards as C
from ..context import Ctx
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
