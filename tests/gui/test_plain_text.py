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


def test_escaped_data_reads_back_as_typed_in_a_rich_text_label():
    """escape and as_rich escape what the html module would (& < > and, inside a template,
    both quotes), so a name full of markup, entities and quotes shows as typed."""
    from html import escape as html_escape

    names = [HOSTILE, "Tom & Jerry's \"Big\" <Day>", "&amp; &lt;b&gt; &#x27;", "'\"'",
             "ü<é>&ß", "a\nb < c", "x" + "".join(chr(c) for c in range(32, 127))]
    for name in names:
        assert escape(name) == html_escape(name, quote=True)
        doc = QtGui.QTextDocument()
        doc.setHtml(f"<b title='{escape(name)}'>{escape(name)}</b>")
        assert doc.toPlainText() == name.replace("\n", " ")
        doc.setHtml(tooltip(name))
        assert doc.toPlainText() == name
