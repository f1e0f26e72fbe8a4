"""Composite card fields: numbers in a grid, keyword ticks, requirements, combat cost, art.

Each behaves like the single-value widgets in :mod:`gui.editor.values` (``value``,
``set_value``, ``changed``) and also reports its sub-widgets by JSON path, so an error on
``attributes.body`` outlines the Body box, not the whole group.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gui.editor.values import EnumField, FieldWidget, IntField, TextField, field_for
from gui.plain_text import plain_label, tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal

ART_MAX = QtCore.QSize(750, 1050)  # 63×88 mm at ~300 dpi: more is wasted bytes
ART_MAX_BYTES = 2 * 1024 * 1024


class StatsField(QtWidgets.QWidget):
    """Attributes (all required) or Heroics / Skills (0 means "not on the card")."""

    changed = Signal()

    def __init__(self, schema: dict[str, Any], columns: int = 4,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.required = set(schema.get("required", []))
        self.spins: dict[str, IntField] = {}
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, (name, sub) in enumerate(schema.get("properties", {}).items()):
            spin = IntField(int(sub.get("minimum", 0)), int(sub.get("maximum", 10)),
                            optional=False)
            spin.setAccessibleName(name.replace("_", " "))
            label = QtWidgets.QLabel(name.replace("_", " ").capitalize())
            label.setBuddy(spin)
            row, col = divmod(i, columns)
            grid.addWidget(label, row, col * 2, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(spin, row, col * 2 + 1)
            spin.changed.connect(self.changed)
            self.spins[name] = spin
        grid.setColumnStretch(grid.columnCount(), 1)
        self._order: list[str] = []

    def value(self) -> dict[str, int] | None:
        out: dict[str, int] = {}
        # keep the order the card had, then the schema's, so a save changes only values
        names = self._order + [n for n in self.spins if n not in self._order]
        for name in names:
            number = self.spins[name].value() or 0
            if name in self.required or number:
                out[name] = number
        return out or None

    def set_value(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        self._order = [k for k in value if k in self.spins]
        for name, spin in self.spins.items():
            spin.blockSignals(True)
            spin.set_value(value.get(name, 0))
            spin.blockSignals(False)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self}
        found.update({f"{path}.{k}": w for k, w in self.spins.items()})
        return found


class KeywordsField(QtWidgets.QWidget):
    changed = Signal()

    def __init__(self, options: list[str], parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.boxes: dict[str, QtWidgets.QCheckBox] = {}
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, word in enumerate(options):
            box = QtWidgets.QCheckBox(word)
            box.toggled.connect(lambda _on: self.changed.emit())
            grid.addWidget(box, *divmod(i, 3))
            self.boxes[word] = box
        self._extra: list[Any] = []

    def value(self) -> list[str] | None:
        words = [w for w, box in self.boxes.items() if box.isChecked()] + self._extra
        return words or None

    def set_value(self, value: Any) -> None:
        words = value if isinstance(value, list) else []
        self._extra = [w for w in words if w not in self.boxes]  # shown by the validator
        for word, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(word in words)
            box.blockSignals(False)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        return {path: self}


class GroupField(QtWidgets.QWidget):
    """An object of optional parts (``requires``, a combat card's ``cost``).

    ``keep_empty`` makes an empty object ``{}`` rather than leaving the field out (a
    Combat card always has a cost; ``{}`` is a free card).
    """

    changed = Signal()

    def __init__(self, schema: dict[str, Any], keep_empty: bool = False,
                 zero_is_none: bool = False, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.keep_empty = keep_empty
        self.parts: dict[str, FieldWidget] = {}
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, (name, sub) in enumerate(schema.get("properties", {}).items()):
            widget: FieldWidget
            if zero_is_none and sub.get("type") == "integer":
                widget = IntField(int(sub.get("minimum", 0)), int(sub.get("maximum", 10)),
                                  optional=False)
            else:
                widget = field_for(sub, optional=True, none_text="any")
                if isinstance(widget, TextField):
                    widget.setPlaceholderText("any")
            widget.setAccessibleName(name)
            label = QtWidgets.QLabel(name.replace("_", " ").capitalize())
            label.setBuddy(widget)
            row, col = divmod(i, 2 if not zero_is_none else 4)
            grid.addWidget(label, row, col * 2, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(widget, row, col * 2 + 1)
            widget.changed.connect(self.changed)
            self.parts[name] = widget
        grid.setColumnStretch(grid.columnCount(), 1)

    def value(self) -> dict[str, Any] | None:
        out = {k: w.value() for k, w in self.parts.items() if w.value() not in (None, 0)}
        return out if out or self.keep_empty else None

    def set_value(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        for name, widget in self.parts.items():
            widget.blockSignals(True)
            widget.set_value(value.get(name, 0 if isinstance(widget, IntField) else None))
            widget.blockSignals(False)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self}
        found.update({f"{path}.{k}": w for k, w in self.parts.items()})
        return found


class ClausesField(TextField):
    """Reference clause IDs, typed as ``PT-HATE-5, PT-HATE-6``."""

    def __init__(self) -> None:
        super().__init__(optional=True, placeholder="PT-HATE-5, PT-HATE-6")

    def value(self) -> list[str] | None:  # type: ignore[override]
        items = [x.strip() for x in self.text().split(",") if x.strip()]
        return items or None

    def set_value(self, value: Any) -> None:
        self.setText(", ".join(str(x) for x in value) if isinstance(value, list) else "")


def prepare_art(source: Path) -> tuple[bytes, str]:
    """Read a picture, check it really is PNG or JPEG, scale it to card size.

    Returns (bytes, suffix). Raises ValueError with a sentence for people.
    """
    reader = QtGui.QImageReader(str(source))
    fmt = bytes(reader.format().data()).decode("ascii", "ignore").lower()
    if fmt not in ("png", "jpeg", "jpg"):
        raise ValueError(f"{source.name} is not a PNG or JPEG picture")
    reader.setAutoTransform(True)
    image = reader.read()
    if image.isNull():
        raise ValueError(f"{source.name} cannot be read: {reader.errorString()}")
    if image.width() > ART_MAX.width() or image.height() > ART_MAX.height():
        image = image.scaled(ART_MAX, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    # re-encoding drops anything else the file carried (metadata, trailing data)
    for suffix, kind, quality in ((".png", "PNG", -1), (".jpg", "JPEG", 90),
                                  (".jpg", "JPEG", 75)):
        if fmt == "png" or kind == "JPEG":
            buffer = QtCore.QBuffer()
            buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
            # the stubs say bytes, but PySide 6.11 accepts only str for the format here
            image.save(buffer, kind, quality)  # type: ignore[call-overload]
            data = bytes(buffer.data().data())
            if len(data) <= ART_MAX_BYTES:
                return data, suffix
    raise ValueError(f"{source.name} is too large even after scaling")


class ImageField(QtWidgets.QWidget):
    """The card's art: a thumbnail, Choose… and Remove. The file is copied into the pack."""

    changed = Signal()

    def __init__(self, store: Callable[[bytes, str], str] | None = None,
                 folder: Path | None = None, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.folder = folder
        self._value: str | None = None
        self.thumb = plain_label("No art")  # or the art's path
        self.thumb.setFixedSize(63, 88)
        self.thumb.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        self.thumb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.choose = QtWidgets.QPushButton("Choose picture…")
        self.choose.setToolTip("A PNG or JPEG; it is scaled to card size and copied into "
                               "the pack's images folder")
        self.remove = QtWidgets.QPushButton("Remove")
        self.note = plain_label()
        self.note.setProperty("ptRole", "help")
        self.note.setWordWrap(True)
        self.choose.clicked.connect(self._pick)
        self.remove.clicked.connect(lambda: self._set(None))
        buttons = QtWidgets.QVBoxLayout()
        buttons.addWidget(self.choose, 0, Qt.AlignmentFlag.AlignLeft)
        buttons.addWidget(self.remove, 0, Qt.AlignmentFlag.AlignLeft)
        buttons.addWidget(self.note)
        buttons.addStretch(1)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.thumb)
        layout.addLayout(buttons, 1)
        self._refresh()

    def _pick(self) -> None:
        name, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, "Card art", str(Path.home()), "Pictures (*.png *.jpg *.jpeg)")
        if name:
            self.use_file(Path(name))

    def use_file(self, source: Path) -> bool:
        """Check, scale and store ``source``; False (with a note) when it is refused."""
        if self.store is None:
            return False
        try:
            data, suffix = prepare_art(source)
            ref = self.store(data, suffix)
        except (ValueError, OSError) as exc:
            self.note.setText(str(exc))
            return False
        self.note.setText("")
        self._set(ref)
        return True

    def _set(self, ref: str | None) -> None:
        if ref != self._value:
            self._value = ref
            self._refresh()
            self.changed.emit()

    def _refresh(self) -> None:
        self.remove.setEnabled(self._value is not None)
        self.choose.setEnabled(self.store is not None)
        pixmap = QtGui.QPixmap()
        if self._value and self.folder is not None:
            pixmap.load(str(self.folder / self._value))
        if pixmap.isNull():
            self.thumb.setPixmap(QtGui.QPixmap())
            self.thumb.setText(self._value or "No art")
        else:
            self.thumb.setPixmap(pixmap.scaled(self.thumb.size(),
                                               Qt.AspectRatioMode.KeepAspectRatio,
                                               Qt.TransformationMode.SmoothTransformation))
        self.thumb.setToolTip(tooltip(self._value or ""))

    def value(self) -> str | None:
        return self._value

    def set_value(self, value: Any) -> None:
        self._value = str(value) if value else None
        self._refresh()

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        return {path: self.thumb}


__all__ = ["ClausesField", "EnumField", "GroupField", "ImageField", "KeywordsField",
           "StatsField", "prepare_art"]
