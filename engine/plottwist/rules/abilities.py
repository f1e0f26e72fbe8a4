"""Activated abilities, Gadgeteer and Perception/Hacking (PT-FREE-1, PT-ENER-8, PT-HERC-4,
PT-HERC-8, PT-HERC-9, A-37, A-38, A-39)."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..modifiers import holds
from ..state import Character, current_place
from . import acting
from .costs import check_cost, pay_cost
from .effect_hook import run
from .heroics import rank
from .locations import check_card_ops
from .lock import check_toll, pay_toll
from .resources import check_energy, spend_energy
from .rolls import fixed
from .timing import add_modifier

PEEK_AT = 6


def _ability(ctx: Ctx, a: A.Activate) -> tuple[Character, dict[str, Any]]:
    st = ctx.state
    ch = acting.actor(ctx, a.seat, a.actor)
    sources = {ch.card, ch.in_use, current_place(st), *st.details_of(ch.id)} - {None}
    if a.card not in sources:
        refuse("PT-FREE-1", "that card's abilities are not available to this character")
    effects = C.effects(ctx.card(a.card))
    if not 0 <= a.index < len(effects) or effects[a.index].get("trigger") != "activated":
        refuse("PT-FREE-1", "that card has no such activated ability")
    return ch, effects[a.index]


def _once_key(ctx: Ctx, a: A.Activate, once: str) -> str | None:
    if once == "conflict":
        return f"c{ctx.state.conflict}:{a.actor}:{a.card}:{a.index}"
    if once == "game":
        return f"game:{a.actor}:{a.card}:{a.index}"
    return None


def check_activate(ctx: Ctx, a: A.Activate) -> Character:
    ch, effect = _ability(ctx, a)
    acting.free_action(ctx, ch, f"activate:{a.card}:{a.index}")       # PT-FREE-2
    key = _once_key(ctx, a, str(effect.get("once", "turn")))
    if key is not None and key in ctx.state.once_used:
        refuse("PT-FREE-2", f"this ability is usable once per {effect.get('once')}")
    if not holds(ctx, effect.get("condition"), ch, source=a.card):
        refuse("PT-FREE-1", "the ability's condition does not hold")
    check_cost(ctx, effect, ch)

    check_card_ops(ctx, [effect], a.target or None)
    return ch


def do_activate(ctx: Ctx, a: A.Activate) -> None:
    ch = check_activate(ctx, a)
    _, effect = _ability(ctx, a)
    ch.free_used.append(f"activate:{a.card}:{a.index}")
    key = _once_key(ctx, a, str(effect.get("once", "turn")))
    if key is not None:
        ctx.state.once_used.append(key)
    pay_cost(ctx, effect, ch)
    ctx.emit("ability", f"{ch.name} uses {ctx.name(a.card)}")
    run(ctx, effect, ch, a.card, a.target or None)


def check_gadgeteer(ctx: Ctx, a: A.Gadgeteer) -> Character:
    ch = acting.actor(ctx, a.seat, a.actor)
    acting.free_action(ctx, ch, "gadgeteer")
    g = rank(ctx, ch, "gadgeteer")
    if g < 1:
        refuse("PT-HERC-8", f"{ch.name} has no Gadgeteer")
    if C.norm(a.heroic) in ("gadgeteer", "") or C.norm(a.heroic) not in C.HEROICS:
        refuse("PT-HERC-8", "Gadgeteer raises another Heroic")
    if not 1 <= a.ranks <= g:
        refuse("PT-HERC-8", f"X must be 1 to {g} (the Gadgeteer Ranks)")
    check_energy(ctx, ch, a.ranks)

    if check_toll(ctx, ch, "heroic", "gadgeteer"):            # PT-LOCK-1: 1 more Energy
        check_energy(ctx, ch, a.ranks + 1)
    return ch


def do_gadgeteer(ctx: Ctx, a: A.Gadgeteer) -> None:

    ch = check_gadgeteer(ctx, a)
    pay_toll(ctx, ch, "heroic", "gadgeteer")
    ch.free_used.append("gadgeteer")
    spend_energy(ctx, ch, a.ranks)
    add_modifier(ctx, ch.id, {"op": "heroic", "heroic": C.norm(a.heroic), "add": a.ranks},
                 "gadgeteer", "this_turn")
    ctx.emit("ability", f"{ch.name} spends {a.ranks} Energy: +{a.ranks} {a.heroic} this Turn")


def check_investigate(ctx: Ctx, a: A.Investigate) -> Character:
    ch = acting.actor(ctx, a.seat, a.actor)
    if a.heroic not in ("perception", "hacking"):
        refuse("PT-HERC-4", "investigate with Perception or Hacking")
    clause = "PT-HERC-4" if a.heroic == "perception" else "PT-HERC-9"
    if ch.side != "heroes":
        refuse(clause, "only Heroes peek at the Villain's Objective")
    if rank(ctx, ch, a.heroic) < 1:
        refuse(clause, f"{ch.name} has no {a.heroic.title()}")
    acting.free_action(ctx, ch, f"investigate:{a.heroic}")

    check_toll(ctx, ch, "heroic", a.heroic)                   # PT-LOCK-1
    return ch


def do_investigate(ctx: Ctx, a: A.Investigate) -> None:

    ch = check_investigate(ctx, a)
    pay_toll(ctx, ch, "heroic", a.heroic)
    ch.free_used.append(f"investigate:{a.heroic}")
    rec = fixed(ctx, ch, "mind", a.heroic, 0, f"{a.heroic.title()} (toward the Objective)")
    before = getattr(ch, a.heroic)
    total = before + rec["total"]
    setattr(ch, a.heroic, total)
    ctx.emit("investigate", f"{ch.name} has {total} {a.heroic.title()} Successes toward the "
                            "Objective")
    st = ctx.state
    if before < PEEK_AT <= total and st.objective is not None:
        obj = ctx.card(st.objective)
        ctx.emit("peek", f"{ch.name} peeks at the Objective: {C.name(obj)} — "
                         f"{getattr(obj, 'text', '')}", {"objective": st.objective},
                 visible_to=(a.seat,), text_public=f"{ch.name} peeks at the Objective")
        st.record_peek(a.seat)                      # their view shows the face (view.py)
