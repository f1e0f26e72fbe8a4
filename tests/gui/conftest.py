"""GUI fixtures: one catalog for the session, a main window with a fake or real engine."""

from __future__ import annotations

import pytest

from engine.catalog import Catalog
from gui.main_window import MainWindow
from gui.settings import Settings
from tests.gui.fake_game import FakeSource


@pytest.fixture(scope="session")
def catalog():
    return Catalog.load(include_user=False)


@pytest.fixture
def make_window(qtbot, catalog):
    def make(source=None) -> MainWindow:
        window = MainWindow(Settings(animations=False, confirmations=False), catalog=catalog,
                            source=source or FakeSource())
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        return window
    return make
