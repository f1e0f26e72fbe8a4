"""Card data shown by the plain-text helper reads as typed, never as markup."""

from __future__ import annotations

from gui.plain_text import MAX_SHOWN, escape, set_plain, tooltip
from gui.qt import Qt, QtGui, QtWidgets

HOSTILE = "<img src='/etc/passwd' width=30000 height=30000><b>Grist</b>"


def test_label_shows_markup_characters(qtbot):
    label = QtWidgets.QLabel()
    qtbot.addWidget(label)
    set_plain(label, HOSTILE)
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == HOSTILE
    # a plain label lays out one line of text, not a 30,000-pixel image
    assert label.sizeHint().height() < 200


def test_tooltip_renders_the_same_characters():
    doc = QtGui.QTextDocument()
    doc.setHtml(tooltip(HOSTILE + "\nsecond line"))
    assert doc.toPlainText() == HOSTILE + "\nsecond line"
    assert tooltip("") == ""


def test_escape_and_clip():
    assert escape('"<a>"') == "&quot;&lt;a&gt;&quot;"
    assert len(escape("x" * (MAX_SHOWN * 3))) == MAX_SHOWN + 1
