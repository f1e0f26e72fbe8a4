"""The GM's ruling on a counter: which counter, its new value, and why (for the log)."""

from __future__ import annotations

from typing import Any

from gui.dialogs.form import lay_out_form
from gui.qt import QtWidgets

COUNTERS = (("physical", "Physical Stress"), ("mental", "Mental Stress"),
            ("social", "Social Stress"), ("physical_trauma", "Physical Trauma"),
            ("mental_trauma", "Mental Trauma"), ("belief", "Belief"), ("energy", "Energy"),
            ("hate", "Hate"), ("quantity", "Quantity"), ("move", "Move actions"),
            ("attack", "Attack actions"))


def counters_of(character: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(name, label, current value) for each counter this character has."""
    counters = character.get("counters") or {}
    actions = character.get("actions") or {}
    out = []
    for name, label in COUNTERS:
        value = actions.get(name) if name in ("move", "attack") else counters.get(name)
        if value is not None:
            out.append((name, label, int(value)))
    return out


class CounterRulingDialog(QtWidgets.QDialog):
    def __init__(self, character: dict[str, Any],
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        name = str(character.get("name") or character.get("id"))
        self.setWindowTitle(f"GM ruling — {name}")
        self.counters = counters_of(character)
        self.counter = QtWidgets.QComboBox()
        for _key, label, value in self.counters:
            self.counter.addItem(f"{label} (now {value})")
        self.value = QtWidgets.QSpinBox()
        self.value.setRange(0, 99)
        self.reason = QtWidgets.QLineEdit()
        self.reason.setPlaceholderText("shown in the log, e.g. “the Event says so”")
        self.counter.currentIndexChanged.connect(self._pick)
        self._pick(0)
        form = QtWidgets.QFormLayout()
        form.addRow("Counter", self.counter)
        form.addRow("New value", self.value)
        form.addRow("Reason", self.reason)
        lay_out_form(self, form)

    def _pick(self, index: int) -> None:
        if 0 <= index < len(self.counters):
            self.value.setValue(self.counters[index][2])

    def ruling(self) -> dict[str, Any]:
        key = self.counters[self.counter.currentIndex()][0]
        return {"what": "counter", "name": key, "value": self.value.value(),
                "reason": self.reason.text().strip()}
