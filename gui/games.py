"""Where games come from: the engine's Game door, imported only when a game starts.

The GUI takes any object with the door's interface (docs/architecture.md), so tests and
tools can hand in another implementation through ``GameSource``.
"""

from __future__ import annotations

import random
from typing import Any


class EngineMissing(RuntimeError):
    """The rules engine's Game door is not installed in this build."""


def game_class() -> Any:
    try:
        from engine.plottwist.game import Game
    except ImportError as e:
        raise EngineMissing(f"the rules engine is not available ({e})") from e
    return Game


class GameSource:
    """Makes, loads and reads games; swap it for a fake in tests."""

    def quick(self, catalog: Any, heroes: int = 3, seed: int | None = None) -> Any:
        seed = random.randrange(1, 2**31) if seed is None else seed
        return game_class().quick(catalog, heroes=heroes, seed=seed)

    def load(self, text: str, catalog: Any) -> Any:
        return game_class().load(text, catalog)
