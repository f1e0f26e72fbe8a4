"""A dock's panel that scrolls on a short screen instead of making the window taller."""

from __future__ import annotations

from gui.qt import Qt, QtCore, QtWidgets

# the least height of a panel with nothing to keep in view: a line and a row of coins
LEAST = 110


class DockScroll(QtWidgets.QScrollArea):
    """Shows `panel` whole when there is room and scrolls it when there is not (a 720-px
    laptop or projector); `keep` (the Next button) stays in view at the least height."""

    def __init__(self, panel: QtWidgets.QWidget, keep: QtWidgets.QWidget | None = None,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.keep = keep
        self._asking = False
        self._depth = 0
        self.setWidget(panel)
        self.setWidgetResizable(True)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        # a dock is as wide as its panel wants: wrap lines, never scroll sideways
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        panel.installEventFilter(self)
        if keep is not None:
            keep.installEventFilter(self)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        # the dock asks again when the panel's wants change (a roll grows into an
        # exchange) and once the panel's layout has placed the kept widget
        kind = event.type()
        wants_changed = ((watched is self.panel and kind == QtCore.QEvent.Type.LayoutRequest)
                         or (watched is self.keep and kind in (QtCore.QEvent.Type.Move,
                                                               QtCore.QEvent.Type.Resize)))
        if wants_changed and not self._asking:
            # asking re-lays out the panel, which may move the kept widget at once: one
            # ask at a time, or the two feed each other
            self._asking = True
            try:
                self.updateGeometry()
            finally:
                self._asking = False
        if watched is self.panel and kind == QtCore.QEvent.Type.Resize:
            # a panel whose height shrinks with its width (the coins get smaller) can make
            # the scroll bar come and go for ever: showing it narrows the panel, which then
            # fits and hides it, which widens it again. The scroll area answers each resize
            # inside the last one, so after a few rounds the bar stays as it is
            if self._depth >= 3:
                return False
            self._depth += 1
            try:
                return super().eventFilter(watched, event)
            finally:
                self._depth -= 1
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        # the whole panel when the screen allows (QScrollArea caps its hint at 24 lines)
        hint = self.panel.sizeHint()
        height = hint.height()
        if self.panel.hasHeightForWidth() and self.panel.width() > 0:
            # wrapped lines (a hint, flowed phase chips) need what they need at the width
            # they have, which a size hint guesses at another width
            height = max(height, self.panel.heightForWidth(self.panel.width()))
        return QtCore.QSize(hint.width() + self._bar(), height)

    def minimumSizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        width = self.panel.minimumSizeHint().width() + self._bar()
        height = min(self.panel.minimumSizeHint().height(), max(LEAST, self._keep_bottom()))
        return QtCore.QSize(width, height)

    def _bar(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    def _keep_bottom(self) -> int:
        keep = self.keep
        if keep is None or keep.isHidden():
            return 0
        layout = self.panel.layout()
        margin = layout.contentsMargins().bottom() if layout is not None else 0
        return keep.mapTo(self.panel, QtCore.QPoint(0, keep.height())).y() + margin
