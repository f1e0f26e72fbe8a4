"""1) Initiative: engaging by face-down cards, then the GM's draw (MH-INIT-…, MH-R-ENGAGE)."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .. import actions as A
from .. import cards as C
from ..context import Ctx


def check_engage(ctx: Ctx, action: A.Engage) -> None:
    st = ctx.state
    if st.phase != "initiative":
        raise RuleViolation("MH-INIT-1", "enemies are engaged in the Initiative phase")
    if action.seat == "gm":
        raise RuleViolation("MH-INIT-1", "the players engage enemies, not the GM")
    if action.seat in st.done:
        raise RuleViolation("MH-R-DONE", "you are already done for this phase")
    if action.card not in st.hand(action.seat):
        raise RuleViolation("MH-INIT-3", "a player places a card from his own hand, in front "
                            "of himself")


def do_engage(ctx: Ctx, action: A.Engage) -> None:
    st = ctx.state
    ctx.move(action.card, st.hand(action.seat).name, st.facedown(action.seat).name)
    hero = st.hero_of(action.seat)
    name = hero.name if hero else action.seat
    n = len(st.facedown(action.seat))
    ctx.emit("engage", f"{name} places {ctx.label(action.card)} face down ({n} in front) "
             "(MH-INIT-1).", {"seat": action.seat, "facedown": n}, (action.seat,),
             f"{name} places a card face down ({n} in front) (MH-INIT-1).")


def counts(ctx: Ctx) -> tuple[int, int]:
    """(engaged, disengaged) enemies: face-down cards engage, at most every enemy."""
    st = ctx.state
    facedown = sum(len(st.facedown(h.seat)) for h in st.standing_heroes() if h.seat)
    standing = len(st.standing_enemies())
    engaged = min(facedown, standing)
    return engaged, standing - engaged


def end(ctx: Ctx) -> None:
    """MH-INIT-4: one GM card per standing player plus one per disengaged enemy."""
    st = ctx.state
    engaged, free = counts(ctx)
    want = len(st.standing_heroes()) + free
    got = ctx.draw(C.GM_DECK, "gm_hand", want)
    st.owed = min(free, len(got))
    ctx.emit("gm_draw", f"{engaged} enemy(ies) engaged, {free} disengaged: the GM draws "
             f"{len(got)} card(s) (MH-INIT-4, MH-R-ENGAGE): "
             f"{', '.join(ctx.label(c) for c in got) or 'none'}.",
             {"engaged": engaged, "disengaged": free, "drawn": len(got)}, ("gm",),
             f"{engaged} enemy(ies) engaged, {free} disengaged: the GM draws {len(got)} "
             "card(s) (MH-INIT-4, MH-R-ENGAGE).")
    st.phase = "disengaged"
