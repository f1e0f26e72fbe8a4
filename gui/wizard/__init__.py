"""The New game wizard: the rulebook's eight setup steps (PT-SETUP-1..8).

``run_new_game_wizard(catalog, parent)`` is the main window's door: the new Game, or None
when the GM cancels. It raises ``gui.games.EngineMissing`` when the rules engine is not
part of this build, like every other way of starting a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gui.qt import QtWidgets
    from gui.wizard.wizard import NewGameWizard

__all__ = ["NewGameWizard", "run_new_game_wizard"]


def run_new_game_wizard(catalog: Any, parent: QtWidgets.QWidget | None = None) -> Any:
    """Walk the eight setup steps; the new Game, or None if the GM cancels."""
    from gui.games import EngineMissing

    try:
        from gui.wizard.wizard import run
    except ImportError as e:
        raise EngineMissing(f"the rules engine is not available ({e})") from e
    return run(catalog, parent)


def __getattr__(name: str) -> Any:
    if name == "NewGameWizard":
        from gui.wizard.wizard import NewGameWizard

        return NewGameWizard
    raise AttributeError(name)
