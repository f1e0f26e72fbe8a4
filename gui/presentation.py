"""The projector window: the public table, large, for the whole group.

It always renders `Game.view("table")`, whatever seat the laptop shows: the engine keeps
every hidden face out of that view (a hidden card is {"id", "back"}), and `public_only`
masks once more any card of a zone that is not public, so a bug elsewhere shows a back
rather than a secret. Around the table scene (the same scene and card items the laptop
uses): the top bar (Turn, phase, Initiative, whom the table waits for), a Stress board
with a bar per Stress track, and a side column with the spotlight (the card just played
or revealed, held a few seconds, else the current Twist!), the Combat with its last roll
coin by coin, and the latest log lines in their public form.

Every size comes from the window's height, so the same layout reads at 1024×768 and at
3840×2160: the smallest text is 1/45 of the height (24 px at 1080p), and the side column
is a share of the width that drops the log when the window is narrow.

    window = PresentationWindow(lambda: game)
    window.refresh()                      # after every action, undo and redo
    window.show_on_screen(1)              # full screen on the second screen, remembered

`attach_presentation(main_window)` adds the menu entries and follows the table's
controller (docs/projector.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gui import seats
from gui.layouts import for_view
from gui.panels.coins import last_exchange, verdict
from gui.panels.tracker import TrackerChips
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.remarks import Remarks
from gui.table.card_face import current_twist, face_data, name_in_view, rules_text
from gui.table.scene import TableScene, seat_label
from gui.table.view import TableView
from gui.theme import TABLE_FELT
from gui.words import count, log_line, stress_float

VIEWER = seats.TABLE
LOG_LINES = 8
TEXT_SHARE = 45          # the smallest text is 1/45 of the window's height
SIDE_SHARE = 0.34        # the side column's share of the width
NARROW = 1.5             # width/height below which the side column drops the log
# narrow (4:3), the table takes the width its height allows and the side column the rest:
# the table is about 1.45 times as wide as high, so at 1024×768 that leaves 18 %
NARROW_SIDE_SHARE = 0.18
COIN_K = 1.8             # a coin's diameter, in least text sizes
HOLD_MS = 6000           # how long a card just played or revealed stays in the spotlight
PHASES = (("start", "Start of Turn"), ("combat", "Combat"), ("end", "End of Turn"))
STEPS = (("start", "Start"), ("movement", "Move"), ("maneuver", "Maneuver"),
         ("attack", "Attack"), ("end", "End"))
EXTRA_PHASES = {"pursuit": "Pursuit", "interview": "Interview", "over": "Game over"}
STRESS = (("physical", "Phys", "#d35454"), ("mental", "Ment", "#4f8fd9"),
          ("social", "Soc", "#c07bd6"))

# each theme's colours; "contrast" is black and white with a yellow accent
PALETTES: dict[str, dict[str, str]] = {
    "dark": {"bg": "#16181c", "ink": "#f3f1ea", "dim": "#a9aeb6", "accent": "#2e6fbd",
             "on_accent": "#ffffff", "gold": "#f2c94c", "good": "#5fd38d", "bad": "#ff7b6b",
             "track": "#3a3e45"},
    "light": {"bg": "#f3f0e8", "ink": "#1d1b18", "dim": "#585c63", "accent": "#2e6fbd",
              "on_accent": "#ffffff", "gold": "#8a5a00", "good": "#1e7d45", "bad": "#b0302a",
              "track": "#d5d1c6"},
    "contrast": {"bg": "#000000", "ink": "#ffffff", "dim": "#e6e6e6", "accent": "#ffd400",
                 "on_accent": "#000000", "gold": "#ffd400", "good": "#00ff7f",
                 "bad": "#ff5050", "track": "#4d4d4d"},
}
THEMES = tuple(PALETTES)
SHOT_SIZES = ((1024, 768), (1280, 720), (1920, 1080), (3840, 2160))
FOUR_HERO_SIZES = ((1024, 768), (1920, 1080))


def public_only(view: dict[str, Any]) -> dict[str, Any]:
    """The table view with every card of a non-public zone shown as its back.

    The engine already does this for the "table" viewer; this is a second lock on the
    door, so the projector cannot show a face even if a view is built wrongly.
    """
    out = dict(view)
    zones: dict[str, Any] = {}
    for name, zone in (view.get("zones") or {}).items():
        public = zone.get("visibility", "public") == "public" or zone.get("revealed") is True
        if public:
            zones[name] = zone
            continue
        back = str(zone.get("back") or zone_back(name))  # a zone may name its own back
        zones[name] = {**zone, "cards": [c if "card" not in c else
                                         {"id": c.get("id"), "back": back}
                                         for c in zone.get("cards") or []]}
    out["zones"] = zones
    out["viewer"] = VIEWER
    return out


def zone_back(zone: str) -> str:
    head = zone.split(":", 1)[0]
    return {"plot_hand": "plot", "combat_deck": "combat", "combat_hand": "combat",
            "twists_deck": "twist", "events": "event", "objective": "objective"}.get(head, "card")


def text_px(height: int, k: float = 1.0) -> int:
    """A text size for a window `height` px tall: never under 1/45 of it."""
    unit = height / TEXT_SHARE
    return max(math.ceil(unit), round(unit * k))


class Text(QtWidgets.QLabel):
    """A label sized from the window's height; `k` times the smallest text."""

    def __init__(self, k: float = 1.0, role: str = "ink", bold: bool = False,
                 wrap: bool = True, name: str = "") -> None:
        super().__init__("")
        self.k, self.role, self.bold = k, role, bold
        self.px = 0
        self.setTextFormat(Qt.TextFormat.PlainText)  # names and card text are data
        self.setWordWrap(wrap)
        # a label never widens the window: it wraps (or the layout gives it room)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored if wrap
                           else QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Preferred)
        if name:
            self.setObjectName(name)

    def restyle(self, height: int, palette: dict[str, str]) -> None:
        self.px = text_px(height, self.k)
        self.setStyleSheet(f"color: {palette.get(self.role, self.role)}; font-size: "
                           f"{self.px}px; font-weight: {'bold' if self.bold else 'normal'}; "
                           "background: transparent;")

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return super().heightForWidth(width) if self.wordWrap() else self.sizeHint().height()


