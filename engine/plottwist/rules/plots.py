"""Plot Hands and Details (PT-PLOT, PT-DETAIL, PT-BEL-5, PT-STATUS-3/4, A-27, A-51)."""

from __future__ import annotations

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character
from . import acting
from .colors import check_can_use
from .costs import check_cost, pay_cost
from .effect_hook import run
from .locations import check_card_ops
from .lock import check_card, pay_card
from .setup import make_character, usable_by
from .uniqueness import is_copy


def check_detail(ctx: Ctx, a: A.PlayDetail) -> tuple[Character, Character]:
    st = ctx.state
    if a.seat == "gm":
        refuse("PT-DETAIL-1", "the GM has no Belief to play Details with (A-51)")
    ch = acting.actor(ctx, a.seat, a.actor, allow_out=True)
    if st.phase == "end":
        refuse("PT-DETAIL-1", "Details are played when Free actions are allowed")
    acting.in_turn_order(ctx, ch)
    if a.card not in st.zones[f"plot_hand:{a.seat}"]:
        refuse("PT-PLOT-1", "that card is not in your Plot Hand")
    card = ctx.card(a.card)
    if C.kind(card) != "detail":
        refuse("PT-PLOT-2", f"{C.name(card)} is not a Detail")
    cost = 1 if ch.in_play else 2                             # A-27 surcharge
    if (ch.belief or 0) < cost:
        refuse("PT-BEL-5", f"a Detail costs {cost} Belief; {ch.name} has {ch.belief or 0}")
    you = ch
    if not ch.in_play:                                         # PT-STATUS-4
        others = [h for h in st.heroes() if h.id != ch.id]
        chosen = [h for h in others if h.id == a.target]
        if not others:
            refuse("PT-STATUS-4", "no other Hero is in play to be 'you'")
        you = chosen[0] if chosen else others[0]
    check_can_use(ctx, you, card)

    check_card(ctx, you, card)                                 # PT-LOCK-1
    for e in C.effects(card):
        if e.get("trigger", "on_play") == "on_play":
            check_cost(ctx, e, you)

    check_card_ops(ctx, [e for e in C.effects(card) if e.get("trigger", "on_play") == "on_play"],
                   a.target or None)
    return ch, you


def do_detail(ctx: Ctx, a: A.PlayDetail) -> None:
    ch, you = check_detail(ctx, a)
    st = ctx.state
    ch.belief = (ch.belief or 0) - (1 if ch.in_play else 2)
    st.move_card(a.card, f"plot_hand:{a.seat}", f"discard:{a.seat}")
    card = ctx.card(a.card)

    pay_card(ctx, you, card)
    ctx.emit("detail", f"{ch.name} plays the Detail {C.name(card)}")
    for e in C.effects(card):
        if e.get("trigger", "on_play") == "on_play":
            pay_cost(ctx, e, you)
            run(ctx, e, you, a.card, a.target or None)
    if C.counts_turns(card):                                   # PT-COUNT-2: "In X Turns"
        st.counting[a.card] = you.id
    if any(e.get("trigger") == "activated" for e in C.effects(card)):
        # its activated effect stays at this Hero's hand for the rest of the Conflict
        st.played_details = {k: v for k, v in st.played_details.items()
                             if v[1] == st.conflict}
        st.played_details[a.card] = [you.id, st.conflict]


def check_hero(ctx: Ctx, a: A.PlayHero) -> Character:

    st = ctx.state
    if a.seat == "gm":
        refuse("PT-BEL-9", "the GM plays Villains through a Crossover, not with Belief")
    ch = acting.actor(ctx, a.seat, a.actor)
    acting.in_turn_order(ctx, ch)
    if ch.side != "heroes":
        refuse("PT-BEL-9", "the 5 Belief come from a Hero in play (A-35)")
    if a.card not in st.zones[f"plot_hand:{a.seat}"]:
        refuse("PT-PLOT-1", "that card is not in your Plot Hand")
    card = ctx.card(a.card)
    if C.kind(card) != "hero":
        refuse("PT-BEL-9", f"{C.name(card)} is not a Hero")
    if (ch.belief or 0) < 5:
        refuse("PT-BEL-9", f"playing a Hero costs 5 Belief; {ch.name} has {ch.belief or 0}")
    for other in st.characters.values():
        if other.in_play and is_copy(ctx.char_card(other), card):
            refuse("PT-UNIQ-3", f"{C.name(card)} is already in play")
    return ch


def do_hero(ctx: Ctx, a: A.PlayHero) -> None:

    ch = check_hero(ctx, a)
    st = ctx.state
    ch.belief = (ch.belief or 0) - 5
    st.zone_to_change(f"plot_hand:{a.seat}").remove(a.card)
    n = sum(1 for c in st.characters.values() if c.role == "hero") + 1
    ident = f"h{n}"
    while ident in st.characters:
        n += 1
        ident = f"h{n}"
    new = make_character(ctx, ctx.card(a.card), a.card, a.seat, "hero", ident)
    new.belief = 0                                             # PT-BEL-9
    ctx.emit("hero", f"{ch.name} spends 5 Belief: {new.name} enters play with 0 Belief")
    if f"collection:{a.seat}" in st.zones:                     # PT-HERO-2
        coll = st.zone_to_change(f"collection:{a.seat}")
        for eq in list(coll.cards):
            if usable_by(ctx.card(eq), ctx.card(a.card)):
                coll.remove(eq)
                new.equipment.append(eq)
                ctx.emit("hero", f"{new.name} brings {ctx.name(eq)} from the collection")
        new.in_use = new.equipment[0] if new.equipment else None
        st.roster_changed()
