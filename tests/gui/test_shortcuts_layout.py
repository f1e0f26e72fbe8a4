"""Shortcuts (undo/redo, zoom, full screen, the help overlay), tooltips on every badge,
the window layout restored on start, and the card size applied live."""

from __future__ import annotations

import pytest

from gui.main_window import MainWindow
from gui.qt import Qt, QtGui
from gui.seats import SHORTCUTS
from gui.settings import Settings
from tests.gui.fake_game import FakeSource


@pytest.fixture
def table(make_window):
    window = make_window()
    window.quick_game()
    return window


def _keys(action) -> set[str]:
    return {k.toString() for k in action.shortcuts()}


def test_shortcuts_do_not_clash(table):
    window = table
    assert "Ctrl+9" in _keys(window.act_zoom_fit)
    assert "Ctrl+0" not in _keys(window.act_zoom_fit)  # Ctrl+0 is the Table seat
    assert "F11" in _keys(window.act_full_screen) and "F1" in _keys(window.act_help)
    assert "Ctrl+Y" in _keys(window.act_redo)
    seen: dict[str, str] = {}
    for action in window.findChildren(QtGui.QAction):
        for key in _keys(action):
            assert key not in seen, f"{key}: {seen.get(key)} and {action.text()}"
            seen[key] = action.text()
    assert set(SHORTCUTS.values()).isdisjoint(_keys(window.act_zoom_in)
                                              | _keys(window.act_zoom_out))


def test_undo_redo_by_keyboard(table, qtbot):
    page = table.table
    game = page.controller.game
    action = next(a for a in page.controller.legal() if a.kind == "play_combat_card")
    page.controller.apply(action)
    after = game.save()
    qtbot.keyClick(page.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.save() != after
    qtbot.keyClick(page.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert game.save() == after


def test_zoom_in_out_and_fit(table, qtbot):
    view = table.table.view
    view.setFocus()
    base = view.transform().m11()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom > 1.0 and view.transform().m11() > base
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom == pytest.approx(1.0)
    table.act_zoom_in.trigger()
    table.act_zoom_in.trigger()
    qtbot.keyClick(view, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom == 1.0 and view.transform().m11() == pytest.approx(base)


def test_full_screen_toggles(table, qtbot):
    table.act_full_screen.trigger()
    qtbot.waitUntil(table.isFullScreen)
    assert table.act_full_screen.isChecked()
    table.act_full_screen.trigger()
    qtbot.waitUntil(lambda: not table.isFullScreen())
    assert not table.act_full_screen.isChecked()


def test_help_overlay_lists_the_shortcuts(table, qtbot):
    table.table.view.setFocus()
    qtbot.keyClick(table.table.view, Qt.Key.Key_F1)
    overlay = table.help_overlay
    qtbot.waitUntil(overlay.isVisible)
    text = overlay.text.text()
    for needed in ("Undo", "Zoom in", "Ctrl+9", "F11", "Tab", "Ctrl+Enter"):
        assert needed in text, needed
    assert overlay.geometry() == table.rect()
    qtbot.keyClick(overlay, Qt.Key.Key_Escape)
    assert not overlay.isVisible()
    assert table.table.view.hasFocus(), "focus goes back where it was"
    qtbot.keyClicks(table.table.view, "?")
    qtbot.waitUntil(overlay.isVisible)
    qtbot.mouseClick(overlay, Qt.MouseButton.LeftButton)
    assert not overlay.isVisible()


def test_every_counter_badge_has_a_tooltip(table):
    from gui.table.counters import Badge

    for cluster in table.table.scene.clusters.values():
        badges = [i for i in cluster.childItems() for i in [i, *i.childItems()]
                  if isinstance(i, Badge)]
        assert badges
        assert all(b.toolTip() for b in badges)


def _reopen(qtbot, catalog) -> MainWindow:
    again = MainWindow(Settings.load(), catalog=catalog, source=FakeSource())
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    return again


def test_window_geometry_is_restored_on_start(make_window, qtbot, catalog):
    first = make_window()
    # within the (small) offscreen screen: restoreGeometry keeps a window on its screen
    first.resize(700, 520)
    expected = (first.width(), first.height())
    first.close()
    assert Settings.load().window_geometry
    again = _reopen(qtbot, catalog)
    assert (again.width(), again.height()) == expected


def test_dock_layout_is_restored_with_the_first_game(table, qtbot, catalog):
    table.table.docks["coins"].close()
    table.close()
    assert Settings.load().window_state
    again = _reopen(qtbot, catalog)
    again.quick_game()
    assert not again.table.docks["coins"].isVisible()
    assert again.table.docks["phase"].isVisible()
    # leaving and coming back keeps the closed dock closed
    again.show_start()
    again.quick_game()
    assert not again.table.docks["coins"].isVisible()
    assert again.table.docks["phase"].isVisible()


def test_card_size_applies_live(table):
    page = table.table
    card = page.controller.game.state["zones"]["combat_hand:p1"][0]
    def on_screen() -> float:
        item = page.scene.cards[card]
        return page.view.mapFromScene(item.sceneBoundingRect()).boundingRect().width()

    before = on_screen()
    from dataclasses import replace

    table.settings = replace(table.settings, card_size="large")
    page.apply_settings(table.settings)
    assert on_screen() > before * 1.15  # Large: the card is bigger where the player looks
