"""What every action passes first, Done (MH-R-DONE), and the moves from phase to phase."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .. import actions as A
from ..context import Ctx
from ..state import PHASE_NAMES, GameState
from . import cleanup, disengaged, engaged, initiative


def gate(ctx: Ctx, action: A.Action) -> None:
    st = ctx.state
    if st.winner is not None:
        raise RuleViolation("MH-R-WIN", "the fight is over")
    if action.seat not in st.seats:
        raise RuleViolation("MH-R-SEATS", f"no seat {action.seat!r} at this table")
    if st.pending and not isinstance(action, A.KeepLastCard):
        raise RuleViolation("MH-R-LASTCARD", "the GM first decides where the defeated enemy's "
                            "last card goes")
    hero = st.hero_of(action.seat)
    if hero is not None and hero.out:
        raise RuleViolation("MH-R-DOWN", f"{hero.name} is down and no longer acts")


def check_done(ctx: Ctx, action: A.Done) -> None:
    st = ctx.state
    if st.phase in ("initiative", "players"):
        if action.seat == "gm":
            raise RuleViolation("MH-R-DONE", f"the players end the {PHASE_NAMES[st.phase]} "
                                "phase, each with Done")
        if action.seat in st.done:
            raise RuleViolation("MH-R-DONE", "you are already done for this phase")
        return
    if action.seat != "gm":
        raise RuleViolation("MH-R-DONE", f"the GM ends the {PHASE_NAMES[st.phase]} phase")
    if st.phase == "disengaged" and disengaged.owed(ctx):
        raise RuleViolation("MH-DIS-1", f"the GM still owes {disengaged.owed(ctx)} attack(s) "
                            "with disengaged enemies")
    if st.phase == "engaged" and engaged.owes(ctx):
        raise RuleViolation("MH-ENG-1", "the GM must play the rest of his hand at players "
                            "with face-down cards")


def do_done(ctx: Ctx, action: A.Done) -> None:
    st = ctx.state
    if action.seat == "gm":
        ctx.emit("done", f"The GM ends {PHASE_NAMES[st.phase]}.")
        next_phase(ctx)
        return
    st.done.append(action.seat)
    hero = st.hero_of(action.seat)
    ctx.emit("done", f"{hero.name if hero else action.seat} is done.", {"seat": action.seat})


def seats_to_act(st: GameState) -> list[str]:
    """Who is expected to act now: the GM for his choices and phases, else the players
    not yet done."""
    if st.winner is not None:
        return []
    if st.pending or st.phase in ("disengaged", "engaged"):
        return ["gm"]
    return [h.seat for h in st.standing_heroes() if h.seat and h.seat not in st.done]


def advance(ctx: Ctx) -> None:
    """After every action: a players' phase ends once every standing player is done."""
    st = ctx.state
    if st.winner is not None or st.pending or st.phase not in ("initiative", "players"):
        return
    if all(h.seat in st.done for h in st.standing_heroes()):
        next_phase(ctx)


def next_phase(ctx: Ctx) -> None:
    """MH-ROUND-1: the five phases in order."""
    st = ctx.state
    st.done = []
    if st.phase == "initiative":
        initiative.end(ctx)
    elif st.phase == "disengaged":
        st.phase = "players"
    elif st.phase == "players":
        st.phase = "engaged"
    elif st.phase == "engaged":
        cleanup.run(ctx)
        return
    ctx.emit("phase", f"Round {st.round}: {PHASE_NAMES[st.phase]}.", {"phase": st.phase})

