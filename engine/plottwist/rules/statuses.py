"""Statuses (PT-STATUS) and the consequences of 0 Stress (PT-RES-6)."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from ..state import Character, Modifier
from . import acting
from .heroics import has_keyword, rank
from .lock import check_toll, pay_toll
from .main_villain import main_villain_left
from .rolls import opposing
from .triggers import react


def add_status(ch: Character, status: str) -> bool:
    if status in ch.statuses:
        return False
    ch.statuses.append(status)
    return True


def remove_status(ch: Character, status: str) -> bool:
    if status not in ch.statuses:
        return False
    ch.statuses.remove(status)
    if status == "Surprised":
        ch.surprised_by_sneak = False
    return True


def drop_statuses(ctx: Ctx, gone: list[Modifier]) -> None:
    """Lasting modifiers `gone` have ended: a status one of them set ends too, unless another
    modifier still sets it (docs/effects.md, *Durations*)."""
    st = ctx.state
    for m in gone:
        if m.op.get("op") != "status":
            continue
        status = m.op.get("status", "")
        still = any(o.target == m.target and o.op.get("op") == "status"
                    and o.op.get("status") == status for o in st.modifiers)
        ch = st.characters.get(m.target)
        if ch is not None and not still and remove_status(ch, status):
            ctx.emit("status", f"{ch.name} is no longer {status}")


def after_stress_change(ctx: Ctx, ch: Character, by: Character | None = None) -> None:
    """PT-RES-6: 0 Physical or Mental → Incapacitated; 0 Social → Demoralized."""
    if ch.role == "mook" or not ch.in_play:
        return
    if ch.stress.get("physical", 1) == 0 or ch.stress.get("mental", 1) == 0:
        incapacitate(ctx, ch, by)
        return
    if ch.stress.get("social", 1) == 0 and not ch.has("Demoralized"):
        add_status(ch, "Demoralized")                        # PT-STATUS-5
        ch.energy = 0
        if ch.belief is not None:
            ch.belief = 0                                     # Villains keep Hate
        ctx.emit("status", f"{ch.name} is Demoralized: loses all Energy and Belief")


def incapacitate(ctx: Ctx, ch: Character, by: Character | None = None) -> None:
    """PT-STATUS-1: out of the game; Belief stays for Plots (PT-STATUS-3)."""
    st = ctx.state
    ch.in_play = False
    st.roster_changed()
    ch.out = "incapacitated"
    add_status(ch, "Incapacitated")
    if st.combat and ch.id in (st.combat.attacker, st.combat.defender):
        st.combat.step = "end"
        st.combat.passed = []
    ctx.emit("incapacitated", f"{ch.name} is Incapacitated", {"character": ch.id})
    if ch.side == "heroes":
        st.tally["heroes_incapacitated"] = st.tally.get("heroes_incapacitated", 0) + 1
        react(ctx, "on_hero_incapacitated")
        if by is not None and by.role == "villain" and by.in_play:
            gain = len(st.heroes())                           # PT-HATE-9, A-53
            before = by.hate or 0
            by.hate = before + gain
            if by.crossover:
                by.hate = min(by.hate, 6)                     # PT-XOVER-2
            ctx.emit("hate", f"{by.name} gains {by.hate - before} Hate for Incapacitating "
                             f"{ch.name}")
    elif ch.role == "villain":
        if ch.crossover:
            ch.out = "discarded"                              # PT-XOVER-8
        if ch.main:
            main_villain_left(ctx, ch)


# --- Free actions on statuses -----------------------------------------------------------

def check_flying(ctx: Ctx, a: A.SetFlying) -> Character:
    ch = acting.actor(ctx, a.seat, a.actor)
    acting.free_action(ctx, ch, "flying")
    if rank(ctx, ch, "flight") < 1 and not has_keyword(ctx, ch, "Flight"):
        refuse("PT-STATUS-14", f"{ch.name} cannot fly (no Flight)")
    if a.flying == ch.has("Flying"):
        refuse("PT-STATUS-14", f"{ch.name} is already {'' if a.flying else 'not '}Flying")

    check_toll(ctx, ch, "heroic", "flight")
    return ch


def do_flying(ctx: Ctx, a: A.SetFlying) -> None:

    ch = check_flying(ctx, a)
    pay_toll(ctx, ch, "heroic", "flight")
    ch.free_used.append("flying")
    if a.flying:
        add_status(ch, "Flying")
        ctx.emit("status", f"{ch.name} takes to the air (Flying)")
    else:
        remove_status(ch, "Flying")
        ctx.emit("status", f"{ch.name} lands")


def check_hide(ctx: Ctx, a: A.Hide) -> Character:
    ch = acting.actor(ctx, a.seat, a.actor)
    acting.free_action(ctx, ch, "hide")
    if rank(ctx, ch, "stealth") < 1:
        refuse("PT-STATUS-16", f"{ch.name} has no Stealth")
    if ch.has("Hidden"):
        refuse("PT-STATUS-16", f"{ch.name} is already Hidden")
    cb = ctx.state.combat
    if cb and ch.id in (cb.attacker, cb.defender):
        refuse("PT-STATUS-17", "a combatant cannot Hide in the middle of a Combat")

    check_toll(ctx, ch, "heroic", "stealth")
    return ch


def do_hide(ctx: Ctx, a: A.Hide) -> None:

    ch = check_hide(ctx, a)
    pay_toll(ctx, ch, "heroic", "stealth")
    ch.free_used.append("hide")
    add_status(ch, "Hidden")
    ctx.emit("status", f"{ch.name} Hides")


def check_perceive(ctx: Ctx, a: A.Perceive) -> tuple[Character, Character]:
    ch = acting.actor(ctx, a.seat, a.actor)
    acting.free_action(ctx, ch, "perceive")
    target = ctx.char(a.target, "PT-STATUS-18")
    if not target.in_play or not target.has("Hidden"):
        refuse("PT-STATUS-18", f"{target.name} is not Hidden")

    if rank(ctx, ch, "perception") >= 1:
        check_toll(ctx, ch, "heroic", "perception")
    return ch, target


def do_perceive(ctx: Ctx, a: A.Perceive) -> None:

    ch, target = check_perceive(ctx, a)
    if rank(ctx, ch, "perception") >= 1:
        pay_toll(ctx, ch, "heroic", "perception")
    ch.free_used.append("perceive")
    ra, _ = opposing(ctx, ch, "mind", "perception", target, "body", "stealth",
                     "Perception vs Stealth")
    if ra["won"]:                                              # a tie perceives nothing
        remove_status(target, "Hidden")
        if add_status(target, "Surprised"):
            target.surprised_by_sneak = True                   # ends when it Defends
        ctx.emit("status", f"{ch.name} Perceives {target.name}: no longer Hidden, Surprised")
    else:
        ctx.emit("status", f"{target.name} stays Hidden")


def check_end_status(ctx: Ctx, a: A.EndStatus) -> Character:
    ch = acting.actor(ctx, a.seat, a.actor)
    acting.in_turn_order(ctx, ch)
    clause = "PT-STATUS-8" if a.status == "Stunned" else "PT-STATUS-10"
    if a.status not in ("Stunned", "Prone"):
        refuse("PT-STATUS-8", "only Stunned and Prone end by spending actions")
    if not ch.has(a.status):
        refuse(clause, f"{ch.name} is not {a.status}")
    if ch.move < 2 or ch.attack < 1:
        refuse(clause, f"ending {a.status} takes 2 Move actions and 1 Attack action")
    return ch


def do_end_status(ctx: Ctx, a: A.EndStatus) -> None:
    ch = check_end_status(ctx, a)
    ch.move -= 2
    ch.attack -= 1
    remove_status(ch, a.status)
    ctx.emit("status", f"{ch.name} spends 2 Move and 1 Attack action: no longer {a.status}")
