"""A non-modal message strip over the table: refusals with their clause, notices."""

from __future__ import annotations

from gui.plain_text import set_plain
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal

SHOW_MS = 5000
REFUSAL = "rgba(120, 20, 20, 230)"
NOTICE = "rgba(24, 70, 120, 235)"
NO_BREAK_HYPHEN = "\u2011"


def clause_tag(clause: str) -> str:
    """" [PT-ATK-4]" that never wraps inside: Qt breaks lines after a hyphen, which cut
    clause IDs into "[PT-" and "ATK-4]"."""
    return "\u00a0[" + clause.replace("-", NO_BREAK_HYPHEN) + "]"


class Banner(QtWidgets.QLabel):
    sig_clause = Signal(str)  # a refusal was clicked: show the rule it cites

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)  # refusals name cards and characters: data
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._colour(REFUSAL)
        self.clause = ""
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def _colour(self, background: str) -> None:
        self.setStyleSheet(f"QLabel#banner {{ background: {background}; color: white;"
                           " border-radius: 10px; padding: 12px 20px; font-size: 17pt; }")

    def show_notice(self, text: str, ms: int = SHOW_MS) -> None:
        """News, not a refusal ("Turn 2 — Twist!: Sudden Downpour"): blue, not red."""
        self.show_message(text, ms=ms)
        self._colour(NOTICE)

    def show_message(self, text: str, clause: str = "", ms: int = SHOW_MS) -> None:
        self._colour(REFUSAL)
        self.clause = clause
        set_plain(self, f"{text}{clause_tag(clause)}" if clause else text)
        # a refusal with a clause can be clicked for its rule; anything else lets the
        # pointer through to the table under it
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, not clause)
        self.setCursor(Qt.CursorShape.WhatsThisCursor if clause else Qt.CursorShape.ArrowCursor)
        self.setToolTip("Click to read this rule" if clause else "")
        self.setAccessibleName(self.text())
        self._place()
        self.show()
        self.raise_()
        self._timer.start(ms)

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if self.clause and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            self.sig_clause.emit(self.clause)
            return
        super().mouseReleaseEvent(event)

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        width = min(parent.width() - 40, 900)
        self.setFixedWidth(max(200, width))
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, 16)
