"""Combat decks and hands (PT-CDECK, A-48): one deck and hand per seat (the GM's serves
all Villains and Mooks)."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from . import acting

HAND = 3


def draw(ctx: Ctx, seat: str, n: int) -> int:
    """Draw up to n; an empty deck is not reshuffled (A-48)."""
    deck = ctx.state.zone_to_change(f"combat_deck:{seat}")
    hand = ctx.state.zone_to_change(f"combat_hand:{seat}")
    got = 0
    for _ in range(n):
        card = deck.draw()
        if card is None:
            break
        hand.add(card)
        got += 1
    if got:
        names = ", ".join(ctx.name(c) for c in hand.cards[-got:])
        ctx.emit("draw", f"{seat} draws {names}", {"seat": seat, "count": got},
                 visible_to=(seat,), text_public=f"{seat} draws {got} Combat card(s)")
    return got


def draw_up(ctx: Ctx, seat: str) -> None:
    """"Draw back up to 3" never discards down (A-48)."""
    hand = ctx.state.zones[f"combat_hand:{seat}"]
    if len(hand) < HAND:
        draw(ctx, seat, HAND - len(hand))


def discard(ctx: Ctx, seat: str, card: str) -> None:
    ctx.state.move_card(card, f"combat_hand:{seat}", f"discard:{seat}")


def check_mulligan(ctx: Ctx, a: A.Mulligan) -> None:
    acting.game_running(ctx)
    st = ctx.state
    if a.seat not in st.seats:
        refuse("PT-TERM-1", f"no seat {a.seat!r}")
    if st.first_combat_done:
        refuse("PT-CDECK-2", "the Mulligan is only before the first Combat of the game")
    if a.seat in st.mulliganed:
        refuse("PT-CDECK-2", "the Mulligan is once per game")
    hand = st.zones[f"combat_hand:{a.seat}"]
    if len(set(a.cards)) != len(a.cards) or any(c not in hand for c in a.cards):
        refuse("PT-CDECK-2", "discard only cards from your own Combat hand")


def do_mulligan(ctx: Ctx, a: A.Mulligan) -> None:
    check_mulligan(ctx, a)
    ctx.state.mulliganed.append(a.seat)
    for c in a.cards:
        discard(ctx, a.seat, c)
    ctx.emit("mulligan", f"{a.seat} Mulligans {len(a.cards)} card(s)")
    draw_up(ctx, a.seat)


def check_discard(ctx: Ctx, a: A.DiscardCombatCards) -> None:
    acting.game_running(ctx)
    cb = ctx.state.combat
    if cb is None or cb.step != "end":
        refuse("PT-CDECK-3", "Combat cards are discarded in the End of Combat step")
    seats = {ctx.state.characters[c].seat for c in (cb.attacker, cb.defender)
             if c in ctx.state.characters}
    if a.seat not in seats:
        refuse("PT-CDECK-3", "only the combatants' controllers discard and redraw (A-48)")
    hand = ctx.state.zones[f"combat_hand:{a.seat}"]
    if not a.cards or len(set(a.cards)) != len(a.cards) or any(c not in hand for c in a.cards):
        refuse("PT-CDECK-3", "discard only cards from your own Combat hand")


def do_discard(ctx: Ctx, a: A.DiscardCombatCards) -> None:
    check_discard(ctx, a)
    for c in a.cards:
        discard(ctx, a.seat, c)
    ctx.emit("discard", f"{a.seat} discards {len(a.cards)} Combat card(s)")
