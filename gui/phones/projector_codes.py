"""The Players' join codes, big on the projector: one QR code per seat with its name and
link, readable from the back of the room. A seat's code goes as soon as its phone joins
(never shown while a phone holds the seat); the board goes when every shown seat has
joined, or the invite dialog hides it or closes.

Only Player seats: the GM's code opens the Villains' hands, the one secret the Players
play against, so it stays in the laptop's dialog."""

from __future__ import annotations

from typing import Any

import segno

from gui.plain_text import set_plain
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.seats import GM, seat_title

#: light modules around the code, as the QR standard asks (4 modules)
QUIET = 4


class QrSquare(QtWidgets.QWidget):
    """A QR code drawn module by module at any size: crisp edges for a projector."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.modules: list[list[bool]] = []

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            matrix = segno.make(text, error="m").matrix
            self.modules = [[bool(m) for m in row] for row in matrix]
            self.update()

    def side(self) -> int:
        """The square's side in pixels, a whole number of pixels per module."""
        count = len(self.modules) + 2 * QUIET
        return (min(self.width(), self.height()) // count) * count if self.modules else 0

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        side = self.side()
        if not side:
            return
        unit = side // (len(self.modules) + 2 * QUIET)
        left, top = (self.width() - side) // 2, (self.height() - side) // 2
        painter = QtGui.QPainter(self)
        painter.fillRect(left, top, side, side, QtGui.QColor("#ffffff"))
        dark = QtGui.QColor("#000000")
        for y, row in enumerate(self.modules):
            for x, on in enumerate(row):
                if on:
                    painter.fillRect(left + (x + QUIET) * unit, top + (y + QUIET) * unit,
                                     unit, unit, dark)
        painter.end()


class SeatCode(QtWidgets.QWidget):
    def __init__(self, seat: str, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"projectorCode_{seat}")
        self.title = QtWidgets.QLabel(seat_title(seat))
        self.qr = QrSquare()
        self.link = QtWidgets.QLabel()
        self.link.setWordWrap(True)
        for label in (self.title, self.link):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setTextFormat(Qt.TextFormat.PlainText)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.link)
        layout.addStretch(1)


class ProjectorCodes(QtWidgets.QWidget):
    """Covers the projector window while shown; follows the phones' session."""

    sig_finished = QtCore.Signal()   # hidden: every shown seat joined, or asked to

    def __init__(self, session: Any, projector: QtWidgets.QWidget) -> None:
        super().__init__(projector)
        self.setObjectName("projectorCodes")
        self.session, self.projector = session, projector
        self.shown_seats: list[str] = []
        self.heading = QtWidgets.QLabel("Scan your seat's code with your phone camera")
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading.setWordWrap(True)
        self.row = QtWidgets.QHBoxLayout()
        self.cells: dict[str, SeatCode] = {}
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(self.row, 1)
        self.setAutoFillBackground(True)
        self.hide()
        projector.installEventFilter(self)   # cover the whole window as it resizes
        session.sig_changed.connect(self.refresh)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if watched is self.projector and event.type() == QtCore.QEvent.Type.Resize:
            self._fit()
        return False

    def start(self) -> bool:
        """Show the codes of the Player seats without a phone; False if there is none."""
        bridge = self.session.bridge
        if bridge is None:
            return False
        on_phone = bridge.server.connected_seats()
        self.shown_seats = [s for s in bridge.desk.seats() if s != GM and s not in on_phone]
        if not self.shown_seats:
            return False
        for cell in self.cells.values():
            cell.deleteLater()
        self.cells = {seat: SeatCode(seat, self) for seat in self.shown_seats}
        for cell in self.cells.values():
            self.row.addWidget(cell, 1)
        self._fit()
        self.show()
        self.raise_()
        self.refresh()
        return True

    def stop(self) -> None:
        was_shown = bool(self.shown_seats)
        self.shown_seats = []
        self.hide()
        if was_shown:
            self.sig_finished.emit()

    def codes_shown(self) -> list[str]:
        """The seats whose code is on the projector now."""
        if not self.isVisible():
            return []
        return [seat for seat, cell in self.cells.items() if cell.isVisibleTo(self)]

    def refresh(self) -> None:
        if not self.shown_seats:
            return
        bridge = self.session.bridge
        if bridge is None:   # the phones stopped: every code died
            self.stop()
            return
        on_phone = bridge.server.connected_seats()
        if all(seat in on_phone for seat in self.shown_seats):
            self.stop()
            return
        for seat, cell in self.cells.items():
            link = bridge.server.link(seat)
            if seat in on_phone or link is None:
                cell.hide()
                continue
            cell.qr.set_text(link)
            set_plain(cell.link, link)
            cell.show()
        self._style()

    def _fit(self) -> None:
        self.setGeometry(self.projector.rect())
        self._style()

    def _style(self) -> None:
        """Text sized from the window's height, in the projector's colours."""
        height, width = max(1, self.height()), max(1, self.width())
        # the codes side by side: as tall as 60% of the screen, or as wide as a column
        side = int(min(height * 0.6, width / max(1, len(self.cells)) * 0.88))
        colours: dict[str, str] = getattr(self.projector, "palette_colours", lambda: {})()
        ink, bg = colours.get("ink", "#ffffff"), colours.get("bg", "#000000")
        gold = colours.get("gold", ink)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor(bg))
        self.setPalette(palette)
        self.heading.setStyleSheet(f"color: {ink}; font-size: {int(height * 0.04)}px;"
                                   "font-weight: bold;")
        for cell in self.cells.values():
            cell.title.setStyleSheet(f"color: {gold}; font-size: {int(height * 0.06)}px;"
                                     "font-weight: bold;")
            cell.link.setStyleSheet(f"color: {ink}; font-size: {int(height * 0.026)}px;")
            cell.qr.setFixedSize(side, side)
