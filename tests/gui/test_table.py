"""The table: laid out from the view, drags become actions or snap back with a reason,
undo goes through the engine."""

from __future__ import annotations

import pytest

from gui.qt import Qt, QtCore, QtGui, QtWidgets
from tests.gui.fake_game import FakeGame


def _centre(window, item) -> QtCore.QPoint:
    view = window.table.view
    return view.mapFromScene(item.sceneBoundingRect().center())


def _drag(qtbot, window, item, target) -> None:
    viewport = window.table.view.viewport()
    start, end = _centre(window, item), _centre(window, target)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        pos = start + (end - start) * (step / 5)
        move = QtGui.QMouseEvent(QtCore.QEvent.Type.MouseMove, QtCore.QPointF(pos),
                                 QtCore.QPointF(viewport.mapToGlobal(pos)),
                                 Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                                 Qt.KeyboardModifier.NoModifier)
        QtWidgets.QApplication.sendEvent(viewport, move)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    qtbot.wait(10)  # the drop is handled after the mouse event returns


@pytest.fixture
def table(make_window):
    window = make_window()
    # the fake GM never holds a card for a Combat step: the hot-seat auto-pass would pass
    # it through the fake Combat these tests step through by hand
    window.settings.auto_pass = False
    window.quick_game()
    return window


def test_quick_game_matches_the_view(table):
    scene = table.table.scene
    view = table.table.controller.view()
    heroes = [c for c in view["characters"] if c["side"] == "heroes"]
    assert len(heroes) == 3
    hero_clusters = [c for c in scene.clusters.values() if c.character["side"] == "heroes"]
    assert len(hero_clusters) == 3
    assert set(scene.clusters) == {c["id"] for c in view["characters"]}
    # P1 sees its own hand face up; P2's stays hidden
    assert all(scene.cards[c["id"]].face is not None
               for c in view["zones"]["combat_hand:p1"]["cards"])
    assert "combat_hand:p2" not in scene.areas
    assert scene.areas["events"] is not None
    assert all(scene.cards[c["id"]].face is None for c in view["zones"]["events"]["cards"])
    assert table.stack.currentWidget() is table.table


def test_refused_drag_snaps_back_with_reason(table, qtbot):
    page = table.table
    game: FakeGame = page.controller.game
    hand = game.state["zones"]["combat_hand:p1"]
    card_id = hand[0]
    before = game.save()
    item = page.scene.cards[card_id]
    home = QtCore.QPointF(item.pos())
    _drag(qtbot, table, item, page.scene.clusters["v1"])
    assert game.save() == before, "a refused drop must not change the game"
    assert page.banner.isVisible()
    assert page.banner.clause == "PT-TERM-1"
    assert "own characters" in page.banner.text()
    assert page.scene.cards[card_id].pos() == home


def test_drag_shows_drop_targets(table, qtbot):
    page = table.table
    card_id = page.controller.game.state["zones"]["combat_hand:p1"][0]
    item = page.scene.cards[card_id]
    qtbot.mousePress(page.view.viewport(), Qt.MouseButton.LeftButton, pos=_centre(table, item))
    assert page.scene._targets == {"h1", "combat"}
    assert page.scene.clusters["h1"]._highlight == "target"
    qtbot.mouseRelease(page.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=_centre(table, item))
    assert page.scene._targets == set()


def test_legal_drag_plays_and_undo_restores(table, qtbot):
    page = table.table
    game: FakeGame = page.controller.game
    card_id = game.state["zones"]["combat_hand:p1"][0]
    _drag(qtbot, table, page.scene.cards[card_id], page.scene.clusters["h1"])
    assert card_id in [p["id"] for p in game.state["combat"]["played"]]
    assert page.scene.cards[card_id].parentItem() is page.scene.areas["combat"]
    assert table.act_undo.isEnabled()
    qtbot.keyClick(table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert card_id in game.state["zones"]["combat_hand:p1"]
    assert page.scene.cards[card_id].parentItem() is None
    assert card_id in page.scene.draggable
    table.redo()
    assert card_id in [p["id"] for p in game.state["combat"]["played"]]


def test_context_menu_lists_legal_actions(table):
    page = table.table
    menu = page.context_menu("character", "h1")
    labels = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert any("plays" in text for text in labels)
    menu = page.context_menu("character", "v1")
    assert any(text.startswith("No legal action") for text in
               [a.text() for a in menu.actions()])


def test_next_button_follows_legality(table, qtbot):
    page = table.table
    button = page.phase.next_button
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert page.controller.view()["combat"]["step"] == "maneuver"
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("table"))
    # the Table view cannot pass; the GM can: Next hands the laptop to the GM
    assert button.isEnabled() and button.text() == "Pass to GM ▶"
    assert "Table view" in page.phase.reason.text()
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("p2"))
    assert button.text() == "Pass to GM ▶"
    assert page.scene.viewer == "p2"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert page.controller.viewer == "gm"  # no seat switcher here: straight to the GM
    assert button.text() == "Next ▶"


