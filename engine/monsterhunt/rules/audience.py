"""Audience pools, Special Attacks and where a defeated enemy's last card goes (MH-AUD-…,
MH-R-SPECIAL, MH-R-FINISH, MH-R-GMFIN, MH-DEF-1: the GM may add it to his pool)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.core.errors import RuleViolation

from .. import actions as A
from .. import cards as C
from ..context import Ctx
from ..options import HANDS, RulesOptions
from ..state import Fighter, GameState
from . import hits

HAND_NAMES = {"nothing": "no hand", "pair": "a pair", "two_pair": "two pair",
              "three": "three of a kind", "straight": "a straight", "flush": "a flush",
              "full_house": "a full house", "four": "four of a kind",
              "straight_flush": "a straight flush"}
# MH-R-SPECIAL: hits on one target for a hand below the Finishing Moves
HITS = {"pair": 1, "two_pair": 2, "three": 3, "flush": 4, "full_house": 4, "four": 5,
        "straight_flush": 5}


def best_hand(faces: Iterable[str], ace_low: bool = False) -> str:
    """The best poker hand the cards make; a Joker makes none (MH-R-JOKER)."""
    cards = [f for f in faces if f != C.JOKER]
    values = [v for v in (C.value(f, ace_low) for f in cards) if v is not None]
    counts = sorted(Counter(values).values(), reverse=True) + [0, 0]
    five = len(cards) == 5
    flush = five and len({C.suit(f) for f in cards}) == 1
    straight = five and len(set(values)) == 5 and max(values) - min(values) == 4
    if straight and flush:
        return "straight_flush"
    if counts[0] == 4:
        return "four"
    if counts[0] == 3 and counts[1] == 2:
        return "full_house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three"
    if counts[0] == 2:
        return "two_pair" if counts[1] == 2 else "pair"
    return "nothing"


def is_finishing(hand: str, options: RulesOptions) -> bool:
    return hand != "nothing" and HANDS.index(hand) >= HANDS.index(options.finishing_from)


def is_sweep(hand: str, options: RulesOptions) -> bool:
    return hand == "straight" and not is_finishing(hand, options)


def pool_hand(ctx: Ctx, side: str) -> str:
    return pool_hand_of(ctx.state, side)


def pool_hand_of(st: GameState, side: str) -> str:
    return best_hand((st.faces[c] for c in st.pool(side).cards), st.options.ace_low)


def add_to_pool(ctx: Ctx, side: str, card: str) -> None:
    """MH-AUD-1, MH-AUD-2: a full pool (5 cards) is discarded before the card goes in."""
    pool = ctx.state.pool(side)
    if len(pool) >= 5:
        n = ctx.discard_all(pool.name)
        ctx.emit("pool_discarded", f"The {_side_name(side)} Audience pool held {n} cards: "
                 "discarded before a new card joins it (MH-AUD-2).", {"side": side})
    pool.add(card)


def _side_name(side: str) -> str:
    return "GM's" if side == "gm" else "Players'"


def side_of(seat: str) -> str:
    return "gm" if seat == "gm" else "players"


def foes(st: GameState, side: str) -> list[Fighter]:
    return st.standing_heroes() if side == "gm" else st.standing_enemies()


def check_special(ctx: Ctx, action: A.SpecialAttack) -> None:
    st = ctx.state
    side = side_of(action.seat)
    if side == "gm":
        if st.phase not in ("disengaged", "engaged"):
            raise RuleViolation("MH-R-WHEN", "the GM spends his Audience pool in an enemy "
                                "Action phase")
    else:
        if st.phase != "players":
            raise RuleViolation("MH-R-WHEN", "the Players' pool is spent in the Players' phase")
        hero = st.hero_of(action.seat)
        if hero is None or hero.out:
            raise RuleViolation("MH-R-DOWN", "a hero who is down does not act")
        if hero.refreshed:
            raise RuleViolation("MH-R-REF", f"{hero.name} refreshed this round")
        if action.seat in st.done:
            raise RuleViolation("MH-R-DONE", f"{hero.name} is done for this phase")
    hand = pool_hand(ctx, side)
    if hand == "nothing":
        raise RuleViolation("MH-AUD-4", f"the {_side_name(side)} Audience pool makes no poker "
                            "hand (a pair at least)")
    targets = {f.id for f in foes(st, side)}
    if is_sweep(hand, st.options):
        if action.target:
            raise RuleViolation("MH-R-SPECIAL", "a straight strikes every foe: name no target")
    elif action.target not in targets:
        raise RuleViolation("MH-R-SPECIAL", f"{HAND_NAMES[hand]} strikes one standing foe: "
                            "name it")


def do_special(ctx: Ctx, action: A.SpecialAttack) -> None:
    st = ctx.state
    side = side_of(action.seat)
    hand = pool_hand(ctx, side)
    ctx.discard_all(st.pool(side).name)
    if side == "players":
        hero = st.hero_of(action.seat)
        assert hero is not None
        hero.attacked = True
    who = "The GM" if side == "gm" else st.hero_of(action.seat).name  # type: ignore[union-attr]
    if is_sweep(hand, st.options):
        ctx.emit("special", f"{who} spends the Audience pool: {HAND_NAMES[hand]}, one hit on "
                 "every foe (MH-AUD-3, MH-R-SPECIAL).", {"hand": hand, "side": side})
        for foe in foes(st, side):
            hits.apply_hits(ctx, foe, 1)
        return
    target = st.fighter(action.target)
    assert target is not None
    if is_finishing(hand, st.options):
        ctx.emit("special", f"{who} spends the Audience pool: {HAND_NAMES[hand]}, a Finishing "
                 f"Move on {target.name}! (MH-AUD-4, MH-R-FINISH)",
                 {"hand": hand, "side": side, "target": target.id, "finishing": True})
        if target.is_hero:
            hits.apply_hits(ctx, target, st.options.gm_finisher_hits, finishing=True)
        else:
            hits.finish(ctx, target)
        return
    n = HITS[hand]
    ctx.emit("special", f"{who} spends the Audience pool: {HAND_NAMES[hand]}, {n} hit(s) on "
             f"{target.name} (MH-AUD-3, MH-R-SPECIAL).",
             {"hand": hand, "side": side, "target": target.id})
    hits.apply_hits(ctx, target, n)


# --- the GM's answer (MH-DEF-1, MH-R-LASTCARD) --------------------------------------------
def check_keep(ctx: Ctx, action: A.KeepLastCard) -> None:
    if action.seat != "gm":
        raise RuleViolation("MH-DEF-1", "only the GM decides where a last Health card goes")
    if not ctx.state.pending:
        raise RuleViolation("MH-DEF-1", "no defeated enemy's last card is waiting")


def do_keep(ctx: Ctx, action: A.KeepLastCard) -> None:
    item = ctx.state.pending.pop(0)
    card = item["card"]
    ctx.state.zones["reveal"].remove(card)
    if action.keep:
        add_to_pool(ctx, "gm", card)
        ctx.emit("keep", f"The GM adds {ctx.label(card)} to his Audience pool (MH-DEF-1).")
    else:
        ctx.state.zones["discard"].add(card)
        ctx.emit("keep", f"The GM discards {ctx.label(card)} (MH-DEF-1).")
