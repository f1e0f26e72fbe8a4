"""Continue lists recent games (issue 20, item 1): leave a game, start a Quick game, play
on, and the first game still comes back; delete a game only when asked; File → Open takes
an autosave file; a game another running copy holds is not opened twice."""

from __future__ import annotations

import pytest

from engine import paths
from engine.autosave import Autosaves
from gui.games import GameSource
from gui.qt import QtCore, QtWidgets

pytest.importorskip("engine.plottwist.game")


def answer_next_dialog(qtbot, button_text: str) -> list[str]:
    """Click `button_text` in the next modal dialog; returns the dialog's text."""
    seen: list[str] = []

    def click() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox):
            QtCore.QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        for button in box.buttons():
            if button.text().replace("&", "") == button_text:
                button.click()
                return
        box.reject()

    QtCore.QTimer.singleShot(20, click)
    return seen


def play(window, moves: int) -> None:
    for _ in range(moves):
        button = window.table.phase.next_button
        if not button.isEnabled():
            break
        button.click()


@pytest.fixture
def two_games(make_window):
    """A game with one move, left; then a Quick game with eleven moves, left."""
    window = make_window(GameSource())
    window.quick_game()
    play(window, 1)
    first = window.table.controller.game
    first_log = window.table.controller.view()["log"]
    window.show_start()
    window.quick_game()
    play(window, 11)
    second = window.table.controller.game
    window.show_start()
    assert first.game_id != second.game_id
    return window, first, first_log


def test_a_second_game_leaves_the_first_one_to_continue(two_games):
    window, first, first_log = two_games
    games = window.start.games_list
    assert games.count() == 2
    assert window.start.buttons["continue"].isEnabled()
    row = games.item(1).text()
    assert "Turn 1" in row and " vs " in row and "last: " in row
    heroes = [c.name for c in first.state.characters.values() if c.role == "hero"]
    assert all(h in row for h in heroes)
    games.setCurrentRow(1)
    window.start.buttons["continue"].click()
    assert window.in_game()
    assert window.table.controller.game.game_id == first.game_id
    assert window.table.controller.view()["log"] == first_log


def test_deleting_a_game_asks_first_and_deletes_only_it(two_games, qtbot):
    window, first, _ = two_games
    start = window.start
    start.games_list.setCurrentRow(1)
    asked = answer_next_dialog(qtbot, "Keep it")
    start.delete_button.click()
    assert asked and "Delete this game for good?" in asked[0]
    assert start.games_list.count() == 2
    start.games_list.setCurrentRow(1)
    answer_next_dialog(qtbot, "Delete game")
    start.delete_button.click()
    assert start.games_list.count() == 1
    assert not list(paths.autosave_dir().glob(f"autosave-{first.game_id}-*"))


def test_file_open_takes_an_autosave_file(two_games):
    window, first, first_log = two_games
    newest = sorted(paths.autosave_dir().glob(f"autosave-{first.game_id}-*"))[-1]
    window.open_path(newest)
    assert window.in_game()
    assert window.table.controller.view()["log"] == first_log
    assert window.table.save_path is None      # File → Save asks where, never the autosave


def test_a_game_held_by_another_copy_is_not_opened_twice(two_games, qtbot):
    window, first, _ = two_games
    other_copy = Autosaves(paths.autosave_dir())
    other_copy.hold(first.game_id)
    try:
        window.start.games_list.setCurrentRow(1)
        said = answer_next_dialog(qtbot, "OK")
        window.start.buttons["continue"].click()
        assert said and "another window of Plot Twist Table holds this game" in said[0]
        assert not window.in_game()
    finally:
        other_copy.release()


def _open_after_its_hero_changed(make_window, catalog, tmp_path, text: str):
    """A Quick game saved to a file, then opened once the pack rewrote a Hero's text."""
    import copy

    from engine.catalog import Card

    window = make_window(GameSource())
    window.quick_game()
    game = window.table.controller.game
    key = next(c.key for c in game.state.characters.values() if c.role == "hero")
    path = tmp_path / "evening.ptsave"
    window.table.save_path = path
    assert window.table.save()
    changed = copy.copy(catalog)
    changed.cards = dict(catalog.cards)
    old = catalog.cards[key]
    changed.cards[key] = Card(key, old.pack, old.kind, old.name, dict(old.data, text=text))
    window.show_start()
    window.catalog = changed
    window.open_path(path)
    return window, key


def test_a_card_the_pack_changed_is_told_once_in_the_banner(make_window, catalog, tmp_path):
    """Issue 20 item 2: the save's copy is played, and the table says so once."""
    window, key = _open_after_its_hero_changed(make_window, catalog, tmp_path,
                                               "Rewritten since the save.")
    banner = window.table.banner
    assert banner.isVisible()
    assert f"differ from the loaded packs ({key})" in banner.text()
    assert "plays its own saved copies" in banner.text()


def test_a_killed_file_saves_leftover_is_swept_at_start(make_window):
    import os
    import time

    stale = paths.saves_dir() / ".evening.ptsave.k1ll3d.tmp"
    stale.write_text("half a save")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    keep = paths.saves_dir() / "evening.ptsave.notes"     # not ours: never touched
    keep.write_text("mine")
    window = make_window(GameSource())
    window.refresh_autosave()
    assert not stale.exists() and keep.exists()


def test_the_pack_change_is_not_told_again_on_continue(make_window, catalog, tmp_path):
    """Told once: the autosave written when it was told remembers it."""
    window, _key = _open_after_its_hero_changed(make_window, catalog, tmp_path, "New.")
    assert "differ from the loaded packs" in window.table.banner.text()
    window.show_start()
    window.table.banner.hide()
    window.continue_game()
    assert window.in_game()
    assert not window.table.banner.isVisible()
