"""Small input widgets that hold one JSON value, chosen from a schema fragment.

Each one has ``value()`` (``None`` when the field is left out of the card), ``set_value``
and a ``changed`` signal, so the form can treat a colour, a count and a name alike. A
value the schema does not know (from a hand-edited file) is shown rather than dropped,
so the validator can point at it.
"""

from __future__ import annotations

from typing import Any

from gui.editor.vocabulary import humanize
from gui.plain_text import plain_label, tooltip
from gui.qt import QtCore, QtGui, QtWidgets, Signal

NONE_TEXT = "—"
#: a QWidget with ``value()``, ``set_value()`` and ``changed`` (the classes below and the
#: composite fields); Qt's stubs cannot say that, so it is spelt Any
FieldWidget = Any


class EnumField(QtWidgets.QComboBox):
    changed = Signal()

    def __init__(self, options: list[Any], optional: bool, none_text: str = NONE_TEXT,
                 words: bool = False, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._words = words
        self.setSizeAdjustPolicy(QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
        if optional:
            self.addItem(none_text, None)
        for option in options:
            self.addItem(self._label(option), option)
        self.currentIndexChanged.connect(lambda _i: self.changed.emit())

    def _label(self, option: Any) -> str:
        return humanize(str(option)) if self._words else str(option)

    def set_options(self, options: list[Any]) -> None:
        """Swap the choices (keeping the current one when it is still allowed)."""
        current = self.value()
        optional = self.count() > 0 and self.itemData(0) is None
        blocked = self.blockSignals(True)
        none_text = self.itemText(0) if optional else NONE_TEXT
        self.clear()
        if optional:
            self.addItem(none_text, None)
        for option in options:
            self.addItem(self._label(option), option)
        self.blockSignals(blocked)
        self.set_value(current if current in options else None)

    def value(self) -> Any:
        return self.currentData()

    def set_value(self, value: Any) -> None:
        index = self.findData(value) if value is not None else (
            0 if self.count() and self.itemData(0) is None else -1)
        if index < 0 and value is not None:
            self.addItem(f"{value} (unknown)", value)
            index = self.count() - 1
        if index < 0:
            index = 0
        self.setCurrentIndex(index)


class IntField(QtWidgets.QSpinBox):
    """An integer; when optional, one step below the minimum means "not on the card"."""

    changed = Signal()

    def __init__(self, minimum: int, maximum: int, optional: bool,
                 none_text: str = NONE_TEXT, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._optional = optional
        self.setRange(minimum - 1 if optional else minimum, maximum)
        if optional:
            self.setSpecialValueText(none_text)
            self.setValue(self.minimum())  # starts left out, not at a made-up number
        self.valueChanged.connect(lambda _v: self.changed.emit())

    def value(self) -> int | None:  # type: ignore[override]
        number = super().value()
        if self._optional and number == self.minimum():
            return None
        return number

    def set_value(self, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.setValue(self.minimum())
            return
        self.setValue(max(self.minimum(), min(self.maximum(), value)))


class TextField(QtWidgets.QLineEdit):
    changed = Signal()

    def __init__(self, optional: bool, placeholder: str = "",
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._optional = optional
        self.setPlaceholderText(placeholder)
        self.textChanged.connect(lambda _t: self.changed.emit())

    def value(self) -> str | None:
        text = self.text()
        return None if self._optional and not text.strip() else text

    def set_value(self, value: Any) -> None:
        self.setText("" if value is None else str(value))


class LongTextField(QtWidgets.QPlainTextEdit):
    changed = Signal()

    def __init__(self, optional: bool, lines: int = 4,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._optional = optional
        self.setTabChangesFocus(True)
        metrics = QtGui.QFontMetrics(self.font())
        self.setFixedHeight(metrics.lineSpacing() * lines + 14)
        self.textChanged.connect(self.changed.emit)

    def value(self) -> str | None:
        text = self.toPlainText()
        return None if self._optional and not text.strip() else text

    def set_value(self, value: Any) -> None:
        if self.toPlainText() != ("" if value is None else str(value)):
            self.setPlainText("" if value is None else str(value))


class FixedField(QtWidgets.QLabel):
    """A parameter with a single legal value (``trauma.allowed`` is always ``true``)."""

    changed = Signal()

    def __init__(self, value: Any, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("yes" if value is True else str(value), parent)
        self._value = value

    def value(self) -> Any:
        return self._value

    def set_value(self, value: Any) -> None:
        pass


class AmountField(QtWidgets.QWidget):
    """A number, or X worked out in play (``{"x": "margin", "plus": 1}``)."""

    changed = Signal()

    def __init__(self, number: dict[str, Any], variable: dict[str, Any], optional: bool,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        xs = list(variable["properties"]["x"]["enum"])
        plus = variable["properties"]["plus"]
        self.kind = EnumField(["number", *xs], optional=False,
                              words=True)
        self.kind.setToolTip("A fixed number, or X: worked out when the effect happens")
        self.number = IntField(int(number.get("minimum", 1)), int(number.get("maximum", 20)),
                               optional=optional)
        self.plus = IntField(int(plus.get("minimum", -10)), int(plus.get("maximum", 10)),
                             optional=False)
        self.plus.setPrefix("+ ")
        self.plus.setToolTip("Added to X")
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.kind, self.number, self.plus):
            layout.addWidget(w)
            w.changed.connect(self._changed)
        self._sync()

    def _changed(self) -> None:
        self._sync()
        self.changed.emit()

    def _sync(self) -> None:
        fixed = self.kind.value() == "number"
        self.number.setVisible(fixed)
        self.plus.setVisible(not fixed)

    def value(self) -> Any:
        if self.kind.value() == "number":
            return self.number.value()
        out: dict[str, Any] = {"x": self.kind.value()}
        if self.plus.value():
            out["plus"] = self.plus.value()
        return out

    def set_value(self, value: Any) -> None:
        for w in (self.kind, self.number, self.plus):
            w.blockSignals(True)
        if isinstance(value, dict):
            self.kind.set_value(value.get("x"))
            self.plus.set_value(value.get("plus", 0))
        else:
            self.kind.set_value("number")
            self.number.set_value(value)
        for w in (self.kind, self.number, self.plus):
            w.blockSignals(False)
        self._sync()


def field_for(schema: dict[str, Any], optional: bool, words: bool = False,
              none_text: str = NONE_TEXT) -> FieldWidget:
    """The widget for one schema fragment: a list of choices, a number or a line of text."""
    one_of = schema.get("oneOf") or []
    if len(one_of) == 2 and one_of[0].get("type") == "integer" \
            and "x" in one_of[1].get("properties", {}):
        return AmountField(one_of[0], one_of[1], optional)
    if "const" in schema:
        return FixedField(schema["const"])
    if "enum" in schema:
        return EnumField(list(schema["enum"]), optional, none_text, words)
    if schema.get("type") == "integer":
        return IntField(int(schema.get("minimum", 0)), int(schema.get("maximum", 99)),
                        optional, none_text)
    return TextField(optional)


def discard(widget: QtWidgets.QWidget) -> None:
    """Take a widget out of its layout now and delete it later.

    deleteLater alone leaves it in the layout (and on screen) until control returns to
    the event loop, so a rebuilt row would briefly show both the old and the new widgets.
    """
    widget.hide()
    widget.setParent(None)
    widget.deleteLater()


def mark_error(widget: QtWidgets.QWidget, message: str | None) -> None:
    """Outline a widget in red (or clear it) and put the message in its tooltip."""
    on = bool(message)
    if bool(widget.property("ptError")) == on and not on:
        return
    widget.setProperty("ptError", on)
    if on:
        if widget.property("ptTip") is None:
            widget.setProperty("ptTip", widget.toolTip())
        widget.setToolTip(tooltip(message))
    elif widget.property("ptTip") is not None:
        widget.setToolTip(str(widget.property("ptTip")))
    widget.style().unpolish(widget)
    widget.style().polish(widget)


ERROR_STYLE = """
*[ptError="true"] { border: 2px solid #c0392b; border-radius: 3px; }
QLabel[ptRole="error"] { color: #c0392b; }
QLabel[ptRole="help"] { color: palette(placeholder-text); }
"""


def error_label() -> QtWidgets.QLabel:
    label = plain_label()  # an error may quote the card's name
    label.setProperty("ptRole", "error")
    label.setWordWrap(True)
    label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label
