"""The main window: the start screen, then the table with its docks, menus and toolbar."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

from gui.games import EngineMissing, GameSource
from gui.plain_text import as_rich, escape
from gui.qt import QtCore, QtGui, QtWidgets, Signal
from gui.screen_fit import resize_to_screen
from gui.settings import Settings
from gui.start_screen import StartScreen

APP_TITLE = "Plot Twist Table"
SAVE_FILTER = "Plot Twist saves (*.ptsave *.ptt.json);;All files (*)"


class MainWindow(QtWidgets.QMainWindow):
    sig_catalog_loaded = Signal(object)
    sig_game_started = Signal(object)   # the TablePage, after it shows a new game
    _sig_loaded_in_background = Signal(object)  # a Catalog, or the exception it raised
    # once, in the event loop turn after the start screen was first painted: work that
    # the first frame does not need (autosave listing, card packs, tools) waits for it
    sig_first_paint = Signal()

    def __init__(self, settings: Settings | None = None, catalog: Any = None,
                 source: GameSource | None = None) -> None:
        super().__init__()
        self.setWindowTitle(APP_TITLE)
        self.setObjectName("mainWindow")
        resize_to_screen(self, 1400, 900)
        self.settings = settings or Settings()
        self.source = source or GameSource()
        self.catalog = catalog
        self.table: Any = None  # gui.table_page.TablePage, built on the first game
        self._loader: threading.Thread | None = None
        self._clicked_while_loading = False
        self._packs_due = False     # the start screen's packs summary waits to be written
        self._starting_game = False  # the packs are being read for a game about to start
        self._loaded: Any = None
        self._sig_loaded_in_background.connect(self._background_done)

        self.stack = QtWidgets.QStackedWidget()
        self.start = StartScreen()
        self.stack.addWidget(self.start)
        self.setCentralWidget(self.stack)
        self.start.sig_new_game.connect(self.new_game)
        self.start.sig_continue.connect(self.continue_game)
        self.start.sig_continue_game.connect(self.continue_game)
        self.start.sig_delete_game.connect(self.delete_game)
        self.start.sig_open.connect(self.open_game)
        self.start.sig_quick.connect(self.quick_game)
        self.start.sig_solo.connect(self.solo_game)
        self.start.sig_quick_game.connect(self.quick_other_game)
        self.start.sig_packs.connect(self.show_packs)
        self.start.sig_invite.connect(self.invite_phones)
        self.start.sig_settings.connect(self.show_settings)
        self.start.sig_quit.connect(self.close)
        self._build_menus()
        self._painted = False
        self.start.installEventFilter(self)
        self.sig_first_paint.connect(self.start.point_buttons)
        self.sig_first_paint.connect(self._configure_saves)
        self.sig_first_paint.connect(lambda: QtCore.QTimer.singleShot(0, self._fill_start))
        self._restore_geometry()
        if catalog is not None:
            self._show_catalog()

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if (not self._painted and watched is self.start
                and event.type() == QtCore.QEvent.Type.Paint):
            self._painted = True
            self.start.removeEventFilter(self)
            QtCore.QTimer.singleShot(0, self.sig_first_paint.emit)
        return False

    # ------------------------------------------------------------------ menus
    def _action(self, text: str, slot, shortcut: Any = None, tip: str = "") -> QtGui.QAction:
        action = QtGui.QAction(text, self)
        if shortcut is not None:
            # one key, given as a list: PySide6 picks among setShortcut's overloads by
            # testing Qt's key enums, which builds the whole Qt namespace before the first
            # frame (gui/qt.py); setShortcuts([key]) sets the same single key without that
            action.setShortcuts([QtGui.QKeySequence(shortcut)])
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        keys = QtGui.QKeySequence.StandardKey
        self.act_new = self._action("&New game…", self.new_game, keys.New)
        self.act_quick = self._action("&Quick game", self.quick_game, "Ctrl+Shift+N")
        self.act_open = self._action("&Open…", self.open_game, keys.Open)
        self.act_save = self._action("&Save", self.save_game, keys.Save)
        self.act_save_as = self._action("Save &As…", self.save_game_as, keys.SaveAs)
        self.act_home = self._action("Back to the &start screen", self.show_start)
        self.act_quit = self._action("&Quit", self.close, keys.Quit)
        self.act_undo = self._action("&Undo", self.undo, "Ctrl+Z", "Take back the last action")
        self.act_redo = self._action("&Redo", self.redo, "Ctrl+Shift+Z",
                                     "Play again the action you took back")
        self.act_redo.setShortcuts([QtGui.QKeySequence("Ctrl+Shift+Z"),
                                    QtGui.QKeySequence("Ctrl+Y")])
        # Ctrl+0 is taken by the Table (public) seat (gui/seats.py): "fit" is Ctrl+9
        self.act_zoom_in = self._action("Zoom &in", lambda: self._zoom("zoom_in"), "Ctrl+=",
                                        "Look closer at the table")
        self.act_zoom_in.setShortcuts([QtGui.QKeySequence("Ctrl+="),
                                       QtGui.QKeySequence("Ctrl++")])
        self.act_zoom_out = self._action("Zoom &out", lambda: self._zoom("zoom_out"), "Ctrl+-",
                                         "Step back from the table")
        self.act_zoom_fit = self._action("&Whole table", lambda: self._zoom("zoom_fit"),
                                         "Ctrl+9", "Fit the whole table in the window")
        self.act_full_screen = self._action("&Full screen", self.toggle_full_screen,
                                            "F11", "The table on the whole screen")
        self.act_full_screen.setCheckable(True)
        self.act_help = self._action("&Keyboard shortcuts", self.show_shortcuts, "F1",
                                     "Every key the table answers to")
        self.act_help.setShortcuts([QtGui.QKeySequence("F1"), QtGui.QKeySequence("?")])
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_zoom_fit):
            act.setEnabled(False)
        self.act_settings = self._action("Se&ttings…", self.show_settings)
        self.act_packs = self._action("Card &packs…", self.show_packs)
        self.act_reload = self._action("&Reload card packs", self.reload_catalog,
                                       tip="Read the card packs again (after editing one)")
        for act in (self.act_save, self.act_save_as, self.act_undo, self.act_redo,
                    self.act_home):
            act.setEnabled(False)
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        for entry in (self.act_new, self.act_quick, self.act_open, None, self.act_save,
                      self.act_save_as, None, self.act_home, self.act_quit):
            file_menu.addSeparator() if entry is None else file_menu.addAction(entry)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        self.act_phones = self._action("Invite &phones…", self.invite_phones,
                                       tip="Each player holds their own hand on their phone")
        self.act_phones.setEnabled(False)
        bar.addMenu("&Game").addAction(self.act_phones)
        self.view_menu = bar.addMenu("&View")
        self.view_menu.addAction(self.act_packs)
        self.view_menu.addAction(self.act_reload)
        self.view_menu.addAction(self.act_settings)
        self.view_menu.addSeparator()
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_zoom_fit,
                    self.act_full_screen):
            self.view_menu.addAction(act)
        self.view_menu.addSeparator()
        self.act_rules = self._action("&Rules reference", lambda: self.show_rules(),
                                      "Shift+F1", "The rules in short: a Turn, a Combat, "
                                      "attacks, statuses, resources")
        self.act_glossary = self._action("&Glossary", lambda: self.show_rules("glossary"),
                                         tip="Every abbreviation on the table")
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.act_rules)
        help_menu.addAction(self.act_glossary)
        help_menu.addAction(self.act_help)
        self.help_overlay: Any = None  # gui.panels.shortcuts.ShortcutHelp, built when asked
        self.rules_dialog: Any = None  # gui.dialogs.rules.RulesDialog, built when asked

    # ---------------------------------------------------------------- catalog
    def load_catalog_async(self) -> None:
        """Read the card packs on a worker thread, then import the engine there; the
        start screen fills in when done.

        Validating every card costs a few hundred milliseconds: off the start-up path,
        the window is usable at once and a click that needs the cards waits for them.
        """
        if self.catalog is not None or self._loader is not None:
            return

        def work() -> None:
            try:
                from engine.catalog import Catalog

                result: Any = Catalog.load()
            except Exception as e:  # shown on the start screen, not lost in a thread
                result = e
            else:
                prepare = getattr(self.source, "prepare", None)  # a test's fake may not
                if prepare is not None:
                    prepare()
                if not self._clicked_while_loading:
                    from gui import saves

                    # every game is held by a file lock; with no click waiting yet, the
                    # lock library is imported now. A click that waits for this thread
                    # does not wait for that too: a new game needs it only after its
                    # first frame (gui/saves.py), any other imports it at its hold
                    saves.prepare_hold()
            self._loaded = result
            try:
                self._sig_loaded_in_background.emit(result)
            except RuntimeError:  # the window was closed while the packs were read
                pass

        self._loader = threading.Thread(target=work, name="card-packs", daemon=True)
        self._loader.start()

    def _join_loader(self) -> None:
        loader = self._loader
        if loader is None:
            return
        self._clicked_while_loading = True
        QtWidgets.QApplication.setOverrideCursor(QtCore.Qt.CursorShape.BusyCursor)
        try:
            loader.join()
        finally:
            QtWidgets.QApplication.restoreOverrideCursor()
        self._take_loaded()

    def _background_done(self, _result: Any) -> None:
        if self._loader is not None:
            self._loader.join()
            self._take_loaded()

    def _take_loaded(self) -> None:
        result, self._loaded, self._loader = self._loaded, None, None
        if self.catalog is not None or result is None:
            return
        if isinstance(result, Exception):
            self.start.set_packs_html(f"<p style='color:#c0392b'>The card packs could not be "
                                      f"read: {escape(result)}</p>")
            return
        self.catalog = result
        self._show_catalog()

    def load_catalog(self) -> None:
        self._join_loader()
        if self.catalog is None:
            QtWidgets.QApplication.setOverrideCursor(QtCore.Qt.CursorShape.BusyCursor)
            try:
                from engine.catalog import Catalog

                self.catalog = Catalog.load()
            finally:
                QtWidgets.QApplication.restoreOverrideCursor()
            self._show_catalog()        # (packs from the worker were shown as they came)

    def reload_catalog(self) -> None:
        self.catalog = None
        self.load_catalog()

    def _show_catalog(self) -> None:
        if self._starting_game:
            # the summary is the start screen's, which the game's table covers within
            # this turn: its first frame does not wait for the summary (packs_summary and
            # html to import, the text to write). Written the turn after if the screen
            # is still on show (the game did not start), else by show_start
            self._packs_due = True
            QtCore.QTimer.singleShot(0, self._show_packs_if_seen)
        else:
            self._show_packs()
        self.sig_catalog_loaded.emit(self.catalog)

    def _show_packs_if_seen(self) -> None:
        if self._packs_due and self.stack.currentWidget() is self.start:
            self._show_packs()

    def _show_packs(self) -> None:
        from gui.packs_summary import packs_html  # with the packs: html's import is not free

        self._packs_due = False
        if self.catalog is not None:
            self.start.set_packs_html(packs_html(self.catalog))

    def _need_catalog(self) -> bool:
        """The packs, for a game about to start (or the packs dialog)."""
        if self.catalog is None:
            self._starting_game = True
            try:
                self.load_catalog()
            finally:
                self._starting_game = False
        return self.catalog is not None

    def _configure_saves(self) -> None:
        from gui import saves

        saves.configure(self.settings.autosave_positions, self.settings.autosave_games)

    def _fill_start(self) -> None:
        """The start screen's lists (the recent games, a button per other game), the turn
        after its first paint, if it is still on show. A game opened straight away (the
        --quick switch) covers it by then: nobody would see them, and the game's first
        frame would wait for them; show_start fills them when the screen comes back."""
        if self.stack.currentWidget() is self.start:
            self.refresh_autosave()
            self.start.add_game_buttons()

    def refresh_autosave(self) -> None:
        from gui import saves

        saves.configure(self.settings.autosave_positions, self.settings.autosave_games)
        try:
            games = saves.recent_games()
            saves.sweep_save_temps()
        except OSError:
            games = []
        self.start.set_games(games)

    # ------------------------------------------------------------------ games
    def _engine_error(self, what: str, error: Exception) -> None:
        QtWidgets.QMessageBox.warning(self, APP_TITLE, as_rich(f"Cannot {what}: {error}"))

    def quick_game(self) -> None:
        if not self._need_catalog():
            return
        try:
            game = self.source.quick(self.catalog, heroes=3)
        except EngineMissing as e:
            self._engine_error("start a game", e)
            return
        self.start_game(game)

    def solo_game(self) -> None:
        """One click: two Heroes for the user, the GM played by the computer (Normal)."""
        if not self._need_catalog():
            return
        try:
            game = self.source.quick(self.catalog, heroes=2)
        except EngineMissing as e:
            self._engine_error("start a game", e)
            return
        self.start_game(game, computer={"gm": "normal"})

    def quick_other_game(self, game_id: str) -> None:
        """Start another game than Plot Twist (Monster Hunt…) from its start-screen button."""
        try:
            game = self.source.quick_game(game_id)
        except EngineMissing as e:
            self._engine_error("start a game", e)
            return
        self.start_game(game)

    def new_game(self) -> None:
        if not self._need_catalog():
            return
        from gui.wizard import run_new_game_wizard

        try:
            game = run_new_game_wizard(self.catalog, self)
        except EngineMissing as e:
            self._engine_error("start a game", e)
            return
        if game is not None:
            self.start_game(game)

    def continue_game(self, key: str | None = None) -> None:
        """Open the newest position of game `key` that loads (the latest game if None)."""
        from gui import saves

        if not self._need_catalog():
            return
        try:
            found = saves.autosaves().latest(lambda text: self.source.load(text, self.catalog),
                                             game=key or None)
        except EngineMissing as e:
            self._engine_error("continue", e)
            return
        if found is None:
            self.refresh_autosave()
            QtWidgets.QMessageBox.information(self, APP_TITLE, "No autosave could be loaded.")
            return
        if getattr(found.value, "game_id", None) is None and found.info.game is not None:
            # a door whose save does not carry the id: the file's name does
            found.value.game_id = found.info.game
        if not self.start_game(found.value):
            return
        notes = [f"Continued from {found.info.describe()}"] if found.skipped else []
        if found.skipped:
            notes.append(f"skipped {len(found.skipped)} damaged autosave(s): "
                         f"{found.skipped[0][1]}")
        self._tell_load_notes(found.value, notes)

    def delete_game(self, key: str) -> None:
        """Delete one game's autosaves, after asking (nothing else ever deletes a game the
        user did not ask to delete)."""
        from gui import saves

        games = {g.key: g for g in saves.recent_games()}
        game = games.get(key)
        if game is None:
            self.refresh_autosave()
            return
        box = QtWidgets.QMessageBox(self)
        box.setWindowTitle(APP_TITLE)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        box.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        box.setText(f"Delete this game for good?\n\n{game.describe()}\n\n"
                    f"Its {len(game.positions)} autosave(s) are deleted; this cannot be undone.")
        delete = box.addButton("Delete game", QtWidgets.QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Keep it", QtWidgets.QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.exec()
        if box.clickedButton() is not delete:
            return
        try:
            saves.autosaves().delete_game(key)
        except (OSError, saves.GameHeld) as e:
            QtWidgets.QMessageBox.warning(self, APP_TITLE, f"The game was not deleted: {e}")
        self.refresh_autosave()

    def _tell_load_notes(self, game: Any, notes: list[str]) -> None:
        """What the player should know about a game just opened, once, in the banner."""
        told = list(getattr(game, "load_notes", []))
        notes = [*notes, *told]
        if notes and self.table is not None:
            self.table.banner.show_message("; ".join(notes))
        if told and self.table is not None and self.table.controller is not None:
            # the save now records what was told: an autosave keeps that, so the next
            # Continue does not tell it again
            self.table.controller.autosave()

    def open_game(self) -> None:
        from gui import saves

        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, "Open saved game", str(saves.paths.saves_dir()), SAVE_FILTER)
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> None:
        if not self._need_catalog():
            return
        from gui import saves

        try:
            text = saves.read_save_file(path)   # a File → Save file or an autosave
            game = self.source.load(text, self.catalog)
        except Exception as e:  # SaveError, OSError, a missing engine: tell, don't crash
            self._engine_error(f"open {path.name}", e)
            return
        # an autosave opened by hand is continued as its game; its file is not a save path
        is_save = path.suffix == saves.SAVE_SUFFIX
        if self.start_game(game, save_path=path if is_save else None):
            self._tell_load_notes(game, [])

    def start_game(self, game: Any, save_path: Path | None = None,
                   computer: dict[str, str] | None = None) -> bool:
        """Show `game` at the table; False if another running copy holds it."""
        from gui import saves

        saves.release()          # the game shown until now is free for another window
        try:
            # a new game is held when its id is first used, after its table is drawn
            # (gui/saves.py says why no other copy can open it before)
            saves.hold(game, new_may_wait=True)
        except (saves.GameHeld, OSError) as e:
            if self.in_game():
                self.hold_current()
            QtWidgets.QMessageBox.information(self, APP_TITLE, f"This game is not opened "
                                              f"here: {e}")
            return False
        if self.table is None:
            from gui.table_page import TablePage

            self.table = TablePage(self)
            self.stack.addWidget(self.table)
            # the docks exist only from the first game on: their layout comes back now
            self._restore_state()
        # the seat switcher (gui/privacy.py) follows sig_game_started and draws the game's
        # first view, the public Table behind the privacy screen: a view drawn here for the
        # starting seat would be replaced before any paint (docs/performance.md, part 3)
        self.table.set_game(game, save_path=save_path, show=False)
        from gui.computer import attach

        attach(self, self.table, self.catalog, game, computer)   # seats the computer plays
        self.stack.setCurrentWidget(self.table)
        for act in (self.act_save, self.act_save_as, self.act_home, self.act_zoom_in,
                    self.act_zoom_out, self.act_zoom_fit, self.act_phones):
            act.setEnabled(True)
        self.sig_game_started.emit(self.table)
        self.table.show_due_view()      # nobody drew it (a window without seat switching)
        return True

    def hold_current(self) -> None:
        from gui import saves

        game = self.current_game()
        if game is not None:
            try:
                saves.hold(game)
            except (saves.GameHeld, OSError):
                pass

    def current_game(self) -> Any:
        controller = getattr(self.table, "controller", None)
        return getattr(controller, "game", None)

    def in_game(self) -> bool:
        return self.table is not None and self.stack.currentWidget() is self.table

    def confirm_leave(self, quitting: bool = False) -> bool:
        if not (self.settings.confirmations and self.in_game()):
            return True
        question = (f"Quit {APP_TITLE}? The game is autosaved after every move; next time, "
                    "Continue on the start screen brings it back." if quitting else
                    "Leave the table for the start screen? The game is autosaved after "
                    "every move; Continue brings it back.")
        answer = QtWidgets.QMessageBox.question(self, APP_TITLE, question)
        return answer == QtWidgets.QMessageBox.StandardButton.Yes

    def show_start(self) -> None:
        if not self.confirm_leave():
            return
        if self.table is not None:
            self.table.leave()
        from gui import saves

        saves.release()
        self.refresh_autosave()
        self.start.add_game_buttons()       # once: the game opened at launch skipped them
        if self._packs_due:
            self._show_packs()
        self.start.set_game_open(self.current_game() is not None)
        self.stack.setCurrentWidget(self.start)
        for act in (self.act_save, self.act_save_as, self.act_home, self.act_undo,
                    self.act_redo, self.act_zoom_in, self.act_zoom_out, self.act_zoom_fit):
            act.setEnabled(False)

    def save_game(self) -> None:
        if self.table is not None:
            self.table.save(ask=False)

    def save_game_as(self) -> None:
        if self.table is not None:
            self.table.save(ask=True)

    def undo(self) -> None:
        page = self.table
        if page is not None and self.in_game() and page.controller is not None:
            page.controller.undo()

    def redo(self) -> None:
        page = self.table
        if page is not None and self.in_game() and page.controller is not None:
            page.controller.redo()

    # ---------------------------------------------------------------- layout
    def _restore_geometry(self) -> None:
        blob = self.settings.window_geometry
        if blob:
            self.restoreGeometry(QtCore.QByteArray.fromBase64(blob.encode("ascii")))

    def _restore_state(self) -> None:
        blob = self.settings.window_state
        if blob:
            self.restoreState(QtCore.QByteArray.fromBase64(blob.encode("ascii")))

    def remember_layout(self) -> None:
        """Keep the window's place and (once there are docks) their layout in the settings."""
        self.settings.window_geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        if self.table is not None:
            self.settings.window_state = bytes(self.saveState().toBase64().data()).decode()
        self.settings.save_quietly()

    # ------------------------------------------------------------------ view
    def _zoom(self, how: str) -> None:
        if self.table is not None and self.in_game():
            getattr(self.table.view, how)()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.act_full_screen.setChecked(self.isFullScreen())

    def show_shortcuts(self) -> None:
        if self.help_overlay is None:
            from gui.panels.shortcuts import ShortcutHelp

            self.help_overlay = ShortcutHelp(self)
        self.help_overlay.toggle()

    def show_rules(self, anchor: str = "", clause: str = "") -> Any:
        """The rules reference, at a section or at the rule a refusal cited."""
        if self.rules_dialog is None:
            from gui.dialogs.rules import RulesDialog

            self.rules_dialog = RulesDialog(self)
        if clause:
            self.rules_dialog.show_clause(clause)
        else:
            self.rules_dialog.show_section(anchor)
        return self.rules_dialog

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.WindowStateChange:
            self.act_full_screen.setChecked(self.isFullScreen())

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.help_overlay is not None:
            self.help_overlay.resize_to(event.size())

    # ---------------------------------------------------------------- dialogs
    def show_packs(self) -> None:
        if not self._need_catalog():
            return
        from gui.dialogs.packs import PacksDialog

        PacksDialog(self.catalog, self).exec()

    def invite_phones(self) -> None:
        from gui.phones.invite_dialog import invite_phones

        invite_phones(self)

    def show_settings(self) -> None:
        from gui.dialogs.settings import SettingsDialog
        from gui.theme import apply_theme

        dialog = SettingsDialog(self.settings, self)
        table = self.table if self.in_game() else None
        if table is not None:
            # the card size shows on the table while the dialog is still open
            dialog.card_size.currentIndexChanged.connect(
                lambda _i: table.apply_settings(dialog.result_settings()))
        if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            if table is not None:
                table.apply_settings(self.settings)  # Cancel: the size as it was
            return
        self.settings = dialog.result_settings()
        self.settings.save()
        from gui import saves

        saves.configure(self.settings.autosave_positions, self.settings.autosave_games)
        app = QtWidgets.QApplication.instance()
        if isinstance(app, QtWidgets.QApplication):
            apply_theme(app, self.settings.theme)
        if self.table is not None:
            self.table.apply_settings(self.settings)

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:  # noqa: N802 (Qt override)
        manager = sys.modules.get("gui.packs.manager")  # only if it was ever opened
        if manager is not None and not manager.close_pack_manager():
            event.ignore()  # an editor with unsaved cards asked to stay
            return
        if not self.confirm_leave(quitting=True):
            event.ignore()
            return
        self.remember_layout()  # before leave() hides the docks
        if self.table is not None:
            self.table.leave()
        from gui import saves

        saves.release()
        super().closeEvent(event)
