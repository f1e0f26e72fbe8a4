"""Events and Nullify (PT-EVENT, PT-NULL-1, PT-TWIST-2, A-25, A-40)."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..modifiers import holds
from ..state import Character
from . import acting
from .effect_hook import run
from .rolls import fixed
from .statuses import drop_statuses
from .triggers import react


def reveal_cap(st: Any) -> int:
    """How many Events may be Revealed in the game now: the Heroes in play, at most 5
    (PT-EVENT-1, A-40)."""
    return min(len(st.heroes()), 5)


def check_reveal(ctx: Ctx, a: A.RevealEvent) -> None:
    st = ctx.state
    acting.game_running(ctx)
    if a.seat != "gm":
        refuse("PT-EVENT-1", "Events are the GM's")
    if st.phase != "combat":
        refuse("PT-EVENT-2", "Events are flipped only in the Combat phase")
    if a.card not in st.zones["events"]:
        refuse("PT-EVENT-1", "that Event is not face-down in the Events Cluster")
    cap = reveal_cap(st)
    if st.tally.get("events_revealed", 0) >= cap:
        refuse("PT-EVENT-1", f"only {cap} Events can be Revealed (Heroes in play)")


def do_reveal(ctx: Ctx, a: A.RevealEvent) -> None:
    check_reveal(ctx, a)
    st = ctx.state
    st.move_card(a.card, "events", "events_revealed")
    st.tally["events_revealed"] = st.tally.get("events_revealed", 0) + 1
    ctx.emit("event", f"Event revealed: {ctx.name(a.card)}", {"card": a.card})
    for e in C.effects(ctx.card(a.card)):
        if e.get("trigger") == "on_reveal":
            run(ctx, e, st.main_villain(), a.card)
    react(ctx, "on_card_revealed")


def _nullify_effect(ctx: Ctx, inst: str) -> dict[str, Any] | None:
    return C.nullify_effect(ctx.card(inst))


def check_nullify_roll(ctx: Ctx, a: A.NullifyRoll) -> Character:
    st = ctx.state
    ch = acting.actor(ctx, a.seat, a.actor)
    if ch.side != "heroes":
        refuse("PT-EVENT-4", "the Heroes Nullify Events and Twists!")
    if a.card not in st.zones["events_revealed"] and a.card not in st.zones["twists_revealed"]:
        refuse("PT-NULL-1", "that card is not a revealed Event or Twist!")
    if a.card in st.nullified:
        refuse("PT-NULL-1", "that card is already Nullified")
    e = _nullify_effect(ctx, a.card)
    if e is None or not isinstance(e.get("roll"), dict):
        refuse("PT-EVENT-4", "that card has no Nullify roll")
    if C.norm(e["roll"].get("attribute", "mind")) not in ("body", "mind", "charm"):
        refuse("PT-ATTR-2", "Power is never used in a non-Damage roll")
    acting.free_action(ctx, ch, f"nullify:{a.card}")
    return ch


def do_nullify_roll(ctx: Ctx, a: A.NullifyRoll) -> None:

    ch = check_nullify_roll(ctx, a)
    ch.free_used.append(f"nullify:{a.card}")
    e = _nullify_effect(ctx, a.card)
    assert e is not None
    roll = e["roll"]
    rec = fixed(ctx, ch, str(roll.get("attribute", "mind")), str(roll.get("ability", "")),
                int(roll.get("difficulty", 0)), f"Nullify {ctx.name(a.card)}")
    if rec["won"]:
        nullify(ctx, a.card)


def nullify(ctx: Ctx, inst: str) -> None:
    st = ctx.state
    if inst in st.nullified:
        return
    st.nullified.append(inst)
    gone = [m for m in st.modifiers if m.source == inst]
    st.modifiers = [m for m in st.modifiers if m.source != inst]
    drop_statuses(ctx, gone)
    ctx.emit("nullify", f"{ctx.name(inst)} is Nullified")


@C._memo
def _nullify_condition(card: Any) -> dict[str, Any] | None:
    """The condition of a card's Nullify effect, if it has one."""
    e = C.nullify_effect(card)
    return e.get("condition") or None if e is not None else None


def check_nullify_conditions(ctx: Ctx) -> None:
    """A Nullify condition is checked after every action (docs/effects.md).

    The revealed cards that have a Nullify condition are remembered on the state under the
    two zones' card lists (they change a few times a game; this runs after every action,
    and most of the time none of the revealed cards has a condition)."""
    st = ctx.state
    zones = st.zones
    events = zones["events_revealed"].cards
    twists = zones["twists_revealed"].cards
    watch = st.__dict__.get("_nullify_watch")
    if watch is None or watch[0] != events or watch[1] != twists:
        watch = st.__dict__["_nullify_watch"] = (
            events[:], twists[:], [(inst, cond) for inst in events + twists
                                   if (cond := _nullify_condition(ctx.card(inst)))])
    for inst, cond in watch[2]:
        if inst in st.nullified:
            continue
        if holds(ctx, cond, None, source=inst):
            nullify(ctx, inst)
