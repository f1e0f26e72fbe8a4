"""Window sizes that fit the screen the window is on (a 1366×768 laptop included)."""

from __future__ import annotations

from gui.qt import QtGui, QtWidgets

# leave room for the task bar and the window's own frame and title
SHARE = 0.92


def available(widget: QtWidgets.QWidget | None = None) -> tuple[int, int]:
    """The usable width and height of the widget's screen (the primary one before it shows)."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QtGui.QGuiApplication.primaryScreen()
    if screen is None:
        return (1 << 16, 1 << 16)
    geometry = screen.availableGeometry()
    return geometry.width(), geometry.height()


def resize_to_screen(widget: QtWidgets.QWidget, width: int, height: int) -> None:
    """The preferred size, shrunk to fit the screen with its frame."""
    screen_w, screen_h = available(widget)
    widget.resize(min(width, int(screen_w * SHARE)), min(height, int(screen_h * SHARE)))
