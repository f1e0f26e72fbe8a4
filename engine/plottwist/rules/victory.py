"""Goal of the game (PT-GOAL) and the Objective's Threat (PT-OBJ-3)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..context import Ctx
from ..modifiers import Test, compiled, reads_controller


def check(ctx: Ctx) -> None:
    st = ctx.state
    if st.winner is not None:
        return
    # Runs after every action. Who is in play changes only with the roster count
    # (GameState.roster_changed), so a roster already seen with a Hero and a Villain in
    # play is not read again; else one pass over the characters, stopping once both are
    # seen (st.heroes() / st.villains() would build two lists).
    roster = st.roster_changes
    hero = villain = st.__dict__.get("_victory_roster") == roster
    if not hero:
        for c in st.characters.values():
            if c.in_play:
                if c.side == "heroes":
                    hero = True
                elif c.side == "villains" and c.role == "villain":
                    villain = True
                if hero and villain:
                    st.__dict__["_victory_roster"] = roster
                    break
    if not hero:
        finish(ctx, "villains", "no Hero is left in play (PT-GOAL-1)", "heroes_incapacitated")
    elif not villain:
        if any(c.out == "surrendered" for c in st.characters.values() if c.role == "villain"):
            finish(ctx, "heroes", "no Villain is left in play: a Villain Surrendered "
                                  "(PT-GOAL-2, PT-GOAL-3)", "surrender")
        else:
            finish(ctx, "heroes", "no Villain is left in play: every Villain is "
                                  "Incapacitated (PT-GOAL-2)", "villains_incapacitated")
    elif st.objective is not None and threat_met(ctx):
        finish(ctx, "villains", "the Villain fulfilled the Objective (PT-OBJ-3)", "objective")


@C._memo
def threat_conditions(card: Any) -> tuple[dict[str, Any], ...]:
    """The conditions of an Objective's `threat` effects."""
    return tuple(e["condition"] for e in C.effects(card)
                 if e.get("trigger") == "threat" and e.get("condition"))


@C._memo
def _threat(card: Any) -> tuple[Test | None, bool]:
    """The threat conditions as one test (met when any of them holds), or None when the
    card has none; and whether the test reads the controller."""
    conditions = threat_conditions(card)
    if not conditions:
        return None, False
    either = {"any": list(conditions)}
    return compiled(either), reads_controller(either)


def threat_met(ctx: Ctx) -> bool:
    st = ctx.state
    assert st.objective is not None
    # the Objective's test, kept on the state for its card instance (asked after every
    # action; the Objective changes at most with a new Conflict)
    kept = st.__dict__.get("_victory_threat")
    if kept is None or kept[0] != st.objective:
        kept = st.__dict__["_victory_threat"] = (st.objective,
                                                 *_threat(ctx.cards[st.cards[st.objective]]))
    _, test, reads = kept
    if test is None:
        return False
    # asked after every action: the Main Villain is looked up only for a condition that
    # reads it as the controller (the core set's Objectives read turns, tallies and Hate)
    return test(ctx, st.main_villain() if reads else None, None, None, st.objective)


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
