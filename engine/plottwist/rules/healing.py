"""Healing (PT-HERC-7, A-4, A-43): the one Heroic Free action that acts on counters."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from ..state import Character
from . import acting
from .heroics import rank
from .lock import check_toll, pay_toll
from .resources import check_energy, regenerate, spend_energy
from .rolls import chosen


def check_heal(ctx: Ctx, a: A.Heal) -> Character:
    """PT-HERC-7, A-4: a Free action paying 1 Energy, then a Chosen Roll on yourself."""
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
    if check_toll(ctx, ch, "heroic", "healing"):              # PT-LOCK-1: 1 more Energy
        check_energy(ctx, ch, 2)
    return ch


def heal(ctx: Ctx, a: A.Heal) -> None:
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
