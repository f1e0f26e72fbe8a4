"""Card dicts for the editor tests."""

from __future__ import annotations


def hero_card(name: str = "Hope", **changes) -> dict:
    card = {"kind": "hero", "name": name, "color": "Red", "class": "Tank",
            "attributes": {"body": 4, "mind": 2, "charm": 3, "power": 3},
            "heroics": {"fighting": 3}, "text": "A test hero.", "effects": []}
    card.update(changes)
    return card
