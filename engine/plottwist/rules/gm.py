"""GM adjustments: a counter, a status or a card moved by the GM's ruling (undoable)."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from ..state import STATUSES
from .statuses import add_status, after_stress_change, remove_status

COUNTERS = ("physical", "mental", "social", "physical_trauma", "mental_trauma", "belief",
            "energy", "hate", "quantity", "move", "attack")


def check_ruling(ctx: Ctx, a: A.GMRuling) -> None:
    st = ctx.state
    if a.seat != "gm":
        refuse("PT-TERM-1", "only the GM makes rulings")
    if st.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if a.what == "counter":
        ch = ctx.char(a.target)
        if a.name not in COUNTERS:
            refuse("PT-RES-3", f"unknown counter {a.name!r}")
        if a.value < 0:
            refuse("PT-RES-5", "counters never go below 0")
        if a.name in ("physical", "mental", "social"):
            if ch.role == "mook":
                refuse("PT-MOOK-1", "Mooks have no Resistances")
            if a.value + ch.trauma.get(a.name, 0) > ch.maxes[a.name]:
                refuse("PT-RES-5", f"Stress + Trauma cannot exceed {ch.maxes[a.name]}")
        elif a.name.endswith("_trauma"):
            res = a.name.removesuffix("_trauma")
            if ch.role == "mook" or a.value + ch.stress[res] > ch.maxes[res]:
                refuse("PT-RES-5", "Stress + Trauma cannot exceed the printed Resistance")
        elif a.name == "belief":
            if ch.belief is None:
                refuse("PT-HATE-1", f"{ch.name} has no Belief")
            if a.value > ch.maxes.get("belief", 0):
                refuse("PT-RES-5", f"Belief cannot exceed {ch.maxes.get('belief', 0)}")
        elif a.name == "hate":
            if ch.hate is None:
                refuse("PT-HATE-1", f"{ch.name} has no Hate")
            if ch.crossover and a.value > 6:
                refuse("PT-XOVER-2", "a Crossover Villain holds at most 6 Hate")
        elif a.name == "quantity" and ch.role != "mook":
            refuse("PT-MOOK-1", "only Mooks have Quantity counters")
        elif a.name == "move" and a.value > 2 or a.name == "attack" and a.value > 1:
            refuse("PT-ACT-3", "at most 2 Move actions and 1 Attack action")
        elif a.name == "energy" and a.value > 0 and ch.stress.get("social", 1) == 0:
            refuse("PT-ENER-2", "no Energy while at 0 Social Stress")
    elif a.what in ("add_status", "remove_status"):
        ch = ctx.char(a.target)
        if a.name not in STATUSES or a.name == "Incapacitated":
            refuse("PT-STATUS-1", f"the GM cannot rule the status {a.name!r} this way")
        if (a.what == "add_status") == ch.has(a.name):
            refuse("PT-STATUS-1", f"{ch.name} {'is already' if ch.has(a.name) else 'is not'} "
                                  f"{a.name}")
    elif a.what == "move_card":
        if a.card not in st.cards:
            refuse("PT-UNIQ-1", f"no card {a.card!r}")
        if a.zone not in st.zones:
            refuse("PT-UNIQ-1", f"no zone {a.zone!r}")
        if a.card in st.zones[a.zone]:
            refuse("PT-UNIQ-1", "the card is already there")
    else:
        refuse("PT-TERM-1", f"unknown ruling {a.what!r}")


def do_ruling(ctx: Ctx, a: A.GMRuling) -> None:
    check_ruling(ctx, a)
    st = ctx.state
    why = f" ({a.reason})" if a.reason else ""
    if a.what == "counter":
        ch = st.characters[a.target]
        if a.name in ("physical", "mental", "social"):
            ch.stress[a.name] = a.value
            if a.name == "social" and a.value > 0 and ch.has("Demoralized"):
                remove_status(ch, "Demoralized")
        elif a.name.endswith("_trauma"):
            ch.trauma[a.name.removesuffix("_trauma")] = a.value
        else:
            setattr(ch, a.name, a.value)
        ctx.emit("gm_ruling", f"GM ruling: {ch.name}'s {a.name} set to {a.value}{why}")
        after_stress_change(ctx, ch)
    elif a.what == "add_status":
        ch = st.characters[a.target]
        add_status(ch, a.name)
        ctx.emit("gm_ruling", f"GM ruling: {ch.name} is {a.name}{why}")
        if a.name == "Demoralized":
            ch.energy = 0
            if ch.belief is not None:
                ch.belief = 0
    elif a.what == "remove_status":
        ch = st.characters[a.target]
        remove_status(ch, a.name)
        ctx.emit("gm_ruling", f"GM ruling: {ch.name} is no longer {a.name}{why}")
    else:
        for name, z in list(st.zones.items()):
            if a.card in z.cards:
                st.zone_to_change(name).remove(a.card)
        st.zone_to_change(a.zone).add(a.card)
        ctx.emit("gm_ruling", f"GM ruling: {ctx.name(a.card)} moved to {a.zone}{why}")
