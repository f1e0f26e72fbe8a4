"""The first thing a group sees: big buttons, the last game to continue, the loaded packs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gui.qt import Qt, QtGui, QtWidgets, Signal

if TYPE_CHECKING:
    from gui.saves import AutosaveInfo

NO_AUTOSAVE = "No game to continue yet: autosaves appear after the first move of a game."
LOOKING = "Looking for the last game…"


def _big_button(text: str, name: str, tip: str) -> QtWidgets.QPushButton:
    button = QtWidgets.QPushButton(text)
    button.setObjectName(name)
    button.setToolTip(tip)
    button.setAccessibleName(text.replace("…", ""))
    button.setMinimumHeight(56)
    button.setMinimumWidth(320)
    font = button.font()
    font.setPointSizeF(max(font.pointSizeF(), 9.0) * 1.5)
    button.setFont(font)
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    return button


class StartScreen(QtWidgets.QWidget):
    sig_new_game = Signal()
    sig_continue = Signal()
    sig_open = Signal()
    sig_quick = Signal()
    sig_quick_game = Signal(str)   # the id of another game (gui/layouts) to start at once
    sig_packs = Signal()
    sig_settings = Signal()
    sig_quit = Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startScreen")
        title = QtWidgets.QLabel("Plot Twist Table")
        title.setObjectName("startTitle")
        font = title.font()
        font.setPointSizeF(max(font.pointSizeF(), 9.0) * 3.2)
        font.setBold(True)
        title.setFont(font)
        subtitle = QtWidgets.QLabel("Heroes against Villains — one laptop, the whole table.")
        sub_font = subtitle.font()
        sub_font.setPointSizeF(max(sub_font.pointSizeF(), 9.0) * 1.3)
        subtitle.setFont(sub_font)

        self.buttons: dict[str, QtWidgets.QPushButton] = {}
        specs = [
            ("new", "New game", "Choose the Villain, the Heroes and the decks", self.sig_new_game),
            ("continue", "Continue", "Resume the latest autosave", self.sig_continue),
            ("open", "Open saved game…", "Open a game saved with File → Save", self.sig_open),
            ("quick", "Quick game", "A GM and three Heroes from the core set, ready to play",
             self.sig_quick),
            ("packs", "Card packs", "The loaded card packs, their cards and any errors",
             self.sig_packs),
            ("settings", "Settings", "Theme, card size, animations, confirmations",
             self.sig_settings),
            ("quit", "Quit", "Close the app", self.sig_quit),
        ]
        column = QtWidgets.QVBoxLayout()
        column.setSpacing(10)
        self.column = column
        for key, text, tip, signal in specs:
            button = _big_button(text, f"start_{key}", tip)
            button.clicked.connect(signal)
            self.buttons[key] = button
            column.addWidget(button)
            if key == "continue":
                self.continue_info = QtWidgets.QLabel(NO_AUTOSAVE)
                self.continue_info.setObjectName("continueInfo")
                self.continue_info.setWordWrap(True)
                self.continue_info.setIndent(12)
                column.addWidget(self.continue_info)
        self.buttons["quick"].setDefault(True)
        column.addStretch(1)

        self.packs_box = QtWidgets.QGroupBox("Card packs")
        self.packs_label = QtWidgets.QLabel("Loading card packs…")
        self.packs_label.setObjectName("packsSummary")
        self.packs_label.setWordWrap(True)
        self.packs_label.setTextFormat(Qt.TextFormat.RichText)
        self.packs_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.packs_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        packs_font = self.packs_label.font()
        packs_font.setPointSizeF(max(packs_font.pointSizeF(), 9.0) * 1.15)
        self.packs_label.setFont(packs_font)
        box_layout = QtWidgets.QVBoxLayout(self.packs_box)
        scroll = QtWidgets.QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        scroll.setWidget(self.packs_label)
        box_layout.addWidget(scroll)
        self.packs_box.setMinimumWidth(360)
        self.packs_box.setMaximumWidth(760)

        body = QtWidgets.QHBoxLayout()
        body.setSpacing(40)
        body.addLayout(column, 0)
        body.addWidget(self.packs_box, 1)
        body.addStretch(0)

        outer = QtWidgets.QVBoxLayout(self)
        outer.setContentsMargins(48, 36, 48, 36)
        outer.addWidget(title)
        outer.addWidget(subtitle)
        outer.addSpacing(24)
        outer.addLayout(body, 1)
        self.buttons["continue"].setEnabled(False)
        self.continue_info.setText(LOOKING)

    def add_game_buttons(self) -> None:
        """One button per other game the table hosts (engine.games, gui.layouts), under
        Quick game. Called after the first paint: the game registry stays off start-up."""
        from engine.games import available
        from gui.layouts import quick_starts

        starts = quick_starts()
        at = self.column.indexOf(self.buttons["quick"]) + 1
        for module in [m for m in available() if m.id in starts]:
            if f"game:{module.id}" in self.buttons:
                continue
            tip = f"{module.blurb} {starts[module.id]}.".strip()
            button = _big_button(f"{module.name}: quick fight", f"start_game_{module.id}", tip)
            button.clicked.connect(lambda _=False, g=module.id: self.sig_quick_game.emit(g))
            self.buttons[f"game:{module.id}"] = button
            self.column.insertWidget(at, button)
            at += 1

    def set_autosave(self, summary: AutosaveInfo | None) -> None:
        button = self.buttons["continue"]
        if summary is None:
            button.setEnabled(False)
            button.setToolTip(NO_AUTOSAVE)
            self.continue_info.setText(NO_AUTOSAVE)
        else:
            button.setEnabled(True)
            button.setToolTip(f"Resume {summary.path.name}")
            self.continue_info.setText(summary.describe())

    def set_packs_html(self, html: str) -> None:
        self.packs_label.setText(html)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() == Qt.Key.Key_Escape:
            self.sig_quit.emit()
            return
        super().keyPressEvent(event)
