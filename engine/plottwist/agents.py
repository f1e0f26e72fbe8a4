"""A random legal agent, for the simulator and fuzzing.

Uniform choice over every legal action spends resources aimlessly and makes games
crawl, so action kinds are weighted: fighting is likely, bookkeeping rare.

The agent draws *kind first*. Its candidates are the same as `legal.candidates` (a test,
tests/engine/test_agents.py, holds the two lists equal in many positions), but kept as
argument tuples grouped by kind: no Action object and no menu text is built until a
candidate is drawn. A draw picks a kind with probability ∝ weight × the kind's remaining
candidates, then one of them uniformly, and asks the rules about that one alone; a refused
candidate is removed and the draw repeats. That is weighted sampling without replacement
over the whole candidate list, stopped at the first legal candidate: the same
distribution as weighting the legal list, with only the drawn candidates made into
Actions (≈ 2.25 per choice instead of ≈ 16), each kept and handed out again (`_MADE`).

The listing runs at every choice, so its candidates are made by plain loops: in Python 3.11
each comprehension or generator is a function call of its own (docs/performance.md, sixth
pass).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.core.errors import RuleViolation

from . import actions as A
from . import cards as C
from .context import Ctx
from .rules.attacks import ATTACK_TYPES
from .state import current_place

if TYPE_CHECKING:
    from .game import Game

WEIGHTS: dict[str, float] = {
    "pass": 3.0, "initiate_combat": 6.0, "attack": 8.0, "play_combat_card": 3.0,
    "sneak_attack": 1.0, "boost": 0.3, "regenerate": 0.5, "heal": 0.5, "spend_belief": 0.3,
    "spend_hate": 0.3, "set_flying": 0.2, "hide": 0.2, "perceive": 0.5, "end_status": 2.0,
    "use_equipment": 0.1, "mulligan": 0.3, "discard_combat_cards": 0.3, "play_detail": 0.5,
    "pursue": 1.0, "play_bystanders": 1.0, "activate": 0.5, "gadgeteer": 0.3,
    "investigate": 0.5, "reveal_event": 0.5, "nullify_roll": 0.5, "reversal": 0.3,
    "answer": 1.0, "ask_question": 0.2,
}
# A Pursuit into a Lair where the Villain pays no Hate (A-33, PT-LAIR-3) can last for
# ever against a party that cannot hurt it; random play pursues less often.
PURSUE_WEIGHT = 0.3


@C._memo
def _activated(card: Any) -> tuple[int, ...]:
    """Indices of a card's `activated` effects."""
    return tuple(i for i, e in enumerate(C.effects(card)) if e.get("trigger") == "activated")


@C._memo
def _nullify_roll(card: Any) -> bool:
    return any(e.get("trigger") == "nullify" and e.get("roll") for e in C.effects(card))


def _weight(a: A.Action) -> float:
    if isinstance(a, A.Pursue):
        return PURSUE_WEIGHT if a.pursue else 1.0
    return WEIGHTS.get(a.kind, 1.0)


# Refusals that hold for a whole family of candidates: (kind, clause) -> how many leading
# positional arguments the refusal depends on. 2: the seat and the actor (every Attack of
# that actor is refused); 3: also the Attack type. When the rules refuse a candidate with
# one of these clauses, its whole family leaves the draw without being asked about one by
# one: the draw stays the same, since each of them would be refused too
# (tests/engine/test_agents.py checks that in many positions). A clause not listed here
# removes only the refused candidate.
FAMILY: dict[tuple[str, str], int] = {
    ("attack", "PT-COMBAT-11"): 2,     # the combatant with Initiative declares first
    ("attack", "PT-STATUS-7"): 2,      # Stunned
    ("attack", "PT-DIST-1"): 3,        # Melee at Ranged Distance
    ("attack", "PT-ATK-3"): 3,         # Ranged needs Energy Projection
    ("attack", "PT-ATK-4"): 3,         # Mental needs Psyche
}
NO_ATTACK_LEFT = "has no Attack action left"   # PT-COMBAT-10, about the actor alone


