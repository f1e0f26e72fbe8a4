"""The first thing a group sees: big buttons, the last game to continue, the loaded packs."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gui.plain_text import tooltip
from gui.qt import QtCore, QtGui, QtWidgets, Signal, set_keys

if TYPE_CHECKING:
    from gui.saves import GameInfo

NO_AUTOSAVE = "No game to continue yet: autosaves appear after the first move of a game."
#: the recent games shown at once (more scroll)
LIST_ROWS = 5
ROW_CHARS = 300
LOOKING = "Looking for the last game…"
NO_GAME_FOR_PHONES = "Start or open a game first: phones join the game on the table."


def _big_button(text: str, name: str, tip: str) -> QtWidgets.QPushButton:
    button = QtWidgets.QPushButton(text)
    button.setObjectName(name)
    button.setToolTip(tip)
    button.setAccessibleName(text.replace("…", ""))
    # nine of these and the title fit a 1280x720 laptop (tests/gui/test_start_fits.py)
    button.setMinimumHeight(46)
    button.setMinimumWidth(320)
    font = button.font()
    font.setPointSizeF(max(font.pointSizeF(), 9.0) * 1.5)
    button.setFont(font)
    return button


def _point_at(button: QtWidgets.QPushButton) -> None:
    button.setCursor(QtCore.Qt.CursorShape.PointingHandCursor)


class StartScreen(QtWidgets.QWidget):
    sig_new_game = Signal()
    sig_continue = Signal()
    sig_continue_game = Signal(str)   # a GameInfo key: Continue that game
    sig_delete_game = Signal(str)     # a GameInfo key: the user asks to delete that game
    sig_open = Signal()
    sig_quick = Signal()
    sig_solo = Signal()
    sig_quick_game = Signal(str)   # the id of another game (gui/layouts) to start at once
    sig_packs = Signal()
    sig_invite = Signal()   # Game → Invite phones, for the game still open behind this screen
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
            ("continue", "Continue", "Resume the game chosen under Recent games",
             self._continue_clicked),
            ("open", "Open saved game…", "Open a game saved with File → Save", self.sig_open),
            ("quick", "Quick game", "A GM and three Heroes from the core set, ready to play",
             self.sig_quick),
            ("solo", "Solo: 2 Heroes vs Computer GM",
             "Play two Heroes yourself; the computer runs the Villains (Normal strength)",
             self.sig_solo),
            ("packs", "Card packs", "The loaded card packs, their cards and any errors",
             self.sig_packs),
            ("settings", "Settings", "Theme, card size, animations, confirmations",
             self.sig_settings),
            ("quit", "Quit", "Close the app", self.sig_quit),
        ]
        column = QtWidgets.QVBoxLayout()
        column.setSpacing(8)
        self.column = column
        for key, text, tip, signal in specs:
            button = _big_button(text, f"start_{key}", tip)
            button.clicked.connect(signal)
            self.buttons[key] = button
            column.addWidget(button)
            if key == "continue":
                self.continue_info = QtWidgets.QLabel(NO_AUTOSAVE)
                self.continue_info.setObjectName("continueInfo")
                # the line quotes a save's fields (Heroes, result): data, never markup
                set_keys(self.continue_info, "textFormat", "PlainText")
                self.continue_info.setWordWrap(True)
                self.continue_info.setIndent(12)
                self.continue_info.setMaximumWidth(420)
                column.addWidget(self.continue_info)
        self.buttons["quick"].setDefault(True)
        column.addStretch(1)

        self.packs_box = QtWidgets.QGroupBox("Card packs")
        self.packs_label = QtWidgets.QLabel("Loading card packs…")
        self.packs_label.setObjectName("packsSummary")
        self.packs_label.setWordWrap(True)
        # by key name: this screen is the first frame, drawn before the Qt namespace's
        # enums exist (gui/qt.py)
        set_keys(self.packs_label, "textFormat", "RichText")
        set_keys(self.packs_label, "alignment", "AlignTop|AlignLeft")
        set_keys(self.packs_label, "textInteractionFlags", "TextSelectableByMouse")
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

        self._games_box: QtWidgets.QGroupBox | None = None   # built with the first game
        # beside the buttons, not under them: the column already fills a 720-px screen
        invite = _big_button("Invite phones…", "start_invite",
                             "Each player holds their own hand on their phone")
        invite.clicked.connect(self.sig_invite)
        self.buttons["invite"] = invite
        self.invite_info = QtWidgets.QLabel(NO_GAME_FOR_PHONES)
        self.invite_info.setObjectName("inviteInfo")
        self.invite_info.setWordWrap(True)
        invite_row = QtWidgets.QHBoxLayout()
        invite_row.setSpacing(16)
        invite_row.addWidget(invite)
        invite_row.addWidget(self.invite_info, 1)
        invite_row.addStretch(0)
        invite.setSizePolicy(QtWidgets.QSizePolicy.Policy.Maximum,
                             QtWidgets.QSizePolicy.Policy.Fixed)
        right = QtWidgets.QVBoxLayout()
        right.setSpacing(16)
        right.addLayout(invite_row)
        right.addWidget(self.packs_box, 1)   # the recent games go above it (games_box)
        self._right = right

        body = QtWidgets.QHBoxLayout()
        body.setSpacing(40)
        body.addLayout(column, 0)
        body.addLayout(right, 1)
        body.addStretch(0)

        outer = QtWidgets.QVBoxLayout(self)
        outer.setContentsMargins(48, 36, 48, 36)
        outer.addWidget(title)
        outer.addWidget(subtitle)
        outer.addSpacing(24)
        outer.addLayout(body, 1)
        self._keys: list[str] = []
        self.buttons["continue"].setEnabled(False)
        self.continue_info.setText(LOOKING)
        self.set_game_open(False)

    def set_game_open(self, is_open: bool) -> None:
        """Invite phones needs a game on the table; without one the button says why not."""
        button = self.buttons["invite"]
        button.setEnabled(is_open)
        button.setToolTip("Each player holds their own hand on their phone, for the game "
                          "you just left" if is_open else NO_GAME_FOR_PHONES)
        self.invite_info.setVisible(not is_open)

    def point_buttons(self) -> None:
        """The hand cursor over the big buttons. Set once the first frame is drawn (the
        window calls this first thing then): a cursor's shape is a Qt enum, and naming
        one before that frame would build all of the Qt namespace's enums (gui/qt.py);
        the frame looks the same either way."""
        for button in self.buttons.values():
            _point_at(button)

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
            _point_at(button)
            self.buttons[f"game:{module.id}"] = button
            self.column.insertWidget(at, button)
            at += 1

    @property
    def games_box(self) -> QtWidgets.QGroupBox:
        """The "Recent games" box, between Invite phones and the packs; hidden until there
        is a game to continue. Built when first needed (the games are listed after the
        first frame): the list widget's first construction costs ≈ 4 ms of a cold start."""
        if self._games_box is None:
            self._games_box = self._build_games_box()
            self._right.insertWidget(1, self._games_box, 0)
        return self._games_box

    @property
    def games_list(self) -> QtWidgets.QListWidget:
        # _build_games_box puts it there
        return cast(QtWidgets.QListWidget,
                    self.games_box.findChild(QtWidgets.QListWidget, "recentGames"))

    def _build_games_box(self) -> QtWidgets.QGroupBox:
        box = QtWidgets.QGroupBox("Recent games")
        box.setMinimumWidth(360)
        box.setMaximumWidth(760)
        games = QtWidgets.QListWidget()
        games.setObjectName("recentGames")
        games.setAccessibleName("Recent games")
        games.setWordWrap(True)
        games.setAlternatingRowColors(True)
        games.setSpacing(3)
        list_font = games.font()
        list_font.setPointSizeF(max(list_font.pointSizeF(), 9.0) * 1.15)  # read across a room
        games.setFont(list_font)
        games.itemActivated.connect(lambda _item: self._continue_clicked())
        games.currentRowChanged.connect(self._selected)
        self.delete_button = QtWidgets.QPushButton("Delete this game…")
        self.delete_button.setObjectName("start_delete_game")
        self.delete_button.setToolTip("Delete every autosave of the chosen game (you are "
                                      "asked first)")
        self.delete_button.clicked.connect(self._delete_clicked)
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.delete_button)
        layout = QtWidgets.QVBoxLayout(box)
        layout.addWidget(games)
        layout.addLayout(row)
        box.hide()
        return box

    def set_games(self, games: list[GameInfo]) -> None:
        """The recent games, the one played last first; Continue opens the chosen one."""
        button = self.buttons["continue"]
        self._keys = [g.key for g in games]
        if not games:
            button.setEnabled(False)
            button.setToolTip(NO_AUTOSAVE)
            self.continue_info.setText(NO_AUTOSAVE)
            if self._games_box is not None:
                self.games_list.clear()
                self._games_box.hide()
            return
        self.games_list.clear()
        for game in games:
            # plain text, never markup; the last move on a line of its own
            text = game.describe()
            if len(text) > ROW_CHARS:        # a header holds up to 16 KB: a row is a row
                text = text[: ROW_CHARS - 1] + "…"
            item = QtWidgets.QListWidgetItem(text.replace(" · last: ", "\nlast: "))
            item.setToolTip(tooltip(f"{len(game.positions)} position(s) kept: "
                                    f"{game.newest.path.name}"))
            self.games_list.addItem(item)
        # as tall as the first few rows, so the packs below keep their room
        rows = min(len(games), LIST_ROWS)
        height = sum(self.games_list.sizeHintForRow(r) + 2 * self.games_list.spacing()
                     for r in range(rows))
        self.games_list.setFixedHeight(height + 2 * self.games_list.frameWidth() + 4)
        self.games_box.show()
        button.setEnabled(True)
        self.games_list.setCurrentRow(0)

    def _selected(self, row: int) -> None:
        if 0 <= row < len(self._keys):
            text = self.games_list.item(row).text()
            self.buttons["continue"].setToolTip(tooltip("Resume " + text))
            self.continue_info.setText(text.partition("\nlast: ")[0])

    def chosen_game(self) -> str | None:
        if self._games_box is None:
            return None
        row = self.games_list.currentRow()
        return self._keys[row] if 0 <= row < len(self._keys) else None

    def _continue_clicked(self, *_args: object) -> None:
        key = self.chosen_game()
        if key is None:
            self.sig_continue.emit()
        else:
            self.sig_continue_game.emit(key)

    def _delete_clicked(self) -> None:
        key = self.chosen_game()
        if key is not None:
            self.sig_delete_game.emit(key)

    def set_packs_html(self, html: str) -> None:
        self.packs_label.setText(html)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() == QtCore.Qt.Key.Key_Escape:
            self.sig_quit.emit()
            return
        super().keyPressEvent(event)
