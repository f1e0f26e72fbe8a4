"""The QGraphicsView that shows the table scaled to the window, aspect kept."""

from __future__ import annotations

from gui.qt import Qt, QtGui, QtWidgets
from gui.table.scene import TableScene


class TableView(QtWidgets.QGraphicsView):
    def __init__(self, scene: TableScene, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        # the view does not own its scene: keep our own reference so it outlives redraws
        self.table_scene = scene
        self.setScene(scene)
        self.setObjectName("tableView")
        self.setAccessibleName("Game table")
        self.setRenderHints(QtGui.QPainter.RenderHint.Antialiasing
                            | QtGui.QPainter.RenderHint.TextAntialiasing
                            | QtGui.QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        scene.sceneRectChanged.connect(lambda _rect: self.fit())

    def set_felt(self, colour: str) -> None:
        self.setBackgroundBrush(QtGui.QColor(colour))

    def fit(self) -> None:
        rect = self.table_scene.sceneRect()
        if rect.isValid():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.fit()