def family(kind: str, e: RuleViolation) -> int:
    """How many leading arguments a refusal depends on (0: the candidate alone)."""
    n = FAMILY.get((kind, e.clause), 0)
    if not n and kind == "attack" and e.message.endswith(NO_ATTACK_LEFT):
        n = 2
    return n


# options()' group per kind: [class, weight, list of positional-argument tuples] (the draw
# itself reads _listing's two tables instead). The positional order is the dataclass field
# order (`text` is keyword-only and left at "").
Group = list[Any]


def _generic(game: Game, seat: str) -> tuple[dict[Any, list[Any]], dict[Any, tuple[Any, float]]]:
    """`legal.candidates` grouped by (kind, weight) (rare phases: Pursuit, Interview): the
    Action objects themselves, class None."""
    from .legal import candidates

    groups: dict[Any, list[Any]] = {}
    kinds: dict[Any, tuple[Any, float]] = {}
    for a in candidates(game, seat, labels=False):
        w = _weight(a)
        key = (a.kind, w)
        items = groups.get(key)
        if items is None:
            items = groups[key] = []
            kinds[key] = (None, w)
        items.append(a)
    return groups, kinds


@C._memo
def _abilities(card: Any) -> tuple[bool, bool, bool, bool, tuple[str, ...], tuple[int, ...]]:
    """A character card's Healing, Gadgeteer, Flight, Stealth, investigating Heroics and
    activated effects."""
    ranks = C.ranks(card)
    return (bool(ranks.get("healing")), bool(ranks.get("gadgeteer")),
            bool(ranks.get("flight")), bool(ranks.get("stealth")),
            tuple(h for h in ("perception", "hacking") if ranks.get(h)), _activated(card))


def _nullifiable(st: Any, cards: Any) -> list[str]:
    """Revealed cards with a Nullify roll not yet Nullified; remembered on the state under
    the lists it reads (they change a few times a game; this is asked on every choice)."""
    ev = st.zones["events_revealed"].cards
    tw = st.zones["twists_revealed"].cards
    hit = st.__dict__.get("_agent_nullifiable")
    if hit is not None and hit[0] == ev and hit[1] == tw and hit[2] == st.nullified:
        return hit[3]
    inst_key = st.cards
    out = [inst for z in (ev, tw) for inst in z
           if inst not in st.nullified and _nullify_roll(cards[inst_key[inst]])]
    st.__dict__["_agent_nullifiable"] = (ev[:], tw[:], st.nullified[:], out)
    return out


@C._memo
def _best_heroic(card: Any) -> str:
    """The Heroic or Skill a Lock names (legal.candidates' choice: the highest rank, the
    first by name on a tie); "" without any."""
    hr = C.ranks(card)
    return max(sorted(hr), key=lambda k: hr[k]) if hr else ""


class _ByKey(dict[str, Any]):
    """Catalog key -> `fn` of that card, worked out at its first asking."""

    def __init__(self, cards: Any, fn: Any) -> None:
        super().__init__()
        self.cards = cards
        self.fn = fn

    def __missing__(self, key: str) -> Any:
        value = self[key] = self.fn(self.cards[key])
        return value


class _Facts:
    """What the listing reads off the cards of one game, by catalog key: a dict lookup
    instead of a call of the card's memo (`cards._memo`) each time, ≈ 10 per listing.
    Kept on the state among its memos (state.MEMOS): a copy or a loaded game starts afresh."""

    __slots__ = ("cards", "kind", "step", "activated", "abilities", "best")

    def __init__(self, cards: Any) -> None:
        self.cards = cards
        self.kind = _ByKey(cards, C.kind)
        self.step = _ByKey(cards, C.combat_step)
        self.activated = _ByKey(cards, _activated)
        self.abilities = _ByKey(cards, _abilities)
        self.best = _ByKey(cards, _best_heroic)


def _facts(game: Game) -> _Facts:
    memo = game.state.__dict__
    facts = memo.get("_agent_facts")
    if facts is None or facts.cards is not game.cards:
        facts = memo["_agent_facts"] = _Facts(game.cards)
    return facts


