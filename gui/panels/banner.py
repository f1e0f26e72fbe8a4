"""A non-modal message strip over the table: refusals with their clause, notices."""

from __future__ import annotations

from gui.plain_text import set_plain
from gui.qt import Qt, QtCore, QtWidgets

SHOW_MS = 5000


class Banner(QtWidgets.QLabel):
    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setTextFormat(Qt.TextFormat.PlainText)  # refusals quote card names
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)  # refusals name cards and characters: data
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("QLabel#banner { background: rgba(120, 20, 20, 230); color: white;"
                           " border-radius: 10px; padding: 12px 20px; font-size: 17pt; }")
        self.clause = ""
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def show_message(self, text: str, clause: str = "", ms: int = SHOW_MS) -> None:
        self.clause = clause
        set_plain(self, f"{text}  [{clause}]" if clause else text)
        self.setAccessibleName(self.text())
        self._place()
        self.show()
        self.raise_()
        self._timer.start(ms)

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        width = min(parent.width() - 40, 900)
        self.setFixedWidth(max(200, width))
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, 16)
