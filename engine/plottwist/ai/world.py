"""Worlds a computer player can search: the position rebuilt from its own view.

`determinise(view, catalog, rng)` turns what one seat sees (`Game.view(seat)`) back into a
playable Game: the public bookkeeping comes from view["tracking"], the faces the seat may
see from the view's cards, and every face it may not see (other hands, face-down Events,
the Objective, the decks) is *sampled* from the public card catalog among the cards that
could be there. The coins get a fresh seed. Nothing is read from the real game, so a
computer player cannot cheat even by accident: two games that differ only in hidden faces
give the very same view and therefore the very same worlds.

`fork(game, seed)` is the cheap copy the search makes for each playout; it is the one place
to swap for a faster copy (or apply + undo) when the engine offers one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.rng import Coins

from .. import cards as C
from ..game import Game
from ..quick import usable_by
from ..state import GameState

# zone name (before ":") -> the card kinds a hidden card there may be
PLOT_GM = ("lair", "bystander", "location", "villain")
PLOT_PLAYER = ("detail", "bystander")
ZONE_KINDS: dict[str, tuple[str, ...]] = {
    "combat_deck": ("combat",), "combat_hand": ("combat",), "twists_deck": ("twist",),
    "events": ("event",), "objective": ("objective",), "collection": ("equipment",),
}
# Hidden cards of these zones are drawn from the pool minus the faces already seen in the
# same family (a deck's hand, discard and played cards), as long as enough remain: a quick
# or wizard deck rarely holds copies.
FAMILY = {"combat_deck": ("combat_hand", "discard"), "combat_hand": ("combat_deck", "discard"),
          "twists_deck": ("twists_revealed",), "events": ("events_revealed",)}


def cards_of(catalog: Any) -> Mapping[str, Any]:
    """The catalog's cards by key (a Catalog, or a plain mapping)."""
    if isinstance(catalog, Mapping):
        return catalog
    return getattr(catalog, "cards", {})


def fork(game: Game, seed: int) -> Game:
    """An independent copy of `game` with its own coins (no undo history). A playout
    forks once per candidate move, so this is GameState.copy (issue 15's cheap copy),
    which equals a JSON round trip at a fraction of its cost."""
    return Game(game.state.copy(), Coins(seed), game.cards, history=False)


def visible_faces(view: Mapping[str, Any]) -> dict[str, str]:
    """Card instance -> catalog key for every face this view shows."""
    seen: dict[str, str] = {}

    def take(item: Any) -> None:
        if isinstance(item, Mapping) and "card" in item and "id" in item:
            seen[str(item["id"])] = str(item["card"]["key"])

    for z in view["zones"].values():
        for item in z["cards"]:
            take(item)
    for ch in view["characters"]:
        for item in ch["equipment"]:
            take(item)
    for ch in view["tracking"]["characters"]:
        seen.setdefault(ch["card"], ch["key"])
    for name in ("location", "lair"):
        take(view.get(name))
    if view.get("combat"):
        for item in view["combat"]["played"]:
            take(item)
    return seen


class _Pools:
    """The catalog sorted by kind, and who may use what (built once per catalog)."""

    def __init__(self, cards: Mapping[str, Any]) -> None:
        self.cards = cards
        self.by_kind: dict[str, list[Any]] = {}
        for c in sorted(cards.values(), key=lambda c: c.key):
            self.by_kind.setdefault(C.kind(c), []).append(c)

    def of(self, kinds: Iterable[str], user: Any | None) -> list[Any]:
        out = [c for k in kinds for c in self.by_kind.get(k, [])]
        if user is not None:
            fit = [c for c in out if usable_by(c, user)]
            out = fit or out
        return out


_POOLS: dict[int, tuple[Any, _Pools]] = {}


def _pools(cards: Mapping[str, Any]) -> _Pools:
    hit = _POOLS.get(id(cards))
    if hit is None or hit[0] is not cards:
        if len(_POOLS) > 4:
            _POOLS.clear()
        hit = _POOLS[id(cards)] = (cards, _Pools(cards))
    return hit[1]


def determinise(view: Mapping[str, Any], catalog: Any, rng: random.Random) -> Game:
    """One possible game consistent with `view` (see the module docstring)."""
    cards = cards_of(catalog)
    pools = _pools(cards)
    track = view["tracking"]
    seen = visible_faces(view)
    chars = track["characters"]
    main = next((c for c in chars if c["main"]), None) or next(
        (c for c in chars if c["role"] == "villain"), None)
    user_of: dict[str, Any] = {}
    for ch in chars:
        if ch["role"] in ("hero", "villain") and ch["seat"] not in user_of:
            if ch["role"] == "hero" or ch is main:
                user_of[ch["seat"]] = cards.get(ch["key"])
    if main is not None:
        user_of["gm"] = cards.get(main["key"])
    on_table = {C.base_name(cards[c["key"]]) for c in chars if c["key"] in cards}
    keys: dict[str, str] = dict(seen)
    zones = {z["name"]: z for z in track["zones"]}
    for z in track["zones"]:
        hidden = [c for c in z["cards"] if c not in seen]
        if not hidden:
            continue
        base, _, seat = z["name"].partition(":")
        kinds: tuple[str, ...]
        if base == "plot_hand":
            kinds = PLOT_GM if seat == "gm" else PLOT_PLAYER
            user = None if seat == "gm" else user_of.get(seat)
        else:
            kinds = ZONE_KINDS.get(base, ())
            # decks, hands and collections fit their owner; the Objective fits the Villain
            # (PT-COLOR-4/6); Twists! and Events fit anyone
            user = None if base in ("twists_deck", "events") else user_of.get(seat or "gm")
        pool = pools.of(kinds, user) if kinds else []
        if base == "plot_hand":
            pool = [c for c in pool if C.base_name(c) not in on_table]
        if not pool:
            raise ValueError(f"no card in the catalog could be in {z['name']}")
        known: set[str] = set()
        for other in FAMILY.get(base, ()):
            oz = zones.get(f"{other}:{seat}" if seat else other)
            if oz is not None:
                known.update(seen[c] for c in oz["cards"] if c in seen)
        known.update(seen[c] for c in z["cards"] if c in seen)
        fresh = [c for c in pool if c.key not in known]
        if len(fresh) >= len(hidden):
            pool = fresh
        for inst, card in zip(hidden, _deal(rng, pool, len(hidden)), strict=True):
            keys[inst] = card.key
    for inst, seat in track["owners"].items():
        if inst not in keys:
            # a card in no zone that this seat cannot see (none today): any card of its
            # owner keeps the rules working without reading its face
            keys[inst] = _deal(rng, pools.of(("combat",), user_of.get(seat)), 1)[0].key
    data = dict(track)
    data["cards"] = keys
    data["log"] = list(view.get("log", []))
    state = GameState.from_json(data)
    return Game(state, Coins(rng.getrandbits(32)), cards, history=False)


def _deal(rng: random.Random, pool: list[Any], n: int) -> list[Any]:
    """n cards from pool: distinct while it lasts, then copies."""
    out: list[Any] = []
    while len(out) < n:
        batch = list(pool)
        rng.shuffle(batch)
        out.extend(batch[: n - len(out)])
    return out