RESISTANCES = ("physical", "mental", "social")
HEALS = tuple((res, n) for res in ("physical", "mental") for n in (1, 2, 3))
GADGETS = ("fighting", "energy_projection", "psyche", "agility")


# The per-character kinds, in the order their groups are listed (the draw depends on it).
PER_CHARACTER = ("regenerate", "heal", "gadgeteer", "spend_belief", "spend_hate", "set_flying",
                 "hide", "perceive", "end_status", "use_equipment", "activate", "investigate",
                 "nullify_roll", "play_bystanders")
_RANK = {kind: i for i, kind in enumerate(PER_CHARACTER)}
# seat -> the names of its hands' zones, made once instead of at every listing
_PLOT_HAND: dict[str, str] = {}
_COMBAT_HAND: dict[str, str] = {}


def _zone_name(zone: str, seat: str) -> str:
    names = _PLOT_HAND if zone == "plot_hand" else _COMBAT_HAND
    name = names[seat] = f"{zone}:{seat}"
    return name


# The Attack and Boost candidates of one combatant are the same tuples whenever its
# Attack cards (or what it can pay with) are: kept per key and copied into each listing.
_TEMPLATES: dict[tuple[Any, ...], tuple[tuple[Any, ...], ...]] = {}
TEMPLATE_LIMIT = 20_000


def _attacks(seat: str, cid: str, cards: tuple[str, ...]) -> tuple[tuple[Any, ...], ...]:
    key = ("attack", seat, cid, cards)
    hit = _TEMPLATES.get(key)
    if hit is None:
        choices = (None, *cards)
        hit = _remember(key, tuple((seat, cid, t, choice, trauma) for t in ATTACK_TYPES
                                   for choice in choices for trauma in (False, True)))
    return hit


def _boosts(seat: str, cid: str, pays: tuple[str, ...]) -> tuple[tuple[Any, ...], ...]:
    key = ("boost", seat, cid, pays)
    hit = _TEMPLATES.get(key)
    if hit is None:
        hit = _remember(key, tuple((seat, cid, pay, roll) for roll in ("attack", "defense",
                                                                       "damage")
                                   for pay in pays))
    return hit


def _remember(key: tuple[Any, ...], value: tuple[tuple[Any, ...], ...]
              ) -> tuple[tuple[Any, ...], ...]:
    if len(_TEMPLATES) >= TEMPLATE_LIMIT:
        _TEMPLATES.clear()
    _TEMPLATES[key] = value
    return value


