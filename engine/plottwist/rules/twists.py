"""Twists!: the one revealed each Start of Turn, and the Players' choice of it (option
twist_choice="choose", A-26, PT-TWIST-1/2)."""

from __future__ import annotations

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..modifiers import card_active
from .effect_hook import run
from .triggers import react


def eligible(ctx: Ctx) -> list[str]:
    """Unrevealed Twists! whose Turn and Color conditions hold now (PT-TWIST-2, PT-COLOR-5)."""
    return [t for t in ctx.state.zones["twists_deck"].cards if card_active(ctx, t)]


def check_choose(ctx: Ctx, a: A.ChooseTwist) -> None:
    st = ctx.state
    if st.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if st.main_pending:
        refuse("PT-XOVER-6", "the GM first chooses the new Main Villain (A-21)")
    if not st.twist_pending:
        refuse("PT-TWIST-1", "one Twist! a Turn, first thing in the Start of Turn")
    if a.seat == "gm":
        refuse("PT-SETUP-5", "the Twists! are the Players' (A-26)")
    if a.card not in st.zones["twists_deck"]:
        refuse("PT-TWIST-1", "that Twist! is not in the Twists! deck")
    if a.card not in eligible(ctx):
        refuse("PT-TWIST-2", f"{ctx.name(a.card)} cannot be played this Turn")


def do_choose(ctx: Ctx, a: A.ChooseTwist) -> None:
    check_choose(ctx, a)
    st = ctx.state
    st.twist_pending = False
    st.zone_to_change("twists_deck").remove(a.card)
    reveal(ctx, a.card, chosen=True)
    if a.card not in st.nullified:
        for e in C.effects(ctx.card(a.card)):                 # it missed this Start of Turn
            if e.get("trigger") == "start_of_turn":
                run(ctx, e, None, a.card)


def reveal_twist(ctx: Ctx) -> None:
    """PT-TWIST-1, A-26: the top Twist! is Revealed, unless none is left; with the option
    twist_choice="choose" the Players pick an eligible one (ChooseTwist) before anything
    else, and the top card comes only when none is eligible."""
    st = ctx.state
    deck = st.zones["twists_deck"]
    if st.options.twist_choice == "choose" and deck.cards:
        if eligible(ctx):
            st.twist_pending = True
            ctx.emit("twist", "The Players choose the Twist! of this Turn")
            return
    inst = st.zone_to_change("twists_deck").draw()
    if inst is None:
        return
    reveal(ctx, inst)


def reveal(ctx: Ctx, inst: str, chosen: bool = False) -> None:
    st = ctx.state
    st.zone_to_change("twists_revealed").add(inst)
    card = ctx.card(inst)
    ctx.emit("twist", f"Twist! {'chosen' if chosen else 'revealed'}: {C.name(card)}",
             {"card": inst})
    if not card_active(ctx, inst):
        ctx.emit("twist", f"{C.name(card)} has no effect for now (its Turn or Color "
                          "condition is not met)")
    else:
        for e in C.effects(card):
            if e.get("trigger") == "on_reveal":
                run(ctx, e, None, inst)
    react(ctx, "on_card_revealed")
