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
        self.setMinimumHeight(self._height(max(self.width(), 200)))
        self.updateGeometry()
        self.update()

    def _layout(self, width: int) -> tuple[int, int]:
        """Coin size and coins per row: as big as 44 px, shrinking before wrapping."""
        n = max(1, len(self.coins))
        size = max(22, min(44, width // n - 6))
        per_row = max(1, width // (size + 6))
        return size, per_row

    def _height(self, width: int) -> int:
        size, per_row = self._layout(width)
        rows = max(1, -(-len(self.coins) // per_row))
        return rows * (size + 6) + 4

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        return QtCore.QSize(260, self._height(max(self.width(), 200)))

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.setMinimumHeight(self._height(self.width()))

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        size, per_row = self._layout(self.width())
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
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Maximum)

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