def _per_character(g: dict[Any, list[tuple[Any, ...]]], game: Game, facts: _Facts, seat: str,
                   mine: list[Any], others: list[Any]) -> None:
    """The candidates each of the seat's characters in play has (legal.candidates' loop
    over `mine`), added to `g` in the order of PER_CHARACTER.

    A group is made when its first candidate is: most kinds have none in most positions."""
    st = game.state
    inst_key = st.cards
    abilities = facts.abilities
    activated = facts.activated
    # one character adds its kinds in PER_CHARACTER's order; several are sorted at the end
    out: dict[str, list[tuple[Any, ...]]] = g if len(mine) == 1 else {}
    # the same for every character: activated effects on the Location and the Lair,
    # Hidden opponents, Nullify rolls on revealed cards, Bystanders in the Plot Hand,
    # the Details played in this Conflict
    place = current_place(st)
    shared: tuple[int, ...] = ()
    if place is not None:
        shared = facts.activated[inst_key[place]]
    hidden_others = []
    for o in others:
        if "Hidden" in o.statuses:
            hidden_others.append(o.id)
    nullifiable = _nullifiable(st, game.cards)
    bys: tuple[str, ...] = ()
    if st.phase == "start":
        pzone = st.zones.get(_PLOT_HAND.get(seat) or _zone_name("plot_hand", seat))
        if pzone is not None:
            kind_of = facts.kind
            bys = tuple(c for c in pzone.cards if kind_of[inst_key[c]] == "bystander")
    details: dict[str, list[str]] = {}
    if st.played_details:
        conflict = st.conflict
        for inst, (who, when) in st.played_details.items():    # as GameState.details_of
            if when == conflict:
                details.setdefault(who, []).append(inst)
    chars = st.characters.values()
    for ch in mine:
        cid = ch.id
        healing, gadgeteer, flight, stealth, investigates, own = abilities[ch.key]
        statuses = ch.statuses
        if ch.energy > 0 and ch.role != "mook":
            regen = []
            for res in RESISTANCES:
                trauma = ch.trauma.get(res, 0)
                if ch.stress[res] + trauma < ch.maxes[res]:
                    regen.append((seat, cid, res, False))
                if trauma and ch.energy > 1:
                    regen.append((seat, cid, res, True))
            if regen:
                out.setdefault("regenerate", []).extend(regen)
            if healing:
                heal = out.setdefault("heal", [])
                for res, n in HEALS:
                    heal.append((seat, cid, res, n))
            if gadgeteer:
                gadgets = out.setdefault("gadgeteer", [])
                for heroic in GADGETS:
                    gadgets.append((seat, cid, heroic, 1))
        if ch.belief:
            out.setdefault("spend_belief", []).append((seat, cid, "attack_action"))
        if ch.hate:
            hate = out.setdefault("spend_hate", [])
            hate.append((seat, cid, "attack_action"))
            for o in chars:
                if o.in_play and o.role == "mook" and ch.main:
                    hate.append((seat, cid, "mooks", o.id))
                if o.in_play and o.side == "heroes" and ch.role == "villain":
                    hate.append((seat, cid, "belief_damage", o.id))
        flying = "Flying" in statuses
        if flying or flight:
            out.setdefault("set_flying", []).append((seat, cid, not flying))
        if stealth and "Hidden" not in statuses:
            out.setdefault("hide", []).append((seat, cid))
        if hidden_others:
            perceive = out.setdefault("perceive", [])
            for o in hidden_others:
                perceive.append((seat, cid, o))
        if statuses:
            for status in ("Stunned", "Prone"):
                if status in statuses:
                    out.setdefault("end_status", []).append((seat, cid, status))
        in_use = ch.in_use
        for eq in ch.equipment:
            if eq != in_use:
                out.setdefault("use_equipment", []).append((seat, cid, eq))
        activate = []
        for i in own:
            activate.append((seat, cid, ch.card, i))
        if in_use is not None:
            for i in activated[inst_key[in_use]]:
                activate.append((seat, cid, in_use, i))
        if details:
            for inst in details.get(cid, ()):
                for i in activated[inst_key[inst]]:
                    activate.append((seat, cid, inst, i))
        for i in shared:
            activate.append((seat, cid, place, i))
        if activate:
            out.setdefault("activate", []).extend(activate)
        if ch.side == "heroes":
            if investigates:
                investigate = out.setdefault("investigate", [])
                for heroic in investigates:
                    investigate.append((seat, cid, heroic))
            if nullifiable:
                nullify = out.setdefault("nullify_roll", [])
                for inst in nullifiable:
                    nullify.append((seat, cid, inst))
        if bys:
            out.setdefault("play_bystanders", []).append((seat, cid, bys[:1]))
    if out is not g:
        for kind in sorted(out, key=_RANK.__getitem__):
            g[kind] = out[kind]


def _roster(st: Any, seat: str) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
    """The seat's characters in play, the others in play, the seat's Heroes in or out of
    play, and the Heroes in play. Kept per seat under the state's roster count, which every
    character entering or leaving play, and every new one, bumps (GameState.roster_changed;
    a character's seat, role and side never change). Read only, never changed."""
    memo = st.__dict__.get("_agent_roster")
    if memo is None:
        memo = st.__dict__["_agent_roster"] = {}
    hit = memo.get(seat)
    if hit is not None and hit[0] == st.roster_changes:
        return hit[1]
    mine: list[Any] = []
    others: list[Any] = []
    own: list[Any] = []
    heroes: list[Any] = []
    for c in st.characters.values():
        if c.in_play:
            (mine if c.seat == seat else others).append(c)
            if c.side == "heroes":
                heroes.append(c)
        if c.seat == seat and c.role == "hero":
            own.append(c)
    value = (mine, others, own, heroes)
    memo[seat] = (st.roster_changes, value)
    return value


