"""Settings dialog: edits a copy, so Cancel leaves the settings as they were."""

from __future__ import annotations

from dataclasses import replace

from gui.dialogs.form import lay_out_form
from gui.qt import QtWidgets
from gui.settings import CARD_SIZES, THEMES, Settings


class SettingsDialog(QtWidgets.QDialog):
    def __init__(self, settings: Settings, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.theme = QtWidgets.QComboBox()
        self.theme.addItems([t.capitalize() for t in THEMES])
        self.theme.setCurrentIndex(THEMES.index(settings.theme))
        self.card_size = QtWidgets.QComboBox()
        sizes = list(CARD_SIZES)
        self.card_size.addItems([s.capitalize() for s in sizes])
        self.card_size.setCurrentIndex(sizes.index(settings.card_size))
        self.animations = QtWidgets.QCheckBox("Animate cards and coins")
        self.animations.setChecked(settings.animations)
        self.confirmations = QtWidgets.QCheckBox(
            "Ask before leaving a game or overwriting a save")
        self.confirmations.setChecked(settings.confirmations)
        self.computer_delay = QtWidgets.QSpinBox()
        self.computer_delay.setRange(0, 5000)
        self.computer_delay.setSingleStep(100)
        self.computer_delay.setSuffix(" ms")
        self.computer_delay.setValue(settings.computer_delay_ms)
        self.computer_delay.setToolTip("How long the computer waits before each of its moves")
        form = QtWidgets.QFormLayout()
        form.addRow("Theme", self.theme)
        form.addRow("Card size", self.card_size)
        form.addRow("", self.animations)
        form.addRow("", self.confirmations)
        form.addRow("Computer's pace", self.computer_delay)
        lay_out_form(self, form)
        self._base = settings

    def result_settings(self) -> Settings:
        return replace(self._base, theme=THEMES[self.theme.currentIndex()],
                       card_size=list(CARD_SIZES)[self.card_size.currentIndex()],
                       animations=self.animations.isChecked(),
                       confirmations=self.confirmations.isChecked(),
                       computer_delay_ms=self.computer_delay.value())
