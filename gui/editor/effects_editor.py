"""The structured editor for a card's ``effects``: pick, never type JSON.

An effect is a trigger, optional target / duration / cost / condition, and a list of ops;
each op's parameters come from its schema definition. Parts that only one trigger uses
(``turns`` for in_turns, ``once`` for activated, ``roll`` for nullify, no ops for threat
and nullify) appear only when that trigger is picked, so the form never offers a
combination the schema refuses.

Every widget reports its JSON path (``effects[0].ops[1].amount``) so a validation
message lands on the widget it is about.
"""

from __future__ import annotations

from typing import Any

from gui.editor import vocabulary as vocab
from gui.editor.nested_ops import nested_field
from gui.editor.values import (
    EnumField,
    FieldWidget,
    IntField,
    discard,
    error_label,
    field_for,
)
from gui.qt import Qt, QtWidgets, Signal

GROUPS = ("all", "any")
GROUP_WORDS = {"all": "all of these hold", "any": "any of these holds"}


def _small_button(text: str, tip: str) -> QtWidgets.QToolButton:
    button = QtWidgets.QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAccessibleName(tip)
    return button


class ConditionEditor(QtWidgets.QWidget):
    """One condition: a key and its value, or an all/any group of conditions."""

    changed = Signal()

    def __init__(self, optional: bool, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        keys = [k for k, _ in vocab.condition_keys()] + list(GROUPS)
        self._schemas = dict(vocab.condition_keys())
        self.key = EnumField(keys, optional, "no condition", words=True)
        for i in range(self.key.count()):
            data = self.key.itemData(i)
            if data in GROUPS:
                self.key.setItemText(i, GROUP_WORDS[data])
        self.key.setToolTip("What must hold for the effect to happen")
        self.value_widget: FieldWidget | None = None
        self.children_: list[ConditionEditor] = []
        self._row = QtWidgets.QHBoxLayout()
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.addWidget(self.key)
        self._row.addStretch(1)
        self._group = QtWidgets.QVBoxLayout()
        self._group.setContentsMargins(18, 0, 0, 0)
        self.add_button = _small_button("+ condition", "Add a condition to this group")
        self.add_button.clicked.connect(self._add_child)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._row)
        layout.addLayout(self._group)
        self.key.changed.connect(self._key_changed)
        self._key_changed()

    # -- structure --------------------------------------------------------------------
    def _clear(self) -> None:
        if self.value_widget is not None:
            discard(self.value_widget)
            self.value_widget = None
        for child in self.children_:
            discard(child)
        self.children_ = []
        self._group.removeWidget(self.add_button)
        self.add_button.hide()

    def _key_changed(self) -> None:
        self._build(self.key.value())
        self.changed.emit()

    def _build(self, key: str | None, seed: Any = None) -> None:
        self._clear()
        if key in GROUPS:
            items = seed if isinstance(seed, list) and seed else [None]
            for item in items:
                self._add_child(item, emit=False)
            self._group.addWidget(self.add_button)
            self.add_button.show()
        elif key is not None:
            widget = field_for(self._schemas.get(key, {}), optional=False)
            widget.changed.connect(self.changed)
            if seed is not None:
                widget.set_value(seed)
            self._row.insertWidget(1, widget)
            self.value_widget = widget

    def _add_child(self, seed: Any = None, emit: bool = True) -> None:
        child = ConditionEditor(optional=False)
        if isinstance(seed, dict):
            child.set_value(seed)
        child.changed.connect(self.changed)
        remove = _small_button("×", "Remove this condition")
        child._row.addWidget(remove)
        remove.clicked.connect(lambda: self._remove_child(child))
        self.children_.append(child)
        self._group.insertWidget(len(self.children_) - 1, child)
        if emit:
            self.changed.emit()

    def _remove_child(self, child: ConditionEditor) -> None:
        if len(self.children_) <= 1:
            return  # a group needs one condition (minItems 1): pick "no condition" instead
        self.children_.remove(child)
        discard(child)
        self.changed.emit()

    # -- value ------------------------------------------------------------------------
    def value(self) -> dict[str, Any] | None:
        key = self.key.value()
        if key is None:
            return None
        if key in GROUPS:
            return {key: [c.value() or {} for c in self.children_]}
        return {key: self.value_widget.value() if self.value_widget else None}

    def set_value(self, value: Any) -> None:
        blocked = self.blockSignals(True)
        self.key.blockSignals(True)
        if isinstance(value, dict) and len(value) == 1:
            (key, inner), = value.items()
            self.key.set_value(key)
            self._build(key, inner)
        else:
            self.key.set_value(None)
            self._build(None)
        self.key.blockSignals(False)
        self.blockSignals(blocked)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self.key}
        key = self.key.value()
        if key in GROUPS:
            for i, child in enumerate(self.children_):
                found.update(child.widget_map(f"{path}.{key}[{i}]"))
        elif key is not None and self.value_widget is not None:
            found[f"{path}.{key}"] = self.value_widget
        return found


