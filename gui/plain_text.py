"""Data shown as text, never as markup.

Card names, card text, save fields, pack paths and anything a phone sends are data: a
name like ``<img src=... width=30000>`` must show those characters, not load an image.
Qt guesses "rich text" for any string that looks like HTML (``Qt::mightBeRichText``) in
labels, tooltips, message boxes and list items, so every widget that shows data goes
through this module:

- ``set_plain(label, text)`` for a QLabel (or anything with ``setTextFormat``), and
  ``plain_label(text)`` for a new QLabel that will only ever show plain text;
- ``tooltip(text)`` for ``setToolTip`` (tooltips have no text-format switch, so the
  text is escaped into a minimal rich template that keeps line breaks), and
  ``as_rich(text)``, the same, for a message box's text;
- ``escape(text)`` for a fixed rich template of our own that holds data
  (``f"<b>{escape(name)}</b>"``).
"""

from __future__ import annotations

from gui.qt import QtCore, QtWidgets

# Tooltips and labels are for reading, not for storing a novel: a hostile 10 MB name must
# not make Qt lay out 10 MB of text on hover.
MAX_SHOWN = 2000


def _clip(text: object) -> str:
    value = "" if text is None else str(text)
    if len(value) > MAX_SHOWN:
        value = value[:MAX_SHOWN] + "…"
    return value


def _html_escape(text: str, quote: bool) -> str:
    # html imports its entity table and compiles regexes (≈ 2 ms): not before the
    # start screen's first frame, which escapes nothing
    from html import escape as html_escape

    return html_escape(text, quote=quote)


def escape(text: object) -> str:
    """``text`` made safe to put inside a rich-text template (quotes included)."""
    return _html_escape(_clip(text), quote=True)


def as_rich(text: object) -> str:
    """``text`` escaped into a minimal rich template that keeps line breaks: for the
    places that guess the format and cannot be told "plain" (tooltips, the text of
    ``QMessageBox.warning``/``question``/``information``)."""
    value = _clip(text)
    if not value:
        return ""
    return f"<p style='white-space:pre-wrap'>{_html_escape(value, quote=False)}</p>"


def tooltip(text: object) -> str:
    """A tooltip string that Qt shows as exactly ``text``, line breaks kept."""
    return as_rich(text)


def set_plain(label: QtWidgets.QLabel, text: object) -> None:
    """Show ``text`` in ``label`` character for character."""
    label.setTextFormat(QtCore.Qt.TextFormat.PlainText)
    label.setText(_clip(text))


def plain_label(text: object = "", parent: QtWidgets.QWidget | None = None) -> QtWidgets.QLabel:
    """A QLabel that shows its text character for character, now and after ``setText``."""
    label = QtWidgets.QLabel(parent)
    set_plain(label, text)
    return label
