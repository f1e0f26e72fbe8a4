"""Combat setup (MH-SETUP-1, MH-SETUP-2, MH-R-DECK-1)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Coins

from .. import cards as C
from ..context import Ctx
from ..options import RulesOptions
from ..pack import Pack
from ..state import Fighter, GameState, table_zones


@dataclass(frozen=True)
class Setup:
    heroes: tuple[str, ...]          # pack keys, one per player (p1, p2, …)
    enemies: tuple[str, ...]         # pack keys; the same key twice is two enemies
    seed: int = 1
    options: RulesOptions = field(default_factory=RulesOptions)


def _fighter(fid: str, card: dict[str, Any], seat: str | None) -> Fighter:
    return Fighter(id=fid, key=card["key"], name=card["name"], attack=card["attack"],
                   dodge=card["dodge"], health=card["health"], power=dict(card["power"]),
                   seat=seat, major=card["kind"] == "major",
                   stamina=int(card.get("stamina", 0)),
                   hp=card["health"] if seat else 0)


def build(pack: Pack, setup: Setup, coins: Coins) -> Ctx:
    if not 1 <= len(setup.heroes) <= 4:
        raise ValueError("a fight has 1 to 4 heroes (MH-R-SEATS)")
    if not setup.enemies:
        raise ValueError("a fight needs at least one enemy (MH-R-SEATS)")
    heroes = []
    for i, key in enumerate(setup.heroes, 1):
        card = pack.get(key)
        if card["kind"] != "hero":
            raise ValueError(f"{card['name']} is not a hero sheet")
        heroes.append(_fighter(f"h{i}", card, f"p{i}"))
    enemies = []
    for i, key in enumerate(setup.enemies, 1):
        card = pack.get(key)
        if card["kind"] == "hero":
            raise ValueError(f"{card['name']} is a hero, not an enemy")
        enemies.append(_fighter(f"e{i}", card, None))
    # two enemies from one sheet get letters, so a menu or a log line says which one
    for key in {e.key for e in enemies}:
        twins = [e for e in enemies if e.key == key]
        if len(twins) > 1:
            for letter, e in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", twins, strict=False):
                e.name = f"{e.name} {letter}"
    faces: dict[str, str] = {}
    zones = table_zones(heroes, enemies)
    for deck, zone in ((C.GM_DECK, "gm_deck"), (C.PLAYERS_DECK, "players_deck")):
        # MH-R-DECK-1: the ids are in deck order, the faces are shuffled onto them
        deck_faces = C.faces(setup.options.jokers)
        coins.shuffle(deck_faces)
        ids = [f"{deck}{n}" for n in range(1, len(deck_faces) + 1)]
        faces.update(zip(ids, deck_faces, strict=True))
        zones[zone].cards = ids
    state = GameState(options=setup.options, heroes={h.id: h for h in heroes},
                      enemies={e.id: e for e in enemies}, zones=zones, faces=faces)
    ctx = Ctx(state, coins)
    for e in enemies:
        got = ctx.draw(C.GM_DECK, f"stack:{e.id}", e.health)
        ctx.emit("setup", f"{e.name} ({'major' if e.major else 'minor'} threat): a Health stack "
                 f"of {len(got)} face-down card(s) (MH-SETUP-1).", {"enemy": e.id})
    for h in heroes:
        assert h.seat is not None
        got = ctx.draw(C.PLAYERS_DECK, f"hand:{h.seat}", h.stamina)
        ctx.emit("setup", f"{h.name} ({h.seat}) draws {', '.join(ctx.label(c) for c in got)} "
                 "(MH-SETUP-2).", {"seat": h.seat}, (h.seat,),
                 f"{h.name} ({h.seat}) draws {len(got)} card(s) (MH-SETUP-2).")
    ctx.emit("phase", "Round 1: Initiative.", {"phase": "initiative", "round": 1})
    return ctx


def quick_setup(pack: Pack, players: int = 2, seed: int = 1, minors: int = 2,
                majors: int = 1, options: RulesOptions | None = None) -> Setup:
    """A ready fight: heroes and enemies picked by the seed."""
    pick = random.Random(seed)
    heroes = sorted(c["key"] for c in pack.of_kind("hero"))
    minor = sorted(c["key"] for c in pack.of_kind("minor"))
    major = sorted(c["key"] for c in pack.of_kind("major"))
    if players > len(heroes):
        raise ValueError(f"the pack has {len(heroes)} hero sheets, not {players}")
    enemies = ([pick.choice(minor) for _ in range(minors)]
               + pick.sample(major, min(majors, len(major))))
    return Setup(tuple(pick.sample(heroes, players)), tuple(enemies), seed,
                 options or RulesOptions())
