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

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from engine.core.errors import RuleViolation

from .. import actions as A
from .. import cards as C
from ..game import Game
from ..rules.attacks import POOLS, REQUIRED, heroic_permits
from ..rules.colors import check_can_use
from ..rules.damage import base_auto, damage_pool
from ..rules.heroics import rank
from ..rules.rolls import auto_mods, roll_pool
from ..rules.victory import threat_conditions
from ..state import Character
from .odds import damage_spread, p_beat

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


# how much of their best Recruiter's chance the Heroes, who try first, are taken to spend
# on a Bystander the GM could Kill: a Hero initiates one Combat a Turn (PT-COMBAT-2), and
# one spent on a Bystander is not spent on the Villain, so they go after few of them
HEROES_TRY = 0.5

# the Attack types a Villain or Mook Kills with (PT-BYST-7); Melee needs Melee Distance
KILL_TYPES = ("melee", "ranged", "mental")


def counts_kills(game: Game) -> bool:
    """Whether the Objective in this game (the GM's own; a sampled one in a Hero's world)
    has a Threat that counts Bystanders Killed (PT-OBJ-3, PT-BYST-7)."""
    st = game.state
    if st.objective is None:
        return False
    return any(_counts_kills(c) for c in threat_conditions(game.cards[st.cards[st.objective]]))


def _counts_kills(cond: dict[str, Any]) -> bool:
    return any(key == "bystanders_killed_at_least"
               or (key in ("all", "any") and any(_counts_kills(c) for c in value))
               for key, value in cond.items())


def closing_cards(game: Game, ch: Character) -> list[str]:
    """The Movement cards in `ch`'s seat's Combat hand that make the Distance Melee and
    that `ch` may use (Color, Requirements) and pay for with its Move actions: every Combat
    starts at Ranged (PT-COMBAT-7) and only a Movement card changes it (PT-COMBAT-6)."""
    st = game.state
    if ch.has("Stunned") or ch.has("Prone"):
        return []
    ctx = game._ctx()
    hand = st.zones.get(f"combat_hand:{ch.seat}")
    out = []
    for inst in hand.cards if hand is not None else ():
        card = game.cards[st.cards[inst]]
        if C.combat_step(card) != "movement" or C.card_cost(card).get("move", 0) > ch.move:
            continue
        if not any(op.get("op") == "distance" and op.get("set") == "melee"
                   for e in C.effects(card) for op in e.get("ops", [])):
            continue
        try:
            check_can_use(ctx, ch, card)
        except RuleViolation:
            continue
        out.append(inst)
    return out


def can_close(game: Game, ch: Character) -> bool:
    """Whether `ch` can make the Distance Melee in a Combat it initiates."""
    return bool(closing_cards(game, ch))


def close_in(game: Game, seat: str) -> A.Action | None:
    """In the Movement step of a Combat with a Bystander at Ranged Distance, the Movement
    card that lets `seat`'s Villain or Mook Kill it at Melee when no Attack type it may
    make at Ranged can (PT-DIST-1, PT-BYST-7); None otherwise."""
    st = game.state
    cb = st.combat
    if cb is None or not cb.bystander or cb.step != "movement" or cb.distance == "melee":
        return None
    ch = st.characters.get(cb.attacker)
    if ch is None or ch.seat != seat or ch.side != "villains":
        return None
    if kill_types(game, ch, melee=False):
        return None
    for inst in closing_cards(game, ch):
        a = A.PlayCombatCard(seat, actor=ch.id, card=inst)
        if game.is_legal(a):
            return a
    return None


def kill_types(game: Game, ch: Character, melee: bool) -> list[str]:
    """The Attack types `ch` could Kill a Bystander with (PT-BYST-7): those its Heroics
    permit (A-23), with a Damage Pool (A-17); Melee only when `melee` (the Distance can be
    made Melee, PT-DIST-1)."""
    ctx = game._ctx()
    return [t for t in KILL_TYPES if (melee or t != "melee") and heroic_permits(ctx, ch, t)
            and damage_pool(ctx, ch, None, t, False)[0] > 0]


def p_kill(game: Game, ch: Character, card: Any, melee: bool) -> float:
    """The chance `ch` Kills this Bystander with its best plain Attack: a Fixed Roll that
    must beat the Difficulty, then Damage at least the Life (PT-BYST-7, A-42), with the
    types of `kill_types`."""
    ctx = game._ctx()
    diff, life = C.difficulty_life(card)
    best = 0.0
    for t in kill_types(game, ch, melee):
        attr, ability, _, _ = POOLS[t]
        hit = p_beat(roll_pool(ctx, ch, attr, ability, "attack", t),
                     auto_mods(ctx, ch, "attack", t), 0, diff)
        if hit <= best:
            continue
        dmg, _ = damage_pool(ctx, ch, None, t, False)
        _, enough = damage_spread(dmg, base_auto(ctx, ch) + auto_mods(ctx, ch, "damage", t),
                                  life)
        best = max(best, hit * enough)
    return best


def can_kill(game: Game, ch: Character) -> bool:
    """Whether `ch` could make a Kill Attack at all in a Combat it initiates with a
    Bystander, at a Distance it can reach (`kill_types`); the odds aside, a Boost may
    still mend them."""
    return bool(kill_types(game, ch, melee=False) or kill_types(game, ch, can_close(game, ch)))


