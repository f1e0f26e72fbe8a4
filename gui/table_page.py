"""The table page: the scene, its docks (phase, coins, inspector, log) and the toolbar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gui import remarks, saves
from gui.action_words import action_kind, action_label, group_title
from gui.controller import STEP_PLAYS, GameController
from gui.layouts import for_game
from gui.panels.banner import Banner
from gui.panels.coins import CoinPanel
from gui.panels.dock_scroll import DockScroll
from gui.panels.hints import HintBar
from gui.panels.inspector import CardInspector
from gui.panels.log import LogPanel
from gui.panels.phase import PhasePanel
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.seats import hero_names
from gui.settings import Settings
from gui.sound import TableSounds
from gui.table import card_art
from gui.table.card_face import current_twist
from gui.table.scene import TableScene, seat_label
from gui.table.view import TableView
from gui.theme import TABLE_FELT, current_theme
from gui.words import stress_float

SAVE_FILTER = "Plot Twist saves (*.ptsave);;All files (*)"
MENU_FOLD = 10


class TablePage(QtWidgets.QWidget):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window_ = window
        self.settings: Settings = getattr(window, "settings", Settings())
        self.controller: GameController | None = None
        self.save_path: Path | None = None
        self._announced: str | None = None  # the winner already shown in the banner
        self._turn_seen: Any = None  # the Turn last drawn, to announce a new one
        self._shown_docks: set[str] = set()  # docks to show again after leave()
        self._view_due = False                  # a game set without its first view yet
        self._felt_due: dict[str, Any] | None = None  # a view drawn while the page was hidden

        self.scene = TableScene(self)
        self.view = TableView(self.scene)
        self.banner = Banner(self.view)
        self.hints = HintBar()
        self.hints.sig_seen.connect(self._hint_seen)
        self.hints.sig_off.connect(self._hints_off)
        self.banner.sig_clause.connect(
            lambda clause: getattr(window, "show_rules", lambda **_k: None)(clause=clause))
        self.scene.sig_hover.connect(self._hovered)
        self.scene.sig_drag_started.connect(self._drag_started)
        self.scene.sig_drop.connect(self._dropped)
        self.scene.sig_context.connect(self._context)
        self.scene.sig_double.connect(self._double_clicked)
        self.view.sig_activate.connect(self._context)
        self.open_menu: QtWidgets.QMenu | None = None  # the card menu last opened

        self.toolbar = QtWidgets.QToolBar("Table")
        self.toolbar.setObjectName("tableToolbar")
        self.toolbar.addWidget(QtWidgets.QLabel(" Seen by: "))
        self.viewer_box = QtWidgets.QComboBox()
        self.viewer_box.setObjectName("viewerBox")
        self.viewer_box.setAccessibleName("Viewer")
        self.viewer_box.setToolTip("Whose cards the screen shows, and who acts from it")
        self.viewer_box.currentIndexChanged.connect(self._viewer_changed)
        self.toolbar.addWidget(self.viewer_box)
        self.toolbar.addSeparator()
        # every legal action of the seat, including those tied to no card or character
        # (Pursue, Mulligan…): the keyboard's way to act, and the fallback for anything
        self.actions_button = QtWidgets.QToolButton()
        self.actions_button.setObjectName("actionsButton")
        self.actions_button.setText("Actions")
        self.actions_button.setToolTip("Everything the seat shown may do now")
        self.actions_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        self.toolbar.addWidget(self.actions_button)
        self.toolbar.addSeparator()
        for act in (window.act_undo, window.act_redo, window.act_save):
            self.toolbar.addAction(act)

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.view, 1)

        self.phase = PhasePanel()
        self.phase.sig_next.connect(self._next)
        phase_layout = self.phase.layout()
        if isinstance(phase_layout, QtWidgets.QBoxLayout):
            phase_layout.addWidget(self.hints)  # beside the Next button it explains
            phase_layout.addStretch(1)  # a tall dock leaves its room below, not between
        # the key lives on a window action, not on the button: QPushButton.setText resets
        # a button's shortcut to the text's mnemonic, and the button's text changes
        self.act_next = QtGui.QAction("Next", window)
        self.act_next.setShortcuts([QtGui.QKeySequence("Ctrl+Return"),
                                    QtGui.QKeySequence("Ctrl+Enter")])
        self.act_next.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.act_next.triggered.connect(self._next)
        window.addAction(self.act_next)
        self.coins = CoinPanel()
        # reads the page's settings at each action, so a change in Settings counts at once
        self.sounds = TableSounds(lambda: self.settings)
        self.inspector = CardInspector()
        self.log = LogPanel()
        self.docks: dict[str, QtWidgets.QDockWidget] = {}
        right = Qt.DockWidgetArea.RightDockWidgetArea
        # the Turn and Last roll panels scroll on a 720-px screen rather than push the
        # window's bottom off it; the Turn panel keeps its Next button in view
        for key, title, widget, area in (
                ("phase", "Turn", DockScroll(self.phase, keep=self.phase.next_button), right),
                ("coins", "Last roll", DockScroll(self.coins), right),
                ("inspector", "Card", self.inspector, right),
                ("log", "Log", self.log, right)):
            dock = QtWidgets.QDockWidget(title, window)
            dock.setObjectName(f"dock_{key}")
            dock.setWidget(widget)
            dock.setFeatures(QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetFloatable
                             | QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetClosable)
            window.addDockWidget(area, dock)
            window.view_menu.addAction(dock.toggleViewAction())
            self.docks[key] = dock
        window.tabifyDockWidget(self.docks["inspector"], self.docks["log"])
        self.docks["inspector"].raise_()
        window.resizeDocks([self.docks["phase"]], [300], Qt.Orientation.Horizontal)
        self._apply_felt()

    # ------------------------------------------------------------ game
    def set_game(self, game: Any, save_path: Path | None = None, viewer: str = "p1",
                 show: bool = True) -> None:
        """Put `game` on this page, seen by `viewer`. `show=False` leaves the first drawing
        to whoever drives the page next (the seat switcher draws the public Table view
        behind the privacy screen); :meth:`show_due_view` then draws it if nobody did."""
        if self.controller is not None:
            self.controller.deleteLater()
        self.save_path = save_path
        # the faces find their art by card key (the view carries no file paths)
        card_art.register_catalog(getattr(self.window_, "catalog", None))
        layout = for_game(game)
        controller_class = layout.controller_class() if layout else GameController
        controller = controller_class(game, viewer=viewer, parent=self)
        controller.auto_pass = self.settings.auto_pass
        controller.confirm_no_effect = self._play_without_effect
        seats = controller.seats()
        if viewer not in seats:
            controller.viewer = seats[1] if len(seats) > 1 else seats[0]
        controller.sig_view.connect(self.show_view)
        controller.sig_message.connect(self.banner.show_message)
        controller.sig_events.connect(self.log.add_events)
        controller.sig_marks.connect(self.scene.mark)
        controller.sig_events.connect(self._float_damage)
        controller.sig_events.connect(self._after_action)
        controller.sig_events.connect(self.sounds.react)
        self.controller = controller
        self.coins.forget()
        self._turn_seen = None
        self.viewer_box.blockSignals(True)
        self.viewer_box.clear()
        for seat in [*seats, "table"]:
            self.viewer_box.addItem("Table (public)" if seat == "table" else seat_label(seat),
                                    seat)
        self.viewer_box.setCurrentIndex(self.viewer_box.findData(controller.viewer))
        self.viewer_box.blockSignals(False)
        for key in self._shown_docks:
            self.docks[key].show()
        self._shown_docks = set()
        self._view_due = True
        self._felt_due = None           # the last game's, if it was hidden
        if show:
            self.show_view(controller.view())

    def _draw_felt(self, view: dict[str, Any]) -> None:
        assert self.controller is not None
        # Small gives the table the hand's room; Large magnifies the whole table (a
        # bigger hand alone would widen the table and shrink every other card in the fit)
        scale = self.settings.card_scale
        self.view.set_card_zoom(scale)
        self.scene.render_view(view, min(scale, 1.0), self.settings.animations)
        self.scene.make_characters_draggable(self.controller.draggable_characters())
        self.scene.make_counters_draggable(self.controller.draggable_counters())
        self.scene.mark(self.controller.remarks.movers(self.controller.game))
        self.view.fit()

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        # before the page is painted: the cover lifting (after the seat confirmed) or the
        # table coming back from the start screen
        view, self._felt_due = self._felt_due, None
        if view is not None and self.controller is not None:
            self._draw_felt(view)

    def show_due_view(self) -> None:
        """Draw the game set with `show=False` unless its first view was drawn since."""
        if self._view_due and self.controller is not None:
            self.show_view(self.controller.view())

    def show_view(self, view: dict[str, Any]) -> None:
        assert self.controller is not None
        self._view_due = False
        if self.isVisibleTo(self.window_):
            self._felt_due = None
            self._draw_felt(view)
        else:
            # hidden: under the privacy screen (a new game, a hand-off) or behind the start
            # screen. The felt is drawn when the page shows again (showEvent), for the view
            # current then: a new hot-seat game's public Table view, which Player 1's
            # replaces before the cover lifts, is never drawn for nothing. Everything else
            # of the view (panels, log, title) is kept up to date as before
            self._felt_due = view
        self.phase.show_view(view)
        action, text = self.controller.next_action()
        hand_to = self._hand_off_target()
        self.phase.set_next(action, text, hand_to, hero_names(view).get(hand_to, ""))
        self.phase.set_waiting([] if view.get("winner") else self.controller.waiting_seats(),
                               getattr(self.controller, "passed_for", ()))
        names = {c.get("id"): str(c.get("name") or "") for c in view.get("characters", [])}
        self.coins.animate = self.settings.animations
        roll_height = self.coins.sizeHint().height()
        self.coins.show_rolls(list(view.get("rolls") or []), names, turn=view.get("turn"))
        if self.coins.sizeHint().height() != roll_height:  # an exchange grew, or cleared
            QtCore.QTimer.singleShot(0, self._roll_grew)
        self._announce_turn(view)
        self._hint(view)
        self.log.add_kinds(self.controller.remarks.texts(), remarks.KIND)
        self.log.show_view(view)
        self._refresh_actions_menu()
        winner = view.get("winner")
        if winner and winner != self._announced:
            self.banner.show_message(f"Game over — {view.get('result') or winner}", ms=15000)
        self._announced = winner
        self.window_.act_undo.setEnabled(self.controller.can_undo())
        self.window_.act_redo.setEnabled(self.controller.can_redo())
        turn = (f"Round {view['round']}" if "round" in view
                else f"Turn {view.get('turn', '?')}")
        self.window_.setWindowTitle(f"Plot Twist Table — {turn}")

    def _hint(self, view: dict[str, Any]) -> None:
        settings = self.settings
        key = (self.hints.choose(view, self.controller, list(settings.hints_seen))
               if settings.hints else "")
        shown = self.hints.key if self.hints.isVisible() else ""
        self.hints.show_hint(key)
        if key != shown:
            self.fit_docks()

    def fit_docks(self) -> None:
        """Give the Last roll and then the Turn panel (Next, the hint) the height they
        want; the Card and Log tabs take what is left. Qt would shrink every dock alike
        on a 720-px screen and scroll the hint out of sight under a roomy Card panel.
        The roll comes first: the room watches it, while the Turn panel never gets so
        short that Next leaves the screen (its least height)."""
        window = self.window_
        order = [self.docks[k] for k in ("coins", "phase")]  # who gets room first
        last = self.docks["inspector"]
        right = Qt.DockWidgetArea.RightDockWidgetArea
        # only the column as laid out here: a dock the user moved, floated or tabbed
        # keeps the size the user gave it
        if not all(d.isVisible() and not d.isFloating() and window.dockWidgetArea(d) == right
                   and not window.tabifiedDockWidgets(d) for d in order) \
                or not last.isVisible() or window.dockWidgetArea(last) != right:
            return
        # the panels' pending layouts first: a roll just shown has not told its dock yet
        QtWidgets.QApplication.sendPostedEvents(None, QtCore.QEvent.Type.LayoutRequest)
        docks = [*order, last]
        left = sum(d.height() for d in docks)
        least = [d.minimumSizeHint().height() for d in docks]
        sizes = []
        for i, dock in enumerate(order):  # in turn, what it wants of what is left
            size = max(least[i], min(dock.sizeHint().height(), left - sum(least[i + 1:])))
            sizes.append(size)
            left -= size
        sizes.append(max(least[-1], left))
        window.resizeDocks(docks, sizes, Qt.Orientation.Vertical)

    def _roll_grew(self) -> None:
        self.fit_docks()
        # on a short screen the newest part of the exchange (verdict, damage) is in view
        scroll = self.docks["coins"].widget()
        if isinstance(scroll, QtWidgets.QScrollArea):
            bar = scroll.verticalScrollBar()
            bar.setValue(bar.maximum())

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if event.oldSize().height() != event.size().height():
            # once the docks have their new heights too (they are laid out after the page)
            QtCore.QTimer.singleShot(0, self.fit_docks)

    def _both_settings(self) -> list[Settings]:
        """The page's settings and the window's (the same object unless Settings ran)."""
        window = getattr(self.window_, "settings", None)
        return [self.settings] + ([window] if isinstance(window, Settings)
                                  and window is not self.settings else [])

    def _hint_seen(self, key: str) -> None:
        for settings in self._both_settings():
            if key not in settings.hints_seen:
                settings.hints_seen.append(key)
        self._both_settings()[-1].save_quietly()
        if self.controller is not None:
            self._hint(self.controller.view())

    def _hints_off(self) -> None:
        for settings in self._both_settings():
            settings.hints = False
        self._both_settings()[-1].save_quietly()
        self.hints.hide()

    def _announce_turn(self, view: dict[str, Any]) -> None:
        """"Turn 2 — Twist!: Sudden Downpour" when a new Turn starts (not on undo)."""
        turn = view.get("turn")
        seen, self._turn_seen = self._turn_seen, turn
        if not (isinstance(turn, int) and isinstance(seen, int) and turn > seen):
            return
        twist = current_twist(view)
        name = f" — Twist!: {twist.get('name')}" if twist else ""
        self.banner.show_notice(f"Turn {turn}{name}", ms=4000)

    def _float_damage(self, events: list[Any]) -> None:
        for event in events:
            data = getattr(event, "data", None) or {}
            if getattr(event, "kind", "") == "damage" and data.get("target"):
                self.scene.float_text(str(data["target"]), stress_float(data),
                                      animate=self.settings.animations)

    def _refresh_actions_menu(self) -> None:
        assert self.controller is not None
        actions = self.controller.legal()
        old = self.actions_button.menu()
        menu = self.choice_menu(actions)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        if not actions:
            why = ("pick GM or a Player to act" if self.controller.seat is None
                   else f"nothing {self.controller.seat_name()} may do now")
            menu.addAction(f"No legal action: {why}").setEnabled(False)
        self.actions_button.setMenu(menu)
        self.actions_button.setText(f"Actions ({len(actions)})")
        if old is not None:
            old.deleteLater()

    def _play_without_effect(self, why: str) -> bool:
        """Asked before a play that will do nothing (a first group learns the caps this
        way rather than from a wasted card); the confirmations switch turns it off."""
        if not self.settings.confirmations:
            return True
        box = QtWidgets.QMessageBox(self.window_)
        box.setObjectName("noEffectQuestion")
        box.setWindowTitle("No effect")
        box.setIcon(QtWidgets.QMessageBox.Icon.Question)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the reason names cards
        box.setText(f"This will have no effect: {why}.\n\nPlay it anyway?")
        yes = box.addButton(QtWidgets.QMessageBox.StandardButton.Yes)
        box.setDefaultButton(box.addButton(QtWidgets.QMessageBox.StandardButton.No))
        box.exec()
        return box.clickedButton() is yes

    def leave(self) -> None:
        # the docks a player closed stay closed when the next game starts
        self._shown_docks |= {k for k, d in self.docks.items() if d.isVisible()}
        for dock in self.docks.values():
            dock.hide()
        self.banner.hide()
        self.hints.hide()
        self.window_.setWindowTitle("Plot Twist Table")

    def apply_settings(self, settings: Settings) -> None:
        self.settings = settings
        if self.controller is not None:
            self.controller.auto_pass = settings.auto_pass
        self._apply_felt()
        if self.controller is not None:
            self.show_view(self.controller.view())

    def _apply_felt(self) -> None:
        self.view.set_felt(TABLE_FELT[current_theme()])

    # ------------------------------------------------------------ gestures
    def _viewer_changed(self, index: int) -> None:
        seat = self.viewer_box.itemData(index)
        if self.controller is not None and seat:
            # the card under the last seat's pointer may be one the next seat must not see
            self.inspector.show_card(None)
            self.controller.set_viewer(str(seat))

    def _hovered(self, instance: dict[str, Any]) -> None:
        self.inspector.show_card(instance)
        if self.scene.focused_item() is None:  # the keyboard's card speaks for itself
            self.view.setAccessibleDescription(self.inspector.accessibleDescription())

    def _drag_started(self, card_id: str) -> None:
        if self.controller is not None:
            self.scene.highlight(self.controller.drop_targets(card_id))

    def _dropped(self, card_id: str, target: str | None) -> None:
        if self.controller is None:
            return
        choices = self.controller.drop(card_id, target)
        if choices:
            self.choice_menu(choices).popup(QtGui.QCursor.pos())

    def choice_menu(self, actions: list[Any], title: str = "") -> QtWidgets.QMenu:
        menu = QtWidgets.QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if title:
            menu.addSection(title)
        groups: dict[str, list[Any]] = {}
        for action in actions:
            groups.setdefault(action_kind(action), []).append(action)
        # long menus (an Attacker has dozens of choices) fold each kind into a submenu
        fold = len(actions) > MENU_FOLD
        for kind, members in groups.items():
            target = menu
            if fold and len(members) > 1:
                target = menu.addMenu(group_title(kind))
            for action in members:
                entry = target.addAction(action_label(action))
                entry.triggered.connect(lambda _=False, a=action: self._apply(a))
        return menu

    def _apply(self, action: Any) -> None:
        if self.controller is not None:
            self.controller.apply(action)

    def context_menu(self, kind: str, key: str) -> QtWidgets.QMenu:
        assert self.controller is not None
        if kind == "character":
            actions = self.controller.actions_for_character(key)
            title = self.controller._target_name(key)
        else:
            actions = self.controller.actions_for_card(key)
            title = self.controller._card_name(key)
        menu = self.choice_menu(actions, title)
        if not actions:
            why = ("pick GM or a Player in the toolbar to act" if self.controller.seat is None
                   else f"nothing {self.controller.seat_name()} may do with it now")
            menu.addAction(f"No legal action: {why}").setEnabled(False)
        if self.controller.can_rule():
            self._ruling_menu(menu.addMenu("GM ruling"), kind, key)
        return menu

    def _ruling_menu(self, menu: QtWidgets.QMenu, kind: str, key: str) -> None:
        """The GM's manual adjustments: the way to apply what the rules do not automate."""
        assert self.controller is not None
        controller = self.controller
        if kind == "character":
            character = next((c for c in controller.view().get("characters", [])
                              if c.get("id") == key), None)
            if character is None:
                return
            menu.addAction("Set a counter…").triggered.connect(
                lambda _=False: self.rule_counter(character))
            statuses = list(character.get("statuses") or [])
            add = menu.addMenu("Add a status")
            for status in ("Stunned", "Prone", "Surprised", "Flying", "Hidden",
                           "Demoralized"):
                if status not in statuses:
                    add.addAction(status).triggered.connect(
                        lambda _=False, s=status: controller.rule(
                            what="add_status", target=key, name=s))
            if statuses:
                remove = menu.addMenu("Remove a status")
                for status in statuses:
                    remove.addAction(status).triggered.connect(
                        lambda _=False, s=status: controller.rule(
                            what="remove_status", target=key, name=s))
        else:
            move = menu.addMenu("Move the card to")
            for zone in controller.zone_names():
                move.addAction(zone).triggered.connect(
                    lambda _=False, z=zone: controller.rule(what="move_card", card=key,
                                                            zone=z))

    def rule_counter(self, character: dict[str, Any]) -> None:
        from gui.dialogs.ruling import CounterRulingDialog

        dialog = CounterRulingDialog(character, self)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted and self.controller:
            self.controller.rule(target=character["id"], **dialog.ruling())

    def _context(self, kind: str, key: str, pos: QtCore.QPoint) -> None:
        if self.controller is None:
            return
        menu = self.context_menu(kind, key)
        self.open_menu = menu
        menu.destroyed.connect(lambda *_: self._menu_gone(menu))
        # the keyboard lands on the first action, so Enter, Enter plays it
        first = next((a for a in menu.actions() if a.isEnabled() and not a.isSeparator()),
                     None)
        menu.popup(pos)
        if first is not None:
            menu.setActiveAction(first)

    def _double_clicked(self, kind: str, key: str, pos: QtCore.QPoint) -> None:
        """Flip or activate: the one action the double-click means is applied; with
        several, the right-click menu opens; with none the banner says why."""
        if self.controller is None:
            return
        if self.controller.double_click(kind, key):
            self._context(kind, key, pos)

    def _menu_gone(self, menu: QtWidgets.QMenu) -> None:
        if self.open_menu is menu:
            self.open_menu = None

    def _next(self) -> None:
        if self.controller is None or not self.isVisible():
            return  # behind the privacy screen or on the start screen: not this seat's key
        action, text = self.controller.next_action()
        if action is None:
            target = self._hand_off_target()
            if target:
                self.hand_off(target)
            else:
                self.banner.show_message(text)
            return
        if self.controller.apply(action) and self.isVisible():
            # passed, and now only another seat can move the game on: the laptop goes
            # to them at once (one press, not a seat key and a press), behind the
            # privacy screen of the seat switcher that drives this page in the app
            target = self._hand_off_target()
            if target and getattr(self.window_, "seat_switcher", None) is not None:
                self.hand_off(target)

    def _after_action(self, _events: Any) -> None:
        """With auto-pass on: after a card or an Attack, a seat left with nothing to play
        and no pass hands the laptop on at once, as a pass does."""
        controller = self.controller
        if (controller is None or not controller.auto_pass or not self.isVisible()
                or getattr(self.window_, "seat_switcher", None) is None
                or controller.seat is None or controller.next_action()[0] is not None
                or {action_kind(a) for a in controller.legal()} & STEP_PLAYS):
            return
        target = self._hand_off_target()
        if target:
            self.hand_off(target)

    def _hand_off_target(self) -> str:
        """The seat Next would hand the laptop to; none on a spectator laptop (locked to
        the Table view, it never changes hands)."""
        switcher = getattr(self.window_, "seat_switcher", None)
        if self.controller is None or getattr(switcher, "locked", False):
            return ""
        return self.controller.hand_off_seat() or ""

    def hand_off(self, seat: str) -> None:
        """Show the laptop to `seat`: through the Seen by box, which the seat switcher
        (gui/privacy.py) turns into the privacy screen when it drives this page."""
        index = self.viewer_box.findData(seat)
        if index >= 0:
            self.viewer_box.setCurrentIndex(index)

    # ------------------------------------------------------------ saving
    def save(self, ask: bool = False) -> bool:
        if self.controller is None:
            return False
        path = self.save_path
        if ask or path is None:
            name, _ = QtWidgets.QFileDialog.getSaveFileName(
                self, "Save game", str(saves.paths.saves_dir() / "game.ptsave"), SAVE_FILTER)
            if not name:
                return False
            path = Path(name)
            if path.suffix != saves.SAVE_SUFFIX:
                path = path.with_name(path.name + saves.SAVE_SUFFIX)
        try:
            self.controller.save_to(path)
        except OSError as e:
            self.banner.show_message(f"Could not save: {e}")
            return False
        self.save_path = path
        self.banner.show_message(f"Saved {path.name}", ms=2500)
        return True
