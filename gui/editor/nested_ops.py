"""Composite op parameters that hold ops of their own: ``choose`` (one of several op
lists, each with a label) and ``roll`` (a roll printed on the card, then ops on Win and on
Loss). docs/effects.md, *Choose one* and *Rolls printed on cards*.

Each is a field widget like the ones in ``values.py`` (``value()``, ``set_value()``,
``changed``); the inner op rows are the effects editor's own ``OpRow``, offered every op
but ``choose`` and ``roll`` (the schema forbids nesting them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gui.editor import vocabulary as vocab
from gui.editor.values import EnumField, FieldWidget, TextField, discard, field_for
from gui.qt import Qt, QtWidgets, Signal


class OpList(QtWidgets.QWidget):
    """A list of inner ops with an "Add operation" button."""

    changed = Signal()

    def __init__(self, make_row: Callable[[], Any],
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._make_row = make_row
        self.rows: list[Any] = []
        self._box = QtWidgets.QVBoxLayout()
        self._box.setContentsMargins(0, 0, 0, 0)
        add = QtWidgets.QPushButton("Add operation")
        add.clicked.connect(lambda: self.add({}))
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(12, 0, 0, 0)
        layout.addLayout(self._box)
        layout.addWidget(add, 0, Qt.AlignmentFlag.AlignLeft)

    def add(self, seed: dict[str, Any], emit: bool = True) -> None:
        row = self._make_row()
        if seed:
            row.set_value(seed)
        row.changed.connect(self.changed)
        row.remove_requested.connect(self._remove)
        self.rows.append(row)
        self._box.addWidget(row)
        if emit:
            self.changed.emit()

    def _remove(self, row: Any) -> None:
        self.rows.remove(row)
        discard(row)
        self.changed.emit()

    def value(self) -> list[dict[str, Any]]:
        return [row.value() for row in self.rows]

    def set_value(self, value: Any) -> None:
        for row in self.rows:
            discard(row)
        self.rows = []
        for op in value if isinstance(value, list) else []:
            if isinstance(op, dict):
                self.add(op, emit=False)
        if not self.rows:
            self.add({}, emit=False)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self}
        for i, row in enumerate(self.rows):
            found.update(row.widget_map(f"{path}[{i}]"))
        return found


class ChooseOptions(QtWidgets.QWidget):
    """``choose.options``: two to four labelled op lists; the controller picks one."""

    changed = Signal()

    def __init__(self, make_row: Callable[[], Any],
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._make_row = make_row
        self.options: list[tuple[QtWidgets.QWidget, TextField, OpList]] = []
        self._box = QtWidgets.QVBoxLayout()
        self._box.setContentsMargins(0, 0, 0, 0)
        self.add_button = QtWidgets.QPushButton("Add a choice")
        self.add_button.clicked.connect(lambda: self.add({}))
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._box)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        for _ in range(2):
            self.add({}, emit=False)

    def add(self, seed: dict[str, Any], emit: bool = True) -> None:
        frame = QtWidgets.QGroupBox(f"Choice {len(self.options) + 1}")
        label = TextField(optional=False, placeholder="what the player reads, e.g. Draw 1")
        label.setAccessibleName("choice label")
        ops = OpList(self._make_row)
        label.set_value(seed.get("label", ""))
        ops.set_value(seed.get("ops"))
        form = QtWidgets.QFormLayout(frame)
        form.addRow("Label", label)
        form.addRow("Does", ops)
        label.changed.connect(self.changed)
        ops.changed.connect(self.changed)
        self.options.append((frame, label, ops))
        self._box.addWidget(frame)
        self.add_button.setEnabled(len(self.options) < 4)
        if emit:
            self.changed.emit()

    def value(self) -> list[dict[str, Any]]:
        return [{"label": label.value() or "", "ops": ops.value()}
                for _, label, ops in self.options]

    def set_value(self, value: Any) -> None:
        for frame, _, _ in self.options:
            discard(frame)
        self.options = []
        items = [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []
        for item in items or [{}, {}]:
            self.add(item, emit=False)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self}
        for i, (_, label, ops) in enumerate(self.options):
            found[f"{path}[{i}].label"] = label
            found.update(ops.widget_map(f"{path}[{i}].ops"))
        return found


class RollSpec(QtWidgets.QWidget):
    """``roll.roll``: Fixed, Opposing or Chosen; the fields that kind needs."""

    changed = Signal()
    NEEDS = {"fixed": ("difficulty",), "chosen": ("number",),
             "opposing": ("against_attribute", "against_ability")}

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.fields: dict[str, FieldWidget] = {}
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, (name, schema) in enumerate(vocab.card_roll_fields()):
            widget = field_for(schema, optional=False, words=name == "kind")
            widget.setAccessibleName(f"roll {name}")
            row, col = divmod(i, 2)
            grid.addWidget(QtWidgets.QLabel(name.replace("_", " ")), row, col * 2)
            grid.addWidget(widget, row, col * 2 + 1)
            widget.changed.connect(self._changed)
            self.fields[name] = widget
        self._sync()

    def _changed(self) -> None:
        self._sync()
        self.changed.emit()

    def _sync(self) -> None:
        kind = self.fields["kind"].value()
        extra = {n for needs in self.NEEDS.values() for n in needs}
        for name, widget in self.fields.items():
            widget.setEnabled(name not in extra or name in self.NEEDS.get(str(kind), ()))

    def value(self) -> dict[str, Any]:
        kind = self.fields["kind"].value()
        keep = {"kind", "attribute", "ability", *self.NEEDS.get(str(kind), ())}
        return {n: w.value() for n, w in self.fields.items()
                if n in keep and w.value() is not None}

    def set_value(self, value: Any) -> None:
        for name, widget in self.fields.items():
            if isinstance(value, dict) and name in value:
                widget.set_value(value[name])
        self._sync()

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self}
        for name, widget in self.fields.items():
            found[f"{path}.{name}"] = widget
        return found


class Outcome(QtWidgets.QWidget):
    """``roll.win`` / ``roll.loss``: optional; who it applies to and its ops."""

    changed = Signal()

    def __init__(self, word: str, make_row: Callable[[], Any],
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.on = QtWidgets.QCheckBox(f"on {word}:")
        self.target = EnumField(vocab.targets(), optional=True,
                                none_text="the effect's target", words=True)
        self.target.setAccessibleName(f"{word} target")
        self.ops = OpList(make_row)
        self.ops.set_value([])
        top = QtWidgets.QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.on)
        top.addWidget(self.target)
        top.addStretch(1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.ops)
        self.on.toggled.connect(self._changed)
        self.target.changed.connect(self.changed)
        self.ops.changed.connect(self.changed)
        self._sync()

    def _changed(self) -> None:
        self._sync()
        self.changed.emit()

    def _sync(self) -> None:
        self.target.setEnabled(self.on.isChecked())
        self.ops.setVisible(self.on.isChecked())

    def value(self) -> dict[str, Any] | None:
        if not self.on.isChecked():
            return None
        out: dict[str, Any] = {"ops": self.ops.value()}
        if self.target.value():
            out["target"] = self.target.value()
        return out

    def set_value(self, value: Any) -> None:
        self.on.blockSignals(True)
        self.on.setChecked(isinstance(value, dict))
        self.on.blockSignals(False)
        if isinstance(value, dict):
            self.target.set_value(value.get("target"))
            self.ops.set_value(value.get("ops"))
        self._sync()

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self, f"{path}.target": self.target}
        found.update(self.ops.widget_map(f"{path}.ops"))
        return found


def nested_field(op: str, name: str, make_row: Callable[[], Any]) -> FieldWidget | None:
    """The composite widget for a parameter that holds ops, or None for a plain one."""
    if op == "choose" and name == "options":
        return ChooseOptions(make_row)
    if op == "roll" and name == "roll":
        return RollSpec()
    if op == "roll" and name in ("win", "loss"):
        return Outcome("Win" if name == "win" else "Loss", make_row)
    return None
