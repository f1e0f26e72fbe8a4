"""The live preview: the card drawn by the table's own card item, so what you see while
editing is what the table (and the printed sheet) will show."""

from __future__ import annotations

from typing import Any

from gui.plain_text import tooltip
from gui.qt import Qt, QtGui, QtWidgets
from gui.table.card_item import CardItem


class CardPreview(QtWidgets.QGraphicsView):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QtWidgets.QGraphicsScene(self))
        self.setRenderHints(QtGui.QPainter.RenderHint.Antialiasing
                            | QtGui.QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumSize(200, 280)
        self.setAccessibleName("Card preview")
        self.item: CardItem | None = None

    def show_card(self, data: dict[str, Any]) -> None:
        if self.item is not None:
            self.scene().removeItem(self.item)
            self.item.deleteLater()
        self.item = CardItem({"id": "preview", "card": data})
        self.scene().addItem(self.item)
        self.scene().setSceneRect(self.item.sceneBoundingRect())
        self.setToolTip(tooltip(self.item.tip_text))
        self._fit()

    def _fit(self) -> None:
        if self.item is not None:
            self.fitInView(self.item.sceneBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit()
