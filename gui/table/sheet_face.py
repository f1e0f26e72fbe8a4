"""A character's stat sheet drawn as a card: name, big stat boxes, a Power and its text.

For games whose characters are stat lines rather than pack cards. A sheet is a view-like
dict ``{"sheet": True, "name", "role", "stats": [[label, value], …], "power", "text",
"accent"}`` made by a layout; nothing here knows a game.
"""

from __future__ import annotations

from typing import Any

from gui.qt import Qt, QtCore, QtGui
from gui.table.card_face import INK, PARCHMENT, _fit, _font_px
from gui.table.glance_face import fit_name, font, metrics, wrap


def is_sheet(data: dict[str, Any]) -> bool:
    return data.get("sheet") is True


def describe(data: dict[str, Any]) -> str:
    stats = ", ".join(f"{label} {value}" for label, value in data.get("stats") or [])
    bits = [str(data.get("name", "?")), str(data.get("role", "")), stats]
    if data.get("power"):
        bits.append(f"Power: {data['power']}")
    return " — ".join(b for b in bits if b)


def paint_sheet(painter: QtGui.QPainter, rect: QtCore.QRectF, data: dict[str, Any],
                glance: bool = False) -> None:
    """The whole sheet; with `glance` (on the table) the text ends in "…" where it would
    otherwise shrink out of reading size."""
    w, h = rect.width(), rect.height()
    accent = QtGui.QColor(str(data.get("accent") or "#8e2c2c"))
    radius = w * 0.06
    painter.setPen(QtGui.QPen(accent.darker(160), w * 0.012))
    painter.setBrush(accent)
    painter.drawRoundedRect(rect, radius, radius)
    pad = w * 0.05
    x, y, iw = rect.left() + pad, rect.top() + pad, w - 2 * pad
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    centre = Qt.AlignmentFlag.AlignCenter
    painter.setPen(QtGui.QColor("#ffffff"))
    # type as large as a glance face's: a sheet is read on the table, at a card's size
    # the name on two lines, then elided, rather than shrunk out of reading size
    px, lines = fit_name(str(data.get("name", "?")), iw, round(w * 0.12), round(w * 0.1),
                         round(w * 0.08), 2)
    name_h = metrics(px, True, False, True).lineSpacing() * len(lines)
    painter.setFont(font(px, True, False, True))
    painter.drawText(QtCore.QRectF(x, y, iw, name_h), left, "\n".join(lines))
    y += name_h
    if data.get("role"):
        _fit(painter, QtCore.QRectF(x, y, iw, h * 0.07), str(data["role"]), w * 0.08, left)
        y += h * 0.075
    body = QtCore.QRectF(x, y, iw, rect.bottom() - pad - y)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QtGui.QColor(PARCHMENT))
    painter.drawRoundedRect(body, radius * 0.5, radius * 0.5)
    stats = list(data.get("stats") or [])
    by = body.top() + pad * 0.5
    if stats:
        cell = (body.width() - pad) / len(stats)
        box_h = h * 0.22
        for i, (label, value) in enumerate(stats):
            box = QtCore.QRectF(body.left() + pad * 0.5 + i * cell + 2, by, cell - 4, box_h)
            painter.setPen(QtGui.QPen(accent.darker(120), w * 0.008))
            painter.setBrush(QtGui.QColor("#ffffff"))
            painter.drawRoundedRect(box, 5, 5)
            painter.setPen(QtGui.QColor(INK))
            _fit(painter, QtCore.QRectF(box.left(), box.top(), box.width(), box_h * 0.64),
                 str(value), w * 0.15, centre, bold=True)
            _fit(painter, QtCore.QRectF(box.left(), box.top() + box_h * 0.62, box.width(),
                                        box_h * 0.36), str(label), w * 0.075, centre)
        by += box_h + pad * 0.5
    painter.setPen(QtGui.QColor(INK))
    bx, bw = body.left() + pad * 0.5, body.width() - pad
    if data.get("power"):
        _fit(painter, QtCore.QRectF(bx, by, bw, h * 0.09), str(data["power"]), w * 0.09,
             left, bold=True)
        by += h * 0.09
    text = str(data.get("text") or "")
    tr = QtCore.QRectF(bx, by, bw, body.bottom() - pad * 0.4 - by)
    if text and not glance and tr.height() > 4:
        _fit(painter, tr, text, w * 0.08, Qt.AlignmentFlag.AlignLeft
             | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, min_size=5)
    elif text:
        size = round(w * 0.08)
        fm = metrics(size)
        rows = int(tr.height() // fm.lineSpacing())
        if rows >= 1:
            # as much as fits at a readable size, then "…": the inspector shows it whole
            shown, _whole = wrap(text, fm, bw, rows)
            painter.setFont(_font_px(size, False, False))
            painter.drawText(tr, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                             "\n".join(shown))
