"""A card on the table: a QGraphicsObject painted from its view entry.

Card items know nothing about rules. They carry the instance id, paint the face or the
back, tell the scene when the pointer is over them (for the inspector) and can be
picked up when the scene marks them draggable; what a drop means is the controller's
business.
"""

from __future__ import annotations

from typing import Any

from gui.plain_text import tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gui.table.card_face import CARD_H, CARD_W, face_data
from gui.table.drag_source import DragSource
from gui.table.faces import describe, glance_data, paint_card
from gui.table.glance_face import Glance, layout

# highlight kind -> colour: amber a legal drop, green the drop that would land, violet what
# a computer's last move named (cyan is the keyboard ring, red the Combat: used nowhere else)
HIGHLIGHTS = {"target": "#ffb300", "hover": "#00c853", "mover": "#aa00ff"}

ACCESSIBLE_ROLE = 0x100  # QGraphicsItem.data() key holding the item's accessible name
# a card this wide on screen (device pixels) or wider shows its printed face, whole:
# zoomed in, there is room for every line
FULL_FACE_PX = 420.0
# the smallest name and number of a card on the table, in scene units, whatever the
# card's own scale: the view fits the table at about 0.55 at 1920×1080, so 26 units
# read as 14 px there
# on the projector every text of the table is at least ROOM_TEXT: the view fits the table
# at about 0.48 at 1920×1080 and 0.32 at 1280×720, so 55 units read as 1/45 of the height
ROOM_TEXT = 55.0
LEAST_TEXT = {"table": 26.0, "room": ROOM_TEXT}


class CardItem(DragSource, QtWidgets.QGraphicsObject):
    sig_hovered = Signal(object)   # the instance dict
    sig_pressed = Signal(object)   # self, when a draggable card is picked up
    sig_released = Signal(object, QtCore.QPointF)  # self, scene position of the drop

    def __init__(self, instance: dict[str, Any], scale: float = 1.0,
                 parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__()
        # setParentItem hands ownership to the parent; a parent given to the
        # constructor of a Python subclass does not, and the item would be
        # collected with its last Python reference
        if parent is not None:
            self.setParentItem(parent)
        self.instance = instance
        self.card_id = str(instance.get("id", ""))
        self._rect = QtCore.QRectF(0, 0, CARD_W, CARD_H)
        # the focus ring keeps one width on screen whatever the card's scale, so small cards
        # (Events, the hand) get a ring as plain as a big one; the bounds make room for it
        self._ring = 8.0 / scale if scale > 0 else 8.0
        margin = max(8.0, 4 + 1.75 * self._ring)
        self._bounds = self._rect.adjusted(-margin, -margin, margin, margin)  # asked every frame
        self._highlight: str | None = None
        self._focus_ring = False  # the keyboard's cursor is on this card
        self.home = QtCore.QPointF()
        self.setScale(scale)
        # cards move but never rotate: cache in device pixels, repainted only on change
        self.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(True)
        text = describe(instance)
        self.set_tip(self._tooltip())
        self.setData(ACCESSIBLE_ROLE, text)
        self.setObjectName(f"card:{self.card_id}")

    # -------------------------------------------------------------- data
    @property
    def face(self) -> dict[str, Any] | None:
        return face_data(self.instance)

    @property
    def accessible_name(self) -> str:
        return str(self.data(ACCESSIBLE_ROLE))

    def set_tip(self, text: str) -> None:
        """The hover text, shown as typed (a card's name is data, never markup)."""
        self.tip_text = text
        self.setToolTip(tooltip(text))

    def _tooltip(self) -> str:
        face = self.face
        if face is None:
            return describe(self.instance)
        text = str(face.get("text", ""))
        return f"{describe(self.instance)}\n{text}" if text else describe(self.instance)

    def set_draggable(self, on: bool) -> None:
        self.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable, on)
        self.setCursor(Qt.CursorShape.OpenHandCursor if on else Qt.CursorShape.ArrowCursor)

    def set_highlight(self, kind: str | None) -> None:
        """None, "target" (a legal drop), "hover" (the drop would land here) or "mover"
        (a computer's last move named it)."""
        if kind != self._highlight:
            self._highlight = kind
            self.update()

    def set_focus_ring(self, on: bool) -> None:
        """Draw the keyboard focus ring. Kept apart from Qt's item focus, which the view
        (the real focus widget) holds for the whole scene and a rebuild would lose."""
        if on != self._focus_ring:
            self._focus_ring = on
            self.setZValue(900 if on else 0)  # the ring is not hidden by a neighbour
            self.update()

    @property
    def has_focus_ring(self) -> bool:
        return self._focus_ring

    # -------------------------------------------------------- painting
    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 (Qt override)
        return self._bounds

    def shape(self) -> QtGui.QPainterPath:
        path = QtGui.QPainterPath()
        path.addRoundedRect(self._rect, 15, 15)
        return path

    def glance_mode(self) -> str:
        """"table", or "room" on the projector (its scene says so)."""
        return str(getattr(self.scene(), "card_mode", "table"))

    def least_text(self) -> float:
        """The smallest name/number in card units: a card drawn at 0.6 asks for more."""
        scale = self.sceneTransform().m11()  # its own scale times its parent's
        return LEAST_TEXT.get(self.glance_mode(), 0.0) / max(0.2, scale)

    def glance(self) -> Glance | None:
        """What the glance face draws (None for a back or a non-pack card)."""
        data = glance_data(self.instance)
        if data is None:
            return None
        return layout(data, self._rect, self.glance_mode(), self.least_text())

    def paint(self, painter: QtGui.QPainter, option: Any, widget: Any = None) -> None:
        on_screen = CARD_W * option.levelOfDetailFromTransform(painter.worldTransform())
        glance = self.glance_mode() if on_screen < FULL_FACE_PX else ""
        paint_card(painter, self._rect, self.instance, glance, self.least_text())
        if self._highlight:
            colour = QtGui.QColor(HIGHLIGHTS.get(self._highlight, HIGHLIGHTS["hover"]))
            painter.setPen(QtGui.QPen(colour, 8))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self._rect.adjusted(-4, -4, 4, 4), 18, 18)
        if self._focus_ring:
            # a bright ring on a dark edge shows on any card, felt and cluster colour; its
            # cyan is used nowhere else (amber and green mean drops, red the Combat).
            # Drawn outside the card so it never covers the card's text
            out = 2 + self._ring * 0.875
            ring = self._rect.adjusted(-out, -out, out, out)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QtGui.QPen(QtGui.QColor("#0b1f33"), self._ring * 1.75))
            painter.drawRoundedRect(ring, 15 + out, 15 + out)
            painter.setPen(QtGui.QPen(QtGui.QColor("#00e5ff"), self._ring))
            painter.drawRoundedRect(ring, 15 + out, 15 + out)

    # ----------------------------------------------------------- events
    def hoverEnterEvent(self, event: QtWidgets.QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        self.sig_hovered.emit(self.instance)
        super().hoverEnterEvent(event)

