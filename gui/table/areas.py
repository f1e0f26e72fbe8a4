"""Table regions that are not single cards: a character cluster and a labelled zone."""

from __future__ import annotations

import functools
from typing import Any

from gui.plain_text import tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.table.card_face import CARD_H, CARD_W, COLOURS, FONT_FAMILY, face_data
from gui.table.card_item import ACCESSIBLE_ROLE, HIGHLIGHTS, ROOM_TEXT, CardItem
from gui.table.counters import CounterPanel
from gui.theme import area_fill, table_ink

HEADER_H = 44.0
# on the projector the header names the character, in type read from the back of the room
ROOM_HEADER_H = 80.0
EQUIP_SCALE = 0.6
# the projector's cluster without its card picture: a band of the character's Color
COLOR_BAND_W = 40.0
# the projector: a plate this size holds its name in room-sized type ("Gaunt-/lets")
ROOM_EQUIP_SCALE = 0.93
# a stacked Equipment card shows its name band above the next one
EQUIP_STEP = 0.34
GAP = 10.0


@functools.cache
def _font(px: float, bold: bool = False, condensed: bool = False) -> QtGui.QFont:
    # built once per size: paint() runs every frame, a QFont per call showed in profiles
    font = QtGui.QFont(FONT_FAMILY)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    if condensed:
        font.setStretch(QtGui.QFont.Stretch.Condensed)
    return font


class DropTarget(QtWidgets.QGraphicsObject):
    """Something a card can be dropped on; `key` is what the controller matches."""

    def __init__(self, key: str, parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__()
        # setParentItem hands ownership to the parent; a parent given to the
        # constructor of a Python subclass does not, and the item would be
        # collected with its last Python reference
        if parent is not None:
            self.setParentItem(parent)
        self.key = key
        self._highlight: str | None = None
        # areas never rotate; set_highlight's update() refreshes the cache
        self.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_highlight(self, kind: str | None) -> None:
        if kind != self._highlight:
            self._highlight = kind
            self.update()

    def _paint_highlight(self, painter: QtGui.QPainter, rect: QtCore.QRectF) -> None:
        if self._highlight:
            colour = QtGui.QColor(HIGHLIGHTS.get(self._highlight, HIGHLIGHTS["hover"]))
            painter.setPen(QtGui.QPen(colour, 10))
            fill = QtGui.QColor(colour)
            fill.setAlpha(40)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect.adjusted(-6, -6, 6, 6), 20, 20)


