"""Undo/redo for a rules module's game: snapshots of its state and the coins' position."""

from __future__ import annotations

from typing import Any

from .history import History
from .rng import Coins


class Undoable:
    """Mixed into a module's Game, which sets `state`, `coins` and `history` and says how
    its state is read back (`_state_from_json`)."""

    state: Any
    coins: Coins
    history: History[dict[str, Any]]

    def _state_from_json(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def undo(self) -> None:
        self._restore(self.history.undo(self._snapshot()))

    def redo(self) -> None:
        self._restore(self.history.redo(self._snapshot()))

    def can_undo(self) -> bool:
        return self.history.can_undo()

    def can_redo(self) -> bool:
        return self.history.can_redo()

    def _snapshot(self) -> dict[str, Any]:
        # the coins keep one generator; only its position is remembered, so a redo after
        # an undo replays the very same draws
        return {"state": self.state.to_json(), "coins": self.coins.snapshot()}

    def _restore(self, snap: dict[str, Any]) -> None:
        self.state = self._state_from_json(snap["state"])
        self.coins.restore(snap["coins"])
