"""Game → Invite phones: a QR code and a short link per seat, the address to listen on,
and a button to give a seat a new code (which sends its old phone away)."""

from __future__ import annotations

import io
from typing import Any

import segno

from gui.phones.addresses import lan_addresses
from gui.phones.bridge import PhoneBridge
from gui.plain_text import set_plain
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.seats import seat_title

QR_SCALE = 5
SHOW_CODES = "Show codes on the projector"
HIDE_CODES = "Hide codes on the projector"


def qr_pixmap(link: str) -> QtGui.QPixmap:
    """The link as a QR code a phone camera reads across a table (segno, pure Python)."""
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=QR_SCALE, border=2,
                                     dark="#000000", light="#ffffff")
    pixmap = QtGui.QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class PhoneSession(QtCore.QObject):
    """The phones of the window's current game: at most one server, stopped when another
    game starts or the app quits (the join codes die with the game)."""

    sig_changed = QtCore.Signal()

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.setObjectName("phoneSession")
        self.window_ = window
        self.bridge: PhoneBridge | None = None
        self.game: Any = None
        window.sig_game_started.connect(lambda _table: self.stop())
        app = QtWidgets.QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    @classmethod
    def of(cls, window: Any) -> PhoneSession:
        found = window.findChild(cls, "phoneSession")
        return found if isinstance(found, cls) else cls(window)

    def start(self, address: str) -> None:
        """Listen on `address` (a free port) with a fresh code for every seat."""
        self.stop()
        controller = self.window_.table.controller
        bridge = PhoneBridge(controller, address, self)
        bridge.start()
        for seat in bridge.desk.seats():
            bridge.server.issue(seat)
        bridge.sig_presence.connect(lambda _seats: self.sig_changed.emit())
        self.bridge, self.game = bridge, controller.game
        self.sig_changed.emit()

    def stop(self) -> None:
        if self.bridge is not None:
            self.bridge.stop()
            self.bridge.deleteLater()
            self.bridge = self.game = None
            self.sig_changed.emit()

    def running_for(self, game: Any) -> bool:
        return self.bridge is not None and self.game is game

    def reissue(self, seat: str) -> None:
        if self.bridge is not None:
            self.bridge.server.issue(seat)
            self.sig_changed.emit()


class SeatBox(QtWidgets.QGroupBox):
    def __init__(self, seat: str, session: PhoneSession, parent: QtWidgets.QWidget) -> None:
        super().__init__(seat_title(seat), parent)
        self.seat, self.session = seat, session
        self.setObjectName(f"phoneSeat_{seat}")
        self.qr = QtWidgets.QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.link = QtWidgets.QLabel()
        self.link.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.link.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.link.setWordWrap(True)
        self.status = QtWidgets.QLabel()
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reissue = QtWidgets.QPushButton("New code")
        self.reissue.setToolTip("Give this seat a new code: the phone holding the old one "
                                "is sent away (a lost or borrowed phone)")
        self.reissue.clicked.connect(lambda: session.reissue(seat))
        layout = QtWidgets.QVBoxLayout(self)
        for widget in (self.qr, self.link, self.status, self.reissue):
            layout.addWidget(widget)

    def refresh(self) -> None:
        bridge = self.session.bridge
        link = bridge.server.link(self.seat) if bridge is not None else None
        if link is None:
            self.qr.clear()
            set_plain(self.link, "")
            set_plain(self.status, "")
            return
        if self.link.text() != link:
            self.qr.setPixmap(qr_pixmap(link))
            set_plain(self.link, link)
        on = bridge is not None and self.seat in bridge.server.connected_seats()
        set_plain(self.status, "Phone connected" if on else "No phone yet")


