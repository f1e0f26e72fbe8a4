"""Settings dialog: edits a copy, so Cancel leaves the settings as they were."""

from __future__ import annotations

from dataclasses import replace

from gui.dialogs.form import lay_out_form
from gui.qt import Qt, QtWidgets
from gui.settings import CARD_SIZES, THEMES, Settings
from gui.sound import NO_PLAYER, find_player


class SettingsDialog(QtWidgets.QDialog):
    def __init__(self, settings: Settings, parent: QtWidgets.QWidget | None = None,
                 can_play: bool | None = None) -> None:
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
            "Ask before leaving a game, overwriting a save or a play that does nothing")
        self.confirmations.setChecked(settings.confirmations)
        self.autosave_games = QtWidgets.QSpinBox()
        self.autosave_games.setRange(1, 200)
        self.autosave_games.setValue(settings.autosave_games)
        self.autosave_games.setSuffix(" games")
        self.autosave_games.setToolTip("Continue lists this many recent games; an older "
                                       "game's autosaves are deleted")
        self.autosave_positions = QtWidgets.QSpinBox()
        self.autosave_positions.setRange(1, 100)
        self.autosave_positions.setValue(settings.autosave_positions)
        self.autosave_positions.setSuffix(" moves back")
        self.autosave_positions.setToolTip("How many of each game's latest positions are "
                                           "kept")
        self.hints = QtWidgets.QCheckBox("Show first-game hints")
        self.hints.setToolTip("Short pointers at the right moment (\"Drag your Hero onto a "
                              "Villain to start a Combat\"); ticking it again shows them all")
        self.hints.setChecked(settings.hints)
        self.auto_pass = QtWidgets.QCheckBox(
            "In a Combat, pass for a seat that has no card to play and no Attack")
        self.auto_pass.setToolTip(
            "Hot-seat play: fewer hand-offs of the laptop. The seat still acts whenever it "
            "has a Combat card for the step or an Attack. Everyone sees that a seat was "
            "passed for (it had no such card), and it skips that step's Boosts and Details; "
            "untick it to press Next yourself at every step.")
        self.auto_pass.setChecked(settings.auto_pass)
        self.computer_delay = QtWidgets.QSpinBox()
        self.computer_delay.setRange(0, 5000)
        self.computer_delay.setSingleStep(100)
        self.computer_delay.setSuffix(" ms")
        self.computer_delay.setValue(settings.computer_delay_ms)
        self.computer_delay.setToolTip("How long the computer waits before each of its moves")
        self.sounds = QtWidgets.QCheckBox("Sounds")
        self.sounds.setToolTip("A short sound for coins, a card played and a hit. Off until "
                               "ticked, so a laptop never surprises a quiet room")
        self.sounds.setChecked(settings.sounds)
        self.volume = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setValue(settings.sound_volume)
        self.volume.setAccessibleName("Volume")
        self.no_player = QtWidgets.QLabel(NO_PLAYER)
        self.no_player.setWordWrap(True)
        if can_play is None:
            can_play = find_player() is not None
        self.no_player.setVisible(not can_play)
        self.sounds.setEnabled(can_play)
        self.volume.setEnabled(can_play and settings.sounds)
        self.sounds.toggled.connect(lambda on: self.volume.setEnabled(can_play and on))
        form = QtWidgets.QFormLayout()
        form.addRow("Theme", self.theme)
        form.addRow("Card size", self.card_size)
        form.addRow("", self.animations)
        form.addRow("", self.confirmations)
        form.addRow("Keep autosaves of", self.autosave_games)
        form.addRow("Each game, keep", self.autosave_positions)
        form.addRow("", self.hints)
        form.addRow("", self.auto_pass)
        form.addRow("Computer's pace", self.computer_delay)
        form.addRow("", self.sounds)
        form.addRow("Volume", self.volume)
        form.addRow("", self.no_player)
        lay_out_form(self, form)
        self._base = settings

    def result_settings(self) -> Settings:
        return replace(self._base, theme=THEMES[self.theme.currentIndex()],
                       card_size=list(CARD_SIZES)[self.card_size.currentIndex()],
                       animations=self.animations.isChecked(),
                       confirmations=self.confirmations.isChecked(),
                       autosave_games=self.autosave_games.value(),
                       autosave_positions=self.autosave_positions.value(),
                       hints=self.hints.isChecked(),
                       auto_pass=self.auto_pass.isChecked(),
                       hints_seen=list(self._base.hints_seen)
                       if self.hints.isChecked() == self._base.hints else [],
                       computer_delay_ms=self.computer_delay.value(),
                       sounds=self.sounds.isChecked() and self.sounds.isEnabled(),
                       sound_volume=self.volume.value())
