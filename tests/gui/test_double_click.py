"""Double-click flips or activates where the rules allow (issue "The table", item 4): the
one legal action a card's or character's double-click means is applied; with none the
banner says why (with the engine's clause) and nothing changes."""

from __future__ import annotations

import pytest

from gui.games import GameSource
from gui.qt import Qt
from tests.gui.test_counter_drag import _as, _to_combat_phase
from tests.gui.test_table import _centre

pytest.importorskip("engine.plottwist.game")


@pytest.fixture
def table(make_window):
    window = make_window(GameSource())
    window.quick_game()
    return window


def _double_click(qtbot, window, item) -> None:
    window.table.view.centerOn(item)
    qtbot.mouseDClick(window.table.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=_centre(window, item))
    qtbot.wait(10)  # the action runs after the mouse event returns


def _on_top(page, card_id: str) -> bool:
    centre = page.scene.cards[card_id].sceneBoundingRect().center()
    return page.scene.target_at(centre) == ("card", card_id)


def test_double_clicking_a_face_down_event_as_the_gm_reveals_it(table, qtbot):
    page = table.table
    _to_combat_phase(page)
    _as(page, "gm")
    events = page.controller.view()["zones"]["events"]
    # still face down: the GM sees it, the table does not; the fan's top card is whole
    hidden = next(c for c in events["cards"] if _on_top(page, c["id"]))
    _double_click(qtbot, table, page.scene.cards[hidden["id"]])
    view = page.controller.view()
    assert view["zones"]["events"]["count"] == events["count"] - 1
    assert hidden["id"] in {c["id"] for c in view["zones"]["events_revealed"]["cards"]}
    assert page.open_menu is None


def test_double_clicking_where_nothing_is_legal_says_why(table, qtbot):
    page = table.table
    _as(page, "gm")
    view = page.controller.view()
    assert view["phase"] != "combat"
    hidden = view["zones"]["events"]["cards"][0]
    before = page.controller.game.save()
    _double_click(qtbot, table, page.scene.cards[hidden["id"]])
    assert page.controller.game.save() == before
    assert page.banner.isVisible()
    assert page.banner.clause.startswith("PT-"), page.banner.text()
    assert page.open_menu is None
