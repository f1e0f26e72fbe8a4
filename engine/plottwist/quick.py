"""Game.quick: a legal ready-made setup from whatever cards a catalog holds."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.errors import RuleViolation

from . import cards as C
from .objective_fit import plots_wanted
from .options import RulesOptions
from .rules.setup import HeroSetup, Setup, usable_by

SEATS = ("p1", "p2", "p3", "p4")


def _all(catalog: Any) -> list[Any]:
    cards = catalog if isinstance(catalog, Mapping) else getattr(catalog, "cards", {})
    return sorted(cards.values(), key=lambda c: c.key)


# The simulator sets up thousands of games from one catalog: the cards sorted by kind are
# remembered per catalog (the catalog object and its card objects, by identity, so a
# changed catalog is sorted again); usable_by (rules/setup.py) remembers its answers too.
_POOLS: dict[int, tuple[Any, tuple[int, ...], dict[str, list[Any]]]] = {}


def _by_kind(catalog: Any) -> dict[str, list[Any]]:
    cards = catalog if isinstance(catalog, Mapping) else getattr(catalog, "cards", {})
    ids = tuple(map(id, cards.values()))
    hit = _POOLS.get(id(catalog))
    if hit is not None and hit[0] is catalog and hit[1] == ids:
        return hit[2]
    by: dict[str, list[Any]] = {}
    for c in _all(catalog):
        by.setdefault(C.kind(c), []).append(c)
    if len(_POOLS) > 8:
        _POOLS.clear()
    _POOLS[id(catalog)] = (catalog, ids, by)
    return by


def _distinct(rng: random.Random, pool: list[Any], n: int) -> list[Any]:
    out: list[Any] = []
    names: set[str] = set()
    items = list(pool)
    rng.shuffle(items)
    for card in items:
        if C.base_name(card) not in names:
            out.append(card)
            names.add(C.base_name(card))
        if len(out) == n:
            break
    return out


def _fill(rng: random.Random, pool: list[Any], n: int) -> list[Any]:
    """n cards, copies allowed when the pool is short (decks may hold copies)."""
    if not pool:
        return []
    items = list(pool)
    rng.shuffle(items)
    while len(items) < n:
        items.append(rng.choice(pool))
    return items[:n]


def _permits(card: Any) -> bool:
    return any(op.get("op") == "permit_location" for e in C.effects(card)
               for op in e.get("ops", []))


def quick_setup(catalog: Any, heroes: int = 3, seed: int = 1,
                options: RulesOptions | None = None) -> Setup:
    rng = random.Random(seed)
    by = _by_kind(catalog)

    def need(kind: str, n: int = 1) -> list[Any]:
        if len(by.get(kind, [])) < n:
            raise RuleViolation("PT-SETUP-1", f"the catalog has too few {kind} cards for a "
                                              "quick game")
        return by[kind]

    villain = rng.choice(need("villain"))
    hero_cards = _distinct(rng, [h for h in need("hero", heroes)
                                 if C.base_name(h) != C.base_name(villain)], heroes)
    if len(hero_cards) < heroes:
        raise RuleViolation("PT-UNIQ-3", "not enough different Heroes in the catalog")
    equipment = by.get("equipment", [])
    combat = need("combat")
    hero_setups = []
    for seat, hero in zip(SEATS, hero_cards, strict=False):
        eq = [e for e in equipment if usable_by(e, hero)]
        plots = [p for p in by.get("detail", []) + by.get("bystander", [])
                 if usable_by(p, hero)]
        hand = _distinct(rng, plots, 5)
        # a Location for cards that permit one (PT-LOC-4), in place of the last Plot, when
        # the hand holds such a card: the rest of the deal is unchanged
        if any(_permits(p) for p in hand) and by.get("location"):
            spare = [x for x in by["location"] if C.base_name(x) not in
                     {C.base_name(h) for h in hand}]
            if spare:
                hand[-1 if not _permits(hand[-1]) else 0] = spare[seed % len(spare)]
        if len(hand) < 5:
            raise RuleViolation("PT-SETUP-3", f"not enough Plots for {C.name(hero)}")
        deck = _fill(rng, [c for c in combat if usable_by(c, hero)] or combat, 10)
        hero_setups.append(HeroSetup(seat, hero, _distinct(rng, eq, 1), hand, deck))
    gm_plots = (by.get("lair", []) + by.get("bystander", []) + by.get("location", [])
                + [v for v in by.get("villain", []) if v is not villain])
    gm_hand = _distinct(rng, [p for p in gm_plots if C.kind(p) == "lair"], 1)
    rest = [p for p in gm_plots if C.base_name(p) not in {C.base_name(c) for c in gm_hand}
            and C.base_name(p) != C.base_name(villain)]
    gm_hand += _distinct(rng, rest, 5 - len(gm_hand))
    if len(gm_hand) < 5:
        raise RuleViolation("PT-SETUP-3", "not enough Plots for the GM's hand")
    # drawn in the order they always were, so a seed deals the same cards as before ...
    villain_equipment = _distinct(rng, [e for e in equipment if usable_by(e, villain)], 1)
    mooks = _distinct(rng, by.get("mook", []), 2)
    location = rng.choice(need("location"))
    objective = rng.choice([o for o in need("objective") if usable_by(o, villain)]
                           or need("objective"))
    gm_deck = _fill(rng, [c for c in combat if usable_by(c, villain)] or combat, 10)
    twists = _fill(rng, need("twist"), 10)
    events = _fill(rng, need("event"), 5)
    # ... and only then the GM's hand is fitted to the Objective he was dealt (PT-SETUP-3,
    # PT-LOC-3): an Objective that wants no Plots leaves the deal untouched
    gm_hand = _fit(rng, gm_hand, gm_plots, plots_wanted(objective))
    return Setup(
        villain=villain,
        villain_equipment=villain_equipment,
        mooks=mooks,
        location=location,
        objective=objective,
        heroes=hero_setups,
        gm_plot_hand=gm_hand,
        gm_combat_deck=gm_deck,
        twists=twists,
        events=events,
        seed=seed,
        options=options or RulesOptions(),
    )


def _fit(rng: random.Random, hand: list[Any], pool: list[Any],
         wants: dict[str, int]) -> list[Any]:
    """`hand` holding at least the wanted number of Plots of each kind, as far as `pool`
    has them: the cards of no wanted kind give way, the last drawn first, never the first
    Lair (the GM's home, PT-LAIR-1); the hand stays 5 cards, one copy each (PT-PLOT-1)."""
    hand = list(hand)
    lair = next((i for i, c in enumerate(hand) if C.kind(c) == "lair"), None)
    for kind, n in sorted(wants.items()):
        short = n - sum(C.kind(c) == kind for c in hand)
        movable = [i for i, c in enumerate(hand) if C.kind(c) not in wants and i != lair]
        if short <= 0 or not movable:
            continue
        held = {C.base_name(c) for c in hand}
        extra = _distinct(rng, [p for p in pool if C.kind(p) == kind
                                and C.base_name(p) not in held], min(short, len(movable)))
        for i, card in zip(reversed(movable), extra, strict=False):
            hand[i] = card
    return hand
