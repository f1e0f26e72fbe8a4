"""The app shell: the window carries the app's icon, and quitting respects unsaved card edits."""

from __future__ import annotations

import sys

from gui.app import create_app
from gui.main_window import MainWindow
from gui.settings import Settings


def test_app_has_the_plot_twist_icon(qapp):
    app = create_app([])
    assert not app.windowIcon().isNull()
    assert app.desktopFileName() == "plot-twist-table"


def test_quit_is_cancelled_while_an_editor_keeps_unsaved_cards(qtbot, monkeypatch):
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    window.show()

    class StayingManager:  # the pack manager's answer when the user picks Cancel
        @staticmethod
        def close_pack_manager() -> bool:
            return False

    monkeypatch.setitem(sys.modules, "gui.packs.manager", StayingManager)
    assert window.close() is False
    assert window.isVisible()

    monkeypatch.delitem(sys.modules, "gui.packs.manager")
    assert window.close() is True


def test_new_game_goes_through_the_wizard_to_the_table(make_window, catalog, monkeypatch):
    from engine.plottwist.game import Game

    window = make_window()
    asked = []

    def wizard(cat, parent):
        asked.append(cat)
        return Game.quick(cat, heroes=2, seed=5)

    monkeypatch.setattr("gui.wizard.run_new_game_wizard", wizard)
    window.new_game()
    assert asked == [catalog]
    assert window.stack.currentWidget() is window.table


def test_cancelled_wizard_stays_on_the_start_screen(make_window, monkeypatch):
    window = make_window()
    monkeypatch.setattr("gui.wizard.run_new_game_wizard", lambda cat, parent: None)
    window.new_game()
    assert window.table is None or window.stack.currentWidget() is not window.table


def test_a_plain_launch_reads_every_switch_off():
    """Double-clicking the app passes no arguments: the same switches as parsing none."""
    from gui.app import _parse

    assert _parse([]) == _parse(["-platform", "offscreen"])
    assert _parse(["--quick"]).quick and not _parse([]).quick
    # our own switches alone are read without argparse: the same reading as with it
    assert _parse(["--quick", "--exit-when-idle"]) == _parse(
        ["--exit-when-idle", "-platform", "offscreen", "--quick"])
    assert not _parse(["--quick"]).exit_when_idle


def test_the_garbage_collector_runs_again_once_the_start_screen_is_drawn(qtbot):
    """main() pauses the garbage collector while the app starts; a long evening's play
    must not run without it (the app's memory would only grow)."""
    import gc

    from gui.app import _resume_gc_after_first_paint

    window = MainWindow(Settings())
    qtbot.addWidget(window)
    gc.disable()
    try:
        _resume_gc_after_first_paint(window)
        window.show()
        qtbot.waitUntil(gc.isenabled, timeout=5000)
        assert gc.get_freeze_count() > 0   # start-up's objects are left out from now on
    finally:
        gc.unfreeze()   # the test session's own objects go back to the collector
        gc.enable()


def test_pyside_is_told_the_same_about_every_module_as_its_own_scan():
    """gui.qt answers PySide6's "does this module use PySide6?" from the file's bytes:
    the same answer as PySide6's own reading of the source, for every module loaded."""
    import inspect

    import gui.qt
    import gui.table_page  # noqa: F401  (a wide set of modules: Qt, the engine, the GUI)

    def pyside_reading(module) -> bool:
        try:
            return "PySide6" in inspect.getsource(module)
        except (TypeError, OSError, SyntaxError):
            return False

    modules = [m for m in list(sys.modules.values()) if m is not None]
    assert len(modules) > 100
    differ = [m.__name__ for m in modules if gui.qt._names_pyside(m) != pyside_reading(m)]
    assert differ == []
    assert gui.qt._names_pyside(gui.qt)


def test_fractional_display_scaling_is_passed_through(qapp):
    """125 % and 150 % screens are drawn at their own scale, not rounded to 100 % or 200 %
    (Qt 6's default, which create_app relies on instead of setting it)."""
    from gui.qt import QtCore, QtGui

    create_app([])
    assert QtGui.QGuiApplication.highDpiScaleFactorRoundingPolicy() == \
        QtCore.Qt.HighDpiScaleFactorRoundingPolicy.PassThrough


