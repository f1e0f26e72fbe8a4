"""One pick at a time: may this card go there now? (PT-SETUP-1..8, for the New game wizard)

Each ``check_*`` returns None when the pick is allowed, or the RuleViolation the engine's own
Setup rules raise (``.clause``, ``.message``) when it is not; nothing is raised. The verdicts
come from ``rules.setup`` (``check_characters``, ``check_equipment``, ``check_plot_card``,
``check_combat_card``, ``check_objective``, the same functions ``validate`` runs on a whole
Setup), so a Setup rule is written once; only "this hand is already full" is a pick's own.
``build_setup`` turns a finished ``PartialSetup`` into the engine's ``Setup`` and runs the
full ``validate``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.rng import Coins

from . import cards as C
from .context import Ctx
from .rules.setup import (
    DECK_BINDING,
    GM_PLOT_KINDS,
    PLAYER_PLOT_KINDS,
    PLOT_KINDS,
    SITUATIONAL,
    HeroSetup,
    Setup,
    build,
    check_characters,
    check_combat_card,
    check_equipment,
    check_objective,
    check_plot_card,
    check_usage,
    make_character,
    new_state,
    scratch_ctx,
    validate,
)

SEATS = ("p1", "p2", "p3", "p4")
PLOT_HAND_SIZE = 5        # PT-SETUP-3, PT-PLOT-1
COMBAT_DECK_SIZE = 10     # PT-SETUP-4, PT-CDECK-1
TWISTS_SIZE = 10          # PT-SETUP-5, PT-TWIST-1
EVENTS_SIZE = 5           # PT-SETUP-6, PT-EVENT-1

# the rules themselves live in rules/setup.py (the one place Setup legality is decided);
# these names stay importable from here for the wizard
__all__ = ["DECK_BINDING", "GM_PLOT_KINDS", "PLAYER_PLOT_KINDS", "PLOT_KINDS", "SITUATIONAL"]

Refusal = RuleViolation | None


@dataclass
class PartialHero:
    hero: Any = None
    equipment: list[Any] = field(default_factory=list)
    plot_hand: list[Any] = field(default_factory=list)
    combat_deck: list[Any] = field(default_factory=list)


@dataclass
class PartialSetup:
    """What the wizard has picked so far; every field may still be empty."""

    players: int = 1
    villain: Any = None
    villain_equipment: list[Any] = field(default_factory=list)
    mooks: list[Any] = field(default_factory=list)
    location: Any = None
    objective: Any = None
    heroes: dict[str, PartialHero] = field(default_factory=dict)
    gm_plot_hand: list[Any] = field(default_factory=list)
    gm_combat_deck: list[Any] = field(default_factory=list)
    twists: list[Any] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    seed: int = 1

    def seats(self) -> list[str]:
        return list(SEATS[: self.players])

    def hero(self, seat: str) -> PartialHero:
        return self.heroes.setdefault(seat, PartialHero())

    def hero_cards(self) -> list[Any]:
        return [self.hero(s).hero for s in self.seats() if self.hero(s).hero is not None]

    def gm_characters(self) -> list[Any]:
        """The GM side's characters at setup: the Main Villain and his Mooks (A-48)."""
        return ([self.villain] if self.villain is not None else []) + list(self.mooks)

    def plot_hand(self, seat: str) -> list[Any]:
        return self.gm_plot_hand if seat == "gm" else self.hero(seat).plot_hand

    def combat_deck(self, seat: str) -> list[Any]:
        return self.gm_combat_deck if seat == "gm" else self.hero(seat).combat_deck

    def owners(self, seat: str) -> list[Any]:
        """The characters a seat's cards are used by."""
        if seat == "gm":
            return self.gm_characters()
        h = self.hero(seat).hero
        return [h] if h is not None else []


def _violation(fn: Callable[[], object]) -> Refusal:
    try:
        fn()
    except RuleViolation as e:
        return e
    return None


def _kind(card: Any, want: Sequence[str], clause: str, what: str) -> Refusal:
    if C.kind(card) in want:
        return None
    return RuleViolation(clause, f"{C.name(card)} is a {C.kind(card)} card and cannot be {what}")


def _full(cards: Sequence[Any], size: int, clause: str, what: str) -> Refusal:
    if len(cards) < size:
        return None
    return RuleViolation(clause, f"{what} already holds {size} cards")


def usage_refusal(owner: Any, card: Any) -> Refusal:
    """Color and printed Requirements of `card` against the character card `owner`
    (``rules.setup.check_usage``)."""
    return _violation(lambda: check_usage(owner, card))


