"""The last roll, coin by coin: Heads are Successes (PT-ROLL-1).

A new roll's coins spin once before they land, so the table sees a roll happen rather
than a number change; the spin is drawn (each coin narrowed by the cosine of its turn),
never decides anything, and ends on the engine's own coins.
"""

from __future__ import annotations

import math
from typing import Any

from gui.plain_text import plain_label, tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal

FLIP_MS = 320
COIN_MAX = 52          # big enough to read across the room on a projector
COIN_MAX_PAIRED = 38   # two rolls share the dock's height


def headless() -> bool:
    """No one watches an offscreen window (tests, screenshots): no spin by default."""
    return QtGui.QGuiApplication.platformName() in ("offscreen", "minimal")


class CoinStrip(QtWidgets.QWidget):
    """Big coin glyphs, wrapping onto as many rows as needed."""

    sig_landed = Signal()  # a flip has ended: the coins show what was rolled

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.coins = ""
        self.max_size = COIN_MAX
        self.progress = 1.0  # of the flip: 1.0 is landed, the coins as rolled
        self._anim: QtCore.QVariantAnimation | None = None
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding,
                           QtWidgets.QSizePolicy.Policy.Preferred)

    def set_coins(self, coins: str, flip: bool = False) -> None:
        self.coins = coins
        self.setAccessibleName(f"{coins.count('H')} Heads, {coins.count('T')} Tails")
        self.setMinimumHeight(self._height(max(self.width(), 200)))
        self.updateGeometry()
        self.stop()
        if flip and coins:
            anim = QtCore.QVariantAnimation(self)
            anim.setStartValue(0.0)
            anim.setEndValue(1.0)
            anim.setDuration(FLIP_MS)
            anim.setEasingCurve(QtCore.QEasingCurve.Type.OutCubic)
            anim.valueChanged.connect(self._step)
            anim.finished.connect(self.stop)
            self._anim = anim
            self.progress = 0.0
            anim.start()
        self.update()

    def flipping(self) -> bool:
        return self._anim is not None

    def stop(self) -> None:
        """Land the coins at once (a new roll, or the flip's end)."""
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.stop()
            anim.deleteLater()
        self.progress = 1.0
        self.update()
        if anim is not None:
            self.sig_landed.emit()

    def _step(self, value: Any) -> None:
        self.progress = float(value)
        self.update()

    def _turn(self, index: int) -> float:
        """How far coin `index` has turned, 0 … 1: a small stagger, left coins first."""
        lag = 0.35 * index / max(1, len(self.coins) - 1)
        return min(1.0, max(0.0, (self.progress - lag) / (1.0 - 0.35)))

    def _layout(self, width: int) -> tuple[int, int]:
        """Coin size and coins per row: as big as 44 px, shrinking before wrapping."""
        n = max(1, len(self.coins))
        size = max(22, min(self.max_size, width // n - 6))
        per_row = max(1, width // (size + 6))
        return size, per_row

    def _height(self, width: int) -> int:
        if not self.coins:  # "No roll yet" needs no empty row of coins under it
            return 0
        size, per_row = self._layout(width)
        rows = max(1, -(-len(self.coins) // per_row))
        return rows * (size + 6) + 4

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        return QtCore.QSize(260, self._height(max(self.width(), 200)))

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        height = self._height(self.width())
        if height != self.minimumHeight():
            self.setMinimumHeight(height)

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
            if self.progress < 1.0:
                # one full turn: the coin narrows edge-on and shows its other face half way
                angle = self._turn(i) * 2 * math.pi
                width = max(0.08, abs(math.cos(angle)))
                rect = QtCore.QRectF(x + size * (1 - width) / 2, y, size * width, size)
                if math.cos(angle) < 0:
                    heads = not heads
                    coin = "H" if heads else "T"
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
        self.title = plain_label("No roll yet")  # "<character>: …": a card name
        _bigger(self.title, 1.0, bold=True)
        self.title.setMinimumWidth(1)
        self.strip = CoinStrip()
        self.figures = plain_label()
        _bigger(self.figures, 1.15)
        self.outcome = plain_label()
        _bigger(self.outcome, 1.4, bold=True)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.strip)
        layout.addWidget(self.figures)
        layout.addWidget(self.outcome)
        self.strip.sig_landed.connect(self._reveal)

    def _hold(self) -> None:
        """While the coins spin, the figures and the outcome wait (kept in the layout, so
        nothing jumps): the room learns the result from the coins, as at a real table."""
        for label in (self.figures, self.outcome):
            effect = QtWidgets.QGraphicsOpacityEffect(label)
            effect.setOpacity(0.0)
            label.setGraphicsEffect(effect)

    def _reveal(self) -> None:
        for label in (self.figures, self.outcome):
            label.setGraphicsEffect(None)  # type: ignore[arg-type]  # None removes it

    def revealed(self) -> bool:
        return self.figures.graphicsEffect() is None and self.outcome.graphicsEffect() is None

    def show_roll(self, roll: dict[str, Any] | None, names: dict[str, str],
                  flip: bool = False) -> None:
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
        self.title.setToolTip(tooltip(text))
        coins = str(roll.get("coins") or "")
        self._reveal()
        self.strip.set_coins(coins, flip=flip)
        if self.strip.flipping():
            self._hold()
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


def last_exchange(rolls: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, ...]:
    """(attack, defense, damage) of the newest Attack exchange when the newest rolls are
    one (attack, then its Defense, then maybe its Damage Roll), else (None, None, None)."""
    for i in range(len(rolls) - 1, max(-1, len(rolls) - 4), -1):
        if rolls[i].get("kind") == "attack":
            rest = [r.get("kind") for r in rolls[i + 1:]]
            if rest in ([], ["defense"], ["defense", "damage"], ["damage"]):
                by_kind = {r.get("kind"): r for r in rolls[i:]}
                return by_kind.get("attack"), by_kind.get("defense"), by_kind.get("damage")
            break
    return None, None, None


def verdict(attack: dict[str, Any], defense: dict[str, Any] | None) -> tuple[str, str]:
    """("Hit" | "Miss" | "Tie — …", colour) of an Opposing Roll (PT-ROLL-3/4: strictly
    more wins, a tie defeats both)."""
    mine = attack.get("total", attack.get("successes"))
    theirs = (defense or {}).get("total", (defense or {}).get("successes"))
    score = f" ({mine} vs {theirs})" if defense is not None else ""
    if attack.get("won"):
        return f"Hit{score}", "#2e8b57"
    if defense is not None and not defense.get("won") and attack.get("margin") == 0:
        return f"Tie — both Defeated, no damage{score}", "#b7791f"
    return f"Miss{score}", "#c0392b"


class CoinPanel(QtWidgets.QWidget):
    """The last roll; an Attack exchange in order and held: the attack's coins, the
    Defense's coins, the verdict (Hit, Miss or Tie), then the Damage Roll."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = RollView()
        self.partner = RollView()
        self.partner.hide()
        self.verdict = QtWidgets.QLabel("")
        self.verdict.setObjectName("rollVerdict")
        _bigger(self.verdict, 1.5, bold=True)
        self.verdict.hide()
        self.damage = RollView()
        self.damage.hide()
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.partner)
        layout.addWidget(self.main)
        layout.addWidget(self.verdict)
        layout.addWidget(self.damage)
        layout.addStretch(1)  # in a tall dock the roll stays together at the top
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Maximum)
        self.animate = True  # the Settings "animations" switch; see also headless()
        self._seen: tuple[int, str] | None = None  # the roll last shown, to spot a new one
        self._seen_turn: Any = None  # the Turn that roll came in

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

    def show_rolls(self, rolls: list[dict[str, Any]], names: dict[str, str],
                   turn: Any = None) -> None:
        last = rolls[-1] if rolls else None
        # only a roll not seen before spins: a redraw (undo, another seat's view) does not
        key = (len(rolls), repr(last))
        new = key != self._seen
        flip = (self.animate and not headless() and self._seen is not None
                and new and last is not None)
        if new or self._seen_turn is None:
            self._seen_turn = turn
        elif turn is not None and turn != self._seen_turn:
            rolls, last = [], None  # a new Turn and no roll in it yet: nothing to show
        self._seen = key
        attack, defense, damage = last_exchange(rolls)
        paired = attack is not None and defense is not None
        self.partner.setVisible(paired)
        # two or three rolls share the dock's height: smaller coins then
        for view in (self.main, self.partner, self.damage):
            view.strip.max_size = COIN_MAX_PAIRED if paired else COIN_MAX
        self.verdict.setVisible(paired)
        self.damage.setVisible(paired and damage is not None)
        if not paired:
            self.main.show_roll(last, names, flip=flip)
            return
        self.partner.show_roll(attack, names, flip=flip and last is attack)
        self.main.show_roll(defense, names, flip=flip and last is defense)
        for view in (self.partner, self.main):
            view.outcome.setText("")  # the verdict says it once, for both
        text, colour = verdict(attack or {}, defense)
        self.verdict.setText(text)
        self.verdict.setStyleSheet(f"color: {colour};")
        if damage is not None:
            self.damage.show_roll(damage, names, flip=flip and last is damage)

    def show_roll(self, roll: dict[str, Any] | None, names: dict[str, str]) -> None:
        self.show_rolls([roll] if roll else [], names)

    def flipping(self) -> bool:
        return any(v.strip.flipping() for v in (self.main, self.partner, self.damage))

    def forget(self) -> None:
        """A new game: its first roll on screen is not news."""
        self._seen = None
        self._seen_turn = None
