"""Table layouts: how each game's view is laid out on the generic table.

The scene, card items, drag and drop, the controller, the log, undo, saves, the projector
and the privacy screen are shared. A game whose view the built-in rows (the Plot Twist
table) do not fit registers a ``TableLayout`` here under its ``GameModule.id``; the table
asks ``for_view(view)`` / ``for_game(game)`` and gets None for the built-in table.

Layouts are imported only when their game shows up, so Plot Twist never loads another
game's GUI.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gui.layouts.base import TableLayout

__all__ = ["TableLayout", "for_game", "for_id", "for_view", "quick_starts", "register",
           "unregister"]


def _monsterhunt() -> TableLayout:
    from gui.monsterhunt.layout import MonsterHuntLayout

    return MonsterHuntLayout()


_factories: dict[str, Callable[[], TableLayout]] = {"monsterhunt": _monsterhunt}
# what the start screen's button for the game's quick start says (no import needed)
_quick_text: dict[str, str] = {"monsterhunt": "Quick fight: a GM and two players"}
_made: dict[str, TableLayout] = {}


def register(game_id: str, factory: Callable[[], TableLayout], quick_text: str = "") -> None:
    """A plug-in game's layout, made the first time its game is shown."""
    _factories[game_id] = factory
    _quick_text[game_id] = quick_text or "Quick start"
    _made.pop(game_id, None)


def unregister(game_id: str) -> None:
    for table in (_factories, _quick_text, _made):
        table.pop(game_id, None)


def quick_starts() -> dict[str, str]:
    """Game id -> the start screen's line for each game with its own layout."""
    return dict(_quick_text)


def for_id(game_id: str | None) -> TableLayout | None:
    if not game_id or game_id not in _factories:
        return None
    if game_id not in _made:
        _made[game_id] = _factories[game_id]()
    return _made[game_id]


def for_view(view: dict[str, Any] | None) -> TableLayout | None:
    """The layout of the game this view is from (its "game" field), or None."""
    return for_id(str((view or {}).get("game") or "") or None)


def for_game(game: Any) -> TableLayout | None:
    return for_id(getattr(game, "module_id", None))
