"""Turns, phases and Initiative (PT-TURN, PT-ACT-2, PT-COUNT, PT-TWIST-1, PT-CDECK-1)."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from . import acting, victory
from .cdeck import HAND, draw
from .combat import check_pass_in_combat, do_pass_in_combat
from .timing import count_card_turns, count_turns
from .triggers import trigger_cards
from .twists import reveal_twist
from .villain import flee_or_surrender, pay_hate_end_of_turn, run_deferred

OTHER = {"heroes": "villains", "villains": "heroes"}


def check_pass(ctx: Ctx, a: A.Pass) -> None:
    acting.game_running(ctx)
    st = ctx.state
    if a.seat not in st.seats:
        refuse("PT-TERM-1", f"no seat {a.seat!r}")
    if st.combat is not None:
        check_pass_in_combat(ctx, a)
        return
    side = st.side_of_seat(a.seat)
    if st.initiative != side:
        refuse("PT-TURN-1", f"the {st.initiative} hold Initiative; wait for them to pass")
    if a.seat in st.players_passed:
        refuse("PT-TURN-2", f"{a.seat} has passed; the other Players may still act (A-1)")


def do_pass(ctx: Ctx, a: A.Pass) -> None:
    if not ctx.vouched:
        check_pass(ctx, a)
    st = ctx.state
    if st.combat is not None:
        do_pass_in_combat(ctx, a)
        return
    side = st.side_of_seat(a.seat)
    if side == "heroes" and st.options.hero_pass == "every_player":
        # PT-TURN-1/2, A-1: the Villains wait until every Hero that wants to act has acted
        st.players_passed.append(a.seat)
        waiting = [s for s in st.seats if s != "gm" and s not in st.players_passed]
        if waiting:
            ctx.emit("initiative", f"{a.seat} passes; waiting for {', '.join(waiting)}")
            return
    st.players_passed = []
    st.passed.append(side)
    if len(st.passed) < 2:
        st.initiative = OTHER[side]
        ctx.emit("initiative", f"The {side} pass; the {st.initiative} act")
        return
    st.passed = []
    if st.phase == "start":
        st.phase = "combat"
        st.initiative = st.first
        ctx.emit("phase", f"Turn {st.turn} — Combat phase")
    else:
        end_turn(ctx)


def begin_turn(ctx: Ctx) -> None:
    """Start of Turn: the Twist! first, then triggers; actions renewed (PT-TURN-5, PT-ACT-2)."""
    st = ctx.state
    st.phase = "start"
    st.first = "heroes"
    st.initiative = "heroes"
    st.passed = []
    st.players_passed = []
    st.combats_this_turn = 0
    st.cured_this_turn = 0
    st.cured_from = {}
    st.location_permits = {}                                  # a permit is for "now"
    ctx.emit("phase", f"Turn {st.turn} — Start of Turn")
    # PT-ACT-2 renews the actions "in this phase"; renewing them before the Twist! keeps
    # PT-TURN-5's order of the cards (Twist! first) and lets a Twist! change them
    for ch in st.characters.values():
        ch.move, ch.attack = 2, 1
        ch.energy_spent = 0
        ch.quantity_spent = 0
        ch.free_used = []
        ch.initiated = []
        ch.attacked = []
        ch.bought_attack = False
        ch.boosts = {}
    reveal_twist(ctx)
    trigger_cards(ctx, "start_of_turn")
    if st.deferred:
        run_deferred(ctx)                                     # PT-BYST-9
    if st.turn == 1:                                          # PT-CDECK-1
        for seat in st.seats:
            draw(ctx, seat, HAND)
    victory.check(ctx)


def end_turn(ctx: Ctx) -> None:
    """PT-TURN-8 in the order of A-28: triggers, Hate, Timing Counters, then Flee."""
    st = ctx.state
    st.phase = "end"
    ctx.emit("phase", f"Turn {st.turn} — End of Turn")
    trigger_cards(ctx, "end_of_turn")
    flee = pay_hate_end_of_turn(ctx)
    count_turns(ctx)
    count_card_turns(ctx)
    for ch in st.characters.values():
        ch.boosts = {}
    if flee is not None and flee.in_play:
        flee_or_surrender(ctx, flee)
    victory.check(ctx)
    if st.winner is not None or st.phase == "pursuit":
        return
    limit = st.options.turn_limit
    if limit and st.turn >= limit:
        victory.finish(ctx, "draw", f"the turn limit ({limit}) was reached", "turn_limit")
        return
    st.turn += 1
    begin_turn(ctx)
