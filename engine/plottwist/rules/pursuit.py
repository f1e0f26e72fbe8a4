"""Pursuit (PT-FLEE-4..6, A-55): after a Flee the Players Pursue the Villain to the Lair (a
new Conflict) or let him go (an Interview)."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from .interview import begin_interview
from .statuses import add_status
from .timing import add_modifier
from .turn import begin_turn
from .villain import recover_hate


def check_pursue(ctx: Ctx, a: A.Pursue) -> None:
    if ctx.state.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if ctx.state.main_pending:
        refuse("PT-XOVER-6", "the GM first chooses the new Main Villain (A-21)")
    if ctx.state.target_pending:
        refuse("PT-BYST-10", "first the targets of the Fled-from Bystanders are chosen")
    if ctx.state.phase != "pursuit":
        refuse("PT-FLEE-4", "no Villain has Fled")
    if a.seat == "gm":
        refuse("PT-FLEE-4", "the Players, not the GM, decide on Pursuit")


def do_pursue(ctx: Ctx, a: A.Pursue) -> None:
    """PT-FLEE-5 (Pursuit: a new Conflict in the Lair) / PT-FLEE-6 (an Interview)."""
    check_pursue(ctx, a)
    st = ctx.state
    st.conflict += 1
    opts = st.options
    if a.pursue:
        ctx.emit("pursuit", "The Heroes Pursue: a new Conflict starts in the Lair")
        here, away = st.zone_to_change("bystanders"), None
        for b in list(here.cards):                   # Bystanders stay behind
            away = away or st.extra_zone("bystanders_elsewhere")
            here.remove(b)
            away.add(b)
            if st.location:
                st.left_behind[b] = st.location
        for c in st.in_play("villains"):
            add_status(c, "Surprised")
            add_modifier(ctx, c.id, {"op": "status", "status": "Surprised"}, "pursuit",
                         "this_turn")
        if opts.hate_recovery == "every_conflict":
            recover_hate(ctx)
    else:
        lair = st.lair
        if lair is not None:
            st.move_card(lair, "lair", "discard:gm")
        st.lair = None
        begin_interview(ctx)
        return
    st.turn += 1
    begin_turn(ctx)
