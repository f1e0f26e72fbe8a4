"""A layout that places its widgets left to right and wraps them onto the next line.

Qt has none built in. The laptop's phase dock uses it for a game's phase chips: five
phases in a column took five lines of a 720-pixel screen's Turn panel; flowed, they take
two or three, and still make a column when the dock is narrow.
"""

from __future__ import annotations

from gui.qt import QtCore, QtWidgets


class FlowLayout(QtWidgets.QLayout):
    def __init__(self, parent: QtWidgets.QWidget | None = None, spacing: int = 2) -> None:
        super().__init__(parent)
        self._items: list[QtWidgets.QLayoutItem] = []
        self._gap = spacing
        self._width = 0   # the width last laid out: what the size hints answer for

    # ------------------------------------------------------------ QLayout's items
    def addItem(self, item: QtWidgets.QLayoutItem) -> None:  # noqa: N802 (Qt override)
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QtWidgets.QLayoutItem | None:  # noqa: N802 (Qt override)
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QtWidgets.QLayoutItem | None:  # noqa: N802 (Qt override)
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    # ------------------------------------------------------------ sizes
    def expandingDirections(self) -> QtCore.Qt.Orientation:  # noqa: N802 (Qt override)
        return QtCore.Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return self._place(QtCore.QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        widest = max((i.sizeHint().width() for i in self._shown()), default=0)
        width = self._width or widest
        return QtCore.QSize(widest, self.heightForWidth(width))

    def minimumSize(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        return self.sizeHint()

    def setGeometry(self, rect: QtCore.QRect) -> None:  # noqa: N802 (Qt override)
        super().setGeometry(rect)
        if rect.width() != self._width:
            self._width = rect.width()
            self.invalidate()   # the height the parent asked for depends on the width
        self._place(rect, move=True)

    def _shown(self) -> list[QtWidgets.QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _place(self, rect: QtCore.QRect, move: bool) -> int:
        """Lay the items out in `rect` (or only measure); returns the height used."""
        margins = self.contentsMargins()
        left, top = rect.x() + margins.left(), rect.y() + margins.top()
        right = rect.right() - margins.right()
        x, y, line = left, top, 0
        for item in self._shown():
            size = item.sizeHint()
            if x > left and x + size.width() - 1 > right:   # wrap, unless alone on a line
                x, y, line = left, y + line + self._gap, 0
            if move:
                item.setGeometry(QtCore.QRect(QtCore.QPoint(x, y), size))
            x += size.width() + self._gap
            line = max(line, size.height())
        return y + line - rect.y() + margins.bottom()
