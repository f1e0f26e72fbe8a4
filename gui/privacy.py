"""Hot-seat privacy: the laptop changes hands without showing one seat's secrets to another.

`SeatSwitcher` owns whose view the laptop shows. A switch is only a request: the
`PrivacyScreen` covers the whole main window at once ("Pass to Player 2 — click when
ready") and hides the table and every dock (so nothing of the old seat is painted or
grabbed, floating docks included); only when the new player clicks or presses
Enter/Space does the switcher emit `sig_viewer_changed`, the table is redrawn for the new
seat, and then the cover lifts. A spectator laptop is locked to the public Table view:
every switch is refused with a message.

`attach_seats(main_window)` adds the Seat menu (Ctrl+0 Table, Ctrl+G GM, Ctrl+1…4
Players); `switcher.follow(table_page)` takes over the page's "Seen by" box
(docs/projector.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gui import seats
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal

BACKGROUND = "#101216"
RECENT_LINES = 4     # the public log lines the cover repeats, newest last
RECENT_CHARS = 110
LOCKED_MESSAGE = ("This laptop is locked to the public Table view (spectator screen): "
                  "unlock it in the Seat menu to switch to a seat.")


def _default_protected(window: QtWidgets.QWidget) -> list[QtWidgets.QWidget]:
    """What a seat's secrets can be shown in: the central widget and every dock."""
    out: list[QtWidgets.QWidget] = []
    central = window.centralWidget() if isinstance(window, QtWidgets.QMainWindow) else None
    if central is not None:
        out.append(central)
    # a main window's docks are its own children, floating ones too: looking no deeper
    # keeps PySide6 from wrapping every widget of the table to test its type
    out += window.findChildren(QtWidgets.QDockWidget,
                               options=Qt.FindChildOption.FindDirectChildrenOnly)
    return out


class PrivacyScreen(QtWidgets.QWidget):
    """An opaque cover over a whole window until the next player says they are ready."""

    sig_confirmed = Signal()

    def __init__(self, window: QtWidgets.QWidget,
                 protect: Callable[[QtWidgets.QWidget], Iterable[QtWidgets.QWidget]]
                 | None = None) -> None:
        super().__init__(window)
        self.setObjectName("privacyScreen")
        self.window_ = window
        self.protect = protect or _default_protected
        self._hidden: list[QtWidgets.QWidget] = []
        self._on_top: list[QtWidgets.QWidget] = []
        self.setAutoFillBackground(True)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor(BACKGROUND))
        self.setPalette(palette)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

        self.lead = self._label("Pass the laptop to", 34, "#9aa3ad")
        self.name = self._label("", 96, "#ffffff", bold=True)
        self.detail = self._label("", 38, "#f2c94c")
        self.hint = self._label("Click anywhere or press Enter when ready", 30, "#cfd4da")
        self.note = self._label("The table is hidden until then.", 22, "#7d858f")
        # what the table did since the last hand-off (public lines only): a roll made
        # just before the cover came up is not lost to the players in the room
        self.recent = self._label("", 24, "#cfd4da")
        self.recent.hide()
        layout = QtWidgets.QVBoxLayout(self)
        layout.addStretch(3)
        for w in (self.lead, self.name, self.detail):
            layout.addWidget(w)
        layout.addSpacing(30)
        layout.addWidget(self.recent)
        layout.addSpacing(60)
        layout.addWidget(self.hint)
        layout.addWidget(self.note)
        layout.addStretch(4)
        window.installEventFilter(self)
        self.hide()

    @staticmethod
    def _label(text: str, px: int, colour: str, bold: bool = False) -> QtWidgets.QLabel:
        label = QtWidgets.QLabel(text)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setStyleSheet(f"color: {colour}; font-size: {px}px; background: transparent; "
                            f"font-weight: {'bold' if bold else 'normal'};")
        label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        return label

    # ------------------------------------------------------------ covering
    @property
    def covering(self) -> bool:
        return not self.isHidden()

    def text(self) -> str:
        return " ".join(w.text() for w in (self.lead, self.name, self.detail, self.recent,
                                           self.hint) if w.text())

    def cover(self, name: str, detail: str = "", lead: str = "Pass the laptop to",
              recent: list[str] | None = None) -> None:
        """Cover the window now (the old seat's table is hidden at once) with these words,
        and `recent`, public log lines of what just happened."""
        self.lead.setText(lead)
        self.name.setText(name)
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))
        lines = [line if len(line) <= RECENT_CHARS else line[:RECENT_CHARS - 1] + "…"
                 for line in (recent or [])[-RECENT_LINES:]]
        self.recent.setText("Just now: " + "\n".join(lines) if lines else "")
        self.recent.setVisible(bool(lines))
        self.setAccessibleName(f"{lead} {name}. {detail} Click or press Enter when ready.")
        if not self.covering:
            self._hidden = [w for w in self.protect(self.window_)
                            if w is not self and not w.isHidden()]
            # docks sharing a place as tabs: showing them again makes the last one shown
            # the open tab, so each group's open one is put back on top after (the Card
            # tab a player had open is still open for the next one)
            self._on_top = [w for w in self._hidden if isinstance(w, QtWidgets.QDockWidget)
                            and not w.visibleRegion().isEmpty()]
            for w in self._hidden:
                w.hide()
        self.setGeometry(self.window_.rect())
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def uncover(self) -> None:
        if not self.covering:
            return
        self.hide()
        for w in self._hidden:
            w.show()
        for w in self._on_top:
            w.raise_()
        self._hidden = []
        self._on_top = []

    def confirm(self) -> None:
        if self.covering:
            self.sig_confirmed.emit()

    # ------------------------------------------------------------ events
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if watched is self.window_ and event.type() == QtCore.QEvent.Type.Resize \
                and self.covering:
            self.setGeometry(self.window_.rect())
        return False

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            self.confirm()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            event.accept()
            self.confirm()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        # the same pixels as fillRect, which a new game's first frame cannot afford:
        # PySide6 tests fillRect's arguments against QGradient's presets, building that
        # class's 182 enum members (≈ 15 M instructions, docs/performance.md part 6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QtGui.QColor(BACKGROUND))
        painter.drawRect(self.rect())
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        pen = QtGui.QPen(QtGui.QColor("#2e6fbd"), 6)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QtCore.QRectF(self.rect()).adjusted(24, 24, -24, -24), 30, 30)
        painter.end()


