"""New game: how many Heroes, and an optional seed to replay the same coins."""

from __future__ import annotations

from gui.qt import QtWidgets


class NewGameDialog(QtWidgets.QDialog):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.hero_count = QtWidgets.QSpinBox()
        self.hero_count.setRange(1, 4)
        self.hero_count.setValue(3)
        self.seed_edit = QtWidgets.QLineEdit()
        self.seed_edit.setPlaceholderText("random")
        form = QtWidgets.QFormLayout()
        form.addRow("Heroes (one per Player)", self.hero_count)
        form.addRow("Coin seed", self.seed_edit)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Ok
                                             | QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(QtWidgets.QLabel(
            "The GM plays the core set's Villain; each Player gets a Hero and its decks."))
        layout.addLayout(form)
        layout.addWidget(buttons)

    def heroes(self) -> int:
        return self.hero_count.value()

    def seed(self) -> int | None:
        text = self.seed_edit.text().strip()
        return int(text) if text.isdigit() else None
