"""The keyboard help overlay (F1 or ?): every shortcut, read from the window's own actions.

Listing the live QActions rather than a hand-kept table means a shortcut added or
changed elsewhere (the Seat menu, the projector) shows here without anyone remembering.
"""

from __future__ import annotations

import html
from typing import Any

from gui.qt import Qt, QtCore, QtGui, QtWidgets

# keys the table takes itself, with no QAction behind them
TABLE_KEYS = (("Tab / Shift+Tab", "Next / previous card on the table"),
              ("Arrow keys", "The nearest card that way"),
              ("Enter, Menu or Shift+F10", "What the focused card can do (its actions)"),
              ("Escape", "Close a menu; then let go of the card"),
              ("Ctrl+Enter", "Next: pass, moving the phase or step on"))


def action_rows(window: QtWidgets.QWidget) -> list[tuple[str, str]]:
    """(keys, what) for every action of the window that has a shortcut, menu order."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    for action in window.findChildren(QtGui.QAction):
        keys = [k.toString(QtGui.QKeySequence.SequenceFormat.NativeText)
                for k in action.shortcuts() if not k.isEmpty()]
        if not keys:
            continue
        what = action.text().replace("&", "").rstrip("…").strip()
        if not what or what in seen:
            continue
        seen.add(what)
        rows.append((" or ".join(keys), what))
    return rows


class ShortcutHelp(QtWidgets.QFrame):
    """A dimmed sheet over the whole window; any key or click closes it."""

    def __init__(self, window: QtWidgets.QWidget) -> None:
        super().__init__(window)
        self.window_ = window
        self.setObjectName("shortcutHelp")
        self.setAccessibleName("Keyboard shortcuts")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoFillBackground(False)
        self.text = QtWidgets.QLabel()
        self.text.setObjectName("shortcutText")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setStyleSheet("QLabel#shortcutText { background: #fbf7ee; color: #1d1b18; "
                                "border: 2px solid #1565c0; border-radius: 12px; "
                                "padding: 18px; font-size: 17px; }")
        layout = QtWidgets.QVBoxLayout(self)
        layout.addStretch(1)
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.text)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        self._back_to: QtWidgets.QWidget | None = None  # focus goes back here on close
        self.hide()

    def rows(self) -> list[tuple[str, str]]:
        return [*TABLE_KEYS, *action_rows(self.window_)]

    def open(self) -> None:
        cells = "".join(f"<tr><td style='padding:3px 18px 3px 0'><b>{html.escape(k)}</b></td>"
                        f"<td style='padding:3px 0'>{html.escape(w)}</td></tr>"
                        for k, w in self.rows())
        self.text.setText("<h2 style='margin:0 0 8px 0'>Keyboard shortcuts</h2>"
                          f"<table>{cells}</table>"
                          "<p style='color:#5a5a5a'>Any key or a click closes this.</p>")
        self.setAccessibleDescription("; ".join(f"{k}: {w}" for k, w in self.rows()))
        self._back_to = QtWidgets.QApplication.focusWidget()
        self.setGeometry(self.window_.rect())
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def close_help(self) -> None:
        self.hide()
        back, self._back_to = self._back_to, None
        if back is not None:
            back.setFocus(Qt.FocusReason.OtherFocusReason)

    def toggle(self) -> None:
        self.close_help() if self.isVisible() else self.open()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        painter.fillRect(self.rect(), QtGui.QColor(0, 0, 0, 150))
        painter.end()

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() in (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt,
                           Qt.Key.Key_Meta):
            return  # the first half of a chord: wait for the key itself
        self.close_help()
        event.accept()

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        self.close_help()
        event.accept()

    def event(self, event: QtCore.QEvent) -> bool:
        # while open, F1 and ? close it here instead of firing the window's action again
        if event.type() == QtCore.QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        return super().event(event)

    def resize_to(self, size: Any) -> None:
        if self.isVisible():
            self.setGeometry(QtCore.QRect(QtCore.QPoint(0, 0), size))
