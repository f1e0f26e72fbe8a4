"""A roll the room can follow (issue 14, section 2): the exchange in order and held, the
verdict once, damage floating over its target, a clean slate at each new Turn."""

from __future__ import annotations

import pytest

from gui.panels.coins import CoinPanel
from gui.qt import QtWidgets
from tests.gui.driving import drive, seeded_quick_window

ATTACK = {"who": "h1", "kind": "attack", "coins": "HHTT", "successes": 2, "total": 2,
          "against": 2, "margin": 0, "won": False, "text": "Hope attacks"}
DEFENSE = {"who": "v1", "kind": "defense", "coins": "HTH", "successes": 2, "total": 2,
           "against": 2, "margin": 0, "won": False, "text": "Grimm defends"}


def _texts(panel: CoinPanel) -> list[str]:
    return [label.text() for label in panel.findChildren(QtWidgets.QLabel)
            if label.isVisibleTo(panel)]


def test_a_tie_says_tie_once_not_lost_twice(qtbot):
    panel = CoinPanel()
    qtbot.addWidget(panel)
    panel.show_rolls([ATTACK, DEFENSE], {})
    assert panel.verdict.text().startswith("Tie — both Defeated, no damage")
    assert "Lost" not in _texts(panel)


def test_a_hit_keeps_the_attack_coins_beside_the_damage_roll(qtbot):
    panel = CoinPanel()
    qtbot.addWidget(panel)
    attack = {**ATTACK, "coins": "HHHT", "successes": 3, "total": 3, "margin": 1,
              "won": True}
    defense = {**DEFENSE, "won": False, "margin": -1}
    damage = {"who": "h1", "kind": "damage", "coins": "HHT", "successes": 2, "auto": 1,
              "total": 3, "won": None, "text": "Hope Damage Roll"}
    panel.show_rolls([attack, defense], {})
    panel.show_rolls([attack, defense, damage], {})
    assert panel.partner.strip.coins == "HHHT"   # the attack, still there
    assert panel.main.strip.coins == "HTH"       # the Defense, still there
    assert panel.verdict.text() == "Hit (3 vs 2)"
    assert not panel.damage.isHidden() and panel.damage.strip.coins == "HHT"
    assert panel.damage.outcome.text() == "3 dealt"


def test_the_last_roll_clears_when_a_new_turn_starts(qtbot):
    panel = CoinPanel()
    qtbot.addWidget(panel)
    panel.show_rolls([ATTACK, DEFENSE], {}, turn=1)
    panel.show_rolls([ATTACK, DEFENSE], {}, turn=1)  # a redraw in the same Turn
    assert panel.main.strip.coins == "HTH"
    panel.show_rolls([ATTACK, DEFENSE], {}, turn=2)
    assert panel.main.title.text() == "No roll yet" and panel.partner.isHidden()
    assert panel.verdict.isHidden()
    panel.show_rolls([ATTACK, DEFENSE, {**ATTACK, "coins": "T"}], {}, turn=2)
    assert panel.main.strip.coins == "T"  # a roll of the new Turn shows


pytest.importorskip("engine.plottwist.game")


@pytest.fixture
def table(make_window):
    return seeded_quick_window(make_window)


def test_damage_floats_over_its_target(table):
    page = table.table
    floats: list[str] = []

    def landed() -> bool:
        floats[:] = [item.toPlainText() for item in page.scene.items()
                     if isinstance(item, QtWidgets.QGraphicsTextItem)
                     and item.toPlainText().startswith("\u2212")]
        return bool(floats)

    drive(page, landed)
    assert any(text.endswith(("Physical", "Mental", "Social", "Quantity", "Trauma"))
               for text in floats), floats


def test_a_new_turn_is_announced_with_its_twist(table):
    page = table.table
    shown: list[str] = []
    page.banner.show_notice = lambda text, ms=0: shown.append(text)  # type: ignore
    drive(page, lambda: page.controller.view()["turn"] >= 2, limit=600)
    assert shown and shown[-1].startswith("Turn 2"), shown
    twists = page.controller.view()["zones"]["twists_revealed"]["cards"]
    if twists:
        assert "Twist!: " in shown[-1]
