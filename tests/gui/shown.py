"""What a person reads in a tooltip (tooltips hold data escaped into a rich template)."""

from __future__ import annotations

from gui.qt import QtGui


def tip(text: str) -> str:
    doc = QtGui.QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()
