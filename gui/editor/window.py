"""The card editor window for one pack: its cards on the left, the form in the middle,
the live preview and Save on the right.

Every edit is a snapshot on a QUndoStack (typing into one field merges into one step), so
Undo / Redo walk whole-card states and can never leave the form half-updated. Saving goes
through :class:`engine.pack_writer.PackDocument`, which writes atomically. A card with
errors cannot be saved into the pack, only as a draft (``drafts/``), which games never load.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from engine.card_names import card_key, name_problems
from engine.catalog import (
    check_image,  # the loader's own art rules
    validate_card_data,
)
from engine.pack_writer import PackDocument, PackWriteError, StoredCard
from gui.editor import vocabulary as vocab
from gui.editor.card_form import CardForm, describe_path
from gui.editor.preview import CardPreview
from gui.plain_text import as_rich, plain_label, tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gui.screen_fit import resize_to_screen

MERGE_ID = 0x5054  # any constant: QUndoCommand.id() groups commands that may merge
STARTERS: dict[str, dict[str, Any]] = {
    "hero": {"attributes": {"body": 3, "mind": 3, "charm": 3, "power": 3}},
    "villain": {"attributes": {"body": 3, "mind": 3, "charm": 3, "power": 3}},
    "mook": {"attributes": {"body": 2, "mind": 1, "charm": 1, "power": 1}, "quantity": 4},
}
ROLE_CARD = Qt.ItemDataRole.UserRole


def preview_data(data: dict[str, Any], doc: PackDocument | None) -> dict[str, Any]:
    """The form's data with its art resolved the loader's way, for the preview to paint."""
    image = data.get("image")
    if doc is None or not isinstance(image, str) or not image:
        return data
    path, problem = check_image(image, doc.folder)
    return data if path is None or problem else {**data, "image_path": str(path)}


def card_errors(data: dict[str, Any], doc: PackDocument | None,
                current: StoredCard | None) -> list[tuple[str, str]]:
    """The catalog's checks for one card: the schema, the art file, and the one rule it
    applies across a pack (unique names)."""
    errors = [(path, _plain(path, message)) for path, message in validate_card_data(data)]
    errors += name_problems(data)
    image = data.get("image")
    if doc is not None and isinstance(image, str) and image:
        _path, problem = check_image(image, doc.folder)
        if problem:
            errors.append(("image", problem))
    name = data.get("name")
    if doc is not None and isinstance(name, str) and name.strip():
        if card_key(name) in doc.names_in_use(ignore=current):
            errors.append(("name", f'another card in this pack is already called "{name}" '
                                   "(names are unique in a pack)"))
    return errors


MISSING_CHOICE = {"op": "choose what happens", "condition": "choose a condition",
                  "trigger": "choose when it happens"}


def _plain(path: str, message: str) -> str:
    """The catalog's message, said the way the form asks for it.

    A missing op or condition is a menu left at "choose…", and the schema's "not" rules
    (``pool.coins``, ``armor.amount`` are never 0) come from jsonschema in its own words.
    """
    last = path.rsplit(".", 1)[-1]
    if message == "missing required field" and last in MISSING_CHOICE:
        return MISSING_CHOICE[last]
    match = re.fullmatch(r".* should not be valid under \{'const': (.+)\}", message)
    return f"must not be {match.group(1)}" if match else message


class _Snapshot(QtGui.QUndoCommand):
    def __init__(self, editor: CardEditor, before: dict[str, Any], after: dict[str, Any],
                 key: str) -> None:
        super().__init__(f"Edit {vocab.LABELS.get(key, key).lower()}")
        self.editor, self.before, self.after, self.key = editor, before, after, key
        self._first = True

    def id(self) -> int:
        return MERGE_ID

    def mergeWith(self, other: QtGui.QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        # one undo step per burst of typing in one text field, not per keystroke
        if not isinstance(other, _Snapshot) or other.key != self.key:
            return False
        if self.key not in ("name", "persona", "text", "flavor", "bonus", "clauses"):
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        if self._first:
            self._first = False  # the form shows this state already
            return
        self.editor.apply_snapshot(self.after)

    def undo(self) -> None:
        self.editor.apply_snapshot(self.before)


def _changed_key(before: dict[str, Any], after: dict[str, Any]) -> str:
    keys = [k for k in set(before) | set(after) if before.get(k) != after.get(k)]
    return keys[0] if len(keys) == 1 else "card"


class CardEditor(QtWidgets.QMainWindow):
    sig_saved = Signal(object)  # the pack folder, after any write

    def __init__(self, folder: Path, read_only: bool = False,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.folder = Path(folder)
        self.read_only = read_only
        self.doc = PackDocument.open(self.folder)
        self.current: StoredCard | None = None
        self.form: CardForm | None = None
        self._snapshot: dict[str, Any] = {}
        self._applying = False
        self.errors: list[tuple[str, str]] = []
        self.stack = QtGui.QUndoStack(self)
        self.stack.cleanChanged.connect(self._clean_changed)
        self.setWindowTitle(f"Cards of {self.doc.meta.get('name', self.folder.name)}[*]"
                            + (" (read-only)" if read_only else ""))
        resize_to_screen(self, 1280, 820)
        self._build()
        self._fill_list()
        if self.doc.problems:
            # files the editor will not rewrite; the pack manager lists the details
            self.statusBar().showMessage("; ".join(self.doc.problems))
        cards = self.doc.cards()
        if cards:
            self.open_card(cards[0])
        elif not read_only:
            self.new_card("hero")

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        self.card_list = QtWidgets.QListWidget()
        self.card_list.setAccessibleName("Cards in this pack")
        self.card_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.card_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.card_list.itemActivated.connect(self._list_activated)
        self.card_list.itemClicked.connect(self._list_activated)
        self.new_kind = QtWidgets.QComboBox()
        for kind in vocab.kinds():
            self.new_kind.addItem(kind.capitalize(), kind)
        self.new_kind.setToolTip("Kind of the new card")
        self.new_button = QtWidgets.QPushButton("New card")
        self.new_button.clicked.connect(lambda: self.new_card(self.new_kind.currentData()))
        self.delete_button = QtWidgets.QPushButton("Delete card")
        self.delete_button.clicked.connect(lambda: self.delete_card())
        left = QtWidgets.QWidget()
        left_layout = QtWidgets.QVBoxLayout(left)
        left_layout.addWidget(QtWidgets.QLabel("Cards (drafts in italics)"))
        left_layout.addWidget(self.card_list, 1)
        new_row = QtWidgets.QHBoxLayout()
        new_row.addWidget(self.new_kind, 1)
        new_row.addWidget(self.new_button)
        left_layout.addLayout(new_row)
        left_layout.addWidget(self.delete_button)

        self.heading = plain_label()  # the card's name
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        self.form_area = QtWidgets.QScrollArea()
        self.form_area.setWidgetResizable(True)
        # the form wraps to the width it gets; sideways scrolling hides fields
        self.form_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        middle = QtWidgets.QWidget()
        middle_layout = QtWidgets.QVBoxLayout(middle)
        middle_layout.addWidget(self.heading)
        if self.read_only:
            banner = QtWidgets.QLabel("This pack comes with the app and cannot be changed. "
                                      "Use “Duplicate to edit” in the pack manager to make "
                                      "your own copy.")
            banner.setWordWrap(True)
            banner.setStyleSheet("background:#fff4d6;color:#5a4500;padding:6px;")
            middle_layout.addWidget(banner)
        middle_layout.addWidget(self.form_area, 1)

        self.preview = CardPreview()
        self.status = QtWidgets.QLabel()
        self.status.setTextFormat(Qt.TextFormat.RichText)  # our template; no data in it
        self.status.setWordWrap(True)
        self.status.setObjectName("editorStatus")
        self.save_button = QtWidgets.QPushButton("Save card")
        self.save_button.setToolTip("Save into the pack; games load it from now on")
        self.save_button.clicked.connect(lambda: self.save())
        self.draft_button = QtWidgets.QPushButton("Save as draft")
        self.draft_button.setToolTip("Keep an unfinished card in the pack's drafts folder; "
                                     "games never load drafts")
        self.draft_button.clicked.connect(lambda: self.save(draft=True))
        right = QtWidgets.QWidget()
        right_layout = QtWidgets.QVBoxLayout(right)
        right_layout.addWidget(QtWidgets.QLabel("Preview (as on the table)"))
        right_layout.addWidget(self.preview, 1)
        right_layout.addWidget(self.status)
        self.problems = QtWidgets.QListWidget()
        self.problems.setObjectName("editorProblems")
        self.problems.setAccessibleName("Problems with this card")
        self.problems.setToolTip("Click a problem to go to its field")
        self.problems.setWordWrap(True)
        self.problems.setMaximumHeight(110)
        self.problems.itemClicked.connect(self._go_to_problem)
        right_layout.addWidget(self.problems)
        right_layout.addWidget(self.save_button)
        right_layout.addWidget(self.draft_button)

        splitter = QtWidgets.QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(middle)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 3)
        splitter.setStretchFactor(2, 1)
        splitter.setSizes([220, 760, 300])
        self.setCentralWidget(splitter)

        toolbar = self.addToolBar("Edit")
        toolbar.setObjectName("editorToolbar")
        toolbar.setMovable(False)
        self.undo_action = self.stack.createUndoAction(self, "Undo")
        self.undo_action.setShortcut(QtGui.QKeySequence.StandardKey.Undo)
        self.redo_action = self.stack.createRedoAction(self, "Redo")
        self.redo_action.setShortcut(QtGui.QKeySequence.StandardKey.Redo)
        save_action = QtGui.QAction("Save card", self)
        save_action.setShortcut(QtGui.QKeySequence.StandardKey.Save)
        save_action.triggered.connect(lambda: self.save())
        close_action = QtGui.QAction("Close", self)
        close_action.setShortcut(QtGui.QKeySequence.StandardKey.Close)
        close_action.triggered.connect(self.close)
        for action in (self.undo_action, self.redo_action, save_action, close_action):
            toolbar.addAction(action)
            self.addAction(action)
        for widget in (self.new_button, self.new_kind, self.delete_button, self.save_button,
                       self.draft_button):
            widget.setEnabled(not self.read_only)
        save_action.setEnabled(not self.read_only)

    def _fill_list(self) -> None:
        self.card_list.clear()
        order = {k: i for i, k in enumerate(vocab.kinds())}
        cards = sorted(self.doc.cards(), key=lambda c: (order.get(str(c.data.get("kind")), 99),
                                                         c.name.casefold()))
        if self.current is None and self.form is not None:
            # the card being made is listed too, so the list never looks empty by mistake
            item = QtWidgets.QListWidgetItem(f"{self._snapshot.get('name') or '(no name)'} "
                                             "— not saved yet")
            font = item.font()
            font.setItalic(True)
            item.setFont(font)
            self.card_list.addItem(item)
            self.card_list.setCurrentItem(item)
        for card in cards:
            kind = str(card.data.get("kind", "?"))
            text = f"{card.name or '(no name)'} — {kind}" + (" (draft)" if card.is_draft else "")
            item = QtWidgets.QListWidgetItem(text)
            item.setToolTip(tooltip(f"{text}\n{card.file}"))
            item.setData(ROLE_CARD, card)
            if card.is_draft:
                font = item.font()
                font.setItalic(True)
                item.setFont(font)
            self.card_list.addItem(item)
            if self.current is not None and (card.file, card.index) == (self.current.file,
                                                                        self.current.index):
                self.card_list.setCurrentItem(item)

    # -- opening cards ------------------------------------------------------------------
    def _list_activated(self, item: QtWidgets.QListWidgetItem) -> None:
        card = item.data(ROLE_CARD)
        same = card is not None and self.current is not None and (
            card.file, card.index) == (self.current.file, self.current.index)
        if card is None or same or not self.maybe_keep_changes():
            self._fill_list()
            return
        self.open_card(card)

    def open_card(self, card: StoredCard | None, data: dict[str, Any] | None = None) -> None:
        self.current = card
        data = copy.deepcopy(data if data is not None else card.data if card else {})
        self._show(data)
        self.stack.clear()
        self.stack.setClean()
        self._fill_list()

    def new_card(self, kind: str) -> None:
        if not self.maybe_keep_changes():
            return
        data: dict[str, Any] = {"kind": kind, "name": f"New {kind}", "text": ""}
        data.update(copy.deepcopy(STARTERS.get(kind, {})))
        schemas = {name: schema for name, schema, _required in vocab.kind_fields(kind)}
        colours = schemas.get("color", {}).get("enum", [])
        if "Golden" in colours and kind not in ("villain", "mook"):
            data["color"] = "Golden"  # usable by anyone: the usual colour of such cards
        # the triggers this kind must have are there from the start, for the user to fill
        needed = vocab.required_triggers(kind) or (["on_recruit"] if kind == "bystander"
                                                   else [])
        data["effects"] = [{"trigger": t} for t in needed]
        self.open_card(None, data)
        # a new card is unsaved work from the start
        self.stack.resetClean()
        self.setWindowModified(True)
        if self.form is not None:
            name = self.form.fields.get("name")
            if isinstance(name, QtWidgets.QLineEdit):
                name.setFocus()
                name.selectAll()

    def _show(self, data: dict[str, Any]) -> None:
        kind = str(data.get("kind", "hero"))
        if kind not in vocab.kinds():
            kind = "hero"
        if self.form is None or self.form.kind != kind:
            self.form = CardForm(kind, store_image=self._store_image, folder=self.folder)
            self.form.changed.connect(self._form_changed)
            self.form.setEnabled(not self.read_only)
            self.form_area.setWidget(self.form)
        self._applying = True
        self.form.set_data(data)
        self._applying = False
        self._snapshot = self.form.data()
        self.heading.setText(f"{vocab.LABELS.get('name')}: {data.get('name', '')} "
                             f"— {kind.capitalize()}")
        self._refresh()

    def apply_snapshot(self, data: dict[str, Any]) -> None:
        """Put the form back to a whole-card state (undo / redo)."""
        self._show(copy.deepcopy(data))

    def _store_image(self, data: bytes, suffix: str) -> str:
        name = self.form.data().get("name", "art") if self.form else "art"
        return self.doc.store_image(data, str(name), suffix)

    # -- editing ------------------------------------------------------------------------
    def _form_changed(self) -> None:
        if self._applying or self.form is None:
            return
        after = self.form.data()
        if after == self._snapshot:
            return
        before, self._snapshot = self._snapshot, after
        self.stack.push(_Snapshot(self, before, after, _changed_key(before, after)))
        self._refresh()

    def _refresh(self) -> None:
        if self.form is None:
            return
        data = self.form.data()
        self.errors = card_errors(data, self.doc, self.current)
        self.form.show_errors(self.errors)
        self.preview.show_card(preview_data(data, self.doc))
        self.heading.setText(f"{data.get('name') or '(no name)'} — {self.form.kind.capitalize()}")
        # rows shown or hidden inside an effect do not always reach the form's cached
        # height-for-width; without this the effect boxes get squeezed
        layout = self.form.layout()
        if layout is not None:
            layout.invalidate()
        self.problems.clear()
        for path, message in self.errors:
            item = QtWidgets.QListWidgetItem(f"{describe_path(path)}: {message}")
            item.setData(ROLE_CARD, path)
            item.setForeground(QtGui.QColor("#c0392b"))
            self.problems.addItem(item)
        self.problems.setVisible(bool(self.errors))
        if self.current is None and self.card_list.count():
            pending = self.card_list.item(0)
            if pending.data(ROLE_CARD) is None:
                pending.setText(f"{data.get('name') or '(no name)'} — not saved yet")
        if self.read_only:
            self.status.setText("Read-only.")
        elif self.errors:
            count = len(self.errors)
            self.status.setText(f"<span style='color:#c0392b'><b>{count} problem"
                                f"{'s' if count != 1 else ''}</b></span> — marked in red "
                                "beside the field (click one below to go there). Fix them "
                                "to save, or save as a draft.")
        else:
            self.status.setText("<span style='color:#2e7d32'><b>Ready</b></span> — this card "
                                "is valid and can be saved into the pack.")
        self.save_button.setEnabled(not self.read_only and not self.errors)

    def _go_to_problem(self, item: QtWidgets.QListWidgetItem) -> None:
        if self.form is None:
            return
        widget = self.form.focus_field(str(item.data(ROLE_CARD)))
        if widget is not None:
            self.form_area.ensureWidgetVisible(widget, 40, 80)

    # -- saving -------------------------------------------------------------------------
    def save(self, draft: bool = False) -> bool:
        if self.read_only or self.form is None:
            return False
        data = self.form.data()
        if not draft and card_errors(data, self.doc, self.current):
            return False
        try:
            self.current = self.doc.save_card(data, previous=self.current, draft=draft)
        except (OSError, PackWriteError) as exc:
            QtWidgets.QMessageBox.warning(self, "Card not saved", as_rich(exc))
            return False
        self.stack.setClean()
        self.setWindowModified(False)
        self._fill_list()
        self._refresh()
        where = "drafts (not used in games)" if draft else self.current.file
        self.statusBar().showMessage(f"Saved “{data.get('name')}” in {where}", 5000)
        self.sig_saved.emit(self.folder)
        return True

    def delete_card(self, confirm: bool = True) -> None:
        if self.read_only or self.current is None:
            return
        if confirm and QtWidgets.QMessageBox.question(
                self, "Delete card", as_rich(f"Delete “{self.current.name}” from this pack?")
        ) != QtWidgets.QMessageBox.StandardButton.Yes:
            return
        self.doc.remove_card(self.current)
        self.doc = PackDocument.open(self.folder)  # indexes after it moved
        self.current = None
        self.stack.clear()
        cards = self.doc.cards()
        if cards:
            self.open_card(cards[0])
        else:
            self.new_card("hero")
        self.sig_saved.emit(self.folder)

    @property
    def dirty(self) -> bool:
        return not self.read_only and self.isWindowModified()

    def ask_unsaved(self) -> QtWidgets.QMessageBox.StandardButton:
        """Save / Discard / Cancel; a method so tests can answer without a modal box."""
        box = QtWidgets.QMessageBox.StandardButton
        return QtWidgets.QMessageBox.question(
            self, "Unsaved changes",
            "This card has changes that are not saved. Save them?"
            + (" It has problems, so it will be saved as a draft." if self.errors else ""),
            box.Save | box.Discard | box.Cancel, box.Save)

    def maybe_keep_changes(self) -> bool:
        """True when it is fine to leave the current card (saved, discarded or clean)."""
        if not self.dirty:
            return True
        answer = self.ask_unsaved()
        box = QtWidgets.QMessageBox.StandardButton
        if answer == box.Cancel:
            return False
        if answer == box.Save:
            return self.save(draft=bool(self.errors))
        return True

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:  # noqa: N802 (Qt override)
        if self.maybe_keep_changes():
            event.accept()
        else:
            event.ignore()

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        return QtCore.QSize(1280, 820)
