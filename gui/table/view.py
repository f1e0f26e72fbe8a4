"""The QGraphicsView that shows the table scaled to the window, aspect kept.

It is also the table's keyboard and screen-reader face. Graphics items have no
accessibility of their own, so the view holds the keyboard cursor (a focus ring on one
card), takes Tab / arrows / Enter / the Menu key for it, and speaks for the focused card:
its accessible name and description become the card's, announced with QAccessible events.
"""

from __future__ import annotations

from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gui.table.card_item import CardItem
from gui.table.scene import TableScene

TABLE_NAME = "Game table"
TABLE_HELP = ("Tab or the arrow keys move between cards; Enter or the Menu key lists what "
              "the card can do; Escape closes the list.")
ZOOM_STEP = 1.25
ZOOM_MAX = 4.0


class TableView(QtWidgets.QGraphicsView):
    # "card" | "character", id, where to open the menu (global): Enter / Menu on a card
    sig_activate = Signal(str, str, QtCore.QPoint)

    def __init__(self, scene: TableScene, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        # the view does not own its scene: keep our own reference so it outlives redraws
        self.table_scene = scene
        self.setScene(scene)
        self.setObjectName("tableView")
        self.setAccessibleName(TABLE_NAME)
        self.setAccessibleDescription(TABLE_HELP)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setRenderHints(QtGui.QPainter.RenderHint.Antialiasing
                            | QtGui.QPainter.RenderHint.TextAntialiasing
                            | QtGui.QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.zoom = 1.0  # on top of "fit the whole table"; 1.0 is the whole table
        # the Card size setting above Medium: a magnification the zoom keys multiply
        self.card_zoom = 1.0
        scene.sceneRectChanged.connect(lambda _rect: self.fit())
        scene.sig_focus.connect(self._focus_changed)

    def set_felt(self, colour: str) -> None:
        self.setBackgroundBrush(QtGui.QColor(colour))

    # ------------------------------------------------------------ zoom
    def fit(self) -> None:
        rect = self.table_scene.sceneRect()
        if rect.isValid():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
            total = self.zoom * self.card_zoom
            if total != 1.0:
                self.scale(total, total)
                if not self._follow_focus():
                    # a seat's own hand is the bottom row: keep it in sight
                    self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())

    def set_card_zoom(self, card_zoom: float) -> None:
        """Large cards: every card bigger on screen, the table scrolling where it must
        (the whole table cannot grow past the window it is fitted into)."""
        card_zoom = max(1.0, card_zoom)
        if card_zoom != self.card_zoom:
            self.card_zoom = card_zoom
            self.set_zoom(self.zoom)

    def set_zoom(self, zoom: float) -> None:
        self.zoom = max(1.0, min(ZOOM_MAX, zoom))
        # scroll bars only when part of the table is off screen
        policy = (Qt.ScrollBarPolicy.ScrollBarAsNeeded if self.zoom * self.card_zoom > 1.0
                  else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)
        self.fit()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def zoom_fit(self) -> None:
        self.set_zoom(1.0)

    def _follow_focus(self) -> bool:
        item = self.table_scene.focused_item()
        if item is not None and self.zoom * self.card_zoom > 1.0:
            self.ensureVisible(item.sceneBoundingRect(), 40, 40)
            return True
        return False

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.fit()

    # ------------------------------------------------------------ keyboard
    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802,A002 (Qt override)
        # Tab walks the cards; past the last (or before the first) it leaves the table
        # for the docks, so the keyboard is never trapped here
        if self.hasFocus() and self.table_scene.move_focus(1 if next else -1):
            return True
        self.table_scene.set_focus_card(None)
        return super().focusNextPrevChild(next)

    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:  # noqa: N802 (Qt override)
        super().focusInEvent(event)
        scene = self.table_scene
        if scene.focused_item() is None:
            reason = event.reason()
            if reason == Qt.FocusReason.TabFocusReason:
                scene.move_focus(1)
            elif reason == Qt.FocusReason.BacktabFocusReason:
                scene.move_focus(-1)
        else:
            self._announce(QtGui.QAccessible.Event.Focus)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt override)
        key = Qt.Key(event.key())
        plain = not (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier)
        arrows = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0),
                  Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if plain and key in arrows:
            self.table_scene.move_focus_towards(*arrows[key])
            event.accept()
            return
        if plain and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Menu,
                             Qt.Key.Key_Space):
            if self.activate():
                event.accept()
                return
        if plain and key == Qt.Key.Key_Escape and self.table_scene.focused_item() is not None:
            self.table_scene.set_focus_card(None)
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QtGui.QContextMenuEvent) -> None:  # noqa: N802
        # Shift+F10 and the Menu key arrive as a keyboard context-menu event: they mean
        # the focused card, wherever the pointer happens to be
        if event.reason() == QtGui.QContextMenuEvent.Reason.Keyboard and self.activate():
            event.accept()
            return
        super().contextMenuEvent(event)

    def activate(self) -> bool:
        """Open the focused card's actions, as a right-click on it would."""
        item = self.table_scene.focused_item()
        if item is None:
            return False
        kind, key = self.table_scene.context_target(item)
        self.sig_activate.emit(kind, key, self.menu_pos(item))
        return True

    def menu_pos(self, item: CardItem) -> QtCore.QPoint:
        """Global position just below the card's centre, where its menu opens."""
        rect = item.sceneBoundingRect()
        where = self.mapFromScene(QtCore.QPointF(rect.center().x(), rect.center().y()))
        return self.viewport().mapToGlobal(where)

    # ------------------------------------------------------------ accessibility
    def _focus_changed(self, item: CardItem | None) -> None:
        if item is None:
            self.setAccessibleName(TABLE_NAME)
            self.setAccessibleDescription(TABLE_HELP)
        else:
            name, description = self.table_scene.accessible_text(item)
            self.setAccessibleName(name)
            self.setAccessibleDescription(description)
            self._follow_focus()
        if self.hasFocus():
            self._announce(QtGui.QAccessible.Event.Focus)

    def _announce(self, kind: QtGui.QAccessible.Event) -> None:
        # a screen reader reads the focus widget again on Focus; NameChanged and
        # DescriptionChanged keep its cached copy of the view's texts current
        for what in (QtGui.QAccessible.Event.NameChanged,
                     QtGui.QAccessible.Event.DescriptionChanged, kind):
            QtGui.QAccessible.updateAccessibility(QtGui.QAccessibleEvent(self, what))
