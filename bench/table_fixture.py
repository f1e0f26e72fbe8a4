"""A table with N cards for the frame-time and memory benchmarks.

The view dict starts from a real Quick game's view (3 Heroes, seen by p1) and is padded
with copies of real card instances — Equipment in the character clusters, Bystanders,
Events, Plot and Combat hands — until the GUI's own TableScene holds N card items.
"""

from __future__ import annotations

import copy
from typing import Any

# shares of the padding: where extra cards go (clusters, table zones, hands)
SPREAD = (("equipment", 0.25), ("bystanders", 0.15), ("events", 0.15),
          ("combat_hand", 0.15), ("plot_hand", 0.30))


def base_view(heroes: int = 3, seed: int = 1, viewer: str = "p1") -> dict[str, Any]:
    from engine.catalog import Catalog
    from engine.plottwist.game import Game

    return Game.quick(Catalog.load(), heroes=heroes, seed=seed).view(viewer)


def pad_view(view: dict[str, Any], extra: int, viewer: str = "p1") -> dict[str, Any]:
    """A deep copy of `view` with `extra` more card instances spread over the table."""
    out = copy.deepcopy(view)
    zones = out.setdefault("zones", {})
    plot = zones.setdefault(f"plot_hand:{viewer}", {"count": 0, "cards": []})
    fight = zones.setdefault(f"combat_hand:{viewer}", {"count": 0, "cards": []})
    faces = [c for c in plot["cards"] + fight["cards"] if c.get("card")]
    equipment = [e for ch in out.get("characters", []) for e in ch.get("equipment", [])]
    if not faces:
        raise RuntimeError("the base view has no face-up card to copy")
    counter = [0]

    def fresh(template: dict[str, Any]) -> dict[str, Any]:
        counter[0] += 1
        inst = copy.deepcopy(template)
        inst["id"] = f"bench{counter[0]}"
        return inst

    def add(zone: dict[str, Any], n: int, templates: list[dict[str, Any]]) -> None:
        for i in range(n):
            zone.setdefault("cards", []).append(fresh(templates[i % len(templates)]))
        zone["count"] = len(zone["cards"])

    left = extra
    for where, share in SPREAD:
        n = left if where == "plot_hand" else int(extra * share)
        n = min(n, left)
        left -= n
        if where == "equipment":
            chars = out.get("characters", [])
            if not chars or not equipment:
                left += n
                continue
            for i in range(n):
                chars[i % len(chars)].setdefault("equipment", []).append(
                    fresh(equipment[i % len(equipment)]))
        elif where == "bystanders":
            add(zones.setdefault("bystanders", {"count": 0, "cards": []}), n, faces)
        elif where == "events":
            add(zones.setdefault("events", {"count": 0, "cards": []}), n,
                [{"id": "x", "back": "event"}])
        elif where == "combat_hand":
            add(fight, n, [c for c in fight["cards"] if c.get("card")] or faces)
        else:
            add(plot, n, [c for c in plot["cards"] if c.get("card")] or faces)
    return out


def count_cards(scene: Any, card_class: type) -> int:
    return sum(1 for item in scene.items() if isinstance(item, card_class))


def fill_scene(scene: Any, view: dict[str, Any], n_cards: int, card_class: type,
               viewer: str = "p1") -> dict[str, Any]:
    """Render padded views into the TableScene until it holds n_cards card items."""
    scene.render_view(view)
    base = count_cards(scene, card_class)
    if n_cards <= base:  # the game's own table: nothing to add
        return view
    padded = view
    extra = max(0, n_cards - base)
    for _ in range(4):  # layouts may hide some padding (e.g. only the last Twists! show)
        padded = pad_view(view, extra, viewer)
        scene.render_view(padded)
        have = count_cards(scene, card_class)
        if have == n_cards:
            break
        extra += n_cards - have
    return padded
