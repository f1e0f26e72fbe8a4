"""Snapshot undo/redo: the caller decides what a snapshot is (here, a JSON-able dict)."""

from __future__ import annotations

from typing import Generic, TypeVar

S = TypeVar("S")


class History(Generic[S]):
    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit
        self._undo: list[S] = []
        self._redo: list[S] = []

    def record(self, before: S) -> None:
        """Remember the position before a change; a new change forgets the redo branch."""
        self._undo.append(before)
        self._redo.clear()
        if self.limit is not None and len(self._undo) > self.limit:
            del self._undo[0]

    def last(self) -> S | None:
        """The latest snapshot undo would return, or None."""
        return self._undo[-1] if self._undo else None

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self, current: S) -> S:
        if not self._undo:
            raise IndexError("nothing to undo")
        self._redo.append(current)
        return self._undo.pop()

    def redo(self, current: S) -> S:
        if not self._redo:
            raise IndexError("nothing to redo")
        self._undo.append(current)
        return self._redo.pop()

    def clear(self) -> None:
        self._undo.clear()
        self._redo.clear()

    def __len__(self) -> int:
        return len(self._undo)
