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
        finish(ctx, "villains", "no Hero is left in play (PT-GOAL-1)", "heroes_incapacitated")
    elif not st.villains():
        if any(c.out == "surrendered" for c in st.characters.values() if c.role == "villain"):
            finish(ctx, "heroes", "no Villain is left in play: a Villain Surrendered "
                                  "(PT-GOAL-2, PT-GOAL-3)", "surrender")
        else:
            finish(ctx, "heroes", "no Villain is left in play: every Villain is "
                                  "Incapacitated (PT-GOAL-2)", "villains_incapacitated")
    elif st.objective is not None and threat_met(ctx):
        finish(ctx, "villains", "the Villain fulfilled the Objective (PT-OBJ-3)", "objective")


def threat_met(ctx: Ctx) -> bool:
    assert ctx.state.objective is not None
    mv = ctx.state.main_villain()
    for e in C.effects(ctx.card(ctx.state.objective)):
        if e.get("trigger") == "threat" and e.get("condition"):
            if holds(ctx, e["condition"], mv):
                return True
    return False


def finish(ctx: Ctx, winner: str, why: str, ending: str = "") -> None:
    """End the game; `ending` is a short code of how (state.ending, docs/rules.md):
    heroes_incapacitated, villains_incapacitated, surrender, objective, turn_limit."""
    st = ctx.state
    st.winner = winner
    st.result = why
    st.ending = ending
    st.phase = "over"
    st.combat = None
    label = {"heroes": "The Heroes win", "villains": "The Villains win",
             "draw": "The game is a draw"}[winner]
    ctx.emit("game_over", f"{label}: {why}", {"winner": winner})
