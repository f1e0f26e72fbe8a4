"""A whole game played to its end through the table's own menus (PT-GOAL-1, PT-GOAL-2).

Each move is picked by the engine's random agent, then found by its label in the
table's Actions menu and triggered there, as a player's click would: so every action a game
needs is reachable from the table, and the table announces the winner."""

from __future__ import annotations

import pytest

from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.game import Game
from gui.controller import action_label
from gui.qt import QtGui, QtWidgets


def _menu_entries(menu: QtWidgets.QMenu) -> list[QtGui.QAction]:
    found = []
    for entry in menu.actions():
        sub = entry.menu()
        if sub is not None:
            found += _menu_entries(sub)
        elif entry.isEnabled() and not entry.isSeparator():
            found.append(entry)
    return found


@pytest.mark.parametrize(("seed", "winner"), [(6, "heroes"), (5, "villains")])
def test_a_quick_game_is_played_to_a_win_from_the_actions_menu_PT_GOAL_1_PT_GOAL_2(
        make_window, catalog, seed, winner):
    """PT-GOAL-1, PT-GOAL-2: either side can win a game played wholly from the table."""
    window = make_window()
    # each seed was picked for its winner along the random agent's own path: passes the
    # hot-seat auto-pass made for a seat would change that path
    window.settings.auto_pass = False
    window.start_game(Game.quick(catalog, heroes=3, seed=seed))
    page = window.table
    game = page.controller.game
    agent = RandomAgent(seed)
    for _ in range(3000):
        if game.winner is not None:
            break
        seats = seats_to_act(game)
        choice = None
        for seat in agent.rng.sample(seats, len(seats)):
            choice = agent.choose(game, seat)
            if choice is not None:
                break
        assert choice is not None, f"nobody can act in phase {game.state.phase}"
        page.viewer_box.setCurrentIndex(page.viewer_box.findData(choice.seat))
        # the agent builds its actions without display text; the menu's twin is equal to it
        listed = [a for a in page.controller.legal() if a == choice]
        assert listed, f"{choice!r} is not among {choice.seat}'s legal actions"
        label = action_label(listed[0])
        entries = [e for e in _menu_entries(page.actions_button.menu()) if e.text() == label]
        assert entries, f"{label!r} is not in {choice.seat}'s Actions menu"
        before = game.save()
        entries[0].trigger()
        assert game.save() != before, f"{label!r} changed nothing"
    assert game.winner == winner
    assert page.banner.isVisible() and "Game over" in page.banner.text()
