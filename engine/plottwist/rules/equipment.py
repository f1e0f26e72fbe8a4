"""Equipment and Weapons (PT-EQUIP, A-45): one Equipment in use at a time."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from . import acting
from .colors import check_can_use


def check_use(ctx: Ctx, a: A.UseEquipment) -> None:
    ch = acting.actor(ctx, a.seat, a.actor)
    if ch.role == "mook":
        refuse("PT-MOOK-4", "Mooks cannot use Equipment")
    if a.card not in ch.equipment:
        refuse("PT-EQUIP-1", f"that Equipment is not in {ch.name}'s Character Cluster")
    if a.card == ch.in_use:
        refuse("PT-EQUIP-5", "that Equipment is already in use")
    cb = ctx.state.combat
    if cb is not None and cb.step == "attack" and ch.id in (cb.attacker, cb.defender):
        refuse("PT-EQUIP-5", "Equipment is not changed during the Attack step (A-45)")
    check_can_use(ctx, ch, ctx.card(a.card))


def do_use(ctx: Ctx, a: A.UseEquipment) -> None:
    check_use(ctx, a)
    ch = ctx.state.characters[a.actor]
    ch.in_use = a.card
    ctx.state.roster_changed()
    ctx.emit("equipment", f"{ch.name} now uses {ctx.name(a.card)}")