# --- step 1: the GM's side -----------------------------------------------------------------
def check_villain_pick(partial: PartialSetup, card: Any) -> Refusal:
    return _kind(card, ("villain",), "PT-SETUP-1", "the Main Villain") or _violation(
        lambda: check_characters([card, *partial.mooks, *partial.hero_cards()]))


def check_mook_pick(partial: PartialSetup, card: Any) -> Refusal:
    return _kind(card, ("mook",), "PT-SETUP-1", "a Mook") or _violation(
        lambda: check_characters([card, *partial.gm_characters(), *partial.hero_cards()]))


def check_location_pick(partial: PartialSetup, card: Any) -> Refusal:
    return _kind(card, ("location",), "PT-SETUP-1", "the initial Location")


def check_objective_pick(partial: PartialSetup, card: Any) -> Refusal:
    return _violation(lambda: check_objective(card, partial.villain, partial.location))


def check_equipment_pick(partial: PartialSetup, owner_card: Any, card: Any) -> Refusal:
    """Equipment for its wielder (PT-EQUIP-1): the wielder's Color and the Requirements."""
    if owner_card is None:
        return _kind(card, ("equipment",), "PT-EQUIP-1", "Equipment") or RuleViolation(
            "PT-EQUIP-1", "choose the character who wields it first")
    return _violation(lambda: check_equipment(owner_card, card))


# --- step 2: the Heroes ------------------------------------------------------------------------
def check_hero_pick(partial: PartialSetup, seat: str, card: Any) -> Refusal:
    err = _kind(card, ("hero",), "PT-SETUP-2", "a Player's Hero")
    if err is None and seat not in partial.seats():
        err = RuleViolation("PT-SETUP-2", f"there is no Player at seat {seat}")
    if err is None:
        others = [partial.hero(s).hero for s in partial.seats()
                  if s != seat and partial.hero(s).hero is not None]
        err = _violation(lambda: check_characters([card, *others,
                                                   *partial.gm_characters()]))
    return err


# --- step 3: Plot Hands ------------------------------------------------------------------------
def check_plot_pick(hand: Sequence[Any], card: Any, side: str = "heroes",
                    owner: Any = None) -> Refusal:
    """A card for a Plot Hand: 5 at most, one copy each, the kinds that side may hold."""
    who = "The GM's" if side == "gm" else "This"
    return _full(hand, PLOT_HAND_SIZE, "PT-SETUP-3", f"{who} Plot Hand") or _violation(
        lambda: check_plot_card(list(hand), card, side, owner))


# --- step 4: Combat Decks ----------------------------------------------------------------------
def check_combat_pick(deck: Sequence[Any], owner_cards: Iterable[Any], card: Any) -> Refusal:
    """10 Combat cards, each of a Color one of the side's characters may use (PT-COLOR-4)."""
    owners = [o for o in owner_cards if o is not None]
    return _full(deck, COMBAT_DECK_SIZE, "PT-SETUP-4", "This Combat Deck") or _violation(
        lambda: check_combat_card(owners, card))


# --- steps 5 and 6 -----------------------------------------------------------------------------
def check_twist_pick(twists: Sequence[Any], card: Any) -> Refusal:
    err = _full(twists, TWISTS_SIZE, "PT-SETUP-5", "The Twists! deck")
    return err or _kind(card, ("twist",), "PT-SETUP-5", "in the Twists! deck")


def check_event_pick(events: Sequence[Any], card: Any) -> Refusal:
    err = _full(events, EVENTS_SIZE, "PT-SETUP-6", "The Events Cluster")
    return err or _kind(card, ("event",), "PT-SETUP-6", "in the Events Cluster")


# --- step 7 ------------------------------------------------------------------------------------
def belief_exchange(partial: PartialSetup) -> list[tuple[str, int, int]]:
    """(name, Belief or Hate before, after) per Hero, then the Main Villain (PT-SETUP-7).

    Nothing is computed here: "after" is what the engine's own ``rules.setup.build``
    leaves on an empty table (steps 1 to 8, before Turn 1 begins, so no Twist! has been
    revealed yet), and "before" is what ``setup.make_character`` places. Needs a finished
    setup: raises RuleViolation (``build_setup``) otherwise.
    """
    setup = build_setup(partial)
    ctx = Ctx(new_state(setup), Coins(setup.seed, setup.coins),
              {c.key: c for c in setup.all_cards()})
    build(ctx, setup)
    placed = {(ch.seat, ch.key): ch for ch in ctx.state.characters.values()
              if ch.role in ("hero", "villain")}
    scratch = scratch_ctx(["gm", *partial.seats()], [*partial.hero_cards(),
                                                      *partial.gm_characters()])
    rows: list[tuple[str, int, int]] = []
    for i, h in enumerate(setup.heroes, 1):
        fresh = make_character(scratch, h.hero, f"c{i}", h.seat, "hero", f"h{i}")
        rows.append((C.name(h.hero), fresh.belief or 0, placed[(h.seat, h.hero.key)].belief
                     or 0))
    fresh = make_character(scratch, setup.villain, "cv", "gm", "villain", "v1")
    rows.append((C.name(setup.villain), fresh.hate or 0,
                 placed[("gm", setup.villain.key)].hate or 0))
    return rows


