"""Printable sheets: a pack's cards at real size (63 × 88 mm), nine to an A4 or Letter page.

Cards are drawn by the table's own painter (``gui.table.card_face.paint_card``) scaled
from scene units to millimetres, so a printed card is the card on the table. They sit
edge to edge in a 3 × 3 block, so one straight cut serves two cards; the cut marks are
short lines in the margin, never over a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gui.qt import QtCore, QtGui
from gui.table.card_face import CARD_H, CARD_W, paint_card

CARD_MM = (63.0, 88.0)
GRID = (3, 3)
DPI = 300
PAGE_SIZES = {
    "A4": QtGui.QPageSize.PageSizeId.A4,
    "Letter": QtGui.QPageSize.PageSizeId.Letter,
}
MARK_MM = 4.0   # length of a cut mark
GAP_MM = 1.5    # space between the card block and a mark


def print_cards(cards: Iterable[dict[str, Any]], target: Path, page: str = "A4",
                title: str = "Plot Twist cards") -> int:
    """Write ``cards`` (card data dicts) to a PDF at ``target``; return the page count."""
    cards = list(cards)
    if not cards:
        raise ValueError("there are no cards to print")
    writer = QtGui.QPdfWriter(str(target))
    writer.setTitle(title)
    writer.setCreator("Plot Twist Table")
    writer.setResolution(DPI)
    writer.setPageSize(QtGui.QPageSize(PAGE_SIZES[page]))
    writer.setPageMargins(QtCore.QMarginsF(0, 0, 0, 0), QtGui.QPageLayout.Unit.Millimeter)
    page_mm = writer.pageLayout().fullRect(QtGui.QPageLayout.Unit.Millimeter).size()
    painter = QtGui.QPainter(writer)
    if not painter.isActive():
        raise OSError(f"cannot write {target}")
    pages = list(_chunks(cards))
    try:
        for number, chunk in enumerate(pages):
            if number:
                writer.newPage()
            paint_sheet(painter, chunk, page_mm, DPI / 25.4)
    finally:
        painter.end()
    return len(pages)


def sheet_image(cards: list[dict[str, Any]], page: str = "A4", dpi: float = 60) -> QtGui.QImage:
    """The first sheet as a picture (a print preview, and a way to look at the layout)."""
    size = QtGui.QPageSize(PAGE_SIZES[page]).size(QtGui.QPageSize.Unit.Millimeter)
    unit = dpi / 25.4
    image = QtGui.QImage(round(size.width() * unit), round(size.height() * unit),
                         QtGui.QImage.Format.Format_RGB32)
    image.fill(QtGui.QColor("#ffffff"))
    painter = QtGui.QPainter(image)
    try:
        paint_sheet(painter, next(iter(_chunks(cards)), []), size, unit)
    finally:
        painter.end()
    return image


def _chunks(cards: list[dict[str, Any]]) -> Iterable[list[dict[str, Any]]]:
    per_page = GRID[0] * GRID[1]
    for start in range(0, len(cards), per_page):
        yield cards[start:start + per_page]


def paint_sheet(painter: QtGui.QPainter, cards: list[dict[str, Any]], page_mm: QtCore.QSizeF,
                unit: float) -> None:
    """Paint up to nine cards centred on a page of ``page_mm``; ``unit`` is device px/mm."""
    cols, rows = GRID
    block_w, block_h = CARD_MM[0] * cols, CARD_MM[1] * rows
    left = (page_mm.width() - block_w) / 2
    top = (page_mm.height() - block_h) / 2
    for i, data in enumerate(cards):
        row, col = divmod(i, cols)
        painter.save()
        painter.translate((left + col * CARD_MM[0]) * unit, (top + row * CARD_MM[1]) * unit)
        painter.scale(CARD_MM[0] * unit / CARD_W, CARD_MM[1] * unit / CARD_H)
        paint_card(painter, QtCore.QRectF(0, 0, CARD_W, CARD_H), {"card": data})
        painter.restore()
    _cut_marks(painter, left, top, block_w, block_h, unit)


def _cut_marks(painter: QtGui.QPainter, left: float, top: float, width: float,
               height: float, unit: float) -> None:
    def point(x_mm: float, y_mm: float) -> QtCore.QPointF:
        return QtCore.QPointF(x_mm * unit, y_mm * unit)

    painter.save()
    painter.setPen(QtGui.QPen(QtGui.QColor("#000000"), 0.2 * unit))
    cols, rows = GRID
    for c in range(cols + 1):
        x = left + c * CARD_MM[0]
        for y0, y1 in ((top - GAP_MM - MARK_MM, top - GAP_MM),
                       (top + height + GAP_MM, top + height + GAP_MM + MARK_MM)):
            painter.drawLine(point(x, y0), point(x, y1))
    for r in range(rows + 1):
        y = top + r * CARD_MM[1]
        for x0, x1 in ((left - GAP_MM - MARK_MM, left - GAP_MM),
                       (left + width + GAP_MM, left + width + GAP_MM + MARK_MM)):
            painter.drawLine(point(x0, y), point(x1, y))
    painter.restore()
