"""What a card's effect costs its payer: Belief, Hate, Energy, Move and Attack actions
(docs/effects.md, `cost`; PT-FREE-1, PT-BEL-4, PT-HATE-1, PT-ENER, PT-ACT-1)."""

from __future__ import annotations

from typing import Any

from ..context import Ctx, refuse
from ..state import Character
from .resources import check_energy, spend_energy


def check_cost(ctx: Ctx, effect: dict[str, Any], payer: Character | None) -> None:
    cost = effect.get("cost") or {}
    if not cost:
        return
    if payer is None:
        refuse("PT-FREE-1", "nobody can pay this card's cost")
    if cost.get("belief") and (payer.belief or 0) < int(cost["belief"]):
        refuse("PT-BEL-4", f"{payer.name} lacks the Belief this card costs")
    if cost.get("hate") and (payer.hate or 0) < int(cost["hate"]):
        refuse("PT-HATE-1", f"{payer.name} lacks the Hate this card costs")
    if cost.get("energy"):
        check_energy(ctx, payer, int(cost["energy"]))
    if cost.get("move") and payer.move < int(cost["move"]):
        refuse("PT-ACT-1", f"{payer.name} lacks the Move actions this card costs")
    if cost.get("attack") and payer.attack < int(cost["attack"]):
        refuse("PT-ACT-1", f"{payer.name} lacks the Attack action this card costs")


def pay_cost(ctx: Ctx, effect: dict[str, Any], payer: Character | None) -> None:
    cost = effect.get("cost") or {}
    if not cost or payer is None:
        return
    payer.belief = (payer.belief or 0) - int(cost.get("belief", 0)) \
        if payer.belief is not None else None
    if payer.hate is not None:
        payer.hate -= int(cost.get("hate", 0))
    if cost.get("energy"):
        spend_energy(ctx, payer, int(cost["energy"]))
    payer.move -= int(cost.get("move", 0))
    payer.attack -= int(cost.get("attack", 0))
