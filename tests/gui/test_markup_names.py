"""Card text is text: a pack whose cards (the whole core set) carry markup in their names
and text is played through the table, the log, the refusal and "Game over" banners, the
start screen's Continue line, the New game wizard and the card editor, and every widget,
item-view row and graphics item is walked: no markup may be interpreted anywhere.

"Interpreted" means: a string holding one of the payloads (``<img src=x …>``, ``<s>``,
``<u>Under``) reaches a label whose text format resolves to rich text (``RichText``, or
``AutoText`` and ``Qt.mightBeRichText``), a tooltip that Qt would read as rich text, or a
text document that holds an image. Escaped payloads (``&lt;s&gt;``) are what a rich
template must hold.
"""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine import paths
from engine.catalog import Catalog, bundled_packs_root
from gui.games import GameSource
from gui.main_window import MainWindow
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.settings import Settings

pytest.importorskip("engine.plottwist.game")

IMG = "<img src=x width=30000 height=30000>"
PAYLOADS = (IMG[:10], "<s>", "<u>Under")
ESCAPED = ("&lt;img src=x", "&lt;s&gt;", "&lt;u&gt;Under")


def _marked(name: str, kind: str) -> str:
    # Heroes and Villains carry the image bomb, every other card a strike-through tag
    return f"{IMG}{name}" if kind in ("hero", "villain") else f"<s>{name}</s>"


@pytest.fixture(scope="module")
def marked_pack(tmp_path_factory) -> Path:
    """The core set with every name and text wrapped in markup (references renamed too)."""
    folder = tmp_path_factory.mktemp("packs") / "marked"
    shutil.copytree(bundled_packs_root() / "core", folder)
    meta = json.loads((folder / "pack.json").read_text(encoding="utf-8"))
    meta.update({"id": "marked", "name": "<s>Marked</s> pack"})
    (folder / "pack.json").write_text(json.dumps(meta), encoding="utf-8")
    renamed: dict[str, str] = {}
    files = {p: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")
             if p.name != "pack.json"}
    for doc in files.values():
        for card in doc["cards"]:
            renamed[card["name"]] = _marked(card["name"], card["kind"])
    for path, doc in files.items():
        for card in doc["cards"]:
            card["name"] = renamed[card["name"]]
            if card.get("text"):
                card["text"] = "<u>Under</u> " + card["text"]
            wanted = card.get("requires", {}).get("character")
            if wanted in renamed:
                card["requires"]["character"] = renamed[wanted]
        path.write_text(json.dumps(doc), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def marked_catalog(marked_pack) -> Catalog:
    catalog = Catalog.load([marked_pack], include_bundled=False, include_user=False)
    core = Catalog.load(include_user=False)
    assert catalog.errors == [] and len(catalog) == len(core)   # every core card, marked
    return catalog


# ------------------------------------------------------------------------------- the walk


def _rich(text: str, fmt: Qt.TextFormat = Qt.TextFormat.AutoText) -> bool:
    return fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText
                                             and QtGui.Qt.mightBeRichText(text))


@dataclass
class Walk:
    interpreted: list[str] = field(default_factory=list)   # where markup would be read
    shown: list[str] = field(default_factory=list)         # where a payload is shown safely

    def text(self, where: str, text: str, fmt: Qt.TextFormat = Qt.TextFormat.AutoText) -> None:
        if not text:
            return
        raw = any(p in text for p in PAYLOADS)
        if raw and _rich(text, fmt):
            self.interpreted.append(f"{where}: {text[:120]!r}")
        elif raw or any(e in text for e in ESCAPED):
            self.shown.append(where)

    def document(self, where: str, doc: QtGui.QTextDocument) -> None:
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                if it.fragment().charFormat().isImageFormat():
                    self.interpreted.append(f"{where}: an image in a text document")
                it += 1
            block = block.next()
        plain = doc.toPlainText()
        if ("Under" in plain and "<u>Under" not in plain) or IMG in doc.toHtml():
            self.interpreted.append(f"{where}: markup read as formatting: {plain[:80]!r}")
        elif any(p in plain for p in PAYLOADS):
            self.shown.append(where)

    def model(self, where: str, model: QtCore.QAbstractItemModel,
              parent: QtCore.QModelIndex | None = None) -> None:
        parent = parent or QtCore.QModelIndex()
        tree = not isinstance(model, QtCore.QAbstractListModel)
        # a list model keeps columnCount and hasChildren private: one column, no children
        columns = max(1, model.columnCount(parent)) if tree else 1
        for row in range(model.rowCount(parent)):
            for col in range(columns):
                index = model.index(row, col, parent)
                tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str):
                    self.text(f"{where} row {row} tooltip", tip)
                shown = model.data(index, Qt.ItemDataRole.DisplayRole)
                if isinstance(shown, str):  # item views draw display text plainly
                    self.text(f"{where} row {row}", shown, Qt.TextFormat.PlainText)
                if tree and col == 0 and model.hasChildren(index):
                    self.model(where, model, index)

    def widget(self, w: QtWidgets.QWidget) -> None:
        where = f"{type(w).__name__}#{w.objectName() or '?'}"
        self.text(f"{where} tooltip", w.toolTip())
        if isinstance(w, QtWidgets.QLabel):
            self.text(where, w.text(), w.textFormat())
        elif isinstance(w, (QtWidgets.QTextEdit, QtWidgets.QPlainTextEdit)):
            self.document(where, w.document())
        elif isinstance(w, QtWidgets.QAbstractItemView) and w.model() is not None:
            self.model(where, w.model())
        elif isinstance(w, QtWidgets.QGraphicsView) and w.scene() is not None:
            for item in w.scene().items():
                name = f"{where} {type(item).__name__}"
                self.text(f"{name} tooltip", item.toolTip())
                if isinstance(item, QtWidgets.QGraphicsTextItem):
                    self.document(name, item.document())
                elif isinstance(item, QtWidgets.QGraphicsSimpleTextItem):
                    self.text(name, item.text(), Qt.TextFormat.PlainText)

    def everything(self) -> Walk:
        for w in QtWidgets.QApplication.allWidgets():
            self.widget(w)
        return self


