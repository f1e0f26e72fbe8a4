"""The table against the real rules engine: Quick game, a refusal with the engine's clause."""

from __future__ import annotations

import pytest

from gui.games import GameSource
from tests.gui.test_table import _drag

pytest.importorskip("engine.plottwist.game")


@pytest.fixture
def table(make_window):
    window = make_window(GameSource())
    window.quick_game()
    return window


def test_quick_game_has_three_hero_clusters(table):
    page = table.table
    view = page.controller.view()
    heroes = [c for c in page.scene.clusters.values() if c.character["side"] == "heroes"]
    assert len(heroes) == 3
    assert {c["id"] for c in view["characters"]} == set(page.scene.clusters)
    for cluster in page.scene.clusters.values():
        assert cluster.card.face is not None


def test_combat_card_outside_combat_is_refused_by_the_engine(table, qtbot):
    page = table.table
    view = page.controller.view()
    hand = view["zones"][f"combat_hand:{page.controller.viewer}"]["cards"]
    villain = next(c["id"] for c in view["characters"] if c["side"] == "villains")
    before = page.controller.game.save()
    _drag(qtbot, table, page.scene.cards[hand[0]["id"]], page.scene.clusters[villain])
    assert page.controller.game.save() == before
    assert page.banner.isVisible()
    assert page.banner.clause.startswith("PT-"), page.banner.text()


def test_next_passes_through_the_engine_and_undo_restores(table, qtbot):
    page = table.table
    before = page.controller.view()
    assert page.phase.next_button.isEnabled()
    page.phase.next_button.click()
    after = page.controller.view()
    assert after["log"] != before["log"]
    table.undo()
    assert page.controller.view()["log"] == before["log"]
