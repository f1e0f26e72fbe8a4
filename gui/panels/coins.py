"""The last roll, coin by coin: Heads are Successes (PT-ROLL-1)."""

from __future__ import annotations

from typing import Any

from gui.qt import Qt, QtCore, QtGui, QtWidgets


class CoinStrip(QtWidgets.QWidget):
    """Big coin glyphs, wrapping onto as many rows as needed."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.coins = ""
        self.setMinimumHeight(52)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding,
                           QtWidgets.QSizePolicy.Policy.Preferred)

    def set_coins(self, coins: str) -> None:
        self.coins = coins
        self.setAccessibleName(f"{coins.count('H')} Heads, {coins.count('T')} Tails")
        self.updateGeometry()
        self.update()

    def _size(self) -> int:
        return 44

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        per_row = max(1, (max(self.width(), 200)) // (self._size() + 6))
        rows = max(1, -(-len(self.coins) // per_row))
        return QtCore.QSize(260, rows * (self._size() + 6) + 4)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        per_row = max(1, width // (self._size() + 6))
        return max(1, -(-len(self.coins) // per_row)) * (self._size() + 6) + 4

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        size = self._size()
        per_row = max(1, self.width() // (size + 6))
        font = painter.font()
        font.setPixelSize(int(size * 0.5))
        font.setBold(True)
        painter.setFont(font)
        for i, coin in enumerate(self.coins):
            x = (i % per_row) * (size + 6) + 2
            y = (i // per_row) * (size + 6) + 2
            rect = QtCore.QRectF(x, y, size, size)
            heads = coin == "H"
            painter.setPen(QtGui.QPen(QtGui.QColor("#7a5c00" if heads else "#555555"), 3))
            painter.setBrush(QtGui.QColor("#f2c94c" if heads else "#c9c9c9"))
            painter.drawEllipse(rect)
            painter.setPen(QtGui.QColor("#3d2e00" if heads else "#333333"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, coin)
        painter.end()


class CoinPanel(QtWidgets.QWidget):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QtWidgets.QLabel("No roll yet")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.strip = CoinStrip()
        self.figures = QtWidgets.QLabel("")
        self.figures.setWordWrap(True)
        ffont = self.figures.font()
        ffont.setPointSizeF(max(ffont.pointSizeF(), 9.0) * 1.2)
        self.figures.setFont(ffont)
        self.outcome = QtWidgets.QLabel("")
        ofont = self.outcome.font()
        ofont.setPointSizeF(max(ofont.pointSizeF(), 9.0) * 1.5)
        ofont.setBold(True)
        self.outcome.setFont(ofont)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.strip)
        layout.addWidget(self.figures)
        layout.addWidget(self.outcome)
        layout.addStretch(1)

    def show_roll(self, roll: dict[str, Any] | None, names: dict[str, str]) -> None:
        if not roll:
            self.title.setText("No roll yet")
            self.strip.set_coins("")
            self.figures.setText("")
            self.outcome.setText("")
            return
        who = names.get(str(roll.get("who")), str(roll.get("who", "")))
        kind = str(roll.get("kind", "")).capitalize()
        self.title.setText(roll.get("text") or f"{who}: {kind} roll")
        coins = str(roll.get("coins") or "")
        self.strip.set_coins(coins)
        successes = roll.get("successes", coins.count("H"))
        auto = roll.get("auto", 0) or 0
        total = roll.get("total", successes + auto)
        parts = [f"Pool {roll.get('pool', len(coins))}", f"Successes {successes}"]
        if auto:
            parts.append(f"Auto +{auto} = {total}")
        if roll.get("against") is not None:
            parts.append(f"against {roll['against']}")
        if roll.get("margin") is not None:
            parts.append(f"Margin {roll['margin']}")
        self.figures.setText(" · ".join(parts))
        won = roll.get("won")
        if won is None:
            self.outcome.setText(f"{total} dealt" if roll.get("kind") == "damage" else "")
            self.outcome.setStyleSheet("")
        else:
            self.outcome.setText("Won" if won else "Lost")
            self.outcome.setStyleSheet("color: #2e8b57;" if won else "color: #c0392b;")
