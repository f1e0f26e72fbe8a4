"""5) Cleanup, and the start of a round (MH-CLEAN-1, MH-R-GMHAND, MH-R-LIMIT)."""

from __future__ import annotations

from ..context import Ctx
from . import powers


def run(ctx: Ctx) -> None:
    st = ctx.state
    n = sum(ctx.discard_all(st.facedown(h.seat).name) for h in st.heroes.values() if h.seat)
    left = ctx.discard_all("gm_hand")
    ctx.emit("cleanup", f"Cleanup: {n} face-down card(s) discarded (MH-CLEAN-1)"
             + (f", and the GM's {left} unplayed card(s) (MH-R-GMHAND)." if left else "."),
             {"facedown": n, "gm_left": left})
    powers.regenerate(ctx)
    begin_round(ctx, st.round + 1)


def begin_round(ctx: Ctx, number: int) -> None:
    st = ctx.state
    limit = st.options.round_limit
    if limit is not None and number > limit:
        st.phase = "over"
        st.winner = "draw"
        ctx.emit("draw", f"Round {limit} is over and the fight is undecided: a draw "
                 "(MH-R-LIMIT).")
        return
    st.round = number
    st.phase = "initiative"
    st.done = []
    st.owed = 0
    for f in [*st.heroes.values(), *st.enemies.values()]:
        f.attacked = f.refreshed = f.disengaged = f.aimed = f.guarded = False
    ctx.emit("phase", f"Round {number}: Initiative.", {"phase": "initiative", "round": number})
