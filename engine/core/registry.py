"""The games the table can host: one entry per rules module, found by id.

The core imports no rules module (the import-linter contract in pyproject.toml holds it to
that): an entry carries a loader, a function written where the module may be imported
(engine/games.py for the built-in ones, a plug-in's own package for another), called only
when the game is wanted. Nothing here turns a name read from a file into an import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# the door every module's Game offers (docs/architecture.md)
DOOR = ("legal_actions", "apply", "view", "save", "load", "undo", "redo", "winner")


@dataclass(frozen=True)
class GameModule:
    id: str                          # "monsterhunt": saves, settings, the start screen use it
    name: str                        # what the start screen shows
    loader: Callable[[], type[Any]]  # returns the module's Game class (imports it then)
    rules: str = ""                  # the clause catalogue, for the help screen
    blurb: str = ""
    save_format: str = ""            # the "format" of its save documents (core/saves.py)
    next_kind: str = "pass"          # the action kind the table's Next button applies
    # reads a save text into a Game: one signature for every module (a pack catalog is
    # passed for games whose saves need one; others ignore it)
    reader: Callable[[str, Any], Any] | None = None

    def load(self) -> type[Any]:
        """The module's Game class; a TypeError says which door methods it lacks."""
        cls = self.loader()
        missing = [m for m in DOOR if not hasattr(cls, m)]
        if missing:
            raise TypeError(f"{self.name}'s Game lacks {', '.join(missing)} of the game door")
        return cls

    def read(self, text: str, catalog: Any = None) -> Any:
        """A Game from a save text of this module (SaveError if it is not one)."""
        if self.reader is not None:
            return self.reader(text, catalog)
        return self.load().load(text)


_registered: dict[str, GameModule] = {}


def register(module: GameModule) -> None:
    if module.id in _registered:
        raise ValueError(f"a game with id {module.id!r} is already registered")
    _registered[module.id] = module


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def modules() -> list[GameModule]:
    """Every registered game, in the order they were registered."""
    return list(_registered.values())


def for_save_format(fmt: str) -> GameModule | None:
    """The game whose saves carry this "format" name: how Continue picks the module."""
    return next((m for m in _registered.values() if m.save_format and m.save_format == fmt),
                None)


def get(game_id: str) -> GameModule:
    try:
        return _registered[game_id]
    except KeyError:
        known = ", ".join(_registered) or "none"
        raise KeyError(f"no game {game_id!r}; known: {known}") from None