class OpRow(QtWidgets.QWidget):
    """One operation: its name and the parameters that op takes."""

    changed = Signal()
    remove_requested = Signal(object)

    def __init__(self, parent: QtWidgets.QWidget | None = None, inner: bool = False) -> None:
        super().__init__(parent)
        # no op is picked for the user: a made-up default would be saved as if meant
        names = vocab.inner_op_names() if inner else vocab.op_names()
        self.op = EnumField(names, optional=True, none_text="choose what happens…",
                            words=True)
        self.op.setToolTip("What happens (docs/effects.md, Operations)")
        self.params: dict[str, FieldWidget] = {}
        self._labels: dict[str, QtWidgets.QLabel] = {}
        self._depends: dict[str, dict[str, list[Any]]] = {}
        top = QtWidgets.QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.op)
        top.addStretch(1)
        remove = _small_button("×", "Remove this operation")
        remove.clicked.connect(lambda: self.remove_requested.emit(self))
        top.addWidget(remove)
        # parameters sit under the op, two to a line, so a four-parameter op (damage)
        # still fits beside the preview
        self._params_box = QtWidgets.QGridLayout()
        self._params_box.setContentsMargins(16, 0, 0, 0)
        self._params_box.setColumnStretch(4, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(self._params_box)
        self.op.changed.connect(self._op_changed)
        self._build({})

    def _op_changed(self) -> None:
        self._build({})
        self.changed.emit()

    def _build(self, seed: dict[str, Any]) -> None:
        for widget in [*self.params.values(), *self._labels.values()]:
            discard(widget)
        self.params = {}
        self._labels = {}
        self._depends = {}
        op = self.op.value()
        for i, (name, schema, required) in enumerate(vocab.op_params(op) if op else []):
            label = QtWidgets.QLabel(name.replace("_", " "))
            widget = nested_field(str(op), name, lambda: OpRow(inner=True)) or field_for(
                schema, optional=not required)
            self._labels[name] = label
            widget.setAccessibleName(name)
            label.setBuddy(widget)
            if "x-depends" in schema:
                self._depends[name] = schema["x-depends"]
            if name in seed:
                widget.set_value(seed[name])
            widget.changed.connect(self._param_changed)
            if not hasattr(widget, "widget_map"):   # a plain value: two to a line
                row, col = divmod(i, 2)
                self._params_box.addWidget(label, row, col * 2, Qt.AlignmentFlag.AlignRight)
                self._params_box.addWidget(widget, row, col * 2 + 1)
            else:                                  # ops inside ops: a whole line each
                row = 10 + i
                self._params_box.addWidget(label, row, 0, Qt.AlignmentFlag.AlignTop
                                           | Qt.AlignmentFlag.AlignRight)
                self._params_box.addWidget(widget, row, 1, 1, 4)
            self.params[name] = widget
        self._apply_depends()

    def _param_changed(self) -> None:
        self._apply_depends()
        self.changed.emit()

    def _apply_depends(self) -> None:
        # lock.name: a Heroic or a Keyword, depending on "what"
        for name, choices in self._depends.items():
            widget = self.params[name]
            for test, options in choices.items():
                other, wanted = test.split("=", 1)
                source = self.params.get(other)
                if source is not None and str(source.value()) == wanted:
                    if isinstance(widget, EnumField):
                        widget.set_options(options)
                    else:
                        self._swap_for_enum(name, options)
                    break

    def _swap_for_enum(self, name: str, options: list[Any]) -> None:
        old = self.params[name]
        new = EnumField(options, optional=False)
        new.set_value(old.value() if old.value() in options else options[0])
        new.changed.connect(self._param_changed)
        self._params_box.replaceWidget(old, new)
        discard(old)
        self.params[name] = new

    def value(self) -> dict[str, Any]:
        if self.op.value() is None:
            return {}  # the validator then says the op is missing, on this row
        out: dict[str, Any] = {"op": self.op.value()}
        for name, widget in self.params.items():
            value = widget.value()
            if value is not None:
                out[name] = value
        return out

    def set_value(self, value: dict[str, Any]) -> None:
        self.op.blockSignals(True)
        self.op.set_value(value.get("op"))
        self.op.blockSignals(False)
        self._build(value)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self.op, f"{path}.op": self.op}
        for name, widget in self.params.items():
            found[f"{path}.{name}"] = widget
            if hasattr(widget, "widget_map"):
                found.update(widget.widget_map(f"{path}.{name}"))
        return found


