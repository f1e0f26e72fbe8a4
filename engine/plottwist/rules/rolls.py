"""Rolls (PT-ROLL, PT-ATTR-3, PT-STATUS-12): pools, coins, Successes, Margin."""

from __future__ import annotations

from typing import Any

from ..context import ROLLS_KEEP, Ctx
from ..modifiers import mods
from ..state import Character
from .heroics import attribute, rank


def take_boosts(ch: Character | None, roll: str) -> tuple[int, int]:
    """Coins and Automatic Successes bought for this kind of roll (they are used up)."""
    if ch is None:
        return 0, 0
    coins = auto = 0
    for key in (roll, "any"):
        got = ch.boosts.pop(key, None)
        if got:
            coins += got[0]
            auto += got[1]
    return coins, auto


def pool_mods(ctx: Ctx, ch: Character, roll: str, attack_type: str | None = None) -> int:
    total = 0
    for m in mods(ctx, ch, "pool", attack_type):
        if m.get("roll", "any") in (roll, "any") and _type_ok(m, attack_type):
            total += int(m.get("coins", 0))
    return total


def auto_mods(ctx: Ctx, ch: Character, roll: str, attack_type: str | None = None) -> int:
    total = 0
    for m in mods(ctx, ch, "auto_success", attack_type):
        if m.get("roll", "any") in (roll, "any") and _type_ok(m, attack_type):
            total += int(m.get("amount", 0))
    return total


def _type_ok(m: dict[str, Any], attack_type: str | None) -> bool:
    want = m.get("attack_type")
    return want is None or want == attack_type


def roll_pool(ctx: Ctx, ch: Character, attr: str, ability: str, roll: str,
              attack_type: str | None = None) -> int:
    """Attribute + Heroic or Skill (PT-ATTR-3) + modifiers; Surprised −2 (PT-STATUS-12)."""
    pool = attribute(ctx, ch, attr) + rank(ctx, ch, ability)
    pool += pool_mods(ctx, ch, roll, attack_type)
    if ch.has("Surprised"):
        pool -= 2
    return max(pool, 0)


def flip(ctx: Ctx, who: str | None, kind: str, pool: int, auto: int = 0,
         against: int | None = None, label: str = "") -> dict[str, Any]:
    """Flip `pool` coins; Heads are Successes (PT-ROLL-1); autos added after (PT-ROLL-7)."""
    pool = max(pool, 0)
    coins = ctx.coins.flip(pool)
    successes = coins.count("H")
    total = successes + auto
    rec: dict[str, Any] = {"who": who, "kind": kind, "pool": pool, "coins": coins,
                           "successes": successes, "auto": auto, "total": total,
                           "against": against, "margin": None, "won": None, "text": ""}
    if against is not None:
        rec["margin"] = total - against
        rec["won"] = total - against >= 1  # PT-ROLL-8: a Margin of 1 is needed to Win
    name = ctx.name(who) if who else "The table"
    rec["text"] = (f"{name} {label or kind}: {pool} coins {coins or '-'} → {successes}"
                   + (f" + {auto} auto = {total}" if auto else "")
                   + (f" vs {against}: {'won' if rec['won'] else 'lost'}"
                      if against is not None else ""))
    rolls = ctx.state.rolls
    rolls.append(rec)
    if len(rolls) > ROLLS_KEEP:
        del rolls[: len(rolls) - ROLLS_KEEP]
    ctx.emit("roll", rec["text"], {"roll": rec})
    return rec


def fixed(ctx: Ctx, ch: Character, attr: str, ability: str, difficulty: int,
          label: str = "fixed roll") -> dict[str, Any]:
    """PT-ROLL-2: strictly more Successes than the Difficulty."""
    coins, auto = take_boosts(ch, "fixed")
    pool = roll_pool(ctx, ch, attr, ability, "fixed") + coins
    return flip(ctx, ch.id, "fixed", pool, auto + auto_mods(ctx, ch, "fixed"), difficulty, label)


def chosen(ctx: Ctx, ch: Character, attr: str, ability: str, number: int,
           label: str = "chosen roll") -> dict[str, Any]:
    """PT-ROLL-5: strictly more Successes than the number named."""
    coins, auto = take_boosts(ch, "chosen")
    pool = roll_pool(ctx, ch, attr, ability, "chosen") + coins
    return flip(ctx, ch.id, "chosen", pool, auto + auto_mods(ctx, ch, "chosen"), number, label)


def opposing(ctx: Ctx, a: Character, a_attr: str, a_ability: str, d: Character,
             d_attr: str, d_ability: str, label: str = "opposing roll"
             ) -> tuple[dict[str, Any], dict[str, Any]]:
    """PT-ROLL-3/4: each rolls its pool; strictly more wins, a tie defeats both."""
    ac, aa = take_boosts(a, "fixed")
    dc, da = take_boosts(d, "fixed")
    ra = flip(ctx, a.id, "opposing", roll_pool(ctx, a, a_attr, a_ability, "fixed") + ac, aa,
              None, label)
    rd = flip(ctx, d.id, "opposing", roll_pool(ctx, d, d_attr, d_ability, "fixed") + dc, da,
              None, label)
    settle(ra, rd)
    return ra, rd


def settle(ra: dict[str, Any], rd: dict[str, Any]) -> None:
    ra["against"], rd["against"] = rd["total"], ra["total"]
    ra["margin"], rd["margin"] = ra["total"] - rd["total"], rd["total"] - ra["total"]
    ra["won"], rd["won"] = ra["margin"] >= 1, rd["margin"] >= 1