def options(game: Game, seat: str) -> dict[Any, Group]:
    """Every candidate `legal.candidates(game, seat)` would list, as argument tuples grouped
    by kind: kind -> [Action class, weight, argument tuples] (Pursuit and Interview: the
    Action objects themselves, class None)."""
    g, kinds = _listing(game, seat)
    return {kind: [*kinds[kind], args] for kind, args in g.items()}


def _listing(game: Game, seat: str) -> tuple[dict[Any, list[Any]], dict[Any, tuple[Any, float]]]:
    """options' candidates as kind -> argument tuples, never an empty list, and the table
    of each kind's (Action class, weight)."""
    st = game.state
    if st.winner is not None:
        return {}, {}
    if st.phase in ("pursuit", "interview") or st.twist_pending or st.main_pending \
            or st.relocate_pending or st.target_pending:
        return _generic(game, seat)
    facts = _facts(game)
    inst_key = st.cards
    zones = st.zones
    g: dict[Any, list[tuple[Any, ...]]] = {"pass": [(seat,)]}
    hz = zones.get(_COMBAT_HAND.get(seat) or _zone_name("combat_hand", seat))
    hand = hz.cards if hz is not None else []
    if seat not in st.mulliganed and not st.first_combat_done and hand:
        g["mulligan"] = [(seat, tuple(hand))]
    mine, others, own, heroes = _roster(st, seat)
    if st.combat is not None or st.phase == "combat":
        _combat(g, game, facts, seat, hand, mine, others)
    if mine:
        _per_character(g, game, facts, seat, mine, others)
    pz = zones.get(_PLOT_HAND.get(seat) or _zone_name("plot_hand", seat))
    if seat == "gm":
        _game_master(g, game, facts, seat, heroes)
    elif pz is not None:
        _plot_hand_cards(g, game, facts, seat, pz.cards, own)
    permits = st.location_permits
    if pz is not None and (permits.get(seat) or (seat != "gm" and permits.get("heroes"))):
        own_all = [c.id for c in st.characters.values() if c.seat == seat and c.role != "mook"]
        places = [(seat, cid, card) for card in pz.cards
                  if facts.kind[inst_key[card]] == "location" for cid in own_all]
        if places:
            g["play_location"] = places
    return g, _KINDS or _kinds()


def _combat(g: dict[Any, list[tuple[Any, ...]]], game: Game, facts: _Facts, seat: str,
            hand: list[str],
            mine: list[Any], others: list[Any]) -> None:
    """The candidates of a Combat under way (its combatants'), or of starting one."""
    st = game.state
    cb = st.combat
    if cb is not None:
        inst_key = st.cards
        step = cb.step
        if step == "end" and hand:
            g["discard_combat_cards"] = [(seat, tuple(hand))]
        for ch in mine:
            cid = ch.id
            if cid != cb.attacker and cid != cb.defender:
                continue
            if (step == "movement" or step == "maneuver") and hand:
                play = g.setdefault("play_combat_card", [])
                for card in hand:
                    play.append((seat, cid, card))
            elif step == "attack":
                step_of = facts.step
                attack_cards = []
                for card in hand:
                    if step_of[inst_key[card]] == "attack":
                        attack_cards.append(card)
                g.setdefault("attack", []).extend(_attacks(seat, cid, tuple(attack_cards)))
            pays: tuple[str, ...] = ("energy",) if ch.energy > 0 else ()
            if ch.belief:
                pays += ("belief",)
            if ch.role == "mook":
                pays += ("quantity",)
            if pays:
                g.setdefault("boost", []).extend(_boosts(seat, cid, pays))
    elif st.initiative == st.side_of_seat(seat):
        init: list[tuple[Any, ...]] = []
        sneak: list[tuple[Any, ...]] = []     # never without an Initiate Combat before it
        bystanders = st.zones["bystanders"].cards
        for ch in mine:
            cid = ch.id
            hidden = ch.has("Hidden")
            for o in others:
                if o.side != ch.side:
                    init.append((seat, cid, o.id))
                    if hidden:
                        sneak += ((seat, cid, o.id, "melee"), (seat, cid, o.id, "ranged"))
            init.extend((seat, cid, b) for b in bystanders)
        if init:
            g["initiate_combat"] = init
        if sneak:
            g["sneak_attack"] = sneak


