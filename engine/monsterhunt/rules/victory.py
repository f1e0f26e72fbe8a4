"""The end of the fight (MH-R-WIN)."""

from __future__ import annotations

from ..context import Ctx


def check(ctx: Ctx) -> None:
    st = ctx.state
    if st.winner is not None:
        return
    if not st.standing_enemies():
        st.winner = "players"
        # nothing is left to spend an Audience card on: the last cards just go
        for item in st.pending:
            ctx.move(item["card"], "reveal", "discard")
        st.pending = []
        ctx.emit("victory", "Every enemy is defeated: the players win! (MH-R-WIN)")
    elif not st.standing_heroes():
        st.winner = "gm"
        ctx.emit("victory", "Every hero is down: the GM wins. (MH-R-WIN)")
    else:
        return
    st.phase = "over"
