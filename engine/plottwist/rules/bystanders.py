"""Playing Bystanders (PT-BYST-1/2, PT-LAIR-2, A-27, A-42)."""

from __future__ import annotations

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character
from . import acting
from .uniqueness import copies


def check_play(ctx: Ctx, a: A.PlayBystanders) -> Character:
    st = ctx.state
    ch = acting.actor(ctx, a.seat, a.actor, allow_out=True)
    if not ch.in_play and (ch.side != "heroes" or (ch.belief or 0) < 1):
        refuse("PT-STATUS-3", f"{ch.name} is out of play; its Belief pays 1 per Plot (A-27)")
    if st.phase != "start":
        refuse("PT-BYST-1", "Bystanders are played in the Start of Turn phase")
    acting.free_action(ctx, ch, "bystanders")
    if st.lair is not None:
        refuse("PT-LAIR-2", "no Bystander can be played at a Lair")
    if not a.cards:
        refuse("PT-BYST-1", "name the Bystanders to play")
    hand = st.zones[f"plot_hand:{a.seat}"]
    for c in a.cards:
        if c not in hand:
            refuse("PT-PLOT-1", "that card is not in your Plot Hand")
        if C.kind(ctx.card(c)) != "bystander":
            refuse("PT-PLOT-2", f"{ctx.name(c)} is not a Bystander")
    # PT-BYST-2, PT-RELOC-3: those left at another Location are still in play
    away = st.zones.get("bystanders_elsewhere")
    in_play = [ctx.card(b) for b in st.zones["bystanders"].cards
               + (away.cards if away is not None else [])]
    if copies(in_play + [ctx.card(c) for c in a.cards]):
        refuse("PT-BYST-2", "two copies of the same Bystander cannot be in play")
    if not ch.in_play and (ch.belief or 0) < len(a.cards):
        refuse("PT-STATUS-3", f"{len(a.cards)} Bystanders cost {len(a.cards)} Belief (A-27)")
    return ch


def do_play(ctx: Ctx, a: A.PlayBystanders) -> None:
    ch = check_play(ctx, a)
    st = ctx.state
    ch.free_used.append("bystanders")
    if not ch.in_play:
        ch.belief = (ch.belief or 0) - len(a.cards)
    for c in a.cards:
        st.move_card(c, f"plot_hand:{a.seat}", "bystanders")
    ctx.emit("bystander", f"{ch.name} plays " + ", ".join(ctx.name(c) for c in a.cards))