# --- what is missing, and the whole setup ------------------------------------------------------
def missing(partial: PartialSetup, step: int) -> list[str]:
    """What a wizard step still needs, in words; [] when the step is complete."""
    out: list[str] = []
    seats = partial.seats()
    if step == 1:
        if partial.villain is None:
            out.append("the Main Villain")
        if partial.location is None:
            out.append("the first Location")
        if partial.objective is None:
            out.append("the Objective")
    elif step == 2:
        out += [f"{s.upper()}'s Hero" for s in seats if partial.hero(s).hero is None]
    elif step == 3:
        for s in ["gm", *seats]:
            n = len(partial.plot_hand(s))
            if n != PLOT_HAND_SIZE:
                out.append(f"{_who(s)} Plot Hand ({n}/{PLOT_HAND_SIZE})")
    elif step == 4:
        for s in ["gm", *seats]:
            n = len(partial.combat_deck(s))
            if n != COMBAT_DECK_SIZE:
                out.append(f"{_who(s)} Combat Deck ({n}/{COMBAT_DECK_SIZE})")
    elif step == 5 and len(partial.twists) != TWISTS_SIZE:
        out.append(f"Twists! ({len(partial.twists)}/{TWISTS_SIZE})")
    elif step == 6 and len(partial.events) != EVENTS_SIZE:
        out.append(f"Events ({len(partial.events)}/{EVENTS_SIZE})")
    return out


def _who(seat: str) -> str:
    return "the GM's" if seat == "gm" else f"{seat.upper()}'s"


def build_setup(partial: PartialSetup) -> Setup:
    """The engine's Setup for a finished pick; raises RuleViolation (``validate``) if not."""
    heroes = [HeroSetup(s, partial.hero(s).hero, list(partial.hero(s).equipment),
                        list(partial.hero(s).plot_hand), list(partial.hero(s).combat_deck))
              for s in partial.seats()]
    if partial.villain is None or partial.location is None or partial.objective is None:
        raise RuleViolation("PT-SETUP-1", "the GM has not chosen " + ", ".join(missing(partial,
                                                                                       1)))
    if any(h.hero is None for h in heroes):
        raise RuleViolation("PT-SETUP-2", "a Player has no Hero yet")
    setup = Setup(villain=partial.villain, location=partial.location,
                  objective=partial.objective, heroes=heroes,
                  villain_equipment=list(partial.villain_equipment), mooks=list(partial.mooks),
                  gm_plot_hand=list(partial.gm_plot_hand),
                  gm_combat_deck=list(partial.gm_combat_deck), twists=list(partial.twists),
                  events=list(partial.events), seed=partial.seed)
    validate(setup)
    return setup


# --- Fill at random ----------------------------------------------------------------------------
def random_legal(rng: random.Random, pool: Sequence[Any], current: list[Any], size: int,
                 check: Callable[[list[Any], Any], Refusal],
                 wants: Mapping[str, int] | None = None) -> list[Any]:
    """Top `current` up to `size` with random cards from `pool` that `check` accepts.

    Cards may repeat where the check allows it (Combat Decks, Twists!, Events), as
    ``quick._fill`` does when a pool is short; a pool with nothing legal left stops early.
    `wants` (kind -> count, ``objective_fit.plots_wanted``) is filled first: the GM's hand
    that fits his Objective (PT-SETUP-3, PT-LOC-3), as the Quick game deals it.
    """
    out = list(current)
    for kind, n in sorted((wants or {}).items()):
        have = sum(C.kind(c) == kind for c in out)
        out = _top_up(rng, [c for c in pool if C.kind(c) == kind], out,
                      min(size, len(out) + n - have), check)
    return _top_up(rng, pool, out, size, check)


def _top_up(rng: random.Random, pool: Sequence[Any], current: list[Any], size: int,
            check: Callable[[list[Any], Any], Refusal]) -> list[Any]:
    out = list(current)
    while len(out) < size:
        options = [c for c in pool if check(out, c) is None]
        if not options:
            break
        fresh = [c for c in options if all(c is not o for o in out)]
        out.append(rng.choice(fresh or options))
    return out
