"""The privacy walk: what a seat's socket carried against what Game.view(seat) shows."""

from __future__ import annotations

import json
from typing import Any


def faces(view: Any) -> dict[str, str]:
    """card instance id → card name, for every face in `view`."""
    found: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            card = node.get("card")
            if isinstance(node.get("id"), str) and isinstance(card, dict) and "name" in card:
                found[node["id"]] = str(card["name"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(view)
    return found


def backs(view: Any) -> set[str]:
    """The ids of every card `view` shows face down."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and "back" in node:
                found.add(node["id"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(view)
    return found


class Hidden:
    """What one seat's view hides at one version: the ids it shows face down, and the
    names of those cards that the view never spells out (`all_faces`: id → name, from
    every seat's views)."""

    def __init__(self, seat_view: dict[str, Any], all_faces: dict[str, str]) -> None:
        self.ids = backs(seat_view) - set(faces(seat_view))
        view_text = json.dumps(seat_view, ensure_ascii=False)
        self.names = {all_faces[cid] for cid in self.ids
                      if all_faces.get(cid) and all_faces[cid] not in view_text}

    def leaks(self, payload: Any) -> list[str]:
        """What `payload` shows that the view hides: a hidden card's face, or its name."""
        problems = [f"face of {cid}" for cid in set(faces(payload)) & self.ids]
        text = json.dumps(payload, ensure_ascii=False)
        problems += [f"the name {name!r}" for name in self.names if name in text]
        return problems
