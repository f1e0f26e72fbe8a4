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
