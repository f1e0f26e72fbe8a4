"""What the modules the door itself calls (legal, view, invariants) read of a game.

They are below `game.py` (it imports them), so they name this shape instead of the
`Game` class: no import circle, and mypy still checks every attribute they use.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.rng import Coins

from .state import GameState


class Door(Protocol):
    @property
    def state(self) -> GameState: ...

    @property
    def coins(self) -> Coins: ...

    def view(self, viewer: str) -> dict[str, Any]: ...
