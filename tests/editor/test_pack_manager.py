"""The pack manager: listing, create / rename / duplicate / delete with undo, import and
export through the window, and the printable PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import paths
from engine.catalog import Catalog
from engine.pack_writer import PackDocument
from gui.editor.window import CardEditor
from gui.packs import manager as manager_module
from gui.packs.manager import PackManager, close_pack_manager, open_pack_manager
from gui.packs.print_sheet import print_cards, sheet_image
from gui.qt import QtGui, QtWidgets
from tests.editor.conftest import give_text

from .cards import hero_card


@pytest.fixture
def manager(qtbot):
    window = PackManager()
    qtbot.addWidget(window)
    return window


def rows(window: PackManager) -> dict[str, list[str]]:
    out = {}
    for i in range(window.tree.topLevelItemCount()):
        item = window.tree.topLevelItem(i)
        out[item.text(0)] = [item.text(c) for c in range(item.columnCount())]
    return out


def pdf_pages(path: Path) -> int:
    # page objects, not the /Pages tree node
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", path.read_bytes()))


def test_lists_bundled_and_user_packs_with_counts_and_errors(manager, user_pack):
    PackDocument.open(user_pack).save_card(hero_card("Hope"))
    (user_pack / "broken.json").write_text('{"cards": [{"kind": "hero", "name": "Oops"}]}')
    manager.reload()
    listed = rows(manager)
    core = listed["Core Set"]
    assert core[1] == "bundled (read-only)"
    assert int(core[2]) == len(Catalog.load(include_user=False))
    mine = listed["Table Talk"]
    assert mine[1:3] == ["yours", "1"]
    assert int(mine[4]) >= 1
    manager.select("table-talk")
    assert "Oops" in manager.details.toPlainText()
    manager.select("core")
    assert not manager.buttons["delete"].isEnabled()
    assert not manager.buttons["rename"].isEnabled()
    assert manager.buttons["edit"].text() == "View cards…"


def test_create_rename_duplicate_delete_and_undo(manager):
    folder = manager.new_pack("Street Level")
    assert manager.selected().path == folder
    manager.rename("Street Level II")
    assert "Street Level II" in rows(manager)
    manager.select("core")
    copy = manager.duplicate("Core Remix")
    assert manager.selected().id == "core-remix"
    assert not manager.selected().bundled
    assert sum(manager.selected().counts.values()) == 112 or manager.selected().counts
    manager.delete(confirm=False)
    assert not copy.exists()
    assert "Core Remix" not in rows(manager)
    assert manager.undo_bar.isVisibleTo(manager)
    manager.undo_delete()
    assert copy.is_dir()
    assert "Core Remix" in rows(manager)
    assert not manager.undo_bar.isVisibleTo(manager)


def test_import_export_round_trip_through_the_window(manager, user_pack, tmp_path):
    doc = PackDocument.open(user_pack)
    doc.save_card(hero_card("Hope"))
    doc.save_card(hero_card("Echo", color="Blue", **{"class": "Inventor"}))
    manager.reload()
    manager.select("table-talk")
    before = {c.key: c.data for c in manager.catalog if c.pack == "table-talk"}
    archive = manager.export(tmp_path / "share.zip")
    assert archive is not None and archive.is_file()

    manager.delete(confirm=False)
    assert "table-talk" not in {p.id for p in Catalog.load().packs}
    target = manager.import_from(archive)
    assert target is not None
    after = {c.key: c.data for c in Catalog.load() if c.pack == "table-talk"}
    assert after == before
    # a second import of the same pack, as a copy
    copy = manager.import_from(archive, on_conflict="copy")
    assert copy is not None and copy.name == "table-talk-2"


def test_print_pdf_pages(manager, tmp_path):
    manager.select("core")
    target = tmp_path / "core.pdf"
    pages = manager.print_pdf(target, page="A4")
    cards = len([c for c in manager.catalog if c.pack == "core"])
    assert pages == (cards + 8) // 9
    assert pdf_pages(target) == pages


def test_print_letter_and_a_partial_page(qapp, tmp_path):
    cards = [hero_card(f"Hero {i}") for i in range(10)]
    target = tmp_path / "ten.pdf"
    assert print_cards(cards, target, "Letter") == 2
    assert pdf_pages(target) == 2
    with pytest.raises(ValueError):
        print_cards([], tmp_path / "none.pdf")
    image = sheet_image(cards, "Letter", dpi=30)
    assert image.width() < image.height()


def test_edit_opens_the_editor_and_saves_refresh_the_list(manager, user_pack):
    manager.reload(user_pack)
    editor = manager.edit_pack()
    assert editor is not None and not editor.read_only
    editor.form.fields["name"].setText("Hope")
    assert not editor.save(), "a Hero without rules text is not saved as a card"
    give_text(editor)
    editor.form.fields["name"].setText("Hope")
    assert editor.save()
    assert rows(manager)["Table Talk"][2] == "1"
    assert manager.edit_pack() is editor
    editor.close()
    manager.select("core")
    viewer = manager.edit_pack()
    assert viewer.read_only
    viewer.close()


def test_open_pack_manager_is_one_window(qtbot):
    window = open_pack_manager()
    try:
        assert isinstance(window, QtWidgets.QWidget)
        assert window.isVisible()
        assert open_pack_manager() is window
        assert paths.packs_dir().is_dir()
        assert close_pack_manager()
        assert not window.isVisible()
        assert close_pack_manager(), "nothing open: nothing to ask"
    finally:
        window.close()
        window.deleteLater()
        manager_module._manager = None


def test_listing_matches_the_catalog_even_with_a_clashing_id(manager, user_pack):
    PackDocument.open(user_pack).save_card(hero_card("Hope"))
    clash = paths.packs_dir() / "core-again"
    clash.mkdir()
    (clash / "pack.json").write_text('{"id": "core", "name": "Core Again", "version": "1"}')
    expected = Catalog.load()
    listed = manager_module.load_catalog()
    assert set(listed.cards) == set(expected.cards)
    assert [(p.id, p.loaded, sorted(p.counts.items())) for p in listed.packs] == \
        [(p.id, p.loaded, sorted(p.counts.items())) for p in expected.packs]
    assert [str(e) for e in listed.errors] == [str(e) for e in expected.errors]
    manager.reload()
    assert "core-again (not loaded)" in rows(manager)


def test_closing_the_manager_asks_about_unsaved_cards(qtbot, user_pack, monkeypatch):
    window = open_pack_manager()
    try:
        window.reload(user_pack)
        editor = window.edit_pack()
        editor.form.fields["name"].setText("Half typed")
        monkeypatch.setattr(CardEditor, "ask_unsaved",
                            lambda self: QtWidgets.QMessageBox.StandardButton.Cancel)
        assert not close_pack_manager()
        assert window.isVisible() and editor.isVisible()
        monkeypatch.setattr(CardEditor, "ask_unsaved",
                            lambda self: QtWidgets.QMessageBox.StandardButton.Discard)
        assert close_pack_manager()
        assert not editor.isVisible()
    finally:
        window.close()
        window.deleteLater()
        manager_module._manager = None


def test_a_printed_card_is_63_by_88_mm(qapp):
    # 254 dpi = 10 pixels per millimetre; one dark card, the rest of the page white
    image = sheet_image([hero_card("Measure", color="Black", **{"class": "Sergeant"})],
                        "A4", dpi=254)
    white = QtGui.QColor("#ffffff").rgb()

    def extent(points: list[tuple[int, int]]) -> float:
        dark = [i for i, (x, y) in enumerate(points) if image.pixel(x, y) != white]
        return (dark[-1] - dark[0] + 1) / 10

    left_mm, top_mm = (210 - 189) / 2, (297 - 264) / 2
    mid_y = round((top_mm + 44) * 10)
    mid_x = round((left_mm + 31.5) * 10)
    # the frame's pen straddles the edge: allow its width (under 0.4 mm a side)
    assert extent([(x, mid_y) for x in range(image.width())]) == pytest.approx(63, abs=0.8)
    assert extent([(mid_x, y) for y in range(image.height())]) == pytest.approx(88, abs=0.8)


def test_the_pack_manager_closes_with_a_button_and_with_esc(manager, qtbot):
    from gui.qt import Qt

    manager.show()
    qtbot.waitExposed(manager)
    close = next(b for b in manager.findChildren(QtWidgets.QPushButton) if b.text() == "Close")
    close.click()
    assert not manager.isVisible()
    manager.show()
    qtbot.waitExposed(manager)
    manager.activateWindow()
    manager.tree.setFocus()
    qtbot.keyClick(manager.tree, Qt.Key.Key_Escape)
    assert not manager.isVisible()
