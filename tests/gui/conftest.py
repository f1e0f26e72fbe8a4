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
        # first-game hints off: their strip along the table's bottom edge would sit under
        # the drags of the table tests (tests/gui/test_hints.py turns them on)
        window = MainWindow(Settings(animations=False, confirmations=False, hints=False),
                            catalog=catalog,
                            source=source or FakeSource())
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        return window
    return make


@pytest.fixture
def show_projector(qtbot):
    """The projector window for a game, shown at a size in a theme and drawn once."""
    from gui.presentation import PresentationWindow

    def show(game, size, theme="dark"):
        window = PresentationWindow(lambda: game, theme=theme)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.refresh()
        qtbot.wait(20)
        return window
    return show
