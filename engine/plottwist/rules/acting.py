"""Who may act now (PT-TERM-1, PT-TURN-3, PT-FREE-1..3, PT-ACT-3)."""

from __future__ import annotations

from ..context import Ctx, refuse
from ..state import Character


def game_running(ctx: Ctx) -> None:
    st = ctx.state
    if st.winner is not None:
        refuse("PT-GOAL-4", f"the game is over ({st.result})")
    if st.main_pending:
        refuse("PT-XOVER-6", "the GM first chooses the new Main Villain (A-21)")
    if st.target_pending:
        first = st.target_pending[0]
        refuse(str(first.get("clause") or "PT-BYST-10"),
               f"first {ctx.name(first['card'])}'s choice is made "
               f"({first.get('prompt') or 'its target'})")
    if st.relocate_pending:
        refuse("PT-RELOC-1", "first the card's controller chooses where to Relocate (A-10)")
    if st.phase == "pursuit":
        refuse("PT-FLEE-4", "the Players must first decide whether to Pursue")
    if st.phase == "interview":
        refuse("PT-CONF-1", "an Interview is under way: only answers and questions now")
    if st.phase == "end":
        refuse("PT-TURN-8", "nothing may be done in the End of Turn phase")
    if st.twist_pending:
        refuse("PT-TWIST-1", "the Players first Reveal this Turn's Twist! (A-26 option)")


def actor(ctx: Ctx, seat: str, ident: str, allow_out: bool = False) -> Character:
    st = ctx.state
    if st.phase in ("interview", "pursuit") and st.winner is None:
        ch = st.characters.get(ident)
        if ch is not None and ch.side == "villains":           # out of a Conflict
            refuse("PT-FLEE-7", f"{ch.name} is out of the Conflict: Villains gain nothing "
                                "but Hate until the next one")
    if st.winner is not None or st.phase != "combat" and st.phase != "start" \
            or st.main_pending or st.target_pending or st.relocate_pending or st.twist_pending:
        game_running(ctx)          # the rare states: it says which refusal (the rest inline)
    ch = st.characters.get(ident)
    if ch is None:
        ch = ctx.char(ident)       # it refuses
    if ch.seat != seat:
        refuse("PT-TERM-1", f"{seat} does not control {ch.name}")
    if not ch.in_play and not allow_out:
        refuse("PT-STATUS-1", f"{ch.name} is not in play ({ch.out})")
    if ch.role == "mook" and not ch.quantity:
        refuse("PT-MOOK-5", f"{ch.name} has no Quantity counters: no Mook is in play")
    return ch


def in_turn_order(ctx: Ctx, ch: Character, clause: str = "PT-TURN-3") -> None:
    """Outside a Combat only the side holding Initiative acts; inside, only the combatants."""
    st = ctx.state
    cb = st.combat
    if cb is None:
        if st.initiative != ch.side:
            refuse(clause, f"the {st.initiative} hold Initiative and act first")
    elif ch.id not in (cb.attacker, cb.defender):
        if st.initiative != ch.side:
            refuse(clause, "a Combat is under way; only its combatants and the side "
                           "holding Initiative may act")


def free_action(ctx: Ctx, ch: Character, name: str) -> None:
    """PT-FREE-2: each distinct Free action once per Turn; PT-FREE-3: not in End of Turn."""
    if ctx.state.phase == "end":
        refuse("PT-FREE-3", "no Free action may be taken in the End of Turn phase")
    if name in ch.free_used:
        refuse("PT-FREE-2", f"{ch.name} already took the Free action '{name}' this Turn")
    in_turn_order(ctx, ch, "PT-FREE-3")


def gain_attack(ch: Character) -> None:
    ch.attack = min(ch.attack + 1, 1)  # PT-ACT-3


def gain_move(ch: Character, n: int = 1) -> None:
    ch.move = min(ch.move + n, 2)  # PT-ACT-3