def walk() -> Walk:
    return Walk().everything()


@pytest.fixture
def boxes(monkeypatch) -> list[str]:
    """Message boxes record their text (and would read it as rich text if it looks so)."""
    said: list[str] = []

    def record(parent: Any, title: str, text: str, *args: Any, **kwargs: Any) -> Any:
        said.append(text)
        return QtWidgets.QMessageBox.StandardButton.Yes

    for name in ("warning", "information", "question", "critical"):
        monkeypatch.setattr(QtWidgets.QMessageBox, name, record)
    return said


# ------------------------------------------------------------------------------- the screens


@pytest.fixture
def table(qtbot, marked_catalog, boxes):
    window = MainWindow(Settings(animations=False, confirmations=False),
                        catalog=marked_catalog, source=GameSource())
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.quick_game()
    return window


def _play(page, moves: int) -> None:
    game = page.controller.game
    rng = random.Random(3)
    for _ in range(moves):
        if game.winner:
            return
        for seat in page.controller.seats():
            actions = game.legal_actions(seat)
            if actions:
                page.controller.apply(rng.choice(actions))
                break


def test_the_table_log_banners_and_continue_read_no_markup(table, qtbot, boxes):
    page = table.table
    _play(page, 25)
    # a refusal that quotes a card's name: a combat card dropped outside a Combat
    view = page.controller.view()
    hand = view["zones"][f"combat_hand:{page.controller.viewer}"]["cards"]
    villain = next(c["id"] for c in view["characters"] if c["side"] == "villains")
    page.controller.drop(hand[0]["id"], villain)
    assert page.banner.isVisible() and IMG[:10] in page.banner.text() or "<s>" in \
        page.banner.text(), page.banner.text()
    refusal = walk()
    assert not refusal.interpreted, refusal.interpreted

    # the table's own pieces show the names, safely
    cards = [i for i in page.scene.cards.values() if i.face is not None]
    assert cards and all(i.tip_text in _tip(i.toolTip()) for i in cards)
    assert any("CardItem tooltip" in w for w in refusal.shown)
    assert any("gameLog" in w and "tooltip" in w for w in refusal.shown)

    # "Game over — <result>": the result comes from the save
    over = {**page.controller.view(), "winner": "heroes",
            "result": f"{IMG} and <s>friends</s> win"}
    page.show_view(over)
    assert page.banner.text().startswith(f"Game over — {IMG}")
    assert page.banner.textFormat() == Qt.TextFormat.PlainText
    assert page.phase.initiative.text() == f"Game over — {IMG} and <s>friends</s> win"
    ended = walk()
    assert not ended.interpreted, ended.interpreted

    # back to the start screen: its Continue line quotes the autosave's Heroes
    table.show_start()
    table.refresh_autosave()
    qtbot.waitUntil(lambda: IMG[:10] in table.start.continue_info.text(), timeout=5000)
    start = walk()
    assert not start.interpreted, start.interpreted
    assert any("continueInfo" in w for w in start.shown)
    for said in boxes:
        assert not (any(p in said for p in PAYLOADS) and _rich(said)), said


def test_the_wizard_reads_no_markup(qtbot, marked_catalog):
    from gui.wizard import NewGameWizard

    wizard = NewGameWizard(marked_catalog, rng=random.Random(5))
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.deal_all()
    for step in range(8):
        wizard.go(step)
        found = walk()
        assert not found.interpreted, (step, found.interpreted)
    rows = [w for w in found.shown if "available row" in w or "QListWidget" in w]
    assert rows, found.shown
    # the summary is a rich template: the names in it are escaped
    assert "&lt;img src=x" in wizard.summary.text()


def test_the_card_editor_reads_no_markup(qtbot, marked_pack, boxes):
    from gui.editor.window import CardEditor
    from gui.packs.manager import PackManager

    folder = paths.packs_dir() / "marked"
    shutil.copytree(marked_pack, folder)
    editor = CardEditor(folder)
    qtbot.addWidget(editor)
    editor.show()
    for row in range(0, editor.card_list.count(), 9):
        item = editor.card_list.item(row)
        editor.card_list.setCurrentItem(item)
        editor._list_activated(item)
        found = walk()
        assert not found.interpreted, found.interpreted
    assert any(p in editor.heading.text() for p in PAYLOADS)
    assert editor.heading.textFormat() == Qt.TextFormat.PlainText
    assert editor.preview.item is not None
    assert editor.preview.item.tip_text in _tip(editor.preview.toolTip())
    # the pack manager lists the pack by its (markup) name
    manager = PackManager()
    qtbot.addWidget(manager)
    manager.show()
    found = walk()
    assert not found.interpreted, found.interpreted
    editor.delete_card()  # asks "Delete “<s>…</s>” from this pack?"
    assert boxes and not any(any(p in s for p in PAYLOADS) and _rich(s) for s in boxes)
    assert any(e in s for s in boxes for e in ESCAPED)


def _tip(text: str) -> str:
    doc = QtGui.QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()
