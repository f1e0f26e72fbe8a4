"""A large view of the card under the pointer."""

from __future__ import annotations

from typing import Any

from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.table.card_face import CARD_H, CARD_W
from gui.table.faces import describe, paint_card


class CardInspector(QtWidgets.QWidget):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.instance: dict[str, Any] | None = None
        self.setMinimumSize(160, 120)  # a short screen: the card scales down
        self.setAccessibleName("Card inspector")

    def show_card(self, instance: dict[str, Any] | None) -> None:
        self.instance = instance
        self.setAccessibleDescription(describe(instance) if instance else "")
        self.update()

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        return QtCore.QSize(300, 420)

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        if not self.instance:
            painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter
                             | Qt.TextFlag.TextWordWrap, "Point at a card to see it here.")
            painter.end()
            return
        scale = min((self.width() - 8) / CARD_W, (self.height() - 8) / CARD_H)
        w, h = CARD_W * scale, CARD_H * scale
        painter.translate((self.width() - w) / 2, (self.height() - h) / 2)
        painter.scale(scale, scale)
        paint_card(painter, QtCore.QRectF(0, 0, CARD_W, CARD_H), self.instance)
        painter.end()
