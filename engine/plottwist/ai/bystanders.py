"""What the Bystanders in play are worth to each side, read off their cards' effects.

A Bystander in play is a prize for both sides: Recruited, its "{R}:" effects reward the
Hero (PT-BYST-6); Killed, its "{K}:" effects reward the Villain and the Kill may count
towards the GM's Threat (PT-BYST-7). A position with one in play holds part of each
reward, so the evaluation counts it there: a computer Hero then plays a Bystander whose
Recruit effect is worth more than what its Kill would give the GM, and goes after it in
the Combat phase, where the whole reward shows. Every effect is valued by the evaluation's
own terms (ai/evaluate.py) for the position now: 3 Physical Stress back is worth much to a
battered Hero and nothing to a fresh one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .. import cards as C
from ..game import Game
from ..rules.attacks import POOLS, REQUIRED
from ..rules.heroics import rank
from ..rules.rolls import auto_mods, roll_pool
from ..state import Character
from .odds import p_beat

# an effect the evaluation has no term for (an extra Move action, coins for one Turn, a
# look at the Objective, a question): worth a little, so a Bystander that offers only such
# a reward is played when nothing is at risk, and never ahead of a term the evaluation sees
MINOR = 0.004


# Damage at least the Life after a hit (PT-BYST-6): Lives are 1 – 3, a hit's Damage
# mostly reaches them; a fixed guess keeps the Damage roll out of every evaluation
P_LIFE = 0.85
# the GM's chance at a Bystander once its Villains hold Initiative (they Kill with any of
# Mental, Melee or Ranged, PT-BYST-7, and usually have several characters to try)
P_KILL = 0.6


def p_recruit(game: Game, h: Character, card: Any) -> float:
    """The chance `h` Recruits this Bystander with its best Mental or Social Attack: a
    Fixed Roll that must beat the Difficulty (A-42), then Damage at least the Life."""
    ctx = game._ctx()
    diff, _ = C.difficulty_life(card)
    best = 0.0
    for t in ("mental", "social"):
        need = REQUIRED.get(t)
        if need and rank(ctx, h, need) < 1:
            continue
        attr, ability, _, _ = POOLS[t]
        pool = roll_pool(ctx, h, attr, ability, "attack", t)
        best = max(best, p_beat(pool, auto_mods(ctx, h, "attack", t), 0, diff))
    return best * P_LIFE


def prizes(game: Game, hero_value: Callable[[Character, str, int], float],
           gm_value: Callable[[str, int], float]) -> float:
    """The Bystanders at the Conflict's Location, from the Heroes' side: each one's
    Recruit reward (its best Hero's) times the Heroes' chance to take it, less its Kill
    reward times the GM's. The Heroes hold Initiative first in a Combat phase (PT-TURN-1,
    PT-TURN-6), so a Bystander played in Start of Turn is theirs to try first; once the
    Villains hold Initiative the GM tries first. `hero_value(hero, what, n)` values a
    Recruit op for that Hero ("energy", "belief", "physical" … for n points of it),
    `gm_value(what, n)` a Kill op for the GM ("hate", or "belief", "energy" taken from
    every Hero)."""
    st = game.state
    here = st.zones["bystanders"].cards
    # in the Combat phase only a Hero with an Attack action left can still Recruit
    heroes = [h for h in st.heroes()
              if h.in_play and (h.attack > 0 or st.phase != "combat")]
    heroes_first = st.phase != "combat" or st.initiative == "heroes"
    total = 0.0
    for inst in here:
        card = game.cards[st.cards[inst]]
        recruit = kill = 0.0
        best: Character | None = None
        for e in C.effects(card):
            trigger = e.get("trigger")
            if trigger == "on_recruit" and heroes:
                for h in heroes:
                    v = _ops_value(e, partial(hero_value, h))
                    if v > recruit:
                        recruit, best = v, h
            elif trigger == "on_kill":
                kill += _ops_value(e, gm_value)
        # the odds cost the most here: only the best Recruiter's are read
        p = p_recruit(game, best, card) if best is not None else 0.0
        if heroes_first:
            total += p * recruit - (1 - p) * P_KILL * kill
        else:
            total += (1 - P_KILL) * p * recruit - P_KILL * kill
    return total


def _ops_value(effect: dict[str, Any], value: Callable[[str, int], float]) -> float:
    total = 0.0
    for op in effect.get("ops", []):
        kind = op.get("op")
        n = int(op.get("amount", op.get("coins", 1)) or 1)
        if kind in ("gain", "lose"):
            total += value(str(op.get("counter")), n)
        elif kind == "regenerate":
            total += value(str(op.get("resistance")), n)
        else:
            total += MINOR
    return total
