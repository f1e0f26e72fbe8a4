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


# what html.escape replaces, written here: the html module imports its entity table of
# 2,231 names (≈ 9 M instructions), and a new game's first frame escapes a few names
_MARKUP = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_MARKUP_AND_QUOTES = {**_MARKUP, ord('"'): "&quot;", ord("'"): "&#x27;"}


def _html_escape(text: str, quote: bool) -> str:
    return text.translate(_MARKUP_AND_QUOTES if quote else _MARKUP)


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
