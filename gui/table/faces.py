"""Which painter draws a view entry: a pack card, a standard playing card, a stat sheet.

The table's card items and the inspector paint through here, so a game whose cards are
not pack cards (Monster Hunt's two standard decks, its stat lines) needs no painter of
its own in the generic table.
"""

from __future__ import annotations

from typing import Any

from gui.qt import QtCore, QtGui
from gui.table import card_face, glance_face, playing_card, sheet_face


def glance_data(instance: dict[str, Any]) -> dict[str, Any] | None:
    """The pack card a glance face is drawn for; None for a back, a playing card or a
    stat sheet (those are drawn large and plain already)."""
    data = card_face.face_data(instance)
    if data is None or playing_card.is_playing_card(data) or sheet_face.is_sheet(data):
        return None
    return data


def paint_card(painter: QtGui.QPainter, rect: QtCore.QRectF, instance: dict[str, Any],
               glance: str = "", least: float = 0.0) -> None:
    """The printed face; with `glance` ("table" or "room") a pack card's glance face."""
    if glance:
        data = glance_data(instance)
        if data is not None:
            glance_face.paint(painter, rect, data, glance, least)
            return
    data = card_face.face_data(instance)
    if data is not None and (playing_card.is_playing_card(data) or sheet_face.is_sheet(data)):
        painter.save()
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QtGui.QPainter.RenderHint.TextAntialiasing)
        if sheet_face.is_sheet(data):
            sheet_face.paint_sheet(painter, rect, data, glance=bool(glance))
        else:
            playing_card.paint_face(painter, rect, data)
        painter.restore()
        return
    back = str(instance.get("back", ""))
    if data is None and playing_card.is_playing_back(back):
        painter.save()
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        playing_card.paint_back(painter, rect, back)
        painter.restore()
        return
    card_face.paint_card(painter, rect, instance)


def describe(instance: dict[str, Any]) -> str:
    data = card_face.face_data(instance)
    if data is None:
        back = str(instance.get("back", ""))
        if playing_card.is_playing_back(back):
            return f"Face-down {playing_card.BACKS[back][1].capitalize()} card"
    elif playing_card.is_playing_card(data):
        return playing_card.describe(data)
    elif sheet_face.is_sheet(data):
        return sheet_face.describe(data)
    return card_face.describe(instance)