class CharacterCluster(DropTarget):
    """A character card, its counters and its Equipment (PT-CLUS-1).

    On the projector a cluster may go without the card's picture (`picture=False`): its
    plate only repeats the header's name, so a band of the card's Color (PT-COLOR-1,
    which colored Twists! and cards check) stands in its place, and the status chips
    lie in lines under the counters and the Equipment."""

    def __init__(self, character: dict[str, Any], header: str,
                 parent: QtWidgets.QGraphicsItem | None = None, room: bool = False,
                 picture: bool = True) -> None:
        super().__init__(str(character["id"]), parent)
        self.character = character
        self.header = header
        self.room = room  # the projector: the header names the character, large
        self.picture = picture or not room
        head = header_height(room)
        self.card = CardItem({"id": character["id"], "card": character.get("card")}, parent=self)
        self.card.setPos(0, head)
        self.card.setVisible(self.picture)
        left = (CARD_W if self.picture else COLOR_BAND_W) + GAP
        scale = ROOM_EQUIP_SCALE if room else EQUIP_SCALE
        step = CARD_H * scale * EQUIP_STEP
        kit = list(character.get("equipment") or [])
        kit_h = CARD_H * scale + max(0, len(kit) - 1) * step if kit else 0.0
        if self.picture:
            self.counters = CounterPanel(character, parent=self, room=room, reach=left)
        else:   # the chips run in lines under the counters and the Equipment
            width = self.width_for(character, room, picture=False)
            self.counters = CounterPanel(character, parent=self, room=room,
                                         span=width - left, below=kit_h)
        self.counters.setPos(left, head)
        self.combat_role: str | None = None   # "Attacker" / "Defender" while in a Combat
        self.equipment: list[CardItem] = []
        x = left + self.counters.panel_width() + GAP
        for i, eq in enumerate(kit):
            item = CardItem(eq, scale=scale, parent=self)
            item.setPos(x, head + i * step)
            if not eq.get("in_use", True):
                item.setOpacity(0.6)
            self.equipment.append(item)
        width = x + (CARD_W * scale if self.equipment or not self.picture else -GAP)
        # on the projector the chips' lines may run below the card (the laptop's stay)
        body = max(CARD_H, kit_h, self.counters.boundingRect().height() if room else 0.0)
        self._rect = QtCore.QRectF(0, 0, width, head + body)
        # computed once: C++ asks for it several times a frame, each a call into Python
        self._bounds = self._rect.adjusted(-12, -12, 12, 12)
        if not character.get("in_play", True):
            self.setOpacity(0.45)
        name = str(character.get("name") or "")
        self.setToolTip(tooltip(f"{header}: {name}"))
        self.setData(ACCESSIBLE_ROLE, f"{header}: {name}")
        self.setAcceptHoverEvents(True)

    @staticmethod
    def width_for(character: dict[str, Any], room: bool, picture: bool = True) -> float:
        """How wide a character's cluster is, before it is built."""
        picture = picture or not room
        left = (CARD_W if picture else COLOR_BAND_W) + GAP
        # without the picture the Equipment's column is kept even when empty: the chips'
        # lines need its width ("Incapacitated" is wider than the counters)
        kit = CARD_W * (ROOM_EQUIP_SCALE if room else EQUIP_SCALE) + GAP \
            if character.get("equipment") or not picture else 0.0
        return left + CounterPanel.width_for(room) + kit

    def height(self) -> float:
        return self._rect.height()

    def header_texts(self) -> list[tuple[str, int]]:
        """(text, font px in scene units) of what the header says, as painted."""
        role = self.header
        if self.combat_role:
            role += f" — {self.combat_role}"
        if self.character.get("out"):
            role += f" — {str(self.character['out']).capitalize()}"
        if not self.room:
            return [(role, 26)]
        # the projector: the name, whole where it can be; the seat and role after it at
        # the same room size, only when they fit beside it (the Combat panel and the
        # Stress board say who attacks and who is out as well)
        metrics = QtGui.QFontMetricsF(_font(int(ROOM_TEXT), bold=True, condensed=True))
        width = self._rect.width() - 24
        name = metrics.elidedText(str(self.character.get("name") or ""),
                                  Qt.TextElideMode.ElideRight, width)
        used = metrics.horizontalAdvance(name) + 24
        shown = [(name, int(ROOM_TEXT))]
        if QtGui.QFontMetricsF(_font(int(ROOM_TEXT), condensed=True)).horizontalAdvance(role) \
                <= width - used:
            shown.append((role, int(ROOM_TEXT)))
        return shown

    def color(self) -> str:
        """The frame colour of the character's Color, as its card draws it."""
        data = face_data({"card": self.character.get("card")}) or {}
        return COLOURS.get(str(data.get("color", "Golden")), COLOURS["Golden"])[0]

    @property
    def accessible_name(self) -> str:
        return str(self.data(ACCESSIBLE_ROLE))

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 (Qt override)
        return self._bounds

    def paint(self, painter: QtGui.QPainter, option: Any, widget: Any = None) -> None:
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        if self.combat_role:
            painter.setPen(QtGui.QPen(QtGui.QColor("#c0392b"), 8))
            painter.setBrush(QtGui.QColor(192, 57, 43, 28))
            painter.drawRoundedRect(self._rect.adjusted(-8, -8, 8, 8), 18, 18)
        self._paint_highlight(painter, self._rect)
        if not self.picture:
            band = QtCore.QRectF(0, header_height(self.room), COLOR_BAND_W,
                                 self._rect.height() - header_height(self.room))
            # edged in the table's ink: a Black or White band still shows on either felt
            edge = QtGui.QColor(table_ink(getattr(self.scene(), "felt_theme", None)))
            edge.setAlpha(140)
            painter.setPen(QtGui.QPen(edge, 3))
            painter.setBrush(QtGui.QColor(self.color()))
            painter.drawRoundedRect(band.adjusted(1.5, 1.5, -1.5, -1.5), 10, 10)
        side = self.character.get("side")
        colour = QtGui.QColor("#2e6fbd" if side == "heroes" else "#8e2c2c")
        head = QtCore.QRectF(0, 0, self._rect.width(), header_height(self.room) - 6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(head, 10, 10)
        painter.setPen(QtGui.QColor("#ffffff"))
        texts = self.header_texts()
        box = head.adjusted(12, 0, -12, 0)
        left = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        if not self.room:
            painter.setFont(_font(texts[0][1], bold=True))
            elided = painter.fontMetrics().elidedText(texts[0][0], Qt.TextElideMode.ElideRight,
                                                      int(box.width()))
            painter.drawText(box, left, elided)
            return
        painter.setFont(_font(texts[0][1], bold=True, condensed=True))
        painter.drawText(box, left, texts[0][0])
        if len(texts) > 1:
            painter.setFont(_font(texts[1][1], condensed=True))
            painter.drawText(box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             texts[1][0])


def room_title_width(title: str) -> float:
    """How wide an area must be for its title at the projector's size."""
    return QtGui.QFontMetricsF(_font(ROOM_TEXT, bold=True, condensed=True)) \
        .horizontalAdvance(title) + 32


def header_height(room: bool) -> float:
    return ROOM_HEADER_H if room else HEADER_H


class ZoneArea(DropTarget):
    """A labelled area: a deck with its count, the Events, the Combat, a hand."""

    def __init__(self, key: str, title: str, width: float, height: float,
                 subtitle: str = "", parent: QtWidgets.QGraphicsItem | None = None,
                 fill: QtGui.QColor | None = None) -> None:
        super().__init__(key, parent)
        self.title = title
        self.subtitle = subtitle
        self._rect = QtCore.QRectF(0, 0, width, height)
        self._bounds = self._rect.adjusted(-12, -12, 12, 44)
        self.fill = fill  # None: the felt's own faint tint
        spoken = f"{title}{' — ' + subtitle if subtitle else ''}"
        self.setToolTip(tooltip(spoken))
        self.setData(ACCESSIBLE_ROLE, spoken)
        self.setZValue(-1)

    @property
    def accessible_name(self) -> str:
        return str(self.data(ACCESSIBLE_ROLE))

    def title_texts(self) -> list[tuple[str, int]]:
        """(text, font px in scene units) of the projector's title, as painted: the title
        elided to the area, the subtitle beside it only when it fits at the same size (the
        cards under it, the side column and the Stress board say the rest)."""
        width = self._rect.width() - 28
        bold = QtGui.QFontMetricsF(_font(ROOM_TEXT, bold=True, condensed=True))
        title = bold.elidedText(self.title, Qt.TextElideMode.ElideRight, width)
        shown = [(title, int(ROOM_TEXT))]
        used = bold.horizontalAdvance(title) + 24
        if self.subtitle and QtGui.QFontMetricsF(_font(ROOM_TEXT, condensed=True)) \
                .horizontalAdvance(self.subtitle) <= width - used:
            shown.append((self.subtitle, int(ROOM_TEXT)))
        return shown

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 (Qt override)
        return self._bounds

    def paint(self, painter: QtGui.QPainter, option: Any, widget: Any = None) -> None:
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        felt = getattr(self.scene(), "felt_theme", None)  # the projector's own theme
        painter.setPen(QtGui.QPen(area_fill(64, felt), 3, Qt.PenStyle.DashLine))
        painter.setBrush(self.fill if self.fill is not None else area_fill(24, felt))
        painter.drawRoundedRect(self._rect, 16, 16)
        self._paint_highlight(painter, self._rect)
        painter.setPen(QtGui.QColor(table_ink(felt)))
        room = getattr(self.scene(), "card_mode", "table") == "room"
        if room:
            title = QtCore.QRectF(14, 2, self._rect.width() - 28, ROOM_TEXT + 8)
            texts = self.title_texts()
            painter.setFont(_font(ROOM_TEXT, bold=True, condensed=True))
            painter.drawText(title, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             texts[0][0])
            if len(texts) > 1:
                painter.setFont(_font(ROOM_TEXT, condensed=True))
                painter.drawText(title, Qt.AlignmentFlag.AlignRight
                                 | Qt.AlignmentFlag.AlignVCenter, texts[1][0])
            return
        painter.setFont(_font(26, bold=True))
        title = QtCore.QRectF(14, 4, self._rect.width() - 28, 36)
        painter.drawText(title, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         self.title)
        if self.subtitle:
            used = painter.fontMetrics().horizontalAdvance(self.title) + 24
            painter.setFont(_font(22))
            if used + painter.fontMetrics().horizontalAdvance(self.subtitle) <= title.width():
                painter.drawText(title, Qt.AlignmentFlag.AlignRight
                                 | Qt.AlignmentFlag.AlignVCenter, self.subtitle)
            else:  # too narrow for both on one line: the subtitle goes under the area
                below = QtCore.QRectF(14, self._rect.bottom() + 2, self._rect.width() - 28, 30)
                painter.drawText(below, Qt.AlignmentFlag.AlignLeft
                                 | Qt.AlignmentFlag.AlignVCenter, self.subtitle)


class CountBadge(QtWidgets.QGraphicsItem):
    """A round number on a deck: how many cards are in it."""

    def __init__(self, count: int, name: str,
                 parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__()
        # setParentItem hands ownership to the parent; a parent given to the
        # constructor of a Python subclass does not, and the item would be
        # collected with its last Python reference
        if parent is not None:
            self.setParentItem(parent)
        self.count = count
        self.setToolTip(tooltip(name))
        self.setData(ACCESSIBLE_ROLE, name)
        self.setZValue(5)
        self.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._bounds = QtCore.QRectF(0, 0, 90, 90)

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 (Qt override)
        return self._bounds

    def paint(self, painter: QtGui.QPainter, option: Any, widget: Any = None) -> None:
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setPen(QtGui.QPen(QtGui.QColor("#ffffff"), 5))
        painter.setBrush(QtGui.QColor("#1d1b18"))
        painter.drawEllipse(self.boundingRect().adjusted(3, 3, -3, -3))
        painter.setPen(QtGui.QColor("#ffffff"))
        painter.setFont(_font(42, bold=True))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, str(self.count))
