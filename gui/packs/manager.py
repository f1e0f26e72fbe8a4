"""The pack manager: every bundled and user pack, with what is wrong in it, and the ways
to make, change, share and print packs.

Bundled packs are read-only; "Duplicate to edit" makes a user copy. A deleted pack goes to
the packs folder's ``.trash`` (the loader never reads it) and Undo brings it back.
Every action that asks a question (a name, a file, a confirmation) takes the answer as an
optional argument too, so tests and other windows can drive it without dialogs.
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

from engine import paths
from engine.catalog import Catalog, PackInfo
from engine.pack_writer import (
    DRAFTS_DIR,
    PackDocument,
    PackExists,
    PackWriteError,
    create_pack,
    duplicate_pack,
    export_zip,
    import_pack,
    purge_trash,
    restore_from_trash,
    set_pack_name,
    trash_pack,
)
from gui.editor.window import CardEditor
from gui.packs.print_sheet import PAGE_SIZES, print_cards
from gui.packs_summary import counts_line
from gui.plain_text import as_rich, plain_label, tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gui.screen_fit import resize_to_screen
from gui.words import count as counted

ROLE_PACK = Qt.ItemDataRole.UserRole
COLUMNS = ("Pack", "Origin", "Cards", "Drafts", "Problems")


@cache
def _bundled() -> Catalog:
    # the bundled packs cannot change while the app runs: validate them once
    return Catalog.load(include_user=False)


def load_catalog() -> Catalog:
    """Bundled packs (validated once) plus the user's packs (read fresh each time): the
    same result as ``Catalog.load()``, its rules across packs included."""
    return Catalog.load(include_bundled=False, base=_bundled())


def _drafts(folder: Path) -> int:
    drafts = folder / DRAFTS_DIR
    return sum(1 for _ in drafts.glob("*.json")) if drafts.is_dir() else 0


class PackManager(QtWidgets.QMainWindow):
    """Lists packs; creates, renames, duplicates, deletes, imports, exports and prints them."""

    sig_packs_changed = Signal()  # the app should reload its catalog

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card packs")
        self.setObjectName("packManager")
        resize_to_screen(self, 1000, 640)
        self.catalog: Catalog | None = None
        self.editors: list[CardEditor] = []
        self._undo_trash: tuple[Path, str] | None = None
        self._build()
        purge_trash(paths.packs_dir())
        self.reload()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        self.tree = QtWidgets.QTreeWidget()
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setAccessibleName("Card packs")
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            self.tree.header().setSectionResizeMode(
                column, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.tree.currentItemChanged.connect(lambda *_: self._selection_changed())
        self.tree.itemDoubleClicked.connect(lambda *_: self.edit_pack())

        self.details = QtWidgets.QTextBrowser()
        self.details.setOpenExternalLinks(False)
        self.details.setAccessibleName("Pack details and problems")

        self.buttons: dict[str, QtWidgets.QPushButton] = {}
        specs = [
            ("new", "New pack…", "Make an empty pack of your own", lambda: self.new_pack()),
            ("edit", "Edit cards…", "Open the card editor for this pack",
             lambda: self.edit_pack()),
            ("duplicate", "Duplicate to edit…", "Make your own copy of this pack",
             lambda: self.duplicate()),
            ("rename", "Rename…", "Change the pack's name", lambda: self.rename()),
            ("delete", "Delete", "Delete this pack (you can undo it)", lambda: self.delete()),
            ("import", "Import…", "Add a pack from a folder or a .zip file",
             lambda: self.import_from()),
            ("import_folder", "Import folder…", "Add a pack from a folder",
             lambda: self.import_from(folder=True)),
            ("export", "Export .zip…", "Save this pack as one .zip file to share",
             lambda: self.export()),
            ("print", "Print PDF…", "Real-size cards (63 × 88 mm), nine per page, cut marks",
             lambda: self.print_pdf()),
            ("folder", "Open packs folder", "Show your packs folder in the file manager",
             self.open_folder),
        ]
        side = QtWidgets.QVBoxLayout()
        for key, text, tip, slot in specs:
            button = QtWidgets.QPushButton(text)
            button.setObjectName(f"packs_{key}")
            button.setToolTip(tip)
            button.clicked.connect(slot)
            self.buttons[key] = button
            side.addWidget(button)
            if key in ("new", "delete", "import_folder", "print"):
                side.addSpacing(12)
        side.addStretch(1)
        close_button = QtWidgets.QPushButton("Close")
        close_button.setObjectName("packs_close")
        close_button.setToolTip("Close the pack manager (Esc)")
        close_button.clicked.connect(self.close)
        side.addWidget(close_button)

        self.undo_bar = QtWidgets.QWidget()
        undo_layout = QtWidgets.QHBoxLayout(self.undo_bar)
        undo_layout.setContentsMargins(6, 4, 6, 4)
        self.undo_label = plain_label()  # names the deleted pack
        self.undo_button = QtWidgets.QPushButton("Undo")
        self.undo_button.setObjectName("packs_undo")
        self.undo_button.clicked.connect(self.undo_delete)
        undo_layout.addWidget(self.undo_label, 1)
        undo_layout.addWidget(self.undo_button)
        self.undo_bar.setStyleSheet("background:#fff4d6;color:#5a4500;")
        self.undo_bar.hide()

        left = QtWidgets.QWidget()
        left_layout = QtWidgets.QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.tree, 3)
        left_layout.addWidget(self.undo_bar)
        left_layout.addWidget(self.details, 2)
        central = QtWidgets.QWidget()
        layout = QtWidgets.QHBoxLayout(central)
        layout.addWidget(left, 1)
        layout.addLayout(side)
        self.setCentralWidget(central)
        self.statusBar()
        close = QtGui.QAction("Close", self)
        close.setShortcut(QtGui.QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        self.addAction(close)

    # -- listing -----------------------------------------------------------------------
    def reload(self, select: Path | None = None) -> None:
        """Read every pack again (after any change on disk)."""
        current = self.selected()
        keep = select or (current.path if current else None)
        self.catalog = load_catalog()
        self.tree.clear()
        red = QtGui.QBrush(QtGui.QColor("#c0392b"))
        for pack in self.catalog.packs:
            count = sum(pack.counts.values())
            drafts = 0 if pack.bundled else _drafts(pack.path)
            problems = len(pack.errors)
            row = QtWidgets.QTreeWidgetItem([
                pack.name if pack.loaded else f"{pack.name} (not loaded)",
                "bundled (read-only)" if pack.bundled else "yours",
                str(count), str(drafts) if drafts else "", str(problems) if problems else "",
            ])
            row.setData(0, ROLE_PACK, pack)
            row.setToolTip(0, tooltip(pack.path))
            for column in (2, 3, 4):
                row.setTextAlignment(column, Qt.AlignmentFlag.AlignRight
                                     | Qt.AlignmentFlag.AlignVCenter)
            if problems or not pack.loaded:
                row.setForeground(4, red)
                if not pack.loaded:
                    row.setForeground(0, red)
            self.tree.addTopLevelItem(row)
            if keep is not None and Path(pack.path) == Path(keep):
                self.tree.setCurrentItem(row)
        first = self.tree.topLevelItem(0)
        if self.tree.currentItem() is None and first is not None:
            self.tree.setCurrentItem(first)
        self._selection_changed()

    def packs(self) -> list[PackInfo]:
        return list(self.catalog.packs) if self.catalog else []

    def selected(self) -> PackInfo | None:
        item = self.tree.currentItem()
        return item.data(0, ROLE_PACK) if item is not None else None

    def select(self, pack_id: str) -> PackInfo | None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            pack = item.data(0, ROLE_PACK) if item is not None else None
            if item is not None and pack is not None and pack.id == pack_id:
                self.tree.setCurrentItem(item)
                return pack
        return None

    def _selection_changed(self) -> None:
        pack = self.selected()
        mine = pack is not None and not pack.bundled
        for key in ("rename", "delete"):
            self.buttons[key].setEnabled(mine)
        for key in ("edit", "duplicate", "export", "print"):
            self.buttons[key].setEnabled(pack is not None)
        self.buttons["edit"].setText("Edit cards…" if mine or pack is None else "View cards…")
        self.details.setHtml(self._details_html(pack))

    def _details_html(self, pack: PackInfo | None) -> str:
        if pack is None:
            return "<p>No packs yet. Make one with <b>New pack…</b> or <b>Import…</b>.</p>"
        esc = html.escape
        parts = [f"<h3>{esc(pack.name)}</h3>",
                 f"<p>id <code>{esc(pack.id)}</code> · version {esc(pack.version or '?')}"
                 + (f" · by {esc(pack.author)}" if pack.author else "") + "</p>"]
        if pack.description:
            parts.append(f"<p>{esc(pack.description)}</p>")
        parts.append(f"<p>{esc(counts_line(pack.counts)) or 'No cards yet.'}</p>")
        drafts = 0 if pack.bundled else _drafts(pack.path)
        if drafts:
            parts.append(f"<p>{drafts} draft{'s' if drafts != 1 else ''} (unfinished cards, "
                         "not used in games): open <b>Edit cards…</b> to finish them.</p>")
        if pack.bundled:
            parts.append("<p><i>Comes with the app: read-only. Use “Duplicate to edit” "
                         "to make your own copy.</i></p>")
        else:
            parts.append(f"<p>Folder: <code>{esc(str(pack.path))}</code></p>")
        if pack.errors:
            items = "".join(f"<li>{esc(str(e))}</li>" for e in pack.errors[:100])
            parts.append(f"<p style='color:#c0392b'><b>{len(pack.errors)} problem(s)</b> — "
                         f"those cards are left out of games:</p>"
                         f"<ul style='color:#c0392b'>{items}</ul>")
        return "".join(parts)

    # -- helpers -----------------------------------------------------------------------
    def _fail(self, title: str, error: Exception) -> None:
        QtWidgets.QMessageBox.warning(self, title, as_rich(error))

    def _changed(self, select: Path | None = None, message: str = "") -> None:
        self.reload(select)
        if message:
            self.statusBar().showMessage(message, 8000)
        self.sig_packs_changed.emit()

    def _ask_text(self, title: str, label: str, text: str = "") -> str | None:
        value, ok = QtWidgets.QInputDialog.getText(self, title, label, text=text)
        return value.strip() if ok and value.strip() else None

    # -- actions -----------------------------------------------------------------------
    def new_pack(self, name: str | None = None) -> Path | None:
        name = name or self._ask_text("New pack", "Name of the new pack:")
        if not name:
            return None
        try:
            folder = create_pack(paths.packs_dir(), name)
        except (OSError, PackWriteError) as exc:
            self._fail("Pack not created", exc)
            return None
        self._changed(folder, f"Made the pack “{name}”.")
        return folder

    def rename(self, name: str | None = None) -> None:
        pack = self.selected()
        if pack is None or pack.bundled:
            return
        name = name or self._ask_text("Rename pack", "New name:", pack.name)
        if not name:
            return
        try:
            set_pack_name(pack.path, name)
        except (OSError, PackWriteError) as exc:
            self._fail("Pack not renamed", exc)
            return
        self._changed(pack.path, f"Renamed to “{name}”.")

    def duplicate(self, name: str | None = None) -> Path | None:
        pack = self.selected()
        if pack is None:
            return None
        name = name or self._ask_text("Duplicate to edit", "Name of your copy:",
                                      f"{pack.name} (my copy)")
        if not name:
            return None
        try:
            folder = duplicate_pack(pack.path, paths.packs_dir(), name)
        except (OSError, PackWriteError) as exc:
            self._fail("Pack not copied", exc)
            return None
        self._changed(folder, f"Made “{name}”: your own copy, ready to edit.")
        return folder

    def delete(self, confirm: bool = True) -> None:
        pack = self.selected()
        if pack is None or pack.bundled:
            return
        if confirm:
            answer = QtWidgets.QMessageBox.question(
                self, "Delete pack",
                as_rich(f"Delete the pack “{pack.name}” and its "
                        f"{counted(sum(pack.counts.values()), 'card')}?\n"
                        "You can undo this until you close the pack manager."))
            if answer != QtWidgets.QMessageBox.StandardButton.Yes:
                return
        try:
            trashed = trash_pack(pack.path)
        except OSError as exc:
            self._fail("Pack not deleted", exc)
            return
        self._undo_trash = (trashed, pack.name)
        self.undo_label.setText(f"Deleted “{pack.name}”.")
        self.undo_bar.show()
        self._changed(None, f"Deleted “{pack.name}”.")

    def undo_delete(self) -> Path | None:
        if self._undo_trash is None:
            return None
        trashed, name = self._undo_trash
        try:
            folder = restore_from_trash(trashed)
        except (OSError, PackWriteError) as exc:
            self._fail("Pack not restored", exc)
            return None
        self._undo_trash = None
        self.undo_bar.hide()
        self._changed(folder, f"Restored “{name}”.")
        return folder

    def import_from(self, source: Path | None = None, folder: bool = False,
                    on_conflict: str | None = None) -> Path | None:
        if source is None:
            if folder:
                picked = QtWidgets.QFileDialog.getExistingDirectory(
                    self, "Import a pack folder", str(Path.home()))
            else:
                picked, _ = QtWidgets.QFileDialog.getOpenFileName(
                    self, "Import a pack", str(Path.home()), "Card packs (*.zip)")
            if not picked:
                return None
            source = Path(picked)
        try:
            target = import_pack(source, paths.packs_dir(), on_conflict or "error")
        except PackExists as exc:
            if on_conflict is not None:
                self._fail("Pack not imported", exc)
                return None
            choice = self._ask_conflict(exc)
            if choice is None:
                return None
            return self.import_from(source, on_conflict=choice)
        except (OSError, PackWriteError) as exc:
            self._fail("Pack not imported", exc)
            return None
        self._changed(target, f"Imported {source.name}.")
        return target

    def _ask_conflict(self, exc: PackExists) -> str | None:
        box = QtWidgets.QMessageBox(self)
        box.setWindowTitle("Pack already installed")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(f"{exc}.\nReplace it (the old one is moved to the .trash folder in "
                    "your packs folder), or import this one as a separate copy?")
        replace = box.addButton("Replace", QtWidgets.QMessageBox.ButtonRole.DestructiveRole)
        copy = box.addButton("Import as copy", QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        box.exec()
        if box.clickedButton() is replace:
            return "replace"
        if box.clickedButton() is copy:
            return "copy"
        return None

    def export(self, target: Path | None = None) -> Path | None:
        pack = self.selected()
        if pack is None:
            return None
        if target is None:
            picked, _ = QtWidgets.QFileDialog.getSaveFileName(
                self, "Export pack", str(Path.home() / f"{pack.id}.zip"), "Zip files (*.zip)")
            if not picked:
                return None
            target = Path(picked)
        try:
            export_zip(pack.path, target)
        except (OSError, PackWriteError) as exc:
            self._fail("Pack not exported", exc)
            return None
        self.statusBar().showMessage(f"Exported {pack.name} to {target}", 8000)
        return target

    def print_pdf(self, target: Path | None = None, page: str | None = None) -> int:
        """Print the selected pack's cards (not drafts, not cards with errors)."""
        pack = self.selected()
        if pack is None or self.catalog is None:
            return 0
        # the art travels as the catalog's checked path (the printed face has no key lookup)
        cards = [{**card.data, "image_path": str(card.image_path)} if card.image_path
                 else card.data
                 for card in self.catalog if pack.loaded and card.pack == pack.id]
        if not cards:
            QtWidgets.QMessageBox.information(self, "Nothing to print",
                                              "This pack has no valid cards yet.")
            return 0
        if page is None:
            page = "Letter" if QtCore.QLocale().country() in (
                QtCore.QLocale.Country.UnitedStates, QtCore.QLocale.Country.Canada) else "A4"
            sizes = list(PAGE_SIZES)
            chosen, ok = QtWidgets.QInputDialog.getItem(
                self, "Print PDF", "Paper size:", sizes, sizes.index(page), False)
            if not ok:
                return 0
            page = chosen
        if target is None:
            picked, _ = QtWidgets.QFileDialog.getSaveFileName(
                self, "Print to PDF", str(Path.home() / f"{pack.id}-cards.pdf"),
                "PDF files (*.pdf)")
            if not picked:
                return 0
            target = Path(picked)
        try:
            pages = print_cards(cards, target, page, title=pack.name)
        except (OSError, ValueError) as exc:
            self._fail("PDF not written", exc)
            return 0
        self.statusBar().showMessage(
            f"Wrote {counted(len(cards), 'card')} on {counted(pages, 'page')} to {target}",
            8000)
        return pages

    def edit_pack(self) -> CardEditor | None:
        pack = self.selected()
        if pack is None or not pack.path.is_dir():
            return None
        try:
            PackDocument.open(pack.path)
        except PackWriteError as exc:
            self._fail("Pack cannot be opened", exc)
            return None
        for editor in self.editors:
            if editor.folder == pack.path and editor.isVisible():
                _bring_to_front(editor)
                return editor
        # a child window: it goes when the manager goes, so no signal outlives its receiver
        editor = CardEditor(pack.path, read_only=pack.bundled, parent=self)
        editor.sig_saved.connect(lambda _folder: self._changed(pack.path))
        self.editors.append(editor)
        editor.show()
        return editor

    def open_folder(self) -> None:
        QtGui.QDesktopServices.openUrl(QtCore.QUrl.fromLocalFile(str(paths.packs_dir())))

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt override)
        # a window that looks like a dialog closes with Esc, as dialogs do
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            self.close()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:  # noqa: N802 (Qt override)
        # the editors hold unsaved work: each asks before the manager goes
        for editor in list(self.editors):
            if editor.isVisible() and not editor.close():
                event.ignore()
                return
        event.accept()


_manager: PackManager | None = None


def open_pack_manager(parent: QtWidgets.QWidget | None = None) -> QtWidgets.QWidget:
    """Show the pack manager (one window, raised if already open) and return it.

    Connect ``sig_packs_changed`` to reload the app's catalog after packs change.
    """
    global _manager
    if _manager is None or not _is_alive(_manager):
        _manager = PackManager(parent)
        if parent is not None:
            _manager.setWindowFlag(Qt.WindowType.Window, True)
    _manager.show()
    _bring_to_front(_manager)
    return _manager


def close_pack_manager() -> bool:
    """Close the pack manager and its editors, asking about unsaved cards.

    False when the user chose to stay (Cancel): the app should not quit then.
    """
    global _manager
    if _manager is None or not _is_alive(_manager) or not _manager.isVisible():
        return True
    if not _manager.close():
        return False
    _manager = None
    return True


def _bring_to_front(window: QtWidgets.QWidget) -> None:
    # the offscreen platform (tests, CI) has no window stack and warns on raise()
    if QtGui.QGuiApplication.platformName() != "offscreen":
        window.raise_()
        window.activateWindow()


def _is_alive(widget: Any) -> bool:
    try:
        widget.objectName()
    except RuntimeError:
        return False
    return True
