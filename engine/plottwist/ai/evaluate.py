"""How good a position is for one side: a number in [-1, 1] (1: that side has won).

The terms, from the Heroes' side (the Villains' score is its negative):
- vitality: each Hero's and Villain's Stress left on its weakest of Physical and Mental
  (0 there is Incapacitated, PT-RES-6), a little for the other one and for Social
  (0 Social is Demoralized); Trauma counts because it lowers what Stress can come back;
- Hate: the Main Villain's clock: it pays 1 a Turn and Flees or Surrenders at 0 (PT-HATE-3,
  PT-FLEE-1), so Hate left is time the GM still has;
- Objective progress: how far the Threat condition of the Objective is met (PT-OBJ-3);
  a Hero's world holds a sampled Objective, so this averages over the possible ones;
- resources: Belief and Energy of the Heroes, Mook Quantity;
- initiative and action economy: who holds Initiative, Attack actions left this Turn.
Weights are round numbers tuned by a few hundred games (docs/ai.md); terminal positions
dominate every other term.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..game import Game
from ..rules.heroics import power
from ..rules.victory import threat_conditions
from ..state import Character
from .bystanders import MINOR, counts_kills, expected_kills, prizes
from .deadline import pressure
from .threat import villain_exposure

CAP = 0.95       # a non-final position never looks as good as a won game


@dataclass(frozen=True)
class Weights:
    """The terms' weights. A search strength may carry its own (Budget's w_ fields);
    Greedy and the greedy look of a search use the defaults."""
    hero: float = 0.30
    villain: float = 0.30
    hate: float = 0.35
    objective: float = 0.25
    belief: float = 0.04
    energy: float = 0.03
    mooks: float = 0.01
    actions: float = 0.02
    initiative: float = 0.0   # kept in the sum, but tied moves must not favour keeping it
    # a Bystander in play at the Conflict's Location counts as this much of a Kill towards
    # a "Bystanders Killed" Threat (PT-BYST-7): the GM's way there is to play them and go
    # after them, and a plain tally shows nothing until the Kill itself
    bystanders: float = 0.0
    # a Main Villain at 0 Hate in a Location Flees or Surrenders at the End of the Turn
    # (PT-FLEE-1, PT-FLEE-3): the clock term alone values that last point as any other
    broke: float = 0.0
    # the clock term's slope past its cap of 1.5 (Hate + Turn - 1 over 3 Power): 0 makes
    # Hate spent late in a long game free in that term (seed 2003: 15 Hate on Mooks, then
    # a Surrender); a slope keeps each point costing something there
    clock_slope: float = 0.0
    # the Bystanders in play: their Recruit rewards for the Heroes and Kill rewards for the
    # GM, each by that side's chance to take it (ai/bystanders.py); the Combat that takes
    # one shows the whole reward
    prizes: float = 1.0
    # the GM's own fear: the chance a Hero takes the Main Villain out with one Attack
    # bought up with Belief and Energy (ai/threat.py); only the GM's evaluation holds it,
    # so the GM Regenerates, Cures and defends before that Attack, not after
    exposure: float = 0.0
    # the Heroes' own fear of a Threat's "from Turn N on" (ai/deadline.py): as Turn N
    # nears, their score leans this much (times the pressure, at most 0.9) towards the
    # Main Villain's Stress left, the one thing that still saves them; only the Heroes'
    # evaluation holds it
    deadline: float = 0.0
    # ... and towards the chance a Hero takes the Villain out with one bought-up Attack
    # (ai/threat.py), so Belief and Energy frittered away before the deadline cost what
    # they would have bought
    reach: float = 0.0
    # when the Objective's Threat counts Bystanders Killed (and this is not 0), the GM's
    # chance at a Bystander is read off its own characters (ai/bystanders.py kill_chance:
    # who can Attack it at the Distance it can reach, with what odds, after the Heroes'
    # try), not a fixed guess, and each one in play counts as this much of a Kill times
    # that chance (in place of `bystanders`): a Villain that can only Attack at Melee,
    # without a Movement card to close in, adds nothing
    kill_odds: float = 0.0


DEFAULT = Weights()


# a character's vitality: the weaker of Physical and Mental (either at 0 takes it out,
# PT-RES-6), the mean of the two, and Social
WEAKEST, BOTH, SOCIAL = 0.6, 0.25, 0.15


def weakest_left(ch: Character | None) -> float:
    """The share of Stress left on the weaker of Physical and Mental (0: Incapacitated)."""
    if ch is None or not ch.in_play:
        return 0.0
    return min(ch.stress.get(res, 0) / max(ch.maxes.get(res, 0), 1)
               for res in ("physical", "mental"))


def vitality(ch: Character, res_gain: str = "", n: int = 0) -> float:
    """0 (out of the game) .. 1 (fresh); with `n` Stress of `res_gain` Regenerated."""
    if not ch.in_play or ch.role == "mook":
        return 0.0
    frac = {}
    for res in ("physical", "mental", "social"):
        top = max(ch.maxes.get(res, 0), 1)
        have = ch.stress.get(res, 0)
        if res == res_gain:
            have = min(have + n, top - ch.trauma.get(res, 0))
        frac[res] = have / top
    weakest = min(frac["physical"], frac["mental"])
    return (WEAKEST * weakest + BOTH * (frac["physical"] + frac["mental"]) / 2
            + SOCIAL * frac["social"])


def progress(game: Game, cond: dict[str, Any], w: Weights = DEFAULT) -> float:
    """How far an effects.md condition is met: 0 .. 1 (1: it holds)."""
    st = game.state
    parts: list[float] = []
    for key, value in cond.items():
        if key == "all":
            parts.append(min((progress(game, c, w) for c in value), default=1.0))
        elif key == "any":
            parts.append(max((progress(game, c, w) for c in value), default=0.0))
        elif key == "turn_at_least":
            parts.append(min(st.turn / max(int(value), 1), 1.0))
        elif key.endswith("_at_least") and key.removesuffix("_at_least") in (
                "bystanders_killed", "bystanders_recruited", "heroes_incapacitated",
                "events_revealed"):
            have: float = st.tally.get(key.removesuffix("_at_least"), 0)
            if key == "bystanders_killed_at_least" and have < int(value) and (
                    w.kill_odds or w.bystanders):
                # never a whole Kill short of the Threat: only the Kill itself meets it
                more = (w.kill_odds * expected_kills(game) if w.kill_odds
                        else w.bystanders * len(st.zones["bystanders"].cards))
                have = min(have + more, int(value) - 0.5)
            parts.append(min(have / max(int(value), 1), 1.0))
        elif key == "hate_at_least":
            mv = st.main_villain()
            have = (mv.hate or 0) if mv is not None else 0
            parts.append(min(have / max(int(value), 1), 1.0))
        else:
            parts.append(0.0)      # a condition this estimate cannot measure
    # an "all" of several parts: the least met one says most; squared so half of every
    # part is worth less than one part done
    return min(parts, default=0.0) ** 1.5 if parts else 0.0


def objective_progress(game: Game, w: Weights = DEFAULT) -> float:
    st = game.state
    if st.objective is None:
        return 0.0
    conds = threat_conditions(game.cards[st.cards[st.objective]])
    return max((progress(game, c, w) for c in conds), default=0.0)


def heroes_score(game: Game, w: Weights = DEFAULT) -> float:
    st = game.state
    if st.winner is not None:
        return {"heroes": 1.0, "villains": -1.0}.get(st.winner, 0.0)
    ctx = game._ctx()
    heroes = [c for c in st.characters.values() if c.role == "hero"]
    villains = [c for c in st.characters.values() if c.role == "villain"
                and (c.in_play or c.main or c.out not in ("hidden", None))]
    hero_v = sum(map(vitality, heroes)) / max(len(heroes), 1)
    mv = st.main_villain()
    villain_v = vitality(mv) if mv is not None else 0.0
    if len(villains) > 1:
        villain_v = 0.7 * villain_v + 0.3 * sum(map(vitality, villains)) / len(villains)
    hate = 0.0
    if mv is not None:
        full = max(power(ctx, mv) * 3, 1)
        hate = hate_term(mv.hate or 0, st.turn, full, w.clock_slope)
        if not mv.hate and st.lair is None:
            hate -= w.broke
    belief = energy = 0.0
    alive = [h for h in heroes if h.in_play]
    if alive:
        belief = sum((h.belief or 0) / max(h.maxes.get("belief", 0), 1) for h in alive)
        belief /= len(alive)
        energy = sum(h.energy / max(power(ctx, h) * 3, 1) for h in alive) / len(alive)
    mooks = [c for c in st.characters.values() if c.role == "mook"]
    mook_frac = 0.0
    if mooks:
        mook_frac = sum(min((m.quantity or 0) / max(C.quantity(game.cards[m.key]), 1), 1.0)
                        for m in mooks if m.in_play) / len(mooks)
    prize = 0.0
    if w.prizes:
        prize = w.prizes * bystander_prizes(game, heroes, alive, w)
    acts = 0.0
    if st.phase == "combat":
        mine = sum(c.attack for c in alive)
        theirs = sum(c.attack for c in st.characters.values()
                     if c.in_play and c.side == "villains")
        acts = (mine - theirs) / max(mine + theirs, 1)
    score = (w.hero * hero_v - w.villain * villain_v - w.hate * hate
             - w.objective * objective_progress(game, w) + w.belief * belief
             + w.energy * energy - w.mooks * mook_frac + w.actions * acts
             + w.initiative * (1 if st.initiative == "heroes" else -1) + prize)
    return max(-CAP, min(CAP, score))


def hate_term(hate: int, turn: int, full: int, slope: float = 0.0) -> float:
    # Hate is the GM's time: it pays 1 a Turn (PT-HATE-3), so Hate + Turn stays level
    # while the GM only passes and drops when Hate is spent (a plain "Hate left" would
    # make ending a Turn look as costly as spending); plus a concave part of the Hate
    # left, because the last points are what stands between the GM and a Surrender
    clock = (hate + turn - 1) / full
    clock = min(clock, 1.5) + slope * max(clock - 1.5, 0.0)
    left = min(hate / full, 1.5)
    return 0.6 * clock + 0.4 * left ** 0.5


def bystander_prizes(game: Game, heroes: list[Character], alive: list[Character],
                     w: Weights) -> float:
    """The Bystanders in play, from the Heroes' side (ai/bystanders.py), their rewards
    valued by the terms above for the position now. Energy also buys Stress back (1 a
    Point, PT-ENER-5), so a battered Hero's Energy is worth that Stress."""
    ctx = game._ctx()
    st = game.state

    def hero_value(h: Character, what: str, n: int) -> float:
        if what in ("physical", "mental", "social"):
            if h.stress.get(what, 0) + h.trauma.get(what, 0) >= h.maxes.get(what, 0):
                return 0.0          # nothing to Regenerate (vitality would not change)
            return w.hero * (vitality(h, what, n) - vitality(h)) / max(len(heroes), 1)
        if what == "energy":
            regen = max(hero_value(h, res, n) for res in ("physical", "mental"))
            return max(w.energy * n / max(power(ctx, h) * 3, 1) / len(alive), regen)
        if what == "belief":
            top = max(h.maxes.get("belief", 0), 1)
            return w.belief * max(min(n, top - (h.belief or 0)), 0) / top / len(alive)
        return MINOR

    def gm_value(what: str, n: int) -> float:
        mv = st.main_villain()
        if what == "hate" and mv is not None:
            full = max(power(ctx, mv) * 3, 1)
            return w.hate * (hate_term((mv.hate or 0) + n, st.turn, full, w.clock_slope)
                             - hate_term(mv.hate or 0, st.turn, full, w.clock_slope))
        if what == "energy" and alive:
            return w.energy * sum(min(n, h.energy) / max(power(ctx, h) * 3, 1)
                                  for h in alive) / len(alive)
        if what == "belief" and alive:
            return w.belief * sum(min(n, h.belief or 0) / max(h.maxes.get("belief", 0), 1)
                                  for h in alive) / len(alive)
        return MINOR

    return prizes(game, hero_value, gm_value, bool(w.kill_odds) and counts_kills(game))


def evaluate(game: Game, side: str, w: Weights = DEFAULT) -> float:
    """The position's value for `side` ("heroes" or "villains"), in [-1, 1]."""
    h = heroes_score(game, w)
    if side == "heroes":
        if w.deadline and game.state.winner is None:
            a = min(0.9, w.deadline * pressure(game, lambda g, c: progress(g, c, w)))
            if a > 0.0:
                left = weakest_left(game.state.main_villain())
                if w.reach:
                    left *= 1.0 - w.reach * villain_exposure(game)
                h = (1.0 - a) * h - a * left
        return h
    if w.exposure and game.state.winner is None:
        return max(-CAP, -h - w.exposure * villain_exposure(game))
    return -h
