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
