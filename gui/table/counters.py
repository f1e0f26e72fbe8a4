"""The counters beside a character card: Stress with max and Trauma, Belief or Hate,
Energy, Quantity, actions and statuses, as big badges readable across the room.

Each badge is its own item with a tooltip and an accessible name ("Physical Stress 4 of
6, Trauma 1"), because a number alone does not say what it counts.
"""

from __future__ import annotations

import functools
from typing import Any

from gui.plain_text import tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gui.table.card_face import CARD_H, FONT_FAMILY
from gui.table.card_item import ACCESSIBLE_ROLE, ROOM_TEXT
from gui.table.drag_source import DragSource

PANEL_W = 160.0
ROW_H = 46.0
# the projector: numbers read from the back of the room (see `CounterPanel`)
ROOM_PANEL_W = 250.0
# a row just holds its room-sized line, so two lines of status chips fit under three rows
ROOM_ROW_H = 70.0
TAG_PAD = 6.0   # room either side of a tag's word

STRESS = (("physical", "Phys", "Physical Stress", "#c0392b"),
          ("mental", "Ment", "Mental Stress", "#2e6fbd"),
          ("social", "Soc", "Social Stress", "#2e8b57"))
ROOM_ELSEWHERE = {label for _key, label, _name, _colour in STRESS}
STATUS_COLOURS = {"Incapacitated": "#555555", "Demoralized": "#7f5a83", "Stunned": "#d35400",
                  "Prone": "#8e6e53", "Surprised": "#c0392b", "Flying": "#2980b9",
                  "Hidden": "#34495e"}


@functools.cache
def badge_font(px: float, bold: bool = False) -> QtGui.QFont:
    font = QtGui.QFont(FONT_FAMILY)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    # narrow figures: "18/18 T1" and "2M 1A" fit a badge at a larger size
    font.setStretch(QtGui.QFont.Stretch.Condensed)
    return font


# the badges that hold something a character can spend, by badge label
SPENDABLE = {"Bel": "belief", "Hate": "hate", "En": "energy", "Qty": "quantity"}


def counter_key(char_id: str, counter: str) -> str:
    """The drag key of a counter badge: "counter:<character>:<counter>"."""
    return f"counter:{char_id}:{counter}"


