"""The Powers vocabulary (MH-POW-1, MH-R-POW-…): one Power per sheet."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .. import cards as C
from ..context import Ctx
from ..state import Fighter


def has(f: Fighter, kind: str) -> bool:
    return f.power.get("kind") == kind


def amount(f: Fighter) -> int:
    return int(f.power.get("n", 1))


def check_aim(f: Fighter) -> None:
    """MH-R-POW-AIM: only an Aim Power, once per round."""
    if not has(f, "aim"):
        raise RuleViolation("MH-R-POW-AIM", f"{f.name}'s Power is not Aim")
    if f.aimed:
        raise RuleViolation("MH-R-POW-AIM", f"{f.name} has already aimed this round")


def attack_stat(f: Fighter, power: bool) -> int:
    if power:
        f.aimed = True
        return f.attack - amount(f)
    return f.attack


def guard_absorbs(ctx: Ctx, f: Fighter, finishing: bool) -> bool:
    """MH-R-POW-GUARD: the first hit each round is ignored (not a Finishing Move)."""
    if finishing or not has(f, "guard") or f.guarded:
        return False
    f.guarded = True
    ctx.emit("guard", f"{f.name}'s Guard ignores the hit (MH-R-POW-GUARD).", {"fighter": f.id})
    return True


def hits_per_hit(f: Fighter) -> int:
    """MH-R-POW-BRUTAL: a regular hit of a Brutal character counts twice."""
    return 2 if has(f, "brutal") else 1


def regenerate(ctx: Ctx) -> None:
    """MH-R-POW-REGEN, at Cleanup."""
    st = ctx.state
    for e in st.standing_enemies():
        if has(e, "regenerate") and len(st.stack(e.id)) < e.health:
            if ctx.draw(C.GM_DECK, f"stack:{e.id}", 1):
                ctx.emit("regenerate", f"{e.name} regenerates: one card added to its Health "
                         f"stack, now {len(st.stack(e.id))} (MH-R-POW-REGEN).", {"enemy": e.id})


def check_rally(ctx: Ctx, hero: Fighter) -> None:
    if ctx.state.phase != "players":
        raise RuleViolation("MH-R-POW-RALLY", "Rally is used in the Players' phase")
    if not has(hero, "rally"):
        raise RuleViolation("MH-R-POW-RALLY", f"{hero.name}'s Power is not one to use alone")
    if hero.rallied:
        raise RuleViolation("MH-R-POW-RALLY", f"{hero.name} has already rallied this fight")


def do_rally(ctx: Ctx, hero: Fighter) -> None:
    hero.rallied = True
    assert hero.seat is not None
    got = ctx.draw(C.PLAYERS_DECK, f"hand:{hero.seat}", amount(hero))
    names = ", ".join(ctx.label(c) for c in got) or "nothing"
    ctx.emit("rally", f"{hero.name} rallies and draws {names} (MH-R-POW-RALLY).",
             {"hero": hero.id, "cards": len(got)}, (hero.seat,),
             f"{hero.name} rallies and draws {len(got)} card(s) (MH-R-POW-RALLY).")
