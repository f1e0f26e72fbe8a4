"""Reversal of Fortunes, Villain Crossover and Masterplan (PT-ROF, PT-XOVER, PT-MPLAN,
A-19, A-20, A-22, A-35, A-36, A-46)."""

from __future__ import annotations

from collections import Counter

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from . import acting
from .resources import gain_energy
from .setup import make_character
from .timing import add_modifier

PRICES = {"lock": 1, "auto_success": 2, "crossover": 3, "reverse_initiative": 4,
          "masterplan": 5}
CLAUSES = {"lock": "PT-ROF-2", "auto_success": "PT-ROF-3", "crossover": "PT-ROF-4",
           "reverse_initiative": "PT-ROF-5", "masterplan": "PT-ROF-6"}


def check(ctx: Ctx, a: A.Reversal) -> None:
    st = ctx.state
    acting.game_running(ctx)
    if a.seat != "gm":
        refuse("PT-ROF-1", "only the GM Cures Belief")
    if a.purpose not in PRICES:
        refuse("PT-ROF-1", f"unknown Reversal {a.purpose!r}")
    if st.combat is None and st.initiative != "villains" and a.purpose != "reverse_initiative":
        refuse("PT-TURN-3", "the Heroes hold Initiative and act first")
    price = PRICES[a.purpose]
    clause = CLAUSES[a.purpose]
    if len(a.payers) != price:
        refuse(clause, f"this costs {price} Belief Cured from Heroes")
    heroes = st.heroes()
    x = len(heroes)
    per = Counter(a.payers)
    for ident, n in per.items():
        h = st.characters.get(ident)
        if h is None or not h.in_play or h.side != "heroes":
            refuse("PT-ROF-1", "Belief is Cured only from Heroes in play (A-19)")
        if (h.belief or 0) < n:
            refuse("PT-ROF-1", f"{h.name} has only {h.belief or 0} Belief")
    if st.options.reversal_cap == "per_hero":
        for ident, n in per.items():
            if st.cured_from.get(ident, 0) + n > x:
                refuse("PT-ROF-1", f"at most {x} Belief a Turn from each Hero (A-19 option)")
    elif st.cured_this_turn + price > x:
        refuse("PT-ROF-1", f"the GM may Cure at most {x} Belief a Turn (Heroes in play); "
                           f"{st.cured_this_turn} already Cured")
    if a.purpose == "lock":
        t = ctx.char(a.target, clause)
        if t.side != "heroes" or not t.in_play or not a.name:
            refuse(clause, "Lock one Keyword or Heroic of a Hero in play")
    elif a.purpose == "auto_success":
        t = ctx.char(a.target, clause)
        if t.role != "villain" or not t.in_play:
            refuse(clause, "the target is a Villain in play")
    elif a.purpose == "crossover":
        _check_crossover(ctx, a)
    elif a.purpose == "reverse_initiative" and st.phase not in ("start", "combat"):
        refuse(clause, "Initiative is reversed during a Turn")


def _check_crossover(ctx: Ctx, a: A.Reversal) -> None:
    st = ctx.state
    hidden = st.characters.get(a.card)
    if hidden is not None:
        if not (hidden.crossover and hidden.out == "hidden"):
            refuse("PT-XOVER-1", "only a Hidden Crossover Villain can be called back")
    else:
        if a.card not in st.zones["plot_hand:gm"] or C.kind(ctx.card(a.card)) != "villain":
            refuse("PT-XOVER-1", "a Crossover Villain comes from the GM's Plot Hand (A-35)")
        card = ctx.card(a.card)
        for c in st.characters.values():
            if c.in_play and C.base_name(ctx.char_card(c)) == C.base_name(card):
                refuse("PT-UNIQ-3", f"{C.name(card)} is already in play")
    if len(st.villains()) + 1 >= len(st.heroes()):
        refuse("PT-XOVER-9", "the GM must always have fewer Villains in play than Heroes")


def do(ctx: Ctx, a: A.Reversal) -> None:
    check(ctx, a)
    st = ctx.state
    price = PRICES[a.purpose]
    for ident in a.payers:
        h = st.characters[ident]
        h.belief = (h.belief or 0) - 1
        st.cured_from[ident] = st.cured_from.get(ident, 0) + 1
    st.cured_this_turn += price
    who = ", ".join(sorted({st.characters[i].name for i in a.payers}))
    ctx.emit("reversal", f"The GM Cures {price} Belief ({who})")
    if a.purpose == "lock":
        what = "keyword" if any(C.norm(a.name) == C.norm(k) for k in
                                C.keywords(ctx.char_card(st.characters[a.target]))) \
            else "heroic"
        add_modifier(ctx, a.target, {"op": "lock", "what": what, "name": a.name}, "reversal",
                     "this_turn")
        ctx.emit("reversal", f"{ctx.name(a.target)}'s {a.name} is Locked this Turn")
    elif a.purpose == "auto_success":
        got = st.characters[a.target].boosts.setdefault("any", [0, 0])
        got[1] += 1
        ctx.emit("reversal", f"{ctx.name(a.target)} gains 1 Automatic Success on a roll")
    elif a.purpose == "reverse_initiative":
        st.first = "villains"
        if not st.passed and st.combat is None:
            st.initiative = "villains"
            st.players_passed = []
        ctx.emit("reversal", "Initiative is reversed this Turn: the Villains act first")
    elif a.purpose == "masterplan":

        st.masterplan = True                                    # lasts the game
        for v in st.villains():
            gain_energy(v, 5)                                   # PT-MPLAN-2
        ctx.emit("reversal", "Masterplan! Every Villain gains 5 Energy")
    else:
        _crossover(ctx, a)


def _crossover(ctx: Ctx, a: A.Reversal) -> None:

    st = ctx.state
    back = st.characters.get(a.card)
    if back is not None:
        back.in_play, back.out, back.hate = True, None, 6       # keeps its counters
        st.roster_changed()
        ch = back
    else:
        st.zone_to_change("plot_hand:gm").remove(a.card)
        n = sum(1 for c in st.characters.values() if c.role == "villain") + 1
        ch = make_character(ctx, ctx.card(a.card), a.card, "gm", "villain", f"v{n}")
        ch.crossover = True
        ch.hate = 6                                             # PT-XOVER-2
    ctx.emit("crossover", f"Villain Crossover: {ch.name} enters play with 6 Hate")
