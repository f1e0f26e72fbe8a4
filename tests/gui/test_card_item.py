"""Every core card paints: a face with its name, a back for hidden cards, counters."""

from __future__ import annotations

import pytest

from engine.catalog import Catalog
from gui.qt import QtCore, QtGui, QtWidgets
from gui.table.card_face import describe, footer_text, kind_line
from gui.table.card_item import CardItem
from gui.table.counters import CounterPanel, badges_for
from tests.gui.shown import tip

CATALOG = Catalog.load(include_user=False)
CORE = [c for c in CATALOG if c.pack == "core"]


def _render(item: QtWidgets.QGraphicsItem, scale: float = 0.5) -> QtGui.QImage:
    scene = QtWidgets.QGraphicsScene()
    scene.addItem(item)
    rect = item.sceneBoundingRect()
    image = QtGui.QImage(int(rect.width() * scale), int(rect.height() * scale),
                         QtGui.QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QtGui.QPainter(image)
    scene.render(painter, QtCore.QRectF(image.rect()), rect)
    painter.end()
    scene.removeItem(item)
    return image


def _colours(image: QtGui.QImage) -> int:
    seen = set()
    for y in range(0, image.height(), 4):
        for x in range(0, image.width(), 4):
            seen.add(image.pixel(x, y))
    return len(seen)


def test_core_set_is_there():
    assert len(CORE) > 50


@pytest.mark.parametrize("card", CORE, ids=lambda c: c.key)
def test_every_core_card_paints(qapp, card):
    item = CardItem({"id": "c1", "card": card.data})
    image = _render(item)
    assert _colours(image) > 8, "the card came out blank"
    assert card.name in item.toolTip()
    assert card.name in item.accessible_name


def test_card_details_are_on_the_face():
    maul = next(c for c in CORE if c.kind == "equipment" and c.data.get("bonus"))
    assert footer_text(maul.data) == f"T/S {maul.data['bonus']}"
    bystander = next(c for c in CORE if c.kind == "bystander")
    assert footer_text(bystander.data).startswith(f"D {bystander.data['difficulty']}")
    hero = next(c for c in CORE if c.kind == "hero")
    assert hero.data["class"] in kind_line(hero.data)


def test_back_hides_the_face(qapp):
    item = CardItem({"id": "c9", "back": "event"})
    assert item.face is None
    assert "Event" in describe(item.instance)
    assert _colours(_render(item)) > 4


def test_counter_badges_say_what_they_count(qapp):
    hero = {"counters": {"physical": 4, "physical_max": 6, "physical_trauma": 1,
                         "mental": 9, "mental_max": 9, "social": 6, "social_max": 6,
                         "belief": 8, "belief_max": 9, "energy": 9, "hate": None,
                         "quantity": None},
            "statuses": ["Flying"], "actions": {"move": 2, "attack": 1}}
    panel = CounterPanel(hero)
    names = [b.accessible_name for b in panel.badges]
    assert "Physical Stress 4 of 6, Trauma 1" in names
    assert "Belief 8 of 9" in names
    assert [tip(b.toolTip()) for b in panel.status_badges] == ["Flying"]
    assert _colours(_render(panel)) > 8
    mook = {"counters": {"quantity": 5, "hate": None, "energy": None}}
    assert [b[3] for b in badges_for(mook)] == ["Quantity 5 Mooks left"]