class Badge(DragSource, QtWidgets.QGraphicsObject):
    """One counter. A badge of something spendable can be picked up and dropped on a
    character, like a card; what the drop means is the controller's business."""

    sig_pressed = Signal(object)   # self, when a draggable badge is picked up
    sig_released = Signal(object, QtCore.QPointF)  # self, scene position of the drop

    def __init__(self, label: str, value: str, colour: str, name: str,
                 width: float = PANEL_W, height: float = ROW_H - 6,
                 parent: QtWidgets.QGraphicsItem | None = None, alarm: bool = False,
                 key: str = "", text_px: float = 0.0) -> None:
        super().__init__()
        # setParentItem hands ownership to the parent; a parent given to the
        # constructor of a Python subclass does not, and the item would be
        # collected with its last Python reference
        if parent is not None:
            self.setParentItem(parent)
        self.label, self.value, self.colour = label, value, QtGui.QColor(colour)
        self.alarm = alarm
        # the projector: the tag's word at this size (as large as the number), its tag
        # as wide as the word; 0: the tag is a third of the badge and its word fits it
        self.text_px = text_px
        self._rect = QtCore.QRectF(0, 0, width, height)
        self.setToolTip(tooltip(name))
        self.setData(ACCESSIBLE_ROLE, name)
        self.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.card_id = key            # the drag key (same name as a card item's, for the scene)
        self.home = QtCore.QPointF()

    @property
    def accessible_name(self) -> str:
        return str(self.data(ACCESSIBLE_ROLE))

    # ----------------------------------------------------------- dragging
    def set_draggable(self, on: bool) -> None:
        self.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable, on)
        self.setCursor(Qt.CursorShape.OpenHandCursor if on else Qt.CursorShape.ArrowCursor)
        if on:
            self.setToolTip(tooltip(f"{self.accessible_name}\nDrag onto a character to spend it"))

    def set_highlight(self, kind: str | None) -> None:
        """A badge is never a drop target; the scene may still ask."""

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 (Qt override)
        return self._rect

    def paint(self, painter: QtGui.QPainter, option: Any, widget: Any = None) -> None:
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        r = self._rect
        painter.setPen(QtGui.QPen(self.colour.darker(140), 2))
        painter.setBrush(QtGui.QColor("#fffdf7") if not self.alarm else QtGui.QColor("#ffe0dc"))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), 8, 8)
        tag = QtCore.QRectF(r.left() + 1, r.top() + 1, self.tag_width(), r.height() - 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        painter.drawRoundedRect(tag, 8, 8)
        painter.setPen(QtGui.QColor("#ffffff"))
        painter.setFont(badge_font(self.label_px(), bold=True))
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, self.label)
        if not self.value:
            return
        painter.setPen(QtGui.QColor("#1d1b18"))
        painter.setFont(badge_font(self.value_px(), bold=True))
        painter.drawText(self.value_rect(), Qt.AlignmentFlag.AlignCenter, self.value)

    def tag_width(self) -> float:
        """The coloured tag's width: the whole of a status chip (no value); on the
        projector the word's own width; else a third of the badge."""
        r = self._rect
        if not self.value:
            return r.width() - 2
        if self.text_px:
            word = QtGui.QFontMetricsF(badge_font(self.text_px, bold=True)).horizontalAdvance(
                self.label)
            return min(r.width() * 0.5, word + 2 * TAG_PAD)
        return min(r.width() * 0.34, r.height() * 1.5)

    def value_rect(self) -> QtCore.QRectF:
        r = self._rect
        tag_w = self.tag_width()
        return QtCore.QRectF(r.left() + tag_w + 4, r.top(), r.width() - tag_w - 8, r.height())

    def value_px(self) -> int:
        """The number's size: as tall as the badge allows, narrowed until it fits."""
        size = round(max(self.text_px, self._rect.height() * 0.72))
        width = self.value_rect().width()
        while size > 8 and QtGui.QFontMetricsF(badge_font(size, bold=True)).horizontalAdvance(
                self.value) > width:
            size -= 1
        return size

    def label_px(self) -> int:
        """The tag's word ("Phys"): as large as the tag holds."""
        r = self._rect
        tag_w = self.tag_width()
        size = round(self.text_px or r.height() * (0.46 if self.value else 0.56))
        while size > 6 and QtGui.QFontMetricsF(badge_font(size, bold=True)).horizontalAdvance(
                self.label) > tag_w - TAG_PAD:
            size -= 1
        return size


def badges_for(character: dict[str, Any]) -> list[tuple[str, str, str, str, bool]]:
    """(label, value, colour, accessible name, alarm) for each counter the character has."""
    c = character.get("counters") or {}
    out: list[tuple[str, str, str, str, bool]] = []
    for key, label, name, colour in STRESS:
        if c.get(key) is None:
            continue
        value, top = c.get(key), c.get(f"{key}_max")
        trauma = c.get(f"{key}_trauma") or 0
        text = f"{value}/{top}" if top is not None else str(value)
        spoken = f"{name} {value} of {top}" if top is not None else f"{name} {value}"
        if trauma:
            text += f" T{trauma}"
            spoken += f", Trauma {trauma}"
        out.append((label, text, colour, spoken, value == 0))
    if c.get("belief") is not None:
        top = c.get("belief_max")
        out.append(("Bel", f"{c['belief']}/{top}" if top is not None else str(c["belief"]),
                    "#b8860b", f"Belief {c['belief']}" + (f" of {top}" if top else ""), False))
    if c.get("hate") is not None:
        out.append(("Hate", str(c["hate"]), "#6c2c91", f"Hate {c['hate']}", c["hate"] == 0))
    if c.get("energy") is not None and c.get("quantity") is None:
        out.append(("En", str(c["energy"]), "#e67e22", f"Energy {c['energy']}", False))
    if c.get("quantity") is not None:
        # the card prints the starting Quantity: the badge says how many are left of it
        printed = (character.get("card") or {}).get("quantity")
        left = c["quantity"]
        text = f"{left}/{printed}" if isinstance(printed, int) else str(left)
        spoken = f"Quantity {left}" + (f" of {printed}" if isinstance(printed, int) else "")
        out.append(("Qty", text, "#7f8c8d", f"{spoken} Mooks left", left == 0))
    actions = character.get("actions") or {}
    if actions:
        move, attack = actions.get("move", 0), actions.get("attack", 0)
        out.append(("Act", f"{move}M {attack}A", "#455a64",
                    f"Actions: {move} Move, {attack} Attack", False))
    return out


