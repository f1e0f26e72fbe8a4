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


def _to_combat_phase(page) -> None:
    game = page.controller.game
    for _ in range(20):
        if page.controller.view()["phase"] == "combat":
            return
        for seat in page.controller.seats():
            passes = [a for a in game.legal_actions(seat) if a.kind == "pass"]
            if passes:
                assert page.controller.apply(passes[0])
                break
    raise AssertionError("never reached the Combat phase")


def test_drag_a_hero_onto_a_villain_starts_a_combat(table, qtbot):
    page = table.table
    _to_combat_phase(page)
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("p1"))
    view = page.controller.view()
    hero = next(c["id"] for c in view["characters"] if c["seat"] == "p1")
    villain = next(c["id"] for c in view["characters"] if c.get("role") == "villain")
    assert hero in page.controller.draggable_characters()
    cluster = page.scene.clusters[hero]
    _drag(qtbot, table, cluster.card, page.scene.clusters[villain])
    combat = page.controller.view()["combat"]
    assert combat and combat["attacker"] == hero and combat["defender"] == villain
    assert page.scene.clusters[hero].combat_role == "Attacker"


def test_long_menus_fold_by_kind(table):
    page = table.table
    _to_combat_phase(page)
    view = page.controller.view()
    hero = next(c["id"] for c in view["characters"] if c["seat"] == page.controller.seat)
    actions = page.controller.actions_for_character(hero)
    menu = page.context_menu("character", hero)
    if len(actions) > 10:
        assert any(a.menu() is not None for a in menu.actions())


def test_gm_rulings_adjust_counters_and_move_cards(table, qtbot):
    from gui.dialogs.ruling import CounterRulingDialog

    page = table.table
    assert not any(a.text() == "GM ruling" for a in page.context_menu("character", "h1")
                   .actions())
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("gm"))
    view = page.controller.view()
    hero = next(c for c in view["characters"] if c["side"] == "heroes")
    menu = page.context_menu("character", hero["id"])
    assert any(a.text() == "GM ruling" for a in menu.actions())
    dialog = CounterRulingDialog(hero)
    qtbot.addWidget(dialog)
    dialog.counter.setCurrentIndex([c[0] for c in dialog.counters].index("energy"))
    dialog.value.setValue(3)
    assert page.controller.rule(target=hero["id"], **dialog.ruling())
    hero_now = next(c for c in page.controller.view()["characters"] if c["id"] == hero["id"])
    assert hero_now["counters"]["energy"] == 3
    event = view["zones"]["events"]["cards"][0]["id"]
    assert page.controller.rule(what="move_card", card=event, zone="events_revealed")
    assert page.scene.cards[event].face is not None
    # a ruling the engine refuses is reported like any refusal
    assert not page.controller.rule(what="counter", target=hero["id"], name="belief",
                                    value=99)
    assert page.banner.clause == "PT-RES-5"


def test_save_open_and_continue_with_the_engine(table, tmp_path, make_window):
    page = table.table
    page.phase.next_button.click()
    log = page.controller.view()["log"]
    path = tmp_path / "real.ptsave"
    page.save_path = path
    assert page.save()
    opened = make_window(GameSource())
    opened.open_path(path)
    assert opened.table.controller.view()["log"] == log
    resumed = make_window(GameSource())
    resumed.continue_game()
    assert resumed.table.controller.view()["log"] == log
