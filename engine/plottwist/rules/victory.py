"""Goal of the game (PT-GOAL) and the Objective's Threat (PT-OBJ-3)."""

from __future__ import annotations

from .. import cards as C
from ..context import Ctx
from ..modifiers import holds


def check(ctx: Ctx) -> None:
    st = ctx.state
    if st.winner is not None:
        return
    if not st.heroes():
        finish(ctx, "villains", "no Hero is left in play (PT-GOAL-1)")
    elif not st.villains():
        finish(ctx, "heroes", "no Villain is left in play (PT-GOAL-2)")
    elif st.objective is not None and threat_met(ctx):
        finish(ctx, "villains", "the Villain fulfilled the Objective (PT-OBJ-3)")


def threat_met(ctx: Ctx) -> bool:
    assert ctx.state.objective is not None
    mv = ctx.state.main_villain()
    for e in C.effects(ctx.card(ctx.state.objective)):
        if e.get("trigger") == "threat" and e.get("condition"):
            if holds(ctx, e["condition"], mv):
                return True
    return False


def finish(ctx: Ctx, winner: str, why: str) -> None:
    st = ctx.state
    st.winner = winner
    st.result = why
    st.phase = "over"
    st.combat = None
    label = {"heroes": "The Heroes win", "villains": "The Villains win",
             "draw": "The game is a draw"}[winner]
    ctx.emit("game_over", f"{label}: {why}", {"winner": winner})