class InviteDialog(QtWidgets.QDialog):
    """Per seat: its QR code, its link and whether a phone holds it."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.setWindowTitle("Invite phones")
        self.setObjectName("inviteDialog")
        self.session = PhoneSession.of(window)
        game = window.table.controller.game
        if not self.session.running_for(game):
            self.session.start(lan_addresses()[0])
        assert self.session.bridge is not None
        self.address = QtWidgets.QComboBox()
        self.address.setObjectName("phoneAddress")
        self.address.setToolTip("The laptop's address on the network the phones use")
        current = self.session.bridge.server.address
        for address in dict.fromkeys([current, *lan_addresses()]):
            self.address.addItem(address)
        self.address.setCurrentText(current)
        self.address.currentTextChanged.connect(self._address_changed)
        intro = QtWidgets.QLabel(
            "Each player scans their seat's code with the phone camera (same Wi-Fi as this "
            "laptop). The phone shows that seat's hands and actions; the table shows them "
            "face down. A code opens its seat only: keep it to its player.")
        intro.setWordWrap(True)
        top = QtWidgets.QFormLayout()
        top.addRow("Listen on", self.address)
        grid = QtWidgets.QGridLayout()
        self.boxes = [SeatBox(seat, self.session, self)
                      for seat in self.session.bridge.desk.seats()]
        for i, box in enumerate(self.boxes):
            grid.addWidget(box, i // 3, i % 3)
        stop = QtWidgets.QPushButton("Stop phones")
        stop.setToolTip("Send every phone away and forget every code")
        stop.clicked.connect(self._stop)
        self.window_ = window
        self.codes: Any = None   # gui.phones.projector_codes.ProjectorCodes, made when asked
        self.project = QtWidgets.QPushButton(SHOW_CODES)
        self.project.setObjectName("projectCodes")
        self.project.setToolTip("The Players' codes big on the projector, until every one "
                                "of them has joined (the GM's code stays here)")
        self.project.clicked.connect(self._toggle_codes)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.project, QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(stop, QtWidgets.QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(top)
        layout.addLayout(grid)
        layout.addWidget(buttons)
        self.session.sig_changed.connect(self.refresh)
        self.finished.connect(lambda _result: self._drop_codes())
        self.refresh()

    def refresh(self) -> None:
        for box in self.boxes:
            box.refresh()

    def _toggle_codes(self) -> None:
        if self.codes is not None and self.codes.shown_seats:
            self._hide_codes()
            return
        from gui.phones.projector_codes import ProjectorCodes
        from gui.presentation import attach_presentation

        link = getattr(self.window_, "projector", None)
        if link is None:
            link = self.window_.projector = attach_presentation(self.window_)
        shown = link.presentation is not None and link.presentation.isVisible()
        projector = link.ensure() if shown else link.show()
        if self.codes is None or self.codes.parent() is not projector:
            self.codes = ProjectorCodes(self.session, projector)
            self.codes.sig_finished.connect(lambda: self.project.setText(SHOW_CODES))
        if self.codes.start():
            self.project.setText(HIDE_CODES)
        else:
            QtWidgets.QMessageBox.information(self, "Invite phones",
                                              "Every Player's phone has joined already.")

    def _hide_codes(self) -> None:
        if self.codes is not None:
            self.codes.stop()

    def _drop_codes(self) -> None:
        """The dialog closes: its codes leave the projector with it."""
        self._hide_codes()
        if self.codes is not None:
            self.codes.deleteLater()
            self.codes = None

    def _address_changed(self, address: str) -> None:
        if address:
            try:
                self.session.start(address)
            except OSError as e:
                QtWidgets.QMessageBox.warning(self, "Invite phones",
                                              f"Cannot listen on {address}: {e}")
                return
            self.refresh()

    def _stop(self) -> None:
        self.session.stop()
        self.accept()


def invite_phones(window: Any) -> None:
    """Open the dialog for the window's game (a message if no game is on the table)."""
    controller = getattr(window.table, "controller", None) if window.table else None
    if controller is None:
        QtWidgets.QMessageBox.information(window, "Invite phones",
                                          "Start or open a game first.")
        return
    try:
        dialog = InviteDialog(window)
    except OSError as e:
        QtWidgets.QMessageBox.warning(window, "Invite phones",
                                      f"The phones' server could not start: {e}")
        return
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
