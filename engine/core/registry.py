"""The games the table can host: one entry per rules module, found by id.

The core names each module by import path only, so it imports none of them (the
import-linter contract in pyproject.toml holds it to that). A third module either ships
inside this project (add it to BUILTIN) or as its own package declaring an entry point in
the group ENTRY_POINT_GROUP whose object is a GameModule; `register` is for tests and
plug-ins loaded by hand.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

ENTRY_POINT_GROUP = "plot_twist_table.games"

# the door every module's Game offers (docs/architecture.md)
DOOR = ("legal_actions", "apply", "view", "save", "load", "undo", "redo", "winner")


@dataclass(frozen=True)
class GameModule:
    id: str              # "monsterhunt": saves, settings and the start screen use it
    name: str            # what the start screen shows
    game: str            # "package.module:Class", the Game with the door
    rules: str = ""      # the clause catalogue, for the help screen
    blurb: str = ""

    def load(self) -> type[Any]:
        """Import the module's Game class; say which door methods it lacks, if any."""
        module_name, _, attr = self.game.partition(":")
        cls = getattr(importlib.import_module(module_name), attr)
        missing = [m for m in DOOR if not hasattr(cls, m)]
        if missing:
            raise TypeError(f"{self.game} lacks {', '.join(missing)} of the game door")
        return cls


BUILTIN: tuple[GameModule, ...] = (
    GameModule("plottwist", "Plot Twist", "engine.plottwist.game:Game", "docs/rules.md",
               "Heroes against a Villain's plot, with Combat cards and coins."),
    GameModule("monsterhunt", "Monster Hunt", "engine.monsterhunt.game:Game",
               "docs/rules/monsterhunt.md",
               "A GM's monsters against the hunters, with two standard decks of cards."),
)

_registered: dict[str, GameModule] = {}


def register(module: GameModule) -> None:
    if any(m.id == module.id for m in modules()):
        raise ValueError(f"a game with id {module.id!r} is already registered")
    _registered[module.id] = module


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def _from_entry_points() -> list[GameModule]:
    found = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
        except Exception:  # noqa: BLE001 - one broken plug-in must not hide the others
            continue
        if isinstance(obj, GameModule):
            found.append(obj)
    return found


def modules() -> list[GameModule]:
    """Every game, built-ins first; a later entry never replaces an earlier id."""
    out: dict[str, GameModule] = {}
    for m in (*BUILTIN, *_from_entry_points(), *_registered.values()):
        out.setdefault(m.id, m)
    return list(out.values())


def get(game_id: str) -> GameModule:
    for m in modules():
        if m.id == game_id:
            return m
    raise KeyError(f"no game {game_id!r}; known: {', '.join(m.id for m in modules())}")