class EffectBox(QtWidgets.QGroupBox):
    """One effect of the card."""

    changed = Signal()
    remove_requested = Signal(object)

    def __init__(self, kind: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.trigger = EnumField(vocab.triggers_for(kind), optional=False, words=True)
        self.trigger.setToolTip("When the effect happens (docs/effects.md, Triggers)")
        self.target = EnumField(vocab.targets(), optional=True, none_text="you (self)",
                                words=True)
        self.target.setToolTip("Who the operations apply to")
        self.duration = EnumField([*vocab.duration_words(), "turns"], optional=True,
                                  none_text="instant (default)", words=True)
        self.duration.setItemText(self.duration.count() - 1, "for X Turns")
        self.duration_turns = IntField(1, 10, optional=False)
        self.duration_turns.setToolTip("X in \"for X Turns\"")
        self.cost: dict[str, IntField] = {}
        cost_row = QtWidgets.QGridLayout()
        for i, (name, schema) in enumerate(vocab.effect_cost_fields()):
            spin = IntField(int(schema.get("minimum", 1)), int(schema.get("maximum", 10)),
                            optional=True, none_text="0")
            spin.setAccessibleName(f"cost {name}")
            label = QtWidgets.QLabel(name.capitalize())
            label.setBuddy(spin)
            row, col = divmod(i, 3)
            cost_row.addWidget(label, row, col * 2)
            cost_row.addWidget(spin, row, col * 2 + 1)
            self.cost[name] = spin
        cost_row.setColumnStretch(6, 1)
        self.cost_box = QtWidgets.QWidget()
        self.cost_box.setLayout(cost_row)
        cost_row.setContentsMargins(0, 0, 0, 0)
        self.condition = ConditionEditor(optional=True)
        self.turns = IntField(1, 10, optional=False)
        self.turns.setToolTip("The X of \"In X Turns\" (Timing Counters, PT-COUNT-2)")
        self.once = EnumField(vocab.once_values(), optional=True, none_text="no limit",
                              words=True)
        self.once.setToolTip("Happens (or, activated, is usable) at most once per Turn, "
                             "Conflict or game")
        self.roll: dict[str, FieldWidget] = {}
        roll_row = QtWidgets.QHBoxLayout()
        roll_row.setContentsMargins(0, 0, 0, 0)
        self.roll_on = QtWidgets.QCheckBox("a Hero may try:")
        self.roll_on.setToolTip("A Free action: win this Fixed Roll to Nullify the card")
        self.roll_on.toggled.connect(self._changed)
        for name, schema in vocab.roll_fields():
            widget = field_for(schema, optional=False)
            widget.setAccessibleName(f"roll {name}")
            roll_row.addWidget(QtWidgets.QLabel(name.capitalize()))
            roll_row.addWidget(widget)
            self.roll[name] = widget
        roll_row.addStretch(1)
        self.roll_box = QtWidgets.QWidget()
        roll_column = QtWidgets.QVBoxLayout(self.roll_box)
        roll_column.setContentsMargins(0, 0, 0, 0)
        roll_column.addWidget(self.roll_on)
        roll_column.addLayout(roll_row)

        self.ops: list[OpRow] = []
        self.ops_box = QtWidgets.QVBoxLayout()
        self.ops_box.setContentsMargins(0, 0, 0, 0)
        self.add_op = QtWidgets.QPushButton("Add operation")
        self.add_op.clicked.connect(lambda: self._add_op({}))
        ops_widget = QtWidgets.QWidget()
        ops_layout = QtWidgets.QVBoxLayout(ops_widget)
        ops_layout.setContentsMargins(0, 0, 0, 0)
        ops_layout.addLayout(self.ops_box)
        ops_layout.addWidget(self.add_op, 0, Qt.AlignmentFlag.AlignLeft)
        self.ops_widget = ops_widget
        self.error = error_label()

        duration_row = QtWidgets.QHBoxLayout()
        duration_row.setContentsMargins(0, 0, 0, 0)
        duration_row.addWidget(self.duration)
        duration_row.addWidget(self.duration_turns)
        duration_row.addStretch(1)
        self.duration_box = QtWidgets.QWidget()
        self.duration_box.setLayout(duration_row)

        self.form = QtWidgets.QFormLayout(self)
        self.form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.form.addRow("When", self.trigger)
        self.form.addRow("Who", self.target)
        self.form.addRow("How long", self.duration_box)
        self.form.addRow("Pays", self.cost_box)
        self.form.addRow("Only if", self.condition)
        self.form.addRow("Turns (X)", self.turns)
        self.form.addRow("Once per", self.once)
        self.form.addRow("Fixed Roll", self.roll_box)
        self.form.addRow("Does", self.ops_widget)
        remove = QtWidgets.QPushButton("Remove effect")
        remove.clicked.connect(lambda: self.remove_requested.emit(self))
        footer = QtWidgets.QHBoxLayout()
        footer.addWidget(self.error, 1)
        footer.addWidget(remove, 0, Qt.AlignmentFlag.AlignRight)
        self.form.addRow(footer)

        for widget in (self.trigger, self.target, self.duration, self.duration_turns,
                       self.condition, self.turns, self.once, *self.cost.values(),
                       *self.roll.values()):
            widget.changed.connect(self._changed)
        self._add_op({}, emit=False)
        self._sync_visibility()

    # -- structure --------------------------------------------------------------------
    def _changed(self) -> None:
        self._sync_visibility()
        self.changed.emit()

    def _sync_visibility(self) -> None:
        trigger = self.trigger.value()
        no_ops = trigger in ("threat", "nullify")
        shown = {
            self.turns: trigger == "in_turns",
            self.once: not no_ops,
            self.roll_box: trigger == "nullify",
            self.ops_widget: not no_ops,
            self.target: not no_ops,
            self.duration_box: not no_ops,
            # a price belongs to Free actions; other triggers show it only if one is set
            self.cost_box: trigger == "activated" or any(
                w.value() for w in self.cost.values()),
        }
        for widget, on in shown.items():
            self.form.setRowVisible(widget, on)
        label = self.form.labelForField(self.condition)
        if isinstance(label, QtWidgets.QLabel):
            label.setText({"threat": "Villains win when", "nullify": "Nullified when"}.get(
                str(trigger), "Only if"))
        self.duration_turns.setVisible(self.duration.value() == "turns")
        for widget in self.roll.values():
            widget.setEnabled(self.roll_on.isChecked())

    def _add_op(self, seed: dict[str, Any], emit: bool = True) -> None:
        row = OpRow()
        if seed:
            row.set_value(seed)
        row.changed.connect(self.changed)
        row.remove_requested.connect(self._remove_op)
        self.ops.append(row)
        self.ops_box.addWidget(row)
        if emit:
            self.changed.emit()

    def _remove_op(self, row: OpRow) -> None:
        self.ops.remove(row)
        discard(row)
        self.changed.emit()

    # -- value ------------------------------------------------------------------------
    def value(self) -> dict[str, Any]:
        trigger = self.trigger.value()
        out: dict[str, Any] = {"trigger": trigger}
        if trigger == "in_turns":
            out["turns"] = self.turns.value()
        if trigger not in ("threat", "nullify"):
            cost = {k: w.value() for k, w in self.cost.items() if w.value()}
            if cost:
                out["cost"] = cost
            if self.target.value():
                out["target"] = self.target.value()
            if self.duration.value() == "turns":
                out["duration"] = {"turns": self.duration_turns.value()}
            elif self.duration.value():
                out["duration"] = self.duration.value()
        if trigger not in ("threat", "nullify") and self.once.value():
            out["once"] = self.once.value()
        condition = self.condition.value()
        if condition is not None:
            out["condition"] = condition
        if trigger == "nullify" and self.roll_on.isChecked():
            out["roll"] = {k: w.value() for k, w in self.roll.items()}
        if trigger not in ("threat", "nullify"):
            out["ops"] = [row.value() for row in self.ops]
        return out

    def set_value(self, value: dict[str, Any]) -> None:
        widgets = (self.trigger, self.target, self.duration, self.duration_turns,
                   self.turns, self.once, *self.cost.values(), *self.roll.values())
        for widget in widgets:
            widget.blockSignals(True)
        self.trigger.set_value(value.get("trigger"))
        self.target.set_value(value.get("target"))
        duration = value.get("duration")
        if isinstance(duration, dict):
            self.duration.set_value("turns")
            self.duration_turns.set_value(duration.get("turns"))
        else:
            self.duration.set_value(duration)
        self.turns.set_value(value.get("turns", 1))
        self.once.set_value(value.get("once"))
        cost = value.get("cost") or {}
        for name, spin in self.cost.items():
            spin.set_value(cost.get(name))
        roll = value.get("roll") or {}
        self.roll_on.blockSignals(True)
        self.roll_on.setChecked(bool(roll))
        self.roll_on.blockSignals(False)
        for name, widget in self.roll.items():
            if name in roll:
                widget.set_value(roll[name])
        for widget in widgets:
            widget.blockSignals(False)
        self.condition.set_value(value.get("condition"))
        for row in self.ops:
            discard(row)
        self.ops = []
        for op in value.get("ops") or []:
            if isinstance(op, dict):
                self._add_op(op, emit=False)
        if not self.ops and value.get("trigger") not in ("threat", "nullify"):
            self._add_op({}, emit=False)
        self._sync_visibility()

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {
            path: self, f"{path}.trigger": self.trigger, f"{path}.target": self.target,
            f"{path}.duration": self.duration, f"{path}.cost": self.cost_box,
            f"{path}.turns": self.turns, f"{path}.once": self.once,
            f"{path}.roll": self.roll_box, f"{path}.ops": self.ops_widget,
        }
        for name, spin in self.cost.items():
            found[f"{path}.cost.{name}"] = spin
        for name, widget in self.roll.items():
            found[f"{path}.roll.{name}"] = widget
        found.update(self.condition.widget_map(f"{path}.condition"))
        for i, row in enumerate(self.ops):
            found.update(row.widget_map(f"{path}.ops[{i}]"))
        return found


class EffectsEditor(QtWidgets.QWidget):
    """All the effects of one card, with Add / Remove."""

    changed = Signal()

    def __init__(self, kind: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.boxes: list[EffectBox] = []
        self._list = QtWidgets.QVBoxLayout()
        self._list.setContentsMargins(0, 0, 0, 0)
        self.add_button = QtWidgets.QPushButton("Add effect")
        self.add_button.setToolTip("Add what the card does, step by step (docs/effects.md)")
        self.add_button.clicked.connect(lambda: self.add_effect())
        needed = vocab.required_triggers(kind)
        self.hint = QtWidgets.QLabel(
            "Needs: " + ", ".join(vocab.humanize(t) for t in needed) if needed else
            "No effects: the card only does what its text says the rules do."
            if kind in ("hero", "villain", "equipment", "location", "lair") else "")
        self.hint.setProperty("ptRole", "help")
        self.hint.setWordWrap(True)
        self.hint.setVisible(bool(needed))
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.hint)
        layout.addLayout(self._list)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)

    def add_effect(self, seed: dict[str, Any] | None = None, emit: bool = True) -> EffectBox:
        box = EffectBox(self.kind)
        if seed:
            box.set_value(seed)
        box.changed.connect(self.changed)
        box.remove_requested.connect(self._remove)
        self.boxes.append(box)
        self._list.addWidget(box)
        self._renumber()
        if emit:
            self.changed.emit()
        return box

    def _remove(self, box: EffectBox) -> None:
        self.boxes.remove(box)
        discard(box)
        self._renumber()
        self.changed.emit()

    def _renumber(self) -> None:
        for i, box in enumerate(self.boxes):
            box.setTitle(f"Effect {i + 1}")

    def value(self) -> list[dict[str, Any]]:
        return [box.value() for box in self.boxes]

    def set_value(self, value: Any) -> None:
        for box in self.boxes:
            discard(box)
        self.boxes = []
        for effect in value if isinstance(value, list) else []:
            if isinstance(effect, dict):
                self.add_effect(effect, emit=False)

    def widget_map(self, path: str) -> dict[str, QtWidgets.QWidget]:
        found: dict[str, QtWidgets.QWidget] = {path: self.add_button}
        for i, box in enumerate(self.boxes):
            found.update(box.widget_map(f"{path}[{i}]"))
        return found

    def error_labels(self, path: str) -> dict[str, QtWidgets.QLabel]:
        return {f"{path}[{i}]": box.error for i, box in enumerate(self.boxes)}
