"""Dragging a counter badge between characters becomes the matching engine action
(issue "The table", item 4): legal targets light up, a legal drop goes through
Game.apply, a refused one snaps back with the engine's reason and clause."""

from __future__ import annotations

import pytest

from gui.controller import counters_spent, parse_counter_key
from gui.games import GameSource
from gui.qt import QtWidgets
from tests.gui.test_table import _drag

pytest.importorskip("engine.plottwist.game")


@pytest.fixture
def table(make_window):
    window = make_window(GameSource())
    window.quick_game()
    return window


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


def _as(page, seat: str) -> None:
    page.viewer_box.setCurrentIndex(page.viewer_box.findData(seat))
    assert page.controller.viewer == seat


def _in_combat(page) -> tuple[str, str]:
    """P1's Hero initiates a Combat with the Main Villain (dragging its card, as a player)."""
    _to_combat_phase(page)
    _as(page, "p1")
    view = page.controller.view()
    hero = next(c["id"] for c in view["characters"] if c["seat"] == "p1")
    villain = next(c["id"] for c in view["characters"] if c.get("role") == "villain")
    engine = pytest.importorskip("engine.plottwist.actions")
    assert page.controller.apply(engine.InitiateCombat("p1", actor=hero, target=villain))
    return hero, villain


def _badge(page, char_id: str, counter: str):
    badge = page.scene.clusters[char_id].counters.spendable[counter]
    assert badge.flags() & QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable, \
        f"{badge.card_id} is not draggable"
    return badge


def _counter(page, char_id: str, counter: str) -> int:
    ch = next(c for c in page.controller.game.view("gm")["characters"] if c["id"] == char_id)
    return int(ch["counters"][counter])


def test_counter_keys_and_what_they_spend():
    assert parse_counter_key("counter:h1:belief") == ("h1", "belief")
    assert parse_counter_key("c17") is None
    engine = pytest.importorskip("engine.plottwist.actions")
    assert counters_spent(engine.Boost("p1", actor="h1", pay="energy")) == [("h1", "energy")]
    assert counters_spent(engine.Reversal("gm", purpose="auto_success", payers=("h1", "h1"),
                                          target="v1")) == [("h1", "belief")]
    assert counters_spent(engine.Pass("p1")) == []


def test_gm_drags_a_heros_belief_onto_the_villain_cures_it(table, qtbot):
    """Reversal of Fortune: 2 Belief Cured from a Hero give the Villain an Automatic Success
    (the GM drags the Hero's Belief badge onto the Villain)."""
    page = table.table
    hero, villain = _in_combat(page)
    _as(page, "gm")
    key = f"counter:{hero}:belief"
    assert key in page.controller.draggable_counters()
    badge = _badge(page, hero, "belief")
    # legal targets light up while the badge is held
    lit = page.controller.drop_targets(key)
    assert villain in lit
    page.scene._drag_started(badge)
    assert page.scene._targets == lit
    page.scene.clear_highlight()
    page.scene._dragging = None

    before = _counter(page, hero, "belief")
    _drag(qtbot, table, badge, page.scene.clusters[villain])
    assert _counter(page, hero, "belief") == before - 2
    assert any("Automatic Success" in line for line in page.controller.view()["log"][-5:])


def test_energy_onto_its_own_hero_offers_the_boosts_and_applies_one(table, qtbot,
                                                                     monkeypatch):
    page = table.table
    hero, _villain = _in_combat(page)
    menus: list[QtWidgets.QMenu] = []
    monkeypatch.setattr(QtWidgets.QMenu, "popup", lambda self, *a: menus.append(self))
    before = _counter(page, hero, "energy")
    badge = _badge(page, hero, "energy")
    _drag(qtbot, table, badge, page.scene.clusters[hero])
    assert badge.pos() == badge.home  # the badge is back beside its card
    assert len(menus) == 1, "several Boosts fit: the drop offers them in a menu"
    entries = [a for a in menus[0].actions() if a.text()]
    assert all("Energy" in a.text() for a in entries), [a.text() for a in entries]
    entries[0].trigger()
    assert _counter(page, hero, "energy") == before - 1
    menus[0].close()


def test_belief_onto_an_enemy_snaps_back_with_the_engines_reason(table, qtbot):
    page = table.table
    hero, villain = _in_combat(page)
    before = page.controller.game.save()
    badge = _badge(page, hero, "belief")
    home = badge.pos()
    _drag(qtbot, table, badge, page.scene.clusters[villain])
    assert page.controller.game.save() == before
    assert page.scene.clusters[hero].counters.spendable["belief"].pos() == home
    assert page.banner.isVisible()
    assert page.banner.clause == "PT-TERM-1", page.banner.text()
    assert "Belief cannot go on" in page.banner.text()


def test_belief_for_an_attack_action_already_held_is_refused(table, qtbot):
    """Outside a Combat, a Hero's Belief dropped on itself would buy an Attack action; the
    Hero still holds one, so the engine refuses (PT-ACT-3) and nothing changes."""
    page = table.table
    _to_combat_phase(page)
    _as(page, "p1")
    hero = next(c["id"] for c in page.controller.view()["characters"] if c["seat"] == "p1")
    assert not page.controller.drag_options(f"counter:{hero}:belief")
    before = page.controller.game.save()
    _drag(qtbot, table, _badge(page, hero, "belief"), page.scene.clusters[hero].card)
    assert page.controller.game.save() == before
    assert page.banner.clause.startswith("PT-"), page.banner.text()