def _game_master(g: dict[Any, list[tuple[Any, ...]]], game: Game, facts: _Facts,
                 seat: str, heroes: list[Any]) -> None:
    """The GM's own candidates: Reversals of Fortune and Revealing Events (`heroes`: the
    Heroes in play)."""
    st = game.state
    zones = st.zones
    # the Heroes paying a Reversal's Belief: one entry per point, at most 5 are used
    payers: tuple[str, ...] = ()
    for h in heroes:
        if h.belief:
            payers += (h.id,) * min(h.belief, 5)
            if len(payers) >= 5:
                break
    if payers:
        rev: list[tuple[Any, ...]] = []
        for h in heroes:                         # Lock a Hero's best Heroic (PT-ROF-2)
            best = facts.best[h.key]
            if best:
                rev.append((seat, "lock", payers[:1], h.id, best))
        if len(payers) >= 5:
            rev.append((seat, "masterplan", payers[:5]))
        if len(payers) >= 2:
            rev += [(seat, "auto_success", payers[:2], v.id) for v in st.villains()]
        if len(payers) >= 4:
            rev.append((seat, "reverse_initiative", payers[:4]))
        if len(payers) >= 3:
            rev += [(seat, "crossover", payers[:3], "", "", c)
                    for c in zones["plot_hand:gm"].cards
                    if facts.kind[st.cards[c]] == "villain"]
        if rev:
            g["reversal"] = rev
    if st.phase == "combat" and zones["events"].cards:
        reveal = g["reveal_event"] = []
        for inst in zones["events"].cards:
            reveal.append((seat, inst))


def _plot_hand_cards(g: dict[Any, list[tuple[Any, ...]]], game: Game, facts: _Facts,
                     seat: str, hand: list[str], own: list[Any]) -> None:
    """A Player's Hero and Detail cards from the Plot Hand (`own`: the seat's Heroes, in
    or out of play)."""
    inst_key = game.state.cards
    kind_of = facts.kind
    for card in hand:
        kind = kind_of[inst_key[card]]
        if kind == "hero" or kind == "detail":
            if kind == "hero":
                for ch in own:
                    if ch.in_play and (ch.belief or 0) >= 5:
                        g.setdefault("play_hero", []).append((seat, ch.id, card))
            elif own:
                details = g.setdefault("play_detail", [])
                for ch in own:
                    details.append((seat, ch.id, card))


_KINDS: dict[str, tuple[Any, float]] = {}   # kind -> (Action class, weight), filled once


def _kinds() -> dict[str, tuple[Any, float]]:
    _KINDS.update((kind, (cls, WEIGHTS.get(kind, 1.0))) for kind, cls in A.ACTION_TYPES.items())
    return _KINDS


def option_actions(game: Game, seat: str) -> list[A.Action]:
    """The agent's candidates as Action objects (for tests and tools)."""
    out: list[A.Action] = []
    for cls, _, items in options(game, seat).values():
        out.extend(items if cls is None else [cls(*args) for args in items])
    return out


_CHECKS: dict[type, Any] = {}   # Action class -> its check (game.HANDLERS), filled once


def _checks() -> dict[type, Any]:
    if not _CHECKS:
        from .game import HANDLERS

        _CHECKS.update((cls, h[0]) for cls, h in HANDLERS.items())
    return _CHECKS


# Action objects are frozen, so the agent hands out one object per candidate instead of
# building it each time it is drawn (≈ 1 µs each, 2.25 per choice): Action class ->
# argument tuple -> the Action. The ids in the tuples repeat from game to game; the limit
# only bounds a long run over many different packs.
_MADE: dict[type, dict[tuple[Any, ...], A.Action]] = {}
MADE_LIMIT = 20_000


