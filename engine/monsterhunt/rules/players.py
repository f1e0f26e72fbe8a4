"""3) Action phase, Players: attacks and Refresh (MH-PLAY-…, MH-REF-…)."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .. import actions as A
from .. import cards as C
from ..context import Ctx
from ..state import Fighter
from . import audience, hits, powers


def acting_hero(ctx: Ctx, seat: str, clause: str) -> Fighter:
    st = ctx.state
    if st.phase != "players":
        raise RuleViolation(clause, "players act in the Players' Action phase")
    hero = st.hero_of(seat)
    if hero is None:
        raise RuleViolation(clause, "only a player acts in this phase")
    if hero.refreshed:
        raise RuleViolation("MH-R-REF", f"{hero.name} refreshed instead of playing this round")
    if seat in st.done:
        raise RuleViolation("MH-R-DONE", f"{hero.name} is done for this phase")
    return hero


def check_attack(ctx: Ctx, action: A.HeroAttack) -> None:
    st = ctx.state
    hero = acting_hero(ctx, action.seat, "MH-PLAY-1")
    if action.card not in st.hand(action.seat):
        raise RuleViolation("MH-PLAY-1", "a player attacks with a card from his own hand")
    target = st.enemies.get(action.target)
    if target is None or target.out:
        raise RuleViolation("MH-PLAY-1", "the target must be a standing enemy")
    if action.power:
        powers.check_aim(hero)


def do_attack(ctx: Ctx, action: A.HeroAttack) -> None:
    st = ctx.state
    hero = st.hero_of(action.seat)
    assert hero is not None
    hero.attacked = True
    st.hand(action.seat).remove(action.card)
    hits.strike(ctx, hero, st.enemies[action.target], action.card, action.power)
    audience.add_to_pool(ctx, "players", action.card)


def check_refresh(ctx: Ctx, action: A.Refresh) -> None:
    hero = acting_hero(ctx, action.seat, "MH-REF-1")
    if hero.attacked:
        raise RuleViolation("MH-REF-2", f"{hero.name} attacked this round and may not Refresh")


def do_refresh(ctx: Ctx, action: A.Refresh) -> None:
    st = ctx.state
    hero = st.hero_of(action.seat)
    assert hero is not None
    n = ctx.discard_all(st.hand(action.seat).name)
    got = ctx.draw(C.PLAYERS_DECK, st.hand(action.seat).name, hero.stamina)
    hero.refreshed = True
    st.done.append(action.seat)
    ctx.emit("refresh", f"{hero.name} refreshes: {n} card(s) discarded, draws "
             f"{', '.join(ctx.label(c) for c in got) or 'nothing'} (MH-REF-1).",
             {"seat": action.seat, "drawn": len(got)}, (action.seat,),
             f"{hero.name} refreshes: {n} card(s) discarded, {len(got)} drawn (MH-REF-1).")


def check_power(ctx: Ctx, action: A.UsePower) -> None:
    powers.check_rally(ctx, acting_hero(ctx, action.seat, "MH-POW-1"))


def do_power(ctx: Ctx, action: A.UsePower) -> None:
    hero = ctx.state.hero_of(action.seat)
    assert hero is not None
    powers.do_rally(ctx, hero)
