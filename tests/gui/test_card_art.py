"""Card art: a card with an image paints it in the art box (table, projector, editor
preview and PDF all go through paint_card); one without paints as before; a missing or
broken file falls back silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from gui.qt import QtCore, QtGui
from gui.table import card_art
from gui.table.card_face import ART_H, CARD_H, CARD_W, paint_card

ART = QtGui.QColor("#ff00ff")  # a colour no card frame or text uses
FACE = {"key": "art-test/zap", "name": "Zap", "kind": "equipment", "color": "White",
        "text": "A test card.", "data": {"bonus": 2}}


@pytest.fixture(autouse=True)
def _clean_registry(qapp):
    card_art.clear()
    yield
    card_art.clear()


def _png(tmp_path: Path, colour: QtGui.QColor = ART) -> Path:
    image = QtGui.QImage(40, 30, QtGui.QImage.Format.Format_RGB32)  # wider than the box
    image.fill(colour)
    path = tmp_path / "zap.png"
    assert image.save(str(path))
    return path


def _paint(instance: dict) -> QtGui.QImage:
    image = QtGui.QImage(int(CARD_W), int(CARD_H), QtGui.QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QtGui.QPainter(image)
    paint_card(painter, QtCore.QRectF(0, 0, CARD_W, CARD_H), instance)
    painter.end()
    return image


def _art_pixels(image: QtGui.QImage) -> int:
    return sum(1 for y in range(image.height()) for x in range(image.width())
               if image.pixelColor(x, y) == ART)


def test_a_card_with_art_paints_it_in_the_art_box(tmp_path):
    card_art.register("art-test/zap", _png(tmp_path))
    image = _paint({"card": FACE})
    # the art box: the card's width inside the padding, ART_H of its height
    assert _art_pixels(image) > 0.6 * (CARD_W * 0.9) * (CARD_H * ART_H)
    centre_y = next(y for y in range(image.height()) if image.pixelColor(125, y) == ART)
    assert image.pixelColor(125, int(centre_y + CARD_H * ART_H / 2)) == ART
    assert image.pixelColor(3, int(centre_y + 5)) != ART  # clipped inside the frame


def test_a_card_without_art_paints_as_before(tmp_path):
    before = _paint({"card": FACE})
    assert _art_pixels(before) == 0
    card_art.register("another/card", _png(tmp_path))
    assert _paint({"card": FACE}) == before


@pytest.mark.parametrize("broken", ["missing", "garbage"])
def test_a_missing_or_broken_file_falls_back_silently(tmp_path, broken):
    before = _paint({"card": FACE})
    path = tmp_path / "zap.png"
    if broken == "garbage":
        path.write_bytes(b"not a png at all")
    card_art.register("art-test/zap", path)
    assert _paint({"card": FACE}) == before


def test_an_own_image_path_wins_and_the_pixmap_is_cached_per_size(tmp_path):
    path = _png(tmp_path)
    image = _paint({"card": {**FACE, "key": "", "image_path": str(path)}})
    assert _art_pixels(image) > 0
    first = card_art.pixmap(path, 100, 50)
    assert first is not None and first.width() >= 100 and first.height() >= 50
    assert card_art.pixmap(path, 100, 50) is first
    assert card_art.pixmap(path, 200, 100) is not first


def test_a_catalog_fills_the_registry(tmp_path):
    path = _png(tmp_path)

    class Card:
        def __init__(self, key: str, image_path: Path | None) -> None:
            self.key, self.image_path = key, image_path

    assert card_art.register_catalog([Card("art-test/zap", path), Card("x/y", None)]) == 1
    assert card_art.image_path({"key": "art-test/zap"}) == path
    assert card_art.image_path({"key": "x/y"}) is None


def test_the_table_paints_a_catalog_cards_art(make_window, tmp_path):
    """A game started from the main window registers the catalog's art by key."""
    window = make_window()
    window.quick_game()
    page = window.table
    item = next(c.card for c in page.scene.clusters.values())
    key = item.face["key"]
    card_art.register(key, _png(tmp_path))
    item.update()
    page.view.centerOn(item)
    grab = page.view.viewport().grab().toImage().convertToFormat(
        QtGui.QImage.Format.Format_RGB32)
    assert _art_pixels(grab) > 20
