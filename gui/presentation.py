"""The projector window: the public table, large, for the whole group.

It always renders `Game.view("table")`, whatever seat the laptop shows: the engine keeps
every hidden face out of that view (a hidden card is {"id", "back"}), and `public_only`
masks once more any card of a zone that is not public, so a bug elsewhere shows a back
rather than a secret. Around the table scene (the same scene and card items the laptop
uses): the phase tracker, the current Combat with its last roll's coins, and the latest
log lines in their public form.

    window = PresentationWindow(lambda: game)
    window.refresh()                      # after every action, undo and redo
    window.show_on_screen(1)              # full screen on the second screen, remembered

`attach_presentation(main_window)` adds the menu entries and follows the table's
controller (docs/projector.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gui import seats
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.table.scene import TableScene
from gui.table.view import TableView
from gui.words import count, log_line

VIEWER = seats.TABLE
LOG_LINES = 8
SIDE_W = 600
FELT = "#dfe6dc"
PANEL_BG = "#16181c"
INK = "#f3f1ea"
DIM = "#8d939c"
ACCENT = "#2e6fbd"
PHASES = (("start", "Start of Turn"), ("combat", "Combat"), ("end", "End of Turn"))
STEPS = (("start", "Start"), ("movement", "Move"), ("maneuver", "Maneuver"),
         ("attack", "Attack"), ("end", "End"))
EXTRA_PHASES = {"pursuit": "Pursuit", "interview": "Interview", "over": "Game over"}


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
        back = zone_back(name)
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


def _label(text: str = "", px: int = 24, bold: bool = False, colour: str = INK,
           wrap: bool = False, name: str = "") -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(text)
    label.setStyleSheet(f"color: {colour}; font-size: {px}px; "
                        f"font-weight: {'bold' if bold else 'normal'}; background: transparent;")
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if name:
        label.setObjectName(name)
    return label


def _chip(text: str, px: int) -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setProperty("chip_px", px)
    _chip_style(label, False)
    return label


def _chip_style(label: QtWidgets.QLabel, on: bool) -> None:
    px = int(label.property("chip_px") or 24)
    if on:
        label.setStyleSheet(f"background: {ACCENT}; color: white; border-radius: 8px; "
                            f"padding: 4px 12px; font-size: {px}px; font-weight: bold;")
    else:
        label.setStyleSheet(f"color: {DIM}; padding: 4px 12px; font-size: {px}px;")


class PhaseTracker(QtWidgets.QWidget):
    """Turn and Conflict, the phase, the Combat step and who holds the Initiative."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationPhase")
        self.turn = _label("Turn –", 44, bold=True)
        self.initiative = _label("", 30, bold=True, colour="#f2c94c")
        self.phases = {key: _chip(text, 30) for key, text in PHASES}
        self.extra = _chip("", 30)
        self.extra.hide()
        self.steps = {key: _chip(text, 24) for key, text in STEPS}
        self.steps_title = _label("Combat step", 24, colour=DIM)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.turn)
        top.addSpacing(30)
        for chip in self.phases.values():
            top.addWidget(chip)
        top.addWidget(self.extra)
        top.addStretch(1)
        top.addWidget(self.initiative)
        bottom = QtWidgets.QHBoxLayout()
        bottom.addWidget(self.steps_title)
        for chip in self.steps.values():
            bottom.addWidget(chip)
        bottom.addStretch(1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(20, 10, 20, 10)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addLayout(bottom)

    def show_view(self, view: dict[str, Any]) -> None:
        self.turn.setText(f"Turn {view.get('turn', '–')} · Conflict {view.get('conflict', 1)}")
        winner = view.get("winner")
        if winner:
            self.initiative.setText(f"Game over — {view.get('result') or winner}")
        else:
            self.initiative.setText(f"{str(view.get('initiative') or '?').capitalize()} hold "
                                    "the Initiative")
        phase = str(view.get("phase") or "")
        for key, chip in self.phases.items():
            _chip_style(chip, key == phase)
        if phase in EXTRA_PHASES:
            self.extra.setText(EXTRA_PHASES[phase])
            _chip_style(self.extra, True)
            self.extra.show()
        else:
            self.extra.hide()
        combat = view.get("combat") or {}
        step = combat.get("step")
        for key, chip in self.steps.items():
            _chip_style(chip, bool(combat) and key == step)
        self.steps_title.setText(
            f"Combat step · {str(combat.get('distance') or '').capitalize()} Distance"
            if combat else "Combat step (no Combat)")


class BigCoins(QtWidgets.QWidget):
    """The coins of a roll as large discs, H gold and T grey, wrapping as needed."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.coins = ""
        self.setMinimumHeight(10)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding,
                           QtWidgets.QSizePolicy.Policy.Fixed)

    def set_coins(self, coins: str) -> None:
        self.coins = coins
        self.setAccessibleName(f"{coins.count('H')} Heads, {coins.count('T')} Tails")
        self.setFixedHeight(self._height(max(self.width(), SIDE_W - 40)) if coins else 10)
        self.update()

    def _layout(self, width: int) -> tuple[int, int]:
        n = max(1, len(self.coins))
        size = max(34, min(64, width // n - 8))
        return size, max(1, width // (size + 8))

    def _height(self, width: int) -> int:
        size, per_row = self._layout(width)
        return max(1, -(-len(self.coins) // per_row)) * (size + 8) + 4

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.coins:
            self.setFixedHeight(self._height(self.width()))

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        size, per_row = self._layout(self.width())
        font = QtGui.QFont("DejaVu Sans")
        font.setPixelSize(int(size * 0.5))
        font.setBold(True)
        painter.setFont(font)
        for i, coin in enumerate(self.coins):
            rect = QtCore.QRectF((i % per_row) * (size + 8) + 2,
                                 (i // per_row) * (size + 8) + 2, size, size)
            heads = coin == "H"
            painter.setPen(QtGui.QPen(QtGui.QColor("#7a5c00" if heads else "#44474c"), 3))
            painter.setBrush(QtGui.QColor("#f2c94c" if heads else "#b9bcc1"))
            painter.drawEllipse(rect)
            painter.setPen(QtGui.QColor("#3d2e00" if heads else "#2b2d31"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, coin)
        painter.end()


class CombatPanel(QtWidgets.QWidget):
    """Who fights whom, and the last roll coin by coin (PT-ROLL-1: Heads are Successes)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationCombat")
        self.heading = _label("Combat", 26, bold=True, colour=DIM)
        self.fighters = _label("No Combat", 38, bold=True, wrap=True)
        self.detail = _label("", 24, colour=DIM, wrap=True)
        self.roll_title = _label("", 24, wrap=True)
        self.coins = BigCoins()
        self.figures = _label("", 24, wrap=True)
        self.outcome = _label("", 34, bold=True)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        for w in (self.heading, self.fighters, self.detail, self.roll_title, self.coins,
                  self.figures, self.outcome):
            layout.addWidget(w)

    def show_view(self, view: dict[str, Any]) -> None:
        names = {str(c.get("id")): str(c.get("name") or c.get("id"))
                 for c in view.get("characters") or []}
        combat = view.get("combat")
        if combat:
            self.heading.setText("Combat")
            self.fighters.setText(f"{names.get(str(combat.get('attacker')), '?')}\nvs\n"
                                  f"{names.get(str(combat.get('defender')), '?')}")
            bits = [f"{str(combat.get('step') or '').capitalize()} step",
                    f"{str(combat.get('distance') or '').capitalize()} Distance"]
            if combat.get("sneak"):
                bits.append("Sneak Attack")
            played = len(combat.get("played") or [])
            bits.append(f"{count(played, 'card')} played")
            self.detail.setText(" · ".join(bits))
            roll = combat.get("last_roll")
        else:
            self.heading.setText("Combat")
            self.fighters.setText("No Combat")
            self.detail.setText("")
            rolls = view.get("rolls") or []
            roll = rolls[-1] if rolls else None
        self.show_roll(roll, names)

    def show_roll(self, roll: dict[str, Any] | None, names: dict[str, str]) -> None:
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
            colour = INK
        else:
            self.outcome.setText("Won" if won else "Lost")
            colour = "#5fd38d" if won else "#ff7b6b"
        self.outcome.setStyleSheet(f"color: {colour}; font-size: 34px; font-weight: bold;")


class LogPanel(QtWidgets.QWidget):
    """The latest log lines, newest last, in their public form."""

    def __init__(self, lines: int = LOG_LINES, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presentationLog")
        self.heading = _label("Log", 26, bold=True, colour=DIM)
        self.lines = [_label("", 22, wrap=True) for _ in range(lines)]
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.heading)
        for line in self.lines:
            layout.addWidget(line)
        layout.addStretch(1)

    def show_lines(self, log: list[str]) -> None:
        recent = [log_line(str(x)) for x in log[-len(self.lines):]]
        recent = [""] * (len(self.lines) - len(recent)) + recent
        for i, (label, text) in enumerate(zip(self.lines, recent, strict=True)):
            label.setText(text)
            newest = i == len(self.lines) - 1
            label.setStyleSheet(f"color: {INK if newest else '#c9c6bd'}; font-size: "
                                f"{26 if newest else 22}px; font-weight: "
                                f"{'bold' if newest else 'normal'};")

    def texts(self) -> list[str]:
        return [label.text() for label in self.lines if label.text()]


class PresentationWindow(QtWidgets.QWidget):
    """A top-level window that shows only what the whole table may see."""

    def __init__(self, game_provider: Callable[[], Any], parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle("Plot Twist Table — Projector")
        self.setObjectName("presentationWindow")
        self.setAccessibleName("Projector: the public table")
        self.game_provider = game_provider
        self.view_data: dict[str, Any] = {}
        self.screen_name = ""

        self.scene = TableScene(self)
        self.table_view = TableView(self.scene)
        self.table_view.setInteractive(False)  # the room watches; nobody acts from here
        self.table_view.setObjectName("presentationTable")
        self.table_view.set_felt(FELT)
        self.waiting = _label("Waiting for a game…", 48, bold=True, colour="#2b2d31")
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.waiting.setStyleSheet(f"background: {FELT}; color: #2b2d31; font-size: 48px;"
                                   " font-weight: bold;")
        self.stage = QtWidgets.QStackedWidget()
        self.stage.addWidget(self.waiting)
        self.stage.addWidget(self.table_view)

        self.phase = PhaseTracker()
        self.combat = CombatPanel()
        self.log = LogPanel()
        side = QtWidgets.QWidget()
        side.setObjectName("presentationSide")
        side.setFixedWidth(SIDE_W)
        side_layout = QtWidgets.QVBoxLayout(side)
        side_layout.setContentsMargins(20, 16, 20, 16)
        side_layout.setSpacing(18)
        side_layout.addWidget(self.combat)
        rule = QtWidgets.QFrame()
        rule.setFrameShape(QtWidgets.QFrame.Shape.HLine)
        rule.setStyleSheet(f"color: {DIM}; background: {DIM}; max-height: 2px;")
        side_layout.addWidget(rule)
        side_layout.addWidget(self.log, 1)

        body = QtWidgets.QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(0)
        body.addWidget(self.stage, 1)
        body.addWidget(side)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.phase)
        layout.addLayout(body, 1)
        self.setStyleSheet(f"QWidget#presentationWindow, QWidget#presentationSide, "
                           f"QWidget#presentationPhase {{ background: {PANEL_BG}; }}")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor(PANEL_BG))
        self.setPalette(palette)
        self.resize(1600, 900)
        for key, slot in ((Qt.Key.Key_Escape, self.leave_full_screen),
                          (Qt.Key.Key_F11, self.toggle_full_screen)):
            shortcut = QtGui.QShortcut(QtGui.QKeySequence(key), self)
            shortcut.activated.connect(slot)

    # ------------------------------------------------------------ following the game
    def refresh(self) -> None:
        """Redraw from the game's public view; call after every action, undo and redo."""
        game = self.game_provider()
        if game is None:
            self.view_data = {}
            self.scene.render_view({"viewer": VIEWER, "characters": [], "zones": {}})
            self.stage.setCurrentWidget(self.waiting)
            self.phase.show_view({})
            self.combat.show_view({})
            self.log.show_lines([])
            return
        view = public_only(game.view(VIEWER))
        self.view_data = view
        self.scene.render_view(view, 1.0)
        self.stage.setCurrentWidget(self.table_view)
        self.table_view.fit()
        self.phase.show_view(view)
        self.combat.show_view(view)
        self.log.show_lines(list(view.get("log") or []))
        self.setWindowTitle(f"Plot Twist Table — Projector — Turn {view.get('turn', '?')}")

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
        window.addAction(self.act_show)
        window.installEventFilter(self)  # the projector closes with the main window
        menu = getattr(window, "view_menu", None)
        if isinstance(menu, QtWidgets.QMenu):
            menu.addSeparator()
            menu.addAction(self.act_show)
            menu.addAction(self.act_screen)

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
            except (RuntimeError, TypeError):
                pass  # the old controller is already gone
        self.controller = controller
        signal = getattr(controller, "sig_view", None)
        if signal is not None:
            signal.connect(self._changed)
        self.refresh()

    def _changed(self, _view: Any = None) -> None:
        # the controller's view is the laptop viewer's: never shown here; the
        # projector asks the engine for the table's own view
        self.refresh()

    def refresh(self) -> None:
        if self.presentation is not None and self.presentation.isVisible():
            self.presentation.refresh()

    def ensure(self) -> PresentationWindow:
        if self.presentation is None:
            self.presentation = PresentationWindow(self.game, self.window_)
        return self.presentation

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
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PLOT_TWIST_HOME", tempfile.mkdtemp(prefix="pt-shots-"))
    from engine.catalog import Catalog
    from gui.app import create_app
    from gui.games import GameSource
    from gui.main_window import MainWindow
    from gui.privacy import attach_seats
    from gui.screenshots import _play_until_combat_roll, _settle
    from gui.settings import Settings

    app = create_app([])
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    catalog = Catalog.load(include_user=False)
    game = GameSource().quick(catalog, heroes=3, seed=3)
    _play_until_combat_roll(game)
    projector = PresentationWindow(lambda: game)
    projector.resize(1920, 1080)
    projector.show()
    _settle(app)
    projector.refresh()
    _settle(app)
    written = [str(out / "presentation.png"), str(out / "privacy.png")]
    projector.grab().save(written[0])
    projector.close()

    window = MainWindow(Settings(animations=False, confirmations=False), catalog=catalog)
    window.resize(1600, 1000)
    switcher = attach_seats(window, locked=False)
    window.show()
    window.start_game(game)
    switcher.follow(window.table)
    switcher.request("p2")
    _settle(app)
    window.grab().save(written[1])
    window.close()
    return written


if __name__ == "__main__":
    import sys

    print("\n".join(screenshots(*sys.argv[1:2])))
