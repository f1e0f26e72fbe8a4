"""The GM side's Hate at End of Turn, Fleeing, Pursuit and Surrender (HATE-3, FLEE, XOVER).

Interviews, Crossovers and Masterplans are a later issue; the state already holds
what they need (conflict number, lair, tallies).
"""

from __future__ import annotations

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character
from .heroics import power
from .statuses import add_status


def hate_spent(ctx: Ctx, ch: Character) -> None:
    """PT-XOVER-4: a Crossover Villain at 0 Hate Hides face down, out of play."""
    if ch.crossover and ch.in_play and (ch.hate or 0) <= 0:
        ch.in_play = False
        ch.out = "hidden"
        ctx.emit("villain", f"{ch.name} runs out of Hate and Hides (face down)")


def main_villain_left(ctx: Ctx, old: Character) -> None:
    """PT-XOVER-6, A-21: another Villain in play becomes Main and recovers its Hate."""
    old.main = False
    others = [v for v in ctx.state.villains() if v.id != old.id]
    if not others:
        return
    new = others[0]
    new.main = True
    new.crossover = False
    new.hate = max(new.hate or 0, power(ctx, new) * 3)
    ctx.emit("villain", f"{new.name} becomes the Main Villain with {new.hate} Hate")


def pay_hate_end_of_turn(ctx: Ctx) -> Character | None:
    """PT-HATE-3, A-15: each Villain in a Location pays 1; returns a Main Villain who must Flee."""
    st = ctx.state
    if st.lair is not None:
        return None                                            # PT-LAIR-3
    flee = None
    for v in st.villains():
        if (v.hate or 0) > 0:
            v.hate = (v.hate or 0) - 1
            ctx.emit("hate", f"{v.name} pays 1 Hate ({v.hate} left)")
            hate_spent(ctx, v)
        elif v.main:
            flee = v                                           # PT-FLEE-1
        else:
            hate_spent(ctx, v)
    return flee


def flee_or_surrender(ctx: Ctx, v: Character) -> None:
    """A-9: play a Lair from the GM's Plot Hand, or Surrender."""
    st = ctx.state
    hand = st.zones["plot_hand:gm"]
    lairs = [c for c in hand.cards if C.kind(ctx.card(c)) == "lair"]
    if lairs and (v.hate or 0) == 0:
        lair = lairs[0]
        hand.remove(lair)
        st.zones["lair"].add(lair)
        st.lair = lair
        st.phase = "pursuit"
        ctx.emit("flee", f"{v.name} Flees to {C.name(ctx.card(lair))}: the Players decide "
                         "whether to Pursue")
        return
    surrender(ctx, v)


def surrender(ctx: Ctx, v: Character) -> None:
    v.in_play = False
    v.out = "surrendered"
    ctx.emit("surrender", f"{v.name} Surrenders", {"character": v.id})  # PT-FLEE-3
    if v.main:
        main_villain_left(ctx, v)


def check_pursue(ctx: Ctx, a: A.Pursue) -> None:
    if ctx.state.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if ctx.state.phase != "pursuit":
        refuse("PT-FLEE-4", "no Villain has Fled")
    if a.seat == "gm":
        refuse("PT-FLEE-4", "the Players, not the GM, decide on Pursuit")


def do_pursue(ctx: Ctx, a: A.Pursue) -> None:
    """PT-FLEE-5 (Pursuit: a new Conflict in the Lair) / PT-FLEE-6 (an Interview)."""
    from ..effects import add_modifier
    from .turn import begin_turn

    check_pursue(ctx, a)
    st = ctx.state
    st.conflict += 1
    opts = st.options
    if a.pursue:
        ctx.emit("pursuit", "The Heroes Pursue: a new Conflict starts in the Lair")
        for c in st.in_play("villains"):
            add_status(c, "Surprised")
            add_modifier(ctx, c.id, {"op": "status", "status": "Surprised"}, "pursuit",
                         "this_turn")
        if opts.hate_recovery == "every_conflict":
            recover_hate(ctx)
    else:
        lair = st.lair
        if lair is not None:
            st.zones["lair"].remove(lair)
            st.zones["discard:gm"].add(lair)
        st.lair = None
        from .interview import begin_interview

        begin_interview(ctx)
        return
    st.turn += 1
    begin_turn(ctx)


def recover_hate(ctx: Ctx) -> None:
    for v in ctx.state.villains():
        full = power(ctx, v) * 3
        if (v.hate or 0) < full and not v.crossover:
            v.hate = full
            ctx.emit("hate", f"{v.name} recovers all Hate ({full})")
