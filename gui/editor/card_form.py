"""The form for one card: exactly the fields the schema gives that card's kind.

``data()`` builds the card dict in the core set's field order, leaving optional fields
out when they are empty; ``show_errors`` puts each validation message beside the field it
names and outlines the widget it is about.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.catalog import CLASS_COLOR
from gui.editor import vocabulary as vocab
from gui.editor.card_fields import (
    ClausesField,
    GroupField,
    ImageField,
    KeywordsField,
    StatsField,
)
from gui.editor.effects_editor import EffectsEditor
from gui.editor.values import (
    ERROR_STYLE,
    EnumField,
    FieldWidget,
    IntField,
    LongTextField,
    TextField,
    error_label,
    field_for,
    mark_error,
)
from gui.qt import Qt, QtWidgets, Signal

# JSON field order of a saved card (as in the core set): identity first, rules last
SAVE_ORDER = ("kind", "name", "persona", "color", "class", "combat_type", "attack_type",
              "weapon_type", "bonus", "cost", "requires", "turn", "difficulty", "life",
              "quantity", "attributes", "heroics", "skills", "keywords", "clauses", "text",
              "effects", "flavor", "image")


class CardForm(QtWidgets.QWidget):
    changed = Signal()

    def __init__(self, kind: str, store_image: Callable[[bytes, str], str] | None = None,
                 folder: Path | None = None, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setStyleSheet(ERROR_STYLE)
        self.fields: dict[str, FieldWidget] = {}
        self.errors: dict[str, QtWidgets.QLabel] = {}
        self.required: set[str] = set()
        self.effects: EffectsEditor | None = None
        self._extra: dict[str, Any] = {}
        self._marked: list[QtWidgets.QWidget] = []
        layout = QtWidgets.QFormLayout(self)
        layout.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.general_error = error_label()
        layout.addRow(self.general_error)
        for name, schema, required in vocab.kind_fields(kind):
            widget = self._make(name, schema, required, store_image, folder)
            widget.setObjectName(f"field_{name}")
            widget.changed.connect(self.changed)
            self.fields[name] = widget
            if required:
                self.required.add(name)
            label = QtWidgets.QLabel(vocab.LABELS.get(name, name) + ("" if not required
                                                                      else " *"))
            label.setBuddy(widget)
            if required:
                label.setToolTip("Required")
            cell = QtWidgets.QWidget()
            column = QtWidgets.QVBoxLayout(cell)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(2)
            column.addWidget(widget, 0, _alignment(widget))
            if name in vocab.HELP:
                help_label = QtWidgets.QLabel(vocab.HELP[name])
                help_label.setProperty("ptRole", "help")
                help_label.setWordWrap(True)
                column.addWidget(help_label)
            error = error_label()
            error.setObjectName(f"error_{name}")
            column.addWidget(error)
            self.errors[name] = error
            layout.addRow(label, cell)
        klass, colour = self.fields.get("class"), self.fields.get("color")
        if isinstance(klass, EnumField) and isinstance(colour, EnumField):
            klass.changed.connect(lambda: self._follow_class(klass, colour))

    def _make(self, name: str, schema: dict[str, Any], required: bool,
              store_image: Callable[[bytes, str], str] | None,
              folder: Path | None) -> FieldWidget:
        if name == "effects":
            if not vocab.effects_allowed(self.kind):
                note = _FixedEmpty("None: "
                                   + ("Mooks have no Advantages (PT-MOOK-4)."
                                      if self.kind == "mook" else
                                      "a Reference card only reminds the rules."))
                return note
            self.effects = EffectsEditor(self.kind)
            return self.effects
        if name in ("attributes", "heroics", "skills"):
            return StatsField(schema, columns=4 if name != "heroics" else 3)
        if name == "keywords":
            return KeywordsField(list(vocab.resolve(schema.get("items", {})).get("enum", [])))
        if name == "requires":
            return GroupField(schema)
        if name == "cost":
            return GroupField(schema, keep_empty=True, zero_is_none=True)
        if name == "clauses":
            return ClausesField()
        if name == "image":
            return ImageField(store_image, folder)
        if name in ("text", "flavor"):
            return LongTextField(optional=not required, lines=4 if name == "text" else 2)
        if name == "bonus":
            return TextField(optional=True, placeholder="0/2")
        none_text = {"weapon_type": "— (not a weapon)", "attack_type": "—",
                     "class": "— (no class)"}.get(name, "—")
        return field_for(schema, optional=not required, none_text=none_text)

    def _follow_class(self, klass: EnumField, colour: EnumField) -> None:
        # a class has one colour (PT-COLOR-2): picking the class picks the colour too
        wanted = CLASS_COLOR.get(str(klass.value()))
        if wanted and colour.findData(wanted) >= 0 and colour.value() != wanted:
            colour.blockSignals(True)
            colour.set_value(wanted)
            colour.blockSignals(False)

    # -- value --------------------------------------------------------------------------
    def data(self) -> dict[str, Any]:
        values: dict[str, Any] = {"kind": self.kind}
        for name, widget in self.fields.items():
            value = widget.value()
            if value is not None:
                values[name] = value
        values.update(self._extra)
        order = {k: i for i, k in enumerate(SAVE_ORDER)}
        return dict(sorted(values.items(), key=lambda kv: order.get(kv[0], len(order))))

    def set_data(self, data: dict[str, Any]) -> None:
        """Show ``data``; fields this kind does not have are kept so the validator
        can name them (a hand-edited file may carry a typo like "colour")."""
        for name, widget in self.fields.items():
            widget.blockSignals(True)
            widget.set_value(data.get(name))
            widget.blockSignals(False)
        self._extra = {k: v for k, v in data.items() if k != "kind" and k not in self.fields}

    def focus_field(self, path: str) -> QtWidgets.QWidget | None:
        """The widget an error at ``path`` is about, focused (for "go to problem")."""
        widgets = self.widget_map()
        where = self._nearest(path, widgets)
        if where is None:
            return None
        widget = widgets[where]
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        return widget

    # -- errors -------------------------------------------------------------------------
    def widget_map(self) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {}
        for name, widget in self.fields.items():
            mapper = getattr(widget, "widget_map", None)
            found.update(mapper(name) if mapper else {name: widget})
        return found

    def error_labels(self) -> dict[str, QtWidgets.QLabel]:
        labels = dict(self.errors)
        if self.effects is not None:
            labels.update(self.effects.error_labels("effects"))
        return labels

    @staticmethod
    def _nearest(path: str, table: dict[str, Any]) -> str | None:
        """The longest registered path that ``path`` starts with."""
        best = None
        for key in table:
            if path == key or path.startswith(key + ".") or path.startswith(key + "["):
                if best is None or len(key) > len(best):
                    best = key
        return best

    def show_errors(self, errors: list[tuple[str, str]]) -> None:
        for widget in self._marked:
            try:
                mark_error(widget, None)
            except RuntimeError:
                pass  # rebuilt since (an op changed): nothing to clear
        self._marked = []
        widgets = self.widget_map()
        labels = self.error_labels()
        texts: dict[str, list[str]] = {}
        general: list[str] = []
        for path, message in errors:
            where = self._nearest(path, widgets)
            if where is not None:
                mark_error(widgets[where], message)
                self._marked.append(widgets[where])
            label_key = self._nearest(path, labels)
            line = message if path == label_key else f"{_readable(path, label_key)}: {message}"
            if label_key is None:
                general.append(f"{path or 'card'}: {message}")
            else:
                texts.setdefault(label_key, []).append(line)
        for key, label in labels.items():
            lines = texts.get(key)
            label.setText("\n".join(lines) if lines else "")
            label.setVisible(bool(lines))
        self.general_error.setText("\n".join(general))
        self.general_error.setVisible(bool(general))


def _alignment(widget: QtWidgets.QWidget) -> Qt.AlignmentFlag:
    # short inputs (choices, numbers) stay their own size; text and groups take the width
    if isinstance(widget, (EnumField, IntField)):
        return Qt.AlignmentFlag.AlignLeft
    return Qt.AlignmentFlag(0)


def describe_path(path: str) -> str:
    """``effects[0].ops[1].amount`` -> ``Effect 1 › operation 2 › amount``."""
    if not path:
        return "Card"
    parts: list[str] = []
    for token in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if token.startswith("["):
            number = int(token[1:-1]) + 1
            if parts and parts[-1] == "Effects":
                parts[-1] = f"Effect {number}"
            elif parts and parts[-1] == "ops":
                parts[-1] = f"operation {number}"
            else:
                parts[-1] = f"{parts[-1]} {number}"
        else:
            parts.append(vocab.LABELS.get(token, token.replace("_", " ")) if not parts
                         else token.replace("_", " "))
    if len(parts) > 1 and parts[-1] == "op":
        parts.pop()  # "operation 2 › op" says the same thing twice
    return " › ".join(parts)


def _readable(path: str, prefix: str | None) -> str:
    """The part of ``path`` below the field whose label shows the message, in words:
    ``effects[0].ops[1].op`` under ``effects[0]`` -> ``operation 2``."""
    rest = path[len(prefix):].lstrip(".") if prefix else path
    return describe_path(rest) if rest else path


class _FixedEmpty(QtWidgets.QLabel):
    """``effects`` on a card kind that may not have any: always ``[]``."""

    changed = Signal()

    def value(self) -> list[Any]:
        return []

    def set_value(self, value: Any) -> None:
        pass