def test_the_start_screen_is_set_up_by_key_names_as_before(qtbot):
    """What the start screen sets before its first frame by key name (gui/qt.py) is what
    naming the enums set: the packs summary top-left, rich, selectable; the last game's
    line plain text; once drawn, the hand cursor over every big button."""
    from gui.qt import QtCore

    window = MainWindow(Settings())
    qtbot.addWidget(window)
    start = window.start
    qt = QtCore.Qt
    assert start.packs_label.alignment() == qt.AlignmentFlag.AlignTop | qt.AlignmentFlag.AlignLeft
    assert start.packs_label.textFormat() == qt.TextFormat.RichText
    assert start.packs_label.textInteractionFlags() == qt.TextInteractionFlag.TextSelectableByMouse
    assert start.continue_info.textFormat() == qt.TextFormat.PlainText
    with qtbot.waitSignal(window.sig_first_paint, timeout=5000):
        window.show()
    hands = {key: b.cursor().shape() for key, b in start.buttons.items()}
    assert set(hands.values()) == {qt.CursorShape.PointingHandCursor}, hands
    assert "quick" in hands and "quit" in hands


def test_a_property_set_by_a_key_qt_does_not_know_is_an_error(qapp):
    import pytest

    from gui.qt import QtWidgets, set_keys

    label = QtWidgets.QLabel()
    with pytest.raises(ValueError):
        set_keys(label, "alignment", "AlignTopp")
    with pytest.raises(ValueError):
        set_keys(label, "no_such_property", "AlignTop")


def test_menu_keys_are_the_single_keys_they_name(qtbot):
    """File → New is the platform's one New key (not all its bindings), Quick game is
    Ctrl+Shift+N, Redo has both of its keys."""
    from gui.qt import QtGui

    window = MainWindow(Settings())
    qtbot.addWidget(window)
    new = QtGui.QKeySequence(QtGui.QKeySequence.StandardKey.New)
    assert window.act_new.shortcuts() == [new]
    assert window.act_quick.shortcuts() == [QtGui.QKeySequence("Ctrl+Shift+N")]
    assert window.act_redo.shortcuts() == [QtGui.QKeySequence("Ctrl+Shift+Z"),
                                           QtGui.QKeySequence("Ctrl+Y")]


def test_the_start_screen_fills_in_after_its_first_paint(qtbot, catalog):
    """A plain launch: the other games' buttons and the autosave settings arrive once the
    screen is drawn."""
    from gui import saves
    from gui.qt import QtWidgets

    window = MainWindow(Settings(autosave_positions=4, autosave_games=7), catalog=catalog)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "game:monsterhunt" in window.start.buttons, timeout=5000)
    assert isinstance(window.start.buttons["game:monsterhunt"], QtWidgets.QPushButton)
    assert (saves.KEEP_AUTOSAVES, saves.KEEP_GAMES) == (4, 7)


def test_a_game_opened_at_launch_keeps_the_settings_and_the_start_screen_comes_back_whole(
        qtbot, catalog):
    """--quick opens a game at the first paint: the start screen's lists wait until it
    is shown again, and the autosaves follow the player's settings from the first move."""
    from gui import saves
    from gui.games import GameSource

    window = MainWindow(Settings(autosave_positions=3, autosave_games=5, confirmations=False),
                        catalog=catalog, source=GameSource())
    qtbot.addWidget(window)
    window.sig_first_paint.connect(window.quick_game)        # as main() does for --quick
    with qtbot.waitSignal(window.sig_game_started, timeout=5000):
        window.show()
    qtbot.wait(30)
    assert window.in_game()
    assert (saves.KEEP_AUTOSAVES, saves.KEEP_GAMES) == (3, 5)
    assert "game:monsterhunt" not in window.start.buttons     # nobody saw the start screen
    window.table.phase.next_button.click()                    # a move: autosaved
    window.show_start()
    assert "game:monsterhunt" in window.start.buttons
    assert window.start.chosen_game() == window.current_game().game_id


def test_the_packs_summary_is_there_whenever_the_start_screen_is(qtbot, monkeypatch):
    """The packs read for a game about to start are summed up on the start screen when it
    shows: after that game, or at once when the game did not start (a cancelled wizard)."""
    from gui.games import GameSource

    window = MainWindow(Settings(confirmations=False), source=GameSource())
    qtbot.addWidget(window)
    window.show()
    window.quick_game()                      # reads the packs itself: none loaded yet
    assert window.in_game()
    window.show_start()
    assert "Core" in window.start.packs_label.text()

    other = MainWindow(Settings(), source=GameSource())
    qtbot.addWidget(other)
    other.show()
    monkeypatch.setattr("gui.wizard.run_new_game_wizard", lambda cat, parent: None)
    other.new_game()                         # the packs are read, the wizard cancelled
    assert not other.in_game()
    qtbot.waitUntil(lambda: "Core" in other.start.packs_label.text())
