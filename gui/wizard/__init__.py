"""The New game wizard: the rulebook's eight setup steps (PT-SETUP-1..8)."""

from __future__ import annotations

from gui.wizard.wizard import NewGameWizard, run_new_game_wizard

__all__ = ["NewGameWizard", "run_new_game_wizard"]