def test_autosave_after_action_and_continue(table, qtbot, make_window):
    page = table.table
    table.table.controller.apply(page.controller.next_action()[0])
    table.show_start()
    assert table.start.buttons["continue"].isEnabled()
    assert "Turn 1" in table.start.games_list.item(0).text()
    other = make_window()
    other.continue_game()
    assert other.table.controller.view()["combat"]["step"] == "maneuver"


def test_coin_panel_shows_last_roll(table):
    coins = table.table.coins
    assert coins.strip.coins == "HTHHTHTH"
    assert "Margin 2" in coins.figures.text()
    assert coins.outcome.text() == "Won"


def test_drop_on_bare_felt_snaps_back(table, qtbot):
    page = table.table
    game: FakeGame = page.controller.game
    before = game.save()
    card_id = game.state["zones"]["combat_hand:p1"][0]
    assert page.controller.drop(card_id, None) == []
    assert game.save() == before
    assert "highlighted" in page.banner.text()


def test_card_menu_and_table_viewer(table):
    page = table.table
    card_id = page.controller.game.state["zones"]["combat_hand:p1"][0]
    labels = [a.text() for a in page.context_menu("card", card_id).actions()]
    assert any("plays" in text for text in labels)
    page.controller.set_viewer("table")
    labels = [a.text() for a in page.context_menu("character", "h1").actions()]
    assert any("pick GM or a Player" in text for text in labels)
    # the public view shows no hand at all, only counts
    assert not page.scene.draggable
    assert "hands:p1" in page.scene.areas


def test_save_and_open_round_trip(table, tmp_path, make_window):
    page = table.table
    page.controller.apply(page.controller.next_action()[0])
    path = tmp_path / "game.ptsave"
    page.save_path = path
    assert page.save()
    other = make_window()
    other.open_path(path)
    assert other.table.controller.view()["combat"]["step"] == "maneuver"
    assert other.table.save_path == path


def test_card_size_setting_rescales_hands(table):
    from dataclasses import replace

    page = table.table
    card_id = page.controller.game.state["zones"]["combat_hand:p1"][0]
    def on_screen() -> float:
        item = page.scene.cards[card_id]
        return page.view.mapFromScene(item.sceneBoundingRect()).boundingRect().width()

    medium, medium_scale = on_screen(), page.scene.cards[card_id].scale()
    page.apply_settings(replace(page.settings, card_size="large"))
    assert on_screen() > medium
    page.apply_settings(replace(page.settings, card_size="small"))
    assert page.scene.cards[card_id].scale() < medium_scale  # the hand takes less room


def test_attack_and_defense_show_together(qapp):
    from gui.panels.coins import CoinPanel

    panel = CoinPanel()
    attack = {"who": "h1", "kind": "attack", "coins": "HHHT", "successes": 3, "against": 1,
              "margin": 2, "won": True, "text": "Hope attacks"}
    defense = {"who": "v1", "kind": "defense", "coins": "THT", "successes": 1, "against": 3,
               "margin": -2, "won": False, "text": "Grimm defends"}
    panel.show_rolls([attack, defense], {})
    assert not panel.partner.isHidden()
    assert panel.partner.strip.coins == "HHHT"
    # one verdict for the exchange, not "Won" and "Lost" beside each other
    assert panel.outcome.text() == "" and panel.verdict.text() == "Hit (3 vs 1)"
    panel.show_rolls([defense], {})
    assert panel.partner.isHidden() and panel.verdict.isHidden()


def test_actions_menu_lists_every_legal_action(table):
    page = table.table
    legal = page.controller.legal()
    menu = page.actions_button.menu()

    def labels(m):
        out = []
        for a in m.actions():
            out += labels(a.menu()) if a.menu() is not None else [a.text()]
        return out

    assert sorted(labels(menu)) == sorted(a.label for a in legal)
    assert page.actions_button.text() == f"Actions ({len(legal)})"


def test_phase_panel_says_who_may_pass(table):
    assert table.table.phase.waiting.text() == "May pass now: GM, P1"


def test_bystander_glyphs_are_spelled_out():
    from gui.table.card_face import rules_text

    assert rules_text("{R}: gain 1. {K}: lose 1.") == "Recruit: gain 1. Kill: lose 1."


def test_settings_dialog_edits_a_copy(qtbot):
    from gui.dialogs.settings import SettingsDialog
    from gui.settings import Settings

    base = Settings()
    dialog = SettingsDialog(base)
    qtbot.addWidget(dialog)
    dialog.theme.setCurrentIndex(1)
    dialog.animations.setChecked(False)
    result = dialog.result_settings()
    assert (result.theme, result.animations) == ("dark", False)
    assert base == Settings()


def test_switching_viewer_clears_the_inspector(table):
    page = table.table
    card_id = page.controller.game.state["zones"]["combat_hand:p1"][0]
    page.scene.cards[card_id].sig_hovered.emit(page.scene.cards[card_id].instance)
    assert page.inspector.instance is not None
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("p2"))
    assert page.inspector.instance is None
