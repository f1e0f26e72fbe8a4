"""How long effects last: lasting modifiers and their durations, Timing Counters and
"In X Turns" effects (docs/effects.md, *Durations*; PT-COUNT-1..4, A-16, PT-TWIST-2)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..context import Ctx
from ..state import Character, Modifier
from .effect_hook import run
from .statuses import drop_statuses


def add_modifier(ctx: Ctx, target: str, op: dict[str, Any], source: str, duration: Any,
                 turns: int = 0) -> None:
    if isinstance(duration, dict):
        turns = int(duration.get("turns", 1))
        duration = "turns"
    ctx.state.modifiers.append(Modifier(target, dict(op), source, str(duration), turns))


def expire(ctx: Ctx, durations: tuple[str, ...]) -> None:
    st = ctx.state
    keep: list[Modifier] = []
    gone: list[Modifier] = []
    for m in st.modifiers:
        (gone if m.duration in durations else keep).append(m)
    st.modifiers = keep
    drop_statuses(ctx, gone)


def count_turns(ctx: Ctx) -> None:
    """PT-COUNT-1..4, A-16: add the Timing Counter first, then compare."""
    st = ctx.state
    keep: list[Modifier] = []
    gone: list[Modifier] = []
    for m in st.modifiers:
        if m.duration == "this_turn":
            gone.append(m)
        elif m.duration == "turns":
            m.counters += 1
            (gone if m.counters >= m.turns else keep).append(m)
        else:
            keep.append(m)
    st.modifiers = keep
    drop_statuses(ctx, gone)


def counting_cards(ctx: Ctx) -> list[tuple[str, Character | None]]:
    """Cards in play that count Turns (PT-COUNT-1) with "you" of their effects: revealed
    Twists!/Events, the Objective from Setup on (its Threat counts face-down too, A-37) and
    played Details whose "In X Turns" effect waits."""
    st = ctx.state
    out: list[tuple[str, Character | None]] = [
        (i, None) for z in ("twists_revealed", "events_revealed") for i in st.zones[z].cards
        if i not in st.nullified]
    if st.objective is not None and st.objective not in st.nullified:
        out.append((st.objective, st.main_villain()))
    for inst, ident in st.counting.items():
        ch = st.characters.get(ident)
        out.append((inst, ch if ch is not None and ch.in_play else None))
    return [(i, who) for i, who in out if C.counts_turns(ctx.card(i))]


def count_card_turns(ctx: Ctx) -> None:
    """Cards that count Turns gain a Timing Counter, then each "In X Turns" effect whose X
    is reached takes effect once (PT-COUNT-1/2, A-16). The Objective's waits until it is
    Revealed (its text is not in play face-down); a Twist! is then discarded (PT-TWIST-2),
    a Detail leaves the count."""
    st = ctx.state
    for inst, who in counting_cards(ctx):
        st.timing[inst] = st.timing.get(inst, 0) + 1
        effects = C.effects(ctx.card(inst))
        waiting = False
        for i, e in enumerate(effects):
            if e.get("trigger") != "in_turns":
                continue
            key = f"fired:{inst}:{i}"
            if key in st.once_used:
                continue
            if st.timing[inst] < int(e.get("turns", 1)) or (
                    inst == st.objective and not st.objective_revealed):
                waiting = True
                continue
            st.once_used.append(key)
            ctx.emit("timing", f"{ctx.name(inst)} takes effect")
            run(ctx, e, who, inst)
        kind = C.kind(ctx.card(inst))
        if kind == "twist" and not waiting and any(
                e.get("trigger") == "in_turns" for e in effects):
            _twist_done(ctx, inst)
        elif kind == "detail" and not waiting:
            st.counting.pop(inst, None)


def _twist_done(ctx: Ctx, inst: str) -> None:
    """PT-TWIST-2: a Twist! lasts until Nullified or until its trigger is achieved; then
    it is discarded and what it set up for a duration ends."""
    st = ctx.state
    if inst in st.zones["twists_revealed"]:
        st.move_card(inst, "twists_revealed", "discard:heroes")
    gone = [m for m in st.modifiers if m.source == inst]
    if gone:
        st.modifiers = [m for m in st.modifiers if m.source != inst]
        drop_statuses(ctx, gone)
    ctx.emit("twist", f"{ctx.name(inst)} has run its course and is discarded")