class CounterPanel(QtWidgets.QGraphicsObject):
    """A column of badges, as tall as a character card."""

    def __init__(self, character: dict[str, Any],
                 parent: QtWidgets.QGraphicsItem | None = None, room: bool = False,
                 reach: float = 0.0, span: float = 0.0, below: float = 0.0) -> None:
        """`reach`: on the projector, how far left of the column the status chips may
        run (over the lower part of the character's card, which its plate leaves bare);
        `span`, when given, how wide their lines may be from there (past the column, over
        what lies right of it) and `below`, how far down that is taken (the Equipment)."""
        super().__init__()
        # setParentItem hands ownership to the parent; a parent given to the
        # constructor of a Python subclass does not, and the item would be
        # collected with its last Python reference
        if parent is not None:
            self.setParentItem(parent)
        self.character = character
        self.badges: list[Badge] = []
        self.spendable: dict[str, Badge] = {}   # counter name -> its badge
        char_id = str(character.get("id", ""))
        rows = badges_for(character)
        if room:
            # the projector's Stress board under the table shows each Stress track large;
            # the column keeps what only it shows, so its numbers can be room-sized too
            rows = [r for r in rows if r[0] not in ROOM_ELSEWHERE]
        statuses = list(character.get("statuses") or [])
        # on the projector the rows take the card's whole height, the numbers with them
        panel_w, most = (ROOM_PANEL_W, ROOM_ROW_H) if room else (PANEL_W, ROW_H)
        row_h = min(most, CARD_H / max(1, len(rows) + (1 if statuses else 0)))
        y = 0.0
        for label, value, colour, name, alarm in rows:
            counter = SPENDABLE.get(label, "")
            badge = Badge(label, value, colour, name, width=panel_w, height=row_h - 6,
                          parent=self, alarm=alarm,
                          key=counter_key(char_id, counter) if counter else "",
                          text_px=ROOM_TEXT if room else 0.0)
            badge.setPos(0, y)
            self.badges.append(badge)
            if counter:
                self.spendable[counter] = badge
            y += row_h
        self.status_badges: list[Badge] = []
        if room:
            y = self._room_chips(statuses, span or reach + panel_w, reach,
                                 max(y, below))
            statuses = []
        for status in statuses:
            chip = Badge(status, "", STATUS_COLOURS.get(status, "#555555"), status,
                         width=panel_w, height=min(30.0, row_h - 6), parent=self)
            chip.setPos(0, y)
            y += min(34.0, row_h)
            self.status_badges.append(chip)
        self._height = max(y, CARD_H)
        self._bounds = QtCore.QRectF(0, 0, panel_w, self._height)

    @staticmethod
    def width_for(room: bool) -> float:
        return ROOM_PANEL_W if room else PANEL_W

    def panel_width(self) -> float:
        """The column's width (its chips may run past it, left and right)."""
        return self._bounds.width()

    def _room_chips(self, statuses: list[str], span: float, reach: float,
                    rows_end: float) -> float:
        """The projector's status chips: each as wide as its word at the room's size, in
        lines `span` wide from `reach` left of the column, the last line on the card's
        bottom edge; lower, past the card, only rather than cover a counter (or what
        ends at `rows_end`). Returns their bottom."""
        metrics = QtGui.QFontMetricsF(badge_font(ROOM_TEXT, bold=True))
        height, gap = metrics.height(), 4.0
        lines: list[list[tuple[str, float]]] = [[]]
        used = 0.0
        for status in statuses:
            width = min(span, metrics.horizontalAdvance(status) + 4 * TAG_PAD)
            if lines[-1] and used + gap + width > span:
                lines.append([])
                used = 0.0
            used += (gap if lines[-1] else 0.0) + width
            lines[-1].append((status, width))
        if not statuses:
            return rows_end
        y = max(rows_end + gap, CARD_H - len(lines) * (height + gap))
        for line in lines:
            x = -reach
            for status, width in line:
                chip = Badge(status, "", STATUS_COLOURS.get(status, "#555555"), status,
                             width=width, height=height, parent=self, text_px=ROOM_TEXT)
                chip.setPos(x, y)
                self.status_badges.append(chip)
                x += width + gap
            y += height + gap
        return y

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 (Qt override)
        return self._bounds

    def paint(self, painter: QtGui.QPainter, option: Any, widget: Any = None) -> None:
        return None