class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        # the token of the last action choose() returned (game.CheckToken): pass it to
        # game.apply(action, checked=agent.checked) to skip the check it has just run
        self.checked: Any = None

    def seat_order(self, seats: list[str]) -> list[str]:
        """The seats in a random order: exactly `self.rng.sample(seats, len(seats))` for
        up to 21 seats (the same draws from the generator, so the same games), without
        random.sample's checks for the general case; asked before every action."""
        n = len(seats)
        if n > 21:
            return self.rng.sample(seats, n)
        getrandbits = self.rng.getrandbits
        pool = list(seats)
        out = []
        for m in range(n, 0, -1):         # random.sample's pool method, randbelow(m)
            k = m.bit_length()
            j = getrandbits(k)
            while j >= m:
                j = getrandbits(k)
            out.append(pool[j])
            pool[j] = pool[m - 1]
        return out

    def act(self, game: Game) -> A.Action | None:
        """An action of the first seat (in random order) of those expected to act that
        has one; None when none has. `self.checked` vouches for it (Game.apply)."""
        for seat in self.seat_order(seats_to_act(game)):
            action = self.choose(game, seat)
            if action is not None:
                return action
        return None

    def choose(self, game: Game, seat: str) -> A.Action | None:
        """A weighted random legal action, or None when the seat has none (the module
        docstring explains the draw)."""
        self.checked = None
        groups, kinds = _listing(game, seat)   # kind -> candidates, in the listing's order
        if not groups:
            return None
        checks = _CHECKS or _checks()
        rng = self.rng
        # checks never change anything: one context serves them all
        ctx = Ctx(game.state, game.coins, game.cards)
        total = _total(groups, kinds)
        while groups:
            r = rng.random() * total
            for kind, items in groups.items():     # no break: the last group
                r -= kinds[kind][1] * len(items)
                if r < 0:
                    break
            cls, w = kinds[kind]
            i = int(rng.random() * len(items))
            item = items[i]
            items[i] = items[-1]
            items.pop()
            if cls is None:
                action = item
            else:
                made = _MADE.get(cls)
                if made is None:
                    made = _MADE[cls] = {}
                action = made.get(item)
                if action is None:
                    if len(made) >= MADE_LIMIT:
                        made.clear()
                    action = made[item] = cls(*item)
            try:
                checks[type(action)](ctx, action)
            except RuleViolation as e:
                n = family(kind, e) if kind == "attack" else 0    # FAMILY's one kind
                if n and items:
                    head = item[:n]
                    items[:] = [x for x in items if x[:n] != head]
                if not items:
                    del groups[kind]
                if n or not items:
                    total = _total(groups, kinds)
                else:
                    total -= w
                continue
            self.checked = game.vouch(action)
            return action
        return None


def _total(groups: dict[Any, Any], kinds: dict[Any, tuple[Any, float]]) -> float:
    """The draw's total weight: each kind's weight times its candidates left."""
    total = 0.0
    for kind, items in groups.items():
        total += kinds[kind][1] * len(items)
    return total


def seats_to_act(game: Game) -> list[str]:
    """Seats that may have something to do now, the one expected to move first."""
    st = game.state
    cb = st.combat
    if st.main_pending:
        return ["gm"]
    if st.target_pending:
        from .rules.choices import may_choose

        return [s for s in st.seats if may_choose(st.target_pending[0], s)]
    if st.relocate_pending:
        who = st.relocate_pending.get("seat")
        return [s for s in st.seats if s != "gm"] if who == "heroes" else [str(who)]
    if st.phase == "pursuit":
        return [s for s in st.seats if s != "gm"][:1]
    if st.phase == "interview":       # the Players answer; the GM asks more, picks the Location
        return list(st.seats)
    if cb is not None:
        seats = []
        for ident in (cb.attacker, cb.defender):
            ch = st.characters.get(ident)
            if ch is not None and ch.seat not in seats and ch.id not in cb.passed:
                seats.append(ch.seat)
        return seats or [st.characters[cb.attacker].seat]
    if st.initiative == "villains":
        return ["gm"]
    seats = []
    for s in st.seats:
        if s != "gm" and s not in st.players_passed:
            seats.append(s)
    return seats
