"""What the modules the door itself calls (legal, view, invariants, save_check) read of
a game.

They sit below `game.py` (Game.legal_actions, Game.view and Game.load call them), so
they name this shape instead of importing the `Game` class: no import circle, and mypy
still checks every attribute they use (docs/architecture.md, *Layers*).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .context import Ctx
from .state import GameState


class Door(Protocol):
    state: GameState
    # what Game.load found the packs changed since the save, and the record kept of it
    load_notes: list[str]
    cards_told: dict[str, str]

    @property
    def cards(self) -> Mapping[str, Any]: ...

    # Game's own context maker: these modules are parts of the door, not its callers
    def _ctx(self) -> Ctx: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def legal_actions(self, seat: str, labels: bool = True) -> list[Any]: ...

    def view(self, viewer: str, tracking: bool = False) -> dict[str, Any]: ...
