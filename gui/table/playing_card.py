"""Standard playing cards (and their two deck backs) painted with QPainter: no images.

A face is the view's ``{"rank": "Q", "suit": "spades", "label": "Q♠", "color": "black"}``
(a Joker has no rank and no suit). The corner indices and the centre are drawn large,
in red or black ink, so a card reads from across the room on the projector.
"""

from __future__ import annotations

from typing import Any

from gui.qt import Qt, QtCore, QtGui
from gui.table.card_face import _fit

SIGNS = {"spades": "\u2660", "hearts": "\u2665", "diamonds": "\u2666", "clubs": "\u2663"}
RED_INK = "#c21f2c"
BLACK_INK = "#16161a"
PAPER = "#fffdf7"
# a back per deck: the GM's and the Players' decks are told apart across the room
BACKS: dict[str, tuple[str, str]] = {"gm": ("#7a1f2b", "GM"), "players": ("#1f5a7a", "PLAYERS")}
COURT = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def is_playing_card(data: dict[str, Any]) -> bool:
    return "suit" in data and "rank" in data


def is_playing_back(back: str) -> bool:
    return back in BACKS


def describe(data: dict[str, Any]) -> str:
    """"Q♠ — Queen of spades", "Joker"."""
    rank, suit = data.get("rank"), data.get("suit")
    if not rank or not suit:
        return "Joker"
    return f"{data.get('label') or rank} — {COURT.get(str(rank), str(rank))} of {suit}"


def paint_face(painter: QtGui.QPainter, rect: QtCore.QRectF, data: dict[str, Any]) -> None:
    w, h = rect.width(), rect.height()
    radius = w * 0.06
    painter.setPen(QtGui.QPen(QtGui.QColor("#8a8578"), w * 0.012))
    painter.setBrush(QtGui.QColor(PAPER))
    painter.drawRoundedRect(rect, radius, radius)
    ink = QtGui.QColor(RED_INK if data.get("color") == "red" else BLACK_INK)
    painter.setPen(ink)
    rank, suit = data.get("rank"), data.get("suit")
    centre = Qt.AlignmentFlag.AlignCenter
    if not rank or not suit:
        _paint_joker(painter, rect, ink)
        return
    sign = SIGNS.get(str(suit), "?")
    rank = str(rank)
    # corner indices: rank over suit, top-left and (turned) bottom-right
    index = QtCore.QRectF(0, 0, w * 0.26, h * 0.3)
    for turned in (False, True):
        painter.save()
        if turned:
            painter.translate(rect.right(), rect.bottom())
            painter.rotate(180)
        else:
            painter.translate(rect.left(), rect.top())
        top = QtCore.QRectF(index.left() + w * 0.02, index.top() + h * 0.015,
                            index.width(), index.height() * 0.55)
        _fit(painter, top, rank, w * 0.22, centre, bold=True)
        pip = QtCore.QRectF(top.left(), top.bottom() - h * 0.015, index.width(),
                            index.height() * 0.42)
        _fit(painter, pip, sign, w * 0.18, centre)
        painter.restore()
    # the centre: a big rank letter (or number) over a big pip; an Ace is one huge pip
    body = rect.adjusted(w * 0.24, h * 0.16, -w * 0.24, -h * 0.16)
    if rank == "A":
        _fit(painter, body, sign, w * 0.6, centre)
        return
    if rank in COURT:
        painter.save()
        frame = QtGui.QColor(ink)
        frame.setAlpha(90)
        painter.setPen(QtGui.QPen(frame, w * 0.014))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(body, radius * 0.6, radius * 0.6)
        painter.restore()
    upper = QtCore.QRectF(body.left(), body.top(), body.width(), body.height() * 0.56)
    lower = QtCore.QRectF(body.left(), upper.bottom(), body.width(), body.height() * 0.44)
    _fit(painter, upper, rank, w * 0.4, centre, bold=True)
    _fit(painter, lower, sign, w * 0.36, centre)


def _paint_joker(painter: QtGui.QPainter, rect: QtCore.QRectF, ink: QtGui.QColor) -> None:
    w, h = rect.width(), rect.height()
    centre = Qt.AlignmentFlag.AlignCenter
    _fit(painter, QtCore.QRectF(rect.left(), rect.top() + h * 0.2, w, h * 0.3), "\u2605",
         w * 0.4, centre)
    _fit(painter, QtCore.QRectF(rect.left() + w * 0.08, rect.top() + h * 0.52, w * 0.84,
                                h * 0.2), "JOKER", w * 0.2, centre, bold=True)
    for y in (0.03, 0.87):
        _fit(painter, QtCore.QRectF(rect.left() + w * 0.05, rect.top() + h * y, w * 0.3,
                                    h * 0.1), "\u2605", w * 0.12, Qt.AlignmentFlag.AlignLeft
             | Qt.AlignmentFlag.AlignVCenter)


def paint_back(painter: QtGui.QPainter, rect: QtCore.QRectF, back: str) -> None:
    colour_name, word = BACKS.get(back, ("#444a55", back.upper()))
    colour = QtGui.QColor(colour_name)
    w = rect.width()
    radius = w * 0.06
    painter.setPen(QtGui.QPen(QtGui.QColor("#f5f0e0"), w * 0.03))
    painter.setBrush(colour)
    painter.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(w * 0.08, w * 0.08, -w * 0.08, -w * 0.08)
    painter.save()
    painter.setClipRect(inner)
    painter.setPen(QtGui.QPen(colour.lighter(135), w * 0.012))
    step = w / 7
    # the GM's back is chequered, the Players' striped: told apart in grey too
    x = inner.left() - inner.height()
    while x < inner.right():
        painter.drawLine(QtCore.QPointF(x, inner.top()),
                         QtCore.QPointF(x + inner.height(), inner.bottom()))
        if back == "gm":
            painter.drawLine(QtCore.QPointF(x + inner.height(), inner.top()),
                             QtCore.QPointF(x, inner.bottom()))
        x += step
    painter.restore()
    band = QtCore.QRectF(inner.left(), inner.center().y() - inner.height() * 0.12,
                         inner.width(), inner.height() * 0.24)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour.darker(170))
    painter.drawRoundedRect(band, radius * 0.4, radius * 0.4)
    painter.setPen(QtGui.QColor("#f5f0e0"))
    _fit(painter, band, word, w * 0.15, Qt.AlignmentFlag.AlignCenter, bold=True)
