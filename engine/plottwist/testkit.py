"""Inline cards for tests, scenarios and the simulator when no pack is loaded.

`SimpleCard` has the attributes the rules read from engine.catalog's Card (key, pack,
kind, name, data and the derived persona, color, ... properties). `demo_catalog()` is a
small made-up set, enough for Game.quick; its numbers are not the core set's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class SimpleCard:
    key: str
    pack: str
    kind: str
    name: str
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def _d(self, k: str, default: Any = None) -> Any:
        return self.data.get(k, default)

    @property
    def persona(self) -> str | None:
        return self._d("persona")

    @property
    def color(self) -> str:
        return str(self._d("color", "golden"))

    @property
    def card_class(self) -> str | None:
        return self._d("class")

    @property
    def attributes(self) -> dict[str, int]:
        return dict(self._d("attributes", {}))

    @property
    def heroics(self) -> dict[str, int]:
        return dict(self._d("heroics", {}))

    @property
    def skills(self) -> dict[str, int]:
        return dict(self._d("skills", {}))

    @property
    def keywords(self) -> list[str]:
        return list(self._d("keywords", []))

    @property
    def effects(self) -> list[dict[str, Any]]:
        return list(self._d("effects", []))

    @property
    def text(self) -> str:
        return str(self._d("text", ""))


def card(kind: str, name: str, pack: str = "test", **data: Any) -> SimpleCard:
    return SimpleCard(f"{pack}/{slug(name)}", pack, kind, name, data)


def character(kind: str, name: str, body: int = 2, mind: int = 2, charm: int = 2,
              power: int = 2, color: str = "golden", heroics: dict[str, int] | None = None,
              skills: dict[str, int] | None = None, keywords: list[str] | None = None,
              pack: str = "test", cls: str | None = None, **data: Any) -> SimpleCard:
    if cls:
        data["class"] = cls
    return card(kind, name, pack, attributes={"body": body, "mind": mind, "charm": charm,
                                              "power": power},
                color=color, heroics=heroics or {}, skills=skills or {},
                keywords=keywords or [], **data)


class SimpleCatalog:
    """The part of engine.catalog.Catalog the rules use: cards, get, by_kind."""

    def __init__(self, cards: list[SimpleCard]) -> None:
        self.cards: dict[str, SimpleCard] = {c.key: c for c in cards}

    def get(self, key: str) -> SimpleCard:
        return self.cards[key]

    def by_kind(self, kind: str) -> list[SimpleCard]:
        return [c for c in self.cards.values() if c.kind == kind]

    def __iter__(self) -> Iterator[SimpleCard]:
        return iter(self.cards.values())


def demo_catalog() -> SimpleCatalog:
    ch = character
    cards = [
        ch("villain", "Dr. Grimm", body=4, mind=5, charm=3, power=3, color="black",
           heroics={"fighting": 3, "energy_projection": 3, "psyche": 2, "agility": 2,
                    "reflexes": 2, "resilience": 2, "perception": 2},
           skills={"offend": 2, "rebutt": 2}, keywords=["Armor"]),
        ch("villain", "Madame Vex", body=3, mind=4, charm=5, power=3, color="white",
           heroics={"psyche": 3, "resilience": 2, "agility": 2, "stealth": 2, "perception": 2},
           skills={"offend": 3, "rebutt": 3}, keywords=["Mental Armor"]),
        ch("hero", "Hope", body=2, mind=3, charm=4, power=3, color="silver", cls="Captain",
           heroics={"agility": 3, "flight": 2, "energy_projection": 2, "perception": 2},
           skills={"offend": 2, "rebutt": 3}, keywords=["Tactician"]),
        ch("hero", "Athena", body=5, mind=2, charm=2, power=2, color="red", cls="Tank",
           heroics={"fighting": 4, "resilience": 2, "reflexes": 1},
           skills={"offend": 1, "rebutt": 1}, keywords=["Armor"]),
        ch("hero", "Circuit", body=2, mind=5, charm=2, power=3, color="blue",
           cls="Inventor",
           heroics={"energy_projection": 3, "gadgeteer": 2, "hacking": 3, "reflexes": 2},
           skills={"offend": 1, "rebutt": 2}, keywords=["Overcharged"]),
        ch("hero", "Mender", body=3, mind=4, charm=3, power=2, color="green",
           cls="Support",
           heroics={"healing": 3, "psyche": 2, "resilience": 2, "stealth": 2},
           skills={"offend": 2, "rebutt": 2}),
        ch("hero", "Nightshade", body=3, mind=3, charm=3, power=2, color="black",
           cls="Sergeant",
           heroics={"fighting": 3, "stealth": 3, "agility": 2, "perception": 2},
           skills={"offend": 1, "rebutt": 1}, keywords=["Spirit of the Night"]),
        ch("mook", "Henchmen", body=2, mind=1, charm=1, power=2,
           heroics={"fighting": 2, "agility": 1}, quantity=4),
        ch("mook", "Drones", body=1, mind=2, charm=1, power=1,
           heroics={"energy_projection": 2, "reflexes": 1}, quantity=3),
        card("equipment", "Steel Baton", weapon={"type": "melee", "bonus": "*/1"}),
        card("equipment", "Shock Pistol", weapon={"type": "ranged", "bonus": "0/1"}),
        card("equipment", "War Hammer", color="red", weapon={"type": "melee", "bonus": "1/2"}),
        card("equipment", "Mind Spike", weapon={"type": "mental", "bonus": "0/1"}),
        card("location", "Harbour Docks"),
        card("location", "City Hall"),
        card("lair", "Sunken Lab"),
        card("objective", "Flood the City",
             effects=[{"trigger": "threat", "condition": {"bystanders_killed_at_least": 3}}]),
        card("bystander", "Dock Worker", difficulty=1, life=1,
             effects=[{"trigger": "on_recruit", "ops": [{"op": "gain", "counter": "energy",
                                                         "amount": 1}]},
                      {"trigger": "on_kill", "ops": [{"op": "gain", "counter": "hate",
                                                      "amount": 1}]}]),
        card("bystander", "Reporter", difficulty=2, life=2),
        card("bystander", "Mayor", difficulty=2, life=3),
    ]
    for n, (name, ops) in enumerate([
        ("Second Wind", [{"op": "regenerate", "resistance": "physical", "amount": 2}]),
        ("Focus", [{"op": "gain", "counter": "energy", "amount": 1}]),
        ("Steel Nerves", [{"op": "regenerate", "resistance": "mental", "amount": 2}]),
        ("Rally", [{"op": "gain", "counter": "move", "amount": 1}]),
        ("Brace", [{"op": "cover", "amount": 1}]),
    ]):
        cards.append(card("detail", name, effects=[{"trigger": "on_play", "ops": ops,
                                                    "duration": "this_turn" if n == 4
                                                    else "instant"}]))
    cards += [
        card("combat", "Close In", combat_type="movement",
             effects=[{"trigger": "on_play", "ops": [{"op": "distance", "set": "melee"}]}]),
        card("combat", "Back Off", combat_type="movement",
             effects=[{"trigger": "on_play", "ops": [{"op": "distance", "set": "ranged"}]}]),
        card("combat", "Take Cover", combat_type="maneuver",
             effects=[{"trigger": "on_play", "duration": "this_combat",
                       "ops": [{"op": "cover", "amount": 1}]}]),
        card("combat", "Feint", combat_type="maneuver",
             effects=[{"trigger": "on_play", "target": "opponent", "duration": "this_combat",
                       "ops": [{"op": "pool", "roll": "defense", "coins": -1}]}]),
        card("combat", "Haymaker", combat_type="attack", attack_type="melee",
             effects=[{"trigger": "on_play", "ops": [{"op": "pool", "roll": "attack",
                                                      "coins": 2}]}]),
        card("combat", "Crushing Blow", combat_type="attack", attack_type="melee",
             effects=[{"trigger": "on_play", "ops": [{"op": "trauma", "allowed": True}]}]),
        card("combat", "Taunt", combat_type="attack", attack_type="social",
             effects=[{"trigger": "on_play", "ops": [{"op": "auto_success", "roll": "attack",
                                                      "amount": 1}]}]),
        card("combat", "Sweep", combat_type="attack", attack_type="melee",
             effects=[{"trigger": "on_play", "ops": [{"op": "cleave", "amount": 1}]},
                      {"trigger": "on_hit", "target": "opponent",
                       "ops": [{"op": "status", "status": "Prone"}]}]),
    ]
    for i in range(1, 11):
        effects: list[dict[str, Any]] = []
        if i % 3 == 0:
            effects = [{"trigger": "static", "target": "all_villains",
                        "ops": [{"op": "pool", "roll": "attack", "coins": 1}]}]
        elif i % 3 == 1:
            effects = [{"trigger": "on_reveal", "target": "all_heroes",
                        "ops": [{"op": "gain", "counter": "energy", "amount": 1}]}]
        cards.append(card("twist", f"Twist {i}", effects=effects))
    for i in range(1, 6):
        cards.append(card("event", f"Event {i}"))
    return SimpleCatalog(cards)


def load_catalog() -> Any:
    """The bundled packs (the simulator's and scenarios' cards), or the demo set when they
    cannot be read."""
    try:
        from engine.catalog import Catalog

        cat = Catalog.load(include_user=False)
        if len(cat.cards):
            return cat
    except Exception:  # noqa: BLE001 - any trouble with packs falls back to the demo set
        pass
    return demo_catalog()