def gm_kill_chance(game: Game, inst: str, card: Any, fresh: bool = False) -> float:
    """The GM's chance to Kill this Bystander in its next Combats with it: each Villain or
    Mook in play that can go after it tries once (in the Combat phase, only one that still
    holds an Attack action and has not gone after it this Turn, PT-COMBAT-1/3, unless
    `fresh`: the next Turn's, when every action is renewed, PT-TURN-5; a Hidden one only
    Sneak Attacks, which no Bystander answers, PT-STATUS-17)."""
    st = game.state
    fighting = st.phase == "combat" and not fresh
    miss = 1.0
    for ch in st.characters.values():
        if ch.side != "villains" or not ch.in_play or ch.has("Hidden"):
            continue
        if ch.role == "mook" and not ch.quantity:
            continue
        if fighting and (ch.attack < 1 or inst in ch.initiated or ch.has("Stunned")):
            continue
        miss *= 1.0 - p_kill(game, ch, card, can_close(game, ch))
    return 1.0 - miss


def kill_chance(game: Game, inst: str, card: Any, heroes_first: bool,
                p_first: float) -> float:
    """The GM's chance to Kill this Bystander before a Hero Recruits it. While the Heroes
    try first (the Start of Turn, their Initiative: PT-TURN-1/6; `p_first` their best
    Recruiter's chance, taken at HEROES_TRY), the GM's characters try after them this
    Turn; once the Villains hold Initiative, they try now and, if it lives, again next
    Turn after the Heroes, so a try that fails costs no more than passing would."""
    now = gm_kill_chance(game, inst, card)
    if heroes_first:
        return (1.0 - HEROES_TRY * p_first) * now
    p_next = max((p_recruit(game, h, card) for h in game.state.heroes() if h.in_play),
                 default=0.0)
    return now + (1.0 - now) * (1.0 - HEROES_TRY * p_next) * gm_kill_chance(game, inst, card,
                                                                           fresh=True)


def expected_kills(game: Game) -> float:
    """The Bystanders in play the GM can expect to Kill before a Hero Recruits them (the
    sum of their `kill_chance`s)."""
    st = game.state
    heroes = [h for h in st.heroes()
              if h.in_play and (h.attack > 0 or st.phase != "combat")]
    heroes_first = st.phase != "combat" or st.initiative == "heroes"
    total = 0.0
    for inst in st.zones["bystanders"].cards:
        card = game.cards[st.cards[inst]]
        p = max((p_recruit(game, h, card) for h in heroes), default=0.0) \
            if heroes_first else 0.0
        total += kill_chance(game, inst, card, heroes_first, p)
    return total


def prizes(game: Game, hero_value: Callable[[Character, str, int], float],
           gm_value: Callable[[str, int], float], kill_odds: bool = False) -> float:
    """The Bystanders at the Conflict's Location, from the Heroes' side: each one's
    Recruit reward (its best Hero's) times the Heroes' chance to take it, less its Kill
    reward times the GM's. The Heroes hold Initiative first in a Combat phase (PT-TURN-1,
    PT-TURN-6), so a Bystander played in Start of Turn is theirs to try first; once the
    Villains hold Initiative the GM tries first. `hero_value(hero, what, n)` values a
    Recruit op for that Hero ("energy", "belief", "physical" … for n points of it),
    `gm_value(what, n)` a Kill op for the GM ("hate", or "belief", "energy" taken from
    every Hero). `kill_odds`: the GM's chance is its characters' own (`kill_chance`)
    instead of a fixed P_KILL."""
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
        if kill_odds:
            q = kill_chance(game, inst, card, heroes_first, p)
            total += (p if heroes_first else (1 - q) * p) * recruit - q * kill
            continue
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


def hopeful(world: Game, legal: Sequence[A.Action]) -> list[A.Action]:
    """`legal` less the Combats with a Bystander whose Villain or Mook could make no Kill
    Attack there (`can_kill`), when the Threat counts Bystanders Killed; never empty. A
    Bystander neither defends nor attacks (A-42), so such a Combat only ends."""
    if not counts_kills(world):
        return list(legal)
    st = world.state
    out = [a for a in legal
           if not (isinstance(a, A.InitiateCombat) and a.target in st.zones["bystanders"].cards
                   and not can_kill(world, st.characters[a.actor]))]
    return out or list(legal)


def each_bystander(world: Game, legal: Sequence[A.Action]) -> list[A.Action]:
    """`legal` and, beside each play of a Plot Hand's first Bystander it offers, the play
    of each other Bystander in that hand, when the Threat counts Bystanders Killed: one
    Free action plays any of them (PT-BYST-1), but the legal list offers the first only
    (legal.py; the random agent's candidates and games depend on it), so a Bystander no
    Villain can Kill would otherwise keep the rest in the hand."""
    if not counts_kills(world):
        return list(legal)
    st = world.state
    out = list(legal)
    for a in legal:
        if not isinstance(a, A.PlayBystanders) or len(a.cards) != 1:
            continue
        for c in st.zones[f"plot_hand:{a.seat}"].cards:
            card = world.cards[st.cards[c]]
            if c in a.cards or C.kind(card) != "bystander":
                continue
            b = A.PlayBystanders(a.seat, actor=a.actor, cards=(c,),
                                 text=f"{st.characters[a.actor].name} plays {C.name(card)}")
            if b not in out and world.is_legal(b):
                out.append(b)
    return out