class SeatSwitcher(QtCore.QObject):
    """Whose view the laptop shows; every change goes through the privacy screen."""

    sig_viewer_changed = Signal(str)   # after the new player confirmed
    sig_pending = Signal(str)          # a switch waits behind the privacy screen
    sig_refused = Signal(str)          # why a switch was refused (locked)

    def __init__(self, window: QtWidgets.QWidget, viewer: str | None = None,
                 seat_list: Iterable[str] = (seats.GM, "p1", "p2", "p3"),
                 locked: bool = False) -> None:
        super().__init__(window)
        self.window_ = window
        self.current: str | None = viewer
        self.pending: str | None = None
        self.locked = False
        self.seats: list[str] = []
        self.names: dict[str, str] = {}
        self.page: Any = None
        self._game_controller: Any = None  # the game last followed: a new one is covered
        self._log_mark = 0  # public log length when the seat on screen took the laptop
        self.combo: QtWidgets.QComboBox | None = None
        self.privacy = PrivacyScreen(window)
        self.privacy.sig_confirmed.connect(self._confirmed)

        self.group = QtGui.QActionGroup(self)
        self.group.setExclusive(True)
        self.actions: dict[str, QtGui.QAction] = {}
        for viewer_key in seats.VIEWERS:
            act = QtGui.QAction(seats.seat_title(viewer_key), window)
            act.setCheckable(True)
            act.setShortcut(QtGui.QKeySequence(seats.SHORTCUTS[viewer_key]))
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            act.setStatusTip(f"Show the laptop to {seats.seat_title(viewer_key)}"
                             " (behind the privacy screen)")
            act.triggered.connect(lambda _=False, v=viewer_key: self.request(v))
            self.group.addAction(act)
            window.addAction(act)
            self.actions[viewer_key] = act
        self.act_lock = QtGui.QAction("&Spectator laptop (Table view only)", window)
        self.act_lock.setCheckable(True)
        self.act_lock.setStatusTip("Lock this laptop to the public Table view")
        self.act_lock.toggled.connect(self.set_locked)
        self.set_seats(seat_list)
        if locked:
            self.act_lock.setChecked(True)
        self._sync()

    # ------------------------------------------------------------ seats
    def set_seats(self, seat_list: Iterable[str], names: dict[str, str] | None = None) -> None:
        self.seats = [s for s in seat_list if s in seats.VIEWERS and s != seats.TABLE]
        self.names = dict(names or {})
        for key, act in self.actions.items():
            act.setVisible(key == seats.TABLE or key in self.seats)
            name = self.names.get(key)
            act.setText(f"{seats.seat_title(key)} — {name}" if name else seats.seat_title(key))
        self._fill_combo()

    def viewers(self) -> list[str]:
        return [*self.seats, seats.TABLE]

    def describe(self, viewer: str) -> tuple[str, str, str]:
        """(lead, name, detail) for the privacy screen."""
        if viewer == seats.TABLE:
            return "Show everyone", "the public Table", "No hidden cards are shown."
        if viewer == seats.GM:
            return "Pass the laptop to", "the GM", "The Villain's player"
        hero = self.names.get(viewer)
        return ("Pass the laptop to", seats.seat_title(viewer),
                f"{hero}'s player" if hero else f"{seats.seat_title(viewer)}'s player")

    # ------------------------------------------------------------ switching
    def request(self, viewer: str) -> bool:
        """Ask to show the laptop to `viewer`; True if the privacy screen now waits for them."""
        viewer = str(viewer)
        if self.locked and viewer != seats.TABLE:
            self._sync()
            self.sig_refused.emit(LOCKED_MESSAGE)
            return False
        if viewer not in self.viewers():
            self._sync()
            self.sig_refused.emit(f"There is no {seats.seat_title(viewer)} at this table.")
            return False
        if viewer == self.current and self.pending is None:
            self._sync()
            return False
        self.pending = viewer
        lead, name, detail = self.describe(viewer)
        self.privacy.cover(name, detail, lead, self._public_log()[self._log_mark:])
        self._sync()
        self.sig_pending.emit(viewer)
        return True

    def _confirmed(self) -> None:
        viewer = self.pending
        self.pending = None
        if viewer is None:
            self.privacy.uncover()
            return
        self.current = viewer
        self._sync()
        # redraw for the new seat while still covered; only then lift the cover
        self.sig_viewer_changed.emit(viewer)
        self._log_mark = len(self._public_log())
        self.privacy.uncover()

    def _public_log(self) -> list[str]:
        """The game's log as the public Table view has it (no seat's secret in it)."""
        game = getattr(getattr(self.page, "controller", None), "game", None)
        try:
            log = game.view("table").get("log", []) if game is not None else []
        except Exception:  # a game that cannot draw its public view: nothing to repeat
            return []
        return [str(line) for line in log]

    def set_locked(self, on: bool) -> None:
        on = bool(on)
        if self.act_lock.isChecked() != on:
            self.act_lock.setChecked(on)  # comes back here through toggled
            return
        if on == self.locked:
            return
        self.locked = on
        seats.save_prefs(spectator=on)
        if on:
            self.pending = None
            if self.current != seats.TABLE:
                # going public shows nothing secret: no privacy screen needed
                self.current = seats.TABLE
                self.sig_viewer_changed.emit(seats.TABLE)
            self.privacy.uncover()
        for key, act in self.actions.items():
            act.setEnabled(not on or key == seats.TABLE)
        if self.combo is not None:
            self.combo.setEnabled(not on)
        self._sync()

    # ------------------------------------------------------------ widgets
    def menu(self, title: str = "&Seat") -> QtWidgets.QMenu:
        menu = QtWidgets.QMenu(title, self.window_)
        for key in seats.VIEWERS:
            menu.addAction(self.actions[key])
        menu.addSeparator()
        menu.addAction(self.act_lock)
        return menu

    def bind_combo(self, combo: QtWidgets.QComboBox) -> None:
        """A "Seen by" box whose choices become requests (and snap back if refused)."""
        if self.combo is not combo:
            self.combo = combo
            combo.currentIndexChanged.connect(self._combo_changed)
        combo.setEnabled(not self.locked)
        self._fill_combo()

    def _fill_combo(self) -> None:
        combo = self.combo
        if combo is None:
            return
        combo.blockSignals(True)
        combo.clear()
        for key in self.viewers():
            combo.addItem(seats.seat_title(key), key)
        combo.blockSignals(False)
        self._sync()

    def _combo_changed(self, index: int) -> None:
        if self.combo is None or index < 0:
            return
        viewer = self.combo.itemData(index)
        shown = self.pending or self.current
        if viewer and viewer != shown:
            self.request(str(viewer))

    def _sync(self) -> None:
        shown = self.pending or self.current
        for key, act in self.actions.items():
            act.setChecked(key == shown)
        combo = self.combo
        if combo is not None and shown is not None:
            index = combo.findData(shown)
            if index >= 0 and index != combo.currentIndex():
                combo.blockSignals(True)
                combo.setCurrentIndex(index)
                combo.blockSignals(False)

    # ------------------------------------------------------------ the table page
    def follow(self, page: Any) -> None:
        """Drive this table page: its "Seen by" box and its controller's viewer.

        Call after each `page.set_game(...)`. The seat shown keeps across games (the same
        person holds the laptop); the first game keeps the page's own starting seat.
        """
        controller = getattr(page, "controller", None)
        if self.page is not page:
            self.page = page
            box = getattr(page, "viewer_box", None)
            handler = getattr(page, "_viewer_changed", None)
            if box is not None and handler is not None:
                try:
                    box.currentIndexChanged.disconnect(handler)
                except (RuntimeError, TypeError):
                    pass  # already ours
            self.sig_viewer_changed.connect(self._show_on_page)
            if box is not None:
                self.bind_combo(box)
        if controller is None:
            return
        view = controller.view()
        self.set_seats(seats.seats_in(view) if view else controller.seats(),
                       seats.hero_names(view))
        if self.locked:
            target = seats.TABLE
        elif self.current in self.viewers():
            target = self.current
        elif self.current is None:
            target = str(controller.viewer)
        else:
            target = seats.TABLE  # that seat is not in this game: show only what is public
        new_game = controller is not self._game_controller
        self._game_controller = controller
        if new_game:
            self._log_mark = len(self._public_log())  # its setup is not news
        if new_game and target != seats.TABLE:
            # a new, continued or opened game starts behind the privacy screen: whoever
            # holds the laptop now may not be the seat it opens on (a Continue would
            # otherwise show the GM's hand and Objective at once)
            self.current = seats.TABLE
            self.pending = None
            self._sync()
            self.request(target)
            # under the cover already: the page keeps the Table view's panels and title
            # but draws no felt until the cover lifts, for Player 1 by then (table_page)
            controller.set_viewer(seats.TABLE)
            return
        self.current = target
        if controller.viewer != target:
            controller.set_viewer(target)
        self._sync()

    def _show_on_page(self, viewer: str) -> None:
        page = self.page
        controller = getattr(page, "controller", None)
        if controller is None:
            return
        inspector = getattr(page, "inspector", None)
        if inspector is not None and hasattr(inspector, "show_card"):
            inspector.show_card(None)  # it may show a card the last seat was pointing at
        banner = getattr(page, "banner", None)
        if banner is not None:
            banner.hide()  # a refusal may name a card of the last seat's hand
        controller.set_viewer(viewer)


def attach_seats(window: QtWidgets.QMainWindow, locked: bool | None = None) -> SeatSwitcher:
    """A Seat menu with Table/GM/Player shortcuts, privacy screen and spectator lock."""
    if locked is None:
        locked = bool(seats.load_prefs().get("spectator", False))
    switcher = SeatSwitcher(window, locked=locked)
    window.menuBar().addMenu(switcher.menu())

    def refused(text: str) -> None:
        page = getattr(window, "table", None)
        banner = getattr(page, "banner", None)
        if banner is not None:
            banner.show_message(text)
        else:
            window.statusBar().showMessage(text, 5000)

    switcher.sig_refused.connect(refused)
    return switcher
