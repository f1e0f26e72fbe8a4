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

    def prepare(self) -> None:
        """Import the engine's Game door now (≈ 40 ms of Python), so the first click
        on a game does not wait for it. Called on the card packs' worker thread while
        the start screen waits for a click; a missing engine is told at that click."""
        try:
            game_class()
        except EngineMissing:
            pass

    def quick(self, catalog: Any, heroes: int = 3, seed: int | None = None) -> Any:
        seed = random.randrange(1, 2**31) if seed is None else seed
        return game_class().quick(catalog, heroes=heroes, seed=seed)

    def load(self, text: str, catalog: Any) -> Any:
        """A game from a save text: the save's "format" says which module reads it."""
        from engine.games import for_save

        module = for_save(text)
        if module is not None and module.id != "plottwist":
            return module.read(text, catalog)
        return game_class().load(text, catalog)

    def quick_game(self, game_id: str, seed: int | None = None) -> Any:
        """A ready-to-play game of a module with its own table layout (the start screen's
        game buttons)."""
        from gui.layouts import for_id

        layout = for_id(game_id)
        if layout is None:
            raise EngineMissing(f"no table for the game {game_id!r}")
        return layout.quick(random.randrange(1, 2**31) if seed is None else seed)