class Chip(Text):
    """A phase or step name, lit when it is the current one."""

    def __init__(self, text: str, k: float = 1.0) -> None:
        super().__init__(k, wrap=False)
        self.setText(text)
        self.on = False

    def restyle(self, height: int, palette: dict[str, str]) -> None:
        self.px = text_px(height, self.k)
        pad = max(2, self.px // 3)
        if self.on:
            self.setStyleSheet(f"background: {palette['accent']}; color: "
                               f"{palette['on_accent']}; border-radius: {pad}px; padding: "
                               f"1px {pad}px; font-size: {self.px}px; font-weight: bold;")
        else:
            self.setStyleSheet(f"color: {palette['dim']}; padding: 1px {pad}px; "
                               f"font-size: {self.px}px;")


class PhaseTracker(QtWidgets.QWidget):
    """Turn and Conflict, the phase, who holds the Initiative and whom the table waits for."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationPhase")
        self.turn = Text(1.6, bold=True, wrap=False)
        self.turn.setText("Turn –")
        self.phases = {key: Chip(text, 1.2) for key, text in PHASES}
        self.extra = Chip("", 1.2)
        self.extra.hide()
        self.initiative = Text(1.2, role="dim", bold=True, wrap=False)
        self.waiting_for = Text(1.5, role="gold", bold=True, name="waitingFor")
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.turn)
        top.addSpacing(20)
        for chip in (*self.phases.values(), self.extra):
            top.addWidget(chip)
        # the phases of a game with its own layout, in place of the Plot Twist chips
        self.tracker = TrackerChips(vertical=False, px=28, dim="#8a939c")
        self.tracker.hide()
        top.addWidget(self.tracker)
        top.addStretch(1)
        bottom = QtWidgets.QHBoxLayout()
        bottom.addWidget(self.waiting_for, 1)
        bottom.addWidget(self.initiative)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(16, 6, 16, 6)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(bottom)

    def show_view(self, view: dict[str, Any]) -> None:
        layout = for_view(view)
        for chip in self.phases.values():
            chip.setVisible(layout is None)
        self.tracker.setVisible(layout is not None)
        if layout is not None:
            tracker = layout.tracker(view)
            self.turn.setText(tracker.headline)
            self.initiative.setText("")
            self.waiting_for.setText(tracker.status)  # a PlainText label (Text)
            self.extra.hide()
            self.tracker.show_tracker(tracker)
            return
        self.turn.setText(f"Turn {view.get('turn', '–')} · Conflict {view.get('conflict', 1)}")
        winner = view.get("winner")
        if winner:
            self.initiative.setText("")
            self.waiting_for.setText(f"Game over — {view.get('result') or winner}")
        else:
            self.initiative.setText(f"{str(view.get('initiative') or '?').capitalize()} hold "
                                    "the Initiative" if view else "")
        phase = str(view.get("phase") or "")
        for key, chip in self.phases.items():
            chip.on = key == phase
        if phase in EXTRA_PHASES:
            self.extra.setText(EXTRA_PHASES[phase])
            self.extra.on = True
            self.extra.show()
        else:
            self.extra.hide()

    def set_waiting(self, text: str) -> None:
        self.waiting_for.setText(text)


class BigCoins(QtWidgets.QWidget):
    """The coins of a roll as large discs, H gold and T grey, wrapping as needed."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.coins = ""
        self.size_px = 40
        self.setMinimumHeight(4)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored,
                           QtWidgets.QSizePolicy.Policy.Fixed)

    def set_coins(self, coins: str) -> None:
        self.coins = coins
        self.setAccessibleName(f"{coins.count('H')} Heads, {coins.count('T')} Tails")
        self._fit()
        self.update()

    def set_size(self, px: int) -> None:
        self.size_px = px
        self._fit()

    def letter_px(self) -> int:
        """The H or T on a coin: the room's least text size (a coin is 1.8 times it);
        half the coin, as before, was 0.9 of it."""
        return max(1, math.ceil(self.size_px / COIN_K))

    def _layout(self, width: int) -> tuple[int, int]:
        gap = max(2, self.size_px // 6)
        return self.size_px, max(1, (width + gap) // (self.size_px + gap))

    def _fit(self) -> None:
        if not self.coins:
            self.setFixedHeight(4)
            return
        size, per_row = self._layout(max(self.width(), 1))
        gap = max(2, size // 6)
        self.setFixedHeight(-(-len(self.coins) // per_row) * (size + gap) + 4)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        size, per_row = self._layout(self.width())
        gap = max(2, size // 6)
        font = QtGui.QFont("DejaVu Sans")
        font.setPixelSize(self.letter_px())
        font.setBold(True)
        painter.setFont(font)
        for i, coin in enumerate(self.coins):
            rect = QtCore.QRectF((i % per_row) * (size + gap) + 2,
                                 (i // per_row) * (size + gap) + 2, size, size)
            heads = coin == "H"
            painter.setPen(QtGui.QPen(QtGui.QColor("#7a5c00" if heads else "#44474c"), 3))
            painter.setBrush(QtGui.QColor("#f2c94c" if heads else "#b9bcc1"))
            painter.drawEllipse(rect)
            painter.setPen(QtGui.QColor("#3d2e00" if heads else "#2b2d31"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, coin)
        painter.end()


class Spotlight(QtWidgets.QWidget):
    """The card the room should read now: the one just played or revealed (held for a
    few seconds), else the current Twist!."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationSpotlight")
        self.heading = Text(1.0, role="gold", bold=True)
        self.name = Text(1.4, bold=True)
        self.body = Text(1.0)
        self.has_card = False
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for w in (self.heading, self.name, self.body):
            layout.addWidget(w)

    def show_card(self, heading: str, data: dict[str, Any] | None) -> None:
        self.heading.setText(heading)
        self.name.setText(str((data or {}).get("name") or ""))
        self.body.setText(rules_text(str((data or {}).get("text") or "")))
        self.has_card = bool(data)
        self.setVisible(self.has_card)


class CombatPanel(QtWidgets.QWidget):
    """Who fights whom, the step and Distance, and the last roll coin by coin
    (PT-ROLL-1: Heads are Successes)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationCombat")
        self.heading = Text(1.0, role="dim", bold=True)
        self.heading.setText("Combat")
        self.fighters = Text(1.4, bold=True)
        self.detail = Text(1.0, role="dim")
        self.roll_title = Text(1.0)
        self.coins = BigCoins()
        self.defence_title = Text(1.0)
        self.defence = BigCoins()
        self.figures = Text(1.0, role="dim")
        self.outcome = Text(1.4, bold=True)
        self.damage_title = Text(1.0)
        self.damage = BigCoins()
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for w in (self.heading, self.fighters, self.detail, self.roll_title, self.coins,
                  self.defence_title, self.defence, self.figures, self.outcome,
                  self.damage_title, self.damage):
            layout.addWidget(w)

    def show_view(self, view: dict[str, Any]) -> None:
        layout = for_view(view)
        if layout is not None:  # a game without Combat or coins: its layout's summary
            summary = layout.summary(view)
            self.heading.setText(summary.heading)
            self.fighters.setText(summary.headline)
            self.detail.setText(summary.detail)
            self.show_roll(None, {})
            self.roll_title.setText("")
            return
        names = {str(c.get("id")): str(c.get("name") or c.get("id"))
                 for c in view.get("characters") or []}
        combat = view.get("combat")
        if combat:
            # the defender may be a Bystander: a card, not a character
            self.fighters.setText(f"{name_in_view(view, combat.get('attacker'))} vs "
                                  f"{name_in_view(view, combat.get('defender'))}")
            bits = [f"{str(combat.get('step') or '').capitalize()} step",
                    f"{str(combat.get('distance') or '').capitalize()} Distance"]
            if combat.get("sneak"):
                bits.append("Sneak Attack")
            bits.append(f"{count(len(combat.get('played') or []), 'card')} played")
            self.detail.setText(" · ".join(bits))
            roll = combat.get("last_roll")
        else:
            self.fighters.setText("No Combat")
            self.detail.setText("")
            rolls = view.get("rolls") or []
            roll = rolls[-1] if rolls else None
        attack, defence, damage = last_exchange(list(view.get("rolls") or []))
        if attack is not None and defence is not None:
            self.show_exchange(attack, defence, damage, names)
        else:
            self.show_roll(roll, names)

    def show_exchange(self, attack: dict[str, Any], defence: dict[str, Any],
                      damage: dict[str, Any] | None, names: dict[str, str]) -> None:
        """Attack coins, then Defense coins, then the verdict, then the Damage Roll: the
        whole exchange, held until the next roll."""
        def who(roll: dict[str, Any]) -> str:
            return names.get(str(roll.get("who")), str(roll.get("who") or ""))

        self.roll_title.setText(f"{who(attack)} attacks: {attack.get('total', '?')}")
        self.coins.set_coins(str(attack.get("coins") or ""))
        self.defence_title.setText(f"{who(defence)} defends: {defence.get('total', '?')}")
        self.defence.set_coins(str(defence.get("coins") or ""))
        self.figures.hide()
        text, _colour = verdict(attack, defence)
        self.outcome.setText(text)
        self.outcome.role = "good" if text.startswith("Hit") else \
            "gold" if text.startswith("Tie") else "bad"
        for w in (self.defence_title, self.defence):
            w.show()
        self.damage_title.setVisible(damage is not None)
        self.damage.setVisible(damage is not None)
        if damage is not None:
            self.damage_title.setText(f"Damage: {damage.get('total', '?')}")
            self.damage.set_coins(str(damage.get("coins") or ""))

    def show_roll(self, roll: dict[str, Any] | None, names: dict[str, str]) -> None:
        for w in (self.defence_title, self.defence, self.damage_title, self.damage):
            w.hide()
        self.figures.show()
        if not roll:
            self.roll_title.setText("No roll yet")
            self.coins.set_coins("")
            self.figures.setText("")
            self.outcome.setText("")
            return
        who = names.get(str(roll.get("who")), str(roll.get("who") or ""))
        self.roll_title.setText(str(roll.get("text") or f"{who}: "
                                    f"{str(roll.get('kind') or '').capitalize()} roll"))
        coins = str(roll.get("coins") or "")
        self.coins.set_coins(coins)
        successes = roll.get("successes", coins.count("H"))
        auto = roll.get("auto", 0) or 0
        total = roll.get("total", successes + auto)
        parts = [f"Pool {roll.get('pool', len(coins))}", f"Heads {successes}"]
        if auto:
            parts.append(f"+{auto} auto = {total}")
        if roll.get("against") is not None:
            parts.append(f"vs {roll['against']}")
        if roll.get("margin") is not None:
            parts.append(f"Margin {roll['margin']}")
        self.figures.setText(" · ".join(parts))
        won = roll.get("won")
        if won is None:
            self.outcome.setText(f"{total} dealt" if roll.get("kind") == "damage" else "")
            self.outcome.role = "ink"
        else:
            self.outcome.setText("Won" if won else "Lost")
            self.outcome.role = "good" if won else "bad"


class LogPanel(QtWidgets.QWidget):
    """The latest log lines, newest last, in their public form."""

    def __init__(self, lines: int = LOG_LINES, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationLog")
        self.heading = Text(1.0, role="dim", bold=True)
        self.heading.setText("Log")
        self.lines = [Text(1.0, role="dim") for _ in range(lines)]
        self.lines[-1].role, self.lines[-1].bold = "ink", True  # the newest line
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.heading)
        layout.addStretch(1)
        for line in self.lines:
            layout.addWidget(line)

    def show_lines(self, log: list[str]) -> None:
        recent = [log_line(str(x)) for x in log[-len(self.lines):]]
        recent = [""] * (len(self.lines) - len(recent)) + recent
        for label, text in zip(self.lines, recent, strict=True):
            label.setText(text)
            label.setVisible(bool(text))

    def texts(self) -> list[str]:
        return [label.text() for label in self.lines if label.text()]


class StressBoard(QtWidgets.QWidget):
    """Each character in play with a bar per Stress track, to be read across the room."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationStress")
        self.rows: list[dict[str, Any]] = []
        self.palette_: dict[str, str] = PALETTES["dark"]
        self.px = 24
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored,
                           QtWidgets.QSizePolicy.Policy.Fixed)

    def show_view(self, view: dict[str, Any]) -> None:
        self.rows = []
        for ch in view.get("characters") or []:
            if not ch.get("in_play", True):
                continue
            c = ch.get("counters") or {}
            tracks = [(short, colour, c.get(key), c.get(f"{key}_max"))
                      for key, short, colour in STRESS if c.get(key) is not None]
            if tracks:
                self.rows.append({"name": str(ch.get("name") or ch.get("id")).split(" - ")[0],
                                  "side": ch.get("side"), "seat": ch.get("seat"),
                                  "tracks": tracks, "hand": ""})
        self._hands(view.get("zones") or {})
        self.setAccessibleName("; ".join(
            f"{r['name']}: " + ", ".join([f"{t[0]} {t[2]} of {t[3]}" for t in r["tracks"]]
                                         + ([r["hand"]] if r["hand"] else []))
            for r in self.rows))
        self._fit()
        self.update()

    def _hands(self, zones: dict[str, Any]) -> None:
        """Each seat's hand counts on its row: a Hero's on the row of the Hero its seat
        plays, the GM's on the first of the GM's characters (a row of its own when none
        is in play) — the table then needs no row of hand boxes."""
        seats = sorted({n.split(":", 1)[1] for n in zones if n.startswith("plot_hand:")},
                       key=lambda s: (s != "gm", s))
        for seat in seats:
            plots = (zones.get(f"plot_hand:{seat}") or {}).get("count", 0)
            fights = (zones.get(f"combat_hand:{seat}") or {}).get("count", 0)
            deck = (zones.get(f"combat_deck:{seat}") or {}).get("count", 0)
            hand = f"{count(plots, 'Plot')} · {fights} Combat · {deck} in deck"
            row = next((r for r in self.rows if r["seat"] == seat and not r["hand"]), None)
            if row is None:
                self.rows.append({"name": seat_label(seat), "side": None, "seat": seat,
                                  "tracks": [], "hand": hand})
            else:
                row["hand"] = hand

    def restyle(self, height: int, palette: dict[str, str]) -> None:
        self.px = text_px(height)
        self.palette_ = palette
        self._fit()
        self.update()

    def _font(self, bold: bool = False, condensed: bool = False) -> QtGui.QFont:
        font = QtGui.QFont("DejaVu Sans")
        font.setPixelSize(self.px)
        font.setBold(bold)
        if condensed:   # the hand counts: the longest line of a row
            font.setStretch(QtGui.QFont.Stretch.Condensed)
        return font

    def _metrics(self, bold: bool = False, condensed: bool = False) -> QtGui.QFontMetrics:
        return QtGui.QFontMetrics(self._font(bold, condensed))

    def _widths(self) -> tuple[float, float, float]:
        """(name column, one bar, hand column) wide enough for the longest name, "Ment
        18/18" and "5 Plots · 3 Combat · 7 in deck"."""
        fm = self._metrics()
        bar = max((fm.horizontalAdvance(f"{t[0]} {t[2]}/{t[3]}") for r in self.rows
                   for t in r["tracks"]), default=0) + 22
        name = max((self._metrics(True).horizontalAdvance(r["name"]) for r in self.rows),
                   default=0) + 16
        hand = max((self._metrics(condensed=True).horizontalAdvance(r["hand"])
                    for r in self.rows if r["hand"]),
                   default=-12) + 12
        return name, bar, hand

    def columns(self) -> int:
        """Two columns of characters when every name and bar label fits, else one."""
        if len(self.rows) < 2:
            return 1
        name, bar, hand = self._widths()
        return 2 if 2 * (name + 3 * bar + hand + 16) <= self.width() else 1

    def _row_h(self) -> int:
        return int(self.px * 1.5)

    def _fit(self) -> None:
        rows = -(-len(self.rows) // self.columns()) if self.rows else 0
        self.setFixedHeight(rows * self._row_h() + 8)

    def smallest_text_px(self) -> int:
        return self.px

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit()

    def cut_labels(self) -> list[str]:
        """The bar labels that do not fit their bar at the present width (should be none)."""
        cols = self.columns()
        col_w = self.width() / cols
        name_w = min(self._widths()[0], col_w * 0.4)
        hand_w = self._widths()[2]
        fm = self._metrics()
        out = []
        for row in self.rows:
            bar_w = (col_w - name_w - hand_w - 16) / max(1, len(row["tracks"]))
            for short, _c, value, top in row["tracks"]:
                label = f"{short} {value}/{top}"
                if fm.horizontalAdvance(label) + 10 > bar_w - 6:
                    out.append(f"{row['name']}: {label}")
            if self._metrics(condensed=True).horizontalAdvance(row["hand"]) > hand_w - 12:
                out.append(f"{row['name']}: {row['hand']}")
        return out

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        cols = self.columns()
        col_w = self.width() / cols
        row_h = self._row_h()
        font = QtGui.QFont("DejaVu Sans")
        font.setPixelSize(self.px)
        hand_w = self._widths()[2]
        for i, row in enumerate(self.rows):
            x, y = (i % cols) * col_w + 8, (i // cols) * row_h + 4
            name_w = min(self._widths()[0], col_w * 0.4)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QtGui.QColor(self.palette_["ink"]))
            name = painter.fontMetrics().elidedText(row["name"], Qt.TextElideMode.ElideRight,
                                                    int(name_w - 8))
            painter.drawText(QtCore.QRectF(x, y, name_w, row_h),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, name)
            font.setBold(False)
            painter.setFont(font)
            bars = row["tracks"]
            bar_w = (col_w - name_w - hand_w - 16) / max(1, len(bars))
            if row["hand"]:   # the seat's hand counts, right of its bars
                painter.setFont(self._font(condensed=True))
                painter.setPen(QtGui.QColor(self.palette_["ink"]))
                painter.drawText(QtCore.QRectF(x + col_w - 16 - hand_w + 12, y,
                                               hand_w - 12, row_h),
                                 Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                                 row["hand"])
                painter.setFont(font)
            for j, (short, colour, value, top) in enumerate(bars):
                rect = QtCore.QRectF(x + name_w + j * bar_w, y + row_h * 0.1,
                                     bar_w - 6, row_h * 0.8)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QtGui.QColor(self.palette_["track"]))
                painter.drawRoundedRect(rect, 4, 4)
                share = (value / top) if top else 0.0
                filled = QtCore.QRectF(rect.left(), rect.top(),
                                       rect.width() * max(0.0, min(1.0, share)),
                                       rect.height())
                painter.setBrush(QtGui.QColor(colour))
                painter.drawRoundedRect(filled, 4, 4)
                painter.setPen(QtGui.QColor(self.palette_["ink"]))
                label = f"{short} {value}/{top}" if top is not None else f"{short} {value}"
                painter.drawText(rect.adjusted(6, 0, -4, 0), Qt.AlignmentFlag.AlignVCenter
                                 | Qt.AlignmentFlag.AlignLeft, label)
        painter.end()


def _new_public_cards(view: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(id, heading, face) of each face-up card the room may want to read: the Combat's
    played cards, revealed Events and Twists!."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    zones = view.get("zones") or {}
    for zone, heading in (("twists_revealed", "Twist! revealed"),
                          ("events_revealed", "Event revealed")):
        for inst in (zones.get(zone) or {}).get("cards") or []:
            data = face_data(inst)
            if data:
                out.append((str(inst.get("id")), heading, data))
    names = {str(c.get("id")): str(c.get("name") or "") for c in view.get("characters") or []}
    for inst in (view.get("combat") or {}).get("played") or []:
        data = face_data(inst)
        if data:
            who = names.get(str(inst.get("by")), "")
            out.append((str(inst.get("id")), f"Played by {who}" if who else "Played", data))
    return out


def waiting_for(game: Any, view: dict[str, Any]) -> str:
    """"Waiting for: P2 — Juniper Vale": the seats that can move the game on now."""
    names = seats.hero_names(view)
    waiting = []
    for seat in seats.seats_in(view):
        try:
            if any(getattr(a, "kind", "") == "pass" for a in game.legal_actions(seat)):
                waiting.append(seat)
        except Exception:  # a game without that seat: not waited for
            continue
    parts = [("GM" if s == seats.GM else s.upper()) + (f" — {names[s]}" if s in names else "")
             for s in waiting]
    return f"Waiting for: {', '.join(parts)}" if parts else ""


class PresentationWindow(QtWidgets.QWidget):
    """A top-level window that shows only what the whole table may see."""

    def __init__(self, game_provider: Callable[[], Any], parent: QtWidgets.QWidget | None = None,
                 theme: str = "dark") -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle("Plot Twist Table — Projector")
        self.setObjectName("presentationWindow")
        self.setAccessibleName("Projector: the public table")
        self.game_provider = game_provider
        # the computer players' reasons and marks (the laptop's controller's, shared)
        self.remarks: Remarks | None = None
        self.view_data: dict[str, Any] = {}
        self.screen_name = ""
        self.theme = theme if theme in PALETTES else "dark"
        self._seen_cards: set[str] | None = None
        self._held_until = 0.0
        self._clock = QtCore.QElapsedTimer()
        self._clock.start()
        self._release = QtCore.QTimer(self)
        self._release.setSingleShot(True)
        self._release.timeout.connect(self._show_twist)

        self.scene = TableScene(self)
        self.scene.card_mode = "room"  # names and numbers sized for the back of the room
        self.table_view = TableView(self.scene)
        self.table_view.setInteractive(False)  # the room watches; nobody acts from here
        self.table_view.setObjectName("presentationTable")
        self.waiting = Text(2.0, bold=True)
        self.waiting.setText("Waiting for a game…")
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stage = QtWidgets.QStackedWidget()
        self.stage.addWidget(self.waiting)
        self.stage.addWidget(self.table_view)
        self.stress = StressBoard()

        self.phase = PhaseTracker()
        self.spotlight = Spotlight()
        self.combat = CombatPanel()
        self.log = LogPanel()
        for widget in (self.spotlight, self.combat):
            widget.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                                 QtWidgets.QSizePolicy.Policy.Maximum)
        self.side = QtWidgets.QWidget()
        self.side.setObjectName("presentationSide")
        side_layout = QtWidgets.QVBoxLayout(self.side)
        side_layout.setContentsMargins(16, 8, 16, 8)
        side_layout.setSpacing(10)
        side_layout.addWidget(self.spotlight)
        side_layout.addWidget(self.combat)
        side_layout.addWidget(self.log, 1)
        side_layout.addStretch(0)

        left = QtWidgets.QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(0)
        left.addWidget(self.stage, 1)
        left.addWidget(self.stress)
        body = QtWidgets.QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(0)
        body.addLayout(left, 1)
        body.addWidget(self.side)
        layout = QtWidgets.QVBoxLayout(self)
        # every size here follows the window's height, so the minimum the layout works out
        # is the old size's: as the window's minimum it would keep a window shrunk live
        # (dragged to a smaller screen, a new projector resolution) at the old height
        layout.setSizeConstraint(QtWidgets.QLayout.SizeConstraint.SetNoConstraint)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.phase)
        layout.addLayout(body, 1)
        self.setAutoFillBackground(True)
        self.set_theme(self.theme)
        self.resize(1600, 900)
        for key, slot in ((Qt.Key.Key_Escape, self.leave_full_screen),
                          (Qt.Key.Key_F11, self.toggle_full_screen)):
            shortcut = QtGui.QShortcut(QtGui.QKeySequence(key), self)
            shortcut.activated.connect(slot)

    # ------------------------------------------------------------ look
    def palette_colours(self) -> dict[str, str]:
        return PALETTES[self.theme]

    def set_theme(self, theme: str) -> None:
        self.theme = theme if theme in PALETTES else "dark"
        colours = self.palette_colours()
        self.setStyleSheet(f"QWidget#presentationWindow, QWidget#presentationSide, "
                           f"QWidget#presentationPhase {{ background: {colours['bg']}; }}")
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor(colours["bg"]))
        self.setPalette(palette)
        felt = TABLE_FELT[self.theme]
        self.scene.felt_theme = self.theme
        self.table_view.set_felt(felt)
        self.relayout()

    def texts(self) -> list[Text]:
        return self.findChildren(Text)

    def relayout(self) -> None:
        """Sizes from the window's height; the side column a share of its width."""
        height = max(1, self.height())
        colours = self.palette_colours()
        for label in self.texts():
            label.restyle(height, colours)
        self.waiting.setStyleSheet(self.waiting.styleSheet()
                                   + f"background: {TABLE_FELT[self.theme]};")
        self.stress.restyle(height, colours)
        for coins in (self.combat.coins, self.combat.defence, self.combat.damage):
            coins.set_size(text_px(height, COIN_K))
        narrow = self.width() < NARROW * height
        self.side.setFixedWidth(int(self.width() * (NARROW_SIDE_SHARE if narrow
                                                    else SIDE_SHARE)))
        # narrow (4:3): the log goes, so the spotlight and the Combat keep their size
        self.log.setVisible(not narrow)
        self._fit_side()

    def _fit_side(self) -> None:
        """Shed what the side column cannot hold rather than cut it: the spotlight's rules
        text first (the Combat's exchange is what the room follows now), then the Combat's
        step line (the table's Combat area says it too), then the spotlight."""
        self.spotlight.body.show()
        self.combat.detail.show()
        self.spotlight.setVisible(self.spotlight.has_card)
        layout = self.layout()
        if layout is not None:
            layout.activate()
        side_layout = self.side.layout()
        margins = side_layout.contentsMargins() if side_layout is not None \
            else QtCore.QMargins()
        width = self.side.width() - margins.left() - margins.right()
        room = self.side.height() - margins.top() - margins.bottom()

        def need() -> int:
            shown = [w for w in (self.spotlight, self.combat) if w.isVisibleTo(self.side)]
            return sum(w.heightForWidth(width) for w in shown) + 10 * (len(shown) - 1)

        for extra in (self.spotlight.body, self.combat.detail, self.spotlight):
            if need() <= room:
                break
            extra.hide()
        # the log (16:9) gives its oldest lines to the Combat ("Marshal Ostrander vs
        # Magistra Vell" takes two lines): squeezed, each would be cut
        for line in self.log.lines:
            line.show()
        if self.log.isVisibleTo(self.side):
            def log_need() -> int:
                shown = [w for w in (self.log.heading, *self.log.lines)
                         if w.isVisibleTo(self.side)]
                return sum(w.heightForWidth(width) + 2 for w in shown)

            for line in self.log.lines[:-1]:
                if need() + 10 + log_need() <= room:
                    break
                line.hide()
        # lay the column out now, not at the next turn of the event loop: a grab or a
        # check right after a resize sees the spotlight at the height it had with its text
        for panel in (self.spotlight, self.combat):  # what was hidden told only these
            panel.updateGeometry()
        if side_layout is not None:
            side_layout.activate()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.relayout()

    def smallest_text_px(self) -> int:
        """The smallest text on screen now, from every label and the Stress board."""
        sizes = [label.font().pixelSize() for label in self.texts()
                 if label.isVisibleTo(self) and label.text()]
        sizes += [coins.letter_px() for coins in self.findChildren(BigCoins)
                  if coins.isVisibleTo(self) and coins.coins]
        if self.stress.rows:
            sizes.append(self.stress.smallest_text_px())
        return min(sizes) if sizes else 0

    # ------------------------------------------------------------ following the game
    def refresh(self) -> None:
        """Redraw from the game's public view; call after every action, undo and redo."""
        game = self.game_provider()
        if game is None:
            self.view_data = {}
            self.scene.render_view({"viewer": VIEWER, "characters": [], "zones": {}})
            self.stage.setCurrentWidget(self.waiting)
            self.phase.show_view({})
            self.phase.set_waiting("")
            self.combat.show_view({})
            self.log.show_lines([])
            self.stress.show_view({})
            self.spotlight.show_card("", None)
            self._seen_cards = None
            self.relayout()
            return
        view = public_only(game.view(VIEWER))
        self.view_data = view
        self.scene.render_view(view, 1.0)
        self.stage.setCurrentWidget(self.table_view)
        self.table_view.fit()
        self.phase.show_view(view)
        if not view.get("winner"):
            self.phase.set_waiting(waiting_for(game, view))
        self.combat.show_view(view)
        log = list(view.get("log") or [])
        self.log.show_lines(self.remarks.lines(game, VIEWER, log) if self.remarks else log)
        self.stress.show_view(view)
        if self.remarks is not None:
            self.scene.mark(self.remarks.movers(game))
        self._spot(view)
        self.relayout()
        turn = f"Round {view['round']}" if "round" in view else f"Turn {view.get('turn', '?')}"
        self.setWindowTitle(f"Plot Twist Table — Projector — {turn}")

    def float_damage(self, events: list[Any]) -> None:
        """"−2 Social" over the target, for damage everyone may see."""
        for event in events or []:
            data = getattr(event, "data", None) or {}
            if (getattr(event, "kind", "") == "damage" and data.get("target")
                    and getattr(event, "visible_to", None) is None):
                self.scene.float_text(str(data["target"]), stress_float(data))

    def _spot(self, view: dict[str, Any]) -> None:
        cards = _new_public_cards(view)
        ids = {ident for ident, _h, _d in cards}
        fresh = [c for c in cards if self._seen_cards is not None
                 and c[0] not in self._seen_cards]
        self._seen_cards = ids
        if fresh:
            _ident, heading, data = fresh[-1]
            self.spotlight.show_card(heading, data)
            self._release.start(HOLD_MS)
        elif not self._release.isActive():
            self._show_twist()

    def _show_twist(self) -> None:
        twist = current_twist(self.view_data)
        self.spotlight.show_card("Current Twist!", twist)
        self._fit_side()

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.refresh()

    # ------------------------------------------------------------ screens
    def show_on_screen(self, screen: int | str | QtGui.QScreen | None = None,
                       remember: bool = True) -> QtGui.QScreen:
        """Full screen on a screen given by index, name or QScreen (None: the remembered
        one, else the last screen, which is usually the projector); returns the screen."""
        chosen = find_screen(screen) if screen is not None else remembered_screen()
        if chosen is None:
            chosen = _last_screen()
        self.screen_name = chosen.name()
        if self.isVisible() and self.isFullScreen():
            self.showNormal()
        self.setScreen(chosen)
        self.setGeometry(chosen.geometry())
        self.showFullScreen()
        if remember:
            screens = QtGui.QGuiApplication.screens()
            seats.save_prefs(screen=chosen.name(),
                             screen_index=screens.index(chosen) if chosen in screens else 0)
        self.refresh()
        return chosen

    def leave_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()


def _last_screen() -> QtGui.QScreen:
    screens = QtGui.QGuiApplication.screens()
    return screens[-1] if screens else QtGui.QGuiApplication.primaryScreen()


def find_screen(which: int | str | QtGui.QScreen) -> QtGui.QScreen | None:
    if isinstance(which, QtGui.QScreen):
        return which
    screens = QtGui.QGuiApplication.screens()
    if isinstance(which, int):
        return screens[which] if 0 <= which < len(screens) else None
    for screen in screens:
        if screen.name() == which:
            return screen
    return None


def remembered_screen() -> QtGui.QScreen | None:
    prefs = seats.load_prefs()
    found = find_screen(str(prefs["screen"])) if prefs.get("screen") else None
    if found is None and isinstance(prefs.get("screen_index"), int):
        found = find_screen(int(prefs["screen_index"]))
    return found


def screen_label(index: int, screen: QtGui.QScreen) -> str:
    size = screen.geometry()
    primary = " (this laptop)" if screen is QtGui.QGuiApplication.primaryScreen() else ""
    return f"{index + 1}: {screen.name() or 'Screen'} — {size.width()}×{size.height()}{primary}"


def choose_screen_dialog(parent: QtWidgets.QWidget | None = None) -> int | None:
    """Ask which screen the projector window goes on; the index, or None if cancelled."""
    screens = QtGui.QGuiApplication.screens()
    labels = [screen_label(i, s) for i, s in enumerate(screens)]
    current = remembered_screen()
    start = screens.index(current) if current in screens else len(screens) - 1
    text, ok = QtWidgets.QInputDialog.getItem(
        parent, "Projector screen", "Show the public table full screen on:", labels,
        max(0, start), False)
    if not ok or text not in labels:
        return None
    return labels.index(text)


class PresentationLink(QtCore.QObject):
    """Menu entries for the projector, and the wiring to the table's controller."""

    def __init__(self, window: QtWidgets.QMainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.controller: Any = None
        self.presentation: PresentationWindow | None = None
        self.act_show = QtGui.QAction("&Projector window", window)
        self.act_show.setShortcut(QtGui.QKeySequence("Ctrl+Shift+P"))
        self.act_show.setStatusTip("Show the public table full screen on the projector")
        self.act_show.triggered.connect(self.show)
        self.act_screen = QtGui.QAction("Projector &screen…", window)
        self.act_screen.setStatusTip("Choose which screen the projector window uses")
        self.act_screen.triggered.connect(self.choose_screen)
        self.act_contrast = QtGui.QAction("Projector in &high contrast", window)
        self.act_contrast.setCheckable(True)
        self.act_contrast.setChecked(bool(seats.load_prefs().get("contrast", False)))
        self.act_contrast.setStatusTip("Black, white and yellow on the projector, for a "
                                       "washed-out picture or a bright room")
        self.act_contrast.toggled.connect(self.set_contrast)
        window.addAction(self.act_show)
        window.installEventFilter(self)  # the projector closes with the main window
        menu = getattr(window, "view_menu", None)
        if isinstance(menu, QtWidgets.QMenu):
            menu.addSeparator()
            menu.addAction(self.act_show)
            menu.addAction(self.act_screen)
            menu.addAction(self.act_contrast)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if watched is self.window_ and event.type() == QtCore.QEvent.Type.Close:
            self.close()
        return False

    def game(self) -> Any:
        controller = self.controller
        if controller is None:
            table = getattr(self.window_, "table", None)
            controller = getattr(table, "controller", None)
        return getattr(controller, "game", None) if controller is not None else None

    def follow(self, controller: Any) -> None:
        """Redraw the projector whenever this controller has a new view."""
        if self.controller is not None and self.controller is not controller:
            try:
                self.controller.sig_view.disconnect(self._changed)
                self.controller.sig_events.disconnect(self._events)
                self.controller.sig_marks.disconnect(self._marks)
            except (RuntimeError, TypeError, AttributeError):
                pass  # the old controller is already gone
        self.controller = controller
        signal = getattr(controller, "sig_view", None)
        if signal is not None:
            signal.connect(self._changed)
        events = getattr(controller, "sig_events", None)
        if events is not None:
            events.connect(self._events)
        marks = getattr(controller, "sig_marks", None)
        if marks is not None:
            marks.connect(self._marks)
        self.refresh()

    def _marks(self, keys: Any) -> None:
        if self.presentation is not None and self.presentation.isVisible():
            self.presentation.scene.mark(keys)

    def _events(self, events: Any) -> None:
        if self.presentation is not None and self.presentation.isVisible():
            self.presentation.float_damage(events)

    def _changed(self, _view: Any = None) -> None:
        # the controller's view is the laptop viewer's: never shown here; the
        # projector asks the engine for the table's own view
        self.refresh()

    def refresh(self) -> None:
        if self.presentation is not None and self.presentation.isVisible():
            self.presentation.remarks = getattr(self.controller, "remarks", None)
            self.presentation.refresh()

    def ensure(self) -> PresentationWindow:
        if self.presentation is None:
            self.presentation = PresentationWindow(self.game, self.window_,
                                                   theme=self.theme())
        return self.presentation

    def theme(self) -> str:
        """High contrast when asked for (remembered per laptop), else the app's theme."""
        from gui.theme import current_theme

        return "contrast" if self.act_contrast.isChecked() else current_theme()

    def set_contrast(self, on: bool) -> None:
        seats.save_prefs(contrast=bool(on))
        if self.presentation is not None:
            self.presentation.set_theme(self.theme())
            self.refresh()

    def show(self, screen: int | str | None = None) -> PresentationWindow:
        window = self.ensure()
        window.show_on_screen(screen)
        if QtGui.QGuiApplication.platformName() != "offscreen":  # it has no window stack
            window.raise_()
        return window

    def choose_screen(self) -> None:
        index = choose_screen_dialog(self.window_)
        if index is not None:
            self.show(index)

    def close(self) -> None:
        if self.presentation is not None:
            self.presentation.close()


def attach_presentation(window: QtWidgets.QMainWindow) -> PresentationLink:
    """View ▸ Projector window (Ctrl+Shift+P) and View ▸ Projector screen…"""
    return PresentationLink(window)


def screenshots(folder: str = "docs/screenshots") -> list[str]:
    """Render the projector and the privacy screen offscreen for the docs.

    ``QT_QPA_PLATFORM=offscreen python -m gui.presentation [folder]``: a seeded Quick game
    of the real engine, played to a Combat roll through legal actions only.
    """
    from gui.shots import settle, start

    out, app = start([folder], "pt-shots-")
    from engine.catalog import Catalog
    from gui.games import GameSource
    from gui.main_window import MainWindow
    from gui.privacy import attach_seats
    from gui.screenshots import _play_until_combat_roll
    from gui.settings import Settings

    catalog = Catalog.load(include_user=False)
    game = GameSource().quick(catalog, heroes=3, seed=3)
    _play_until_combat_roll(game)
    written = [str(out / "presentation.png"), str(out / "privacy.png")]
    def shoot(projector: PresentationWindow, size: tuple[int, int], name: str) -> str:
        projector.resize(*size)
        projector.show()
        settle(app)
        projector.refresh()
        settle(app)
        projector.grab().save(str(out / name))
        return str(out / name)

    for theme in THEMES:
        projector = PresentationWindow(lambda: game, theme=theme)
        for width, height in SHOT_SIZES:
            written.append(shoot(projector, (width, height),
                                 f"projector-{theme}-{width}x{height}.png"))
            if theme == "dark" and (width, height) == (1920, 1080):
                projector.grab().save(written[0])
        projector.close()
    # the game's largest table: four Heroes, on the projector's narrowest and a 16:9 screen
    four = GameSource().quick(catalog, heroes=4, seed=12)
    _play_until_combat_roll(four)
    projector = PresentationWindow(lambda: four, theme="dark")
    for width, height in FOUR_HERO_SIZES:
        written.append(shoot(projector, (width, height),
                             f"projector-dark-{width}x{height}-4heroes.png"))
    projector.close()

    window = MainWindow(Settings(animations=False, confirmations=False), catalog=catalog)
    window.resize(1600, 1000)
    switcher = attach_seats(window, locked=False)
    window.show()
    window.start_game(game)
    switcher.follow(window.table)
    switcher.request("p2")
    settle(app)
    window.grab().save(written[1])
    window.close()
    return written


if __name__ == "__main__":
    import sys

    print("\n".join(screenshots(*sys.argv[1:2])))
