"""What a table item does when it is picked up and let go: cards and counter badges alike.

The item keeps where it was picked up (``home``) so a drop the engine refuses can snap back
there; the scene hears ``sig_pressed`` / ``sig_released`` and asks the controller what the
drop means.
"""

from __future__ import annotations

from typing import Any

from gui.qt import Qt, QtCore, QtWidgets

MOVABLE = QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable


class DragSource:
    """Mixin for a QGraphicsObject with ``sig_pressed(item)`` and ``sig_released(item, pos)``.

    Listed before QGraphicsObject in the bases, so its event handlers override Qt's and
    ``super()`` reaches Qt's own.
    """

    home: QtCore.QPointF

    def mousePressEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        item: Any = self
        if item.flags() & MOVABLE:
            self.home = item.pos()
            item.setZValue(1000)
            item.setCursor(Qt.CursorShape.ClosedHandCursor)
            super().mousePressEvent(event)  # type: ignore[misc]
            item.sig_pressed.emit(self)
            return
        super().mousePressEvent(event)  # type: ignore[misc]

    def mouseReleaseEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        item: Any = self
        super().mouseReleaseEvent(event)  # type: ignore[misc]
        if item.flags() & MOVABLE:
            item.setCursor(Qt.CursorShape.OpenHandCursor)
            # a press-and-release in place is a click, not a drop
            if (item.pos() - self.home).manhattanLength() > 4:
                item.sig_released.emit(self, event.scenePos())
            else:
                self.snap_back()

    def snap_back(self, animate: bool = False) -> None:
        item: Any = self
        item.setZValue(0)
        if not animate:
            item.setPos(self.home)
            return
        # parented to the item, so a scene rebuild mid-flight deletes it with the item
        anim = QtCore.QPropertyAnimation(item, b"pos", item)
        anim.setDuration(180)
        anim.setEndValue(self.home)
        anim.setEasingCurve(QtCore.QEasingCurve.Type.OutCubic)
        anim.start(QtCore.QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)
