"""A real quick game on the table, and a crude driver that plays it forward to a point:
for the tests that need a Combat's events (rolls, card plays, hits) from the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ATTACK_FIRST = ("attack", "play_combat_card", "initiate_combat", "pass")


def seeded_quick_window(make_window: Callable[..., Any]) -> Any:
    """The main window on a quick game of seed 3 (three Heroes), the same every run."""
    from gui.games import GameSource

    class Seeded(GameSource):
        def quick(self, catalog, heroes=3, seed=None):
            return super().quick(catalog, heroes=heroes, seed=3)

    window = make_window(Seeded())
    window.quick_game()
    return window


def drive(page: Any, until: Callable[[], bool], order: tuple[str, ...] = ATTACK_FIRST,
          limit: int = 300) -> None:
    """Apply the first legal action of the first kind in `order` any seat has (a Combat
    only against a Villain) until `until()` holds."""
    for _ in range(limit):
        if until():
            return
        for kind in order:
            found = [a for seat in ("p1", "p2", "p3", "gm")
                     for a in page.controller.game.legal_actions(seat) if a.kind == kind
                     and not (kind == "initiate_combat" and not a.target.startswith("v"))]
            if found:
                page.controller.apply(found[0])
                break
        else:
            break
    assert until(), "never got there"
