"""A game's phase chips from its layout's Tracker (gui/layouts/base.py), current one lit.

Used by the laptop's phase dock (lines that wrap) and the projector (a row) for games that
name their own phases; the Plot Twist chips stay where they are.
"""

from __future__ import annotations

from gui.layouts.base import Tracker
from gui.panels.flow_layout import FlowLayout
from gui.plain_text import set_plain
from gui.qt import QtWidgets

ON = ("background: #2e6fbd; color: white; border-radius: 6px; padding: 3px 8px; "
      "font-weight: bold; font-size: {px}px;")
OFF = "color: {dim}; padding: 3px 8px; font-size: {px}px;"


class TrackerChips(QtWidgets.QWidget):
    def __init__(self, vertical: bool = True, px: int = 14, dim: str = "palette(mid)",
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackerChips")
        self.px, self.dim = px, dim
        self.chips: list[QtWidgets.QLabel] = []
        # the laptop's dock: the chips flow in lines as wide as the dock (a column of five
        # took five lines of a 720-pixel screen); the projector: one row
        self.box: QtWidgets.QLayout
        if vertical:
            self.box = FlowLayout(self)
        else:
            self.box = QtWidgets.QHBoxLayout(self)
            self.box.setSpacing(2)
            self.box.addStretch(1)
        self.box.setContentsMargins(0, 0, 0, 0)

    def show_tracker(self, tracker: Tracker) -> None:
        while len(self.chips) < len(tracker.chips):
            label = QtWidgets.QLabel()
            if isinstance(self.box, QtWidgets.QBoxLayout):
                self.box.insertWidget(len(self.chips), label)   # before the stretch
            else:
                self.box.addWidget(label)
            self.chips.append(label)
        for i, label in enumerate(self.chips):
            if i >= len(tracker.chips):
                label.hide()
                continue
            name, current = tracker.chips[i]
            set_plain(label, name)
            label.setStyleSheet((ON if current else OFF).format(px=self.px, dim=self.dim))
            label.setProperty("current", current)
            label.show()

    def current(self) -> str:
        return next((c.text() for c in self.chips if not c.isHidden() and c.property("current")),
                    "")
