"""The last roll, coin by coin: Heads are Successes (PT-ROLL-1)."""

from __future__ import annotations

from typing import Any

from gui.qt import Qt, QtCore, QtGui, QtWidgets


class CoinStrip(QtWidgets.QWidget):
    """Big coin glyphs, wrapping onto as many rows as needed."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.coins = ""
        self.max_size = 44
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
        size = max(22, min(self.max_size, width // n - 6))
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


def _bigger(label: QtWidgets.QLabel, factor: float, bold: bool = False) -> None:
    font = label.font()
    font.setPointSizeF(max(font.pointSizeF(), 9.0) * factor)
    font.setBold(bold)
    label.setFont(font)


class RollView(QtWidgets.QWidget):
    """One roll: who and what, the coins, the figures, the outcome."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        # no word wrap anywhere: wrapped labels in a dock get less height than they need
        # and overlap the coins, so the lines are laid out here instead
        self.title = QtWidgets.QLabel("No roll yet")
        _bigger(self.title, 1.0, bold=True)
        self.title.setMinimumWidth(1)
        self.strip = CoinStrip()
        self.figures = QtWidgets.QLabel("")
        _bigger(self.figures, 1.15)
        self.outcome = QtWidgets.QLabel("")
        _bigger(self.outcome, 1.4, bold=True)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.strip)
        layout.addWidget(self.figures)
        layout.addWidget(self.outcome)

    def show_roll(self, roll: dict[str, Any] | None, names: dict[str, str]) -> None:
        if not roll:
            self.title.setText("No roll yet")
            self.strip.set_coins("")
            self.figures.setText("")
            self.outcome.setText("")
            return
        who = names.get(str(roll.get("who")), str(roll.get("who", "")))
        kind = str(roll.get("kind", "")).capitalize()
        text = str(roll.get("text") or f"{who}: {kind} roll")
        head = text.split(":")[0] if ":" in text else text
        self.title.setText(head)
        self.title.setToolTip(text)
        coins = str(roll.get("coins") or "")
        self.strip.set_coins(coins)
        successes = roll.get("successes", coins.count("H"))
        auto = roll.get("auto", 0) or 0
        total = roll.get("total", successes + auto)
        first = [f"Pool {roll.get('pool', len(coins))}", f"Successes {successes}"]
        if auto:
            first.append(f"Auto +{auto} = {total}")
        second = []
        if roll.get("against") is not None:
            second.append(f"vs {roll['against']}")
        if roll.get("margin") is not None:
            second.append(f"Margin {roll['margin']}")
        lines = [" · ".join(first)] + ([" · ".join(second)] if second else [])
        self.figures.setText("\n".join(lines))
        won = roll.get("won")
        if won is None:
            self.outcome.setText(f"{total} dealt" if roll.get("kind") == "damage" else "")
            self.outcome.setStyleSheet("")
        else:
            self.outcome.setText("Won" if won else "Lost")
            self.outcome.setStyleSheet("color: #2e8b57;" if won else "color: #c0392b;")


class CoinPanel(QtWidgets.QWidget):
    """The last roll; after an Attack, its Defense roll beside it (one Opposing Roll)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = RollView()
        self.partner = RollView()
        self.partner.hide()
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.partner)
        layout.addWidget(self.main)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Maximum)

    # the last roll's parts, kept as attributes the tests and callers read
    @property
    def strip(self) -> CoinStrip:
        return self.main.strip

    @property
    def figures(self) -> QtWidgets.QLabel:
        return self.main.figures

    @property
    def outcome(self) -> QtWidgets.QLabel:
        return self.main.outcome

    def show_rolls(self, rolls: list[dict[str, Any]], names: dict[str, str]) -> None:
        last = rolls[-1] if rolls else None
        before = rolls[-2] if len(rolls) > 1 else None
        paired = (last is not None and before is not None
                  and {last.get("kind"), before.get("kind")} == {"attack", "defense"})
        self.partner.setVisible(paired)
        # two rolls share the dock's height: smaller coins then
        for view in (self.main, self.partner):
            view.strip.max_size = 34 if paired else 44
        self.partner.show_roll(before if paired else None, names)
        self.main.show_roll(last, names)

    def show_roll(self, roll: dict[str, Any] | None, names: dict[str, str]) -> None:
        self.show_rolls([roll] if roll else [], names)
