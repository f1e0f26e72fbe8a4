"""The table without a mouse: Tab and arrows walk the cards, Enter opens the card's legal
actions (the right-click menu), choosing one applies it through the engine; the focused
card speaks through the view's accessible name and description."""

from __future__ import annotations

import pytest

from gui.qt import Qt, QtWidgets
from tests.gui.fake_game import FakeGame

# a popup menu asks the platform to raise it and grab the keyboard; the offscreen platform
# cannot and says so. The menu still gets its key events, which is what these tests check.
OFFSCREEN_POPUP = pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing)")


@pytest.fixture
def table(make_window):
    window = make_window()
    window.quick_game()
    return window


def _menu_texts(menu: QtWidgets.QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def test_tab_walks_the_cards_with_a_focus_ring(table, qtbot):
    page = table.table
    view, scene = page.view, page.scene
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(view.hasFocus)
    order = scene.focus_order()
    assert len(order) == len(scene.cards)
    if scene.focused_item() is None:
        qtbot.keyClick(view, Qt.Key.Key_Tab)
    first = scene.focused_item()
    assert first is order[0] and first.has_focus_ring
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    second = scene.focused_item()
    assert second is order[1] and second.has_focus_ring and not first.has_focus_ring
    qtbot.keyClick(view, Qt.Key.Key_Backtab)
    assert scene.focused_item() is first
    # the view speaks for the focused card
    name, description = scene.accessible_text(first)
    assert view.accessibleName() == name and name
    assert view.accessibleDescription() == description


def test_arrows_move_between_rows(table, qtbot):
    page = table.table
    scene, view = page.scene, page.view
    view.setFocus()
    scene.set_focus_card(scene.clusters["h1"].card)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    below = scene.focused_item()
    assert below.sceneBoundingRect().top() > scene.clusters["h1"].card.sceneBoundingRect().top()
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert scene.focused_item() is not below


def test_character_description_has_counters(table):
    scene = table.table.scene
    name, description = scene.accessible_text(scene.clusters["h1"].card)
    assert name == scene.clusters["h1"].character["name"]
    assert "Physical Stress" in description and "Belief" in description
    assert "No statuses" in description


def test_every_badge_and_area_has_a_name_and_tooltip(table):
    from gui.table.areas import CountBadge, ZoneArea
    from gui.table.card_item import ACCESSIBLE_ROLE
    from gui.table.counters import Badge

    scene = table.table.scene
    named = [i for i in scene.items() if isinstance(i, (Badge, CountBadge, ZoneArea))]
    assert named
    for item in named:
        assert item.data(ACCESSIBLE_ROLE) and item.toolTip()


@OFFSCREEN_POPUP
def test_enter_opens_legal_actions_and_applies_one(table, qtbot):
    page = table.table
    game: FakeGame = page.controller.game
    card_id = game.state["zones"]["combat_hand:p1"][0]  # a Movement card P1's Hero may play
    scene, view = page.scene, page.view
    view.setFocus()
    scene.set_focus_card(scene.cards[card_id])
    qtbot.keyClick(view, Qt.Key.Key_Return)
    menu = page.open_menu
    assert menu is not None
    qtbot.waitUntil(menu.isVisible)
    legal = [a.label for a in page.controller.actions_for_card(card_id)]
    assert legal and all(label in _menu_texts(menu) for label in legal)
    # Escape closes it and changes nothing
    before = game.save()
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible())
    assert game.save() == before
    # the Menu key opens it again; Enter takes the highlighted (first) action
    qtbot.keyClick(view, Qt.Key.Key_Menu)
    menu = page.open_menu
    qtbot.waitUntil(menu.isVisible)
    assert menu.activeAction() is not None
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: card_id not in game.state["zones"]["combat_hand:p1"])
    assert any(p["id"] == card_id for p in game.state["combat"]["played"])
    # the keyboard cursor survives the rebuild
    assert scene.focused_item() is not None


@OFFSCREEN_POPUP
def test_menu_key_on_a_character_lists_its_actions(table, qtbot):
    page = table.table
    scene, view = page.scene, page.view
    view.setFocus()
    scene.set_focus_card(scene.clusters["h1"].card)
    qtbot.keyClick(view, Qt.Key.Key_Menu)
    menu = page.open_menu
    qtbot.waitUntil(menu.isVisible)
    texts = _menu_texts(menu)
    assert any(a.label in texts for a in page.controller.actions_for_character("h1"))
    menu.close()


@OFFSCREEN_POPUP
def test_real_engine_by_keyboard_alone(make_window, qtbot):
    """Tab to the first card with something to do, Enter, Enter: the engine applies it."""
    pytest.importorskip("engine.plottwist.game")
    from gui.games import GameSource

    window = make_window(GameSource())
    window.quick_game()
    page = window.table
    scene, view, controller = page.scene, page.view, page.controller
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(view.hasFocus)
    for _ in range(len(scene.cards) + 1):
        if scene.focused_item() is None:
            qtbot.keyClick(view, Qt.Key.Key_Tab)
        kind, key = scene.context_target(scene.focused_item())
        found = (controller.actions_for_character(key) if kind == "character"
                 else controller.actions_for_card(key))
        if found:
            break
        qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert found, "some card of the seat shown has a legal action"
    before, lines = controller.game.save(), len(page.log.lines)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    menu = page.open_menu
    qtbot.waitUntil(menu.isVisible)
    active = menu.activeAction()
    if active.menu() is not None:  # a long menu folds each kind into a submenu
        qtbot.keyClick(menu, Qt.Key.Key_Right)
        menu = active.menu()
        qtbot.waitUntil(menu.isVisible)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: controller.game.save() != before)
    assert len(page.log.lines) > lines
